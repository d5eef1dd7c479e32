"""Fixed numbers for chance outcomes (explicit chance, play/chance.py), read from the compiled form
as the lowering made it (its `pick`, `roll`, draw and shuffle helpers) and the layout.

A draw's or a shuffle's outcome is the kind of the piece drawn: its number in the zone's kind. A
pick's outcome is its value, numbered like a move's value (movespace.value_axis: a kind's members,
the players, a board's nodes, a range, a list of constants). The space's size is the largest of
these, so every chance decision's outcomes fit in 0 .. size - 1.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..analysis.intervals import Intervals
from ..ir import exprs as x
from ..ir import stmts as s
from ..ir.walk import walk, walk_statements
from .movespace import Axis, MoveSpaceError, value_axis

if TYPE_CHECKING:
    from ..game import Game
    from ..ir.program import GameIR

DRAWS = frozenset({"draw_one", "draw_into", "pile_draw", "shuffle"})  # the helpers that draw or shuffle


class ChanceSpace:
    def __init__(self, game: "Game", ir: "GameIR", intervals: Intervals):
        self.game = game
        self._picks: dict[str, Axis] = {}
        for st, locals_ in statements(ir):
            picked = st.value if isinstance(st, s.SetLocal) else None
            if isinstance(picked, x.Helper) and picked.name in ("pick", "roll"):
                where = picked.args[-1].value  # the statement's place, as explicit chance names it
                domain = picked.args[0].domain if picked.name == "pick" else picked.args[1]
                self._picks[where] = value_axis(game, intervals, locals_[st.slot].name, domain)
        layout = game.layout
        self._zones = sorted((z.base, z.base + z.width * z.instances, z) for z in layout.zones.values())
        draws = any(isinstance(e, x.Helper) and e.name in DRAWS for st, _ in statements(ir) for e in walk(st))
        drawn = [len(game.kind_names[z.kind]) for z in layout.zones.values()] if draws else []
        self.size = max([a.size for a in self._picks.values()] + drawn, default=0)

    def index(self, event: tuple, outcome) -> int:
        kind, where, _, _ = event
        if kind == "pick":
            i = self._picks[where].index(outcome)
            if i < 0:
                raise MoveSpaceError(f"{where}: chance outcome {outcome!r} is outside the values listed for it")
            return i
        return int(outcome)

    def outcome(self, event: tuple, index: int):
        kind, where, _, _ = event
        return self._picks[where].value(index) if kind == "pick" else index

    def describe(self, event: tuple, outcome) -> str:
        kind, where, _, _ = event
        if kind == "pick":
            axis = self._picks[where]
            return f"chance: {axis.name} = {axis.show(outcome)}"
        zone, instance = self._zone_at(where)
        piece = self.game.kind_names[zone.kind][outcome]
        verb = "drawn from" if kind == "draw" else "comes next in"
        return f"chance: {piece} {verb} {zone.name}{self._index_text(zone, instance)}"

    def _zone_at(self, slot: int):
        for start, end, zone in self._zones:
            if start <= slot < end:
                return zone, (slot - start) // zone.width
        raise MoveSpaceError(f"no zone holds slot {slot}")

    def _index_text(self, zone, instance: int) -> str:
        if not zone.dims:
            return ""
        parts = []
        for d in reversed(zone.dims):
            instance, i = divmod(instance, d.size)
            parts.append(self._show_index(d, d.low + i))
        return "[" + ", ".join(reversed(parts)) + "]"

    def _show_index(self, dim, value: int) -> str:
        game = self.game
        if dim.type_name == "player":
            return game.player_names[value]
        if dim.type_name == "team":
            return game.team_names[value]
        if dim.board is not None:
            board = game.layout.boards[dim.board]
            return board.labels[value - board.low]
        if dim.type_name in game.kind_names:
            return game.kind_names[dim.type_name][value]
        return str(value)


def statements(ir: "GameIR"):
    """Every statement of the compiled form with the locals of the function or block it is in."""
    for fn in ir.functions:
        for st in walk_statements(fn.body):
            yield st, fn.locals
    for block in ir.blocks:
        for instr in block.instrs:
            for st in walk_statements(instr.body):
                yield st, block.locals
