"""Resumable blocks: each statement that can reach a decision becomes numbered instructions."""
from __future__ import annotations

from typing import Optional

from rulebook.dsl import nodes as n

from .analysis import free_names
from .exprgen import Scope
from .layout import CURRENT_PLAYER
from .stmtgen import (
    POP, PUSHED, SUSPEND, Binding, ChoiceSite, Ctx, FlatBlock, Label, OptionSite, StmtGen, indent,
)


class FlatGen(StmtGen):
    def new_block(self, name: str) -> FlatBlock:
        block = FlatBlock(len(self.blocks), name, Scope(self, True))
        self.blocks.append(block)
        return block

    def flat_body(self, block: FlatBlock, stmts, scope: Scope, ctx: Ctx) -> None:
        group: list = []
        for s in stmts:
            if self.suspension.stmt(s):
                self.flush(block, group, scope, ctx)
                group = []
                block.at = s.span
                getattr(self, "f_" + type(s).__name__)(block, s, scope, ctx)
            else:
                group.append(s)
        self.flush(block, group, scope, ctx)

    def flush(self, block: FlatBlock, group, scope: Scope, ctx: Ctx) -> None:
        if group:
            block.at = group[0].span
            lines = self.native_block(group, scope, ctx)
            block.add(lines + [f"return {block.next_pc + 1}"])

    def jump(self, block: FlatBlock, target: str) -> None:
        block.add([f"return {target}"])

    # ------------------------------------------------------------ pushing frames
    def frame(self, target: FlatBlock, args: list[str]) -> str:
        values = "[" + "".join(a + ", " for a in args) + "]"
        return f"[{target.id}, 0, {values} + [None] * @N{target.id}@]"

    def push_lines(self, block: FlatBlock) -> list[str]:
        depth = [f"if len(S.frames) > MAX_FRAMES: too_deep(S, {self.span_ref(block.at)})"] if self.metered else []
        return [f"S.frames[-1][1] = {block.next_pc + 1}", "S.frames.extend(reversed(P))"] + depth + \
            self.tick(block.at) + [f"return {PUSHED}"]

    def entered(self, zone, offset, kind, scope, ctx):
        return self._deferring(super().entered(zone, offset, kind, scope, ctx))

    def changed(self, pairs):
        return self._deferring(super().changed(pairs))

    def _deferring(self, lines: list[str]) -> list[str]:
        """Calls of triggers that can stop for a decision become frames pushed after the statement."""
        out = []
        for line in lines:
            name = line.split("(", 1)[0].strip()
            target = self.flat_trigger_by_name.get(name)
            if target is None:
                out.append(line)
                continue
            args = line.split("(", 1)[1].rsplit(")", 1)[0].split(", ")[1:]
            out.append(f"P.append({self.frame(target, args)})")
        return out

    # ------------------------------------------------------------ decisions
    def bindings(self, binders, scope: Scope) -> tuple[list, list[int]]:
        result, slots = [], []
        earlier: set = set()
        for b in binders:
            dependent = bool(free_names(b.domain, set()) & earlier)
            earlier.add(b.var)
            domain_fn = self.fresh("DOM")
            self.places[domain_fn] = (f"the choices of '{b.var}'", b.span)
            self.source += [f"def {domain_fn}(S, L):", "    D = S.data",
                            f"    return tuple({self.domain(b.domain, scope)})"]
            access = scope.bind(b.var)
            slot = _slot(access)
            condition_fn = None
            if b.condition is not None:
                condition_fn = self.fresh("CND")
                self.places[condition_fn] = (f"the condition on '{b.var}'", b.span)
                self.source += [f"def {condition_fn}(S, L):", "    D = S.data",
                                f"    return {self.expr(b.condition, scope)}"]
            result.append(Binding(slot, domain_fn, condition_fn, dependent))
            slots.append(slot)
        return result, slots

    def guard_function(self, option: n.Option, scope: Scope):
        if option.guard is None:
            return None
        fn = self.fresh("GUARD")
        self.places[fn] = ("an option's condition", option.span)
        self.source += [f"def {fn}(S, L):", "    D = S.data", f"    return {self.expr(option.guard, scope)}"]
        return fn

    def label_function(self, option: n.Option) -> str:
        fn = self.fresh("LBL")
        self.places[fn] = ("a move's text", option.span)
        scope = Scope(self, False)
        for i, b in enumerate(option.binders):
            scope.bind_as(b.var, f"V[{i}]")
        if option.label is None:
            shown = [self.show(n.Name(b.span, b.var), scope) for b in option.binders]
            text = "' '.join((" + "".join(s + ", " for s in shown) + "))" if shown else self.k("")
        else:
            text = self.expr(option.label, scope)
        self.source += [f"def {fn}(V):", "    D = ()", f"    return {text}"]
        return fn

    def choose_instruction(self, block: FlatBlock, s, scope: Scope, prefix=()) -> ChoiceSite:
        site = ChoiceSite(len(self.sites), block.id, s.span, pc=block.next_pc)
        self.sites.append(site)
        chooser = self.expr(s.chooser, scope) if s.chooser is not None else f"D[{CURRENT_PLAYER}]"
        block.add(list(prefix) + [f"S.decision = {site.id}", f"S.decider = {chooser}", f"return {SUSPEND}"])
        return site

    def f_Choose(self, block: FlatBlock, s: n.Choose, scope: Scope, ctx: Ctx) -> None:
        site = self.choose_instruction(block, s, scope)
        if not s.menu:
            option = s.options[0]
            label = self.label_function(option)
            bindings, slots = self.bindings(option.binders, scope)
            site.options.append(OptionSite(label, bindings, block.next_pc))
            if s.optional:
                site.options.append(OptionSite(self.k("pass"), [], block.next_pc, tuple(slots)))
            return
        end = block.label()
        for option in s.options:
            inner = scope.child()
            label = self.label_function(option)
            bindings, _ = self.bindings(option.binders, inner)
            site.options.append(OptionSite(label, bindings, block.next_pc, guard=self.guard_function(option, inner)))
            self.flat_body(block, option.body, inner, ctx)
            self.jump(block, end.ref)
        block.mark(end)

    def f_UpTo(self, block: FlatBlock, s: n.UpTo, scope: Scope, ctx: Ctx) -> None:
        inner = scope.child()
        counter = inner.bind("\0count")
        block.add([f"{counter} = {self.expr(s.count, scope)}", f"return {block.next_pc + 1}"])
        head, end = block.label(), block.label()
        block.mark(head)
        site = self.choose_instruction(block, s, scope, [f"if {counter} <= 0:", f"    return {end.ref}"])
        label = self.label_function(s.option)
        bindings, _ = self.bindings(s.option.binders, inner)
        site.options.append(OptionSite(label, bindings, block.next_pc))
        site.options.append(OptionSite(self.k("done"), [], end))
        self.flat_body(block, s.option.body, inner, Ctx(end.ref, ctx.handler, True))
        block.add([f"{counter} -= 1", f"return {head.ref}"])
        block.mark(end)

    # ------------------------------------------------------------ control flow
    def f_If(self, block: FlatBlock, s: n.If, scope: Scope, ctx: Ctx) -> None:
        end = block.label()
        for condition, body in s.branches:
            otherwise = block.label()
            block.add([f"return {block.next_pc + 1} if {self.expr(condition, scope)} else {otherwise.ref}"])
            self.flat_body(block, body, scope.child(), ctx)
            self.jump(block, end.ref)
            block.mark(otherwise)
        if s.otherwise is not None:
            self.flat_body(block, s.otherwise, scope.child(), ctx)
        block.mark(end)

    def f_For(self, block: FlatBlock, s: n.For, scope: Scope, ctx: Ctx) -> None:
        inner = scope.child()
        items, position, var = inner.bind("\0items"), inner.bind("\0at"), inner.bind(s.var)
        block.add([f"{items} = tuple({self.domain(s.domain, scope)})", f"{position} = 0"]
                  + self.tick(s.span, f"len({items})") + [f"return {block.next_pc + 1}"])
        head, end = block.label(), block.label()
        block.mark(head)
        block.add([f"if {position} >= len({items}):", f"    return {end.ref}",
                   f"{var} = {items}[{position}]", f"{position} += 1", f"return {block.next_pc + 1}"])
        domain_fn = self.path_function(f"tuple({self.domain(s.domain, scope)})")
        self.path.append(("for", _slot(items), _slot(position), _slot(var), domain_fn))
        self.flat_body(block, s.body, inner, Ctx(end.ref, ctx.handler, True))
        self.path.pop()
        self.jump(block, head.ref)
        block.mark(end)

    def f_Repeat(self, block: FlatBlock, s: n.Repeat, scope: Scope, ctx: Ctx) -> None:
        inner = scope.child()
        counter = inner.bind("\0count")
        block.add([f"{counter} = {self.expr(s.count, scope)}", f"return {block.next_pc + 1}"])
        head, end = block.label(), block.label()
        block.mark(head)
        block.add([f"if {counter} <= 0:", f"    return {end.ref}", f"{counter} -= 1"] + self.tick(s.span) +
                  [f"return {block.next_pc + 1}"])
        self.path.append(("repeat", _slot(counter), self.path_function(f"{self.expr(s.count, scope)} - 1")))
        self.flat_body(block, s.body, inner, Ctx(end.ref, ctx.handler, True))
        self.path.pop()
        self.jump(block, head.ref)
        block.mark(end)

    def f_While(self, block: FlatBlock, s: n.While, scope: Scope, ctx: Ctx) -> None:
        head, end = block.label(), block.label()
        block.mark(head)
        block.add(self.tick(s.span) + [f"return {block.next_pc + 1} if {self.expr(s.condition, scope)} else {end.ref}"])
        self.flat_body(block, s.body, scope.child(), Ctx(end.ref, ctx.handler, True))
        self.jump(block, head.ref)
        block.mark(end)

    def f_Loop(self, block: FlatBlock, s: n.Loop, scope: Scope, ctx: Ctx) -> None:
        head, end = block.label(), block.label()
        block.mark(head)
        if self.metered:
            block.add(self.tick(s.span) + [f"return {block.next_pc + 1}"])
        self.flat_body(block, s.body, scope.child(), Ctx(end.ref, ctx.handler, True))
        self.jump(block, head.ref)
        block.mark(end)

    def f_SpanBlock(self, block: FlatBlock, s: n.SpanBlock, scope: Scope, ctx: Ctx) -> None:
        enter = block.add(self.span_enter(s, scope) + [f"return {block.next_pc + 1}"])
        entry: Optional[tuple] = None
        if s.kind == "step":
            self.step_sites.setdefault(s.name, []).append((block.id, tuple(self.path), enter))
        elif s.kind == "turn":
            assert s.player is not None  # `turn P:` always names its player
            entry = ("turn", self.path_function(self.expr(s.player, scope)))
        elif s.kind == "phase":
            entry = ("phase", self.phase_names.index(s.name))
        if entry:
            self.path.append(entry)
        self.flat_body(block, s.body, scope.child(), ctx.inside(s))
        if entry:
            self.path.pop()
        calls = self._deferring([f"{self.trigger_names[id(t)]}(S)" for t in self.triggers("span_end", s.kind)])
        self._then_push(block, self.span_exit_common(s) + calls)

    def f_Allow(self, block: FlatBlock, s: n.Allow, scope: Scope, ctx: Ctx) -> None:
        block.add([self.allow_enter(s, scope), f"return {block.next_pc + 1}"])
        args_fn = self.path_function("(" + "".join(self.expr(a, scope) + ", " for a in s.args) + ")")
        player = self.expr(s.player, scope) if s.player is not None else f"D[{CURRENT_PLAYER}]"
        if s.condition is not None:
            player = f"({player} if {self.expr(s.condition, scope)} else -1)"
        player_fn = self.path_function(player)
        self.path.append(("allow", list(self.p.actions).index(s.action), args_fn, player_fn))
        self.flat_body(block, s.body, scope.child(), ctx.inside(s))
        self.path.pop()
        block.add(["S.allows = S.allows[:-1]", f"return {block.next_pc + 1}"])

    def f_RunCode(self, block: FlatBlock, s: n.RunCode, scope: Scope, ctx: Ctx) -> None:
        table = self.code_table(s)
        member = self.fresh("m")
        args = [member] + [self.expr(a, scope) for a in s.args]
        values = "[" + "".join(a + ", " for a in args) + "]"
        block.add([f"{member} = {self.expr(s.member, scope)}", f"b = {table}_BLOCKS[{member}]",
                   "if b >= 0:", f"    P = [[b, 0, {values} + [None] * SLOTS[b]]]"]
                  + indent(self.push_lines(block))
                  + [f"elif {table}[{member}] is not None:", f"    {table}[{member}](S{''.join(', ' + a for a in args)})",
                     f"return {block.next_pc + 1}"])

    def compile_actions(self) -> None:
        """Each standing action is a block; its options are listed like a `choose:` menu's."""
        self.action_sites = []
        for name, decl in self.p.actions.items():
            block = self.new_block(f"action {name}")
            for param in decl.params:
                block.scope.bind(param.name)
            options = []
            for option in decl.options:
                inner = block.scope.child()
                label = self.label_function(option)
                bindings, _ = self.bindings(option.binders, inner)
                options.append(OptionSite(label, bindings, block.next_pc, guard=self.guard_function(option, inner)))
                self.flat_body(block, option.body, inner, Ctx(flat=True))
                block.add([f"return {POP}"])
            self.action_sites.append((block.id, options, decl.span))

    def f_CallStmt(self, block: FlatBlock, s: n.CallStmt, scope: Scope, ctx: Ctx) -> None:
        target = self.flat_rules[s.name]
        args = [self.expr(a, scope) for a in s.args]
        args_fn = self.path_function("[" + "".join(a + ", " for a in args) + "]")
        self.call_sites.setdefault(target.id, []).append((block.id, tuple(self.path), block.next_pc + 1, args_fn))
        block.add(["P = [" + self.frame(target, args) + "]"] + self.push_lines(block))

    def _then_push(self, block: FlatBlock, lines: list[str]) -> None:
        """Run lines, then start the blocks they queued in P (if they queued any)."""
        if any(line.lstrip().startswith("P.append(") for line in lines):
            block.add(["P = []"] + lines + self.push_lines(block))
        else:
            block.add(lines + [f"return {block.next_pc + 1}"])

    def f_Move(self, block, s, scope, ctx):
        self._then_push(block, self.n_Move(s, scope, ctx))

    def f_Draw(self, block, s, scope, ctx):
        self._then_push(block, self.n_Draw(s, scope, ctx))

    def f_Put(self, block, s, scope, ctx):
        self._then_push(block, self.n_Put(s, scope, ctx))

    def f_Emit(self, block: FlatBlock, s: n.Emit, scope: Scope, ctx: Ctx) -> None:
        flag = scope.child().bind("\0cancelled")
        slot = _slot(flag)
        args = [self.expr(a, scope) for a in s.args]
        lines = [f"{flag} = 0", "P = []"]
        for t in self.triggers("event", s.event):
            target = self.flat_triggers.get(id(t))
            if target is not None:
                lines.append(f"P.append({self.frame(target, args + ['len(S.frames) - 1', str(slot)])})")
            else:
                lines += [f"if {self.trigger_names[id(t)]}(S{''.join(', ' + a for a in args)}):",
                          f"    {flag} = 1"]
        block.add(lines + self.push_lines(block))
        end = block.label()
        block.add([f"return {end.ref} if {flag} else {block.next_pc + 1}"])
        if s.body is not None:
            self.flat_body(block, s.body, scope.child(), ctx)
        block.mark(end)

    # ------------------------------------------------------------ whole blocks
    def path_function(self, source: str) -> str:
        """A function of (S, L) giving `source`: used to place the flow at a named step."""
        fn = self.fresh("PATH")
        self.source += [f"def {fn}(S, L):", "    D = S.data", f"    return {source}"]
        return fn

    def compile_flat_blocks(self) -> None:
        self.step_sites: dict[str, list] = {}  # step name -> (block, path inside it, enter pc)
        self.call_sites: dict[int, list] = {}  # block -> (caller block, path, return pc, args fn)
        self.path: list = []
        root = self.new_block("flow")
        for name in self.p.rules:
            if self.suspension.rules[name]:
                self.flat_rules[name] = self.new_block(f"rule {name}")
        for t in self.p.triggers:
            if self.suspension.triggers[id(t)]:
                self.flat_triggers[id(t)] = self.new_block(f"when {t.name}")
        self.flat_trigger_by_name = {self.trigger_names[key]: block for key, block in self.flat_triggers.items()}
        assert self.p.flow is not None  # the checker rejects a game without one
        body = (self.p.setup.body if self.p.setup else ()) + self.p.flow.body
        self.flat_body(root, body, root.scope, Ctx(flat=True))
        root.add([f"return {POP}"])
        for name, block in self.flat_rules.items():
            for param in self.p.rules[name].params:
                block.scope.bind(param.name)
            self.flat_body(block, self.p.rules[name].body, block.scope, Ctx(flat=True))
            block.add([f"return {POP}"])
        self.compile_actions()
        for t in self.p.triggers:
            trigger_block = self.flat_triggers.get(id(t))
            if trigger_block is None:
                continue
            for name in self.trigger_params(t):
                trigger_block.scope.bind(name or "\0unused")
            handler = None
            if t.form == "event":
                trigger_block.scope.bind("\0depth")
                trigger_block.scope.bind("\0flag")
                handler = "flat"
            if t.condition is not None:
                trigger_block.add([f"return {trigger_block.next_pc + 1} if "
                                   f"{self.expr(t.condition, trigger_block.scope)} else {POP}"])
            self.flat_body(trigger_block, t.body, trigger_block.scope, Ctx(handler=handler, flat=True))
            trigger_block.add([f"return {POP}"])

    def instruction_source(self) -> list[str]:
        lines = []
        for block in self.blocks:
            for pc, body in enumerate(block.instrs):
                text = "\n".join(indent(body))
                for label in block.labels:
                    text = text.replace(label.ref, str(label.pc))
                for other in self.blocks:
                    text = text.replace(f"@N{other.id}@", str(other.scope.slots))
                lines.append(f"def I{block.id}_{pc}(S, L):")
                lines.append("    D = S.data")
                lines.append(text)
        return lines


def _slot(access: str) -> int:
    return int(access[2:-1])


def resolve_pc(target) -> int:
    if isinstance(target, Label):
        assert target.pc is not None  # every label is marked before the code is assembled
        return target.pc
    return target
