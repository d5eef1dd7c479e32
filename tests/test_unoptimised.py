"""The optimising passes keep what the rules mean: a build without them plays the same games.

The mutation checks (tests/mutation_support.py) run their mutants unoptimised, so this is also
what makes those checks speak for the optimised build every other surface plays."""
from __future__ import annotations

import random

import pytest

from rulebook.api import load_game
from rulebook.interpreter import compile as compiling

MODES = [("eriantys", {"players": 2}), ("eriantys", {"players": 3, "expert": True}), ("septachroma", {}),
         ("ephyran", {"players": 3}), ("edenia", {"players": 3})]
SEEDS = range(30)


def _games(game) -> list:
    """Each seed's random game: its moves' texts and its result."""
    played = []
    for seed in SEEDS:
        rng, state = random.Random(seed), game.new_initial_state(seed)
        moves = []
        while not game.is_terminal(state):
            move = game.sample_move(state, rng)
            moves.append((move.decision, move.option, move.values, str(move)))
            game.apply(state, move)
        played.append((moves, game.returns(state)))
    return played


@pytest.mark.parametrize("mode", MODES, ids=lambda m: m[0] + "".join(f"-{k}={v}" for k, v in m[1].items()))
def test_the_unoptimised_build_plays_the_same_games(mode, monkeypatch: pytest.MonkeyPatch) -> None:
    optimised = load_game(*mode)
    monkeypatch.setattr(compiling, "cached_optimise", lambda raw, optimise: raw)
    plain = load_game(*mode)
    assert plain.compiled is not optimised.compiled
    assert _games(plain) == _games(optimised)
