"""Boards: grid adjacency, corners, rows and columns (tests/games/grid); a ring whose nodes merge
into groups, groups(), tiles(), step() over groups (tests/games/ring); nim's options and ends."""
from __future__ import annotations

import random

import pytest

from rulebook.dsl.errors import OptionsError
from rulebook.interpreter.game import Game
from rulebook.interpreter.play.moves import IllegalMove
from test_engine_support import apply_texts, board_groups, load, move_texts, play, var_value, walk

# A 4x4 game of the grid test game that fills the board with no full row or column.
DRAWN_GRID_GAME = ["mark a4", "mark a1", "mark b4", "mark a2", "mark c4", "mark a3", "mark c3", "mark b2",
                   "mark b3", "mark c2", "mark d3", "mark c1", "mark d2", "mark b1", "mark d1", "mark d4"]


# ---------------------------------------------------------------- grid
@pytest.fixture(scope="module")
def grid() -> Game:
    return load("grid")


def test_first_marks_go_in_corners(grid: Game) -> None:
    state = grid.new_initial_state(0)
    assert sorted(move_texts(grid, state)) == ["mark a1", "mark a4", "mark d1", "mark d4"]
    narrow = load("grid", {"width": 3, "height": 5})
    assert sorted(move_texts(narrow, narrow.new_initial_state(0))) == ["mark a1", "mark a5", "mark c1", "mark c5"]


def test_later_marks_touch_own_marks(grid: Game) -> None:
    state = apply_texts(grid, grid.new_initial_state(0), ["mark a1", "mark d4"])
    assert sorted(move_texts(grid, state)) == ["mark a2", "mark b1"]  # the neighbours of a1
    apply_texts(grid, state, ["mark b1"])
    assert sorted(move_texts(grid, state)) == ["mark c4", "mark d3"]  # the neighbours of d4
    apply_texts(grid, state, ["mark c4"])
    assert sorted(move_texts(grid, state)) == ["mark a2", "mark b2", "mark c1"]


def test_a_mark_anywhere_when_no_own_neighbour_is_free(grid: Game) -> None:
    # Player 2 holds d1, c1, c2, d2, d3; player 1 holds every free neighbour of them.
    state = apply_texts(grid, grid.new_initial_state(0), [
        "mark d4", "mark d1", "mark c4", "mark c1", "mark c3", "mark c2", "mark b3", "mark d2", "mark b2",
        "mark d3", "mark b1"])
    assert grid.current_player(state) == 1
    assert sorted(move_texts(grid, state)) == ["mark a1", "mark a2", "mark a3", "mark a4", "mark b4"]


@pytest.mark.parametrize("options", [{}, {"width": 3, "height": 3}, {"width": 5, "height": 4}])
def test_legal_marks_follow_neighbours_and_corners(options: dict) -> None:
    game = load("grid", options)
    board = game.compiled.layout.boards["b"]
    for state, _, _ in walk(game, range(40)):
        player = game.current_player(state)
        owner = {node: var_value(game, state, "owner", node) for node in board.nodes}
        empty = [node for node in board.nodes if owner[node] is None]
        if var_value(game, state, "marks", player) == 0:
            corners = {1, board.width, board.width * (board.height - 1) + 1, board.width * board.height}
            wanted = [node for node in empty if node in corners]
        else:
            wanted = [node for node in empty if any(owner[x] == player for x in board.adjacency[node - 1])]
            wanted = wanted or empty
        assert sorted(move_texts(game, state)) == sorted(f"mark {board.labels[node - 1]}" for node in wanted)


def test_an_occupied_cell_is_illegal_and_changes_nothing(grid: Game) -> None:
    state = apply_texts(grid, grid.new_initial_state(0), ["mark a1", "mark d4"])
    corner_move = grid.new_initial_state(0)
    first = grid.parse_move(corner_move, "mark a1")
    before = state.copy()
    with pytest.raises(IllegalMove, match="is not a legal move"):
        grid.apply(state, first)
    assert state == before
    with pytest.raises(IllegalMove):
        grid.parse_move(state, "mark d4")


def test_a_full_row_wins_at_once_and_logs_rows_and_columns(grid: Game) -> None:
    lines: list[str] = []
    grid.set_log(lambda state, text: lines.append(text))
    try:
        state = apply_texts(grid, grid.new_initial_state(0),
                            ["mark a1", "mark d4", "mark b1", "mark c4", "mark c1", "mark b4", "mark d1"])
    finally:
        grid.set_log(None)
    assert grid.is_terminal(state)
    assert grid.returns(state) == [1.0, 0.0]
    assert grid.result(state).reason == "player 1 filled a line through d1"
    assert "player 2 marks c4 (row 4, column 3)" in lines
    assert "player 1 marks d1 (row 1, column 4)" in lines


def test_a_full_column_wins() -> None:
    game = load("grid", {"width": 3, "height": 2})
    state = apply_texts(game, game.new_initial_state(0), ["mark a1", "mark c1", "mark a2"])
    assert game.winning_players(state) == (0,)


def test_a_full_board_without_a_line_is_a_draw(grid: Game) -> None:
    state = apply_texts(grid, grid.new_initial_state(0), DRAWN_GRID_GAME)
    assert grid.is_terminal(state)
    assert grid.result(state).winners == ()
    assert grid.returns(state) == [0.5, 0.5]
    assert grid.result(state).reason == "the board is full"


# ---------------------------------------------------------------- ring
def expected_partition(owners: list) -> set[frozenset]:
    """Groups the ring rules promise: maximal runs of one owner (around the end too); free nodes alone."""
    size = len(owners)
    if owners[0] is not None and all(o == owners[0] for o in owners):
        return {frozenset(range(1, size + 1))}
    groups: list[list[int]] = []
    for node in range(1, size + 1):
        owner = owners[node - 1]
        if groups and owner is not None and owners[groups[-1][-1] - 1] == owner:
            groups[-1].append(node)
        else:
            groups.append([node])
    last, first = groups[-1], groups[0]
    if len(groups) > 1 and owners[0] is not None and owners[last[-1] - 1] == owners[0]:
        groups[0] = last + first
        groups.pop()
    return {frozenset(g) for g in groups}


def step_groups(groups: dict[int, tuple], size: int, start: int, steps: int) -> int:
    """The group `steps` places clockwise from group `start`, each group counted once: groups in
    clockwise order of the node where each begins (the node whose anticlockwise neighbour is not in it)."""
    def begins(nodes: tuple) -> int:
        return min((n for n in nodes if (n - 2) % size + 1 not in nodes), default=min(nodes))
    order = sorted(groups, key=lambda g: begins(groups[g]))
    return order[(order.index(start) + steps) % len(order)]


@pytest.mark.parametrize("options", [{}, {"size": 7, "players": 3}, {"size": 4, "stop": 1}])
def test_ring_groups_merge_as_the_rules_say(options: dict) -> None:
    game = load("ring", options)
    size = game.options["size"]
    merges = steps_over_merged = 0
    for before, move, after in walk(game, range(25)):
        owners_after = [var_value(game, after, "owner", node) for node in range(1, size + 1)]
        groups_before, groups_after = board_groups(game, before, "r"), board_groups(game, after, "r")
        assert {frozenset(nodes) for nodes in groups_after.values()} == expected_partition(owners_after)
        # A group is named by its smallest node, and tiles come in node order.
        assert all(g == nodes[0] for g, nodes in groups_after.items())
        if len(groups_after) < len(groups_before):
            merges += 1
        steps = int(str(move).split()[-1])
        marker = var_value(game, before, "marker")
        start = next(g for g, nodes in groups_before.items() if marker in nodes)
        landed = step_groups(groups_before, size, start, steps)
        assert var_value(game, after, "marker") == landed
        steps_over_merged += any(len(nodes) > 1 for nodes in groups_before.values())
    assert merges > 10 and steps_over_merged > 10


def test_ring_ends_when_few_groups_remain() -> None:
    game = load("ring", {"size": 6, "stop": 3})
    early_ends = 0
    for seed in range(30):
        state = game.new_initial_state(seed)
        play(game, state, random.Random(seed))
        groups = board_groups(game, state, "r")
        assert game.result(state).reason == f"{len(groups)} groups remain"
        free = [node for node in range(1, 7) if var_value(game, state, "owner", node) is None]
        assert len(groups) <= 3 or not free
        early_ends += bool(free)
    assert early_ends > 0, "no game ended on the group count while nodes were still free"


# ---------------------------------------------------------------- nim
def test_nim_last_stone_wins_and_options_are_checked() -> None:
    game = load("nim", {"stones": 4})
    state = game.new_initial_state(0)
    for text in ("take 3", "take 1"):
        game.apply(state, game.parse_move(state, text))
    assert game.winning_players(state) == (1,)
    assert game.returns(state) == [0.0, 1.0]
    with pytest.raises(OptionsError, match="stones"):
        load("nim", {"stones": 1000})


@pytest.mark.parametrize("options, message", [
    ({"stones": 5.0}, "option 'stones' must be a whole number from 1 to 100, not 5.0"),
    ({"stones": True}, "option 'stones' must be a whole number from 1 to 100, not true"),
    ({"stones": "5"}, "option 'stones' must be a whole number from 1 to 100, not '5'"),
    ({"stones": [5]}, r"option 'stones' must be a whole number from 1 to 100, not \[5\]"),
    ({"players": 2.0}, "Nim is played by 2 to 4 players, not 2.0"),
])
def test_options_through_the_api_are_checked_by_type(options: dict, message: str) -> None:
    """Issue 18 item 5: a float or a truth value is not a whole number, whatever it equals."""
    with pytest.raises(OptionsError, match=f"^{message}$"):
        load("nim", options)
