"""A checked program: every declaration of a rules folder, by name, with its tables and types."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from . import nodes as n
from .types import Type


@dataclass(frozen=True)
class Table:
    """A list of rows (dicts) read from YAML, with where each row and cell was written."""

    name: str
    path: str
    rows: tuple
    row_spans: tuple
    key: str | None
    cell_spans: tuple = ()  # per row: {column: Span of where the cell's text starts}

    @property
    def columns(self) -> set[str]:
        names: set[str] = set()
        for row in self.rows:
            names.update(row)
        return names


@dataclass
class Symbol:
    """A name declared at the top level of a rules folder (or built in)."""

    kind: str  # option|const|table|kind|member|board|zone|var|value|rule|builtin_list|builtin_int
    name: str
    decl: Optional[n.Node]
    type: Type
    index: int = 0  # a member's position in its kind


@dataclass
class Program:
    """What the dsl layer hands the engine: declarations by name, tables, and static types."""

    path: str
    title: str
    version: str
    symbols: dict[str, Symbol]
    tables: dict[str, Table]
    options: dict[str, n.OptionDecl]
    players: Optional[n.PlayersDecl]
    teams: Optional[n.TeamsDecl]
    names: dict[str, n.NamesDecl]
    kinds: dict[str, n.KindDecl]
    boards: dict[str, n.BoardDecl]
    zones: dict[str, n.ZoneDecl]
    vars: dict[str, n.VarDecl]
    consts: dict[str, n.ConstDecl]
    values: dict[str, n.ValueDecl]
    rules: dict[str, n.RuleDecl]
    triggers: list[n.TriggerDecl]
    invariants: list[n.InvariantDecl]
    setup: Optional[n.BlockDecl]
    flow: Optional[n.BlockDecl]
    score: Optional[n.ScoreDecl]
    statistics: list[n.StatisticDecl]
    events: set[str]
    requirements: list = field(default_factory=list)
    actions: dict = field(default_factory=dict)  # name -> ActionDecl
    codes: dict = field(default_factory=dict)  # (column, kind) -> CodeDecl
    payoff: Optional[n.PayoffDecl] = None
    position: Optional[n.PositionDecl] = None
    links: dict = field(default_factory=dict)  # (column, kind) -> LinksDecl
    # (column, kind) -> per member, its links: each a tuple of (side number, lane number) ports
    link_cells: dict = field(default_factory=dict)
    dice: dict = field(default_factory=dict)  # name -> DieDecl
    # (column, kind) -> per member, the name of the rule made from its cell (None: empty cell)
    code_rules: dict = field(default_factory=dict)
    # Static type of every expression node, keyed by id(node); the nodes live as long as the program.
    types: dict[int, Type] = field(default_factory=dict)
    warnings: list[Any] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)  # the .rules files read, in order
    # The disk cache's hash of every file the program was read from (None: not read through it);
    # the compiled game's cache entries are named by it.
    source_key: Optional[str] = None

    def type_of(self, node: n.Node) -> Type:
        return self.types.get(id(node), "any")
