"""Program nodes, part two: statements."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Union

from .node_exprs import Expr, Name, Node, Span, String, Subscript, walk


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
    askers: Optional[Expr] = None  # `answered by ORDER`: the players asked, in order, until one cancels


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
    value_span: Optional[Span] = field(default=None, compare=False, repr=False)
    span_name_span: Optional[Span] = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class Log(Node):
    text: String
    audience: Optional[Expr] = None  # `to P`: only P reads the text ...
    public: Optional[String] = None  # ... and the others read this one (none: nothing)


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

    label: Optional[String]  # none: the move is told by its values alone
    binders: tuple
    body: tuple
    guard: Optional[Expr] = None  # `option "…" where COND:` — offered only while COND holds
    public: Optional[String] = None  # `public "…"`: the move as the players not deciding see it


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
class LoadDie(Node):
    """`load DIE with FACES` — the die's next rolls, in order, instead of chance."""

    die: str
    faces: Expr


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
class Secretly(Node):
    """`each q in players chooses secretly:` — one simultaneous decision of every player: the
    body (one `choose`) runs for each player in seat order, each writing only its own private
    variables and zones, so no choice can show in or change another's."""

    var: str
    domain: Expr
    body: tuple

    def as_loop(self) -> "For":
        """What it runs as: `for q in players: turn q: body` (the same body, so each statement
        keeps its place for coverage and errors)."""
        turn = SpanBlock(self.span, "turn", "turn", Name(self.span, self.var), self.body)
        return For(self.span, self.var, self.domain, (turn,))

    def writes(self) -> frozenset:
        """The names it seals: each variable it assigns, each zone it moves or puts pieces into (the
        checker's reveal warnings and the engine's samples both read them from here)."""
        found = set()
        for node in walk(self.body):
            if isinstance(node, Assign):
                found.add(node.name)
            elif isinstance(node, (Move, Put)):
                zone = node.dest if isinstance(node, Move) else node.zone
                while isinstance(zone, Subscript):
                    zone = zone.target
                if isinstance(zone, Name):
                    found.add(zone.name)
        return frozenset(found)


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
    Break, Pass, Choose, UpTo, Pick, LoadDie, If, For, Secretly, Repeat, While, Loop, SpanBlock, Allow, RunCode,
]
