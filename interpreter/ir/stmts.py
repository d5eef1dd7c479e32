"""Statements of the compiled form, and the terminators that end each instruction of a block.

Every statement keeps the span of the rules text it came from, so a failure while playing names
the rule's file, line and column. Statements nest (If, ForEach, While bodies are tuples of
statements) wherever play cannot stop; where it can, the code is a block of numbered
instructions (program.Block), each a straight run of statements ended by one terminator.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from rulebook.dsl.nodes import NOWHERE, Span

from .exprs import Expr


@dataclass(frozen=True)
class Stmt:
    span: Span = field(kw_only=True, default=NOWHERE, compare=False)


@dataclass(frozen=True)
class SetLocal(Stmt):
    slot: int
    value: Expr


@dataclass(frozen=True)
class Store(Stmt):
    """data[addr] = value."""

    addr: Expr
    value: Expr


@dataclass(frozen=True)
class Update(Stmt):
    """data[addr] op= value, op "+" or "-"."""

    addr: Expr
    op: str
    value: Expr


@dataclass(frozen=True)
class UpdateLocal(Stmt):
    slot: int
    op: str
    value: Expr


@dataclass(frozen=True)
class Do(Stmt):
    """Work out an expression for what it does (a rule call, a helper that changes the state)."""

    expr: Expr


@dataclass(frozen=True)
class If(Stmt):
    branches: tuple[Any, ...]  # ((condition, body), …)
    otherwise: tuple[Any, ...] = ()


@dataclass(frozen=True)
class ForEach(Stmt):
    """Run body once per element of domain (worked out once, before the first), bound to var."""

    var: int
    domain: Expr
    body: tuple[Any, ...]


@dataclass(frozen=True)
class While(Stmt):
    cond: Expr
    body: tuple[Any, ...]


@dataclass(frozen=True)
class Break(Stmt):
    pass


@dataclass(frozen=True)
class Tick(Stmt):
    """Take `steps` from the step budget (play's steps between two decisions: loop turns, values
    ranged over, calls); when it runs out the rules run away here, at this statement's span."""

    steps: Expr


@dataclass(frozen=True)
class Return(Stmt):
    value: Optional[Expr] = None


@dataclass(frozen=True)
class EndGame(Stmt):
    """The game ends now: winners (teams, or players when by_player), and why."""

    winners: Expr
    by_player: bool
    reason: Expr


@dataclass(frozen=True)
class AddModifier(Stmt):
    """Modifier number `modifier` is active, with the captured values, until a span of kind
    `until` ends (0 turn, 1 round, 2 phase, 3 step, 4 game)."""

    modifier: int
    captured: tuple[Any, ...]
    until: int


@dataclass(frozen=True)
class EndSpan(Stmt):
    """A span of kind `until` ends: drop the modifiers that last until then."""

    until: int


@dataclass(frozen=True)
class Log(Stmt):
    """A line for the play log (worked out only when someone listens). With an audience, only
    that player reads `text`; a log kept for another player gets `public` (or nothing)."""

    text: Expr
    audience: Optional[Expr] = None
    public: Optional[Expr] = None


@dataclass(frozen=True)
class PushAllow(Stmt):
    """From now on, decisions of `player` also offer standing action number `action` with args
    (player -1: nobody)."""

    action: int
    args: tuple[Any, ...]
    player: Expr


@dataclass(frozen=True)
class PopAllow(Stmt):
    pass


@dataclass(frozen=True)
class RunCell(Stmt):
    """Run the statements in a code column's cell (code table `code`) for `member`, if any."""

    code: int
    member: Expr
    args: tuple[Any, ...]


@dataclass(frozen=True)
class Reach(Stmt):
    """A counting build only: reach point `point` (interpreter/reach.py) is reached."""

    point: int


# ---------------------------------------------------------------- only inside blocks
@dataclass(frozen=True)
class QueueFrame(Stmt):
    """Queue a frame of block `block` with these first locals; PushFrames starts the queue."""

    block: int
    args: tuple[Any, ...]


@dataclass(frozen=True)
class QueueCell(Stmt):
    """RunCell where the cell can stop for a decision: queue its block's frame, or run it now."""

    code: int
    member: Expr
    args: tuple[Any, ...]


@dataclass(frozen=True)
class CancelCaller(Stmt):
    """An event handler running as a frame cancels the emit that queued it: set the flag local
    `flag` of the frame at depth local `depth`."""

    depth: int
    flag: int


# ---------------------------------------------------------------- terminators
@dataclass(frozen=True)
class Terminator:
    span: Span = field(kw_only=True, default=NOWHERE, compare=False)


@dataclass(frozen=True)
class Jump(Terminator):
    target: int


@dataclass(frozen=True)
class Branch(Terminator):
    cond: Expr
    then: int
    other: int


@dataclass(frozen=True)
class Suspend(Terminator):
    """Wait for decision number `site`, made by `decider`; the chosen move says where play resumes."""

    site: int
    decider: Expr


@dataclass(frozen=True)
class PushFrames(Terminator):
    """Run the queued frames (first queued runs first), then resume this block at `resume`."""

    resume: int


@dataclass(frozen=True)
class Pop(Terminator):
    """This block is done: its frame goes."""


STMT_CLASSES = (SetLocal, Store, Update, UpdateLocal, Do, If, ForEach, While, Break, Tick, Return, EndGame,
                AddModifier, EndSpan, Log, PushAllow, PopAllow, RunCell, Reach, QueueFrame, QueueCell,
                CancelCaller)
TERMINATOR_CLASSES = (Jump, Branch, Suspend, PushFrames, Pop)


def successors(term: Terminator) -> tuple[Any, ...]:
    """The instructions play may go on to from `term` without a decision being made."""
    if isinstance(term, Jump):
        return (term.target,)
    if isinstance(term, Branch):
        return (term.then, term.other)
    if isinstance(term, PushFrames):
        return (term.resume,)
    return ()
