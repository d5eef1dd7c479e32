"""The program: frozen dataclass nodes, each carrying the source span it came from."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Union


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


# ---------------------------------------------------------------- statements
@dataclass(frozen=True)
class Let(Node):
    name: str
    value: Expr


@dataclass(frozen=True)
class Assign(Node):
    name: str
    indexes: tuple  # tuple of tuples of Expr (one per [...])
    op: str  # "=", "+=", "-="
    value: Expr


@dataclass(frozen=True)
class CallStmt(Node):
    name: str
    args: tuple


@dataclass(frozen=True)
class Move(Node):
    """`move [N] K from A to B` (count None means 1), or `move all from A to B` (kind None)."""

    count: Optional[Expr]
    kind: Optional[Expr]
    source: Expr
    dest: Expr


@dataclass(frozen=True)
class Draw(Node):
    count: Expr
    source: Expr
    dest: Expr


@dataclass(frozen=True)
class Put(Node):
    """`put N K into Z` adds pieces from outside the game; `take N K out of Z` removes them."""

    count: Expr
    kind: Expr
    zone: Expr
    remove: bool


@dataclass(frozen=True)
class Shuffle(Node):
    zone: Expr


@dataclass(frozen=True)
class Merge(Node):
    first: Expr
    second: Expr


@dataclass(frozen=True)
class Connect(Node):
    """`connect a with b`: lay an edge between two nodes of a network board."""

    first: Expr
    second: Expr


@dataclass(frozen=True)
class EndGame(Node):
    winners: Optional[Expr]
    reason: Optional[String]


@dataclass(frozen=True)
class Emit(Node):
    event: str
    args: tuple
    body: Optional[tuple]  # default action, skipped when a handler cancels


@dataclass(frozen=True)
class Cancel(Node):
    pass


@dataclass(frozen=True)
class Modify(Node):
    value: str
    params: tuple
    op: str  # "+=", "-=", ":="
    amount: Expr
    condition: Optional[Expr]
    span_name: str


@dataclass(frozen=True)
class Log(Node):
    text: String


@dataclass(frozen=True)
class Break(Node):
    pass


@dataclass(frozen=True)
class Pass(Node):
    pass


@dataclass(frozen=True)
class Binder(Node):
    var: str
    domain: Expr
    condition: Optional[Expr]


@dataclass(frozen=True)
class Option(Node):
    """One entry of a choice: a move text, its variables, and what it does."""

    label: String
    binders: tuple
    body: tuple
    guard: Optional[Expr] = None  # `option "…" where COND:` — offered only while COND holds


@dataclass(frozen=True)
class Choose(Node):
    """A decision. The plain form binds its variables for the rest of the block; the menu form
    (`choose:` with `option` entries) runs the chosen option's body."""

    options: tuple
    chooser: Optional[Expr]
    optional: bool = False
    menu: bool = False


@dataclass(frozen=True)
class UpTo(Node):
    """`choose up to N x in D: body` — pick up to N times (stop any time), running body each time."""

    count: Expr
    option: Option
    chooser: Optional[Expr]


@dataclass(frozen=True)
class Pick(Node):
    """A chance choice: a uniformly random element of a domain."""

    var: str
    domain: Expr
    condition: Optional[Expr]


@dataclass(frozen=True)
class If(Node):
    branches: tuple  # ((cond, body), ...)
    otherwise: Optional[tuple]


@dataclass(frozen=True)
class For(Node):
    var: str
    domain: Expr
    body: tuple


@dataclass(frozen=True)
class Repeat(Node):
    count: Expr
    body: tuple


@dataclass(frozen=True)
class While(Node):
    condition: Expr
    body: tuple


@dataclass(frozen=True)
class Loop(Node):
    body: tuple


@dataclass(frozen=True)
class Allow(Node):
    """`allow ACTION(args) [by P]: body` — while body runs, P's decisions also offer the action."""

    action: str
    args: tuple
    player: Optional[Expr]
    body: tuple
    condition: Optional[Expr] = None  # `when COND`: allowed only if it holds on entering


@dataclass(frozen=True)
class RunCode(Node):
    """`run COLUMN of MEMBER [with args]` — run the rules text in that member's table cell."""

    column: str
    member: Expr
    args: tuple


@dataclass(frozen=True)
class SpanBlock(Node):
    """`round:`, `phase NAME:`, `turn P:` and `step NAME:` — named stretches of play."""

    kind: str  # "round" | "phase" | "turn" | "step"
    name: str
    player: Optional[Expr]
    body: tuple


Stmt = Union[
    Let, Assign, CallStmt, Move, Draw, Put, Shuffle, Merge, Connect, EndGame, Emit, Cancel, Modify, Log,
    Break, Pass, Choose, UpTo, Pick, If, For, Repeat, While, Loop, SpanBlock, Allow, RunCode,
]


# ---------------------------------------------------------------- declarations
@dataclass(frozen=True)
class GameDecl(Node):
    title: str
    version: str


@dataclass(frozen=True)
class OptionDecl(Node):
    name: str
    kind: str  # "bool" | "int" | "choice"
    bounds: Optional[Range]
    choices: tuple
    default: Optional[Expr]
    help: str


@dataclass(frozen=True)
class Replace(Node):
    """`replace DECL` in a mod: DECL takes the place of the base game's declaration of that name."""

    decl: Node


@dataclass(frozen=True)
class RequireDecl(Node):
    """`require CONDITION else "message"`: options that break the condition are refused."""

    condition: Expr
    message: str


@dataclass(frozen=True)
class TableDecl(Node):
    name: str
    file: str
    key: Optional[str]


@dataclass(frozen=True)
class ConstDecl(Node):
    name: str
    value: Expr


@dataclass(frozen=True)
class PlayersDecl(Node):
    """`players 2..4 = 2`: the player counts a game allows, and the default."""

    counts: "Range"
    default: Optional[Expr]


@dataclass(frozen=True)
class TeamsDecl(Node):
    team_of: Expr
    names: Optional[Expr]


@dataclass(frozen=True)
class NamesDecl(Node):
    """`names T = list` gives display names to the members of a type (e.g. teams)."""

    type_name: str
    value: Expr


@dataclass(frozen=True)
class KindDecl(Node):
    name: str
    members: tuple
    table: Optional[str]


@dataclass(frozen=True)
class BoardDecl(Node):
    name: str
    shape: str  # "ring" | "grid" | "network"
    sizes: tuple


@dataclass(frozen=True)
class IndexPart(Node):
    type_name: Optional[str]
    low: Optional[Expr] = None
    high: Optional[Expr] = None


@dataclass(frozen=True)
class ZoneDecl(Node):
    name: str
    index: tuple  # of IndexPart
    kind: str
    ordered: bool
    visibility: str  # "public" | "hidden" | "private"


@dataclass(frozen=True)
class VarDecl(Node):
    name: str
    index: tuple
    type: TypeRef
    initial: Optional[Expr]
    visibility: str


@dataclass(frozen=True)
class Param(Node):
    name: str
    type: TypeRef


@dataclass(frozen=True)
class ValueDecl(Node):
    name: str
    params: tuple
    result: Optional[TypeRef]
    body: Expr


@dataclass(frozen=True)
class RuleDecl(Node):
    name: str
    params: tuple
    body: tuple


@dataclass(frozen=True)
class ActionDecl(Node):
    """`action NAME(params):` with `option` entries — see Allow."""

    name: str
    params: tuple
    options: tuple


@dataclass(frozen=True)
class CodeDecl(Node):
    """`code COLUMN of KIND(params) [-> TYPE [= default]]`: the column of KIND's table holds rules
    text — statements, or (with a type) an expression. The first parameter is the member itself."""

    column: str
    kind: str
    params: tuple
    result: Optional[TypeRef] = None
    default: Optional[Expr] = None


@dataclass(frozen=True)
class TriggerDecl(Node):
    """`when K enters Z[i]`, `when Z[i] changes`, `when event(a, b)`, `when end of SPAN`."""

    form: str  # "enter" | "change" | "event" | "span_end"
    name: str  # zone, event or span name
    binds: tuple  # names bound: enter -> (kind var, index var?); change -> (index var?,); event -> params
    condition: Optional[Expr]
    body: tuple


@dataclass(frozen=True)
class InvariantDecl(Node):
    label: str
    condition: Expr


@dataclass(frozen=True)
class BlockDecl(Node):
    """`setup:` and `flow:`."""

    kind: str
    body: tuple


@dataclass(frozen=True)
class ScoreDecl(Node):
    player: str
    value: Expr


@dataclass(frozen=True)
class StatisticDecl(Node):
    label: str
    value: Expr


@dataclass(frozen=True)
class Module(Node):
    """One parsed .rules file."""

    path: str
    decls: tuple
