"""Game.view_state: a state rebuilt from a player's view holds exactly what that view shows, so the
board renderer and players' records, which work only on such states, can reveal nothing else
(issue 15 items 2-4)."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from rulebook.api import load_game
from rulebook.dsl.errors import RulebookError

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted([p for p in (ROOT / "rules").iterdir() if p.is_dir() and any(p.glob("*.rules"))]
               + [p for p in (ROOT / "tests" / "games").iterdir() if p.is_dir()])


def positions(game, seed: int, count: int = 6):
    """A few positions along one random game."""
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    seen = [state.copy()]
    while not game.is_terminal(state) and len(seen) < count * 8:
        game.apply(state, game.sample_move(state, rng))
        seen.append(state.copy())
    return seen[::8]


@pytest.mark.parametrize("folder", GAMES, ids=lambda p: p.name)
def test_a_view_rebuilt_as_a_state_gives_the_same_view_back(folder: Path) -> None:
    game = load_game(folder)
    for state in positions(game, 3):
        for viewer in [None, *range(game.player_count)]:
            view = game.view(state, viewer)
            for filler in (0, 1):
                again = game.view(game.view_state(view, filler), viewer)
                assert again["data"] == view["data"], (folder.name, viewer, filler)


def test_the_two_fillings_differ_exactly_where_something_is_hidden() -> None:
    game = load_game(ROOT / "tests" / "games" / "hands")
    state = game.new_initial_state(5)
    view = game.view(state, 0)
    first, second = game.view_state(view, 0), game.view_state(view, 1)
    differing = {i for i, (a, b) in enumerate(zip(first.data, second.data)) if a != b}
    hidden = {i for i, v in enumerate(view["data"]) if isinstance(v, dict) or v is None}
    assert differing and differing <= hidden
    seen = game.position(first)
    assert seen.zone(("hand", 0)) == game.position(state).zone(("hand", 0))  # player 1's own hand is whole
    assert first.rng == 0 and first.frames == []


def test_a_view_of_another_size_is_refused() -> None:
    game = load_game(ROOT / "tests" / "games" / "nim")
    view = game.view(game.new_initial_state(1), 0)
    with pytest.raises(RulebookError, match="not a view of this game"):
        game.view_state(dict(view, data=view["data"][:-1]))
