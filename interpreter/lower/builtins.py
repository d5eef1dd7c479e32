"""Lowering the built-in functions of the rules language (count, team, groups, step, join…).

One handler per name in dsl/types.py's BUILTINS: each gets the builder, the call node, its
arguments already lowered, and the scope.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

from rulebook.dsl import nodes as n

from ..ir import exprs as x
from ..ir.types import BOOL, COUNT, INT, SLOT, TEXT, Int, List
from ..pyback.runtime import RulesRuntimeError
from .builder import Builder
from .exprs import domain, minus, tiles, total_of

BUILTINS: dict[str, Callable] = {}


def builtin(name: str):
    def register(fn: Callable) -> Callable:
        BUILTINS[name] = fn
        return fn
    return register


def _form(b: Builder, e: n.Node) -> str:
    t = b.dsl_type(e)
    return t[0] if isinstance(t, tuple) else t


def _group_arg(b: Builder, e: n.Node) -> bool:
    return _form(b, e) == "group"


@builtin("count")
@builtin("len")
def b_count(b: Builder, e, args, scope):
    form = _form(b, e.args[0])
    if form == "zone":
        return zone_count(b.zone_of(e.args[0]), args[0])
    if form == "zones":
        inner = scope.child()
        slot = inner.temp("\0zone", SLOT)
        each = zone_count(b.zone_of(e.args[0]), x.Local(slot, type=SLOT))
        return x.Comp("sum", slot, args[0], None, each, type=COUNT)
    if form == "pile":
        return x.Length(x.Load(args[0], type=List(INT)), type=INT)
    return x.Length(domain(b, e.args[0], scope), type=INT)


def zone_count(zone, addr: x.Expr) -> x.Expr:
    """How many pieces the zone instance at addr holds: the count kept for it."""
    total = total_of(zone, addr)
    if total is None:
        return x.ZoneTotal(addr, zone.kinds, type=COUNT)
    return x.Load(total, type=COUNT)


@builtin("team")
def b_team(b: Builder, e, args, scope):
    return x.Index(b.const(b.team_of, List(INT)), args[0], type=b.type_of(e))


@builtin("members")
def b_members(b: Builder, e, args, scope):
    members = tuple(tuple(p for p in range(b.player_count) if b.team_of[p] == t)
                    for t in range(len(b.team_names)))
    return x.Index(b.const(members, List(b.type_of(e))), args[0], type=b.type_of(e))


@builtin("seats")
def b_seats(b: Builder, e, args, scope):
    count = b.player_count
    seats = tuple(tuple((p + i) % count for i in range(count)) for p in range(count))
    return x.Index(b.const(seats, List(b.type_of(e))), args[0], type=b.type_of(e))


@builtin("next_player")
def b_next_player(b: Builder, e, args, scope):
    following = x.Binary("+", args[0], x.Const(1, type=INT), type=INT)
    return x.Binary("%", following, x.Const(b.player_count, type=INT), type=b.type_of(e))


@builtin("nodes")
def b_nodes(b: Builder, e, args, scope):
    return b.const(b.board_of(e.args[0]).nodes, b.type_of(e))


@builtin("groups")
def b_groups(b: Builder, e, args, scope):
    board = b.board_of(e.args[0])
    return x.Helper("groups", (b.const(board.roots), b.const(board.size)), type=b.type_of(e))


@builtin("group")
def b_group(b: Builder, e, args, scope):
    board = b.board_of(e.args[0])
    return x.Load(x.Binary("+", x.Const(board.roots, type=SLOT), minus(args[0], board.low), type=SLOT),
                  type=b.type_of(e))


@builtin("tiles")
def b_tiles(b: Builder, e, args, scope):
    return tiles(b, b.board_of(e.args[0]), args[0])


@builtin("step")
def b_step(b: Builder, e, args, scope):
    board = b.board_of(e.args[0])
    t = b.type_of(e)
    if _group_arg(b, e.args[0]):
        return x.Helper("ring_group_step", (b.const(board.roots), b.const(board.low), b.const(board.size),
                                            args[0], args[1]), type=t)
    return x.Helper("ring_step", (args[0], args[1], b.const(board.low), b.const(board.size)), type=t)


@builtin("neighbours")
def b_neighbours(b: Builder, e, args, scope):
    board = b.board_of(e.args[0])
    t = b.type_of(e)
    roots, low, nodes = b.const(board.roots), b.const(board.low), b.const(board.nodes, List(INT))
    if board.shape == "network":
        if _group_arg(b, e.args[0]):
            return x.Helper("network_group_neighbours", (roots, b.const(board.edges), low, nodes, args[0]), type=t)
        return x.Load(x.Binary("+", x.Const(board.edges, type=SLOT), minus(args[0], board.low), type=SLOT), type=t)
    if _group_arg(b, e.args[0]):
        if board.shape == "ring":
            return x.Helper("ring_group_neighbours", (roots, low, b.const(board.size), args[0]), type=t)
        return x.Helper("graph_group_neighbours", (roots, low, b.const(board.adjacency, List(t)), nodes, args[0]),
                        type=t)
    return x.Index(b.const(board.adjacency, List(t)), minus(args[0], board.low), type=t)


@builtin("join")
def b_join(b: Builder, e, args, scope):
    t = b.dsl_type(e.args[0])
    shown = b.shower(t[1]) if isinstance(t, tuple) and t[0] == "list" else ("plain",)
    dom = domain(b, e.args[0], scope)
    inner = scope.child()
    var = inner.temp("\0item", dom.type.elem if isinstance(dom.type, List) else INT)
    texts = x.Comp("list", var, dom, None, x.Show(x.Local(var, type=dom.type), shown, type=TEXT), type=List(TEXT))
    return x.Helper("join", (texts, args[1]), type=TEXT)


@builtin("min")
def b_min(b: Builder, e, args, scope):
    return x.Helper("min", tuple(args), type=b.type_of(e))


@builtin("max")
def b_max(b: Builder, e, args, scope):
    return x.Helper("max", tuple(args), type=b.type_of(e))


@builtin("abs")
def b_abs(b: Builder, e, args, scope):
    return x.Helper("abs", tuple(args), type=INT)


@builtin("index")
def b_index(b: Builder, e, args, scope):
    return x.Helper("index_of", (domain(b, e.args[0], scope), args[1]), e.span, type=INT)


@builtin("row_of")
def b_row_of(b: Builder, e, args, scope):
    board = b.board_of(e.args[0])
    row = x.Binary("//", minus(args[0], 1), x.Const(board.width, type=INT), type=INT)
    return x.Binary("+", row, x.Const(1, type=INT), type=Int("int", 1, board.height))


@builtin("column_of")
def b_column_of(b: Builder, e, args, scope):
    board = b.board_of(e.args[0])
    column = x.Binary("%", minus(args[0], 1), x.Const(board.width, type=INT), type=INT)
    return x.Binary("+", column, x.Const(1, type=INT), type=Int("int", 1, board.width))


@builtin("corner")
def b_corner(b: Builder, e, args, scope):
    board = b.board_of(e.args[0])
    corners = tuple(sorted({1, board.width, board.width * (board.height - 1) + 1, board.width * board.height}))
    return x.Contains(args[0], b.const(corners, List(INT)), type=BOOL)


def _direction_table(b: Builder, e, args, table: str):
    """neighbour() and ray(): the cell's entry for the direction in a table laid out per board."""
    board = b.board_of(e.args[0])
    directions = b.kind_sizes[b.dsl_type(e.args[1])[1]]
    t = b.type_of(e)
    cells = getattr(board.geometry, table)(directions)
    at = x.Binary("+", x.Binary("*", minus(args[0], board.low), b.const(directions), type=INT), args[1], type=INT)
    return x.Index(b.const(cells, List(t)), at, type=t)


@builtin("number_of")
def b_number_of(b: Builder, e, args, scope):
    return replace(args[0], type=INT)  # a node is its number: only its type changes


@builtin("cell_at")
def b_cell_at(b: Builder, e, args, scope):
    board = b.layout.boards[b.dsl_type(e.args[0])[1]]
    column, row = args[1], args[2]
    t = b.type_of(e)

    def within(value, high: int) -> tuple:
        return (x.Binary(">=", value, b.const(1), type=BOOL), x.Binary("<=", value, b.const(high), type=BOOL))
    inside = x.Logic("and", within(column, board.width) + within(row, board.height), type=BOOL)
    at = x.Binary("+", x.Binary("*", minus(row, 1), b.const(board.width), type=INT), column, type=INT)
    return x.Cond(inside, at, x.Const(None, type=t), type=t)


@builtin("repetitions")
def b_repetitions(b: Builder, e, args, scope):
    layout = b.layout
    return x.Helper("repetitions", (b.const(layout.history), b.const(layout.position, List(INT))), type=INT)


@builtin("neighbour")
def b_neighbour(b: Builder, e, args, scope):
    return _direction_table(b, e, args, "neighbour_table")


@builtin("ray")
def b_ray(b: Builder, e, args, scope):
    return _direction_table(b, e, args, "ray_table")


@builtin("top")
def b_top(b: Builder, e, args, scope):
    return x.Helper("top", (x.Load(args[0], type=List(INT)),), type=b.type_of(e))


# ---------------------------------------------------------------- boards of ports (fixed tuples)
def _geometry(b: Builder, e: n.Node):
    board = b.layout.boards.get(b.dsl_type(e)[1])
    if board is None or board.ports is None:
        raise RulesRuntimeError(e.span, "where ports lie is known once the boards are laid out: "
                                        "use this in play, not in a constant")
    return board


@builtin("port_at")
def b_port_at(b: Builder, e, args, scope):
    lanes = b.kind_sizes[b.dsl_type(e.args[2])[1]]
    side = x.Binary("+", x.Binary("*", minus(args[0], 1), b.const(4), type=INT), args[1], type=INT)
    lane = x.Binary("+", x.Binary("*", side, b.const(lanes), type=INT), args[2], type=INT)
    return x.Binary("+", lane, b.const(1), type=b.type_of(e))


def _port_table(b: Builder, e, args, column: str):
    board = _geometry(b, e.args[0])
    t = b.type_of(e)
    return x.Index(b.const(getattr(board.ports, column), List(t)), minus(args[0], 1), type=t)


@builtin("turned")
def b_turned(b: Builder, e, args, scope):
    return _port_table(b, e, args, "turned")


@builtin("ahead")
def b_ahead(b: Builder, e, args, scope):
    return _port_table(b, e, args, "ahead")


@builtin("behind")
def b_behind(b: Builder, e, args, scope):
    return _port_table(b, e, args, "behind")


@builtin("heading")
def b_heading(b: Builder, e, args, scope):
    return _port_table(b, e, args, "heading")


@builtin("lane_of")
def b_lane_of(b: Builder, e, args, scope):
    return _port_table(b, e, args, "lane")
