"""The resumable pass: a block's structured body into numbered instructions.

A function that can reach a decision is a block: its frame keeps its instruction number and its
locals, so play can stop at any `choose` and resume from the state alone. The lowering gave the
block's body as structured statements (the straight forms of ir/stmts.py and, where play can
stop, those of ir/resumable.py) and bound its frame locals; this pass lays them out: straight
statements run together in the open instruction, each decision ends one (Suspend), queued frames
run before play goes on (PushFrames), loops and arms jump. Jumps name Labels while a block is
built; `finish` turns them into numbers. It also records where play can be put (decision sites,
steps, calls, and the constructs around each: `path`).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Optional, Union

from rulebook.dsl import nodes as n

from ..ir import exprs as x
from ..ir import resumable as r
from ..ir import stmts as s
from ..ir.exprs import Expr
from ..ir.program import AllowEntry, Block, CallSite, Choice, Instr, StepSite
from ..ir.types import BOOL, INT
from .builder import Builder


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
    cond: Optional[Expr] = None
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


def branch(bb: "BlockBuilder", cond: Expr, then: Target, other: Target, span: n.Span = n.NOWHERE) -> None:
    bb.end(Draft("branch", (then, other), cond, span))


def push(bb: "BlockBuilder", resume: Target, span: n.Span = n.NOWHERE) -> None:
    bb.end(Draft("push", (resume,), span=span))


class BlockBuilder:
    """The instructions of one block while it is laid out: the last one is open for statements."""

    def __init__(self, b: Builder, index: int, name: str, span: n.Span):
        self.b = b
        self.index = index
        self.name = name
        self.span = span
        self.scope = b.new_scope(in_block=True)
        self.instrs: list[list] = [[[], None]]
        self.path: list = []  # the constructs around the code being laid out (for placing play)
        self.loops: list[Label] = []  # where a `break` of each loop around goes
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

    def mark_choices(self, choices: list, marks: tuple) -> None:
        for i, stmts in enumerate(marks[:len(choices)]):
            self.resume_through_marks(choices, i, list(stmts))

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


FORMS: dict[type, Callable] = {}


def lays_out(cls: type):
    def register(fn: Callable) -> Callable:
        FORMS[cls] = fn
        return fn
    return register


def place(bb: BlockBuilder, body) -> None:
    """Lay out structured statements in the block: straight ones into the open instruction."""
    for st in body:
        handler = FORMS.get(type(st))
        if handler is not None:
            handler(bb, st)
        else:
            bb.emit([st])


def stops(st: s.Stmt) -> bool:
    """Does play stop, or leave the instruction, somewhere inside this straight statement (a
    `break` outside any straight loop leaves a loop play can stop in, a `cancel` the handler)?"""
    if isinstance(st, r.FORM_CLASSES + (s.Break, s.Return)):
        return True
    if isinstance(st, s.If):
        return any(stops(c) for _, body in st.branches for c in body) or any(stops(c) for c in st.otherwise)
    return False


# ---------------------------------------------------------------- straight forms with a place in the layout
@lays_out(s.Break)
def break_(bb: BlockBuilder, st: s.Break) -> None:
    """Out of a loop play can stop in (a straight loop, with its breaks, is emitted whole)."""
    jump(bb, bb.loops[-1], st.span)


@lays_out(s.Return)
def cancel(bb: BlockBuilder, st: s.Return) -> None:
    """`cancel` in an event's handler that is a block: it tells its caller through the frame, then ends."""
    depth, flag = bb.scope.lookup("\0depth"), bb.scope.lookup("\0flag")
    assert depth is not None and flag is not None  # bound by every handler that is a block
    bb.emit([s.CancelCaller(depth, flag, span=st.span)])
    bb.end(s.Pop(span=st.span))


@lays_out(s.PushAllow)
@lays_out(s.PopAllow)
def allows(bb: BlockBuilder, st: s.Stmt) -> None:
    """An `allow` stands between its push and its pop: play stopped there stands in it."""
    bb.emit([st])
    if isinstance(st, s.PushAllow):
        bb.path.append(AllowEntry(st.action, st.args, st.player))
    else:
        bb.path.pop()


@lays_out(s.If)
def if_(bb: BlockBuilder, st: s.If) -> None:
    if not stops(st):
        bb.emit([st])
        return
    end = Label()
    for cond, body in st.branches:
        then, otherwise = Label(), Label()
        branch(bb, cond, then, otherwise, st.span)
        bb.mark(then)
        place(bb, body)
        jump(bb, end)
        bb.mark(otherwise)
    place(bb, st.otherwise)
    bb.mark(end)


def then_push(bb: BlockBuilder, stmts) -> None:
    """Run statements, then the frames they queued (if they queued any)."""
    bb.emit(stmts)
    if any(isinstance(st, (s.QueueFrame, s.QueueCell)) for st in stmts):
        resume = Label()
        push(bb, resume)
        bb.mark(resume)


@lays_out(r.Queued)
def queued(bb: BlockBuilder, st: r.Queued) -> None:
    then_push(bb, st.body)


# ---------------------------------------------------------------- decisions
def suspend(bb: BlockBuilder, site: int, decider: Expr, choices: list, span: n.Span) -> None:
    """End the instruction at a decision; its choices are filled in by the caller."""
    bb.fresh()  # the decision is an instruction of its own: it is asked again after an action
    bb.end(s.Suspend(site, decider, span=span))
    bb.b.sites[site] = (bb.index, choices, span)  # made a Site once the targets are known


def choice(option: r.Option, target: int) -> Choice:
    return Choice(option.text, option.bindings, target, option.guard, clears=option.clears, public=option.public)


@lays_out(r.Decide)
def decide(bb: BlockBuilder, st: r.Decide) -> None:
    choices: list = []
    suspend(bb, st.site, st.decider, choices, st.span)
    if not st.menu:
        choices.extend(choice(option, bb.next_pc) for option in st.options)
        bb.mark_choices(choices, st.marks)
        return
    end = Label()
    for option in st.options:
        choices.append(choice(option, bb.fresh()))
        place(bb, option.body)
        jump(bb, end)
    bb.mark(end)
    bb.mark_choices(choices, st.marks)


@lays_out(r.UpTo)
def up_to(bb: BlockBuilder, st: r.UpTo) -> None:
    bb.emit([s.SetLocal(st.counter, st.count, span=st.span)])
    head, end, ask = Label(), Label(), Label()
    bb.mark(head)
    left = x.Binary("<=", x.Local(st.counter, type=INT), x.Const(0, type=INT), type=BOOL)
    branch(bb, left, end, ask, st.span)
    bb.mark(ask)
    choices: list = []
    suspend(bb, st.site, st.decider, choices, st.span)
    choices.append(choice(st.option, bb.next_pc))
    bb.loops.append(end)
    place(bb, st.option.body)
    bb.loops.pop()
    bb.emit([s.UpdateLocal(st.counter, "-", x.Const(1, type=INT), span=st.span)])
    jump(bb, head)
    bb.mark(end)
    choices.append(Choice(st.done, (), end.resolved()))
    bb.mark_choices(choices, st.marks)


# ---------------------------------------------------------------- loops
@lays_out(r.Loop)
def loop(bb: BlockBuilder, st: r.Loop) -> None:
    """init; head: [if not test: leave] before…; body; a step of the budget; back to head."""
    bb.emit(st.init)
    head, end, start = Label(), Label(), Label()
    bb.mark(head)
    if st.test is not None:
        branch(bb, st.test, start, end, st.span)
        bb.mark(start)
    bb.emit(st.before)
    if st.entry is not None:
        bb.path.append(st.entry)
    bb.loops.append(end)
    place(bb, st.body)
    bb.loops.pop()
    if st.entry is not None:
        bb.path.pop()
    bb.emit(st.tick)  # each turn, on its way back to the head (no instruction is added)
    jump(bb, head, st.span)
    bb.mark(end)


# ---------------------------------------------------------------- spans, allows, calls, events
@lays_out(r.Span)
def span(bb: BlockBuilder, st: r.Span) -> None:
    enter = bb.fresh()
    bb.emit(st.enter)
    if st.step is not None:
        bb.b.steps.setdefault(st.step, []).append(StepSite(bb.index, tuple(bb.path), enter))
    if st.entry is not None:
        bb.path.append(st.entry)
    place(bb, st.body)
    if st.entry is not None:
        bb.path.pop()
    then_push(bb, st.exit)


@lays_out(r.Call)
def call(bb: BlockBuilder, st: r.Call) -> None:
    bb.emit([s.QueueFrame(st.block, st.args, span=st.span)])
    resume = Label()
    push(bb, resume, st.span)
    bb.mark(resume)
    bb.b.calls.setdefault(st.block, []).append(CallSite(bb.index, tuple(bb.path), resume.resolved(), st.args))


@lays_out(r.Emit)
def emit(bb: BlockBuilder, st: r.Emit) -> None:
    then_push(bb, st.first)
    end, body = Label(), Label()
    if st.ask is not None:
        ask_in_turn(bb, st, st.ask, end)
    branch(bb, st.cancelled, end, body, st.span)
    bb.mark(body)
    place(bb, st.body)
    bb.mark(end)


def ask_in_turn(bb: BlockBuilder, st: r.Emit, ask: r.Ask, end: Label) -> None:
    """`answered by ORDER`: one (player, answer trigger) pair at a time, each asked only while
    nothing has cancelled the event; a trigger that can decide runs as a frame of its own."""
    go, head, done = Label(), Label(), Label()
    branch(bb, st.cancelled, end, go, st.span)
    bb.mark(go)
    bb.emit(ask.init)
    bb.mark(head)
    more = Label()
    branch(bb, ask.over, done, more, st.span)
    bb.mark(more)
    bb.emit(ask.pick)
    for run in ask.runs:
        bb.emit([run])
    push(bb, head, st.span)
    bb.mark(done)
