"""Optimising passes over the compiled form: each takes a GameIR and gives a better one.

The order: fold what the options decide; drop the standing actions and modifiers nothing
reachable can use; then inline and fold again, a few rounds (each round exposes the next);
then unroll what runs over short fixed lists; keep merging boards' groups in the state; last, hoist what comprehensions read the same way
for every element.
"""
from __future__ import annotations

from ..ir.program import GameIR
from .fold import fold_game
from .groups import keep_groups
from .hoist import hoist_game
from .inline import inline_game
from .reach import drop_dead_allows, drop_dead_modifiers
from .unroll import unroll_game

INLINE_ROUNDS = 3


def optimise(ir: GameIR) -> GameIR:
    ir = fold_game(ir)
    ir = drop_dead_allows(ir)
    ir, guarded = drop_dead_modifiers(ir)
    for _ in range(INLINE_ROUNDS):
        ir = fold_game(inline_game(ir, guarded))
    ir = fold_game(unroll_game(ir))
    return hoist_game(fold_game(keep_groups(ir)))


def optimise_snippet(ir: GameIR, fn):
    """Rules text compiled later against the game (a scenario's): folded, and reading the state
    the way the game's own code does."""
    from dataclasses import replace

    from ..ir.walk import rebuild_body
    from .fold import fold_function
    from .groups import kept_groups_reads
    fn = fold_function(fn)
    return replace(fn, body=rebuild_body(fn.body, kept_groups_reads(ir.layout)))
