"""Optimising passes over the compiled form: each takes a GameIR and gives a better one.

The order: fold what the options decide; drop the standing actions and modifiers nothing
reachable can use; then inline and fold again, a few rounds (each round exposes the next); keep
per-kind data of zones the rules add up or look through (kinds: totals, neighbour counts, sets of
nodes); then unroll what runs over short fixed lists; count the step budget of fixed loops once
per loop; keep merging boards' groups in the state; see through temporaries holding addresses; drop the
step-budget ticks no runaway can pass; hoist what comprehensions read the same way for every
element; last, make once the reads of the state a statement makes more than once.
"""
from __future__ import annotations

from ..ir.program import GameIR
from .fold import FoldMemo, fold_game
from .frames import inline_frames
from .groups import keep_groups
from .hoist import hoist_game
from .inline import inline_game
from .kinds import keep_kind_data
from .propagate import propagate_game
from .idle_ticks import drop_idle_ticks
from .share import share_game
from .reach import drop_dead_allows, drop_dead_modifiers, drop_dead_span_ends
from .ticks import count_ticks
from .unroll import unroll_game

INLINE_ROUNDS = 3


PASSES = ("fold", "reach", "inline", "frames", "kinds", "unroll", "ticks", "groups", "propagate", "idle_ticks", "hoist",
          "share")


def optimise(ir: GameIR, skip: frozenset = frozenset()) -> GameIR:
    """The passes in order; `skip` leaves some out (to measure what each one gives)."""
    if "fold" in skip:
        return ir
    memo = FoldMemo()  # what fold has done this compilation: unchanged code is folded once
    ir = fold_game(ir, memo)
    guarded = {value.fn: bool(value.modifiers) for value in ir.values}
    if "reach" not in skip:
        ir = drop_dead_allows(ir)
        ir, guarded = drop_dead_modifiers(drop_dead_span_ends(ir))
    if "inline" not in skip:
        for _ in range(INLINE_ROUNDS):
            ir = fold_game(inline_game(ir, guarded), memo)
    if "frames" not in skip:
        ir = fold_game(inline_frames(ir), memo)
    if "kinds" not in skip:
        ir = fold_game(keep_kind_data(ir), memo)
    if "unroll" not in skip:
        ir = fold_game(unroll_game(ir), memo)
    if "ticks" not in skip:
        ir = count_ticks(ir)
    if "groups" not in skip:
        ir = fold_game(keep_groups(ir), memo)
    if "propagate" not in skip:
        ir = propagate_game(ir)
    if "idle_ticks" not in skip:
        ir = drop_idle_ticks(ir)
    if "hoist" not in skip:
        ir = hoist_game(ir)
    return ir if "share" in skip else share_game(ir)


def optimise_snippet(ir: GameIR, fn):
    """Rules text compiled later against the game (a scenario's): folded, and reading the state
    the way the game's own code does."""
    from dataclasses import replace

    from ..ir.walk import rebuild_body
    from .fold import fold_function
    from .groups import kept_groups_reads
    from .kinds import keep_snippet_writes
    fn = fold_function(fn)
    locals_ = list(fn.locals)
    body = keep_snippet_writes(ir.layout, rebuild_body(fn.body, kept_groups_reads(ir.layout)), locals_)
    return replace(fn, body=body, locals=tuple(locals_))
