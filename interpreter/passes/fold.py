"""Folding: work out what options and constants already decide, and drop what that makes dead.

`if OPTION:` when the option is off, a trigger `where OPTION`, `mode.SIZE / 2`, an index known to be
in range: each becomes its value, or disappears. Run again after inlining, which exposes more.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable, Optional, TypeGuard

from ..ir import exprs as x
from ..ir import stmts as s
from ..ir.helpers import ACTING
from ..ir.program import Block, Function, GameIR, Instr
from ..ir.types import BOOL, Int, List
from ..ir.walk import PAIR_FIELDS, SLOT_FIELDS, rebuild, rebuild_body, renumber, walk, walk_all
from ..runtime import show
from .linear import linear, simplify

ExprMap = Callable[[x.Expr], x.Expr]
OnFunction = Callable[[int, Function], Function]  # map_code's map of a function (by its number)
OnBlock = Callable[[int, Block], tuple[Any, ExprMap]]  # of a block: the block, the map of its decisions' expressions

_ARITHMETIC = {
    "+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
    "//": lambda a, b: a // b, "%": lambda a, b: a % b,
    "==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
}
_PURE_HELPERS: dict[str, Any] = {"min": min, "max": max, "abs": abs}
_ENDS = (s.Return, s.Break, s.EndGame)
SHORT_RANGE = 8


def is_const(e: Any) -> TypeGuard[x.Const]:
    return isinstance(e, x.Const)


def _number(e: Any) -> TypeGuard[x.Const]:
    return isinstance(e, x.Const) and isinstance(e.value, int) and not isinstance(e.value, bool)


def fold_expr(e: Any) -> Any:
    """One expression node, its parts already folded."""
    if isinstance(e, x.Binary):
        if is_const(e.left) and is_const(e.right):
            if e.op in ("//", "%") and not e.right.value:
                return e  # dividing by zero stays an error of the rules, at run time
            try:
                return x.Const(_ARITHMETIC[e.op](e.left.value, e.right.value), type=e.type)
            except TypeError:
                return e
        if e.op in ("+", "-") and _number(e.right) and e.right.value == 0:
            return e.left
        if e.op == "+" and _number(e.left) and e.left.value == 0:
            return e.right
        if e.op == "*" and _number(e.right) and e.right.value == 1:
            return e.left
        if e.op in ("+", "-", "*", "//"):
            return simplify(e)
        if e.op in ("==", "!=") and is_const(e.right) and e.right.value is None:
            return e  # written as `is None` by a back-end that can
        return e
    if isinstance(e, x.Logic):
        stop = e.op == "or"  # the value that decides: True for or, False for and
        items: list[Any] = []
        for item in e.items:
            if is_const(item) and isinstance(item.value, bool):
                if item.value is stop:
                    if all(cannot_fail(i) for i in items):
                        return x.Const(stop, type=BOOL)
                    return replace(e, items=tuple(items) + (item,))
                continue
            items.append(item)
        if not items:
            return x.Const(not stop, type=BOOL)
        if e.op == "and":
            items = _without_none_tests(items)
        if len(items) == 1 and items[0].type == BOOL:
            return items[0]
        return replace(e, items=tuple(items)) if len(items) != len(e.items) else e
    if isinstance(e, x.Not):
        if is_const(e.operand):
            return x.Const(not e.operand.value, type=BOOL)
        if isinstance(e.operand, x.Not) and e.operand.operand.type == BOOL:
            return e.operand.operand
        return e
    if isinstance(e, x.Neg) and _number(e.operand):
        return x.Const(-e.operand.value, type=e.type)
    if isinstance(e, x.Cond) and isinstance(e.test, x.NoMods):
        then, other = _knowing_mods(e.then, True), _knowing_mods(e.other, False)
        if then is not e.then or other is not e.other:
            e = replace(e, then=then, other=other)
    if isinstance(e, x.Cond) and is_const(e.test):
        return e.then if e.test.value else e.other
    if isinstance(e, x.Cond) and _nonempty_test(e.test, e.then):
        return x.OrElse(e.then, e.other, type=e.type)  # `[… where P] if any(P …) else B`: the list, or B
    if isinstance(e, x.Checked):
        value = e.value
        if _number(value) and e.low <= value.value < e.low + e.size:
            return value
        if isinstance(value.type, Int) and value.type.contains(e.low, e.size):
            return value
        possible = _possible(value)
        if possible and all(v.__class__ is int and e.low <= v < e.low + e.size for v in possible):
            # read from a fixed table all of whose numbers are in range: the range stays known
            return replace(value, type=Int(value.type.of if isinstance(value.type, Int) else "int", e.low, e.size))
        return e
    if isinstance(e, x.Index) and e.span is not None and isinstance(e.index.type, Int):
        lists = _possible(e.seq)
        if lists and all(v.__class__ is tuple for v in lists) and \
                e.index.type.contains(0, min(len(v) for v in lists)):
            return replace(e, span=None)  # a fixed table's lists, all long enough for every index
    if isinstance(e, x.Index) and is_const(e.seq) and _number(e.index):
        seq, i = e.seq.value, e.index.value
        if isinstance(seq, tuple) and 0 <= i < len(seq):
            return x.Const(seq[i], type=e.type)
        return e
    if isinstance(e, x.Index) and is_const(e.seq) and e.span is None and _identity(e.seq.value) and \
            isinstance(e.index.type, Int) and e.index.type.contains(0, len(e.seq.value)):
        return e.index  # (0, 1, …)[i] for an i known to be in range: i itself
    if isinstance(e, x.Length):
        if is_const(e.seq) and isinstance(e.seq.value, tuple):
            return x.Const(len(e.seq.value), type=e.type)
        if isinstance(e.seq, x.IntRange) and _number(e.seq.low) and _number(e.seq.high):
            return x.Const(max(0, e.seq.high.value - e.seq.low.value + 1), type=e.type)
        return e
    if isinstance(e, x.Contains) and is_const(e.item) and is_const(e.seq) and isinstance(e.seq.value, tuple):
        return x.Const((e.item.value in e.seq.value) != e.negate, type=BOOL)
    if isinstance(e, x.IntRange) and _number(e.low) and _number(e.high):
        size = max(0, e.high.value - e.low.value + 1)
        wanted = List(Int("int", e.low.value, size))
        if size <= SHORT_RANGE:  # a short fixed range is a constant list (it may then be unrolled)
            return x.Const(tuple(range(e.low.value, e.high.value + 1)), type=wanted)
        return e if e.type == wanted else replace(e, type=wanted)
    if isinstance(e, x.Comp) and is_const(e.domain) and e.domain.value == ():
        empty = {"list": (), "leading": (), "sum": 0, "count": 0, "any": False, "all": True, "max": 0, "min": 0}
        return x.Const(empty[e.form], type=e.type)
    if isinstance(e, (x.Comp, x.BestOf)) and is_const(e.domain):
        return _worked_out(e)
    if isinstance(e, x.Comp) and e.form != "leading" and isinstance(e.domain, x.Comp) and e.domain.form == "list":
        return _fused(e)
    if isinstance(e, x.ZoneTotal) and e.width == 1:
        return x.Load(e.addr, type=e.type)
    if isinstance(e, x.Format):
        return _fold_format(e)
    if isinstance(e, x.Show) and is_const(e.value):
        return x.Const(show(e.value.value, e.how), type=e.type)
    if isinstance(e, x.MakeList) and all(is_const(i) for i in e.items):
        return x.Const(tuple(i.value for i in e.items), type=e.type)
    if isinstance(e, x.Concat) and is_const(e.left) and is_const(e.right):
        return x.Const(tuple(e.left.value) + tuple(e.right.value), type=e.type)
    if isinstance(e, x.Helper) and e.name in _PURE_HELPERS and all(_number(a) for a in e.args):
        return x.Const(_PURE_HELPERS[e.name](*(a.value for a in e.args)), type=e.type)
    return e


def _knowing_mods(e: Any, none_active: bool) -> Any:
    """e, a side of `… if no modifier is active else …`: an expression changes nothing, so the
    same test inside it (a value inlined into a value, each guarded) reads the same — folded."""
    if not any(n.__class__ is x.NoMods for n in walk_all((e,))):
        return e
    return rebuild(e, lambda n: x.Const(none_active, type=BOOL) if n.__class__ is x.NoMods else fold_expr(n))


_SAFE = (x.Const, x.Local, x.Not, x.Logic, x.Length, x.ZoneTotal, x.Present, x.NoMods)


def _without_none_tests(items: list[Any]) -> list[Any]:
    """`v != none and v == c` (c not none) is `v == c`: none equals no such c."""
    out: list[Any] = []
    for item in items:
        if out and isinstance(item, x.Binary) and item.op == "==" and is_const(item.right) and \
                item.right.value is not None and _is_none_test(out[-1], item.left):
            out[-1] = item
        else:
            out.append(item)
    return out


def _is_none_test(e: Any, value: Any) -> bool:
    """e is `value != none`, value read from a fixed slot or a local (read twice, the same)."""
    return isinstance(e, x.Binary) and e.op == "!=" and is_const(e.right) and e.right.value is None and \
        e.left == value and (isinstance(value, x.Local) or (isinstance(value, x.Load) and is_const(value.addr)))


def cannot_fail(e: Any) -> bool:
    """Working e out cannot raise (reads of fixed slots, comparisons for equality, truth values)."""
    for n in walk_all((e,)):
        if isinstance(n, x.Load):
            if not is_const(n.addr):
                return False
        elif isinstance(n, x.Binary):
            if n.op not in ("==", "!="):
                return False
        elif not isinstance(n, _SAFE):
            return False
    return True


def _nonempty_test(test: Any, then: Any) -> bool:
    """Is test `any(P(v) for v in D)` and then `[u for u in D where P(u)]` (so test says then is
    not empty)?"""
    if not (isinstance(test, x.Comp) and test.form == "any" and isinstance(then, x.Comp) and then.form == "list"):
        return False
    if test.hoisted or then.hoisted or test.domain != then.domain or then.cond is None:
        return False
    if not (isinstance(then.element, x.Local) and then.element.slot == then.var):
        return False
    wanted = test.element if test.cond is None else x.Logic("and", (test.cond, test.element), type=BOOL)
    return same_but_bound(wanted, test.var, then.cond, then.var)


def same_but_bound(a: Any, a_var: int, b: Any, b_var: int) -> bool:
    """Are a (over a_var) and b (over b_var) the same expression but for the slots of the
    variables bound inside them? (Inlining one value into two places gives its comprehensions
    different slots.)"""
    return bool(_bound_renamed(a, a_var) == _bound_renamed(b, b_var))


def _bound_renamed(e: Any, var: int) -> Any:
    """e with var and each variable a comprehension inside e binds numbered -1, -2, … in the
    order they are bound (no real slot is negative)."""
    names = {var: -1}
    for n in walk_all((e,)):
        bound = [getattr(n, f) for f in SLOT_FIELDS.get(type(n), ()) if not isinstance(n, x.Local)]
        bound += [k for f in PAIR_FIELDS.get(type(n), ()) for k, _ in getattr(n, f)]
        for slot in bound:
            names.setdefault(slot, -1 - len(names))
    return renumber(e, lambda slot: names.get(slot, slot))


MAX_POSSIBLE = 4096


def _possible(e: Any) -> tuple[Any, ...]:
    """Every value e can have when it reads a fixed table (`T[i][j]`, whatever i and j are), at
    most MAX_POSSIBLE of them; else ()."""
    if is_const(e):
        return (e.value,)
    if not isinstance(e, x.Index):
        return ()
    items = _possible(e.seq)
    if not all(v.__class__ is tuple for v in items) or sum(len(v) for v in items) > MAX_POSSIBLE:
        return ()
    return tuple(item for v in items for item in v)


def _identity(seq: Any) -> bool:
    return isinstance(seq, tuple) and all(v == i and not isinstance(v, bool) for i, v in enumerate(seq))


_STATEFUL = (x.Load, x.CallFn, x.Helper, x.NoMods, x.ApplyMods, x.CellValue, x.FrameIndex, x.Present,
             x.ZoneTotal, x.Local)
MAX_WORKED_OUT = 64


def _worked_out(e: Any) -> Any:
    """A comprehension over a constant list whose parts read nothing but its variable: its value."""
    items = e.domain.value
    if not isinstance(items, tuple) or len(items) > MAX_WORKED_OUT or e.hoisted:
        return e
    parts = [p for p in (e.cond, getattr(e, "element", None), getattr(e, "key", None)) if p is not None]
    for node in walk_all(tuple(parts)):
        if isinstance(node, _STATEFUL) and not (isinstance(node, x.Local) and node.slot == e.var):
            return e
    values = []
    for item in items:
        def put(n: Any, item: Any = item) -> Any:
            if isinstance(n, x.Local) and n.slot == e.var:
                return x.Const(item, type=n.type)
            return fold_node(n)
        cond = rebuild(e.cond, put) if e.cond is not None else x.Const(True, type=BOOL)
        value = rebuild(e.element if isinstance(e, x.Comp) else e.key, put)
        if not (is_const(cond) and is_const(value)):
            return e
        if cond.value:
            values.append((item, value.value))
        elif getattr(e, "form", None) == "leading":  # it stops at the first element failing
            break
    if isinstance(e, x.BestOf):
        top = [v for _, v in values]
        best = max(top) if top else None
        winners = [item for item, v in values if v == best]
        return x.Const(winners[0] if len(winners) == 1 else None, type=e.type)
    got = [v for _, v in values]
    try:
        forms: dict[str, Callable[[], Any]] = {
            "list": lambda: tuple(got), "leading": lambda: tuple(got),
            "sum": lambda: sum(got), "count": lambda: len(got),
            "any": lambda: any(got), "all": lambda: all(got), "max": lambda: max(got, default=0),
            "min": lambda: min(got, default=0)}
        result = forms[e.form]()
    except TypeError:
        return e
    return x.Const(result, type=e.type)


def _fused(e: x.Comp) -> Any:
    """f(v) for v in [g(u) for u in D if c(u)] if p(v)  →  f(g(u)) for u in D if c(u) and p(g(u))."""
    inner = e.domain
    assert isinstance(inner, x.Comp)  # the caller fuses a comprehension over a list comprehension
    if e.hoisted or inner.hoisted:
        return e
    reads = sum(1 for n in walk_all((e.element, e.cond)) if isinstance(n, x.Local) and n.slot == e.var)
    if reads > 1 and not isinstance(inner.element, (x.Local, x.Const)) and linear(inner.element) is None:
        return e

    def put(n: Any) -> Any:
        return inner.element if isinstance(n, x.Local) and n.slot == e.var else n
    element = rebuild(e.element, put)
    conds = [c for c in (inner.cond, rebuild(e.cond, put) if e.cond is not None else None) if c is not None]
    cond = conds[0] if len(conds) == 1 else x.Logic("and", tuple(conds), type=BOOL) if conds else None
    return x.Comp(e.form, inner.var, inner.domain, cond, element, type=e.type)


def _fold_format(e: x.Format) -> Any:
    parts: list[Any] = []
    for part in e.parts:
        if parts and is_const(part) and is_const(parts[-1]):
            parts[-1] = x.Const(parts[-1].value + part.value, type=part.type)
        else:
            parts.append(part)
    if len(parts) == 1 and is_const(parts[0]):
        return parts[0]
    return replace(e, parts=tuple(parts)) if len(parts) != len(e.parts) else e


def fold_stmt(st: Any) -> Any:
    """One statement, its parts already folded: a statement, or a list of them in its place."""
    if isinstance(st, s.If):
        branches: list[Any] = []
        for cond, body in st.branches:
            if is_const(cond):
                if cond.value:
                    if not branches:
                        return list(body)
                    return replace(st, branches=tuple(branches), otherwise=body)
                continue
            branches.append((cond, body))
        if not branches:
            return list(st.otherwise)
        if not st.otherwise and all(not body for _, body in branches):
            # nothing to do either way: only what working a condition out does stays (a handler's call)
            if len(branches) == 1:
                cond = branches[0][0]
                return [s.Do(cond, span=st.span)] if _acts(cond) else []
            if not any(_acts(c) for c, _ in branches):
                return []
        if len(branches) != len(st.branches):
            return replace(st, branches=tuple(branches))
        return st
    if isinstance(st, s.While) and is_const(st.cond) and not st.cond.value:
        return []
    if isinstance(st, s.ForEach) and is_const(st.domain) and st.domain.value == ():
        return []
    if isinstance(st, s.Do) and is_const(st.expr):
        return []
    if isinstance(st, s.SetLocal) and isinstance(st.value, x.Local) and st.value.slot == st.slot:
        return []
    if isinstance(st, (s.Update, s.UpdateLocal)) and _number(st.value) and st.value.value == 0:
        return []
    if isinstance(st, s.Branch) and is_const(st.cond):
        return s.Jump(st.then if st.cond.value else st.other, span=st.span)
    return st


def fold_node(node: Any) -> Any:
    if isinstance(node, x.Expr):
        return fold_expr(node)
    return fold_stmt(node)


def cut_dead(body: tuple[Any, ...]) -> tuple[Any, ...]:
    """Statements after one that never finishes (return, break, end game) never run; a store to
    a fixed slot overwritten by the next statement (which does not read it) is never seen."""
    out: list[Any] = []
    for st in body:
        if out and isinstance(st, s.Store) and isinstance(out[-1], s.Store) and is_const(st.addr) and \
                out[-1].addr == st.addr and not any(isinstance(n, x.Load) for n in walk_all((st.value,))):
            out.pop()
        if isinstance(st, s.If):
            st = replace(st, branches=tuple((c, cut_dead(b)) for c, b in st.branches), otherwise=cut_dead(st.otherwise))
        elif isinstance(st, (s.ForEach, s.While)):
            st = replace(st, body=cut_dead(st.body))
        out.append(st)
        if isinstance(st, _ENDS):
            break
    return tuple(out)


@dataclass
class FoldMemo:
    """What folding has worked out in one compilation, by the identity of the code it was worked
    out for (kept here, so that its id is not reused): the passes change little of the game each
    time, and what they leave as it was is not gone through again."""
    # id → (node, function or block; what folding gave)
    folded: dict[int, tuple[Any, Any]] = field(default_factory=dict)
    # id(statement) → (statement, (locals it reads, locals it sets))
    slots: dict[int, tuple[Any, tuple[set[int], set[int]]]] = field(default_factory=dict)


def fold_body(body: tuple[Any, ...], memo: Optional[FoldMemo] = None) -> tuple[Any, ...]:
    return cut_dead(rebuild_body(body, fold_node, memo.folded if memo else None))


def fold_function(fn: Function, memo: Optional[FoldMemo] = None) -> Function:
    body = unread_dropped((fold_body(fn.body, memo),), fn.locals, (), memo)[0]
    return fn if body == fn.body else replace(fn, body=body)


def fold_block(block: Block, memo: Optional[FoldMemo] = None) -> Block:
    instrs = tuple(Instr(fold_body(i.body, memo), rebuild(i.end, fold_node, memo.folded if memo else None))
                   for i in block.instrs)
    bodies = unread_dropped(tuple(i.body for i in instrs), block.locals, tuple(i.end for i in instrs), memo)
    if all(body is old.body and i.end is old.end for body, i, old in zip(bodies, instrs, block.instrs)):
        return block
    return replace(block, instrs=tuple(Instr(body, i.end) for body, i in zip(bodies, instrs)))


def _acts(e: Any) -> bool:
    """Does working e out do something (call a rule or handler, draw, change the state)?"""
    return any(isinstance(n, x.CallFn) or (isinstance(n, x.Helper) and n.name in ACTING) for n in walk_all((e,)))


def _slots(st: Any, memo: Optional[FoldMemo]) -> tuple[set[int], set[int]]:
    """(the locals st reads, the locals st sets)."""
    if memo is not None:
        found = memo.slots.get(id(st))
        if found is not None and found[0] is st:
            return found[1]
    read: set[int] = set()
    set_here: set[int] = set()
    for n in walk(st):
        cls = n.__class__
        if cls is x.Local:
            read.add(n.slot)
        elif cls is s.SetLocal:
            set_here.add(n.slot)
        elif cls is s.CancelCaller:
            read.update((n.depth, n.flag))
    if memo is not None:
        memo.slots[id(st)] = (st, (read, set_here))
    return read, set_here


def unread_dropped(bodies: tuple[Any, ...], locals_: tuple[Any, ...], reads_elsewhere: tuple[Any, ...],
                   memo: Optional[FoldMemo] = None) -> tuple[Any, ...]:
    """Bodies where setting a temporary nothing reads is dropped (unless working its value out
    does something)."""
    read: set[Any] = set()
    set_here: set[Any] = set()
    for st in (*(st for body in bodies for st in body), *reads_elsewhere):
        reads, sets = _slots(st, memo)
        read |= reads
        set_here |= sets
    if set_here <= read:
        return bodies  # every temporary set is read: nothing to drop

    def drop(n: Any) -> Any:
        if isinstance(n, s.SetLocal) and n.slot not in read and not locals_[n.slot].frame and \
                not any(isinstance(m, x.Helper) and m.name in ACTING for m in walk_all((n.value,))):
            return []
        return n
    return tuple(rebuild_body(body, drop) for body in bodies)


def fold_game(ir: GameIR, memo: Optional[FoldMemo] = None) -> GameIR:
    """Every function and block folded. `memo`, shared by the rounds of one compilation: code the
    previous passes left unchanged is folded only once."""
    memo = FoldMemo() if memo is None else memo
    folded = memo.folded

    def expr(e: x.Expr) -> x.Expr:
        out: x.Expr = rebuild(e, fold_node, folded)
        return out

    def once(code: Any, fold: Callable[[Any, FoldMemo], Any]) -> Any:
        found = folded.get(id(code))
        if found is not None and found[0] is code:
            return found[1]
        result = fold(code, memo)
        folded[id(code)] = (code, result)
        return result
    return map_code(ir, lambda i, fn: once(fn, fold_function), lambda i, block: (once(block, fold_block), expr))


def map_code(ir: GameIR, on_function: OnFunction, on_block: OnBlock) -> GameIR:
    """The game with every function and block passed through the maps: on_function(index, fn)
    gives the function; on_block(index, block) gives the block and the map for the expressions of
    its decisions and standing actions (they run in its frames)."""
    from ..ir.program import Binding, Choice, Site, Action
    functions = tuple(on_function(i, f) for i, f in enumerate(ir.functions))
    mapped = [on_block(i, b) for i, b in enumerate(ir.blocks)]
    blocks = tuple(block for block, _ in mapped)

    def choice(c: Choice, on_expr: ExprMap) -> Choice:
        return replace(c, label=on_expr(c.label), guard=on_expr(c.guard) if c.guard is not None else None,
                       public=on_expr(c.public) if c.public is not None else None,
                       bindings=tuple(Binding(b.var, on_expr(b.domain),
                                              on_expr(b.condition) if b.condition is not None else None,
                                              b.dependent) for b in c.bindings))
    sites = tuple(Site(site.block, tuple(choice(c, mapped[site.block][1]) for c in site.choices), site.span)
                  for site in ir.sites)
    actions = tuple(Action(a.name, a.block, tuple(choice(c, mapped[a.block][1]) for c in a.choices), a.span)
                    for a in ir.actions)
    return replace(ir, functions=functions, blocks=blocks, sites=sites, actions=actions)
