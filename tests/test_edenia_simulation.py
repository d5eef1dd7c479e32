"""The random-simulation suite for Edenia (issue 13): 2, 3 and 4 players, the Little Lambs, and the
game without the Law of the Universe.

Each game is played by seeded random players; rulebook.testing checks at every decision that the
rules' invariants hold — the totals of D9 (30 clovers, 25 tiles with the 3 fixed ones, 18
artefacts, 8 sabotage tokens, 3 flags a player, 6 Trifolium tokens, each in exactly one place) and
one sheep a port or dwarf planet — that copies and JSON round trips equal the state with the same
legal moves, that a random illegal move is refused without changing anything, and that play goes
on alike from a copy and from a restored state. Every move ends (D17): a game ends within a bound.
Then Edenia's own illegal moves — a sheep of another player, a path the hub lacks, a leap
without the clovers for it — are refused with the state unchanged; the same seed gives the same
game; and across the suite every victory type occurs.
"""
from __future__ import annotations

import functools
import random
from collections import Counter
from pathlib import Path

import pytest

from rulebook.api import load_game
from rulebook.interpreter.play.moves import IllegalMove
from rulebook.testing import random_playthrough

RULES = Path(__file__).resolve().parent.parent / "rules" / "edenia"
CONFIGS = {
    "2 players": {"players": 2},
    "3 players": {"players": 3},
    "4 players": {"players": 4},
    "Little Lambs": {"players": 3, "little_lambs": True},
    "without the Law": {"players": 4, "law_of_the_universe": False},
}
GAMES_PER_CONFIG = 5
VICTORIES = ("Race", "Law of the Universe", "Prestige")


@functools.lru_cache(maxsize=None)
def edenia(config: str):
    return load_game(RULES, CONFIGS[config])


@functools.lru_cache(maxsize=None)
def victories(config: str) -> tuple:
    """The victory of each game of the suite for this configuration (played once per session)."""
    game = edenia(config)
    found = []
    for seed in range(GAMES_PER_CONFIG):
        record = random_playthrough(game, seed, replay_every=60, max_decisions=5000)
        found.append(game.snippet("victory")(_final_state(game, record)))
    return tuple(found)


def _final_state(game, record):
    """The end of a recorded game, replayed from its moves."""
    state = game.new_initial_state(record.seed)
    for text in record.moves:
        game.apply(state, game.parse_move(state, text))
    return state


@pytest.mark.parametrize("config", list(CONFIGS))
def test_random_games_keep_the_contract_and_end(config: str) -> None:
    outcomes = victories(config)
    assert len(outcomes) == GAMES_PER_CONFIG
    assert all(v in VICTORIES + ("draw",) for v in outcomes), outcomes
    if config == "Little Lambs":
        assert set(outcomes) == {"Race"}, f"the Little Lambs can only end by the Race (D40): {outcomes}"
    if config == "without the Law":
        assert "Law of the Universe" not in outcomes


def test_every_victory_type_occurs_across_the_suite() -> None:
    shares = Counter(v for config in CONFIGS for v in victories(config))
    missing = [v for v in VICTORIES if shares[v] == 0]
    assert not missing, f"victories over the suite: {dict(shares)}; never: {missing}"


def _at(game, state, what: str, player: int, sheep: int):
    return game.snippet(what, {"q": "player", "s": "int"})(state, player, sheep)


def _illegal_texts(game, state) -> list[str]:
    """Edenia's own illegal moves for the decision waiting in state."""
    player = game.current_player(state)
    texts = []
    for sheep in (1, 2, 3):
        mine_at_port = _at(game, state, "at[q, s] != none", player, sheep)
        others_at_port = any(_at(game, state, "at[q, s] != none", other, sheep)
                             for other in range(game.player_count) if other != player)
        if not mine_at_port and others_at_port:  # only another player's sheep of that number can go on
            texts.append(f"moves sheep {sheep} on")
        if _at(game, state, "may_leave(q, s)", player, sheep):
            exits = set(_at(game, state, '[("{heading(e)} {lane_of(e)}") for e in exits(tile_at(on[q, s]), on[q, s])]'
                                         ' if on[q, s] != none else []', player, sheep))
            lacking = [f"{side} {path}" for side in ("north", "east", "south", "west")
                       for path in ("meteorite", "star", "comet") if f"{side} {path}" not in exits]
            texts += [f"moves sheep {sheep} by the {way} path" for way in lacking[:2]]
    clovers, leaps = game.snippet("clovers[current_player]")(state), game.snippet("leaps")(state)
    if clovers <= leaps:  # without the clovers for another leap, leaping is never offered (D16)
        texts.append("leaps")
    return texts


@pytest.mark.parametrize("config", ["2 players", "4 players"])
def test_edenias_own_illegal_moves_are_refused_and_change_nothing(config: str) -> None:
    game = edenia(config)
    tried = Counter()
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        while not game.is_terminal(state):
            for text in _illegal_texts(game, state):
                before = state.copy()
                with pytest.raises(IllegalMove):
                    game.apply(state, game.parse_move(state, text))
                assert state == before, f"seed {seed}: refusing '{text}' changed the state"
                tried[text.split(" by ")[0].split(" sheep")[0]] += 1
            game.apply(state, game.sample_move(state, rng))
    assert tried["moves"] > 0 and tried["leaps"] > 0, tried


@pytest.mark.parametrize("config", ["3 players", "Little Lambs"])
def test_the_same_seed_gives_the_same_game(config: str) -> None:
    game = edenia(config)
    first = random_playthrough(game, 7, check_every=False)
    second = random_playthrough(game, 7, check_every=False)
    assert first.moves == second.moves and first.reason == second.reason
    other = random_playthrough(game, 8, check_every=False)
    assert other.moves != first.moves
