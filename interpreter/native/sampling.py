"""Information-set MCTS natively (ismcts.c): one decision's determinization plan as native words,
and the search run on the native state.

The position crosses to C once per decision; every iteration's sample is drawn there from the plan
(interpreter/play/determinize.py's `plan`: what the deciding player may not see, pooled in a fixed
order), so no state is converted per iteration and the tree walk runs in C too. Where the plan
needs what only the Python sampler does — a secret choice's values drawn anew, a list among the
hidden values, kept totals that follow hidden pieces across places (totals per kind, neighbour
counts, node sets) — `native_plan` gives None and the caller samples in Python.
"""
from __future__ import annotations

import ctypes
import random
from typing import Optional

from ..play.determinize import hidden_locals, piece_locals, plan
from ..play.views import hidden_var_slots
from .backend import NativeGame
from .cemit import NativeUnsupported
from .state import scalar_to_native

_P = ctypes.c_void_p
_I = ctypes.c_int64


def native_plan(native: NativeGame, state, player: int) -> Optional[list[int]]:
    """The plan of `player`'s samples of `state` as ismcts.c reads it, or None (sample in Python)."""
    game = native.game
    if [q for q in game.sealed.chosen(state) if q != player]:
        return None  # a secret choice's values are drawn anew (play/simultaneous.py): Python only
    drawn = plan(game, state, player)
    layout = game.compiled.layout
    hidden = {zone.name for zone, _, _, _ in drawn.places}
    follows = [t.zone for t in layout.kind_totals] + [c.zone for c in layout.neighbour_counts] + \
        [b.zone for b in layout.node_bits]
    if hidden & set(follows):
        return None  # kept data that changes when hidden pieces change places: refresh() in Python
    kinds = native.c.data_kinds
    if any(kinds[slot] == "list" for slots in drawn.var_groups for slot in slots):
        return None
    words: list[int] = [len(drawn.pools)]
    order = {kind: number for number, kind in enumerate(drawn.pools)}
    for pieces in drawn.pools.values():
        words += [len(pieces), *pieces]
    words.append(len(drawn.places))
    for zone, start, size, at in drawn.places:
        words += [int(zone.ordered), order[zone.kind], at, size, start, zone.kinds]
    words.append(len(drawn.var_groups))
    for slots in drawn.var_groups:
        words += [len(slots), *slots]
    keys: dict = {}
    refs: list[int] = []
    w, z = native.words, native.c.sizes
    for f, i, item, place, piece in hidden_locals(game, state.frames, drawn):
        key = keys.setdefault((place, piece), len(keys))
        at = w.frames + f * w.frame_words + 3
        if item is None:
            refs += [at + i, key]
        else:
            region = native.c.regions[state.frames[f][0]][i]
            refs += [at + z.maxl + region * (z.lcap + 1) + 1 + item, key]
    words.append(len(keys))
    for place, piece in keys:
        words += [place, scalar_to_native(native.c, piece)]
    words += [len(refs) // 2, *refs]
    return words


def native_tables(native: NativeGame) -> Optional[list[int]]:
    """For native games with the fair bot (ismcts.c works each decision's plan out itself): per
    player the hidden places and hidden values' groups, per block the frame locals naming pieces.
    None where they are not fixed for the whole game (reveals, secret choices) or the plan is
    Python's alone (see native_plan): such games play in Python."""
    game = native.game
    layout = game.compiled.layout
    hidden = [name for name, zone in layout.zones.items() if zone.visibility != "public"] + \
        [name for name, var in layout.vars.items() if var.visibility != "public"]
    if game.sealed.vars or any(name in game.compiled.reveals for name in hidden):
        return None
    start = game.new_initial_state(0)  # (what is hidden from whom does not change in play: no reveals)
    follows = {t.zone for t in layout.kind_totals} | {c.zone for c in layout.neighbour_counts} | \
        {b.zone for b in layout.node_bits}
    kinds: dict = {}
    words: list[int] = []
    for player in range(game.player_count):
        places = game.hidden_zones(start, player)
        groups = hidden_var_slots(game, start, player)
        if follows & {zone.name for zone, _ in places} or \
                any(native.c.data_kinds[slot] == "list" for slots in groups for slot in slots):
            return None
        words.append(len(places))
        for zone, first in places:
            words += [int(zone.ordered), kinds.setdefault(zone.kind, len(kinds)), first, zone.kinds]
        words.append(len(groups))
        for slots in groups:
            words += [len(slots), *slots]
    blocks = game.compiled.ir.blocks
    words.append(len(blocks))
    for block in range(len(blocks)):
        found = piece_locals(game, block)
        words.append(len(found))
        for local, kind, listed in found:
            words += [local, kinds.get(kind, -1), int(listed), native.c.regions[block].get(local, -1) if listed else -1]
    return words


def fair_bot_natively(native: NativeGame) -> bool:
    """Whether native games can seat the fair bot (its tables handed to the C once per game)."""
    ready = getattr(native, "_fair_tables", None)
    if ready is None:
        words = native_tables(native)
        ready = words is not None
        if words is not None:
            _bind(native)
            native.lib.rb_ismcts_tables((_I * len(words))(*words), len(words), len(native.game.compiled.ir.blocks))
        setattr(native, "_fair_tables", ready)
    return ready


def plan_in_c(native: NativeGame, state, player: int) -> list[int]:
    """The plan ismcts.c works out itself in a native game (fair_bot_natively must hold): the words
    native_plan gives, or the test that compares them fails."""
    if not fair_bot_natively(native):
        raise NativeUnsupported("the fair bot does not play this game's native games")
    native.write_state(state)
    out = (_I * (1 << 16))()
    count = native.lib.rb_ismcts_plan(native._state, player, out, len(out))
    if count < 0:
        raise NativeUnsupported("the native plan did not fit")
    return list(out[:count])


def _bind(native: NativeGame) -> None:
    lib = native.lib
    for name, restype, argtypes in (
            ("rb_ismcts_search", _I, [_P, _P, _I, _P, ctypes.c_double, _I, _I, _P, _I]),
            ("rb_ismcts_playout", _I, [_P, _P, _I, _P]),
            ("rb_ismcts_sample", _I, [_P, _P, _P]), ("rb_ismcts_plan", _I, [_P, _I, _P, _I]),
            ("rb_ismcts_tables", None, [_P, _I, _I])):
        fn = getattr(lib, name)
        fn.restype, fn.argtypes = restype, argtypes


def native_playout(native: NativeGame, state, cutoff: int, rng: random.Random) -> list[float]:
    """Every player's return after a random playout of `state` natively (ismcts.c's ism_playout: cut
    off after `cutoff` moves where the rules declare a score, judged by it; negative: to the end)."""
    _bind(native)
    native.write_state(state)
    native._set_bot(rng)
    native.lib.rb_set_budget(native.game.step_budget)
    returns = (ctypes.c_double * native.game.player_count)()
    status = native.lib.rb_ismcts_playout(native._state, native._bot, cutoff, returns)
    native._get_bot(rng)
    if status:
        raise NativeUnsupported(f"a playout stopped natively (status {status})")
    return list(returns)


def native_sample(native: NativeGame, state, player: int, rng: random.Random):
    """One of `player`'s samples of `state` drawn by the native sampler (what every iteration of the
    native search starts from), read back as a State; None when the plan is Python's alone."""
    words = native_plan(native, state, player)
    if words is None:
        return None
    _bind(native)
    native.write_state(state)
    native._set_bot(rng)
    status = native.lib.rb_ismcts_sample(native._state, (_I * len(words))(*words), native._bot)
    native._get_bot(rng)
    if status:
        raise NativeUnsupported(f"the native sampler stopped (status {status})")
    sample = native.read_state()
    sample.game = state.game
    return sample


class NativeSearch:
    """One decision's search in C: `run` iterations (more may follow), the last run choosing."""

    def __init__(self, native: NativeGame, state, plan_words: list[int], exploration: float, cutoff: int):
        _bind(native)
        self.native = native
        self.exploration = exploration
        self.cutoff = cutoff
        self.plan = (_I * len(plan_words))(*plan_words)
        self.counts = (_I * 2)()
        self.fresh = 1
        native.write_state(state)  # raises NativeUnsupported for a state native play cannot hold

    @property
    def done(self) -> int:
        return self.counts[0]

    @property
    def stopped(self) -> bool:
        """Too many samples the rules could not play on: the search gave up."""
        return self.counts[1] > 10 * (self.counts[0] + 1)

    def run(self, iterations: int, rng: random.Random, choose: bool = False) -> int:
        """`iterations` more iterations; with `choose`, the chosen move's index in
        Game.legal_moves(state) after them (-1 when no move was tried), else 0."""
        native = self.native
        native._set_bot(rng)
        native.lib.rb_set_budget(native.game.step_budget)
        index = native.lib.rb_ismcts_search(native._state, self.plan, iterations, native._bot, self.exploration,
                                            self.cutoff, self.fresh, self.counts, int(choose))
        native._get_bot(rng)
        self.fresh = 0
        if index < -1:
            raise NativeUnsupported("the root's moves could not be listed natively")
        return index
