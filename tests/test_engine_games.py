"""The random-simulation suite over every test game and option set (OpenSpiel's random_sim_test).

At every decision point of many seeded random games: copies and JSON round trips equal the state
and offer the same moves, invariants hold, move texts parse back, illegal moves change nothing;
and the same seed with the same moves gives the same game, whether played on, copied or restored.
"""
from __future__ import annotations

import json
import random

import pytest

from rulebook.api import load_game
from rulebook.interpreter.game import Game
from rulebook.interpreter.play.machine import State
from rulebook.interpreter.play.moves import IllegalMove, Move
from test_engine_support import game_cases, load, move_texts, play, roundtrip

GAMES_PER_CASE = 30
CASES = game_cases()
IDS = [f"{name}-{json.dumps(options, sort_keys=True)}" for name, options in CASES]


@pytest.fixture(scope="module", params=CASES, ids=IDS)
def game(request) -> Game:
    name, options = request.param
    return load(name, options)


def illegal_candidates(game: Game, state: State, legal: list[Move], earlier: list[Move],
                       rng: random.Random) -> list[Move]:
    """Moves that look plausible but are not legal here: other values, options, arities, old moves.
    (Values of the wrong type are left to test_engine_bugs.py: they crash the engine today.)"""
    current = legal[rng.randrange(len(legal))]
    label = current.label
    candidates = [
        Move(current.decision, current.option, current.values[:-1] + (10 ** 6,), label) if current.values
        else Move(current.decision, current.option, (10 ** 6,), label),
        Move(current.decision, current.option, current.values + (0,), label),
        Move(current.decision, 999, current.values, label),
        Move(current.decision, -1, current.values, label),
        Move(current.decision + 10 ** 4, current.option, current.values, label),
    ]
    if earlier:
        candidates.append(earlier[rng.randrange(len(earlier))])
    return [m for m in candidates if m not in legal]


def check_decision_point(game: Game, state: State, earlier: list[Move], rng: random.Random) -> None:
    """Everything the engine's contract promises at one decision point."""
    legal = game.legal_moves(state)
    texts = [str(m) for m in legal]
    assert legal, "a decision with no legal move"
    assert len(set(texts)) == len(texts), f"two legal moves share a text: {texts}"
    assert 0 <= game.current_player(state) < game.player_count

    copy = state.copy()
    assert copy == state and move_texts(game, copy) == texts

    restored = roundtrip(game, state)
    assert restored == state and move_texts(game, restored) == texts

    assert game.check_invariants(state) == []

    for move in legal:
        assert game.parse_move(state, str(move)) == move
        assert game.move_from_json(state, json.loads(json.dumps(move.to_json()))) == move

    for bad in illegal_candidates(game, state, legal, earlier, rng):
        before = state.copy()
        with pytest.raises(IllegalMove):
            game.apply(state, bad)
        assert state == before, f"the illegal move {bad!r} changed the state"

    for player in range(game.player_count):
        view = game.view(state, player)
        json.dumps(view)  # a view is plain data
        # no chance, no frames; at a secret choice, who has made it (play/simultaneous.py)
        assert set(view) - {"chosen"} == {"data", "decision", "decider", "result"}
        assert view.get("chosen", []) == list(game.chosen(state))


def test_random_games_keep_the_contract(game: Game) -> None:
    for seed in range(GAMES_PER_CASE):
        state = game.new_initial_state(seed)
        rng, checks = random.Random(seed), random.Random(-seed)
        earlier: list[Move] = []
        while not game.is_terminal(state):
            check_decision_point(game, state, earlier, checks)
            move = game.sample_move(state, rng)
            assert str(move) in move_texts(game, state), "sample_move gave an illegal move"
            earlier.append(move)
            game.apply(state, move)
        assert game.check_invariants(state) == []
        assert game.legal_moves(state) == [] and game.current_player(state) == -1
        returns = game.win_returns(state)
        assert len(returns) == game.player_count and all(r in (0.0, 0.5, 1.0) for r in returns)
        paid = game.payoffs(state)  # checked against the declared bounds and total, where declared
        assert game.returns(state) == (returns if paid is None else [float(v) for v in paid])
        with pytest.raises(IllegalMove):
            game.apply(state, earlier[-1])
        assert roundtrip(game, state) == state


def test_same_seed_and_moves_give_the_same_game(game: Game) -> None:
    for seed in range(GAMES_PER_CASE):
        first, second = game.new_initial_state(seed), game.new_initial_state(seed)
        assert first == second
        log_first = play(game, first, random.Random(seed))
        log_second = play(game, second, random.Random(seed))
        assert log_first == log_second
        assert first.to_json() == second.to_json()
        assert game.result(first) == game.result(second)

        # The move log alone replays the game: moves are values with a stable text.
        replay = game.new_initial_state(seed)
        for text in log_first:
            game.apply(replay, game.parse_move(replay, text))
        assert replay == first


def test_copies_and_restored_states_play_on_alike(game: Game) -> None:
    for seed in range(GAMES_PER_CASE):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        sample_at = random.Random(seed + 7)
        while not game.is_terminal(state):
            if sample_at.random() < 0.2:
                branch_seed = sample_at.randrange(10 ** 9)
                original, copy, restored = state.copy(), state.copy(), roundtrip(game, state)
                logs = [play(game, s, random.Random(branch_seed)) for s in (original, copy, restored)]
                assert logs[0] == logs[1] == logs[2]
                assert original == copy == restored
                assert game.returns(original) == game.returns(restored)
            game.apply(state, game.sample_move(state, rng))


SHIPPED = [("eriantys", {"players": 2}), ("eriantys", {"players": 3, "expert": True}), ("septachroma", {}),
           ("septachroma", {"variant": ["A", "C"]}), ("ephyran", {}), ("edenia", {})]


def fast_path_agrees(game: Game, seeds: range) -> None:
    """The fast path (a sampler written per decision, counting its moves without listing them all
    where it can: sets of nodes kept as bits) plays what apply(sample_move) plays, and
    sample_move's move is legal_moves()[i] for the index i the same generator draws."""
    for seed in seeds:
        fast, checked = game.new_initial_state(seed), game.new_initial_state(seed)
        fast_rng, checked_rng = random.Random(seed), random.Random(seed)
        while not game.is_terminal(fast):
            drawn = random.Random()
            drawn.setstate(checked_rng.getstate())
            legal = game.legal_moves(checked)
            move = game.sample_move(checked, checked_rng)
            if not checked.allows:  # standing actions are counted on the side: no single index
                assert move == legal[drawn.randrange(len(legal))]
            game.play_random(fast, fast_rng)
            game.apply(checked, move)
            assert fast == checked


def test_play_random_plays_what_sample_move_draws_from_legal_moves(game: Game) -> None:
    fast_path_agrees(game, range(5))


@pytest.mark.parametrize("name, options", SHIPPED, ids=[f"{n}-{json.dumps(o)}" for n, o in SHIPPED])
def test_shipped_games_fast_path_agrees(name: str, options: dict) -> None:
    fast_path_agrees(load_game(name, options), range(3))
