"""Statements → C where play cannot stop (the native twin of interpreter/stmtgen.py).

Rules, triggers and values that never reach a `choose` become C functions; inside resumable
blocks the same statements become the body of one instruction. Triggers are fired, modifiers
pushed and spans ended exactly where and in the order the Python back-end does.
"""
from __future__ import annotations

from typing import Optional

from rulebook.dsl import nodes as n
from rulebook.dsl.types import PLAYER, element_of

from ..analysis import free_names
from ..layout import CURRENT_PHASE, CURRENT_PLAYER, CURRENT_STEP
from ..lower.builder import SPAN_CODES
from ..lower.context import Ctx
from .cbuiltins import CBuiltins
from .cexpr import CScope, NativeUnsupported, is_list, region_of


class CStmt(CBuiltins):
    """Needs from the assembling game: triggers(), trigger names, rule names, flat blocks."""

    max_args = 1  # set by the assembling game: the most arguments a standing action takes
    max_captured = 8  # the most values one modifier keeps

    def setup_statements(self) -> None:
        from ..analysis import Suspension
        self.suspension = Suspension(self.p)
        self.functions: list[str] = []  # C function definitions
        self.prototypes: list[str] = []
        self.rule_names = {name: f"R{i}" for i, name in enumerate(self.p.rules)}
        self.value_names = {name: f"F{i}" for i, name in enumerate(self.p.values)}
        self.trigger_names = {id(t): f"T{i}" for i, t in enumerate(self.p.triggers)}
        self.flat_rules: dict = {}
        self.flat_triggers: dict = {}
        self.modifiers: list[tuple] = []  # (value name, C function name, captured count)
        self.modifiers_of: dict[str, list[int]] = {name: [] for name in self.p.values}
        self.code_tables: dict[str, tuple] = {}
        self.reasons: list[tuple] = []  # end-game reason texts: parts (text or (C arg index, type))
        self.deferring = False  # inside a flat move/draw/put: suspending triggers queue frames
        self.unsupported: dict[str, str] = {}  # functions left to the Python back-end, and why

    def value_name(self, name: str) -> str:
        return self.value_names[name]

    def triggers(self, form: str, name: Optional[str]) -> list:
        return self.suspension.trigger_list(form, name) if name else []

    def ctype(self, t) -> str:
        return "List" if is_list(t) else "i64"

    # ------------------------------------------------------------ statements
    def block_c(self, stmts, scope: CScope, ctx: Ctx) -> str:
        return " ".join(self.stmt_c(s, scope, ctx) for s in stmts) or ";"

    def stmt_c(self, s, scope: CScope, ctx: Ctx) -> str:
        handler = getattr(self, "n_" + type(s).__name__, None)
        if handler is None:
            raise NativeUnsupported(f"statement {type(s).__name__}")
        return handler(s, scope, ctx)

    def bind_set(self, scope: CScope, name: str, t, value: str) -> str:
        """Bind a new local and give it a value (C declaration or frame slot)."""
        access = scope.bind(name, t)
        if scope.flat:
            if is_list(t):
                slot = scope.counter[0] - 1
                return f"lcopy_into(S, {region_of(access)}, {value}); F->L[{slot}] = 1;"
            return f"{access} = {value};"
        return f"{self.ctype(t)} {access} = {value};"

    def n_Let(self, s: n.Let, scope, ctx):
        value = self.expr(s.value, scope)
        return self.bind_set(scope, s.name, self.type_of(s.value), value)

    def n_Assign(self, s: n.Assign, scope, ctx):
        value = self.expr(s.value, scope)
        local = scope.lookup(s.name)
        listy = is_list(self.type_of(s.value))
        if local is not None:
            access, local_list = local
            if local_list or listy:
                if s.op != "=":
                    raise NativeUnsupported("+= on a list")
                if access.startswith("((List)F->R"):
                    return f"lcopy_into(S, {region_of(access)}, {value});"
                return f"{access} = {value};"
            return f"{access} {s.op} {value};"
        var = self.layout.vars[s.name]
        indexes = [e for group in s.indexes for e in group]
        slot = self.offset(var.dims, 1, var.base, indexes, scope) if indexes else str(var.base)
        if var.holds_list:
            if s.op != "=":
                raise NativeUnsupported("+= on a list")
            return f"lassign(S, D, {slot}, {value});"
        return f"D[{slot}] {s.op} {value};"

    def n_CallStmt(self, s: n.CallStmt, scope, ctx):
        args = "".join(", " + self.expr(a, scope) for a in s.args)
        return f"{self.rule_names[s.name]}(S{args});"

    def n_Pass(self, s, scope, ctx):
        return ";"

    def n_Break(self, s, scope, ctx):
        parts = []
        for span in reversed(ctx.spans):
            if isinstance(span, n.Allow):
                parts.append("S->nallows--;")
                continue
            parts.append(self.span_exit_common(span))
            parts += [f"{self.trigger_names[id(t)]}(S);" for t in self.triggers("span_end", span.kind)
                      if id(t) not in self.flat_triggers]
        parts.append("break;" if ctx.loop == "native" else f"return {ctx.loop};")
        return " ".join(parts)

    def n_Cancel(self, s, scope, ctx):
        if ctx.handler == "native":
            return "return 1;"
        depth, flag = scope.lookup("\0depth")[0], scope.lookup("\0flag")[0]
        return f"S->frames[{depth}].L[{flag}] = 1; return POP;"

    def n_Log(self, s, scope, ctx):
        return ";"  # simulation keeps no log: the text is never made

    def n_EndGame(self, s: n.EndGame, scope, ctx):
        winners = self.as_list(s.winners, scope) if s.winners is not None else self.const_list(())
        by_player = 1 if s.winners is not None and self.type_of(s.winners) == ("list", PLAYER) else 0
        parts: list = []
        args: list[str] = []
        if s.reason is not None:
            for part in s.reason.parts:
                if isinstance(part, str):
                    parts.append(part)
                else:
                    parts.append((len(args), self.type_of(part)))
                    args.append(self.expr(part, scope))
        if len(args) > 8:
            raise NativeUnsupported("an end-game text with more than 8 values")
        reason = len(self.reasons)
        self.reasons.append(tuple(parts))
        sets = " ".join(f"S->reason_args[{i}] = {a};" for i, a in enumerate(args))
        return f"{{ {sets} game_over(S, {winners}, {by_player}, {reason}); }}"

    def n_Merge(self, s: n.Merge, scope, ctx):
        b = self.board_of(s.first)
        return (f"merge(S, D, {b.roots}, {b.size}, {b.low}, {self.expr(s.first, scope)}, "
                f"{self.expr(s.second, scope)});")

    def n_Connect(self, s: n.Connect, scope, ctx):
        b = self.layout.boards[self.type_of(s.first)[1]]
        return f"connect(S, D, {b.edges}, {b.low}, {self.expr(s.first, scope)}, {self.expr(s.second, scope)});"

    def n_Pick(self, s: n.Pick, scope, ctx):
        g = n.Generator(s.span, n.Name(s.span, s.var), s.var, s.domain, s.condition)
        self.p.types[id(g.element)] = self.type_of(s.domain)
        out = self.fresh("o")
        loop = self.generator_loop(g, scope, lambda x: f"lpush(S, {out}, {x});")
        chosen = f"({{ i64 *{out} = lnew(S); {loop} lpick(S, (List){out}); }})"
        return self.bind_set(scope, s.var, element_of(self.type_of(s.domain)), chosen)

    def n_Shuffle(self, s: n.Shuffle, scope, ctx):
        return f"shuffle(S, D, {self.expr(s.zone, scope)});"

    def n_If(self, s: n.If, scope, ctx):
        out = []
        for i, (condition, body) in enumerate(s.branches):
            keyword = "if" if i == 0 else "else if"
            out.append(f"{keyword} ({self.expr(condition, scope)}) {{ {self.block_c(body, scope.child(), ctx)} }}")
        if s.otherwise is not None:
            out.append(f"else {{ {self.block_c(s.otherwise, scope.child(), ctx)} }}")
        return " ".join(out)

    def n_For(self, s: n.For, scope, ctx):
        inner = scope.child()
        var = inner.bind(s.var, element_of(self.type_of(s.domain)))
        loop_ctx = Ctx("native", ctx.handler, ctx.flat)
        body = self.block_c(s.body, inner, loop_ctx)
        if scope.flat:  # the loop variable lives in the frame, as in the Python back-end
            temp = self.fresh("e")
            return self.loop(s.domain, scope, temp, f"{var} = {temp}; {body}", snapshot=True)
        return self.loop(s.domain, scope, var, body, snapshot=True)

    def n_Repeat(self, s: n.Repeat, scope, ctx):
        count = self.fresh("r")
        loop_ctx = Ctx("native", ctx.handler, ctx.flat)
        return (f"for (i64 {count} = {self.expr(s.count, scope)}; {count} > 0; {count}--) "
                f"{{ {self.block_c(s.body, scope.child(), loop_ctx)} }}")

    def n_While(self, s: n.While, scope, ctx):
        loop_ctx = Ctx("native", ctx.handler, ctx.flat)
        return f"while ({self.expr(s.condition, scope)}) {{ {self.block_c(s.body, scope.child(), loop_ctx)} }}"

    def n_Loop(self, s: n.Loop, scope, ctx):
        loop_ctx = Ctx("native", ctx.handler, ctx.flat)
        return f"for (;;) {{ {self.block_c(s.body, scope.child(), loop_ctx)} }}"

    def n_SpanBlock(self, s: n.SpanBlock, scope, ctx):
        return " ".join([self.span_enter(s, scope), self.block_c(s.body, scope.child(), ctx.inside(s)),
                         self.span_exit_native(s)])

    def n_Allow(self, s: n.Allow, scope, ctx):
        return " ".join([self.allow_enter(s, scope), self.block_c(s.body, scope.child(), ctx.inside(s)),
                         "S->nallows--;"])

    def allow_enter(self, s: n.Allow, scope) -> str:
        args = [self.expr(a, scope) for a in s.args]
        if len(args) > self.max_args:
            raise NativeUnsupported("a standing action with many arguments")
        player = self.expr(s.player, scope) if s.player is not None else f"D[{CURRENT_PLAYER}]"
        if s.condition is not None:
            player = f"(({self.expr(s.condition, scope)}) ? ({player}) : -1)"
        index = list(self.p.actions).index(s.action)
        allow = self.fresh("al")
        sets = " ".join(f"{allow}->args[{i}] = {a};" for i, a in enumerate(args))
        return f"{{ Allow *{allow} = push_allow(S, {index}, {player}); {sets} }}"

    def n_RunCode(self, s: n.RunCode, scope, ctx):
        table = self.code_table(s)
        args = "".join(", " + self.expr(a, scope) for a in s.args)
        member = self.fresh("m")
        return (f"{{ i64 {member} = {self.expr(s.member, scope)}; "
                f"if ({table}[IXN({member})]) {table}[{member}](S, {member}{args}); }}")

    def code_table(self, s: n.RunCode) -> str:
        return self.code_table_for(s.column, self.type_of(s.member)[1], None)

    def code_table_for(self, column: str, kind: str, result) -> str:
        names = self.p.code_rules.get((column, kind), [])
        table = f"RUN_{list(self.p.codes).index((column, kind))}"
        self.code_tables[table] = (column, kind, tuple(names), result)
        return table

    def code_value_call(self, column: str, kind: str, args: list) -> str:
        table = self.code_table_for(column, kind, True)
        member = self.fresh("m")
        rest = "".join(", " + a for a in args[1:])
        return f"({{ i64 {member} = {args[0]}; {table}[IXN({member})](S, {member}{rest}); }})"

    def span_enter(self, s: n.SpanBlock, scope) -> str:
        if s.kind == "turn":
            assert s.player is not None  # `turn P:` always names its player
            return f"D[{CURRENT_PLAYER}] = {self.expr(s.player, scope)};"
        if s.kind == "phase":
            return f"D[{CURRENT_PHASE}] = {self.c.phase_names.index(s.name)};"
        if s.kind == "step":
            return f"D[{CURRENT_STEP}] = {self.c.step_names.index(s.name)};"
        return ""

    def span_exit_common(self, s: n.SpanBlock) -> str:
        line = f"if (S->nmods) end_span(S, {SPAN_CODES[s.kind]});"
        if s.kind == "step":
            line += f" D[{CURRENT_STEP}] = -1;"
        return line

    def span_exit_native(self, s: n.SpanBlock) -> str:
        calls = [self.trigger_call(t, []) for t in self.triggers("span_end", s.kind)]
        return " ".join([self.span_exit_common(s)] + calls)

    def n_Modify(self, s: n.Modify, scope, ctx):
        captured = sorted(name for name in free_names(s.amount, set()) |
                          (free_names(s.condition, set()) if s.condition else set())
                          if name not in s.params and scope.lookup(name) is not None)
        site = len(self.modifiers)
        fn = f"M{site}"
        inner = CScope(False)
        for i, name in enumerate(captured):
            if scope.lookup(name)[1]:
                raise NativeUnsupported("a modifier that keeps a list")
            inner.bind_as(name, f"C[{i}]")
        decl = self.p.values[s.value]
        params = [f"i64 {inner.bind(name)}" for name in s.params]
        amount = self.expr(s.amount, inner)
        new = {"+=": f"r + ({amount})", "-=": f"r - ({amount})", ":=": amount}[s.op]
        body = f"return {new};"
        if s.condition is not None:
            body = f"if (!({self.expr(s.condition, inner)})) return r; " + body
        if is_list(self.type_of(decl.body)):
            raise NativeUnsupported("a modifier of a list value")
        self.functions.append(f"static i64 {fn}(St *S, const i64 *C, i64 r{''.join(', ' + p for p in params)}) "
                              f"{{ i64 *D = S->D; (void)D; {body} }}")
        self.modifiers.append((s.value, fn, len(captured)))
        self.modifiers_of[s.value].append(site)
        if len(captured) > self.max_captured:
            raise NativeUnsupported("a modifier that keeps many values")
        m = self.fresh("md")
        sets = " ".join(f"{m}->C[{i}] = {scope.lookup(name)[0]};" for i, name in enumerate(captured))
        return f"{{ Mod *{m} = push_mod(S, {site}, {SPAN_CODES[s.span_name]}); {sets} }}"

    # ------------------------------------------------------------ pieces
    def zone_parts(self, e: n.Node, scope) -> tuple:
        zone = self.zone_of(e)
        t = self.type_of(e)
        if isinstance(t, tuple) and t[0] == "zones" and isinstance(e, n.Subscript):
            width = 1 if zone.ordered else zone.kinds
            return zone, self.offset(zone.dims, width, zone.base, e.indexes, scope)
        return zone, self.expr(e, scope)

    def zone_index(self, zone, offset: str) -> str:
        if not zone.dims:
            return "NONE"
        d = zone.dims[0]
        return f"(({offset}) - {zone.base}) / {zone.width} + {d.low}"

    def trigger_call(self, t, args: list[str]) -> str:
        """Fire a trigger now, or — when it can stop for a decision — queue its frame."""
        target = self.flat_triggers.get(id(t))
        if target is None:
            return f"{self.trigger_names[id(t)]}(S{''.join(', ' + a for a in args)});"
        if not self.deferring:
            raise NativeUnsupported("a trigger that can stop play, fired where play cannot stop")
        f = self.fresh("pf")
        sets = " ".join(f"{f}->L[{i}] = {a};" for i, a in enumerate(args))
        return f"{{ Frame *{f} = pend(S, {target.id}, {len(args)}); {sets} }}"

    def entered(self, zone, offset: str, kind: str) -> str:
        if zone.ordered:
            out = [f"pile_push(S, D, {offset}, {kind});"]
        else:
            out = [f"D[{offset} + {kind}] += 1;"]
        for t in self.triggers("enter", zone.name):
            out.append(self.trigger_call(t, [kind, self.zone_index(zone, offset)]))
        return " ".join(out)

    def changed(self, pairs) -> str:
        out = []
        for zone, offset in pairs:
            for t in self.triggers("change", zone.name):
                out.append(self.trigger_call(t, [self.zone_index(zone, offset)]))
        return " ".join(out)

    def n_Move(self, s: n.Move, scope, ctx):
        src, src_off = self.zone_parts(s.source, scope)
        dst, dst_off = self.zone_parts(s.dest, scope)
        a, b, k, c = self.fresh("o"), self.fresh("o"), self.fresh("k"), self.fresh("c")
        out = [f"i64 {a} = {src_off}; i64 {b} = {dst_off};"]
        one_by_one = bool(self.triggers("enter", dst.name)) or dst.ordered
        if s.kind is None:
            if src.ordered:
                i = self.fresh("i")
                out.append(f"{{ List {k}l = lcopy_tmp(S, PILE({a})); for (i64 {i} = {k}l[0]; {i} >= 1; {i}--) "
                           f"{{ i64 {k} = {k}l[{i}]; {self.entered(dst, b, k)} }} D[D[{a}]] = 0; }}")
            else:
                inner = (f"for (i64 {c}i = 0; {c}i < {c}; {c}i++) {{ {self.entered(dst, b, k)} }}" if one_by_one
                         else f"D[{b} + {k}] += {c};")
                out.append(f"for (i64 {k} = 0; {k} < {src.kinds}; {k}++) {{ i64 {c} = D[{a} + {k}]; "
                           f"D[{a} + {k}] = 0; {inner} }}")
        else:
            count = self.expr(s.count, scope) if s.count is not None else "1"
            out.append(f"i64 {k} = IXN({self.expr(s.kind, scope)}); i64 {c} = {count};")
            out.append(f"remove_from_pile(S, D, {a}, {k}, {c});" if src.ordered else f"take(S, D, {a}, {k}, {c});")
            if one_by_one:
                out.append(f"for (i64 {c}i = 0; {c}i < {c}; {c}i++) {{ {self.entered(dst, b, k)} }}")
            else:
                out.append(f"D[{b} + {k}] += {c};")
        out.append(self.changed([(src, a), (dst, b)]))
        return "{ " + " ".join(out) + " }"

    def n_Draw(self, s: n.Draw, scope, ctx):
        src, src_off = self.zone_parts(s.source, scope)
        dst, dst_off = self.zone_parts(s.dest, scope)
        a, b, k, r = self.fresh("o"), self.fresh("o"), self.fresh("k"), self.fresh("r")
        take_one = f"pile_draw(S, D, {a})" if src.ordered else f"draw_one(S, D, {a}, {src.kinds})"
        return (f"{{ i64 {a} = {src_off}; i64 {b} = {dst_off}; "
                f"for (i64 {r} = {self.expr(s.count, scope)}; {r} > 0; {r}--) {{ i64 {k} = {take_one}; "
                f"if ({k} < 0) break; {self.entered(dst, b, k)} }} {self.changed([(src, a), (dst, b)])} }}")

    def n_Put(self, s: n.Put, scope, ctx):
        zone, off = self.zone_parts(s.zone, scope)
        a, k, c = self.fresh("o"), self.fresh("k"), self.fresh("c")
        out = [f"i64 {a} = {off}; i64 {k} = IXN({self.expr(s.kind, scope)}); i64 {c} = {self.expr(s.count, scope)};"]
        if s.remove:
            out.append(f"remove_from_pile(S, D, {a}, {k}, {c});" if zone.ordered else f"take(S, D, {a}, {k}, {c});")
        else:
            out.append(f"for (i64 {c}i = 0; {c}i < {c}; {c}i++) {{ {self.entered(zone, a, k)} }}")
        out.append(self.changed([(zone, a)]))
        return "{ " + " ".join(out) + " }"

    def n_Emit(self, s: n.Emit, scope, ctx):
        args = [self.expr(a, scope) for a in s.args]
        flag = self.fresh("x")
        out = [f"int {flag} = 0;"]
        for t in self.triggers("event", s.event):
            out.append(f"if ({self.trigger_names[id(t)]}(S{''.join(', ' + a for a in args)})) {flag} = 1;")
        if s.body is not None:
            out.append(f"if (!{flag}) {{ {self.block_c(s.body, scope.child(), ctx)} }}")
        return "{ " + " ".join(out) + " }"

    # ------------------------------------------------------------ native functions
    def native_function(self, name: str, params: list, body, ctx: Ctx, returns: bool = False,
                        condition=None, types=None) -> None:
        scope = CScope(False)
        decls = []
        for i, p in enumerate(params):
            t = types[i] if types else "int"
            access = scope.bind(p, t) if p else f"unused{i}"
            decls.append(f"{self.ctype(t)} {access}")
        result = "0" if returns else ""
        head = f"static {'i64' if returns else 'void'} {name}(St *S{''.join(', ' + d for d in decls)})"
        self.prototypes.append(head + ";")
        test = f"if (!({self.expr(condition, scope)})) return {result}; " if condition is not None else ""
        self.functions.append(f"{head} {{ i64 *D = S->D; (void)D; {test}{self.block_c(body, scope, ctx)} "
                              f"return {result}; }}")

    def trigger_params(self, t) -> list:
        if t.form == "enter":
            return [t.binds[0], t.binds[1]]
        if t.form == "change":
            return [t.binds[0]]
        if t.form == "event":
            return list(t.binds)
        return []

    def compile_native_callables(self) -> None:
        for name, rule in self.p.rules.items():
            if not self.suspension.rules[name]:
                types = [self.param_type(p) for p in rule.params]
                self.native_function(self.rule_names[name], [p.name for p in rule.params], rule.body, Ctx(),
                                     types=types)
        for t in self.p.triggers:
            if self.suspension.triggers[id(t)]:
                continue
            fn = self.trigger_names[id(t)]
            params = self.trigger_params(t)
            if t.form == "event":
                self.native_function(fn, params, t.body, Ctx(handler="native"), returns=True,
                                     condition=t.condition)
            else:
                self.native_function(fn, params, t.body, Ctx(), condition=t.condition)

    def param_type(self, p: n.Param):
        if p.type.name == "list":
            return ("list", "any")
        return "int"

    def compile_values(self) -> None:
        for name, decl in self.p.values.items():
            scope = CScope(False)
            params = [scope.bind(p.name, self.param_type(p)) for p in decl.params]
            fn = self.value_names[name]
            rtype = self.ctype(self.type_of(decl.body))
            decls = "".join(f", {self.ctype(self.param_type(p))} {a}" for p, a in zip(decl.params, params))
            head = f"static {rtype} {fn}(St *S{decls})"
            self.prototypes.append(head + ";")
            try:
                body = f"{rtype} r = {self.expr(decl.body, scope)};"
            except NativeUnsupported as err:
                # Only logs may need it (they are not made in native play): if play reaches it,
                # the game is handed to the Python back-end.
                self.unsupported[fn] = f"value {name}: {err}"
                self.functions.append(f"{head} {{ fail(S, ST_UNSUPPORTED); return 0; }}")
                continue
            if self.modifiers_of[name]:
                args = "".join(", " + a for a in params)
                cases = " ".join(f"case {site}: r = M{site}(S, S->mods[i].C, r{args}); break;"
                                 for site in self.modifiers_of[name])
                body += f" for (i64 i = 0; i < S->nmods; i++) switch (S->mods[i].site) {{ {cases} }}"
            self.functions.append(f"{head} {{ i64 *D = S->D; (void)D; {body} return r; }}")
