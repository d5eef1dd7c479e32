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


def _fresh_builds(monkeypatch: pytest.MonkeyPatch, optimise) -> None:
    """Games loaded from now on are built anew, their compiled form made by optimise(raw): not
    read from the disk cache (which holds the shipped games' optimised builds) nor written to it."""
    monkeypatch.setattr(compiling, "cached_build", lambda key, settings, build, restore: build(lambda kept: None))
    monkeypatch.setattr(compiling, "cached_optimise", lambda raw, passes: optimise(raw))


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
    _fresh_builds(monkeypatch, lambda raw: raw)
    plain = load_game(*mode)
    assert len(plain.compiled.source.text()) != len(optimised.compiled.source.text())  # another build indeed
    assert _games(plain) == _games(optimised)


@pytest.mark.parametrize("mode", MODES[:3], ids=lambda m: m[0] + "".join(f"-{k}={v}" for k, v in m[1].items()))
def test_counting_ticks_in_bulk_takes_the_same_steps(mode, monkeypatch: pytest.MonkeyPatch) -> None:
    """passes/ticks.py charges a fixed loop's ticks once, before it: between two decisions the
    step budget loses exactly what it loses with each tick where the rules put it (both builds
    keep the ticks passes/idle_ticks.py would drop: a tick in code that runs once between two
    decisions can never count towards a runaway, and the bulk tick is often such a one)."""
    from rulebook.interpreter.passes import optimise

    def steps_per_decision(game) -> list:
        used, runtime = [], game.compiled.RT
        for seed in range(10):
            rng, state = random.Random(seed), game.new_initial_state(seed)
            while not game.is_terminal(state):
                game.play_random(state, rng)
                used.append(runtime.budget - runtime.steps)
        return used
    _fresh_builds(monkeypatch, lambda raw: optimise(raw, frozenset({"idle_ticks"})))
    bulk = load_game(*mode)
    _fresh_builds(monkeypatch, lambda raw: optimise(raw, frozenset({"idle_ticks", "ticks"})))
    one_by_one = load_game(*mode)
    assert one_by_one.compiled.source.text() != bulk.compiled.source.text()
    assert steps_per_decision(bulk) == steps_per_decision(one_by_one)
