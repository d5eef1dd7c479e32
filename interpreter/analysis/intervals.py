"""The least and greatest value an int expression of the compiled form can take, before play.

Used where a fixed size must be known before play (the moves a `choose n in A .. B` can give, the
payoffs a game can give). Each end is an int or None (unknown). Constants are known exactly (the
lowering has already worked out options and table cells); a local or the state's data is known as
far as its type's range says (a count is never below 0; a player is 0 .. players - 1); a call is
followed into its function with the arguments' ranges, and every modifier of a value widens its
result once (a modifier is taken to apply at most once at a time, or not at all);
counts and plain int variables have no known upper end.

It reads the IR as the lowering made it (`GameIR` before the optimising passes), so what it finds
cannot change when a pass learns to prove more: the research spaces' numbering rests on it.
"""
from __future__ import annotations

from typing import Any, Callable, Optional

from ..ir import exprs as x
from ..ir import stmts as s
from ..ir.program import GameIR
from ..ir.types import Int, List

End = Optional[int]
Interval = tuple[End, End]  # (low or None, high or None)
UNKNOWN: Interval = (None, None)
Env = dict[int, Interval]  # local slot -> its value's range (for a list: its items' range)


class Intervals:
    """Interval analysis over one game's compiled form."""

    def __init__(self, ir: GameIR) -> None:
        self.ir = ir
        self._active: set[int] = set()  # functions being followed (one that calls itself is unknown)

    # ------------------------------------------------------------ values
    def of(self, e: Any, env: Optional[Env] = None) -> Interval:
        """The least and greatest value of int expression e (locals in env, else their types)."""
        env = {} if env is None else env
        handler = _VALUES.get(type(e))
        return handler(self, e, env) if handler is not None else type_range(e.type)

    def items(self, e: Any, env: Optional[Env] = None) -> Interval:
        """The least and greatest item of int list expression e."""
        env = {} if env is None else env
        handler = _ITEMS.get(type(e))
        found = handler(self, e, env) if handler is not None else UNKNOWN
        return found if found != UNKNOWN else type_range(e.type.elem if isinstance(e.type, List) else e.type)

    def _local(self, e: x.Local, env: Env) -> Interval:
        return env[e.slot] if e.slot in env else type_range(e.type)

    def _const(self, e: x.Const, env: Env) -> Interval:
        return (e.value, e.value) if _is_int(e.value) else UNKNOWN

    def _neg(self, e: x.Neg, env: Env) -> Interval:
        low, high = self.of(e.operand, env)
        return (None if high is None else -high, None if low is None else -low)

    def _binary(self, e: x.Binary, env: Env) -> Interval:
        a, b = self.of(e.left, env), self.of(e.right, env)
        if e.op == "+":
            return (_add(a[0], b[0]), _add(a[1], b[1]))
        if e.op == "-":
            return (_sub(a[0], b[1]), _sub(a[1], b[0]))
        if e.op == "*":
            if a[0] is None or a[1] is None or b[0] is None or b[1] is None:
                return UNKNOWN
            products = [p * q for p in (a[0], a[1]) for q in (b[0], b[1])]
            return (min(products), max(products))
        if e.op in ("//", "%") and a[0] is not None and a[0] >= 0 and b[0] is not None and b[0] > 0:
            return (0, a[1] if e.op == "//" else (None if b[1] is None else b[1] - 1))
        return UNKNOWN

    def _cond(self, e: x.Cond, env: Env) -> Interval:
        return union(self.of(e.then, env), self.of(e.other, env))

    def _checked(self, e: x.Checked, env: Env) -> Interval:
        low, high = self.of(e.value, env)  # anything outside low .. low+size-1 is an error, not a value
        top = e.low + e.size - 1
        return (e.low if low is None else max(low, e.low), top if high is None else min(high, top))

    def _index(self, e: x.Index, env: Env) -> Interval:
        return self.items(e.seq, env)  # an item of the list, whichever

    def _helper(self, e: x.Helper, env: Env) -> Interval:
        if e.name in ("min", "max") and e.args:
            parts = [self.of(a, env) for a in e.args]
            pick = _least if e.name == "min" else _greatest
            return (pick([p[0] for p in parts], e.name == "max"), pick([p[1] for p in parts], e.name == "min"))
        if e.name == "abs":
            low, high = self.of(e.args[0], env)
            if low is not None and low >= 0:
                return (low, high)
            return (0, None if low is None or high is None else max(-low, high))
        return type_range(e.type)

    def _comp(self, e: x.Comp, env: Env) -> Interval:
        if e.form in ("count",):
            return (0, None)
        if e.form in ("max", "min"):  # 0 when empty
            return union(self.of(e.element, self._bound(e.var, e.domain, e.hoisted, env)), (0, 0))
        return UNKNOWN

    def _call(self, e: x.CallFn, env: Env) -> Interval:
        # a value's function applies its modifiers itself (ApplyMods)
        return self.returned(e.fn, [self.of(a, env) for a in e.args], self.of)

    def _apply_mods(self, e: x.ApplyMods, env: Env) -> Interval:
        return self.modified(e.value, self.of(e.base, env), [self.of(a, env) for a in e.args])

    def modified(self, value: int, result: Interval, args: list[Interval]) -> Interval:
        """result widened by each modifier of value number `value` (each may or may not apply)."""
        for number in self.ir.values[value].modifiers:
            m = self.ir.modifiers[number]
            fn = self.ir.functions[m.fn]
            # the modifier's locals: its captured values (unknown but for their types), the result
            # so far, then the value's parameters
            env = {m.captured: result}
            env.update({m.captured + 1 + i: a for i, a in enumerate(args)})
            result = union(result, self._returns(fn, env, self.of, m.fn))
        return result

    # ------------------------------------------------------------ functions
    def returned(self, fn: int, args: list[Interval], how: Callable[[Any, Env], Interval]) -> Interval:
        """What function `fn` gives for arguments in these ranges: `how` (of or items) of every
        value it returns."""
        return self._returns(self.ir.functions[fn], dict(enumerate(args)), how, fn)

    def _returns(self, fn: Any, env: Env, how: Callable[[Any, Env], Interval], number: int) -> Interval:
        if number in self._active:
            return UNKNOWN
        self._active.add(number)
        try:
            found = self._body(fn.body, dict(env), how)
        finally:
            self._active.discard(number)
        return found if found is not None else UNKNOWN

    def _body(self, body: tuple[Any, ...], env: Env, how: Callable[[Any, Env], Interval]) -> Optional[Interval]:
        """The union of `how` of what the statements return (None: they return nothing); a local
        set on the way is known from then on (set again in a branch or loop: the union)."""
        found: Optional[Interval] = None
        for st in body:
            part: Optional[Interval] = None
            if isinstance(st, s.Return) and st.value is not None:
                part = how(st.value, env)
            elif isinstance(st, s.SetLocal):
                known = self.items(st.value, env) if isinstance(st.value.type, List) else self.of(st.value, env)
                env[st.slot] = known
            elif isinstance(st, s.UpdateLocal):
                env.pop(st.slot, None)
            elif isinstance(st, s.If):
                for body_ in [b for _, b in st.branches] + [st.otherwise]:
                    inner = dict(env)
                    part = _union_returns(part, self._body(body_, inner, how))
                    _widen(env, inner)
            elif isinstance(st, (s.ForEach, s.While)):
                inner = dict(env)
                if isinstance(st, s.ForEach):
                    inner[st.var] = self.items(st.domain, env)
                for slot in _set_in(st.body):
                    inner.pop(slot, None)  # set again each time round: only its type is known
                    env.pop(slot, None)
                part = self._body(st.body, inner, how)
            if part is not None:
                found = part if found is None else union(found, part)
        return found

    # ------------------------------------------------------------ lists
    def _items_const(self, e: x.Const, env: Env) -> Interval:
        values = e.value if isinstance(e.value, tuple) else ()
        if values and all(_is_int(v) for v in values):
            return (min(values), max(values))
        return UNKNOWN

    def _items_range(self, e: x.IntRange, env: Env) -> Interval:
        return (self.of(e.low, env)[0], self.of(e.high, env)[1])

    def _items_list(self, e: x.MakeList, env: Env) -> Interval:
        if not e.items:
            return UNKNOWN
        result = self.of(e.items[0], env)
        for item in e.items[1:]:
            result = union(result, self.of(item, env))
        return result

    def _items_select(self, e: x.Select, env: Env) -> Interval:
        return self._items_list(x.MakeList(e.items, type=e.type), env)

    def _items_comp(self, e: x.Comp, env: Env) -> Interval:
        if e.form != "list":
            return UNKNOWN
        return self.of(e.element, self._bound(e.var, e.domain, e.hoisted, env))

    def _items_sort(self, e: x.SortBy, env: Env) -> Interval:
        return self.items(e.domain, env)

    def _items_cond(self, e: x.Cond, env: Env) -> Interval:
        return union(self.items(e.then, env), self.items(e.other, env))

    def _items_concat(self, e: x.Concat, env: Env) -> Interval:
        return union(self.items(e.left, env), self.items(e.right, env))

    def _items_or_else(self, e: x.OrElse, env: Env) -> Interval:
        return union(self.items(e.first, env), self.items(e.other, env))

    def _items_call(self, e: x.CallFn, env: Env) -> Interval:
        return self.returned(e.fn, [self.of(a, env) for a in e.args], self.items)

    def _items_local(self, e: x.Local, env: Env) -> Interval:
        return env.get(e.slot, UNKNOWN)

    def _bound(self, var: int, domain: Any, hoisted: tuple[Any, ...], env: Env) -> Env:
        inner = dict(env)
        for slot, value in hoisted:
            inner[slot] = self.items(value, inner) if isinstance(value.type, List) else self.of(value, inner)
        inner[var] = self.items(domain, inner)
        return inner


_VALUES: dict[type, Callable[[Intervals, Any, Env], Interval]] = {
    x.Local: Intervals._local, x.Const: Intervals._const, x.Neg: Intervals._neg, x.Binary: Intervals._binary,
    x.Cond: Intervals._cond, x.Checked: Intervals._checked, x.Index: Intervals._index, x.Helper: Intervals._helper,
    x.Comp: Intervals._comp, x.CallFn: Intervals._call, x.ApplyMods: Intervals._apply_mods,
    x.Length: lambda self, e, env: (0, None), x.ZoneTotal: lambda self, e, env: (0, None),
    x.Reached: lambda self, e, env: self.of(e.value, env),
}
_ITEMS: dict[type, Callable[[Intervals, Any, Env], Interval]] = {
    x.Const: Intervals._items_const, x.IntRange: Intervals._items_range, x.MakeList: Intervals._items_list,
    x.Select: Intervals._items_select, x.Comp: Intervals._items_comp, x.SortBy: Intervals._items_sort,
    x.Cond: Intervals._items_cond, x.Concat: Intervals._items_concat, x.OrElse: Intervals._items_or_else,
    x.CallFn: Intervals._items_call, x.Local: Intervals._items_local,
    x.Reached: lambda self, e, env: self.items(e.value, env),
}


def type_range(t: Any) -> Interval:
    """What an Int type says of its values (a count's low end 0, a player's whole range)."""
    if isinstance(t, Int) and t.low is not None:
        return (t.low, None if t.size is None else t.low + t.size - 1)
    return UNKNOWN


def union(a: Interval, b: Interval) -> Interval:
    low = None if a[0] is None or b[0] is None else min(a[0], b[0])
    high = None if a[1] is None or b[1] is None else max(a[1], b[1])
    return (low, high)


def _union_returns(a: Optional[Interval], b: Optional[Interval]) -> Optional[Interval]:
    return b if a is None else a if b is None else union(a, b)


def _widen(env: Env, inner: Env) -> None:
    """After a branch: a local the branch set is the union of before and after (unknown if new)."""
    for slot, known in inner.items():
        if env.get(slot) != known:
            env[slot] = union(env[slot], known) if slot in env else UNKNOWN


def _set_in(body: tuple[Any, ...]) -> set[int]:
    from ..ir.walk import walk_statements
    return {st.slot for st in walk_statements(body) if isinstance(st, (s.SetLocal, s.UpdateLocal))}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _add(a: End, b: End) -> End:
    return None if a is None or b is None else a + b


def _sub(a: End, b: End) -> End:
    return None if a is None or b is None else a - b


def _least(values: list[End], known_only: bool) -> End:
    """The smallest of values; an unknown one makes it unknown unless `known_only` (the upper end
    of min(a, b) is at most any known upper end)."""
    known = [v for v in values if v is not None]
    if not known or (len(known) < len(values) and not known_only):
        return None
    return min(known)


def _greatest(values: list[End], known_only: bool) -> End:
    known = [v for v in values if v is not None]
    if not known or (len(known) < len(values) and not known_only):
        return None
    return max(known)
