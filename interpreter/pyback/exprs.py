"""The Python back-end, expressions: one handler per expression class of the compiled form.

Generated code names only identifiers made here (D, S, L, v3, t7, f12…); values from the rules
are written as Python literals (repr of ints, truth values, texts and tuples of them, which
escapes every text) or as K[i], an index into a table of constants this back-end keeps.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Optional

from ..ir import exprs as x
from ..ir.helpers import HELPERS
from ..ir.types import COUNT
from ..ir.walk import walk
from ..passes.fold import cannot_fail
from ..passes.linear import linear, written
from .views import as_run, read_through, view_clause, whole_view_sum

EXPRESSIONS: dict[type, Callable] = {}


def handles(cls: type):
    def register(fn: Callable) -> Callable:
        EXPRESSIONS[cls] = fn
        return fn
    return register


_LITERALS = (int, bool, str, type(None))


def is_literal(value: Any) -> bool:
    if isinstance(value, tuple):
        return all(is_literal(v) for v in value)
    return isinstance(value, _LITERALS)


class Env:
    """How the code being generated reaches locals and constants.

    access: slot -> Python text of that local (v3, L[3], t3, V[0]); constants: the K table;
    views: the slices of the state in scope, by the local they are read through (views.py)."""

    def __init__(self, access: Callable[[int], str], constants: list, keys: dict, views: Optional[dict] = None):
        self.access = access
        self.constants = constants
        self._keys = keys
        self.views = views or {}

    def k(self, value: Any) -> str:
        """A constant: a literal when Python can write it, else a reference into K."""
        if is_literal(value):
            return repr(value)
        key = (type(value).__name__, id(value)) if not _hashable(value) else (type(value).__name__, value)
        index = self._keys.get(key)
        if index is None:
            index = len(self.constants)
            self.constants.append(value)
            self._keys[key] = index
        return f"K[{index}]"

    def with_access(self, access: Callable[[int], str]) -> "Env":
        return Env(access, self.constants, self._keys, self.views)

    def with_view(self, slot: int, view: tuple) -> "Env":
        return Env(self.access, self.constants, self._keys, {**self.views, slot: view})


def _hashable(value: Any) -> bool:
    try:
        hash(value)
        return True
    except TypeError:
        return False


def expr(e: x.Expr, env: Env) -> str:
    return EXPRESSIONS[type(e)](e, env)


def truth(e: x.Expr, env: Env) -> str:
    """e where only whether it holds counts (a condition): a number compared with 0 is written
    as the number itself (`D[7]` for `D[7] > 0` when D[7] is a count, `not D[7]` for `D[7] == 0`),
    which Python tests in fewer steps (for counts, never below 0 and never none)."""
    if isinstance(e, x.Binary) and e.op in _AGAINST_ZERO and _zero(e.right) and _natural(e.left.type):
        text = expr(e.left, env)
        return f"(not {text})" if e.op == "==" else text
    if isinstance(e, x.Binary) and e.op in (">=", ">") and env.views:
        bound = whole_view_sum(e.left, env.views)
        if bound is not None:  # no part of a view's counts adds up to more than all of them
            return f"(sum({bound}) {e.op} {expr(e.right, env)} and {expr(e, env)})"
    if isinstance(e, x.Logic):
        items = [truth(i, env) for i in e.items]
        run = as_run(items, env.views) if env.views else None
        if run is not None:  # every item of a view: one call
            return f"{'any' if e.op == 'or' else 'all'}({run})"
        return "(" + f" {e.op} ".join(items) + ")"
    if isinstance(e, x.Not):
        return f"(not {truth(e.operand, env)})"
    return expr(e, env)


_AGAINST_ZERO = ("==", "!=", ">")


def _natural(t) -> bool:
    """Is every value of type t a number from 0 up, never none? (Only counts say so: other types
    leave out optionality, so a kind's member or a player may still be none.)"""
    return t == COUNT


def _zero(e: x.Expr) -> bool:
    return isinstance(e, x.Const) and e.value == 0 and not isinstance(e.value, bool)


def domain(e: x.Expr, env: Env) -> str:
    """An expression to iterate over: a range stays lazy (its length taken from the step budget
    when it carries a span: see IntRange)."""
    if isinstance(e, x.IntRange):
        if e.span is not None:
            return f"steps_range(RT, {expr(e.low, env)}, {_plus_one(e.high, env)}, {env.k(e.span)})"
        return lazy(e, env)
    return expr(e, env)


def lazy(e: x.Expr, env: Env) -> str:
    """A sequence to test membership in or measure, not to walk: a range costs nothing."""
    if isinstance(e, x.IntRange):
        return f"range({expr(e.low, env)}, {_plus_one(e.high, env)})"
    return domain(e, env)


def _plus_one(e: x.Expr, env: Env) -> str:
    if isinstance(e, x.Const) and isinstance(e.value, int) and not isinstance(e.value, bool):
        return repr(e.value + 1)
    return f"{expr(e, env)} + 1"


@handles(x.Const)
def p_Const(e: x.Const, env: Env) -> str:
    return env.k(e.value)


@handles(x.Local)
def p_Local(e: x.Local, env: Env) -> str:
    return env.access(e.slot)


@handles(x.Load)
def p_Load(e: x.Load, env: Env) -> str:
    if env.views:
        through = read_through(env.views, e.addr)
        if through is not None:
            return through
    return f"D[{expr(e.addr, env)}]"


@handles(x.Binary)
def p_Binary(e: x.Binary, env: Env) -> str:
    left, right = expr(e.left, env), expr(e.right, env)
    if e.op in ("==", "!=") and isinstance(e.right, x.Const) and e.right.value is None:
        return f"({left} {'is' if e.op == '==' else 'is not'} None)"
    if e.op in ("//", "%") and e.span is not None and \
            not (isinstance(e.right, x.Const) and isinstance(e.right.value, int) and e.right.value != 0):
        return f"safe_div({left}, {right}, {env.k(e.span)}, {e.op == '%'})"
    return f"({left} {e.op} {right})"


@handles(x.Logic)
def p_Logic(e: x.Logic, env: Env) -> str:
    return "(" + f" {e.op} ".join(expr(i, env) for i in e.items) + ")"


@handles(x.Not)
def p_Not(e: x.Not, env: Env) -> str:
    return f"(not {truth(e.operand, env)})"


@handles(x.Neg)
def p_Neg(e: x.Neg, env: Env) -> str:
    return f"(-{expr(e.operand, env)})"


@handles(x.Cond)
def p_Cond(e: x.Cond, env: Env) -> str:
    then = expr(e.then, env)
    if isinstance(e.then, x.Load) and _natural(e.then.type) and _zero(e.other) and env.views and then.startswith("_v"):
        # a count read from a view, or 0 (a term of a sum over a board): mostly 0, so looked
        # at before the test
        return f"({then} if {then} and {truth(e.test, env)} else 0)"
    return f"({then} if {truth(e.test, env)} else {expr(e.other, env)})"


@handles(x.Reached)
def p_Reached(e: x.Reached, env: Env) -> str:
    helper = "reach_row" if e.offset else "reached_value"
    return f"{helper}(R, {e.point}, {expr(e.value, env)})"


@handles(x.Checked)
def p_Checked(e: x.Checked, env: Env) -> str:
    return f"ix({expr(e.value, env)}, {e.low}, {e.size}, {env.k(e.span)})"


@handles(x.CallFn)
def p_CallFn(e: x.CallFn, env: Env) -> str:
    return f"f{e.fn}(S{''.join(', ' + expr(a, env) for a in e.args)})"


@handles(x.Helper)
def p_Helper(e: x.Helper, env: Env) -> str:
    args = [expr(a, env) for a in e.args]
    inline = _INLINE.get(e.name)
    if inline is not None:
        return inline(e, args, env)
    spec = HELPERS[e.name]
    first = (["S"] if spec.chance else []) + (["D"] if spec.state else [])
    if e.span is not None:
        args.append(env.k(e.span))
    return f"{e.name}({', '.join(first + args)})"


_INLINE: dict[str, Callable] = {
    "min": lambda e, args, env: f"min({', '.join(args)})",
    "max": lambda e, args, env: f"max({', '.join(args)})",
    "abs": lambda e, args, env: f"abs({args[0]})",
    "common_bits": lambda e, args, env: f"({args[0]} & {args[1]} & {args[2]})",
    "reversed": lambda e, args, env: f"tuple(reversed({args[0]}))",
    "top": lambda e, args, env: f"top({args[0]})",
    "join": lambda e, args, env: f"{args[1]}.join({args[0]})",
    "ring_step": lambda e, args, env: f"(({args[0]} - {args[2]} + {args[1]}) % {args[3]} + {args[2]})",
}


@handles(x.MakeList)
def p_MakeList(e: x.MakeList, env: Env) -> str:
    return "(" + "".join(expr(i, env) + ", " for i in e.items) + ")"


@handles(x.Concat)
def p_Concat(e: x.Concat, env: Env) -> str:
    if e.span is not None:
        return f"steps_concat(RT, {expr(e.left, env)}, {expr(e.right, env)}, {env.k(e.span)})"
    return f"({expr(e.left, env)} + {expr(e.right, env)})"


@handles(x.Index)
def p_Index(e: x.Index, env: Env) -> str:
    if e.span is not None:
        return f"at({expr(e.seq, env)}, {expr(e.index, env)}, {env.k(e.span)})"
    return f"{expr(e.seq, env)}[{expr(e.index, env)}]"


@handles(x.Length)
def p_Length(e: x.Length, env: Env) -> str:
    return f"len({lazy(e.seq, env)})"


@handles(x.Contains)
def p_Contains(e: x.Contains, env: Env) -> str:
    return f"({expr(e.item, env)} {'not in' if e.negate else 'in'} {lazy(e.seq, env)})"


@handles(x.IntRange)
def p_IntRange(e: x.IntRange, env: Env) -> str:
    return f"tuple({domain(e, env)})"


def lazily(hoisted: tuple, env: Env) -> Env:
    """An env reading each hoisted value from its cell `_c{slot}` (a list, empty until the value
    is first needed: then it is worked out and kept)."""
    texts = {slot: f"(_c{slot}[0] if _c{slot} else keep(_c{slot}, {expr(value, env)}))" for slot, value in hoisted}
    outer = env.access
    return env.with_access(lambda slot: texts[slot] if slot in texts else outer(slot))


def clauses(var: int, dom: x.Expr, cond, hoisted: tuple, env: Env, element: Any) -> tuple:
    """(`for _c in [[]] … for v in domain if cond`, the env for the element): one fresh cell
    per hoisted value, each time the comprehension is worked out; a view for the element's
    reads through v (views.py)."""
    out = "".join(f"for _c{slot} in [[]] " for slot, _ in hoisted)
    inner = lazily(hoisted, env) if hoisted else env
    over, cond = sieved(var, dom, cond, env)
    out += f"for {env.access(var)} in {over}"
    if cond is not None:
        out += f" if {truth(cond, inner)}"
    view, inner = view_clause(var, (element,), inner)
    return out + view, inner


def sieved(var: int, dom: x.Expr, cond: Optional[x.Expr], env: Env) -> tuple:
    """(what to walk, the condition left to test on each element). Over fixed consecutive
    numbers whose condition first tests a flag kept at `var + c` (`in_play[c] and …`), the
    elements whose flag is not set are left out in C, by compress over that slice of the state.
    Tests next in line that read the same for every element and cannot fail (`not used and …`)
    are made once, after the domain is worked out: when one fails, nothing is walked."""
    conjunction = isinstance(cond, x.Logic) and cond.op == "and"
    items = list(cond.items) if isinstance(cond, x.Logic) and conjunction else [cond] if cond is not None else []
    sieve = _flags(var, dom, items[0], env) if items else None
    if sieve is None:
        sieve = walked(dom, env)
    else:
        items.pop(0)
    once = []
    while items and _settled(items[0], var):
        once.append(items.pop(0))
    if once:
        sieve = f"({sieve} if {' and '.join(expr(e, env) for e in once)} else ())"
    if len(items) > 1:
        return sieve, replace(cond, items=tuple(items)) if isinstance(cond, x.Logic) else cond
    return sieve, items[0] if items else None


def _flags(var: int, dom: x.Expr, test: x.Expr, env: Env) -> Optional[str]:
    """compress(numbers, D[a:b]) when test reads the flag at `var + c` for each number of dom."""
    numbers = dom.value if isinstance(dom, x.Const) and isinstance(dom.value, tuple) else ()
    if not numbers or not isinstance(test, x.Load) or any(
            n.__class__ is not int or n != numbers[0] + i for i, n in enumerate(numbers)):
        return None
    form = linear(test.addr)
    if form is None or len(form[0]) != 1 or form[0][0][1] != 1 or not (
            isinstance(form[0][0][0], x.Local) and form[0][0][0].slot == var):
        return None
    start = form[1] + numbers[0]
    return f"compress({env.k(numbers)}, D[{start}:{start + len(numbers)}])"


def _settled(e: x.Expr, var: int) -> bool:
    """e reads the same for every element (not `var`) and working it out cannot fail."""
    return not any(isinstance(n, x.Local) and n.slot == var for n in walk(e)) and cannot_fail(e)


@handles(x.Comp)
def p_Comp(e: x.Comp, env: Env) -> str:
    if e.form == "leading" and e.cond is not None:
        return _leading(e, env)
    loop, inner = clauses(e.var, e.domain, e.cond, e.hoisted, env, e.element)
    element = expr(e.element, inner)
    if e.form in ("list", "leading"):  # leading() with no condition: every element
        return f"tuple([{element} {loop}])"
    if e.form == "count":
        return f"sum([1 {loop}])"
    if e.form == "sum":
        return f"sum([{element} {loop}])"
    if e.form in ("max", "min"):
        return f"{e.form}([{element} {loop}], default=0)"
    return f"{e.form}({truth(e.element, inner)} {loop})"  # any, all: stop at the first answer


def _leading(e: x.Comp, env: Env) -> str:
    """The elements while the condition holds: the runtime's leading() stops at the first None."""
    assert e.cond is not None  # p_Comp sends only a leading() with a condition here
    loop, inner = clauses(e.var, e.domain, None, e.hoisted, env, e.element)
    return f"leading(({expr(e.element, inner)},) if {truth(e.cond, inner)} else None {loop})"


@handles(x.BestOf)
def p_BestOf(e: x.BestOf, env: Env) -> str:
    loop, inner = clauses(e.var, e.domain, e.cond, e.hoisted, env, e.key)
    return f"best([({env.access(e.var)}, {expr(e.key, inner)}) {loop}])"


@handles(x.SortBy)
def p_SortBy(e: x.SortBy, env: Env) -> str:
    if isinstance(e.domain, x.Const) and len(e.domain.value) == 2 and is_literal(e.domain.value):
        return _sorted_pair(e, e.domain.value, env)
    var = env.access(e.var)
    keys = "".join(expr(k, env) + ", " for k in e.keys)
    return f"tuple(sorted({domain(e.domain, env)}, key=lambda {var}: ({keys})))"


def _sorted_pair(e: x.SortBy, items: tuple, env: Env) -> str:
    """Two fixed items (the players of a two-player game) ordered by their keys, written out: no
    key function to call. Each key is worked out once, the first item's first, as sorted() does;
    a stable sort swaps them only when the second's keys are strictly smaller."""
    first, second = items

    def keys(item: Any) -> str:
        inner = env.with_access(lambda slot: repr(item) if slot == e.var else env.access(slot))
        return "(" + "".join(expr(k, inner) + ", " for k in e.keys) + ")"
    return f"({(second, first)!r} if {keys(first)} > {keys(second)} else {(first, second)!r})"


@handles(x.ZoneTotal)
def p_ZoneTotal(e: x.ZoneTotal, env: Env) -> str:
    addr = expr(e.addr, env)
    if e.width == 1:
        return f"D[{addr}]"
    if isinstance(e.addr, x.Const):
        return f"sum(D[{addr}:{e.addr.value + e.width}])"
    return f"sum(D[{addr}:{addr} + {e.width}])"


@handles(x.Present)
def p_Present(e: x.Present, env: Env) -> str:
    kinds = _kinds_present(e, env)
    return f"tuple({kinds})" if kinds else f"present(D, {expr(e.addr, env)}, {e.kinds})"


def _kinds_present(e: x.Present, env: Env) -> str:
    """runtime.present written out, as an iterator, where the address is only locals and numbers
    (it is read twice); else ''."""
    form = linear(e.addr)
    if form is None or not all(isinstance(term, x.Local) for term, _ in form[0]):
        return ""
    end = written((form[0], form[1] + e.kinds), e.addr.type)
    return f"compress({env.k(tuple(range(e.kinds)))}, D[{expr(e.addr, env)}:{expr(end, env)}])"


def walked(dom: x.Expr, env: Env) -> str:
    """A domain walked once, by a comprehension (pieces present need not become a tuple)."""
    kinds = _kinds_present(dom, env) if isinstance(dom, x.Present) else ""
    return kinds or domain(dom, env)


@handles(x.Format)
def p_Format(e: x.Format, env: Env) -> str:
    return "''.join((" + "".join(expr(p, env) + ", " for p in e.parts) + "))"


@handles(x.Show)
def p_Show(e: x.Show, env: Env) -> str:
    return f"show({expr(e.value, env)}, {env.k(e.how)})"


@handles(x.NoMods)
def p_NoMods(e: x.NoMods, env: Env) -> str:
    return "(not S.mods)"


@handles(x.ApplyMods)
def p_ApplyMods(e: x.ApplyMods, env: Env) -> str:
    args = "".join(expr(a, env) + ", " for a in e.args)
    return f"apply_mods(S, MODS[{e.value}], {expr(e.base, env)}, ({args}))"


@handles(x.CellValue)
def p_CellValue(e: x.CellValue, env: Env) -> str:
    args = "".join(expr(a, env) + ", " for a in e.args)
    return f"cell_value(S, CELLS[{e.code}], {expr(e.member, env)}, ({args}))"


@handles(x.OrElse)
def p_OrElse(e: x.OrElse, env: Env) -> str:
    return f"({expr(e.first, env)} or {expr(e.other, env)})"  # lists here are tuples: empty is false


@handles(x.Select)
def p_Select(e: x.Select, env: Env) -> str:
    items = env.k(tuple(i.value for i in e.items)) if all(isinstance(i, x.Const) for i in e.items) else \
        "(" + "".join(expr(i, env) + ", " for i in e.items) + ")"
    conds = [truth(c, env) for c in e.conds]
    run = as_run(conds, env.views) if env.views else None
    return f"tuple(compress({items}, {run or '(' + ''.join(c + ', ' for c in conds) + ')'}))"


@handles(x.FrameIndex)
def p_FrameIndex(e: x.FrameIndex, env: Env) -> str:
    return "(len(S.frames) - 1)"
