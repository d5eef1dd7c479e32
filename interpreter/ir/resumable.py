"""Structured statements that stand only in the body of a block, before the resumable pass.

A statement the rules lower once (lower/stmts.py) is one of stmts.py's straight forms, or — where
play can stop inside it, in a function that can reach a decision — one of these. The resumable
pass (lower/resumable.py) turns a block's structured body into numbered instructions: frame
locals were given by the lowering; the pass adds the resume points, the jumps, the decision
sites and the places of play. None of these reaches the passes or a back-end.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from .exprs import Expr
from .stmts import Stmt


@dataclass(frozen=True)
class Option:
    """One choice of a decision: its text, bindings, guard and public text; `body` runs after it
    (a `choose:` menu's option; empty where play goes on after the decision)."""

    text: Expr
    bindings: tuple[Any, ...]
    guard: Optional[Expr] = None
    public: Optional[Expr] = None
    body: tuple[Any, ...] = ()
    clears: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Decide(Stmt):
    """`choose`: play stops at `site`, `decider` chooses one of `options`. A menu's options each
    run their body and meet after the decision; otherwise every option goes on to what follows.
    `marks`: per choice, what a counting build runs as play resumes through it."""

    site: int
    decider: Expr
    options: tuple[Any, ...]
    menu: bool
    marks: tuple[Any, ...] = ()


@dataclass(frozen=True)
class UpTo(Stmt):
    """`choose up to N`: while `counter` (set to N first) is above 0, a decision between `option`
    (its body, then one fewer) and "done"."""

    counter: int
    count: Expr
    site: int
    decider: Expr
    option: Option
    done: Expr
    marks: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Loop(Stmt):
    """A loop play can stop in: `init`, then while `test` (always, if None): `before`, the body,
    `tick`. `entry` places play inside it (program.ForEntry, RepeatEntry) or is None."""

    init: tuple[Any, ...]
    test: Optional[Expr]
    before: tuple[Any, ...]
    body: tuple[Any, ...]
    tick: tuple[Any, ...]
    entry: Any = None


@dataclass(frozen=True)
class Span(Stmt):
    """A span of play (`turn`, `phase`, `step`…) play can stop in: it starts an instruction;
    `step` names a step (a place play can be put at), `entry` places play inside it."""

    enter: tuple[Any, ...]
    body: tuple[Any, ...]
    exit: tuple[Any, ...]
    step: Optional[str] = None
    entry: Any = None


@dataclass(frozen=True)
class Call(Stmt):
    """A rule that can stop, called: its frame is queued and run, then play resumes here."""

    block: int
    args: tuple[Any, ...]


@dataclass(frozen=True)
class Queued(Stmt):
    """Statements that may queue frames (triggers that can stop): those run before what follows."""

    body: tuple[Any, ...]


@dataclass(frozen=True)
class Ask:
    """`answered by ORDER` in a block: each (player, answer) pair in turn while not cancelled.
    `init` sets the askers and the position, `over` ends the asking, `pick` takes the next player,
    `runs` asks the answers (each an If on whose turn it is)."""

    init: tuple[Any, ...]
    over: Expr
    pick: tuple[Any, ...]
    runs: tuple[Any, ...]


@dataclass(frozen=True)
class Emit(Stmt):
    """`emit` in a block: `first` runs the handlers (queuing those that can stop), `ask` the
    answers (or None); then `body` unless `cancelled`."""

    first: tuple[Any, ...]
    cancelled: Expr
    ask: Optional[Ask]
    body: tuple[Any, ...]


FORM_CLASSES = (Decide, UpTo, Loop, Span, Call, Queued, Emit)
