"""Lowering statements that can stop for a decision into a block's numbered instructions.

A block's frame keeps its instruction number and locals, so play can stop at any `choose` and
resume from the state alone. Statements that cannot stop are lowered together (stmts.py) into
the instruction that runs them; the handlers here build the instructions, jumps and decisions
of the rest. Jumps name Labels while a block is built; `finish` turns them into numbers.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Optional, Union

from rulebook.dsl import nodes as n

from ..analysis import escapes
from ..ir import exprs as x
from ..ir import stmts as s
from ..ir.program import Block, Instr
from ..ir.types import BOOL, INT, TEXT, List, element
from ..layout import CURRENT_PLAYER
from . import marks
from .builder import Builder
from .context import Ctx
from .exprs import domain, lower_expr
from .scope import Scope
from .stmts import lower_body, span_exits, STATEMENTS

FLOW: dict[type, Callable] = {}


def handles(cls: type):
    def register(fn: Callable) -> Callable:
        FLOW[cls] = fn
        return fn
    return register


class Label:
    """An instruction number not known yet."""

    def __init__(self) -> None:
        self.pc: Optional[int] = None

    def resolved(self) -> int:
        assert self.pc is not None  # every label is marked before its block is finished
        return self.pc


Target = Union[int, Label]


@dataclass
class Draft:
    """A terminator whose targets may still be labels: "jump" (target), "branch" (cond, then,
    other), "push" (resume)."""

    kind: str
    targets: tuple
    cond: Optional[x.Expr] = None
    span: n.Span = n.NOWHERE

    def made(self) -> s.Terminator:
        pcs = [t.resolved() if isinstance(t, Label) else t for t in self.targets]
        if self.kind == "jump":
            return s.Jump(pcs[0], span=self.span)
        if self.kind == "branch":
            assert self.cond is not None  # a branch always tests something
            return s.Branch(self.cond, pcs[0], pcs[1], span=self.span)
        return s.PushFrames(pcs[0], span=self.span)


def jump(bb: "BlockBuilder", target: Target, span: n.Span = n.NOWHERE) -> None:
    bb.end(Draft("jump", (target,), span=span))


def branch(bb: "BlockBuilder", cond: x.Expr, then: Target, other: Target, span: n.Span = n.NOWHERE) -> None:
    bb.end(Draft("branch", (then, other), cond, span))


def push(bb: "BlockBuilder", resume: Target, span: n.Span = n.NOWHERE) -> None:
    bb.end(Draft("push", (resume,), span=span))


class BlockBuilder:
    """The instructions of one block while it is lowered: the last one is open for statements."""

    def __init__(self, b: Builder, index: int, name: str, span: n.Span):
        self.b = b
        self.index = index
        self.name = name
        self.span = span
        self.scope = b.new_scope(in_block=True)
        self.instrs: list[list] = [[[], None]]
        self.path: list = []  # the constructs around the code being lowered (for placing play)
        self.marked_choices: list = []  # a counting build: (choices, index, marks), see resume_through_marks

    @property
    def next_pc(self) -> int:
        return len(self.instrs) - 1

    def emit(self, stmts) -> None:
        self.instrs[-1][0].extend(stmts)

    def end(self, term: Union[s.Terminator, Draft]) -> None:
        self.instrs[-1][1] = term
        self.instrs.append([[], None])

    def fresh(self) -> int:
        """Start a new instruction here (if the open one has statements) and give its number."""
        if self.instrs[-1][0]:
            jump(self, self.next_pc + 1)
        return self.next_pc

    def mark(self, label: Label) -> None:
        label.pc = self.fresh()

    def resume_through_marks(self, choices: list, index: int, stmts: list) -> None:
        """A counting build: choice `index` resumes at an instruction, written at the block's end,
        that runs `stmts` (its marks) and goes on to where the choice went."""
        if stmts:
            self.marked_choices.append((choices, index, stmts))

    def _write_marked_choices(self) -> None:
        if self.instrs[-1][1] is None:  # the block's own last instruction ends it
            self.end(s.Pop(span=self.span))
        for choices, index, stmts in self.marked_choices:
            choice = choices[index]
            here = self.fresh()
            self.emit(stmts)
            jump(self, choice.target)
            choices[index] = replace(choice, target=here)

    def finish(self, params: int) -> Block:
        if self.marked_choices:
            self._write_marked_choices()
        if self.instrs[-1][1] is None:
            self.instrs[-1][1] = s.Pop(span=self.span)
        instrs = tuple(Instr(tuple(body), term.made() if isinstance(term, Draft) else term)
                       for body, term in self.instrs)
        return Block(self.name, params, self.scope.locals.frozen(), instrs, self.span)


def lower_flat(bb: BlockBuilder, body, scope: Scope, ctx: Ctx) -> None:
    """Lower statements into the block: runs of straight statements together, the rest by FLOW."""
    group: list = []
    for st in body:
        if needs_flow(bb.b, st, ctx):
            bb.emit(lower_body(bb.b, group, scope, ctx))
            group = []
            bb.emit(marks.statement(bb.b, st))
            FLOW[type(st)](bb, st, scope, ctx)
        else:
            group.append(st)
    bb.emit(lower_body(bb.b, group, scope, ctx))


def needs_flow(b: Builder, st: n.Node, ctx: Ctx) -> bool:
    """Can this statement stop for a decision, or leave the instruction (a break out of a loop
    of the block, a cancel from a handler that is a block)?"""
    if b.suspension.stmt(st):
        return True
    return escapes(st, breaks=ctx.loop not in (None, "native"), cancels=ctx.handler == "flat")


def then_push(bb: BlockBuilder, stmts: list) -> None:
    """Run statements, then the frames they queued (if they queued any)."""
    bb.emit(stmts)
    if any(isinstance(st, (s.QueueFrame, s.QueueCell)) for st in stmts):
        resume = Label()
        push(bb, resume)
        bb.mark(resume)


# ---------------------------------------------------------------- decisions
def bindings(bb: BlockBuilder, binders, scope: Scope) -> tuple:
    from ..analysis import free_names
    from ..ir.program import Binding
    result = []
    earlier: set = set()
    for binder in binders:
        dependent = bool(free_names(binder.domain, set()) & earlier)
        earlier.add(binder.var)
        dom = domain(bb.b, binder.domain, scope)
        slot = scope.bind(binder.var, element(dom.type))
        cond = lower_expr(bb.b, binder.condition, scope) if binder.condition is not None else None
        result.append(Binding(slot, dom, cond, dependent))
    return tuple(result)


def label(bb: BlockBuilder, option: n.Option, binds: tuple, scope: Scope) -> x.Expr:
    """The move's text: as written, or the chosen values by name, separated by spaces."""
    from .stmts import binder_element_type
    if option.label is not None:
        return lower_expr(bb.b, option.label, scope)
    parts: list = []
    for binder, binding in zip(option.binders, binds):
        if parts:
            parts.append(bb.b.const(" "))
        shown = bb.b.shower(binder_element_type(bb.b, binder))
        parts.append(x.Show(x.Local(binding.var, type=element(binding.domain.type)), shown, type=TEXT))
    if not parts:
        return bb.b.const("")
    return x.Format(tuple(parts), type=TEXT)


def public_label(bb: BlockBuilder, option: n.Option, scope: Scope) -> Optional[x.Expr]:
    """The move's text for the players not deciding, if the rules declare one (`public "…"`)."""
    return lower_expr(bb.b, option.public, scope) if option.public is not None else None


def suspend(bb: BlockBuilder, st, scope: Scope, choices: list) -> int:
    """End the instruction at a decision; its choices are filled in by the caller."""
    from ..ir.program import Site
    site = len(bb.b.sites)
    bb.b.sites.append(None)
    decider = lower_expr(bb.b, st.chooser, scope) if st.chooser is not None else \
        x.Load(x.Const(CURRENT_PLAYER, type=INT), type=INT)
    bb.fresh()  # the decision is an instruction of its own: it is asked again after an action
    bb.end(s.Suspend(site, decider, span=st.span))
    bb.b.sites[site] = (bb.index, choices, st.span)  # made a Site once the targets are known
    return site


@handles(n.Choose)
def f_Choose(bb: BlockBuilder, st: n.Choose, scope: Scope, ctx: Ctx) -> None:
    from ..ir.program import Choice
    choices: list = []
    suspend(bb, st, scope, choices)
    if not st.menu:
        option = st.options[0]
        binds = bindings(bb, option.binders, scope)
        text = label(bb, option, binds, scope)
        choices.append(Choice(text, binds, bb.next_pc, public=public_label(bb, option, scope)))
        if st.optional:
            choices.append(Choice(bb.b.const("pass"), (), bb.next_pc, clears=tuple(b.var for b in binds)))
        mark_choices(bb, st, choices, [(option.binders, binds), ((), ())])
        return
    end = Label()
    for option in st.options:
        inner = scope.child()
        binds = bindings(bb, option.binders, inner)
        text = label(bb, option, binds, inner)
        guard = lower_expr(bb.b, option.guard, inner) if option.guard is not None else None
        choices.append(Choice(text, binds, bb.fresh(), guard, public=public_label(bb, option, inner)))
        lower_flat(bb, option.body, inner, ctx)
        jump(bb, end)
    bb.mark(end)
    mark_choices(bb, st, choices, [(option.binders, c.bindings) for option, c in zip(st.options, choices)])


def mark_choices(bb: BlockBuilder, decision: n.Node, choices: list, binders: list, extra: tuple = ()) -> None:
    """A counting build: each choice of a decision (a Choose, UpTo or action) marks its reach
    point, the rows its variables over a table's kind took, and `extra`, as play resumes."""
    reach = bb.b.reach
    if reach is None:
        return
    for i, (names, binds) in enumerate(binders[:len(choices)]):
        stmts = marks.mark(reach.option(decision, i), decision.span) + marks.chosen(bb.b, names, binds)
        bb.resume_through_marks(choices, i, stmts + list(extra))


@handles(n.UpTo)
def f_UpTo(bb: BlockBuilder, st: n.UpTo, scope: Scope, ctx: Ctx) -> None:
    from ..ir.program import Choice
    inner = scope.child()
    counter = inner.bind("\0count", INT)
    bb.emit([s.SetLocal(counter, lower_expr(bb.b, st.count, scope), span=st.span)])
    head, end, ask = Label(), Label(), Label()
    bb.mark(head)
    left = x.Binary("<=", x.Local(counter, type=INT), x.Const(0, type=INT), type=BOOL)
    branch(bb, left, end, ask, st.span)
    bb.mark(ask)
    choices: list = []
    suspend(bb, st, scope, choices)
    binds = bindings(bb, st.option.binders, inner)
    text = label(bb, st.option, binds, inner)
    choices.append(Choice(text, binds, bb.next_pc))
    lower_flat(bb, st.option.body, inner, ctx.looping(end))
    bb.emit([s.UpdateLocal(counter, "-", x.Const(1, type=INT), span=st.span)])
    jump(bb, head)
    bb.mark(end)
    choices.append(Choice(bb.b.const("done"), (), end.resolved()))
    mark_choices(bb, st, choices, [(st.option.binders, binds), ((), ())])


# ---------------------------------------------------------------- control flow
@handles(n.If)
def f_If(bb: BlockBuilder, st: n.If, scope: Scope, ctx: Ctx) -> None:
    end = Label()
    for i, (cond, body) in enumerate(st.branches):
        then, otherwise = Label(), Label()
        branch(bb, lower_expr(bb.b, cond, scope), then, otherwise, st.span)
        bb.mark(then)
        bb.emit(marks.arm(bb.b, st, i))
        lower_flat(bb, body, scope.child(), ctx)
        jump(bb, end)
        bb.mark(otherwise)
    bb.emit(marks.arm(bb.b, st, "else"))  # written or not
    if st.otherwise is not None:
        lower_flat(bb, st.otherwise, scope.child(), ctx)
    bb.mark(end)


def loop(bb: BlockBuilder, st, body, scope: Scope, ctx: Ctx, test=None, before=(), entry=None) -> None:
    """head: [if not test: leave] before…; body; a step of the budget; back to head."""
    head, end, start = Label(), Label(), Label()
    bb.mark(head)
    if test is not None:
        branch(bb, test, start, end, st.span)
        bb.mark(start)
    bb.emit(list(before))
    if entry is not None:
        bb.path.append(entry)
    lower_flat(bb, body, scope, ctx.looping(end))
    if entry is not None:
        bb.path.pop()
    bb.emit(bb.b.tick(st))  # each turn, on its way back to the head (no instruction is added)
    jump(bb, head, st.span)
    bb.mark(end)


@handles(n.For)
def f_For(bb: BlockBuilder, st: n.For, scope: Scope, ctx: Ctx) -> None:
    from ..ir.program import ForEntry
    inner = scope.child()
    dom = domain(bb.b, st.domain, scope)
    items = inner.bind("\0items", List(element(dom.type)))
    position = inner.bind("\0at", INT)
    var = inner.bind(st.var, element(dom.type))
    listed = dom
    bb.emit([s.SetLocal(items, listed, span=st.span), s.SetLocal(position, x.Const(0, type=INT), span=st.span)])
    items_e, at_e = x.Local(items, type=List(element(dom.type))), x.Local(position, type=INT)
    more = x.Binary("<", at_e, x.Length(items_e, type=INT), type=BOOL)
    before = [s.SetLocal(var, x.Index(items_e, at_e, type=element(dom.type)), span=st.span),
              s.UpdateLocal(position, "+", x.Const(1, type=INT), span=st.span)]
    loop(bb, st, st.body, inner, ctx, more, before, ForEntry(items, position, var, listed))


@handles(n.Repeat)
def f_Repeat(bb: BlockBuilder, st: n.Repeat, scope: Scope, ctx: Ctx) -> None:
    from ..ir.program import RepeatEntry
    inner = scope.child()
    counter = inner.bind("\0count", INT)
    count = lower_expr(bb.b, st.count, scope)
    bb.emit([s.SetLocal(counter, count, span=st.span)])
    left = x.Binary(">", x.Local(counter, type=INT), x.Const(0, type=INT), type=BOOL)
    before = [s.UpdateLocal(counter, "-", x.Const(1, type=INT), span=st.span)]
    rest = x.Binary("-", count, x.Const(1, type=INT), type=INT)
    loop(bb, st, st.body, inner, ctx, left, before, RepeatEntry(counter, rest))


@handles(n.While)
def f_While(bb: BlockBuilder, st: n.While, scope: Scope, ctx: Ctx) -> None:
    loop(bb, st, st.body, scope.child(), ctx, lower_expr(bb.b, st.condition, scope))


@handles(n.Loop)
def f_Loop(bb: BlockBuilder, st: n.Loop, scope: Scope, ctx: Ctx) -> None:
    loop(bb, st, st.body, scope.child(), ctx)


@handles(n.Break)
def f_Break(bb: BlockBuilder, st: n.Break, scope: Scope, ctx: Ctx) -> None:
    bb.emit(span_exits(bb.b, ctx))
    assert isinstance(ctx.loop, (int, Label))  # a break in a block leaves one of its loops
    jump(bb, ctx.loop, st.span)


@handles(n.Cancel)
def f_Cancel(bb: BlockBuilder, st: n.Cancel, scope: Scope, ctx: Ctx) -> None:
    depth, flag = scope.lookup("\0depth"), scope.lookup("\0flag")
    assert depth is not None and flag is not None  # bound by every handler that is a block
    bb.emit([s.CancelCaller(depth, flag, span=st.span)])
    bb.end(s.Pop(span=st.span))


# ---------------------------------------------------------------- spans, allows, calls
@handles(n.SpanBlock)
def f_SpanBlock(bb: BlockBuilder, st: n.SpanBlock, scope: Scope, ctx: Ctx) -> None:
    from ..ir.program import PhaseEntry, StepSite, TurnEntry
    from .stmts import span_enter, span_exit
    enter = bb.fresh()
    bb.emit(span_enter(bb.b, st, scope))
    entry: Union[TurnEntry, PhaseEntry, None] = None
    if st.kind == "step":
        bb.b.steps.setdefault(st.name, []).append(StepSite(bb.index, tuple(bb.path), enter))
    elif st.kind == "turn":
        assert st.player is not None  # `turn P:` always names its player
        entry = TurnEntry(lower_expr(bb.b, st.player, scope))
    elif st.kind == "phase":
        entry = PhaseEntry(bb.b.phase_names.index(st.name))
    if entry is not None:
        bb.path.append(entry)
    lower_flat(bb, st.body, scope.child(), ctx.inside(st))
    if entry is not None:
        bb.path.pop()
    then_push(bb, span_exit(bb.b, st, ctx))


@handles(n.Allow)
def f_Allow(bb: BlockBuilder, st: n.Allow, scope: Scope, ctx: Ctx) -> None:
    from ..ir.program import AllowEntry
    from .stmts import allow_push
    allowed = allow_push(bb.b, st, scope)
    bb.emit([allowed])
    bb.path.append(AllowEntry(allowed.action, allowed.args, allowed.player))
    lower_flat(bb, st.body, scope.child(), ctx.inside(st))
    bb.path.pop()
    bb.emit([s.PopAllow(span=st.span)])


@handles(n.RunCode)
def f_RunCode(bb: BlockBuilder, st: n.RunCode, scope: Scope, ctx: Ctx) -> None:
    from .stmts import code_of
    member = lower_expr(bb.b, st.member, scope)
    args = tuple(lower_expr(bb.b, a, scope) for a in st.args)
    then_push(bb, [s.QueueCell(code_of(bb.b, st), member, args, span=st.span)])


@handles(n.CallStmt)
def f_CallStmt(bb: BlockBuilder, st: n.CallStmt, scope: Scope, ctx: Ctx) -> None:
    from ..ir.program import CallSite
    target = bb.b.rule_block[st.name]
    args = tuple(lower_expr(bb.b, a, scope) for a in st.args)
    bb.emit([s.QueueFrame(target, args, span=st.span)])
    resume = Label()
    push(bb, resume, st.span)
    bb.mark(resume)
    bb.b.calls.setdefault(target, []).append(CallSite(bb.index, tuple(bb.path), resume.resolved(), args))


@handles(n.Move)
@handles(n.Draw)
@handles(n.Put)
def f_pieces(bb: BlockBuilder, st, scope: Scope, ctx: Ctx) -> None:
    then_push(bb, STATEMENTS[type(st)](bb.b, st, scope, ctx))


@handles(n.Emit)
def f_Emit(bb: BlockBuilder, st: n.Emit, scope: Scope, ctx: Ctx) -> None:
    args = tuple(lower_expr(bb.b, a, scope) for a in st.args)
    flag = scope.child().bind("\0cancelled", BOOL)
    cancelled = x.Local(flag, type=BOOL)
    out: list = [s.SetLocal(flag, x.Const(False, type=BOOL), span=st.span)]
    for t in bb.b.triggers("event", st.event):
        block = bb.b.trigger_block.get(id(t))
        if block is not None:
            out.append(s.QueueFrame(block, args + (x.FrameIndex(type=INT), x.Const(flag, type=INT)), span=st.span))
        else:
            call = x.CallFn(bb.b.trigger_fn[id(t)], args, type=BOOL)
            out.append(s.If(((call, (s.SetLocal(flag, x.Const(True, type=BOOL)),)),), span=st.span))
    then_push(bb, out)
    end, body = Label(), Label()
    answers = bb.b.triggers("answer", st.event) if st.askers is not None else []
    if answers:
        ask_in_turn(bb, st, scope, args, answers, flag, end)
    branch(bb, cancelled, end, body, st.span)
    bb.mark(body)
    if st.body is not None:
        lower_flat(bb, st.body, scope.child(), ctx)
    bb.mark(end)


def ask_in_turn(bb: BlockBuilder, st: n.Emit, scope: Scope, args: tuple, answers: list, flag: int,
                end: Label) -> None:
    """`answered by ORDER`: one (player, answer trigger) pair at a time, each asked only while
    nothing has cancelled the event; a trigger that can decide runs as a frame of its own."""
    assert st.askers is not None  # only an emit with `answered by` gets here
    b = bb.b
    player = b.ir_type("player")
    cancelled = x.Local(flag, type=BOOL)
    go, head, done = Label(), Label(), Label()
    branch(bb, cancelled, end, go, st.span)
    bb.mark(go)
    inner = scope.child()
    askers = lower_expr(b, st.askers, scope)
    items = inner.bind("\0askers", askers.type)
    position = inner.bind("\0asked_at", INT)
    asked = inner.bind("\0asked", player)
    bb.emit([s.SetLocal(items, askers, span=st.span), s.SetLocal(position, x.Const(0, type=INT), span=st.span)])
    bb.mark(head)
    count = len(answers)
    at_e = x.Local(position, type=INT)
    rounds = x.Binary("*", x.Length(x.Local(items, type=askers.type), type=INT), x.Const(count, type=INT), type=INT)
    over = x.Logic("or", (cancelled, x.Binary(">=", at_e, rounds, type=BOOL)), type=BOOL)
    more = Label()
    branch(bb, over, done, more, st.span)
    bb.mark(more)
    which = x.Binary("//", at_e, x.Const(count, type=INT), type=INT)
    bb.emit([s.SetLocal(asked, x.Index(x.Local(items, type=askers.type), which, type=player), span=st.span),
             s.UpdateLocal(position, "+", x.Const(1, type=INT), span=st.span)])
    turn = x.Binary("%", x.Binary("-", at_e, x.Const(1, type=INT), type=INT), x.Const(count, type=INT), type=INT)
    who = x.Local(asked, type=player)
    for k, t in enumerate(answers):
        mine = x.Binary("==", turn, x.Const(k, type=INT), type=BOOL)
        target = b.trigger_block.get(id(t))
        if target is not None:
            run: tuple = (s.QueueFrame(target, args + (who, x.FrameIndex(type=INT), x.Const(flag, type=INT)),
                                       span=st.span),)
        else:
            call = x.CallFn(b.trigger_fn[id(t)], args + (who,), type=BOOL)
            run = (s.If(((call, (s.SetLocal(flag, x.Const(True, type=BOOL)),)),), span=st.span),)
        bb.emit([s.If(((mine, run),), span=st.span)])
    push(bb, head, st.span)
    bb.mark(done)
