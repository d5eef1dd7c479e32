"""Lowering expressions: one handler per expression node of the rules language.

Each handler takes the builder, the node and the scope, and gives a typed expression of the
compiled form. Names become slots, constants become values; nothing of the rules' text survives
but the values it denotes.
"""
from __future__ import annotations

from typing import Callable

from rulebook.dsl import nodes as n

from ..ir import exprs as x
from ..ir.types import BOOL, COUNT, INT, NOTHING, SLOT, TEXT, Int, List, Type, element
from ..layout import CURRENT_PLAYER, strides
from ..passes.fold import fold_expr
from ..pyback.runtime import RulesRuntimeError
from . import marks
from .builder import Builder
from .scope import Scope

EXPRESSIONS: dict[type, Callable] = {}


def handles(cls: type):
    def register(fn: Callable) -> Callable:
        EXPRESSIONS[cls] = fn
        return fn
    return register


def lower_expr(b: Builder, e: n.Node, scope: Scope) -> x.Expr:
    """The compiled form of expression e. Folded as it is made: a range whose ends the options
    fix gets a type saying so (then an index from it needs no check)."""
    lowered = fold_expr(EXPRESSIONS[type(e)](b, e, scope))
    noted = b.reach.value(e) if b.reach is not None else None  # a tracing build notes what decided an `if`
    return lowered if noted is None else x.Reached(noted, lowered, type=lowered.type)


def domain(b: Builder, e: n.Node, scope: Scope) -> x.Expr:
    """An expression to iterate: a zone gives the kinds present in it, a pile its pieces."""
    t = b.dsl_type(e)
    if isinstance(t, tuple) and t[0] == "zone":
        zone = b.zone_of(e)
        addr = lower_expr(b, e, scope)
        return x.Present(addr, zone.kinds, counted_walk(zone, addr), zone=zone.name,
                         type=List(b.ir_type(("kind", zone.kind))))
    if isinstance(t, tuple) and t[0] == "zones":
        zone = b.zone_of(e)
        return x.Helper("zones_present", (lower_expr(b, e, scope), b.const(zone.kinds)),
                        type=List(b.ir_type(("kind", zone.kind))))
    if isinstance(t, tuple) and t[0] == "pile":
        return x.Load(lower_expr(b, e, scope), type=List(b.ir_type(("kind", t[1]))))
    return lower_expr(b, e, scope)


def add(*terms: x.Expr) -> x.Expr:
    """The sum of address terms, constants folded together."""
    total = 0
    rest = []
    for term in terms:
        if isinstance(term, x.Const):
            total += term.value
        else:
            rest.append(term)
    result: x.Expr | None = None
    for term in rest:
        result = term if result is None else x.Binary("+", result, term, type=SLOT)
    if result is None:
        return x.Const(total, type=SLOT)
    return x.Binary("+", result, x.Const(total, type=INT), type=SLOT) if total else result


def total_of(zone, addr: x.Expr):
    """The slot keeping the piece count of the zone instance at addr (None for a pile)."""
    if zone.totals < 0:
        return None
    if isinstance(addr, x.Const):
        return x.Const(zone.total_slot(addr.value), type=SLOT)
    shifted = x.Binary("-", addr, x.Const(zone.base, type=INT), type=INT)
    position = x.Binary("//", shifted, x.Const(zone.width, type=INT), type=INT) if zone.width != 1 else shifted
    return add(position, x.Const(zone.totals, type=SLOT))


# From how many kinds a walk over a zone's kinds reads the zone's kept count to stop after its last
# piece: below, reading every kind costs less than checking the count at each step (measured: zones
# of 5 kinds ran 5% slower with it, zones of 52 and 81 kinds holding a few pieces gained).
COUNTED_WALK_KINDS = 16


def counted_walk(zone, addr: x.Expr):
    """The address of the kept count a walk over the zone's kinds stops by (None: it reads every kind)."""
    return total_of(zone, addr) if zone.kinds >= COUNTED_WALK_KINDS else None


def times(e: x.Expr, k: int) -> x.Expr:
    if k == 1:
        return e
    if isinstance(e, x.Const):
        return x.Const(e.value * k, type=SLOT)
    return x.Binary("*", e, x.Const(k, type=INT), type=SLOT)


def minus(e: x.Expr, k: int) -> x.Expr:
    if not k:
        return e
    if isinstance(e, x.Const):
        return x.Const(e.value - k, type=INT)
    return x.Binary("-", e, x.Const(k, type=INT), type=INT)


def offset(b: Builder, dims: tuple, width: int, base: int, indexes, scope: Scope) -> x.Expr:
    """The address of one instance of a zone or variable, from its index values."""
    terms: list[x.Expr] = [x.Const(base, type=SLOT)]
    for d, stride, index in zip(dims, strides(dims, width), indexes):
        value = lower_expr(b, index, scope)
        if d.type_name == "int" or (d.board is not None and b.dsl_type(index) == "int"):
            # a number could be anything: check it names a slot of this zone or variable
            if not (isinstance(value.type, Int) and value.type.contains(d.low, d.size)):
                value = x.Checked(value, d.low, d.size, index.span, type=value.type)
        terms.append(times(minus(value, d.low), stride))
    return add(*terms)


# ---------------------------------------------------------------- leaves
@handles(n.Number)
def x_Number(b, e, scope):
    return x.Const(int(e.value), type=INT)


@handles(n.Bool)
def x_Bool(b, e, scope):
    return x.Const(bool(e.value), type=BOOL)


@handles(n.NoneLit)
def x_NoneLit(b, e, scope):
    return x.Const(None, type=NOTHING)


@handles(n.String)
def x_String(b, e: n.String, scope):
    parts: list[x.Expr] = []
    for part in e.parts:
        parts.append(b.const(part, TEXT) if isinstance(part, str) else show(b, part, scope))
    if not parts:
        return b.const("", TEXT)
    if len(parts) == 1 and isinstance(parts[0], x.Const):
        return parts[0]
    return x.Format(tuple(parts), type=TEXT)


def show(b: Builder, e: n.Node, scope: Scope) -> x.Expr:
    """The display text of a value, by its static type."""
    return x.Show(lower_expr(b, e, scope), b.shower(b.dsl_type(e)), type=TEXT)


@handles(n.Name)
def x_Name(b: Builder, e: n.Name, scope: Scope):
    is_fixed, value = scope.lookup_fixed(e.name)
    if is_fixed:
        return b.const(value, b.type_of(e))
    local = scope.lookup(e.name)
    if local is not None:
        return x.Local(local, type=scope.type_of(local))
    t = b.type_of(e)
    sym = b.p.symbols.get(e.name)
    if sym is None:
        return builtin_name(b, e)
    if sym.kind == "option":
        return x.Const(b.options[e.name], type=t)
    if sym.kind == "const":
        return x.Const(b.consts[e.name], type=t)
    if sym.kind == "member":
        return x.Const(int(sym.index), type=t)
    if sym.kind == "kind":
        return x.Const(tuple(range(b.kind_sizes[e.name])), type=t)
    if sym.kind == "board":
        return x.Const(b.layout.boards[e.name].nodes, type=t)
    if sym.kind == "table":
        return x.Const(tuple(range(len(b.p.tables[e.name].rows))), type=t)
    if sym.kind == "die":  # as a list: its faces
        return x.Const(b.dice[e.name][1], type=t)
    if sym.kind == "zone":
        return x.Const(b.layout.zones[e.name].base, type=SLOT)
    if sym.kind == "var":
        return x.Load(x.Const(b.layout.vars[e.name].base, type=SLOT), type=t)
    raise RulesRuntimeError(e.span, f"'{e.name}' cannot be used here")


def builtin_name(b: Builder, e: n.Name) -> x.Expr:
    t = b.type_of(e)
    if e.name == "players":
        return x.Const(tuple(range(b.player_count)), type=t)
    if e.name == "teams":
        return x.Const(tuple(range(len(b.team_names))), type=t)
    if e.name == "player_count":
        return x.Const(b.player_count, type=INT)
    if e.name == "current_player":
        return x.Load(x.Const(CURRENT_PLAYER, type=SLOT), type=t)
    raise RulesRuntimeError(e.span, f"unknown name '{e.name}'")


# ---------------------------------------------------------------- indexing
@handles(n.Subscript)
def x_Subscript(b: Builder, e: n.Subscript, scope: Scope):
    target = e.target
    if isinstance(target, n.Name) and scope.lookup(target.name) is None:
        sym = b.p.symbols.get(target.name)
        if sym is not None and sym.kind == "var" and b.layout.vars[target.name].dims:
            var = b.layout.vars[target.name]
            return x.Load(offset(b, var.dims, 1, var.base, e.indexes, scope), type=b.type_of(e))
        if sym is not None and sym.kind == "zone" and b.layout.zones[target.name].dims:
            return zone_instance(b, b.layout.zones[target.name], e, scope)
    t = b.dsl_type(target)
    inner = lower_expr(b, target, scope)
    index = lower_expr(b, e.indexes[0], scope)
    form = t[0] if isinstance(t, tuple) else t
    result = b.type_of(e)
    if form == "zone":
        return x.Load(add(inner, index), type=COUNT)
    if form == "zones":
        slot = scope.temp("\0zone", SLOT)
        return x.Comp("sum", slot, inner, None, x.Load(add(x.Local(slot, type=SLOT), index), type=COUNT),
                      type=COUNT)
    if form == "pile":
        return x.Index(x.Load(inner, type=List(result)), index, e.span, type=result)
    if form == "table":
        return x.Helper("key_position", (x.Const(b.table_keys[t[1]], type=List(index.type)), index),
                        e.span, type=result)
    if form == "kinds":
        return x.Helper("key_position", (x.Const(b.kind_keys[t[1]], type=List(index.type)), index),
                        e.span, type=result)
    return x.Index(inner, index, e.span, type=result)


def zone_instance(b: Builder, zone, e: n.Subscript, scope: Scope) -> x.Expr:
    """A zone's address; an index given as a group gives the list of its nodes' zones."""
    width = zone.width
    grouped = None
    for position, (index, d) in enumerate(zip(e.indexes, zone.dims)):
        t = b.dsl_type(index)
        if d.board is not None and isinstance(t, tuple) and t[0] == "group":
            grouped = position
    if grouped is None:
        return offset(b, zone.dims, width, zone.base, e.indexes, scope)
    board = b.layout.boards[zone.dims[grouped].board]
    inner = scope.child()
    node = inner.temp("\0node", b.ir_type(("node", board.name)))
    indexes = list(e.indexes)
    indexes[grouped] = b.made(n.Name(e.span, "\0node"), ("node", board.name))
    group = lower_expr(b, e.indexes[grouped], scope)
    address = offset(b, zone.dims, width, zone.base, indexes, inner)
    return x.Comp("list", node, tiles(b, board, group), None, address, type=List(SLOT))


def tiles(b: Builder, board, group: x.Expr) -> x.Expr:
    return x.Helper("tiles", (b.const(board.roots), b.const(board.nodes, List(INT)), b.const(board.low), group),
                    type=List(b.ir_type(("node", board.name))))


@handles(n.Attribute)
def x_Attribute(b: Builder, e: n.Attribute, scope: Scope):
    t = b.dsl_type(e.target)
    target = lower_expr(b, e.target, scope)
    result = b.type_of(e)
    if isinstance(t, tuple) and t[0] == "kind":
        column = b.kind_columns[(t[1], e.name)]
        table = b.p.kinds[t[1]].table
    elif isinstance(t, tuple) and t[0] == "row":
        column = b.table_columns[(t[1], e.name)]
        table = t[1]
    else:
        raise RulesRuntimeError(e.span, f"no attribute '{e.name}' here")
    return x.Index(x.Const(column, type=List(result)), marks.row_read(b, table, target), type=result)


# ---------------------------------------------------------------- calls
@handles(n.Call)
def x_Call(b: Builder, e: n.Call, scope: Scope):
    from .builtins import BUILTINS  # builtins use these handlers
    args = tuple(lower_expr(b, a, scope) for a in e.args)
    if e.name in b.p.values:
        return x.CallFn(b.value_fn[e.name], args, type=b.type_of(e))
    code = next((key for key, d in b.p.codes.items() if key[0] == e.name and d.result is not None), None)
    if code is not None:
        return x.CellValue(b.code_index[code], args[0], args[1:], type=b.type_of(e))
    if any(column == e.name for column, _ in b.p.links):
        from .links import links_call
        return links_call(b, e, args)
    return BUILTINS[e.name](b, e, args, scope)


# ---------------------------------------------------------------- comprehensions
def generator(b: Builder, g: n.Generator, scope: Scope) -> tuple:
    """(local of the variable, domain, condition, element) for a generator."""
    dom = domain(b, g.domain, scope)
    inner = scope.child()
    var = inner.temp(g.var, element(dom.type))
    cond = lower_expr(b, g.condition, inner) if g.condition is not None else None
    return var, dom, cond, lower_expr(b, g.element, inner)


@handles(n.Aggregate)
def x_Aggregate(b: Builder, e: n.Aggregate, scope: Scope):
    var, dom, cond, elem = generator(b, e.generator, scope)
    return x.Comp(e.name, var, dom, cond, elem, type=b.type_of(e))


@handles(n.ListExpr)
def x_ListExpr(b: Builder, e: n.ListExpr, scope: Scope):
    items = tuple(lower_expr(b, i, scope) for i in e.items)
    constants = [i.value for i in items if isinstance(i, x.Const)]
    if len(constants) == len(items):
        return x.Const(tuple(constants), type=b.type_of(e))
    return x.MakeList(items, type=b.type_of(e))


@handles(n.ListComp)
def x_ListComp(b: Builder, e: n.ListComp, scope: Scope):
    var, dom, cond, elem = generator(b, e.generator, scope)
    return x.Comp("list", var, dom, cond, elem, type=b.type_of(e))


@handles(n.Best)
def x_Best(b: Builder, e: n.Best, scope: Scope):
    var, dom, cond, key = generator(b, n.Generator(e.span, e.key, e.var, e.domain, e.condition), scope)
    return x.BestOf(var, dom, cond, key, type=b.type_of(e))


@handles(n.Sort)
def x_Sort(b: Builder, e: n.Sort, scope: Scope):
    dom = domain(b, e.domain, scope)
    inner = scope.child()
    var = inner.temp(e.var, element(dom.type))
    keys = tuple(lower_expr(b, k, inner) for k in e.keys)
    return x.SortBy(var, dom, keys, type=List(element(dom.type)))


# ---------------------------------------------------------------- operators
COMPARISONS = {"==", "!=", "<", "<=", ">", ">="}


@handles(n.BinOp)
def x_BinOp(b: Builder, e: n.BinOp, scope: Scope):
    left = lower_expr(b, e.left, scope)
    if e.op in ("in", "not in"):
        t = b.dsl_type(e.right)
        if isinstance(t, tuple) and t[0] == "zone":
            count = x.Load(add(lower_expr(b, e.right, scope), left), type=COUNT)
            test = x.Binary(">", count, x.Const(0, type=INT), type=BOOL)
            return test if e.op == "in" else x.Not(test, type=BOOL)
        return x.Contains(left, domain(b, e.right, scope), e.op == "not in", type=BOOL)
    right = lower_expr(b, e.right, scope)
    if e.op in COMPARISONS:
        return x.Binary(e.op, left, right, type=BOOL)
    if e.op == "+" and isinstance(b.dsl_type(e), tuple):
        return x.Concat(left, right, type=b.type_of(e), span=b.metered_span(e.span))
    op = "//" if e.op == "/" else e.op
    return x.Binary(op, left, right, e.span if op in ("//", "%") else None, type=INT)


@handles(n.BoolOp)
def x_BoolOp(b: Builder, e: n.BoolOp, scope: Scope):
    return x.Logic(e.op, tuple(lower_expr(b, o, scope) for o in e.operands), type=b.type_of(e))


@handles(n.Not)
def x_Not(b: Builder, e: n.Not, scope: Scope):
    return x.Not(lower_expr(b, e.operand, scope), type=BOOL)


@handles(n.Neg)
def x_Neg(b: Builder, e: n.Neg, scope: Scope):
    return x.Neg(lower_expr(b, e.operand, scope), type=INT)


@handles(n.Range)
def x_Range(b: Builder, e: n.Range, scope: Scope):
    low, high = lower_expr(b, e.low, scope), lower_expr(b, e.high, scope)
    return x.IntRange(low, high, type=List(range_type(low, high)), span=b.metered_span(e.span))


def range_type(low: x.Expr, high: x.Expr) -> Type:
    """Numbers low..high: with both ends known, the type says which."""
    if isinstance(low, x.Const) and isinstance(high, x.Const) and isinstance(low.value, int) \
            and isinstance(high.value, int):
        return Int("int", low.value, max(0, high.value - low.value + 1))
    return INT


@handles(n.Conditional)
def x_Conditional(b: Builder, e: n.Conditional, scope: Scope):
    test, then, other = (lower_expr(b, part, scope) for part in (e.condition, e.then, e.otherwise))
    then, other = marks.conditional(b, e, then, other)
    return x.Cond(test, then, other, type=b.type_of(e))
