"""Checks of statements: one `s_NODE` method per kind of statement."""
from __future__ import annotations

from typing import Iterable, Optional

from . import nodes as n
from .check_base import BUILTIN_NAMES, SPAN_NAMES, Scope, describe
from .check_exprs import ExpressionChecks, calls_in, generator_vars, names_in
from .check_flow import all_statements
from .check_secret import secret_faults
from .check_none import Effect, ends, surely_has_items
from .errors import did_you_mean
from .types import ANY, BOOL, INT, PLAYER, TEAM, Type, compatible, element_of, may_be_none, optional, show


class StatementChecks(ExpressionChecks):
    """Walks blocks, giving each name it binds a type in the block's scope, and keeping what is
    known not to be none from one statement to the next (check_none.py)."""

    def block(self, stmts: Iterable[n.Node], scope: Scope) -> None:
        for stmt in stmts:
            known = self.stmt(stmt, scope)
            if known is not None:  # the statement worked out what is known after it
                scope.known = known
            else:
                self.after(scope, stmt)

    def stmt(self, s: n.Node, scope: Scope) -> Optional[dict]:
        """Check a statement; a dict of the facts known after it, or None: what was known before,
        less what it may change."""
        method = getattr(self, "s_" + type(s).__name__)
        return method(s, scope)

    def s_Let(self, s: n.Let, scope: Scope) -> None:
        t = self.narrowed_type(s.value, self.maybe(s.value, scope), scope)
        if s.name in self.p.symbols or s.name in BUILTIN_NAMES:
            self.error(s.span, f"'{s.name}' is already a name of the game; choose another")
        scope.names[s.name] = t

    def s_Assign(self, s: n.Assign, scope: Scope) -> Optional[dict]:
        value_type = self.maybe(s.value, scope)
        target = self.assign_target(s, scope)
        if target is None:
            return None
        if s.op != "=":
            self.accept(s.value, value_type, INT, scope, f"'{s.op}' needs a number; the value")
            if not compatible(INT, target):  # the statement starts with the variable: the caret is on it
                self.error(s.span, f"'{s.op}' needs a number variable; '{s.name}' must be int, not {show(target)}")
            return None
        self.accept(s.value, value_type, target, scope, f"the value given to '{s.name}'")
        known = self.forget(scope.known, self.effect(s, scope))
        if may_be_none(target) and not may_be_none(self.narrowed_type(s.value, value_type, scope)):
            indexes = tuple(e for group in s.indexes for e in group)
            key: n.Node = n.Subscript(s.span, n.Name(s.span, s.name), indexes) if indexes else n.Name(s.span, s.name)
            known[key] = self.fact(key)  # given a value, it is one until it changes
        return known

    def assign_target(self, s: n.Assign, scope: Scope) -> Optional[Type]:
        """The type of what an assignment changes: a local name, or a variable with all its indexes."""
        local = scope.lookup(s.name)
        if local is not None:
            if s.indexes:
                self.error(s.span, f"'{s.name}' is a local name and cannot be indexed")
            return local
        decl = self.p.vars.get(s.name)
        if decl is None:
            sym = self.p.symbols.get(s.name)
            if sym is not None:
                self.error(s.span, f"'{s.name}' is a {describe(sym)}, not a variable: it cannot be changed")
            else:
                known = list(self.p.vars) + list(scope.all_names())
                self.error(s.span, f"unknown variable '{s.name}'{did_you_mean(s.name, known)}")
            return None
        given = [e for group in s.indexes for e in group]
        if len(given) != len(decl.index):
            self.error(s.span, f"'{s.name}' takes {len(decl.index)} index(es), not {len(given)}")
        for expr, part in zip(given, decl.index):
            self.need(expr, scope, self.index_type(part), f"an index of '{s.name}'")
        return self.declared(decl.type)

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
            self.need(arg, scope, self.declared(param.type),
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
            self.need(s.count, scope, INT, "a count")
        if s.kind is not None:
            t = self.expr(s.kind, scope)
            if src:
                self.expect(s.kind, t, ("kind", src), "the piece moved")

    def s_Draw(self, s: n.Draw, scope: Scope) -> None:
        self.need(s.count, scope, INT, "a count")
        src = self.zone_type(s.source, scope, "where pieces are drawn from")
        dst = self.zone_type(s.dest, scope, "where drawn pieces go")
        if src and dst and src != dst:
            self.error(s.dest.span, f"cannot draw {src} pieces into a zone of {dst}")

    def s_Put(self, s: n.Put, scope: Scope) -> None:
        self.need(s.count, scope, INT, "a count")
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
                some_none = isinstance(t, tuple) and t[0] == "list" and may_be_none(t[1])
                self.error(s.winners.span, f"winners must be a list of teams or players, not {show(t)}"
                                           + (" (an item may be none: test it first)" if some_none else ""))
        if s.reason is not None:
            self.expr(s.reason, scope)

    def note_event(self, name: str, arity: int, span: n.Span) -> None:
        seen = self.event_arity.get(name)
        if seen is None:
            self.event_arity[name] = (arity, span)
        elif seen[0] != arity:
            self.error(span, f"event '{name}' has {seen[0]} argument(s) at {seen[1]}, here {arity}")

    def s_Emit(self, s: n.Emit, scope: Scope) -> None:
        self.note_event(s.event, len(s.args), s.span)
        types = tuple(self.narrowed_type(arg, self.maybe(arg, scope), scope) for arg in s.args)
        self.event_types.setdefault(s.event, types)
        if s.askers is not None:
            self.need(s.askers, scope, ("list", PLAYER), "who is asked to answer")
            self.answered_events.add(s.event)
        if s.body is not None:  # the default action runs after the triggers, which may change anything
            inner = scope.child()
            inner.known = self.forget(inner.known, Effect(set(), anything=True))
            self.block(s.body, inner)

    def s_Cancel(self, s: n.Cancel, scope: Scope) -> None:
        if not scope.event:
            self.error(s.span, "'cancel' belongs in a 'when EVENT(...)' handler")

    def s_Modify(self, s: n.Modify, scope: Scope) -> None:
        value = self.p.values.get(s.value)
        if s.span_name not in SPAN_NAMES:
            self.error(s.span_name_span or s.span,
                       f"'until end of {s.span_name}': the spans are {', '.join(SPAN_NAMES)}")
        if value is None:
            self.error(s.value_span or s.span, f"unknown value '{s.value}'{did_you_mean(s.value, self.p.values)}")
            return
        self.used_values.add(s.value)
        self.modifier_spans.append((s.span_name, s.span))
        if len(s.params) != len(value.params):
            self.error(s.span, f"'{s.value}' takes {len(value.params)} argument(s), not {len(s.params)}")
        inner = scope.child()
        for name, param in zip(s.params, value.params):
            inner.names[name] = self.declared(param.type)
        result = self.declared(value.result) if value.result else self.declared_types.get(s.value, ANY)
        if s.condition is not None:  # worked out at each use before the amount
            self.need(s.condition, inner, BOOL, "a condition")
            inner = self.narrowed(inner, self.facts(s.condition, True))
        self.need(s.amount, inner, result if s.op == ":=" else INT, "the modifier's amount")

    def s_Log(self, s: n.Log, scope: Scope) -> None:
        self.maybe(s.text, scope)
        if s.audience is not None:
            self.need(s.audience, scope, PLAYER, "who reads the line")
        if s.public is not None:
            self.expr(s.public, scope)

    def s_Break(self, s: n.Break, scope: Scope) -> None:
        if not scope.loop:
            self.error(s.span, "'break' outside a loop")

    def s_Pass(self, s: n.Pass, scope: Scope) -> None:
        pass

    def binders(self, binders, scope: Scope) -> dict:
        """Bind each choice's name in scope; a condition makes its facts known to the binders
        after it (and, in scope, to what follows). Gives those facts."""
        facts: dict = {}
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
                self.need(b.condition, scope, BOOL, "a condition")
                found = self.facts(b.condition, True)
                scope.known.update(found)
                facts.update(found)
        return facts

    def move_text(self, label: Optional[n.String], binders, scope: Scope) -> None:
        """A move's text shows its own choices and constants, so it reads the same anywhere."""
        if label is None:
            return
        own = {b.var for b in binders}
        constant_kinds = ("const", "option", "member", "kind", "board", "table")
        for part in label.parts:
            if isinstance(part, str):
                continue
            for node in names_in(part):
                sym = self.p.symbols.get(node.name)
                local = node.name in own or node.name in generator_vars(part)
                if not local and not (sym is not None and sym.kind in constant_kinds) \
                        and node.name not in ("players", "teams", "player_count"):
                    self.error(node.span, f"a move's text can show only its own choices and constants, "
                                          f"not '{node.name}'")
            for call in calls_in(part):
                if call.name in self.p.values:
                    self.error(call.span, f"a move's text cannot use the value '{call.name}' (it reads the game)")

    def public_move_text(self, option: n.Option, scope: Scope) -> None:
        """`public "…"`: what the others see of the move, under the same rules as its own text."""
        if option.public is not None:  # the grammar gives it only after the move's own text
            self.expr(option.public, scope)
            self.move_text(option.public, option.binders, scope)

    def chooser(self, e, scope: Scope) -> None:
        if e is not None:
            self.need(e, scope, PLAYER, "who chooses")

    def s_Choose(self, s: n.Choose, scope: Scope) -> Optional[dict]:
        self.chooser(s.chooser, scope)
        if not s.menu:
            return self.plain_choice(s, scope)
        labels: set = set()
        for option in s.options:
            inner = scope.child()
            self.binders(option.binders, inner)
            if option.guard is not None:
                self.need(option.guard, inner, BOOL, "an option's condition")
                inner.known.update(self.facts(option.guard, True))
            self.maybe(option.label, inner)
            self.move_text(option.label, option.binders, inner)
            self.public_move_text(option, inner)
            self.block(option.body, inner)
            text = tuple(p if isinstance(p, str) else "{}" for p in option.label.parts)
            if text in labels:
                self.error(option.label.span, "two options with the same move text")
            labels.add(text)
        return None

    def plain_choice(self, s: n.Choose, scope: Scope) -> dict:
        """A plain choice binds its names for the rest of the block, where its conditions hold —
        unless it is `optional`: a pass binds none, and nothing is known of it."""
        option = s.options[0]
        bound = scope.child() if s.optional else scope
        facts = self.binders(option.binders, bound)
        if option.label is not None:
            self.maybe(option.label, bound)
            self.move_text(option.label, option.binders, bound)
        self.public_move_text(option, bound)
        known = self.forget(scope.known, self.effect(s, scope))
        if s.optional:
            for b in option.binders:
                scope.names[b.var] = optional(bound.names[b.var])
            return known
        known.update(facts)
        return known

    def s_UpTo(self, s: n.UpTo, scope: Scope) -> None:
        self.need(s.count, scope, INT, "a count")
        self.chooser(s.chooser, scope)
        inner = self.loop_scope(scope, s)
        self.binders(s.option.binders, inner)
        if s.option.label is not None:
            self.maybe(s.option.label, inner)
            self.move_text(s.option.label, s.option.binders, inner)
        self.block(s.option.body, inner)

    def s_Pick(self, s: n.Pick, scope: Scope) -> None:
        """The value picked, or none when nothing meets the condition (or the domain is empty)."""
        found = scope.child()
        self.binders([n.Binder(s.span, s.var, s.domain, s.condition)], found)
        element = found.names[s.var]
        always = s.condition is None and surely_has_items(s.domain, self.p.type_of(s.domain), self.p.options)
        scope.names[s.var] = element if always else optional(element)
        if s.condition is not None and isinstance(self.p.type_of(s.domain), tuple) \
                and self.p.type_of(s.domain)[0] == "die":
            self.error(s.condition.span, "a die rolls any of its faces: 'pick … in DIE' takes no 'where'")

    def s_LoadDie(self, s: n.LoadDie, scope: Scope) -> None:
        sym = self.p.symbols.get(s.die)
        faces = self.expr(s.faces, scope)
        if sym is None or sym.kind != "die":
            self.error(s.span, f"unknown die '{s.die}'{did_you_mean(s.die, self.p.dice)}")
            return
        self.expect(s.faces, faces, ("list", sym.type[1]) if isinstance(sym.type, tuple) else ANY,
                    f"the next rolls of '{s.die}'")

    def s_If(self, s: n.If, scope: Scope) -> dict:
        """Each branch knows what its condition (and the failure of those before it) makes known;
        after the `if`, what every branch that carries on knows (a branch that ends the game,
        breaks or cancels does not carry on)."""
        carried: list[dict] = []
        failed = scope  # where every condition so far failed
        for condition, body in s.branches:
            self.need(condition, failed, BOOL, "a condition")
            branch = failed.child()
            branch.known.update(self.facts(condition, True))
            self.block(body, branch)
            if not ends(body):
                carried.append(branch.known)
            failed = failed.child()
            failed.known.update(self.facts(condition, False))
        if s.otherwise is not None:
            branch = failed.child()
            self.block(s.otherwise, branch)
            if not ends(s.otherwise):
                carried.append(branch.known)
        else:
            carried.append(failed.known)
        if not carried:
            return scope.known
        return {k: f for k, f in carried[0].items() if all(k in other for other in carried[1:])}

    def s_For(self, s: n.For, scope: Scope) -> None:
        t = self.expr(s.domain, scope)
        element = element_of(t)
        if element is None:
            self.error(s.domain.span, f"cannot loop over {show(t)}")
        inner = self.loop_scope(scope, s)
        inner.names[s.var] = element or ANY
        self.block(s.body, inner)

    def s_Secretly(self, s: n.Secretly, scope: Scope) -> None:
        """Checked as what it runs as (a loop of turns), and for what it may hold (check_secret)."""
        for span, message in secret_faults(s, self.p):
            self.error(span, message)
        self.s_For(s.as_loop(), scope)

    def s_Repeat(self, s: n.Repeat, scope: Scope) -> None:
        self.need(s.count, scope, INT, "a repeat count")
        self.block(s.body, self.loop_scope(scope, s))

    def s_While(self, s: n.While, scope: Scope) -> dict:
        """The condition is tested before each pass: its facts hold at the start of the body, and
        after the loop what its failure makes known (unless a `break` may leave it)."""
        inner = self.loop_scope(scope, s)
        self.need(s.condition, inner, BOOL, "a condition")
        body = inner.child()
        body.known.update(self.facts(s.condition, True))
        self.block(s.body, body)
        known = dict(inner.known)
        if not any(isinstance(x, n.Break) for x in all_statements(s.body)):
            known.update(self.facts(s.condition, False))
        return known

    def s_Loop(self, s: n.Loop, scope: Scope) -> None:
        self.block(s.body, self.loop_scope(scope, s))

    def s_Allow(self, s: n.Allow, scope: Scope) -> dict:
        action = self.p.actions.get(s.action)
        if action is None:
            self.error(s.span, f"unknown action '{s.action}'{did_you_mean(s.action, self.p.actions)}")
        else:
            self.used_actions.add(s.action)
            self.check_args(s, s.action, action.params, s.args, scope)
        if s.player is not None:
            self.need(s.player, scope, PLAYER, "who may act")
        if s.condition is not None:  # it says whether the action is allowed; the block runs either way
            self.need(s.condition, scope, BOOL, "a condition")
        inner = scope.child(acting=True)  # the action may run at any decision in the block
        self.block(s.body, inner)
        return inner.known  # the block runs to its end

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

    def s_SpanBlock(self, s: n.SpanBlock, scope: Scope) -> dict:
        """The block runs to its end: what is known there is known after it, less what its end
        changes."""
        self.span_kinds.add(s.kind)
        if s.player is not None:
            self.need(s.player, scope, PLAYER, "whose turn")
        inner = scope.child()
        inner.known = self.forget(inner.known, Effect({"current_player"}))
        self.block(s.body, inner)
        return self.forget(inner.known, self.span_end(s.kind))

    def span_end(self, kind: str) -> Effect:
        """What the end of a `turn`, `round`… block may change: its modifiers end (values may
        give other results) and its `when end of` triggers run."""
        triggered = any(t.form == "span_end" and t.name == kind for t in self.p.triggers)
        return Effect({"current_player"}, anything=triggered, calls=True)
