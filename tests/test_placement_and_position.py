"""Placing the flow at a named step, and editing a position by name (issue 3, item 2)."""
from __future__ import annotations

import pytest

from rulebook.interpreter.play.placement import PlacementError
from rulebook.interpreter.play.position import PositionError

from gamecache import eriantys


def fresh(players: int = 3):
    game = eriantys(players)
    return game, game.new_initial_state(1)


def test_set_zone_keeps_totals_whole() -> None:
    game, state = fresh()
    position = game.position(state)
    bag_before = position.count(("bag",))
    position.set_zone(("entrance", 0), {"red": 5}, ("bag",))
    assert position.zone(("entrance", 0)) == {"red": 5}
    assert position.count(("bag",)) == bag_before + 9 - 5
    assert game.check_invariants(state) == []


def test_set_zone_fails_cleanly_when_the_reservoir_is_short() -> None:
    game, state = fresh()
    position = game.position(state)
    before = state.copy()
    with pytest.raises(PositionError, match="has 0 red, 30 needed|has [0-9]+ red, [0-9]+ needed"):
        position.set_zone(("entrance", 0), {"red": 30}, ("bag",))
    assert state == before


def test_unknown_names_suggest_the_closest() -> None:
    game, state = fresh()
    with pytest.raises(PositionError, match="did you mean 'entrance'"):
        game.position(state).zone(("entrnce", 0))


@pytest.mark.parametrize("step,player", [("move_mother_nature", 0), ("move_students", 2),
                                         ("choose_cloud", 1), ("play_assistant", 1)])
def test_place_at_any_step_for_any_player(step: str, player: int) -> None:
    game, state = fresh()
    position = game.position(state)
    for p, card in ((0, 7), (1, 3), (2, 5)):
        position.set("played", p, card - 1)
        position.set("play_position", p, p)
    entrance = position.zone(("entrance", player))
    game.place_at(state, step, player)
    assert game.current_player(state) == player
    assert game.compiled.step_names[state.data[2]] == step
    assert position.zone(("entrance", player)) == entrance  # nothing else changed
    assert game.legal_moves(state)


def test_place_at_a_step_with_no_decision_fails_and_changes_nothing() -> None:
    game, state = fresh(2)
    position = game.position(state)
    for cloud in (1, 2):
        position.set_zone(("cloud", cloud), {}, ("bag",))
    position.set("played", 0, 0)
    position.set("played", 1, 1)
    before = state.copy()
    with pytest.raises(PlacementError, match="no decision to make"):
        game.place_at(state, "choose_cloud", 0)
    assert state == before


def test_unknown_step_lists_the_steps() -> None:
    game, state = fresh()
    with pytest.raises(PlacementError, match="steps: choose_cloud, move_mother_nature"):
        game.place_at(state, "move_mothernature", 0)


def test_merge_through_the_position_api() -> None:
    game, state = fresh()
    position = game.position(state)
    position.merge("islands", 5, 6)
    position.merge("islands", 6, 7)
    assert position.group_nodes("islands", 7) == (5, 6, 7)
    assert len(position.groups("islands")) == 10


def test_play_random_is_apply_of_sample_move() -> None:
    """The unchecked fast path plays exactly what sample_move + apply would."""
    import random

    game = eriantys(3)
    for seed in range(5):
        fast, checked = game.new_initial_state(seed), game.new_initial_state(seed)
        fast_rng, checked_rng = random.Random(seed), random.Random(seed)
        while not game.is_terminal(fast):
            game.play_random(fast, fast_rng)
            game.apply(checked, game.sample_move(checked, checked_rng))
            assert fast == checked
