"""The random-simulation suite for Ephyran with 2, 3 and 4 players (issue 12, item 6).

Each game is played by seeded random players; rulebook.testing checks at every decision that a copy
and a JSON round trip equal the state and offer the same moves, that a random illegal move is
refused with the state unchanged, and that the rules' invariants hold — each of the 80 cards and 4
Dionysus in exactly one place, each of the 16 tokens too, a zone bears one card and one token at
most, a lock is one Athena's Shield (game.rules). Moves an Ephyran player could try out of turn or
out of the rules are refused too: a card not in hand, an answer when nobody asked for one, a zone
out of order. The same seed gives the same game.
"""
from __future__ import annotations

import functools
import random

import pytest

from rulebook.api import load_game
from rulebook.interpreter.game import Game
from rulebook.interpreter.play.moves import IllegalMove, Move
from rulebook.testing import random_playthrough

GAMES = 12
PLAYERS = (2, 3, 4)
REASONS = {"the draw pile ran out", "a city was completed with 16 cards"}


@functools.lru_cache(maxsize=None)
def ephyran(players: int) -> Game:
    return load_game("ephyran", {"players": players})


@pytest.mark.parametrize("players", PLAYERS)
def test_random_games_keep_the_contract(players: int) -> None:
    game = ephyran(players)
    answered = 0
    for seed in range(GAMES):
        record = random_playthrough(game, seed, replay_every=60)
        assert record.reason in REASONS, f"seed {seed}: {record.reason}"
        assert record.winners, f"seed {seed}: nobody won"
        answered += sum(m.startswith("answers with ") for m in record.moves)
        assert any(m.startswith("adds ") for m in record.moves)
    assert answered > 0, "random players never answered a Reinforcement"


@pytest.mark.parametrize("players", PLAYERS)
def test_the_same_seed_gives_the_same_game(players: int) -> None:
    game = ephyran(players)
    for seed in (3, 4):
        first = random_playthrough(game, seed, check_every=False)
        again = random_playthrough(game, seed, check_every=False)
        assert first.moves == again.moves and first.reason == again.reason and first.winners == again.winners


def sites(game: Game, state, prefix: str) -> list[tuple[int, int]]:
    """(decision, option) of the waiting decision's options whose moves start with `prefix`."""
    return [(m.decision, m.option) for m in game.legal_moves(state) if str(m).startswith(prefix)]


def refused(game: Game, state, move: Move) -> None:
    before = state.copy()
    with pytest.raises(IllegalMove):
        game.apply(state, move)
    assert state == before


@pytest.mark.parametrize("players", PLAYERS)
def test_out_of_turn_and_out_of_rule_moves_are_refused(players: int) -> None:
    game = ephyran(players)
    card = {name: i for i, name in enumerate(game.compiled.kind_names["card"])}
    answer_decision = None
    probes = {"a card not in hand": 0, "an answer nobody asked for": 0, "a zone out of order": 0}
    for seed in range(6):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not game.is_terminal(state):
            texts = [str(m) for m in game.legal_moves(state)]
            if "does not answer" in texts:
                answer_decision = state.decision
            discards = sites(game, state, "discards card")
            if discards:
                decision, option = discards[0]
                hand = game.snippet("[c for c in hand[current_player]]")(state)
                outside = next(c for c in range(80) if c not in hand)
                refused(game, state, Move(decision, option, (outside,)))
                probes["a card not in hand"] += 1
                if answer_decision is not None:
                    refused(game, state, Move(answer_decision, 0, (outside,)))
                    probes["an answer nobody asked for"] += 1
                adds = sites(game, state, "adds ")
                empty_two = game.snippet("[x for x in place where x.number == 2 and x.below != none"
                                         " and not filled(current_player, place[x.below])]")(state)
                if adds and empty_two and card["Dionysus"] in hand:
                    decision, option = adds[0]
                    refused(game, state, Move(decision, option, (card["Dionysus"], empty_two[0])))
                    probes["a zone out of order"] += 1
            game.apply(state, game.sample_move(state, rng))
    assert all(probes.values()), probes
