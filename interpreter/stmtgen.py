"""Statements → Python: straight functions where play cannot stop, numbered instructions where it can.

A resumable block is a list of instructions `I(S, L) -> next pc`; the state keeps, for each
running block, its number, its pc and its locals list — plain data, so a state can be copied or
written to JSON at any decision. Statements that never reach a `choose` inside such a block are
compiled together into one instruction of ordinary Python.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any, Callable, Optional, Union

from rulebook.dsl import nodes as n
from rulebook.dsl.types import PLAYER

from .analysis import Suspension, free_names
from .program_walk import portable_place
from .exprgen import ExprGen, Scope
from .layout import CURRENT_PHASE, CURRENT_PLAYER, CURRENT_STEP

PUSHED, SUSPEND, POP = -1, -2, -3
SPAN_CODES = {"turn": 0, "round": 1, "phase": 2, "step": 3, "game": 4}


@dataclass
class Binding:
    """One variable of a choice: its slot, its domain, its condition (both compiled).
    The functions are given by name while the code is generated, and by value once it is assembled."""

    slot: int
    domain: Union[str, Callable]
    condition: Union[str, Callable, None]
    dependent: bool = False  # does the domain use an earlier variable of the same choice?


@dataclass
class OptionSite:
    """One entry of a decision: how to list its moves, show them, and where play goes next.
    Like a Binding's, its functions are names until the code is assembled."""

    label: Union[str, Callable]  # values tuple -> move text
    bindings: list
    body: Any  # pc (resolved from a label)
    clears: tuple = ()  # slots set to none when a plain optional choice is passed
    guard: Union[str, Callable, None] = None  # the option is offered only while this holds
    public: Union[str, Callable, None] = None  # values -> the move's text for the others, if declared


@dataclass
class ChoiceSite:
    id: int
    block: int
    span: n.Span
    options: list = field(default_factory=list)


class Label:
    _ids = itertools.count()

    def __init__(self) -> None:
        self.id = next(Label._ids)
        self.pc: Optional[int] = None

    @property
    def ref(self) -> str:
        return f"@L{self.id}@"


class FlatBlock:
    """The instructions of one resumable block (the game's flow, or a rule that can stop)."""

    def __init__(self, block_id: int, name: str, scope: Scope):
        self.id = block_id
        self.name = name
        self.scope = scope
        self.instrs: list[list[str]] = []
        self.labels: list[Label] = []

    def label(self) -> Label:
        label = Label()
        self.labels.append(label)
        return label

    def mark(self, label: Label) -> None:
        label.pc = len(self.instrs)

    def add(self, lines: list[str]) -> int:
        self.instrs.append(lines)
        return len(self.instrs) - 1

    @property
    def next_pc(self) -> int:
        return len(self.instrs)


@dataclass
class Ctx:
    loop: Optional[str] = None  # "native" (Python break) or a label ref to jump to
    handler: Optional[str] = None  # None, "native" (return True) or "flat"
    flat: bool = False
    spans: tuple = ()  # span blocks entered since the innermost loop: a break must end them

    def inside(self, span: Union[n.SpanBlock, n.Allow]) -> "Ctx":
        return Ctx(self.loop, self.handler, self.flat, self.spans + (span,))


def indent(lines: list[str], depth: int = 1) -> list[str]:
    pad = "    " * depth
    return [pad + line for line in lines]


class StmtGen(ExprGen):
    """Compiles rules, triggers, values and the flow into Python source for one game."""

    def setup_codegen(self) -> None:
        self.suspension = Suspension(self.p)
        self.source: list[str] = []
        self.blocks: list[FlatBlock] = []
        self.sites: list[ChoiceSite] = []
        self.rule_names = {name: f"R{i}" for i, name in enumerate(self.p.rules)}
        self.value_names = {name: f"F{i}" for i, name in enumerate(self.p.values)}
        self.trigger_names = {id(t): f"T{i}" for i, t in enumerate(self.p.triggers)}
        self.flat_rules: dict[str, FlatBlock] = {}
        self.flat_triggers: dict[int, FlatBlock] = {}
        self.modifiers: list[tuple] = []  # (value name, op, function name)
        self.modifiers_of: dict[str, list[int]] = {name: [] for name in self.p.values}
        self.step_names: list[str] = []
        self.phase_names: list[str] = []
        self.code_tables: dict[str, list] = {}
        self.code_defaults: dict[str, tuple] = {}

    def value_function(self, name: str) -> str:
        return self.value_names[name]

    # ------------------------------------------------------------ trigger families
    def triggers(self, form: str, name: Optional[str]) -> list[n.TriggerDecl]:
        return self.suspension.trigger_list(form, name) if name else []

    # ------------------------------------------------------------ native statements
    def native_block(self, stmts, scope: Scope, ctx: Ctx) -> list[str]:
        lines: list[str] = []
        for s in stmts:
            lines.extend(getattr(self, "n_" + type(s).__name__)(s, scope, ctx))
        return lines or ["pass"]

    def n_Let(self, s: n.Let, scope, ctx):
        value = self.expr(s.value, scope)
        return [f"{scope.bind(s.name)} = {value}"]

    def n_Assign(self, s: n.Assign, scope, ctx):
        value = self.expr(s.value, scope)
        local = scope.lookup(s.name)
        if local is not None:
            target = local
        else:
            var = self.layout.vars[s.name]
            indexes = [e for group in s.indexes for e in group]
            target = f"D[{self.offset(var.dims, 1, var.base, indexes, scope)}]" if indexes else f"D[{var.base}]"
        return [f"{target} {s.op} {value}"]

    def n_CallStmt(self, s: n.CallStmt, scope, ctx):
        args = "".join(", " + self.expr(a, scope) for a in s.args)
        return [f"{self.rule_names[s.name]}(S{args})"]

    def n_Pass(self, s, scope, ctx):
        return ["pass"]

    def n_Break(self, s, scope, ctx):
        lines = []
        for span in reversed(ctx.spans):  # leaving a turn (or phase…) by break still ends it
            if isinstance(span, n.Allow):
                lines.append("S.allows = S.allows[:-1]")
                continue
            lines += self.span_exit_common(span) + [
                f"{self.trigger_names[id(t)]}(S)" for t in self.triggers("span_end", span.kind)
                if id(t) not in self.flat_triggers]
        return lines + (["break"] if ctx.loop == "native" else [f"return {ctx.loop}"])

    def n_Cancel(self, s, scope, ctx):
        if ctx.handler == "native":
            return ["return True"]
        depth, flag = scope.lookup("\0depth"), scope.lookup("\0flag")
        return [f"S.frames[{depth}][2][{flag}] = 1", f"return {POP}"]

    def n_Log(self, s: n.Log, scope, ctx):
        if s.audience is None:
            return ["if RT.sink is not None:", f"    RT.sink(S, {self.expr(s.text, scope)})"]
        # A line for one player: a log kept for another viewer gets the public text, or nothing.
        who = self.fresh("w")
        lines = ["if RT.sink is not None:", f"    {who} = {self.expr(s.audience, scope)}",
                 f"    if RT.viewer is None or RT.viewer == {who}:",
                 f"        RT.sink(S, {self.expr(s.text, scope)})"]
        if s.public is not None:
            lines += ["    else:", f"        RT.sink(S, {self.expr(s.public, scope)})"]
        return lines

    def n_EndGame(self, s: n.EndGame, scope, ctx):
        winners = self.expr(s.winners, scope) if s.winners is not None else "()"
        by_player = s.winners is not None and self.type_of(s.winners) == ("list", PLAYER)
        reason = self.expr(s.reason, scope) if s.reason is not None else self.k("")
        return [f"raise GameOver((tuple({winners}), {by_player}), {reason})"]

    def n_Merge(self, s: n.Merge, scope, ctx):
        board = self.board_of(s.first)
        return [f"merge(D, {board.roots}, {self.k(board.nodes)}, {board.low}, "
                f"{self.expr(s.first, scope)}, {self.expr(s.second, scope)})"]

    def n_Connect(self, s: n.Connect, scope, ctx):
        board = self.layout.boards[self.type_of(s.first)[1]]
        return [f"connect(D, {board.edges}, {board.low}, {self.expr(s.first, scope)}, {self.expr(s.second, scope)})"]

    def n_Pick(self, s: n.Pick, scope, ctx):
        where = self.k(portable_place(s.span, self.p))  # names the statement to explicit chance
        die = self.die_of(s.domain, scope)
        if die is not None:  # a roll: its next loaded face, else a face at random
            slot, faces = die
            return [f"{scope.bind(s.var)} = roll(S, D, {slot}, {self.k(faces)}, {where})"]
        g = n.Generator(s.span, n.Name(s.span, s.var), s.var, s.domain, s.condition)
        self.p.types[id(g.element)] = self.type_of(s.domain)
        element, clause, hoisted = self.generator(g, scope)
        return [f"{scope.bind(s.var)} = pick(S, {self.wrap_hoisted(f'tuple({element} {clause})', hoisted)}, {where})"]

    def die_of(self, e: n.Node, scope) -> Optional[tuple]:
        if isinstance(e, n.Name) and scope.lookup(e.name) is None and e.name in self.dice:
            return self.dice[e.name]
        return None

    def n_LoadDie(self, s: n.LoadDie, scope, ctx):
        slot, faces = self.dice[s.die]
        return [f"D[{slot}] = load_die({self.expr(s.faces, scope)}, {self.k(faces)}, {self.span_ref(s.span)})"]

    def n_Shuffle(self, s: n.Shuffle, scope, ctx):
        return [f"shuffle(S, D, {self.expr(s.zone, scope)})"]

    def n_If(self, s: n.If, scope, ctx):
        lines = []
        for i, (condition, body) in enumerate(s.branches):
            keyword = "if" if i == 0 else "elif"
            lines.append(f"{keyword} {self.expr(condition, scope)}:")
            lines.extend(indent(self.native_block(body, scope.child(), ctx)))
        if s.otherwise is not None:
            lines.append("else:")
            lines.extend(indent(self.native_block(s.otherwise, scope.child(), ctx)))
        return lines

    def n_For(self, s: n.For, scope, ctx):
        inner = scope.child()
        var = inner.bind(s.var)
        loop_ctx = Ctx("native", ctx.handler, ctx.flat)
        return [f"for {var} in {self.domain(s.domain, scope)}:"] + \
            indent(self.native_block(s.body, inner, loop_ctx))

    def n_Repeat(self, s: n.Repeat, scope, ctx):
        loop_ctx = Ctx("native", ctx.handler, ctx.flat)
        return [f"for _ in range({self.expr(s.count, scope)}):"] + \
            indent(self.native_block(s.body, scope.child(), loop_ctx))

    def n_While(self, s: n.While, scope, ctx):
        loop_ctx = Ctx("native", ctx.handler, ctx.flat)
        return [f"while {self.expr(s.condition, scope)}:"] + \
            indent(self.native_block(s.body, scope.child(), loop_ctx))

    def n_Loop(self, s: n.Loop, scope, ctx):
        loop_ctx = Ctx("native", ctx.handler, ctx.flat)
        return ["while True:"] + indent(self.native_block(s.body, scope.child(), loop_ctx))

    def n_SpanBlock(self, s: n.SpanBlock, scope, ctx):
        return (self.span_enter(s, scope) + self.native_block(s.body, scope.child(), ctx.inside(s))
                + self.span_exit_native(s))

    def n_Allow(self, s: n.Allow, scope, ctx):
        return ([self.allow_enter(s, scope)] + self.native_block(s.body, scope.child(), ctx.inside(s))
                + ["S.allows = S.allows[:-1]"])

    def allow_enter(self, s: n.Allow, scope) -> str:
        args = "".join(self.expr(a, scope) + ", " for a in s.args)
        player = self.expr(s.player, scope) if s.player is not None else f"D[{CURRENT_PLAYER}]"
        if s.condition is not None:  # not allowed: an entry nobody matches keeps enter/exit paired
            player = f"({player} if {self.expr(s.condition, scope)} else -1)"
        index = list(self.p.actions).index(s.action)
        return f"S.allows = S.allows + (({index}, ({args}), {player}),)"

    def n_RunCode(self, s: n.RunCode, scope, ctx):
        table = self.code_table(s)
        args = "".join(", " + self.expr(a, scope) for a in s.args)
        member = self.fresh("m")
        return [f"{member} = {self.expr(s.member, scope)}",
                f"if {table}[{member}] is not None:", f"    {table}[{member}](S, {member}{args})"]

    def code_table(self, s: n.RunCode) -> str:
        return self.code_table_for(s.column, self.type_of(s.member)[1])

    def code_table_for(self, column: str, kind: str) -> str:
        """The name of a generated tuple: for each member, the function of its cell (or None)."""
        names = self.p.code_rules.get((column, kind), [])
        table = f"RUN_{list(self.p.codes).index((column, kind))}"
        self.code_tables[table] = names
        return table

    def code_value_call(self, column: str, kind: str, args: list) -> str:
        """A cell of an expression column, chosen by its member (the first argument)."""
        table = self.code_table_for(column, kind)
        self.code_defaults[table] = (column, kind)
        member = self.fresh("m")
        rest = "".join(", " + a for a in args[1:])
        return f"(lambda {member}: {table}[{member}](S, {member}{rest}))({args[0]})"

    def span_enter(self, s: n.SpanBlock, scope) -> list[str]:
        if s.kind == "turn":
            assert s.player is not None  # `turn P:` always names its player
            return [f"D[{CURRENT_PLAYER}] = {self.expr(s.player, scope)}"]
        if s.kind == "phase":
            if s.name not in self.phase_names:
                self.phase_names.append(s.name)
            return [f"D[{CURRENT_PHASE}] = {self.phase_names.index(s.name)}"]
        if s.kind == "step":
            if s.name not in self.step_names:
                self.step_names.append(s.name)
            return [f"D[{CURRENT_STEP}] = {self.step_names.index(s.name)}"]
        return []

    def span_exit_common(self, s: n.SpanBlock) -> list[str]:
        lines = [f"if S.mods: end_span(S, {SPAN_CODES[s.kind]})"]
        if s.kind == "step":
            lines.append(f"D[{CURRENT_STEP}] = -1")
        return lines

    def span_exit_native(self, s: n.SpanBlock) -> list[str]:
        lines = self.span_exit_common(s)
        for t in self.triggers("span_end", s.kind):
            lines.append(f"{self.trigger_names[id(t)]}(S)")
        return lines

    def n_Modify(self, s: n.Modify, scope, ctx):
        captured = sorted(name for name in free_names(s.amount, set()) |
                          (free_names(s.condition, set()) if s.condition else set())
                          if name not in s.params and scope.lookup(name) is not None)
        site = len(self.modifiers)
        fn = f"M{site}"
        inner = Scope(self, False)
        for i, name in enumerate(captured):
            inner.bind_as(name, f"C[{i}]")
        params = []
        for name in s.params:
            params.append(inner.bind(name))
        body = [f"def {fn}(S, C, r{''.join(', ' + p for p in params)}):", "    D = S.data"]
        amount = self.expr(s.amount, inner)
        new = {"+=": f"r + {amount}", "-=": f"r - {amount}", ":=": amount}[s.op]
        if s.condition is not None:
            body.append(f"    if not ({self.expr(s.condition, inner)}):")
            body.append("        return r")
        body.append(f"    return {new}")
        self.source.extend(body)
        self.modifiers.append((s.value, fn))
        self.modifiers_of[s.value].append(site)
        values = "".join(scope.lookup(name) + ", " for name in captured)
        return [f"S.mods = S.mods + (({site}, ({values}), {SPAN_CODES[s.span_name]}),)"]

    # pieces -----------------------------------------------------------
    def zone_parts(self, e: n.Node, scope) -> tuple:
        zone = self.zone_of(e)
        t = self.type_of(e)
        if isinstance(t, tuple) and t[0] == "zones" and isinstance(e, n.Subscript):
            # Pieces moved to a group of nodes go on the node that names the group (one of its
            # nodes, whatever merged since): its zone, not every node's.
            width = 1 if zone.ordered else zone.kinds
            return zone, self.offset(zone.dims, width, zone.base, e.indexes, scope)
        return zone, self.expr(e, scope)

    def zone_index(self, zone, offset: str) -> str:
        """The index value of the zone instance at `offset` (for a trigger's bound name)."""
        if not zone.dims:
            return "None"
        d = zone.dims[0]
        return f"({offset} - {zone.base}) // {zone.width} + {d.low}"

    def entered(self, zone, offset: str, kind: str, scope, ctx) -> list[str]:
        """Lines that put one piece of `kind` into the zone at offset, then run enter triggers."""
        if zone.ordered:
            lines = [f"D[{offset}] = D[{offset}] + ({kind},)"]
        else:
            lines = [f"D[{offset} + {kind}] += 1"]
        for t in self.triggers("enter", zone.name):
            lines.append(f"{self.trigger_names[id(t)]}(S, {kind}, {self.zone_index(zone, offset)})")
        return lines

    def changed(self, pairs) -> list[str]:
        lines = []
        for zone, offset in pairs:
            for t in self.triggers("change", zone.name):
                lines.append(f"{self.trigger_names[id(t)]}(S, {self.zone_index(zone, offset)})")
        return lines

    def n_Move(self, s: n.Move, scope, ctx):
        src, src_off = self.zone_parts(s.source, scope)
        dst, dst_off = self.zone_parts(s.dest, scope)
        a, b, k, c = self.fresh("o"), self.fresh("o"), self.fresh("k"), self.fresh("c")
        span = self.span_ref(s.span)
        lines = [f"{a} = {src_off}", f"{b} = {dst_off}"]
        if s.kind is None:  # move all
            if src.ordered:
                lines += [f"for {k} in reversed(D[{a}]):"]
                lines += indent(self.entered(dst, b, k, scope, ctx))
                lines += [f"D[{a}] = ()"]
            else:
                lines += [f"for {k} in range({src.kinds}):", f"    {c} = D[{a} + {k}]",
                          f"    D[{a} + {k}] = 0"]
                if self.triggers("enter", dst.name) or dst.ordered:
                    lines += [f"    for _ in range({c}):"] + indent(self.entered(dst, b, k, scope, ctx), 2)
                else:
                    lines += [f"    D[{b} + {k}] += {c}"]
        else:
            count = self.expr(s.count, scope) if s.count is not None else "1"
            lines += [f"{k} = {self.expr(s.kind, scope)}", f"{c} = {count}"]
            if src.ordered:
                lines += [f"remove_from_pile(D, {a}, {k}, {c}, {span})"]
            else:
                lines += [f"take(D, {a}, {k}, {c}, {span})"]
            if self.triggers("enter", dst.name) or dst.ordered:
                lines += [f"for _ in range({c}):"] + indent(self.entered(dst, b, k, scope, ctx))
            else:
                lines += [f"D[{b} + {k}] += {c}"]
        return lines + self.changed([(src, a), (dst, b)])

    def n_Draw(self, s: n.Draw, scope, ctx):
        src, src_off = self.zone_parts(s.source, scope)
        dst, dst_off = self.zone_parts(s.dest, scope)
        a, b, k = self.fresh("o"), self.fresh("o"), self.fresh("k")
        if src.ordered:
            take_one = f"{k} = pile_draw(S, D, {a}, {self.span_ref(s.span)})"
        else:
            take_one = f"{k} = draw_one(S, D, {a}, {src.kinds})"
        lines = [f"{a} = {src_off}", f"{b} = {dst_off}",
                 f"for _ in range({self.expr(s.count, scope)}):", f"    {take_one}",
                 f"    if {k} < 0:", "        break"]
        lines += indent(self.entered(dst, b, k, scope, ctx))
        return lines + self.changed([(src, a), (dst, b)])

    def n_Put(self, s: n.Put, scope, ctx):
        zone, off = self.zone_parts(s.zone, scope)
        a, k, c = self.fresh("o"), self.fresh("k"), self.fresh("c")
        lines = [f"{a} = {off}", f"{k} = {self.expr(s.kind, scope)}", f"{c} = {self.expr(s.count, scope)}"]
        if s.remove:
            if zone.ordered:
                lines.append(f"remove_from_pile(D, {a}, {k}, {c}, {self.span_ref(s.span)})")
            else:
                lines.append(f"take(D, {a}, {k}, {c}, {self.span_ref(s.span)})")
        else:
            lines += [f"for _ in range({c}):"] + indent(self.entered(zone, a, k, scope, ctx))
        return lines + self.changed([(zone, a)])

    def n_Emit(self, s: n.Emit, scope, ctx):
        args = [self.expr(a, scope) for a in s.args]
        flag = self.fresh("x")
        lines = [f"{flag} = False"]
        for t in self.triggers("event", s.event):
            lines.append(f"if {self.trigger_names[id(t)]}(S{''.join(', ' + a for a in args)}):")
            lines.append(f"    {flag} = True")
        answers = self.triggers("answer", s.event) if s.askers is not None else []
        if answers and s.askers is not None:  # each player asked in turn runs them, until one cancels
            asked = self.fresh("q")
            lines += [f"for {asked} in {self.expr(s.askers, scope)}:"]
            for t in answers:
                call = f"{self.trigger_names[id(t)]}(S{''.join(', ' + a for a in args)}, {asked})"
                lines += [f"    if not {flag} and {call}:", f"        {flag} = True"]
            lines += [f"    if {flag}:", "        break"]
        if s.body is not None:
            lines.append(f"if not {flag}:")
            lines.extend(indent(self.native_block(s.body, scope.child(), ctx)))
        return lines

    # ------------------------------------------------------------ native functions
    def native_function(self, name: str, params: list[str], body, ctx: Ctx, prelude=(),
                        condition: Optional[n.Node] = None, result: str = "None") -> None:
        scope = Scope(self, False)
        accesses = [scope.bind(p) if p else "_" for p in params]
        lines = [f"def {name}(S{''.join(', ' + a for a in accesses)}):", "    D = S.data"]
        lines += indent(list(prelude))
        if condition is not None:
            lines += [f"    if not ({self.expr(condition, scope)}):", f"        return {result}"]
        lines += indent(self.native_block(body, scope, ctx))
        lines.append(f"    return {result}")
        self.source.extend(lines)

    def compile_values(self) -> None:
        for name, decl in self.p.values.items():
            scope = Scope(self, False)
            params = [scope.bind(p.name) for p in decl.params]
            fn = self.value_names[name]
            lines = [f"def {fn}(S{''.join(', ' + p for p in params)}):", "    D = S.data",
                     f"    r = {self.expr(decl.body, scope)}"]
            if self.modifiers_of[name]:
                args = "".join(", " + p for p in params)
                lines += ["    if S.mods:", "        for m in S.mods:",
                          f"            f = MODS_OF[{self.k(name)}].get(m[0])",
                          "            if f is not None:",
                          f"                r = f(S, m[1], r{args})"]
            lines.append("    return r")
            self.source.extend(lines)

    def trigger_params(self, t: n.TriggerDecl) -> list:
        if t.form == "enter":
            return [t.binds[0], t.binds[1]]
        if t.form == "change":
            return [t.binds[0]]
        if t.form in ("event", "answer"):
            return list(t.binds)
        return []

    def compile_native_callables(self) -> None:
        for name, rule in self.p.rules.items():
            if not self.suspension.rules[name]:
                self.native_function(self.rule_names[name], [p.name for p in rule.params], rule.body, Ctx())
        for t in self.p.triggers:
            fn = self.trigger_names[id(t)]
            if self.suspension.triggers[id(t)]:
                continue
            if t.form in ("event", "answer"):
                self.native_function(fn, self.trigger_params(t), t.body, Ctx(handler="native"),
                                     condition=t.condition, result="False")
            else:
                self.native_function(fn, self.trigger_params(t), t.body, Ctx(), condition=t.condition)
