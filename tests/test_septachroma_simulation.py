"""The random-simulation suite for Septachroma and every allowed variant combination (issue 7).

Each game is played by seeded random players; rulebook.testing checks at every decision that
copies and JSON round trips are equal with the same legal moves, an illegal move is refused
without changing anything, and the rules' invariants hold (49 stones, 7 advantage tokens, one
tribe per area, a token's tribe has 4 stones on its holder's colour), and that play continued
from a copy and from the restored state is the same game. Every game ends in a win (S5).
"""
from __future__ import annotations

import functools
from pathlib import Path

import pytest

from rulebook.dsl.errors import OptionsError
from rulebook.api import load_game
from rulebook.testing import random_playthrough

RULES = Path(__file__).resolve().parent.parent / "rules" / "septachroma"
GAMES_PER_VARIANT = 30
VARIANTS = {
    "base": {},
    "A": {"variant": ["A"]},
    "B": {"variant": ["B"]},
    "C": {"variant": ["C"]},
    "A+C": {"variant": ["A", "C"]},
    "B+C": {"variant": ["B", "C"]},
}


@functools.lru_cache(maxsize=None)
def septachroma(variant: str):
    return load_game(RULES, VARIANTS[variant])


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_random_games_keep_the_contract(variant: str) -> None:
    game = septachroma(variant)
    rushes = 0
    for seed in range(GAMES_PER_VARIANT):
        record = random_playthrough(game, seed, replay_every=40)
        assert len(record.winners) == 1, f"seed {seed}: not a single winner ({record.reason})"
        assert record.reason.endswith("holds 4 advantage tokens"), f"seed {seed}: {record.reason}"
        rushes += record.moves.count("use a rush token")
        if "A" in variant:
            assert any(m.startswith("take set ") for m in record.moves)
        if "B" in variant:
            assert any(m.startswith("take the ") for m in record.moves)
    if "C" in variant:
        assert rushes > 0, "random players never used a rush token"
    else:
        assert rushes == 0


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_same_seed_same_game(variant: str) -> None:
    game = septachroma(variant)
    for seed in (5, 6):
        first = random_playthrough(game, seed, check_every=False)
        second = random_playthrough(game, seed, check_every=False)
        assert first.moves == second.moves and first.reason == second.reason
        assert first.winners == second.winners


def test_the_same_seed_lays_the_same_island_and_another_seed_may_not() -> None:
    game = septachroma("base")
    islands = {tuple(game.snippet("[shade_of[x] for x in nodes(island)]")(game.new_initial_state(seed)))
               for seed in range(8)}
    again = game.snippet("[shade_of[x] for x in nodes(island)]")
    assert again(game.new_initial_state(3)) == again(game.new_initial_state(3))
    assert len(islands) > 1


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_the_centre_takes_the_second_players_colour(variant: str) -> None:
    """Game Setup 3: the Small Map Overlay of the second player's colour lies in the centre."""
    game = septachroma(variant)
    centre_matches = game.snippet("shade_of[centre] == side(next_player(starter))")
    for seed in range(10):
        assert centre_matches(game.new_initial_state(seed))


@pytest.mark.parametrize("options", [{"variant": ["A", "B"]},
                                     {"variant": ["A", "B", "C"]}])
def test_variants_a_and_b_are_refused_in_the_rulebooks_words(options: dict) -> None:
    with pytest.raises(OptionsError, match=r"^This variant cannot be used with B\. Public Ring\.$"):
        load_game(RULES, options)
