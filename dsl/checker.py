"""Static checks before anything runs: names, argument counts, types, table columns, options."""
from __future__ import annotations

from typing import Iterable, Optional

from . import nodes as n
from .errors import Diagnostic, did_you_mean
from .program import Program, Symbol
from .tables import Table
from .types import (
    AGGREGATES, ANY, BOOL, BUILTINS, INT, NONE, PLAYER, SIMPLE_TYPE_NAMES, TEAM, TEXT, Type,
    compatible, element_of, same_family, show,
)

SPAN_NAMES = ("turn", "round", "phase", "step", "game")
BUILTIN_NAMES: dict[str, Type] = {
    "players": ("list", PLAYER),
    "teams": ("list", TEAM),
    "player_count": INT,
    "current_player": PLAYER,
}


def column_type(table: Table, column: str) -> Type:
    """A table column's type, read off its values."""
    found: set = set()
    for row in table.rows:
        if column in row:
            found.add(_value_type(row[column]))
    found.discard(NONE)
    return found.pop() if len(found) == 1 else ANY


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
    """Local names of one block, chained to the enclosing block's."""

    def __init__(self, parent: Optional["Scope"] = None, loop: bool = False, event: bool = False):
        self.names: dict[str, Type] = {}
        self.parent = parent
        self.loop = loop or (parent.loop if parent else False)
        self.event = event or (parent.event if parent else False)

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

    def child(self, loop: bool = False, event: bool = False) -> "Scope":
        return Scope(self, loop=loop, event=event)


class Checker:
    """Walks a program once, recording the type of every expression and every mistake it sees."""

    def __init__(self, program: Program):
        self.p = program
        self.diagnostics: list[Diagnostic] = []
        self.used_rules: set[str] = set()
        self.used_values: set[str] = set()
        self.used_actions: set[str] = set()
        self.event_arity: dict[str, tuple[int, n.Span]] = {}
        self.event_types: dict[str, tuple] = {}
        self.span_kinds: set[str] = set()
        self.modifier_spans: list[tuple[str, n.Span]] = []

    # ------------------------------------------------------------ reporting
    def error(self, span: n.Span, message: str) -> None:
        self.diagnostics.append(Diagnostic(span, message))

    def warn(self, span: n.Span, message: str) -> None:
        self.diagnostics.append(Diagnostic(span, message, "warning"))

    def expect(self, node: n.Node, actual: Type, wanted: Type, what: str) -> None:
        if not compatible(wanted, actual):
            self.error(node.span, f"{what} must be {show(wanted)}, not {show(actual)}")

    # ------------------------------------------------------------ types as written
    def resolve_type(self, ref: n.TypeRef) -> Type:
        if ref.name == "list":
            return ("list", self.resolve_type(ref.arg))
        if ref.name == "group":
            board = ref.arg.name
            if board not in self.p.boards:
                self.error(ref.arg.span, f"unknown board '{board}'{did_you_mean(board, self.p.boards)}")
                return ANY
            return ("group", board)
        if ref.name in SIMPLE_TYPE_NAMES:
            return ref.name
        if ref.name in self.p.kinds:
            return ("kind", ref.name)
        if ref.name in self.p.boards:
            return ("node", ref.name)
        known = list(SIMPLE_TYPE_NAMES) + list(self.p.kinds) + list(self.p.boards)
        self.error(ref.span, f"unknown type '{ref.name}'{did_you_mean(ref.name, known)}")
        return ANY

    def index_type(self, part: n.IndexPart) -> Type:
        if part.type_name is None:
            for bound in (part.low, part.high):
                self.expect(bound, self.expr(bound, Scope()), INT, "a range bound")
            return INT
        return self.resolve_type(n.TypeRef(part.span, part.type_name))

    # ------------------------------------------------------------ the whole program
    def run(self) -> list[Diagnostic]:
        p = self.p
        top = Scope()
        for decl in p.vars.values():
            if not decl.index:
                p.symbols[decl.name].type = self.resolve_type(decl.type)
        for decl in p.consts.values():
            p.symbols[decl.name].type = self.expr(decl.value, top)
        for decl in p.options.values():
            if decl.default is not None:
                t = self.expr(decl.default, top)
                wanted = BOOL if decl.kind == "bool" else INT if decl.kind == "int" else ANY
                if decl.kind == "list":
                    if decl.choices[0] not in p.kinds:
                        self.error(decl.span, f"unknown kind '{decl.choices[0]}'{did_you_mean(decl.choices[0], p.kinds)}")
                    elif not isinstance(decl.default, n.ListExpr) or decl.default.items:
                        self.error(decl.default.span, "a list option's default is [] (none given)")
                elif decl.kind == "choice":
                    if not (isinstance(decl.default, n.Name) and decl.default.name in decl.choices):
                        self.error(decl.default.span, f"the default must be one of {', '.join(decl.choices)}")
                else:
                    self.expect(decl.default, t, wanted, f"the default of option '{decl.name}'")
        for decl in p.requirements:
            self.expect(decl.condition, self.expr(decl.condition, top), BOOL, "a requirement")
        if p.players is not None:
            for bound in (p.players.counts.low, p.players.counts.high):
                self.expect(bound, self.expr(bound, top), INT, "a player count")
            if p.players.default is not None:
                self.expect(p.players.default, self.expr(p.players.default, top), INT, "the default player count")
        if p.teams is not None:
            self.expect(p.teams.team_of, self.expr(p.teams.team_of, top), ("list", INT), "teams")
            if p.teams.names is not None:
                self.expect(p.teams.names, self.expr(p.teams.names, top), ("list", TEXT), "team names")
        for decl in p.names.values():
            if decl.type_name not in ("player", "team") and decl.type_name not in p.kinds:
                self.error(decl.span, f"names can be given to players, teams or a kind, not '{decl.type_name}'")
            self.expect(decl.value, self.expr(decl.value, top), ("list", TEXT), "names")
        for decl in p.kinds.values():
            if decl.table is not None and decl.table not in p.tables:
                self.error(decl.span, f"unknown table '{decl.table}'{did_you_mean(decl.table, p.tables)}")
        for decl in p.boards.values():
            for size in decl.sizes:
                self.expect(size, self.expr(size, top), INT, "a board size")
        for decl in p.zones.values():
            if decl.kind not in p.kinds:
                self.error(decl.span, f"unknown kind '{decl.kind}'{did_you_mean(decl.kind, p.kinds)}")
            types = [self.index_type(part) for part in decl.index]
            if decl.visibility == "private" and types[:1] != [PLAYER]:
                self.error(decl.span, "a private zone must be indexed by player first")
        for decl in p.vars.values():
            index_types = [self.index_type(part) for part in decl.index]
            if decl.visibility == "private" and index_types[:1] != [PLAYER]:
                self.error(decl.span, "a private variable must be indexed by player first")
            t = self.resolve_type(decl.type)
            if decl.initial is not None:
                self.expect(decl.initial, self.expr(decl.initial, top), t, f"the start value of '{decl.name}'")
            elif t in (PLAYER, TEAM) or (isinstance(t, tuple) and t[0] in ("kind", "node", "group")):
                if not decl.type.optional:
                    self.error(decl.span, f"'{decl.name}' needs a start value (or make its type optional with '?')")
        for decl in p.values.values():
            scope = self.params_scope(decl.params)
            t = self.expr(decl.body, scope)
            if decl.result is not None:
                self.expect(decl.body, t, self.resolve_type(decl.result), f"value '{decl.name}'")
        for decl in p.rules.values():
            self.block(decl.body, self.params_scope(decl.params))
        for decl in p.actions.values():
            scope = self.params_scope(decl.params)
            self.s_Choose(n.Choose(decl.span, decl.options, None, False, True), scope)
        for (column, kind), decl in p.codes.items():
            scope = self.params_scope(decl.params)
            if decl.default is not None:
                self.expect(decl.default, self.expr(decl.default, scope), self.resolve_type(decl.result),
                            f"the default of '{column}'")
        for decl in (p.setup, p.flow):
            if decl is not None:
                self.block(decl.body, Scope())
        # Handlers last: an event's parameters take the types of the arguments it is emitted with.
        for decl in p.triggers:
            self.trigger(decl)
        for decl in p.invariants:
            self.expect(decl.condition, self.expr(decl.condition, top), BOOL, "an invariant")
        if p.flow is None:
            self.error(n.Span(p.path, 1, 1), "the game has no 'flow:' block")
        if p.score is not None:
            scope = Scope()
            scope.names[p.score.player] = PLAYER
            self.expect(p.score.value, self.expr(p.score.value, scope), INT, "a score")
        for decl in p.statistics:
            t = self.expr(decl.value, Scope())
            if t not in (INT, BOOL, ANY, TEXT) and not (isinstance(t, tuple) and t[0] in ("list", "kind")):
                self.error(decl.value.span, f"a statistic must be a number, a truth value or a list, not {show(t)}")
        for span_name, span in self.modifier_spans:
            if span_name != "game" and span_name not in self.span_kinds:
                self.warn(span, f"the flow has no '{span_name}' block, so this lasts until the game ends")
        for name, decl in p.rules.items():
            if name not in self.used_rules and " of " not in name:  # table cells run by `run`
                self.warn(decl.span, f"rule '{name}' is never used")
        for name, decl in p.actions.items():
            if name not in self.used_actions:
                self.warn(decl.span, f"action '{name}' is never allowed")
        for name, decl in p.values.items():
            if name not in self.used_values and " of " not in name:
                self.warn(decl.span, f"value '{name}' is never used")
        return self.diagnostics

    def params_scope(self, params: Iterable[n.Param]) -> Scope:
        scope = Scope()
        for param in params:
            scope.names[param.name] = self.resolve_type(param.type)
        return scope

    def trigger(self, decl: n.TriggerDecl) -> None:
        scope = Scope(event=decl.form == "event")
        p = self.p
        if decl.form in ("enter", "change"):
            zone = p.zones.get(decl.name)
            if zone is None:
                self.error(decl.span, f"unknown zone '{decl.name}'{did_you_mean(decl.name, p.zones)}")
            else:
                index_var = decl.binds[-1]
                if index_var is not None:
                    if len(zone.index) != 1:
                        self.error(decl.span, f"zone '{decl.name}' has {len(zone.index)} indexes; a trigger can bind one")
                    else:
                        scope.names[index_var] = self.index_type(zone.index[0])
                if decl.form == "enter":
                    scope.names[decl.binds[0]] = ("kind", zone.kind)
        elif decl.form == "event":
            self.note_event(decl.name, len(decl.binds), decl.span)
            types = self.event_types.get(decl.name, ())
            for i, name in enumerate(decl.binds):
                scope.names[name] = types[i] if i < len(types) else ANY
        elif decl.name not in SPAN_NAMES[:-1]:
            self.error(decl.span, f"'end of {decl.name}': the spans are turn, round, phase and step")
        if decl.condition is not None:
            self.expect(decl.condition, self.expr(decl.condition, scope), BOOL, "a trigger condition")
        self.block(decl.body, scope)

    def note_event(self, name: str, arity: int, span: n.Span) -> None:
        seen = self.event_arity.get(name)
        if seen is None:
            self.event_arity[name] = (arity, span)
        elif seen[0] != arity:
            self.error(span, f"event '{name}' has {seen[0]} argument(s) at {seen[1]}, here {arity}")

    # ------------------------------------------------------------ statements
    def block(self, stmts: Iterable[n.Node], scope: Scope) -> None:
        for stmt in stmts:
            self.stmt(stmt, scope)

    def stmt(self, s: n.Node, scope: Scope) -> None:
        method = getattr(self, "s_" + type(s).__name__)
        method(s, scope)

    def s_Let(self, s: n.Let, scope: Scope) -> None:
        t = self.expr(s.value, scope)
        if s.name in self.p.symbols or s.name in BUILTIN_NAMES:
            self.error(s.span, f"'{s.name}' is already a name of the game; choose another")
        scope.names[s.name] = t

    def s_Assign(self, s: n.Assign, scope: Scope) -> None:
        value_type = self.expr(s.value, scope)
        local = scope.lookup(s.name)
        if local is not None:
            if s.indexes:
                self.error(s.span, f"'{s.name}' is a local name and cannot be indexed")
            target = local
        else:
            decl = self.p.vars.get(s.name)
            if decl is None:
                sym = self.p.symbols.get(s.name)
                if sym is not None:
                    self.error(s.span, f"'{s.name}' is a {sym.kind}, not a variable: it cannot be changed")
                else:
                    known = list(self.p.vars) + list(scope.all_names())
                    self.error(s.span, f"unknown variable '{s.name}'{did_you_mean(s.name, known)}")
                return
            given = [e for group in s.indexes for e in group]
            if len(given) != len(decl.index):
                self.error(s.span, f"'{s.name}' takes {len(decl.index)} index(es), not {len(given)}")
            for expr, part in zip(given, decl.index):
                self.expect(expr, self.expr(expr, scope), self.index_type(part), f"an index of '{s.name}'")
            target = self.resolve_type(decl.type)
        if s.op != "=":
            self.expect(s.value, value_type, INT, f"'{s.op}' needs a number; the value")
            self.expect(s.value, target, INT, f"'{s.op}' needs a number variable; '{s.name}'")
        else:
            self.expect(s.value, value_type, target, f"the value given to '{s.name}'")

    def s_CallStmt(self, s: n.CallStmt, scope: Scope) -> None:
        rule = self.p.rules.get(s.name)
        if rule is None:
            where = "value" if s.name in self.p.values else None
            if where:
                self.error(s.span, f"'{s.name}' is a value; a statement can only call a rule")
            else:
                self.error(s.span, f"unknown rule '{s.name}'{did_you_mean(s.name, self.p.rules)}")
            return
        self.used_rules.add(s.name)
        self.check_args(s, s.name, rule.params, s.args, scope)

    def check_args(self, node: n.Node, name: str, params, args, scope: Scope) -> None:
        if len(args) != len(params):
            self.error(node.span, f"'{name}' takes {len(params)} argument(s), not {len(args)}")
        for arg, param in zip(args, params):
            self.expect(arg, self.expr(arg, scope), self.resolve_type(param.type),
                        f"argument '{param.name}' of '{name}'")

    def zone_type(self, e: n.Node, scope: Scope, what: str) -> Optional[str]:
        """Check that e is a zone; give its kind name."""
        t = self.expr(e, scope)
        if isinstance(t, tuple) and t[0] in ("zone", "zones", "pile"):
            return t[1]
        if t != ANY:
            self.error(e.span, f"{what} must be a zone, not {show(t)}")
        return None

    def s_Move(self, s: n.Move, scope: Scope) -> None:
        src = self.zone_type(s.source, scope, "where pieces come from")
        dst = self.zone_type(s.dest, scope, "where pieces go")
        if src and dst and src != dst:
            self.error(s.dest.span, f"cannot move {src} pieces into a zone of {dst}")
        if s.count is not None:
            self.expect(s.count, self.expr(s.count, scope), INT, "a count")
        if s.kind is not None:
            t = self.expr(s.kind, scope)
            if src:
                self.expect(s.kind, t, ("kind", src), "the piece moved")

    def s_Draw(self, s: n.Draw, scope: Scope) -> None:
        self.expect(s.count, self.expr(s.count, scope), INT, "a count")
        src = self.zone_type(s.source, scope, "where pieces are drawn from")
        dst = self.zone_type(s.dest, scope, "where drawn pieces go")
        if src and dst and src != dst:
            self.error(s.dest.span, f"cannot draw {src} pieces into a zone of {dst}")

    def s_Put(self, s: n.Put, scope: Scope) -> None:
        self.expect(s.count, self.expr(s.count, scope), INT, "a count")
        kind = self.zone_type(s.zone, scope, "the zone")
        t = self.expr(s.kind, scope)
        if kind:
            self.expect(s.kind, t, ("kind", kind), "the piece")

    def s_Shuffle(self, s: n.Shuffle, scope: Scope) -> None:
        t = self.expr(s.zone, scope)
        if not (isinstance(t, tuple) and t[0] == "pile") and t != ANY:
            self.error(s.zone.span, f"only a pile can be shuffled, not {show(t)}")

    def s_Merge(self, s: n.Merge, scope: Scope) -> None:
        a, b = self.expr(s.first, scope), self.expr(s.second, scope)
        a = self._node_or_group(s.first, a, "merge", ("node", "group")) or ANY if a == INT else a
        b = self._node_or_group(s.second, b, "merge", ("node", "group")) or ANY if b == INT else b
        for e, t in ((s.first, a), (s.second, b)):
            if not (isinstance(t, tuple) and t[0] in ("group", "node")) and t != ANY:
                self.error(e.span, f"merge needs nodes or groups of a board, not {show(t)}")
        if isinstance(a, tuple) and isinstance(b, tuple) and a[1] != b[1]:
            self.error(s.span, f"cannot merge across boards '{a[1]}' and '{b[1]}'")

    def s_Connect(self, s: n.Connect, scope: Scope) -> None:
        boards = set()
        for e in (s.first, s.second):
            t = self.expr(e, scope)
            if isinstance(t, tuple) and t[0] == "node":
                boards.add(t[1])
                if self.p.boards[t[1]].shape != "network":
                    self.error(e.span, f"only a network board grows; '{t[1]}' is a {self.p.boards[t[1]].shape}")
            elif t != ANY:
                self.error(e.span, f"connect needs nodes of a network board, not {show(t)}")
        if len(boards) > 1:
            self.error(s.span, "cannot connect nodes of two boards")

    def s_EndGame(self, s: n.EndGame, scope: Scope) -> None:
        if s.winners is not None:
            t = self.expr(s.winners, scope)
            if not (compatible(("list", TEAM), t) or compatible(("list", PLAYER), t)):
                self.error(s.winners.span, f"winners must be a list of teams or players, not {show(t)}")
        if s.reason is not None:
            self.expr(s.reason, scope)

    def s_Emit(self, s: n.Emit, scope: Scope) -> None:
        self.note_event(s.event, len(s.args), s.span)
        types = tuple(self.expr(arg, scope) for arg in s.args)
        self.event_types.setdefault(s.event, types)
        if s.body is not None:
            self.block(s.body, scope.child())

    def s_Cancel(self, s: n.Cancel, scope: Scope) -> None:
        if not scope.event:
            self.error(s.span, "'cancel' belongs in a 'when EVENT(...)' handler")

    def s_Modify(self, s: n.Modify, scope: Scope) -> None:
        value = self.p.values.get(s.value)
        if s.span_name not in SPAN_NAMES:
            self.error(s.span, f"'until end of {s.span_name}': the spans are {', '.join(SPAN_NAMES)}")
        if value is None:
            self.error(s.span, f"unknown value '{s.value}'{did_you_mean(s.value, self.p.values)}")
            return
        self.used_values.add(s.value)
        self.modifier_spans.append((s.span_name, s.span))
        if len(s.params) != len(value.params):
            self.error(s.span, f"'{s.value}' takes {len(value.params)} argument(s), not {len(s.params)}")
        inner = scope.child()
        for name, param in zip(s.params, value.params):
            inner.names[name] = self.resolve_type(param.type)
        result = self.resolve_type(value.result) if value.result else self.p.type_of(value.body)
        amount = self.expr(s.amount, inner)
        self.expect(s.amount, amount, result if s.op == ":=" else INT, "the modifier's amount")
        if s.condition is not None:
            self.expect(s.condition, self.expr(s.condition, inner), BOOL, "a condition")

    def s_Log(self, s: n.Log, scope: Scope) -> None:
        self.expr(s.text, scope)

    def s_Break(self, s: n.Break, scope: Scope) -> None:
        if not scope.loop:
            self.error(s.span, "'break' outside a loop")

    def s_Pass(self, s: n.Pass, scope: Scope) -> None:
        pass

    def binders(self, binders, scope: Scope) -> None:
        for b in binders:
            t = self.expr(b.domain, scope)
            element = element_of(t)
            if element is None:
                self.error(b.domain.span, f"cannot choose from {show(t)}")
                element = ANY
            if b.var in self.p.symbols:
                self.error(b.span, f"'{b.var}' is already a name of the game; choose another")
            scope.names[b.var] = element
            if b.condition is not None:
                self.expect(b.condition, self.expr(b.condition, scope), BOOL, "a condition")

    def move_text(self, label: Optional[n.String], binders, scope: Scope) -> None:
        """A move's text shows its own choices and constants, so it reads the same anywhere."""
        if label is None:
            return
        own = {b.var for b in binders}
        constant_kinds = ("const", "option", "member", "kind", "board", "table")
        for part in label.parts:
            if isinstance(part, str):
                continue
            for node in _names_in(part):
                sym = self.p.symbols.get(node.name)
                local = node.name in own or node.name in _generator_vars(part)
                if not local and not (sym is not None and sym.kind in constant_kinds) \
                        and node.name not in ("players", "teams", "player_count"):
                    self.error(node.span, f"a move's text can show only its own choices and constants, "
                                          f"not '{node.name}'")
            for call in _calls_in(part):
                if call.name in self.p.values:
                    self.error(call.span, f"a move's text cannot use the value '{call.name}' (it reads the game)")

    def chooser(self, e, scope: Scope) -> None:
        if e is not None:
            self.expect(e, self.expr(e, scope), PLAYER, "who chooses")

    def s_Choose(self, s: n.Choose, scope: Scope) -> None:
        self.chooser(s.chooser, scope)
        if not s.menu:
            option = s.options[0]
            self.binders(option.binders, scope)  # a plain choice binds for the rest of the block
            if option.label is not None:
                self.expr(option.label, scope)
                self.move_text(option.label, option.binders, scope)
            return
        labels: set = set()
        for option in s.options:
            inner = scope.child()
            self.binders(option.binders, inner)
            if option.guard is not None:
                self.expect(option.guard, self.expr(option.guard, inner), BOOL, "an option's condition")
            self.expr(option.label, inner)
            self.move_text(option.label, option.binders, inner)
            self.block(option.body, inner)
            text = tuple(p if isinstance(p, str) else "{}" for p in option.label.parts)
            if text in labels:
                self.error(option.label.span, "two options with the same move text")
            labels.add(text)

    def s_UpTo(self, s: n.UpTo, scope: Scope) -> None:
        self.expect(s.count, self.expr(s.count, scope), INT, "a count")
        self.chooser(s.chooser, scope)
        inner = scope.child(loop=True)
        self.binders(s.option.binders, inner)
        if s.option.label is not None:
            self.expr(s.option.label, inner)
            self.move_text(s.option.label, s.option.binders, inner)
        self.block(s.option.body, inner)

    def s_Pick(self, s: n.Pick, scope: Scope) -> None:
        self.binders([n.Binder(s.span, s.var, s.domain, s.condition)], scope)

    def s_If(self, s: n.If, scope: Scope) -> None:
        for condition, body in s.branches:
            self.expect(condition, self.expr(condition, scope), BOOL, "a condition")
            self.block(body, scope.child())
        if s.otherwise is not None:
            self.block(s.otherwise, scope.child())

    def s_For(self, s: n.For, scope: Scope) -> None:
        t = self.expr(s.domain, scope)
        element = element_of(t)
        if element is None:
            self.error(s.domain.span, f"cannot loop over {show(t)}")
        inner = scope.child(loop=True)
        inner.names[s.var] = element or ANY
        self.block(s.body, inner)

    def s_Repeat(self, s: n.Repeat, scope: Scope) -> None:
        self.expect(s.count, self.expr(s.count, scope), INT, "a repeat count")
        self.block(s.body, scope.child(loop=True))

    def s_While(self, s: n.While, scope: Scope) -> None:
        self.expect(s.condition, self.expr(s.condition, scope), BOOL, "a condition")
        self.block(s.body, scope.child(loop=True))

    def s_Loop(self, s: n.Loop, scope: Scope) -> None:
        self.block(s.body, scope.child(loop=True))

    def s_Allow(self, s: n.Allow, scope: Scope) -> None:
        action = self.p.actions.get(s.action)
        if action is None:
            self.error(s.span, f"unknown action '{s.action}'{did_you_mean(s.action, self.p.actions)}")
        else:
            self.used_actions.add(s.action)
            self.check_args(s, s.action, action.params, s.args, scope)
        if s.player is not None:
            self.expect(s.player, self.expr(s.player, scope), PLAYER, "who may act")
        if s.condition is not None:
            self.expect(s.condition, self.expr(s.condition, scope), BOOL, "a condition")
        self.block(s.body, scope.child())

    def s_RunCode(self, s: n.RunCode, scope: Scope) -> None:
        t = self.expr(s.member, scope)
        if not (isinstance(t, tuple) and t[0] == "kind"):
            if t != ANY:
                self.error(s.member.span, f"'run {s.column} of …' needs a piece of a kind, not {show(t)}")
            return
        decl = self.p.codes.get((s.column, t[1]))
        if decl is None or decl.result is not None:
            known = [c for (c, k), d in self.p.codes.items() if k == t[1] and d.result is None]
            self.error(s.span, f"kind '{t[1]}' has no code column '{s.column}' of statements"
                               f"{did_you_mean(s.column, known)}")
            return
        self.check_args(s, f"{s.column} of {t[1]}", decl.params[1:], s.args, scope)

    def s_SpanBlock(self, s: n.SpanBlock, scope: Scope) -> None:
        self.span_kinds.add(s.kind)
        if s.player is not None:
            self.expect(s.player, self.expr(s.player, scope), PLAYER, "whose turn")
        self.block(s.body, scope.child())

    # ------------------------------------------------------------ expressions
    def expr(self, e: n.Node, scope: Scope) -> Type:
        t = getattr(self, "e_" + type(e).__name__)(e, scope)
        self.p.types[id(e)] = t
        return t

    def e_Number(self, e, scope):
        return INT

    def e_String(self, e, scope):
        for part in e.parts:
            if not isinstance(part, str):
                self.expr(part, scope)
        return TEXT

    def e_Bool(self, e, scope):
        return BOOL

    def e_NoneLit(self, e, scope):
        return NONE

    def e_Name(self, e: n.Name, scope: Scope) -> Type:
        local = scope.lookup(e.name)
        if local is not None:
            return local
        sym = self.p.symbols.get(e.name)
        if sym is not None:
            if sym.kind == "value":
                self.error(e.span, f"value '{e.name}' needs its arguments: {e.name}(…)")
                return ANY
            if sym.kind == "rule":
                self.error(e.span, f"rule '{e.name}' is a statement, not a value")
                return ANY
            return sym.type
        if e.name in BUILTIN_NAMES:
            return BUILTIN_NAMES[e.name]
        known = set(self.p.symbols) | set(BUILTIN_NAMES) | scope.all_names()
        self.error(e.span, f"unknown name '{e.name}'{did_you_mean(e.name, known)}")
        return ANY

    def e_Attribute(self, e: n.Attribute, scope: Scope) -> Type:
        t = self.expr(e.target, scope)
        if t == ANY:
            return ANY
        table = None
        if isinstance(t, tuple) and t[0] == "row":
            table = self.p.tables.get(t[1])
        elif isinstance(t, tuple) and t[0] == "kind":
            kind = self.p.kinds.get(t[1])
            if kind is not None and kind.table is not None:
                table = self.p.tables.get(kind.table)
            elif kind is not None:
                self.error(e.span, f"kind '{t[1]}' has no table, so its pieces have no '{e.name}'")
                return ANY
        if table is None:
            self.error(e.span, f"{show(t)} has no attribute '{e.name}'")
            return ANY
        if e.name not in table.columns:
            self.error(e.span, f"table '{table.name}' has no column '{e.name}'{did_you_mean(e.name, table.columns)}")
            return ANY
        return column_type(table, e.name)

    def e_Subscript(self, e: n.Subscript, scope: Scope) -> Type:
        t = self.expr(e.target, scope)
        index_types = [self.expr(i, scope) for i in e.indexes]
        if t == ANY:
            return ANY
        form, arg = t if isinstance(t, tuple) else (t, None)
        if form in ("zonedecl", "vardecl"):
            decl = self.p.zones[arg] if form == "zonedecl" else self.p.vars[arg]
            if len(e.indexes) != len(decl.index):
                self.error(e.span, f"'{arg}' takes {len(decl.index)} index(es), not {len(e.indexes)}")
                return ANY
            grouped = False
            for expr, given, part in zip(e.indexes, index_types, decl.index):
                wanted = self.index_type(part)
                if form == "zonedecl" and isinstance(wanted, tuple) and wanted[0] == "node" \
                        and given == ("group", wanted[1]):
                    grouped = True
                    continue
                self.expect(expr, given, wanted, f"an index of '{arg}'")
            if form == "vardecl":
                return self.resolve_type(decl.type)
            if decl.ordered:
                return ("pile", decl.kind)
            return ("zones" if grouped else "zone", decl.kind)
        if len(e.indexes) != 1:
            self.error(e.span, f"{show(t)} takes one index")
            return ANY
        index, given = e.indexes[0], index_types[0]
        if form in ("zone", "zones"):
            self.expect(index, given, ("kind", arg), "a piece kind")
            return INT
        if form in ("list", "pile"):
            self.expect(index, given, INT, "a position")
            return arg if form == "list" else ("kind", arg)
        if form == "table":
            table = self.p.tables[arg]
            if table.key is None:
                self.error(e.span, f"table '{arg}' has no key column; declare it with 'key COLUMN'")
            return ("row", arg)
        if form == "kinds":
            kind = self.p.kinds[arg]
            if kind.table is None:
                self.error(e.span, f"kind '{arg}' is not from a table; name its members directly")
            return ("kind", arg)
        self.error(e.span, f"{show(t)} cannot be indexed")
        return ANY

    def e_Call(self, e: n.Call, scope: Scope) -> Type:
        args = [self.expr(a, scope) for a in e.args]
        value = self.p.values.get(e.name)
        if value is not None:
            self.used_values.add(e.name)
            self.check_args_types(e, e.name, value.params, e.args, args)
            if value.result is not None:
                return self.resolve_type(value.result)
            return self.p.types.get(id(value.body), ANY)
        if e.name in self.p.rules:
            self.error(e.span, f"rule '{e.name}' is a statement; call it on a line of its own")
            return ANY
        code = next((d for (c, _), d in self.p.codes.items() if c == e.name and d.result is not None), None)
        if code is not None:
            self.check_args_types(e, e.name, code.params, e.args, args)
            return self.resolve_type(code.result)
        if e.name not in BUILTINS:
            known = set(BUILTINS) | set(self.p.values)
            self.error(e.span, f"unknown function '{e.name}'{did_you_mean(e.name, known)}")
            return ANY
        low, high, _ = BUILTINS[e.name]
        if not low <= len(args) <= high:
            wanted = str(low) if low == high else f"{low} to {high}"
            self.error(e.span, f"'{e.name}' takes {wanted} argument(s), not {len(args)}")
            return ANY
        return getattr(self, "b_" + e.name)(e, args)

    def check_args_types(self, node, name, params, exprs, types) -> None:
        if len(types) != len(params):
            self.error(node.span, f"'{name}' takes {len(params)} argument(s), not {len(types)}")
        for expr, t, param in zip(exprs, types, params):
            self.expect(expr, t, self.resolve_type(param.type), f"argument '{param.name}' of '{name}'")

    # built-in functions: each checks its arguments and gives its result type
    def b_count(self, e, args):
        t = args[0]
        if element_of(t) is None and t != ANY:
            self.error(e.args[0].span, f"count needs a zone or a list, not {show(t)}")
        return INT

    def b_len(self, e, args):
        return self.b_count(e, args)

    def b_team(self, e, args):
        self.expect(e.args[0], args[0], PLAYER, "the argument of team()")
        return TEAM

    def b_members(self, e, args):
        self.expect(e.args[0], args[0], TEAM, "the argument of members()")
        return ("list", PLAYER)

    def b_seats(self, e, args):
        self.expect(e.args[0], args[0], PLAYER, "the argument of seats()")
        return ("list", PLAYER)

    def b_next_player(self, e, args):
        self.expect(e.args[0], args[0], PLAYER, "the argument of next_player()")
        return PLAYER

    def _board_arg(self, e, t, what):
        if isinstance(t, tuple) and t[0] == "board":
            return t[1]
        if t != ANY:
            self.error(e.span, f"{what} needs a board, not {show(t)}")
        return None

    def b_nodes(self, e, args):
        board = self._board_arg(e.args[0], args[0], "nodes()")
        return ("list", ("node", board)) if board else ANY

    def b_groups(self, e, args):
        board = self._board_arg(e.args[0], args[0], "groups()")
        return ("list", ("group", board)) if board else ANY

    def _node_or_group(self, e, t, what, forms=("node", "group")):
        if isinstance(t, tuple) and t[0] in forms:
            return t
        if t == INT and "node" in forms and len(self.p.boards) == 1:
            return ("node", next(iter(self.p.boards)))  # a number names a node of the only board
        if t != ANY:
            self.error(e.span, f"{what} needs a {' or '.join(forms)} of a board, not {show(t)}")
        return None

    def b_group(self, e, args):
        t = self._node_or_group(e.args[0], args[0], "group()", ("node",))
        return ("group", t[1]) if t else ANY

    def b_tiles(self, e, args):
        t = self._node_or_group(e.args[0], args[0], "tiles()", ("group",))
        return ("list", ("node", t[1])) if t else ANY

    def b_step(self, e, args):
        self.expect(e.args[1], args[1], INT, "the number of steps")
        t = self._node_or_group(e.args[0], args[0], "step()")
        if t and self.p.boards[t[1]].shape != "ring":
            self.error(e.span, f"step() works on a ring; '{t[1]}' is a {self.p.boards[t[1]].shape}")
        return t or ANY

    def b_neighbours(self, e, args):
        t = self._node_or_group(e.args[0], args[0], "neighbours()")
        return ("list", t) if t else ANY

    def b_join(self, e, args):
        if element_of(args[0]) is None and args[0] != ANY:
            self.error(e.args[0].span, f"join() needs a list, not {show(args[0])}")
        self.expect(e.args[1], args[1], TEXT, "join()'s separator")
        return TEXT

    def b_min(self, e, args):
        for expr, t in zip(e.args, args):
            self.expect(expr, t, INT, "an argument of min/max")
        return INT

    b_max = b_min

    def b_abs(self, e, args):
        self.expect(e.args[0], args[0], INT, "the argument of abs()")
        return INT

    def b_index(self, e, args):
        if element_of(args[0]) is None:
            self.error(e.args[0].span, f"index() needs a list, not {show(args[0])}")
        return INT

    def _grid_node(self, e, args, what):
        t = self._node_or_group(e.args[0], args[0], what, ("node",))
        if t and self.p.boards[t[1]].shape != "grid":
            self.error(e.span, f"{what} works on a grid; '{t[1]}' is a {self.p.boards[t[1]].shape}")

    def b_row_of(self, e, args):
        self._grid_node(e, args, "row_of()")
        return INT

    def b_column_of(self, e, args):
        self._grid_node(e, args, "column_of()")
        return INT

    def b_corner(self, e, args):
        self._grid_node(e, args, "corner()")
        return BOOL

    def b_top(self, e, args):
        t = args[0]
        if isinstance(t, tuple) and t[0] == "pile":
            return ("kind", t[1])
        if t != ANY:
            self.error(e.args[0].span, f"top() needs a pile, not {show(t)}")
        return ANY

    def generator(self, g: n.Generator, scope: Scope) -> tuple[Type, Scope]:
        t = self.expr(g.domain, scope)
        element = element_of(t)
        if element is None:
            self.error(g.domain.span, f"cannot loop over {show(t)}")
            element = ANY
        inner = scope.child()
        inner.names[g.var] = element
        if g.condition is not None:
            self.expect(g.condition, self.expr(g.condition, inner), BOOL, "a condition")
        return self.expr(g.element, inner), inner

    def e_Aggregate(self, e: n.Aggregate, scope: Scope) -> Type:
        if e.name not in AGGREGATES:
            self.error(e.span, f"'{e.name}(… for …)' is not an aggregate; use one of {', '.join(sorted(AGGREGATES))}")
            return ANY
        t, _ = self.generator(e.generator, scope)
        if e.name in ("any", "all"):
            self.expect(e.generator.element, t, BOOL, f"what {e.name}() tests")
            return BOOL
        if e.name == "count":
            return INT
        self.expect(e.generator.element, t, INT, f"what {e.name}() adds up or compares")
        return INT

    def e_ListExpr(self, e: n.ListExpr, scope: Scope) -> Type:
        types = [self.expr(i, scope) for i in e.items]
        kinds = {t for t in types if t != NONE}
        if len(kinds) > 1:
            self.error(e.span, "a list's items must all have one type")
        return ("list", kinds.pop() if len(kinds) == 1 else ANY)

    def e_ListComp(self, e: n.ListComp, scope: Scope) -> Type:
        t, _ = self.generator(e.generator, scope)
        return ("list", t)

    def e_Best(self, e: n.Best, scope: Scope) -> Type:
        g = n.Generator(e.span, e.key, e.var, e.domain, e.condition)
        t, inner = self.generator(g, scope)
        self.expect(e.key, t, INT, "what best() compares")
        return inner.names[e.var]

    def e_Sort(self, e: n.Sort, scope: Scope) -> Type:
        t = self.expr(e.domain, scope)
        element = element_of(t) or ANY
        inner = scope.child()
        inner.names[e.var] = element
        for key in e.keys:
            self.expect(key, self.expr(key, inner), INT, "a sort key")
        return ("list", element)

    def e_BinOp(self, e: n.BinOp, scope: Scope) -> Type:
        a, b = self.expr(e.left, scope), self.expr(e.right, scope)
        if e.op in ("==", "!="):
            if not same_family(a, b):
                self.error(e.span, f"cannot compare {show(a)} with {show(b)}")
            return BOOL
        if e.op in ("<", ">", "<=", ">="):
            self.expect(e.left, a, INT, "a compared value")
            self.expect(e.right, b, INT, "a compared value")
            return BOOL
        if e.op in ("in", "not in"):
            element = element_of(b)
            if element is None:
                self.error(e.right.span, f"'{e.op}' needs a list, not {show(b)}")
            elif not same_family(element, a):
                self.error(e.left.span, f"a {show(a)} is never in a list of {show(element)}")
            return BOOL
        if e.op == "+" and isinstance(a, tuple) and a[0] == "list":
            if not same_family(a, b):
                self.error(e.span, f"cannot add {show(b)} to {show(a)}")
            return a
        self.expect(e.left, a, INT, f"'{e.op}' needs numbers; the left side")
        self.expect(e.right, b, INT, f"'{e.op}' needs numbers; the right side")
        return INT

    def e_BoolOp(self, e: n.BoolOp, scope: Scope) -> Type:
        for operand in e.operands:
            self.expect(operand, self.expr(operand, scope), BOOL, f"each side of '{e.op}'")
        return BOOL

    def e_Not(self, e: n.Not, scope: Scope) -> Type:
        self.expect(e.operand, self.expr(e.operand, scope), BOOL, "what 'not' negates")
        return BOOL

    def e_Neg(self, e: n.Neg, scope: Scope) -> Type:
        self.expect(e.operand, self.expr(e.operand, scope), INT, "what '-' negates")
        return INT

    def e_Range(self, e: n.Range, scope: Scope) -> Type:
        self.expect(e.low, self.expr(e.low, scope), INT, "a range bound")
        self.expect(e.high, self.expr(e.high, scope), INT, "a range bound")
        return ("list", INT)

    def e_Conditional(self, e: n.Conditional, scope: Scope) -> Type:
        self.expect(e.condition, self.expr(e.condition, scope), BOOL, "a condition")
        a, b = self.expr(e.then, scope), self.expr(e.otherwise, scope)
        if not same_family(a, b):
            self.error(e.span, f"the two outcomes differ: {show(a)} and {show(b)}")
        return a if a != NONE else b


def _walk_nodes(node):
    yield node
    for name in getattr(type(node), "__dataclass_fields__", {}):
        value = getattr(node, name)
        items = value if isinstance(value, tuple) else (value,)
        for item in items:
            if isinstance(item, n.Node):
                yield from _walk_nodes(item)


def _names_in(e: n.Node) -> list[n.Name]:
    return [x for x in _walk_nodes(e) if isinstance(x, n.Name)]


def _calls_in(e: n.Node) -> list[n.Call]:
    return [x for x in _walk_nodes(e) if isinstance(x, n.Call)]


def _generator_vars(e: n.Node) -> set[str]:
    names = set()
    for x in _walk_nodes(e):
        if isinstance(x, (n.Generator, n.Best, n.Sort)):
            names.add(x.var)
    return names
