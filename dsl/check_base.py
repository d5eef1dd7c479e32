"""The checker's ground: local scopes, reporting, and types as written."""
from __future__ import annotations

from typing import Optional

from . import nodes as n
from .node_exprs import walk as walk  # the checks import it from here
from .errors import Diagnostic, did_you_mean
from .program import Program, Symbol
from .tables import Table
from .types import ANY, BOOL, INT, NONE, PLAYER, SIMPLE_TYPE_NAMES, TEAM, TEXT, Type, compatible, optional, show


SPAN_NAMES = ("turn", "round", "phase", "step", "game")
BUILTIN_NAMES: dict[str, Type] = {
    "players": ("list", PLAYER),
    "teams": ("list", TEAM),
    "player_count": INT,
    "current_player": PLAYER,
}


def column_type(table: Table, column: str) -> Type:
    """A table column's type, read off its values: `T?` when a row leaves it empty."""
    found: set = set()
    for row in table.rows:
        found.add(_value_type(row.get(column)))
    empty = NONE in found
    found.discard(NONE)
    t = found.pop() if len(found) == 1 else ANY
    return optional(t) if empty else t


def _value_type(value) -> Type:
    if isinstance(value, bool):
        return BOOL
    if isinstance(value, int):
        return INT
    if isinstance(value, str):
        return TEXT
    if value is None:
        return NONE
    if isinstance(value, list):
        inner = {_value_type(v) for v in value}
        return ("list", inner.pop() if len(inner) == 1 else ANY)
    return ANY


class Scope:
    """Local names of one block, chained to the enclosing block's, and the expressions known not
    to be none there (see check_none.py)."""

    def __init__(self, parent: Optional["Scope"] = None, loop: bool = False, event: bool = False,
                 acting: bool = False):
        self.names: dict[str, Type] = {}
        self.parent = parent
        self.loop: bool = loop or (parent.loop if parent else False)
        self.event: bool = event or (parent.event if parent else False)
        # in an `allow` block, where a standing action may run at any decision
        self.acting: bool = acting or (parent.acting if parent else False)
        self.known: dict = dict(parent.known) if parent is not None and parent.known else {}

    def lookup(self, name: str) -> Optional[Type]:
        scope: Optional[Scope] = self
        while scope is not None:
            if name in scope.names:
                return scope.names[name]
            scope = scope.parent
        return None

    def all_names(self) -> set[str]:
        names: set[str] = set()
        scope: Optional[Scope] = self
        while scope is not None:
            names.update(scope.names)
            scope = scope.parent
        return names

    def child(self, loop: bool = False, event: bool = False, acting: bool = False) -> "Scope":
        return Scope(self, loop=loop, event=event, acting=acting)


# How a message names what a declared name is (Symbol.kind is the program's own word).
_KIND_WORDS = {"const": "constant", "var": "variable", "member": "member of a kind", "codevalue": "code column"}


def describe(symbol: Symbol) -> str:
    return _KIND_WORDS.get(symbol.kind, symbol.kind)


class CheckerBase:
    """What every part of the checker shares: the program, the mistakes found so far, and types."""

    def __init__(self, program: Program):
        self.p = program
        self.diagnostics: list[Diagnostic] = []
        self.used_rules: set[str] = set()
        self.used_values: set[str] = set()
        self.used_actions: set[str] = set()
        self.event_arity: dict[str, tuple[int, n.Span]] = {}
        self.event_types: dict[str, tuple] = {}
        self.answered_events: set[str] = set()  # events emitted with `answered by`
        self.span_kinds: set[str] = set()
        self.modifier_spans: list[tuple[str, n.Span]] = []
        self._reported: set[Diagnostic] = set()
        # The types with a `?` in them, by expression id (Program.types records them without).
        self.opt_types: dict[int, Type] = {}
        # The types as declared (`?` kept) of constants and unindexed variables, and values' results.
        self.declared_types: dict[str, Type] = {}
        self._modified: Optional[set] = None  # the values a `modify` changes (check_none.py)
        self._effects: dict = {}  # check_none.py's caches: what a statement changes, a value call's body
        self._bodies: dict = {}
        self._facts: dict = {}  # … what a condition makes known, what a known expression reads
        self._keys: dict = {}
        self._columns: dict[tuple, Type] = {}  # a table column's type, by (table, column)

    # ------------------------------------------------------------ reporting
    def error(self, span: Optional[n.Span], message: str) -> None:
        self._report(Diagnostic(span, message))

    def warn(self, span: Optional[n.Span], message: str, unused: Optional[str] = None) -> None:
        self._report(Diagnostic(span, message, "warning", unused=unused))

    def _report(self, diagnostic: Diagnostic) -> None:
        """Say each thing once: a type written once is resolved at every use of its declaration."""
        if diagnostic not in self._reported:
            self._reported.add(diagnostic)
            self.diagnostics.append(diagnostic)

    def expect(self, node: n.Node, actual: Type, wanted: Type, what: str) -> None:
        if not compatible(wanted, actual):
            self.error(node.span, f"{what} must be {show(wanted)}, not {show(actual)}")

    # ------------------------------------------------------------ types as written
    def resolve_type(self, ref: n.TypeRef, keep_optional: bool = False) -> Type:
        """The type written; `T?` is T unless `keep_optional` (the engine's view of it is T)."""
        t = self._type_as_written(ref, keep_optional)
        return optional(t) if keep_optional and ref.optional else t

    def declared(self, ref: n.TypeRef) -> Type:
        """A declared type as the checker holds it: `player?` may be none."""
        return self.resolve_type(ref, keep_optional=True)

    def _type_as_written(self, ref: n.TypeRef, keep_optional: bool) -> Type:
        if ref.name in ("list", "group") and ref.arg is not None:
            return self.compound_type(ref.name, ref.arg, keep_optional)
        if ref.name in SIMPLE_TYPE_NAMES:
            return ref.name
        if ref.name in self.p.kinds:
            return ("kind", ref.name)
        if ref.name in self.p.boards:
            return ("node", ref.name)
        if ref.name in ("zone", "pile") or ref.name in self.p.zones:
            self.error(ref.span, "a zone is not a value: a value or rule cannot take one, nor a variable hold one; "
                                 "take what tells the zones apart (a player, a node) and name the zone inside, "
                                 "e.g. `value held(p: player) -> int = count(hand[p])`")
            return ANY
        known = list(SIMPLE_TYPE_NAMES) + list(self.p.kinds) + list(self.p.boards)
        self.error(ref.span, f"unknown type '{ref.name}'{did_you_mean(ref.name, known)}")
        return ANY

    def compound_type(self, form: str, arg: n.TypeRef, keep_optional: bool = False) -> Type:
        """`list of T` and `group of BOARD`."""
        if form == "list":
            return ("list", self.resolve_type(arg, keep_optional))
        if form == "group":
            board = arg.name
            if board not in self.p.boards:
                self.error(arg.span, f"unknown board '{board}'{did_you_mean(board, self.p.boards)}")
                return ANY
            return ("group", board)
        return ANY

    def index_type(self, part: n.IndexPart) -> Type:
        if part.type_name is None:
            for bound in (part.low, part.high):
                if bound is not None:
                    self.need(bound, Scope(), INT, "a range bound")
            return INT
        return self.resolve_type(n.TypeRef(part.span, part.type_name))

    def expr(self, e: n.Node, scope: Scope) -> Type:
        raise NotImplementedError  # ExpressionChecks gives every expression its type

    def need(self, e: n.Node, scope: Scope, wanted: Type, what: str) -> Type:
        raise NotImplementedError  # ExpressionChecks: e, where a value of `wanted` is expected


def root_name(e: "n.Node") -> str:
    """The name a zone or variable expression starts from (`school` in `school[p]`)."""
    while isinstance(e, (n.Subscript, n.Attribute)):
        e = e.target
    return e.name if isinstance(e, n.Name) else ""
