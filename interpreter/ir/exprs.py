"""Expressions of the compiled form: typed, side-effect free, every name resolved to a slot.

A local is a numbered slot of the function or block it belongs to (`Local`); the state is one
flat list of slots (`Load` of an address). Constants are values (ints, truth values, texts,
`none`, nested tuples of them) — never source text. An expression that can fail at run time
carries the span of the rules text it came from.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from rulebook.dsl.nodes import Span

from .types import Type


@dataclass(frozen=True)
class Expr:
    type: Type = field(kw_only=True)


@dataclass(frozen=True)
class Const(Expr):
    """A value fixed when the game was compiled (int, bool, str, None, or nested tuples)."""

    value: Any


@dataclass(frozen=True)
class Local(Expr):
    """A local slot of the enclosing function or block."""

    slot: int


@dataclass(frozen=True)
class Load(Expr):
    """The state's data at an address."""

    addr: Expr


@dataclass(frozen=True)
class Binary(Expr):
    """Arithmetic (+ - * // %) or comparison (== != < <= > >=) of two values. `//` and `%`
    carry a span: dividing by zero is an error in the rules."""

    op: str
    left: Expr
    right: Expr
    span: Optional[Span] = None


@dataclass(frozen=True)
class Logic(Expr):
    """Short-circuit `and` / `or` of truth values."""

    op: str
    items: tuple[Any, ...]


@dataclass(frozen=True)
class Not(Expr):
    operand: Expr


@dataclass(frozen=True)
class Neg(Expr):
    operand: Expr


@dataclass(frozen=True)
class Cond(Expr):
    """`then if test else other`."""

    test: Expr
    then: Expr
    other: Expr


@dataclass(frozen=True)
class Checked(Expr):
    """A number used as an index: an error unless low <= value < low + size."""

    value: Expr
    low: int
    size: int
    span: Span


@dataclass(frozen=True)
class CallFn(Expr):
    """Call a compiled function (a value, a rule that cannot stop, a modifier…) by number."""

    fn: int
    args: tuple[Any, ...]


@dataclass(frozen=True)
class Helper(Expr):
    """A run-time helper of the engine (group walks, chance, pile edits…) by name; every back-end
    provides each helper in `HELPERS` (helpers.py). `span` is where a failure is reported."""

    name: str
    args: tuple[Any, ...]
    span: Optional[Span] = None


@dataclass(frozen=True)
class MakeList(Expr):
    items: tuple[Any, ...]


@dataclass(frozen=True)
class Concat(Expr):
    """left + right, two lists. With a span, the length of the list built is taken from the step
    budget (a list growing in a loop costs ever more)."""

    left: Expr
    right: Expr
    span: Optional[Span] = None


@dataclass(frozen=True)
class Index(Expr):
    """seq[index]. With a span the position is checked (an error in the rules if outside);
    without, the compiler knows it is inside (a constant column read by a member, say)."""

    seq: Expr
    index: Expr
    span: Optional[Span] = None


@dataclass(frozen=True)
class Length(Expr):
    seq: Expr


@dataclass(frozen=True)
class Contains(Expr):
    """item in seq (or not in, when negate)."""

    item: Expr
    seq: Expr
    negate: bool = False


@dataclass(frozen=True)
class IntRange(Expr):
    """The list low, low+1, …, high (empty when high < low). With a span, walking it (looping
    over it, listing it) takes its length from the step budget: a range of the rules may be huge;
    a test of membership or a length does not walk it."""

    low: Expr
    high: Expr
    span: Optional[Span] = None


@dataclass(frozen=True)
class Comp(Expr):
    """A comprehension over `domain`, the element bound to local `var`:
    form "list" (the elements), "sum", "count", "any", "all", "max", "min" (0 when empty).
    `hoisted` are (local, value) pairs the element and condition read: values that do not depend
    on var, worked out at most once per evaluation, when first needed."""

    form: str
    var: int
    domain: Expr
    cond: Optional[Expr]
    element: Expr
    hoisted: tuple[Any, ...] = ()


@dataclass(frozen=True)
class BestOf(Expr):
    """The element of domain with strictly the highest key, or none when it is shared or empty."""

    var: int
    domain: Expr
    cond: Optional[Expr]
    key: Expr
    hoisted: tuple[Any, ...] = ()


@dataclass(frozen=True)
class SortBy(Expr):
    """domain ordered by ascending keys (stable)."""

    var: int
    domain: Expr
    keys: tuple[Any, ...]


@dataclass(frozen=True)
class ZoneTotal(Expr):
    """How many pieces a multiset zone holds: the sum of its `width` slots from addr."""

    addr: Expr
    width: int


@dataclass(frozen=True)
class Present(Expr):
    """The kinds (0 .. kinds-1) with at least one piece in the multiset zone at addr. `total`: the
    address of the zone's kept piece count (None if not kept): a walk may stop once it has seen
    that many pieces (a hand of 5 among 81 kinds need not read all 81). `bits`: the address of
    the instance's first presence word, when the zone keeps them (layout.ZoneLayout.present): a
    walk visits only the kinds held. `zone`: the zone's name (the pass that keeps the words finds
    the walks by it)."""

    addr: Expr
    kinds: int
    total: Optional[Expr] = None
    bits: Optional[Expr] = None
    zone: str = ""


@dataclass(frozen=True)
class Format(Expr):
    """A text made of pieces (each a text expression), joined."""

    parts: tuple[Any, ...]


@dataclass(frozen=True)
class Show(Expr):
    """The display text of a value: `how` is ("names", names) | ("labels", labels, low) |
    ("list", how) | ("plain",)."""

    value: Expr
    how: tuple[Any, ...]


@dataclass(frozen=True)
class NoMods(Expr):
    """True while no modifier is active (so a value's plain body is its result)."""


@dataclass(frozen=True)
class ApplyMods(Expr):
    """A value's result after every active modifier of value `value` (in the order they were
    made): `base` is the plain result, `args` the value's arguments."""

    value: int
    base: Expr
    args: tuple[Any, ...]


@dataclass(frozen=True)
class CellValue(Expr):
    """The value of an expression column's cell (code table `code`) for `member`, with args."""

    code: int
    member: Expr
    args: tuple[Any, ...]


@dataclass(frozen=True)
class OrElse(Expr):
    """`first`, unless it is an empty list: then `other` (worked out only then)."""

    first: Expr
    other: Expr


@dataclass(frozen=True)
class Select(Expr):
    """The items whose condition holds, in order (a short comprehension written out: every
    condition is worked out)."""

    items: tuple[Any, ...]
    conds: tuple[Any, ...]


@dataclass(frozen=True)
class FrameIndex(Expr):
    """The position of the running frame in the state's frame stack (for a handler that may cancel)."""


@dataclass(frozen=True)
class Reached(Expr):
    """A counting build only: mark reach point `point` — plus `value` when `offset` (the points of
    a table's rows are consecutive, and value is a row) — then give value."""

    point: int
    value: Expr
    offset: bool = False


EXPR_CLASSES = (Const, Local, Load, Binary, Logic, Not, Neg, Cond, Checked, CallFn, Helper, MakeList,
                Concat, Index, Length, Contains, IntRange, Comp, BestOf, SortBy, ZoneTotal, Present,
                Format, Show, NoMods, ApplyMods, CellValue, OrElse, Select, FrameIndex, Reached)
