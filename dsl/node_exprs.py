"""Program nodes, part one: spans, types as written, and expressions."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator, Optional, Union


@dataclass(frozen=True)
class Span:
    """Where a node was written: file, 1-based line and column."""

    path: str
    line: int
    column: int
    end_line: int = 0
    end_column: int = 0

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"


NOWHERE = Span("<builtin>", 0, 0)


@dataclass(frozen=True)
class Node:
    span: Span = field(compare=False, repr=False)


def walk(node: "Node | tuple") -> Iterator[Node]:
    """The node and every node inside it (statements in blocks, branches of an if, expressions),
    depth first, in source order: for the checker's and the engine's analyses of the rules."""
    stack: list = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, tuple):
            stack.extend(reversed(item))
            continue
        if not isinstance(item, Node):
            continue
        yield item
        stack.extend(reversed([getattr(item, name) for name in type(item).__dataclass_fields__]))


# ---------------------------------------------------------------- types
@dataclass(frozen=True)
class TypeRef(Node):
    """A type as written: `int`, `player`, `colour`, `list of T`, `group of B`, `T?`."""

    name: str
    arg: Optional["TypeRef"] = None  # element type for list, board for group (as TypeRef(name))
    optional: bool = False


# ---------------------------------------------------------------- expressions
@dataclass(frozen=True)
class Number(Node):
    value: int


@dataclass(frozen=True)
class String(Node):
    """A text literal; `{expr}` pieces are parsed into `parts` (str or Expr)."""

    parts: tuple


@dataclass(frozen=True)
class Bool(Node):
    value: bool


@dataclass(frozen=True)
class NoneLit(Node):
    pass


@dataclass(frozen=True)
class Name(Node):
    name: str


@dataclass(frozen=True)
class Attribute(Node):
    target: "Expr"
    name: str


@dataclass(frozen=True)
class Subscript(Node):
    target: "Expr"
    indexes: tuple


@dataclass(frozen=True)
class Call(Node):
    name: str
    args: tuple


@dataclass(frozen=True)
class Generator(Node):
    """`expr for var in domain where cond` inside an aggregate or a list."""

    element: "Expr"
    var: str
    domain: "Expr"
    condition: Optional["Expr"]


@dataclass(frozen=True)
class Aggregate(Node):
    """sum/max/min/any/all/count over a generator."""

    name: str
    generator: Generator


@dataclass(frozen=True)
class ListExpr(Node):
    items: tuple


@dataclass(frozen=True)
class ListComp(Node):
    generator: Generator


@dataclass(frozen=True)
class Best(Node):
    """`best x in D by e where c`: the one element with strictly the highest e, or none on a tie."""

    var: str
    domain: "Expr"
    key: "Expr"
    condition: Optional["Expr"]


@dataclass(frozen=True)
class Sort(Node):
    """`sort x in D by k1, k2`: D ordered by ascending keys (stable)."""

    var: str
    domain: "Expr"
    keys: tuple


@dataclass(frozen=True)
class BinOp(Node):
    op: str
    left: "Expr"
    right: "Expr"


@dataclass(frozen=True)
class BoolOp(Node):
    op: str  # "and" | "or"
    operands: tuple


@dataclass(frozen=True)
class Not(Node):
    operand: "Expr"


@dataclass(frozen=True)
class Neg(Node):
    operand: "Expr"


@dataclass(frozen=True)
class Range(Node):
    low: "Expr"
    high: "Expr"


@dataclass(frozen=True)
class Conditional(Node):
    then: "Expr"
    condition: "Expr"
    otherwise: "Expr"


Expr = Union[
    Number, String, Bool, NoneLit, Name, Attribute, Subscript, Call, Aggregate, ListExpr,
    ListComp, Best, Sort, BinOp, BoolOp, Not, Neg, Range, Conditional,
]
