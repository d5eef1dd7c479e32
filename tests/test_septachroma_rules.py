"""Septachroma rules that no 49-stone game can reach, checked on edited positions (RULINGS.md, R6).

A tribe's first stone may go in a corner only when no other area is empty (S3). With 7 stones in
each of 7 tribes, the other six tribes have 42 stones, so at least 7 areas are empty when a tribe's
first stone is placed, and at most 4 of them are corners: the exception never applies in play and
no scenario can set it up. Here the position is written directly, past the 49-stone total.
"""
from __future__ import annotations

from pathlib import Path

from rulebook.api import load_game

RULES = Path(__file__).resolve().parent.parent / "rules" / "septachroma"
CORNERS = ["a1", "g1", "a7", "g7"]


def _filled_but(game, state, empty: set) -> None:
    """Put one blue stone on every area whose label is not in `empty` (the total is ignored)."""
    board = game.compiled.layout.boards["island"]
    area = game.compiled.layout.zones["area"]
    blue = game.compiled.kind_names["tribe"].index("blue")
    for node in board.nodes:
        if board.labels[node - board.low] not in empty:
            state.data[area.base + (node - board.low) * area.kinds + blue] = 1
    game.refresh(state)  # data written directly: the counts the state keeps per zone follow it


def _labels(game, nodes) -> list:
    board = game.compiled.layout.boards["island"]
    return sorted(board.labels[x - board.low] for x in nodes)


def test_a_first_stone_may_go_in_a_corner_only_when_nothing_else_is_empty() -> None:
    game = load_game(RULES)
    places = game.snippet('places(tribe["red"])')
    state = game.new_initial_state(1)
    _filled_but(game, state, set(CORNERS))
    assert _labels(game, places(state)) == sorted(CORNERS)


def test_one_other_empty_area_keeps_the_corners_closed() -> None:
    game = load_game(RULES)
    places = game.snippet('places(tribe["red"])')
    state = game.new_initial_state(1)
    _filled_but(game, state, set(CORNERS) | {"d4"})
    assert _labels(game, places(state)) == ["d4"]


def test_the_other_tribes_stones_always_leave_a_non_corner_area_empty() -> None:
    """Why the exception is unreachable: six tribes cover at most 42 of the 45 non-corner areas."""
    non_corner_areas, other_tribes_stones = 49 - 4, 6 * 7
    assert other_tribes_stones < non_corner_areas
