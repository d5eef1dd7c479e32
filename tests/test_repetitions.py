"""Repeated positions (issue 27 item 4): `repetitions()` counts how many times the current
position has occurred (at the decisions played so far, and now); `position:` declares what a
position is made of. Games that never ask keep no history at all."""
from __future__ import annotations

import random

import json
from pathlib import Path

import pytest

from rulebook.api import load_game
from rulebook.dsl.errors import RulebookError
from rulebook.interpreter.native import toolchain
from rulebook.interpreter.native.backend import native_for, why_not

ROOT = Path(__file__).resolve().parent.parent
SHUTTLE = ROOT / "tests" / "games" / "shuttle"
THERE_AND_BACK = ["step 1", "step -1", "step -1", "step 1"]  # both runners out and back: the start again


def _play(game, texts, state=None):
    state = state or game.new_initial_state(0)
    for text in texts:
        game.apply(state, game.parse_move(state, text))
    return state


def test_the_third_time_a_position_comes_back_the_game_is_drawn():
    game = load_game(SHUTTLE)
    state = _play(game, THERE_AND_BACK)
    assert not game.is_terminal(state)  # the start, a second time
    state = _play(game, THERE_AND_BACK, state)
    assert game.is_terminal(state) and game.result(state).reason == "the same position came back 3 times"
    assert game.winning_players(state) == ()
    two = load_game(SHUTTLE, {"times": 2})
    assert two.is_terminal(_play(two, THERE_AND_BACK))


def test_what_a_position_is_made_of_is_the_rules_declaration(tmp_path):
    text = (SHUTTLE / "game.rules").read_text(encoding="utf-8").replace("position: at\n", "")
    (tmp_path / "game.rules").write_text(text, encoding="utf-8")
    game = load_game(tmp_path)  # by default the move counter is part of the position: nothing comes back
    state = _play(game, THERE_AND_BACK * 3)
    assert not game.is_terminal(state)


def test_the_history_survives_copies_and_json_and_copies_do_not_share_their_future():
    game = load_game(SHUTTLE)
    state = _play(game, THERE_AND_BACK + ["step 1", "step -1"])
    copy = state.copy()
    restored = game.state_from_json(json.loads(json.dumps(state.to_json())))
    assert restored == state
    _play(game, ["step -1", "step 1"], copy)
    assert game.is_terminal(copy) and not game.is_terminal(state)
    _play(game, ["step -1", "step 1"], restored)
    assert game.is_terminal(restored)


def test_a_game_that_never_asks_keeps_no_history():
    game = load_game(ROOT / "tests" / "games" / "nim")
    assert game.compiled.layout.history == -1 and game.compiled.layout.position == ()
    assert len(game.new_initial_state(0).data) == game.compiled.layout.size


def test_a_position_names_variables_and_zones(tmp_path):
    text = (SHUTTLE / "game.rules").read_text(encoding="utf-8").replace("position: at", "position: at, tracks")
    (tmp_path / "game.rules").write_text(text, encoding="utf-8")
    with pytest.raises(RulebookError, match="'tracks' is not a variable or zone"):
        load_game(tmp_path)


@pytest.mark.skipif(toolchain.find_compiler() is None, reason="no C compiler")
def test_the_native_back_end_keeps_the_same_positions():
    """Both back-ends digest a position word for word: a state carries its history from one to the
    other and back, and a native move reaches the Python back-end's state, history included (the
    1,000-seed differential of tests/test_native.py plays the game through)."""
    game = load_game(SHUTTLE)
    native = native_for(game)
    assert native is not None, why_not(game)
    state = game.new_initial_state(3)
    game.play_random(state, random.Random(3))  # a position kept, in Python
    ended = native.play_random(state, random.Random(3))  # and on to the end natively
    history = ended.data[game.compiled.layout.history]
    assert history[0] == state.data[game.compiled.layout.history][0] and len(set(history)) < len(history)
    assert game.is_terminal(ended)


def test_a_position_rests_on_nothing_hidden(tmp_path):
    text = (SHUTTLE / "game.rules").read_text(encoding="utf-8").replace(
        "var moves: int = 0", "var moves: int = 0\nvar secret: int = 0 hidden").replace("position: at", "position: at, secret")
    (tmp_path / "game.rules").write_text(text, encoding="utf-8")
    with pytest.raises(RulebookError, match="'secret' is hidden: a position is made of what every player sees"):
        load_game(tmp_path)
