"""A `choose` without `as` text shows each member by its name, not its number (issue 14 item 6)."""
from __future__ import annotations

from pathlib import Path

from rulebook.api import load_game

RULES = """game "Probe" version "1"
players 2..2 = 2
names player = ["Ann", "Bo"]
kind colour: red, green
board r: ring 3
flow:
  choose c in colour
  choose p in players
  choose n in nodes(r)
  choose k in 1 .. 2
  end game
"""


def test_choose_without_as_shows_members_by_name(tmp_path: Path) -> None:
    (tmp_path / "game.rules").write_text(RULES)
    game = load_game(tmp_path)
    state = game.new_initial_state(0)
    shown = []
    while not game.is_terminal(state):
        moves = game.legal_moves(state)
        shown.append([str(m) for m in moves])
        game.apply(state, moves[-1])
    assert shown == [["red", "green"], ["Ann", "Bo"], ["1", "2", "3"], ["1", "2"]]
