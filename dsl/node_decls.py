"""Program nodes, part three: the declarations of a rules file."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from .node_exprs import Expr, Node, Range, Span, String, TypeRef


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
    name_span: Optional[Span] = field(default=None, compare=False, repr=False)  # where NAME is written


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
    file_span: Optional[Span] = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class ConstDecl(Node):
    name: str
    value: Expr
    name_span: Optional[Span] = field(default=None, compare=False, repr=False)  # where NAME is written


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
    table_span: Optional[Span] = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class BoardDecl(Node):
    name: str
    shape: str  # "ring" | "grid" | "hex" | "network" | "ports"
    sizes: tuple
    # `ports of GRID by SIDES, LANES`: the grid whose cell sides carry the ports, the kind naming
    # the four sides, and the kind naming the ports of one side.
    grid: Optional[str] = None
    sides: Optional[str] = None
    lanes: Optional[str] = None
    diagonals: bool = False  # `grid W by H with diagonals`: diagonal cells are neighbours too
    from_bottom: bool = False  # `… from bottom left`: a1 at the bottom left (else the top left)


@dataclass(frozen=True)
class LinksDecl(Node):
    """`links COLUMN of KIND on PORTS`: the column of KIND's table lists, for each member (a tile),
    which ports of the cell it lies on it joins; `COLUMN(t, x)` and `COLUMN(t, x, q)` read it."""

    column: str
    kind: str
    board: str


@dataclass(frozen=True)
class DieDecl(Node):
    """`die NAME: FACES` — a die whose faces (worked out before play) are equally likely."""

    name: str
    faces: Expr


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
    kind_span: Optional[Span] = field(default=None, compare=False, repr=False)
    reveal: Optional[Expr] = None  # `hidden unless C`: shown to everyone while C holds
    said_public: bool = False  # `public` written: what it holds is meant for every player (check_reveals.py)


@dataclass(frozen=True)
class VarDecl(Node):
    name: str
    index: tuple
    type: TypeRef
    initial: Optional[Expr]
    visibility: str
    reveal: Optional[Expr] = None  # `private unless C`: shown to everyone while C holds
    said_public: bool = False  # `public` written: what it holds is meant for every player (check_reveals.py)


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
    name_span: Optional[Span] = field(default=None, compare=False, repr=False)  # where NAME is written


@dataclass(frozen=True)
class RuleDecl(Node):
    name: str
    params: tuple
    body: tuple
    name_span: Optional[Span] = field(default=None, compare=False, repr=False)  # where NAME is written


@dataclass(frozen=True)
class ActionDecl(Node):
    """`action NAME(params):` with `option` entries — see Allow."""

    name: str
    params: tuple
    options: tuple
    name_span: Optional[Span] = field(default=None, compare=False, repr=False)  # where NAME is written


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

    form: str  # "enter" | "change" | "event" | "answer" | "span_end"
    name: str  # zone, event or span name
    # names bound: enter -> (kind var, index var?); change -> (index var?,); event -> params;
    # answer -> params + (the player asked,)
    binds: tuple
    condition: Optional[Expr]
    body: tuple
    name_span: Optional[Span] = field(default=None, compare=False, repr=False)  # where NAME is written


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
class PositionDecl(Node):
    """`position: a, b, …` — the variables and zones `repetitions()` compares (with whose turn it is)."""

    names: tuple


@dataclass(frozen=True)
class PayoffDecl(Node):
    """`payoff(p) [in LOW .. HIGH] [total T] = value` — each player's payoff at the end; the
    bounds and the total are worked out before play."""

    player: str
    value: Expr
    low: Optional[Expr] = None
    high: Optional[Expr] = None
    total: Optional[Expr] = None


@dataclass(frozen=True)
class StatisticDecl(Node):
    """`statistic "label" [for x in D]: value` — with `for`, one figure per element of D."""

    label: str
    value: Expr
    var: Optional[str] = None
    domain: Optional[Expr] = None
    label_text: Optional[String] = None  # the label with its {placeholders}, when `for` is given


@dataclass(frozen=True)
class Module(Node):
    """One parsed .rules file."""

    path: str
    decls: tuple
