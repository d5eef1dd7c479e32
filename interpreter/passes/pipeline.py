"""The pass manager: the optimising passes as one list of named passes, run in order.

Each pass is a function (GameIR, Run) -> GameIR; `Run` holds what the passes of one compilation
share (fold's memo, which values have modifiers). Around every pass the manager can, by the
environment (docs/engine.md, "Watching the passes"):
- `RULEBOOK_TIME_PASSES=1`: print each pass's time and the size of the IR it leaves (stderr);
- `RULEBOOK_DUMP_IR=NAME[,NAME…]`: print the IR (ir/printer.py's pseudo-code) after each pass
  named (`lowered`: before the first; `all`: after every one);
- `RULEBOOK_VERIFY_IR=1`: check the IR after every pass (ir/verify.py); the tests set it.
"""
from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field, replace
from time import perf_counter
from typing import Any, Callable, Optional, TextIO

from ..ir.program import Function, GameIR
from ..ir.walk import rebuild_body
from .fold import FoldMemo, fold_function, fold_game
from .frames import inline_frames
from .groups import keep_groups, kept_groups_reads
from .hoist import hoist_game
from .idle_ticks import drop_idle_ticks
from .inline import inline_game
from .kinds import keep_kind_data, keep_snippet_writes
from .propagate import propagate_game
from .reach import drop_dead_allows, drop_dead_modifiers, drop_dead_span_ends
from .share import share_game
from .ticks import count_ticks
from .unroll import unroll_game

INLINE_ROUNDS = 3


@dataclass
class Run:
    """What the passes of one compilation share."""

    memo: FoldMemo = field(default_factory=FoldMemo)  # unchanged code is folded once
    guarded: dict[Any, Any] = field(default_factory=dict)  # value function -> can a modifier change it


@dataclass(frozen=True)
class Pass:
    name: str
    run: Callable[[GameIR, Run], GameIR]
    doc: str


def _fold(ir: GameIR, run: Run) -> GameIR:
    ir = fold_game(ir, run.memo)
    run.guarded = {value.fn: bool(value.modifiers) for value in ir.values}
    return ir


def _reach(ir: GameIR, run: Run) -> GameIR:
    ir, run.guarded = drop_dead_modifiers(drop_dead_span_ends(drop_dead_allows(ir)))
    return ir


def _inline(ir: GameIR, run: Run) -> GameIR:
    for _ in range(INLINE_ROUNDS):
        ir = fold_game(inline_game(ir, run.guarded), run.memo)
    return ir


def _then_fold(step: Callable[[GameIR], GameIR]) -> Callable[[GameIR, Run], GameIR]:
    """A pass whose result is folded again (what it exposes: constants, dead branches)."""
    return lambda ir, run: fold_game(step(ir), run.memo)


def _alone(step: Callable[[GameIR], GameIR]) -> Callable[[GameIR, Run], GameIR]:
    return lambda ir, run: step(ir)


PIPELINE: tuple[Pass, ...] = (
    Pass("fold", _fold, "fold what the options decide (constants, dead branches, unread temporaries)"),
    Pass("reach", _reach, "drop the standing actions, span ends and modifiers nothing reachable uses"),
    Pass("inline", _inline, f"inline small functions, then fold; {INLINE_ROUNDS} rounds"),
    Pass("frames", _then_fold(inline_frames), "make a rule call that cannot stop part of its caller's block"),
    Pass("kinds", _then_fold(keep_kind_data), "keep per-kind data the rules add up or look through, and which kinds a zone walked holds"),
    Pass("unroll", _then_fold(unroll_game), "unroll what runs over short fixed lists"),
    Pass("ticks", _alone(count_ticks), "count a fixed loop's step budget once per loop"),
    Pass("groups", _then_fold(keep_groups), "keep boards' merged groups in the state"),
    Pass("propagate", _alone(propagate_game), "see through temporaries holding addresses"),
    Pass("idle_ticks", _alone(drop_idle_ticks), "drop the step-budget ticks no runaway can pass"),
    Pass("hoist", _alone(hoist_game), "hoist what comprehensions read the same for every element"),
    Pass("share", _alone(share_game), "read once what a statement reads from the state more than once"),
)
PASSES = tuple(p.name for p in PIPELINE)


class Watch:
    """What the environment asks to see of the passes (nothing, usually: then it costs nothing)."""

    def __init__(self, environ: Optional[dict[Any, Any]] = None, out: TextIO = sys.stderr) -> None:
        env = os.environ if environ is None else environ
        self.time = env.get("RULEBOOK_TIME_PASSES", "") not in ("", "0")
        self.verify = env.get("RULEBOOK_VERIFY_IR", "") not in ("", "0")
        self.dump = frozenset(name.strip() for name in env.get("RULEBOOK_DUMP_IR", "").split(",") if name.strip())
        self.out = out
        self.times: list[tuple[str, float]] = []

    @property
    def idle(self) -> bool:
        return not (self.time or self.verify or self.dump)

    def after(self, name: str, ir: GameIR, seconds: float) -> None:
        if self.verify:
            from ..ir.verify import check
            check(ir, name)
        if self.time and name != "lowered":
            self.times.append((name, seconds))
            self.out.write(f"rulebook pass {name:<11} {seconds * 1000:8.1f} ms  {_size(ir)}\n")
        if name in self.dump or ("all" in self.dump and name != "lowered") or \
                ("lowered" in self.dump and name == "lowered"):
            from ..ir.printer import render
            self.out.write(f"# ---- {ir.title}: the IR after {name}\n{render(ir)}\n")

    def done(self) -> None:
        if self.time and self.times:
            total = sum(seconds for _, seconds in self.times)
            self.out.write(f"rulebook passes total    {total * 1000:8.1f} ms\n")


def _size(ir: GameIR) -> str:
    instrs = sum(len(block.instrs) for block in ir.blocks)
    return f"{len(ir.functions)} functions, {len(ir.blocks)} blocks, {instrs} instructions"


def optimise(ir: GameIR, skip: frozenset[Any] = frozenset(), watch: Optional[Watch] = None) -> GameIR:
    """The passes of PIPELINE in order; `skip` leaves some out (to measure what each one gives;
    without fold, which every later pass assumes, none runs)."""
    if "fold" in skip:
        return ir
    watch = Watch() if watch is None else watch
    run = Run()
    if watch.idle:  # the usual way: no clock, no checks
        for step in PIPELINE:
            if step.name not in skip:
                ir = step.run(ir, run)
        return ir
    watch.after("lowered", ir, 0.0)
    for step in PIPELINE:
        if step.name not in skip:
            start = perf_counter()
            ir = step.run(ir, run)
            watch.after(step.name, ir, perf_counter() - start)
    watch.done()
    return ir


def optimise_snippet(ir: GameIR, fn: Function) -> Function:
    """Rules text compiled later against the game (a scenario's): folded, and reading the state
    the way the game's own code does."""
    fn = fold_function(fn)
    locals_ = list(fn.locals)
    body = keep_snippet_writes(ir.layout, rebuild_body(fn.body, kept_groups_reads(ir.layout)), locals_)
    return replace(fn, body=body, locals=tuple(locals_))
