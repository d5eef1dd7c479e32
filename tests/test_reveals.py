"""A public value changed by what a player may not see gives it away (issue 27 item 5): the checker
warns (dsl/check_reveals.py; the corpus cases warn_public_* show the warnings), and stays quiet where
everyone sees what decides: sizes, a move's values, the result an `end game` shows, a zone the rules
reveal with `unless`. The shipped games check without such a warning."""
from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.api import shipped_games, shipped_games_folder
from rulebook.dsl.loader import load_program

HEAD = '''game "Quiet"
players 2..2
kind colour: red, blue
zone bag: colour hidden
zone hand[player]: colour private
zone shown[player]: colour private unless over
var over: bool = false
var total: int = 0
var played: colour? = none
var winner: player? = none
zone table: colour
setup:
  put 4 red into bag
  put 4 blue into bag
flow:
  for p in players:
    draw 2 from bag to hand[p]
'''


def warnings(tmp_path: Path, body: str) -> list[str]:
    (tmp_path / "game.rules").write_text(HEAD + body)
    return [d.message for d in load_program(tmp_path).warnings if "every player learns" in d.message]


@pytest.mark.parametrize("body", [
    "  total = count(bag) + count(hand[players[0]])\n  end game\n",  # sizes are public
    '  choose c in hand[players[0]] as "play {c}"\n  played = c\n  move c from hand[players[0]] to table\n  end game\n',
    "  if red in hand[players[1]]:\n    winner = players[1]\n    end game winners [winner] because \"red\"\n  end game\n",
    "  over = true\n  if red in shown[players[0]]:\n    total = 1\n  end game\n",  # revealed by `unless`
    '  if red in hand[players[0]]:\n    log "you hold red" to players[0]\n  end game\n',
    # `public` written: every player is meant to learn it
    "  if red in hand[players[0]]:\n    told = 1\n  end game\nvar told: int = 0 public\n",
])
def test_what_everyone_sees_decides_and_nothing_is_said(tmp_path: Path, body: str) -> None:
    assert warnings(tmp_path, body) == []


@pytest.mark.parametrize("body, name", [
    ("  for c in bag:\n    if c == red:\n      total += 1\n  end game\n", "'total'"),
    ("  let reds = count(x for x in hand[players[0]] where x == red)\n  total = reds\n  end game\n", "'total'"),
    ('  choose c in hand[players[0]] as "play {c}" public "plays"\n  played = c\n  end game\n', "'played'"),
])
def test_a_secret_that_decides_a_public_value_is_pointed_at(tmp_path: Path, body: str, name: str) -> None:
    found = warnings(tmp_path, body)
    assert len(found) == 1 and found[0].startswith(name)


@pytest.mark.parametrize("name", shipped_games())
def test_the_shipped_games_give_nothing_away_this_way(name: str) -> None:
    assert not [d for d in load_program(shipped_games_folder() / name).warnings if "every player learns" in d.message]
