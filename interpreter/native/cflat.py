"""Resumable blocks → numbered C instructions, numbered exactly as the Python back-end numbers them.

Each instruction is `static i64 I<b>_<pc>(St *S, Frame *F)` giving the next pc (or PUSHED,
SUSPEND, POP). Blocks, pcs, frame slots, decision sites and modifier sites come out in the Python
back-end's order, so a frame means the same in both states (the assembling game checks it).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from rulebook.dsl import nodes as n
from rulebook.dsl.types import element_of

from ..analysis import free_names
from ..layout import CURRENT_PLAYER
from ..lower.context import Ctx
from ..machine import POP, PUSHED

SUSPEND = -2  # what the old compiler's instructions gave at a decision
from .cexpr import CScope, NativeUnsupported, is_list
from .cstmt import CStmt


class CLabel:
    def __init__(self, ident: int):
        self.ref = f"@L{ident}@"
        self.pc: Optional[int] = None


@dataclass
class CBlock:
    id: int
    name: str
    scope: CScope
    instrs: list = field(default_factory=list)
    labels: list = field(default_factory=list)

    def label(self, counter: list) -> CLabel:
        counter[0] += 1
        label = CLabel(counter[0])
        self.labels.append(label)
        return label

    def mark(self, label: CLabel) -> None:
        label.pc = len(self.instrs)

    def add(self, body: str) -> int:
        self.instrs.append(body)
        return len(self.instrs) - 1

    @property
    def next_pc(self) -> int:
        return len(self.instrs)


@dataclass
class CBinding:
    slot: int
    domain: str  # C function name: (S, F) -> List
    condition: Optional[str]
    dependent: bool


@dataclass
class COption:
    bindings: list
    body: object  # pc or CLabel
    clears: tuple = ()
    guard: Optional[str] = None


@dataclass
class CSite:
    id: int
    block: int
    options: list = field(default_factory=list)


class CFlat(CStmt):
    def setup_flat(self) -> None:
        self.blocks: list[CBlock] = []
        self.sites: list[CSite] = []
        self.labels = [0]
        self.action_sites: list = []

    def new_block(self, name: str) -> CBlock:
        block = CBlock(len(self.blocks), name, CScope(True))
        self.blocks.append(block)
        return block

    def flat_body(self, block: CBlock, stmts, scope: CScope, ctx: Ctx) -> None:
        group: list = []
        for s in stmts:
            if self.suspension.stmt(s):
                self.flush(block, group, scope, ctx)
                group = []
                handler = getattr(self, "f_" + type(s).__name__, None)
                if handler is None:
                    raise NativeUnsupported(f"statement {type(s).__name__} where play can stop")
                handler(block, s, scope, ctx)
            else:
                group.append(s)
        self.flush(block, group, scope, ctx)

    def flush(self, block: CBlock, group, scope: CScope, ctx: Ctx) -> None:
        if group:
            body = self.block_c(group, scope, ctx)
            block.add(f"{body} return {block.next_pc + 1};")

    def jump(self, block: CBlock, target: str) -> None:
        block.add(f"return {target};")

    def push_tail(self, block: CBlock) -> str:
        return f"F->pc = {block.next_pc + 1}; push_pending(S); return {PUSHED};"

    def frame_with(self, target: CBlock, args: list[str]) -> str:
        f = self.fresh("pf")
        sets = " ".join(f"{f}->L[{i}] = {a};" for i, a in enumerate(args))
        return f"{{ Frame *{f} = pend(S, {target.id}, {len(args)}); {sets} }}"

    # ------------------------------------------------------------ decisions
    def bindings(self, binders, scope: CScope) -> tuple[list, list[int]]:
        result, slots = [], []
        earlier: set = set()
        for b in binders:
            dependent = bool(free_names(b.domain, set()) & earlier)
            earlier.add(b.var)
            domain_fn = self.fresh("DOM")
            self.site_function(domain_fn, "List", self.as_list(b.domain, scope))
            t = self.type_of(b.domain)
            element = t[1] if isinstance(t, tuple) else "int"
            if is_list(("list", element)) and isinstance(element, tuple) and element[0] == "list":
                raise NativeUnsupported("choosing a list")
            access = scope.bind(b.var, element_of(t))
            slot = int(access[len("F->L["):-1])
            condition_fn = None
            if b.condition is not None:
                condition_fn = self.fresh("CND")
                self.site_function(condition_fn, "i64", self.expr(b.condition, scope))
            result.append(CBinding(slot, domain_fn, condition_fn, dependent))
            slots.append(slot)
        return result, slots

    def site_function(self, name: str, rtype: str, value: str) -> None:
        head = f"static {rtype} {name}(St *S, Frame *F)"
        self.prototypes.append(head + ";")
        self.functions.append(f"{head} {{ i64 *D = S->D; (void)D; return {value}; }}")

    def guard_function(self, option: n.Option, scope: CScope) -> Optional[str]:
        if option.guard is None:
            return None
        fn = self.fresh("GUARD")
        self.site_function(fn, "i64", self.expr(option.guard, scope))
        return fn

    def choose_instruction(self, block: CBlock, s, scope: CScope, prefix: str = "") -> CSite:
        site = CSite(len(self.sites), block.id)
        self.sites.append(site)
        chooser = self.expr(s.chooser, scope) if s.chooser is not None else f"D[{CURRENT_PLAYER}]"
        block.add(f"{prefix} S->decision = {site.id}; S->decider = {chooser}; return {SUSPEND};")
        return site

    def f_Choose(self, block: CBlock, s: n.Choose, scope: CScope, ctx: Ctx) -> None:
        site = self.choose_instruction(block, s, scope)
        if not s.menu:
            bindings, slots = self.bindings(s.options[0].binders, scope)
            site.options.append(COption(bindings, block.next_pc))
            if s.optional:
                site.options.append(COption([], block.next_pc, tuple(slots)))
            return
        end = block.label(self.labels)
        for option in s.options:
            inner = scope.child()
            bindings, _ = self.bindings(option.binders, inner)
            site.options.append(COption(bindings, block.next_pc, guard=self.guard_function(option, inner)))
            self.flat_body(block, option.body, inner, ctx)
            self.jump(block, end.ref)
        block.mark(end)

    def f_UpTo(self, block: CBlock, s: n.UpTo, scope: CScope, ctx: Ctx) -> None:
        inner = scope.child()
        counter = inner.bind("\0count", "int")
        block.add(f"{counter} = {self.expr(s.count, scope)}; return {block.next_pc + 1};")
        head, end = block.label(self.labels), block.label(self.labels)
        block.mark(head)
        site = self.choose_instruction(block, s, scope, f"if ({counter} <= 0) return {end.ref};")
        bindings, _ = self.bindings(s.option.binders, inner)
        site.options.append(COption(bindings, block.next_pc))
        site.options.append(COption([], end))
        self.flat_body(block, s.option.body, inner, Ctx(end.ref, ctx.handler, True))
        block.add(f"{counter} -= 1; return {head.ref};")
        block.mark(end)

    # ------------------------------------------------------------ control flow
    def f_If(self, block: CBlock, s: n.If, scope: CScope, ctx: Ctx) -> None:
        end = block.label(self.labels)
        for condition, body in s.branches:
            otherwise = block.label(self.labels)
            block.add(f"return ({self.expr(condition, scope)}) ? {block.next_pc + 1} : {otherwise.ref};")
            self.flat_body(block, body, scope.child(), ctx)
            self.jump(block, end.ref)
            block.mark(otherwise)
        if s.otherwise is not None:
            self.flat_body(block, s.otherwise, scope.child(), ctx)
        block.mark(end)

    def f_For(self, block: CBlock, s: n.For, scope: CScope, ctx: Ctx) -> None:
        inner = scope.child()
        t = self.type_of(s.domain)
        items = inner.bind("\0items", ("list", t[1] if isinstance(t, tuple) else "int"))
        position, var = inner.bind("\0at", "int"), inner.bind(s.var, element_of(t))
        items_slot = inner.counter[0] - 3
        source = self.as_list(s.domain, scope)
        region = items[len("((List)"):-1]
        block.add(f"lcopy_into(S, {region}, {source}); F->L[{items_slot}] = 1; {position} = 0; "
                  f"return {block.next_pc + 1};")
        head, end = block.label(self.labels), block.label(self.labels)
        block.mark(head)
        block.add(f"if ({position} >= {items}[0]) return {end.ref}; {var} = {items}[{position} + 1]; "
                  f"{position} += 1; return {block.next_pc + 1};")
        self.flat_body(block, s.body, inner, Ctx(end.ref, ctx.handler, True))
        self.jump(block, head.ref)
        block.mark(end)

    def f_Repeat(self, block: CBlock, s: n.Repeat, scope: CScope, ctx: Ctx) -> None:
        inner = scope.child()
        counter = inner.bind("\0count", "int")
        block.add(f"{counter} = {self.expr(s.count, scope)}; return {block.next_pc + 1};")
        head, end = block.label(self.labels), block.label(self.labels)
        block.mark(head)
        block.add(f"if ({counter} <= 0) return {end.ref}; {counter} -= 1; return {block.next_pc + 1};")
        self.flat_body(block, s.body, inner, Ctx(end.ref, ctx.handler, True))
        self.jump(block, head.ref)
        block.mark(end)

    def f_While(self, block: CBlock, s: n.While, scope: CScope, ctx: Ctx) -> None:
        head, end = block.label(self.labels), block.label(self.labels)
        block.mark(head)
        block.add(f"return ({self.expr(s.condition, scope)}) ? {block.next_pc + 1} : {end.ref};")
        self.flat_body(block, s.body, scope.child(), Ctx(end.ref, ctx.handler, True))
        self.jump(block, head.ref)
        block.mark(end)

    def f_Loop(self, block: CBlock, s: n.Loop, scope: CScope, ctx: Ctx) -> None:
        head, end = block.label(self.labels), block.label(self.labels)
        block.mark(head)
        self.flat_body(block, s.body, scope.child(), Ctx(end.ref, ctx.handler, True))
        self.jump(block, head.ref)
        block.mark(end)

    def f_SpanBlock(self, block: CBlock, s: n.SpanBlock, scope: CScope, ctx: Ctx) -> None:
        block.add(f"{self.span_enter(s, scope)} return {block.next_pc + 1};")
        self.flat_body(block, s.body, scope.child(), ctx.inside(s))
        self.deferring = True
        calls = [self.trigger_call(t, []) for t in self.triggers("span_end", s.kind)]
        self.deferring = False
        self._then_push(block, " ".join([self.span_exit_common(s)] + calls))

    def f_Allow(self, block: CBlock, s: n.Allow, scope: CScope, ctx: Ctx) -> None:
        block.add(f"{self.allow_enter(s, scope)} return {block.next_pc + 1};")
        self.flat_body(block, s.body, scope.child(), ctx.inside(s))
        block.add(f"S->nallows--; return {block.next_pc + 1};")

    def f_RunCode(self, block: CBlock, s: n.RunCode, scope: CScope, ctx: Ctx) -> None:
        table = self.code_table(s)
        member = self.fresh("m")
        args = [member] + [self.expr(a, scope) for a in s.args]
        f = self.fresh("pf")
        sets = " ".join(f"{f}->L[{i}] = {a};" for i, a in enumerate(args))
        call = "".join(", " + a for a in args)
        block.add(f"i64 {member} = IXN({self.expr(s.member, scope)}); i64 b = {table}_BLOCKS[{member}]; "
                  f"if (b >= 0) {{ Frame *{f} = pend(S, b, {len(args)}); {sets} {self.push_tail(block)} }} "
                  f"else if ({table}[{member}]) {table}[{member}](S{call}); return {block.next_pc + 1};")

    def f_CallStmt(self, block: CBlock, s: n.CallStmt, scope: CScope, ctx: Ctx) -> None:
        target = self.flat_rules[s.name]
        args = [self.expr(a, scope) for a in s.args]
        block.add(f"{self.frame_with(target, args)} {self.push_tail(block)}")

    def _then_push(self, block: CBlock, body: str) -> None:
        if "pend(S," in body:
            block.add(f"{body} {self.push_tail(block)}")
        else:
            block.add(f"{body} return {block.next_pc + 1};")

    def _deferred(self, block: CBlock, make) -> None:
        self.deferring = True
        try:
            body = make()
        finally:
            self.deferring = False
        self._then_push(block, body)

    def f_Move(self, block, s, scope, ctx):
        self._deferred(block, lambda: self.n_Move(s, scope, ctx))

    def f_Draw(self, block, s, scope, ctx):
        self._deferred(block, lambda: self.n_Draw(s, scope, ctx))

    def f_Put(self, block, s, scope, ctx):
        self._deferred(block, lambda: self.n_Put(s, scope, ctx))

    def f_Emit(self, block: CBlock, s: n.Emit, scope: CScope, ctx: Ctx) -> None:
        flag = scope.child().bind("\0cancelled", "int")
        slot = int(flag[len("F->L["):-1])
        args = [self.expr(a, scope) for a in s.args]
        out = [f"{flag} = 0;"]
        for t in self.triggers("event", s.event):
            target = self.flat_triggers.get(id(t))
            if target is not None:
                out.append(self.frame_with(target, args + ["S->nframes - 1", str(slot)]))
            else:
                out.append(f"if ({self.trigger_names[id(t)]}(S{''.join(', ' + a for a in args)})) {flag} = 1;")
        block.add(" ".join(out) + " " + self.push_tail(block))
        end = block.label(self.labels)
        block.add(f"return {flag} ? {end.ref} : {block.next_pc + 1};")
        if s.body is not None:
            self.flat_body(block, s.body, scope.child(), ctx)
        block.mark(end)

    # ------------------------------------------------------------ whole blocks
    def compile_flat_blocks(self) -> None:
        root = self.new_block("flow")
        for name in self.p.rules:
            if self.suspension.rules[name]:
                self.flat_rules[name] = self.new_block(f"rule {name}")
        for t in self.p.triggers:
            if self.suspension.triggers[id(t)]:
                self.flat_triggers[id(t)] = self.new_block(f"when {t.name}")
        body = (self.p.setup.body if self.p.setup else ()) + self.p.flow.body
        self.flat_body(root, body, root.scope, Ctx(flat=True))
        root.add(f"return {POP};")
        for name, block in self.flat_rules.items():
            for param in self.p.rules[name].params:
                block.scope.bind(param.name, self.param_type(param))
            self.flat_body(block, self.p.rules[name].body, block.scope, Ctx(flat=True))
            block.add(f"return {POP};")
        self.compile_actions()
        for t in self.p.triggers:
            block = self.flat_triggers.get(id(t))
            if block is None:
                continue
            for name in self.trigger_params(t):
                block.scope.bind(name or "\0unused", "int")
            handler = None
            if t.form == "event":
                block.scope.bind("\0depth", "int")
                block.scope.bind("\0flag", "int")
                handler = "flat"
            if t.condition is not None:
                block.add(f"return ({self.expr(t.condition, block.scope)}) ? {block.next_pc + 1} : {POP};")
            self.flat_body(block, t.body, block.scope, Ctx(handler=handler, flat=True))
            block.add(f"return {POP};")

    def compile_actions(self) -> None:
        for name, decl in self.p.actions.items():
            block = self.new_block(f"action {name}")
            for param in decl.params:
                block.scope.bind(param.name, self.param_type(param))
            options = []
            for option in decl.options:
                inner = block.scope.child()
                bindings, _ = self.bindings(option.binders, inner)
                options.append(COption(bindings, block.next_pc, guard=self.guard_function(option, inner)))
                self.flat_body(block, option.body, inner, Ctx(flat=True))
                block.add(f"return {POP};")
            self.action_sites.append((block.id, options))

    def instruction_source(self) -> list[str]:
        out = []
        for block in self.blocks:
            for pc, body in enumerate(block.instrs):
                for label in block.labels:
                    body = body.replace(label.ref, str(label.pc))
                out.append(f"static i64 I{block.id}_{pc}(St *S, Frame *F) {{ i64 *D = S->D; (void)D; {body} }}")
        return out


def resolve(target) -> int:
    if isinstance(target, CLabel):
        assert target.pc is not None  # every label is marked before the code is assembled
        return target.pc
    return int(target)
