"""Which kinds a zone holds, kept as bits (layout.ZoneLayout.present, passes/kinds.py): a zone of many
kinds whose kinds the rules walk (`for c in hand[p]`, `choose c in hand[p]`, `move all from …`) keeps
one bit per kind, so a walk visits the kinds held — 13 cards among 52, not 52 (issue 28's Hearts
gap). These tests play a toy of 70 kinds (two words an instance) whose moves write the zones every
way the rules can — a random deal of several, one piece moved, a piece passed to another hand, a
whole zone moved — and check the bits against the pieces at every decision, in views, after a
refresh, and on the native back-end state for state."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from rulebook.api import load_game
from rulebook.interpreter.ir import exprs as x
from rulebook.interpreter.ir.walk import walk_all
from rulebook.interpreter.native import toolchain
from rulebook.interpreter.native.backend import native_for, why_not
from rulebook.interpreter.play.views import view, view_state

KINDS = 70
RULES = f'''game "Tokens" version "1"
players 2..3 = 2
kind token: {", ".join(f"t{i}" for i in range(KINDS))}
zone bag: token hidden
zone hand[player]: token private
zone pool: token
zone kept[player]: token
var rounds: int = 0

value high(q: player) -> int = sum(1 for c in hand[q] where c == t69 or c == t3)
score(q) = count(kept[q]) + high(q)

setup:
  for c in token:
    put 2 c into bag
  for q in players:
    draw 6 from bag to hand[q]

flow:
  let p = players[0]
  loop:
    turn p:
      step play:
        choose:
          option "play {{c}}" for c in hand[p]:
            move c from hand[p] to pool
          option "pass {{c}}" for c in hand[p] where count(hand[p]) > 3:
            move c from hand[p] to hand[next_player(p)]
          option "draw" where count(bag) > 1:
            draw 2 from bag to hand[p]
          option "sweep" where count(pool) > 2:
            move all from pool to kept[p]
    rounds += 1
    if rounds >= 40 or count(hand[p]) == 0:
      end game because "enough"
    p = next_player(p)
'''


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    folder = tmp_path_factory.mktemp("tokens")
    (folder / "game.rules").write_text(RULES)
    return load_game(folder)


def test_the_zones_whose_kinds_are_walked_keep_them_as_bits(game) -> None:
    zones = game.compiled.layout.zones
    assert {name for name, zone in zones.items() if zone.present >= 0} == {"hand", "pool"}
    assert zones["hand"].present_words == 2  # 70 kinds: two words of 62 bits an instance
    assert zones["bag"].present < 0  # only counted and drawn from, never walked
    walks = [n for n in walk_all(tuple(i.body for b in game.compiled.ir.blocks for i in b.instrs))
             if isinstance(n, x.Present)]
    assert walks and all(w.bits is not None for w in walks)


def test_the_bits_follow_every_write_of_play(game) -> None:
    hand = game.compiled.layout.zones["hand"]
    seen = 0
    for seed in range(30):
        state, rng = game.new_initial_state(seed), random.Random(seed)
        while not game.is_terminal(state):
            assert game.check_invariants(state) == []
            seen += sum(1 for slot in range(hand.present, hand.present + 2 * hand.instances)
                        if state.data[slot] >> 40)  # kinds of the second half of a word held, too
            game.play_random(state, rng)
        assert game.check_invariants(state) == []
    assert seen  # the walks' words were not all near zero


def test_a_stale_bit_is_reported_and_refresh_mends_it(game) -> None:
    state = game.new_initial_state(3)
    hand = game.compiled.layout.zones["hand"]
    state.data[hand.present + 1] ^= 1 << 5  # kind 67 of hand[0] said held (or not) wrongly
    assert game.check_invariants(state) == ["the engine's kinds present kept for zone 'hand'"]
    game.refresh(state)
    assert game.check_invariants(state) == []


def test_a_view_hides_which_kinds_another_players_hand_holds(game) -> None:
    hand = game.compiled.layout.zones["hand"]
    theirs = hand.present_slots(hand.base + hand.width)
    state = game.new_initial_state(1)
    other = state.copy()  # player 1's hand swapped with other pieces of the bag, as many
    start, bag = hand.base + hand.width, game.compiled.layout.zones["bag"].base
    held = [k for k in range(KINDS) if state.data[start + k]]
    fresh = [k for k in range(KINDS) if state.data[bag + k] and not state.data[start + k]][:len(held)]
    for gone, came in zip(held, fresh):
        other.data[start + gone] -= 1
        other.data[bag + gone] += 1
        other.data[bag + came] -= 1
        other.data[start + came] += 1
    game.refresh(other)
    assert other.data[theirs.start:theirs.stop] != state.data[theirs.start:theirs.stop]
    shown = view(game, state, 0)
    assert all(shown["data"][slot] == {"hidden": True} for slot in theirs)
    assert shown == view(game, other, 0)
    mine = hand.present_slots(hand.base)
    assert shown["data"][mine.start:mine.stop] == state.data[mine.start:mine.stop]
    assert game.check_invariants(view_state(game, shown, 1)) == []


@pytest.mark.skipif(toolchain.find_compiler() is None, reason="no C compiler")
def test_the_native_back_end_keeps_the_same_bits(game) -> None:
    native = native_for(game)
    assert native is not None, why_not(game)
    for seed in range(5):
        state, rng = game.new_initial_state(seed), random.Random(seed)
        assert native.new_state(seed) == state
        while not game.is_terminal(state):
            twin, twin_rng = state.copy(), random.Random()
            twin_rng.setstate(rng.getstate())
            game.play_random(state, rng)
            assert native.play_random(twin, twin_rng, moves=1) == state
