"""The least and greatest value an int expression of the rules can take, read from the program.

Used where a fixed size must be known before play (the moves a `choose n in A .. B` can give).
Each end is an int or None (unknown). Options, constants and table columns are known exactly;
a value's body is followed into (with every `modify` of it widening the result once: a modifier
is taken to apply at most once at a time); counts and variables have no known upper end.
"""
from __future__ import annotations

from typing import Any, Optional

from rulebook.dsl import nodes as n
from rulebook.dsl.program import Program

from ..analysis.program_walk import program_nodes

Interval = tuple  # (low or None, high or None)
UNKNOWN: Interval = (None, None)
NOT_CONSTANT = object()


class Bounds:
    """Interval analysis over one program with its options and constants worked out."""

    def __init__(self, program: Program, options: dict, consts: dict, player_count: int):
        self.p = program
        self.constants = dict(consts)
        self.constants.update(options)
        self.constants["player_count"] = player_count
        self.modifiers: dict[str, list] = {}
        for m in program_nodes(program, n.Modify):
            self.modifiers.setdefault(m.value, []).append(m)
        self._active: set = set()  # values being followed (a value that uses itself is unknown)
        self._locals: dict[str, Interval] = {}  # comprehension variables, while inside them

    # ------------------------------------------------------------ constants
    def constant(self, e: n.Node) -> Any:
        """The value of an expression known before play, or NOT_CONSTANT."""
        if isinstance(e, (n.Number, n.Bool)):
            return e.value
        if isinstance(e, n.Name):
            return self.constants.get(e.name, NOT_CONSTANT)
        if isinstance(e, n.Attribute):
            target = self.constant(e.target)
            if isinstance(target, dict) and e.name in target:
                return target[e.name]
            return NOT_CONSTANT
        if isinstance(e, n.Neg):
            value = self.constant(e.operand)
            return NOT_CONSTANT if value is NOT_CONSTANT else -value
        if isinstance(e, n.BinOp) and e.op in ("+", "-", "*"):
            a, b = self.constant(e.left), self.constant(e.right)
            if isinstance(a, int) and isinstance(b, int):
                return {"+": a + b, "-": a - b, "*": a * b}[e.op]
        return NOT_CONSTANT

    # ------------------------------------------------------------ intervals
    def of(self, e: n.Node) -> Interval:
        if isinstance(e, n.Name) and e.name in self._locals:
            return self._locals[e.name]
        value = self.constant(e)
        if isinstance(value, int) and not isinstance(value, bool):
            return (value, value)
        handler = getattr(self, "_" + type(e).__name__, None)
        return handler(e) if handler is not None else UNKNOWN

    def elements(self, e: n.Node) -> Interval:
        """The least and greatest item of an int list expression (a range, a list, a comprehension,
        a value giving one, lists joined by +)."""
        value = self.constant(e)
        if isinstance(value, (list, tuple)) and value and all(isinstance(v, int) for v in value):
            return (min(value), max(value))
        if isinstance(e, n.Range):
            return (self.of(e.low)[0], self.of(e.high)[1])
        if isinstance(e, n.ListExpr) and e.items:
            result = self.of(e.items[0])
            for item in e.items[1:]:
                result = _union(result, self.of(item))
            return result
        if isinstance(e, n.ListComp):
            g = e.generator
            outer = self._locals.get(g.var)
            self._locals[g.var] = self.elements(g.domain)
            try:
                return self.of(g.element)
            finally:
                if outer is None:
                    del self._locals[g.var]
                else:
                    self._locals[g.var] = outer
        if isinstance(e, n.Sort):
            return self.elements(e.domain)
        if isinstance(e, n.Conditional):
            return _union(self.elements(e.then), self.elements(e.otherwise))
        if isinstance(e, n.BinOp) and e.op == "+":
            return _union(self.elements(e.left), self.elements(e.right))
        if isinstance(e, n.Call) and e.name in self.p.values and e.name not in self._active:
            self._active.add(e.name)
            try:
                return self.elements(self.p.values[e.name].body)
            finally:
                self._active.discard(e.name)
        return UNKNOWN

    def _Attribute(self, e: n.Attribute) -> Interval:
        """A column of a kind made from a table: its smallest and largest cell."""
        t = self.p.type_of(e.target)
        if isinstance(t, tuple) and t[0] == "kind":
            decl = self.p.kinds.get(t[1])
            if decl is not None and decl.table is not None:
                cells = [row.get(e.name) for row in self.p.tables[decl.table].rows]
                ints = [c for c in cells if isinstance(c, int) and not isinstance(c, bool)]
                if ints and len(ints) == len(cells):
                    return (min(ints), max(ints))
        return UNKNOWN

    def _Neg(self, e: n.Neg) -> Interval:
        low, high = self.of(e.operand)
        return (None if high is None else -high, None if low is None else -low)

    def _BinOp(self, e: n.BinOp) -> Interval:
        a, b = self.of(e.left), self.of(e.right)
        if e.op == "+":
            return (_add(a[0], b[0]), _add(a[1], b[1]))
        if e.op == "-":
            return (_sub(a[0], b[1]), _sub(a[1], b[0]))
        if e.op == "*" and None not in a + b:
            products = [x * y for x in a for y in b]
            return (min(products), max(products))
        if e.op in ("/", "%") and a[0] is not None and a[0] >= 0 and b[0] is not None and b[0] > 0:
            return (0, a[1] if e.op == "/" else (None if b[1] is None else b[1] - 1))
        return UNKNOWN

    def _Conditional(self, e: n.Conditional) -> Interval:
        return _union(self.of(e.then), self.of(e.otherwise))

    def _Call(self, e: n.Call) -> Interval:
        if e.name in ("count", "len"):
            return (0, None)
        if e.name in ("min", "max") and e.args:
            parts = [self.of(a) for a in e.args]
            pick = _min if e.name == "min" else _max
            lows = [p[0] for p in parts]
            highs = [p[1] for p in parts]
            return (pick(lows, e.name == "max"), pick(highs, e.name == "min"))
        if e.name == "abs":
            low, high = self.of(e.args[0])
            if low is not None and low >= 0:
                return (low, high)
            return (0, None if low is None or high is None else max(-low, high))
        decl = self.p.values.get(e.name)
        if decl is None or e.name in self._active:
            return UNKNOWN
        self._active.add(e.name)
        try:
            result = self.of(decl.body)
            for m in self.modifiers.get(e.name, ()):
                amount = self.of(m.amount)
                if m.op == "+=":
                    result = _union(result, (_add(result[0], amount[0]), _add(result[1], amount[1])))
                elif m.op == "-=":
                    result = _union(result, (_sub(result[0], amount[1]), _sub(result[1], amount[0])))
                else:
                    result = _union(result, amount)
            return result
        finally:
            self._active.discard(e.name)

    def _Aggregate(self, e: n.Aggregate) -> Interval:
        if e.name == "count":
            return (0, None)
        if e.name in ("max", "min"):
            return _union(self.of(e.generator.element), (0, 0))
        return UNKNOWN


def _add(a: Optional[int], b: Optional[int]) -> Optional[int]:
    return None if a is None or b is None else a + b


def _sub(a: Optional[int], b: Optional[int]) -> Optional[int]:
    return None if a is None or b is None else a - b


def _union(a: Interval, b: Interval) -> Interval:
    low = None if a[0] is None or b[0] is None else min(a[0], b[0])
    high = None if a[1] is None or b[1] is None else max(a[1], b[1])
    return (low, high)


def _min(values: list, known_only: bool) -> Optional[int]:
    """The smallest of values; an unknown one makes it unknown unless `known_only` (the upper end
    of min(a, b) is at most any known upper end)."""
    known = [v for v in values if v is not None]
    if not known or (len(known) < len(values) and not known_only):
        return None
    return min(known)


def _max(values: list, known_only: bool) -> Optional[int]:
    known = [v for v in values if v is not None]
    if not known or (len(known) < len(values) and not known_only):
        return None
    return max(known)
