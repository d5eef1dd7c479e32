"""Board geometry (issue 27 item 3): square boards with or without diagonals, hex boards, cell
names from the corner each board names, directions, neighbour(), ray() and leading()."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from rulebook.api import load_game
from rulebook.dsl.errors import RulebookError
from rulebook.interpreter.geometry import CellGeometry

ROOT = Path(__file__).resolve().parent.parent
HEADER = """game "G" version "1"
players 2..2 = 2
kind way: up, up_right, right, down_right, down, down_left, left, up_left
kind hexway: ne, e, se, sw, w, nw
"""


def _logs(tmp_path: Path, declarations: str, lines: list[str]) -> list[str]:
    """The log lines a game made of `declarations` writes at its start, one per text of `lines`."""
    body = "".join(f'  log "{line}"\n' for line in lines)
    folder = tmp_path / f"game{len(list(tmp_path.iterdir()))}"  # one folder per game: loads are cached by folder
    folder.mkdir()
    (folder / "game.rules").write_text(HEADER + declarations + "\nflow:\n" + body + "  end game\n", encoding="utf-8")
    game, out = load_game(folder), []
    game.set_log(lambda _state, text, *rest: out.append(text))
    game.new_initial_state(0)
    return out


def test_a_grid_keeps_a1_at_the_top_left_unless_it_says_bottom_left(tmp_path):
    top = CellGeometry(False, 3, 2, False)
    bottom = CellGeometry(False, 3, 2, True)
    assert top.node_at(0, 0) == 1 and bottom.node_at(0, 1) == 1  # a1: top left / bottom left
    assert [top.label(n) for n in range(1, 7)] == ["a1", "b1", "c1", "a2", "b2", "c2"]
    logs = _logs(tmp_path, "board b: grid 3 by 3 from bottom left\nvalue a1() -> b = 1\n",
                 ["{neighbour(a1(), up)} {neighbour(a1(), down)} {ray(a1(), up)} {row_of(ray(a1(), up)[0])}"])
    assert logs == ["a2 none a2, a3 2"]
    logs = _logs(tmp_path, "board b: grid 3 by 3\nvalue a1() -> b = 1\n", ["{neighbour(a1(), up)} {ray(a1(), down)}"])
    assert logs == ["none a2, a3"]  # top left: down goes to row 2


def test_diagonals_and_eight_directions(tmp_path):
    logs = _logs(tmp_path, "board b: grid 3 by 3 with diagonals\nvalue mid() -> b = 5\n",
                 ["{len(neighbours(mid()))}", "{ray(nodes(b)[0], down_right)}", "{[neighbour(mid(), d) for d in way]}"])
    assert logs == ["8", "b2, c3", "b1, c1, c2, c3, b3, a3, a2, a1"]
    plain = _logs(tmp_path, "board b: grid 3 by 3\nvalue mid() -> b = 5\n", ["{neighbours(mid())}"])
    assert plain == ["b1, a2, c2, b3"]


def test_a_hex_board_is_a_rhombus_with_six_neighbours(tmp_path):
    logs = _logs(tmp_path, "board h: hex 3 by 3\nvalue mid() -> h = 5\n",
                 ["{neighbours(mid())}", "{[neighbour(mid(), d) for d in hexway]}", "{neighbours(nodes(h)[0])}",
                  "{ray(nodes(h)[6], ne)}"])
    assert logs == ["b1, c1, a2, c2, a3, b3", "c1, c2, b3, a3, a2, b1", "b1, a2", "b2, c1"]


def test_leading_stops_at_the_first_element_failing_where_a_filter_goes_on(tmp_path):
    logs = _logs(tmp_path, "var v: int = 3\n",
                 ["{leading(n for n in [1, 2, 5, 1] where n < v)}", "{[n for n in [1, 2, 5, 1] where n < v]}",
                  "{leading(n for n in [1, 2, 5, 1] where n < 3)}", "{len(leading(n * 2 for n in [5, 1] where n < 3))}"])
    assert logs == ["1, 2", "1, 2, 1", "1, 2", "0"]


@pytest.mark.parametrize("text, message", [
    ("board b: grid 3 by 3\nkind trio: one, two, three\nvalue f(c: b) -> b? = neighbour(c, one)",
     "the directions of 'b' are 4 (up, right, down, left) or 8"),
    ("board h: hex 3 by 3\nvalue f(c: h) -> list of h = ray(c, up)", "the directions of 'h' are 6"),
    ("board r: ring 6\nvalue f(c: r) -> list of r = ray(c, up)", "ray() works on a grid or hex board; 'r' is a ring"),
    ("board b: grid 3 by 3\nvalue f(c: b) -> b? = neighbour(c, 2)", "is a member of a kind naming the directions"),
])
def test_wrong_directions_are_refused_with_what_to_write(tmp_path, text, message):
    with pytest.raises(RulebookError, match=re.escape(message)):
        _logs(tmp_path, text + "\n", [])


def test_cell_names_are_the_moves_text():
    game = load_game(ROOT / "tests" / "games" / "flank", {"size": 3, "row": 3})
    state = game.new_initial_state(0)
    assert [str(m) for m in game.legal_moves(state)][:4] == ["place a1", "place b1", "place c1", "place a2"]
    game.apply(state, game.parse_move(state, "place b2"))
    assert game.compiled.layout.boards["b"].labels[4] == "b2"


def test_a_hex_connection_game_always_has_a_winner():
    game = load_game(ROOT / "tests" / "games" / "bridges", {"size": 5})
    for seed in range(20):
        rng, state = random.Random(seed), game.new_initial_state(seed)
        while not game.is_terminal(state):
            game.apply(state, game.sample_move(state, rng))
        assert len(game.winning_players(state)) == 1  # on a hex board, a full board always joins someone's edges
