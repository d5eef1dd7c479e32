"""Static checks before anything runs: names, argument counts, types, table columns, options."""
from __future__ import annotations

from typing import Iterable, Optional

from . import nodes as n
from .check_base import BUILTIN_NAMES, SPAN_NAMES, CheckerBase, Scope, column_type
from .check_exprs import generator_vars, names_in
from .check_fixed import FixedChecks
from .check_flow import FlowChecks
from .check_reveals import RevealChecks
from .check_stmts import StatementChecks
from .errors import Diagnostic, did_you_mean
from .links import member_names
from .types import ANY, BOOL, INT, PLAYER, TEAM, TEXT, element_of, plain, show

__all__ = ["BUILTIN_NAMES", "SPAN_NAMES", "Checker", "CheckerBase", "Scope", "column_type"]


class Checker(StatementChecks, FixedChecks, FlowChecks, RevealChecks):
    """Walks a program once, recording the type of every expression and every mistake it sees."""

    def run(self) -> list[Diagnostic]:
        """Check every declaration, in an order where each name's type is known before its uses."""
        self.unindexed_var_types()
        self.consts()
        self.options()
        self.game_shape()
        self.zones_and_vars()
        self.callables()
        for decl in (self.p.setup, self.p.flow):
            if decl is not None:
                self.block(decl.body, Scope())
        # Handlers last: an event's parameters take the types of the arguments it is emitted with.
        for trigger in self.p.triggers:
            self.trigger(trigger)
        self.results()
        self.flow_checks()
        self.reveal_checks()
        self.unused()
        return self.diagnostics

    # ------------------------------------------------------------ declarations
    def unindexed_var_types(self) -> None:
        for decl in self.p.vars.values():
            if not decl.index:
                self.declared_types[decl.name] = t = self.declared(decl.type)
                self.p.symbols[decl.name].type = plain(t)

    def consts(self) -> None:
        """A constant is worked out before play, in order: it may use only those before it."""
        defined: set[str] = set()
        for decl in self.p.consts.values():
            bound = generator_vars(decl.value)
            for name in names_in(decl.value):
                if name.name in bound:
                    continue
                later = self.p.consts.get(name.name)
                if name.name == decl.name:
                    self.error(name.span, f"constant '{name.name}' is defined in terms of itself")
                elif later is not None and name.name not in defined:
                    self.error(name.span, f"constant '{name.name}' is used before it is defined "
                                          f"(at {later.name_span or later.span})")
            self.declared_types[decl.name] = t = self.maybe(decl.value, Scope())
            self.p.symbols[decl.name].type = plain(t)
            self.before_play(decl.value, f"constant '{decl.name}'")
            defined.add(decl.name)

    def options(self) -> None:
        for decl in self.p.options.values():
            if decl.kind == "list":
                self.list_option(decl)
            elif decl.kind == "choice":
                self.choice_option(decl)
            else:
                if decl.default is not None:
                    wanted = BOOL if decl.kind == "bool" else INT
                    self.need(decl.default, Scope(), wanted,
                                f"the default of option '{decl.name}'")
                if decl.kind == "bool":
                    self.bool_option(decl)
                else:
                    self.int_option(decl)

    def list_option(self, decl: n.OptionDecl) -> None:
        kind = decl.choices[0]
        if kind in ("int", "bool", "text"):  # not a kind: say what a list of numbers is written as
            self.error(decl.span, f"a list option is a set of members of a kind (`list of KIND`), not of {kind}s; "
                                  f"for numbers chosen when the game is made (heap sizes, a payoff table), write "
                                  f"one int option per number (`option heap1: int 1..20 = 3`), or a table whose "
                                  f"rows hold them and a `one of` option naming the row")
        elif kind not in self.p.kinds:
            self.error(decl.span, f"unknown kind '{kind}'{did_you_mean(kind, self.p.kinds)}")
        elif decl.default is not None and (not isinstance(decl.default, n.ListExpr) or decl.default.items):
            self.error(decl.default.span, "a list option's default is [] (none given)")

    def choice_option(self, decl: n.OptionDecl) -> None:
        """The default names one of the choices; it is not an expression (the choices are texts)."""
        default = decl.default
        if default is not None and not (isinstance(default, n.Name) and default.name in decl.choices):
            self.error(default.span, f"the default must be one of {', '.join(decl.choices)}")

    def game_shape(self) -> None:
        """Requirements, players, teams, names, kinds and boards: what the options decide."""
        p, top = self.p, Scope()
        for decl in p.requirements:
            self.need(decl.condition, top, BOOL, "a requirement")
            self.before_play(decl.condition, "a requirement")
        if p.players is not None:
            for bound in (p.players.counts.low, p.players.counts.high):
                self.need(bound, top, INT, "a player count")
            if p.players.default is not None:
                self.need(p.players.default, top, INT, "the default player count")
            self.player_counts(p.players)
        if p.teams is not None:
            self.need(p.teams.team_of, top, ("list", INT), "teams")
            self.before_play(p.teams.team_of, "who plays in which team")
            if p.teams.names is not None:
                self.need(p.teams.names, top, ("list", TEXT), "team names")
                self.before_play(p.teams.names, "the team names")
        for names in p.names.values():
            if names.type_name not in ("player", "team") and names.type_name not in p.kinds:
                self.error(names.span, f"names can be given to players, teams or a kind, not '{names.type_name}'")
            self.need(names.value, top, ("list", TEXT), "names")
            self.before_play(names.value, f"the names of '{names.type_name}'")
        for kind in p.kinds.values():
            if kind.table is not None and kind.table not in p.tables:
                self.error(kind.table_span or kind.span,
                           f"unknown table '{kind.table}'{did_you_mean(kind.table, p.tables)}")
        for board in p.boards.values():
            for size in board.sizes:
                self.need(size, top, INT, "a board size")
                self.before_play(size, f"the size of board '{board.name}'")
            if board.shape == "ports":
                self.ports_board(board)
        for die in p.dice.values():
            faces = self.expr(die.faces, top)
            if not (isinstance(faces, tuple) and faces[0] == "list") and faces != ANY:
                self.error(die.faces.span, f"a die's faces are a list, not {show(faces)}")
            p.symbols[die.name].type = ("die", element_of(faces) or ANY)

    def ports_board(self, board: n.BoardDecl) -> None:
        """`ports of GRID by SIDES, LANES`: a grid, four sides (north, east, south, west in the
        game's words), and the ports of one side."""
        grid = self.p.boards.get(board.grid or "")
        if grid is None or grid.shape != "grid":
            self.error(board.span, f"'{board.grid}' is not a grid board: ports lie on the sides of a grid's cells")
        for kind in (board.sides, board.lanes):
            if kind not in self.p.kinds:
                self.error(board.span, f"unknown kind '{kind}'{did_you_mean(kind or '', self.p.kinds)}")
        if board.sides in self.p.kinds and len(member_names(self.p, board.sides)) != 4:
            self.error(board.span, f"the sides '{board.sides}' must be four: north, east, south and west, "
                                   f"in that order (in the game's words)")

    def zones_and_vars(self) -> None:
        for zone in self.p.zones.values():
            if zone.kind not in self.p.kinds:
                self.error(zone.kind_span or zone.span,
                           f"unknown kind '{zone.kind}'{did_you_mean(zone.kind, self.p.kinds)}")
            self.private_index(zone, "zone", [self.index_type(part) for part in zone.index])
            self.index_ranges(zone)
            self.reveal_condition(zone)
        for var in self.p.vars.values():
            self.private_index(var, "variable", [self.index_type(part) for part in var.index])
            self.index_ranges(var)
            self.var_start(var)
            self.before_play(var.initial, f"the start value of '{var.name}'")
            self.reveal_condition(var)

    def index_ranges(self, decl: n.ZoneDecl | n.VarDecl) -> None:
        for part in decl.index:
            self.before_play(part.low, f"the size of '{decl.name}'")
            self.before_play(part.high, f"the size of '{decl.name}'")

    def private_index(self, decl: n.ZoneDecl | n.VarDecl, what: str, index_types: list) -> None:
        """Hidden from all but one player: the first index must say which player."""
        if decl.visibility == "private" and index_types[:1] != [PLAYER]:
            where = decl.index[0].span if decl.index else decl.span
            self.error(where, f"a private {what} must be indexed by player first")

    def reveal_condition(self, decl: n.ZoneDecl | n.VarDecl) -> None:
        """`hidden unless C`: C is a truth value of the game as it stands (no local names)."""
        if decl.reveal is not None:
            self.need(decl.reveal, Scope(), BOOL, "what reveals it")

    def var_start(self, decl: n.VarDecl) -> None:
        t = self.declared(decl.type)
        if decl.initial is not None:
            self.need(decl.initial, Scope(), t, f"the start value of '{decl.name}'")
        elif not decl.type.optional and (t in (PLAYER, TEAM) or (isinstance(t, tuple)
                                                                 and t[0] in ("kind", "node", "group"))):
            self.error(decl.span, f"'{decl.name}' needs a start value (or make its type optional with '?')")

    def callables(self) -> None:
        """Values, rules, actions and code columns: each checked once, with its parameters."""
        p = self.p
        for value in p.values.values():
            scope = self.params_scope(value.params)
            if value.result is not None:
                self.need(value.body, scope, self.declared(value.result), f"value '{value.name}'")
            else:  # a value without a declared type gives its body's
                t = self.maybe(value.body, scope)
                self.declared_types[value.name] = self.narrowed_type(value.body, t, scope)
        for rule in p.rules.values():
            self.block(rule.body, self.params_scope(rule.params))
        for action in p.actions.values():
            scope = self.params_scope(action.params)
            self.s_Choose(n.Choose(action.span, action.options, None, False, True), scope)
        for (column, _), code in p.codes.items():
            scope = self.params_scope(code.params)
            if code.default is not None and code.result is not None:
                self.need(code.default, scope, self.declared(code.result), f"the default of '{column}'")

    def results(self) -> None:
        """Invariants, the flow's presence, the score and the statistics."""
        p = self.p
        for decl in p.invariants:
            self.need(decl.condition, Scope(), BOOL, "an invariant")
        if p.flow is None:
            self.error(self.folder_span(), "the game has no 'flow:' block")
        if p.score is not None:
            scope = Scope()
            scope.names[p.score.player] = PLAYER
            self.need(p.score.value, scope, INT, "a score")
        if p.payoff is not None:
            self.payoff(p.payoff)
        if p.position is not None:
            for name in p.position.names:
                declared = p.vars.get(name) or p.zones.get(name)
                if declared is None:
                    known = set(p.vars) | set(p.zones)
                    self.error(p.position.span, f"'{name}' is not a variable or zone: a position is made of "
                                                f"variables and zones{did_you_mean(name, known)}")
                elif declared.visibility != "public":
                    self.error(p.position.span, f"'{name}' is {declared.visibility}: a position is made of what "
                                                f"every player sees (whether one came back is shown to all)")
        for statistic in p.statistics:
            scope = Scope()
            if statistic.var is not None:
                assert statistic.domain is not None and statistic.label_text is not None  # set with `for`
                element = element_of(self.expr(statistic.domain, scope))
                self.before_play(statistic.domain, "a statistic's 'for'")
                if element is None:
                    self.error(statistic.domain.span, "a statistic's 'for' needs a list or a kind")
                scope.names[statistic.var] = element or ANY
                self.expr(statistic.label_text, scope)
            t = self.expr(statistic.value, scope)
            if t not in (INT, BOOL, ANY, TEXT) and not (isinstance(t, tuple) and t[0] in ("list", "kind")):
                self.error(statistic.value.span, f"a statistic must be a number, a truth value or a list, not {show(t)}")

    def payoff(self, d: n.PayoffDecl) -> None:
        """`payoff(p) [in LOW .. HIGH] [total T] = value`: ints; the bounds and total known before play."""
        scope = Scope()
        scope.names[d.player] = PLAYER
        self.need(d.value, scope, INT, "a payoff")
        for what, e in (("a payoff's lowest value", d.low), ("a payoff's highest value", d.high),
                        ("the payoffs' total", d.total)):
            if e is not None:
                self.need(e, Scope(), INT, what)
                self.before_play(e, what)

    def folder_span(self) -> Optional[n.Span]:
        """Where to report what the folder as a whole lacks: the start of its first rules file."""
        return n.Span(self.p.sources[0], 1, 1) if self.p.sources else None

    def unused(self) -> None:
        p = self.p
        for span_name, span in self.modifier_spans:
            if span_name != "game" and span_name not in self.span_kinds:
                self.warn(span, f"the flow has no '{span_name}' block, so this lasts until the game ends")
        for name, rule in p.rules.items():
            if name not in self.used_rules and " of " not in name:  # table cells run by `run`
                self.warn(rule.span, f"rule '{name}' is never used", unused=name)
        for name, action in p.actions.items():
            if name not in self.used_actions:
                self.warn(action.span, f"action '{name}' is never allowed")
        for name, value in p.values.items():
            if name not in self.used_values and " of " not in name:
                self.warn(value.span, f"value '{name}' is never used", unused=name)

    # ------------------------------------------------------------ parameters and triggers
    def params_scope(self, params: Iterable[n.Param]) -> Scope:
        scope = Scope()
        for param in params:
            scope.names[param.name] = self.declared(param.type)
        return scope

    def trigger(self, decl: n.TriggerDecl) -> None:
        scope = Scope(event=decl.form in ("event", "answer"))
        where = decl.name_span or decl.span
        if decl.form in ("enter", "change"):
            self.zone_trigger(decl, scope)
        elif decl.form in ("event", "answer"):
            params = decl.binds if decl.form == "event" else decl.binds[:-1]
            self.note_event(decl.name, len(params), decl.span)
            types = self.event_types.get(decl.name, ())
            for i, name in enumerate(params):
                scope.names[name] = types[i] if i < len(types) else ANY
            if decl.form == "answer":
                if decl.name not in self.answered_events:
                    self.error(where, f"no 'emit {decl.name}(…) answered by …' asks anyone to answer '{decl.name}'")
                scope.names[decl.binds[-1]] = PLAYER
        elif decl.name not in SPAN_NAMES[:-1]:
            self.error(where, f"'end of {decl.name}': the spans are turn, round, phase and step")
        if decl.condition is not None:
            self.need(decl.condition, scope, BOOL, "a trigger condition")
            scope.known.update(self.facts(decl.condition, True))
        self.block(decl.body, scope)

    def zone_trigger(self, decl: n.TriggerDecl, scope: Scope) -> None:
        """`when K enters Z[i]` and `when Z[i] changes` bind the piece and the zone's index."""
        zone = self.p.zones.get(decl.name)
        if zone is None:
            self.error(decl.name_span or decl.span,
                       f"unknown zone '{decl.name}'{did_you_mean(decl.name, self.p.zones)}")
            return
        index_var = decl.binds[-1]
        if index_var is not None:
            if len(zone.index) != 1:
                self.error(decl.span, f"zone '{decl.name}' has {len(zone.index)} indexes; a trigger can bind one")
            else:
                scope.names[index_var] = self.index_type(zone.index[0])
        if decl.form == "enter":
            scope.names[decl.binds[0]] = ("kind", zone.kind)
