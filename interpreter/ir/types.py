"""The types of the compiled form: every value an instruction computes or a slot holds has one.

They say what a typed back-end needs to lay a value out: an integer (with its range when it is
known: a player, a member of a kind, a node of a board, a slot of the state), a truth value, a
text, an optional value (`none` or a value), or a list.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


@dataclass(frozen=True)
class Type:
    """Base of the compiled form's types."""


@dataclass(frozen=True)
class Int(Type):
    """An integer; `of` says what it numbers, and `low`/`size` its range when known.

    of: "int" (a plain number), "player", "team", "kind NAME" (a member), "node BOARD",
    "group BOARD" (named by one of its nodes), "row TABLE" (a row's position), "slot" (an index
    into the state's data)."""

    of: str = "int"
    low: Optional[int] = None
    size: Optional[int] = None

    def contains(self, low: int, size: int) -> bool:
        """Does every value of this type lie in low .. low+size-1?"""
        return self.low is not None and self.size is not None and low <= self.low and \
            self.low + self.size <= low + size


@dataclass(frozen=True)
class Bool(Type):
    pass


@dataclass(frozen=True)
class Text(Type):
    pass


@dataclass(frozen=True)
class Nothing(Type):
    """The type of `none` itself."""


@dataclass(frozen=True)
class Opt(Type):
    """`none`, or a value of `inner` (`T?` in the rules)."""

    inner: Type


@dataclass(frozen=True)
class List(Type):
    """An ordered, immutable list (a pile, a list variable, a domain)."""

    elem: Type


@dataclass(frozen=True)
class Unknown(Type):
    """A value the rules' checker could not type (a table column mixing kinds of values)."""


INT = Int()
SLOT = Int("slot")
COUNT = Int("count", 0)  # how many pieces (of a kind) a zone holds: never below 0
BOOL = Bool()
TEXT = Text()
NOTHING = Nothing()
UNKNOWN = Unknown()


def optional(t: Type) -> Type:
    return t if isinstance(t, (Opt, Nothing)) else Opt(t)


def element(t: Type) -> Type:
    """What iterating a list of t gives."""
    return t.elem if isinstance(t, List) else INT


def show(t: Type) -> str:
    if isinstance(t, Int):
        span = f" {t.low}..{t.low + t.size - 1}" if t.low is not None and t.size is not None else ""
        return f"{t.of}{span}"
    if isinstance(t, Opt):
        return f"{show(t.inner)}?"
    if isinstance(t, List):
        return f"list of {show(t.elem)}"
    return type(t).__name__.lower()
