"""Runaway rules stop: the step budget between two decisions, nested calls, deep recursion.

Each runaway gives one RulesRuntimeError naming the rule's file:line:column and what ran away;
no command hangs, and the state of a game whose move ran away is as it was before the move.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulebook.api import load_game
from rulebook.cli import main
from rulebook.dsl.errors import OptionsError
from rulebook.interpreter.pyback.runtime import Runaway, RulesRuntimeError


def game_of(tmp_path: Path, text: str, budget: int = 10_000):
    (tmp_path / "game.rules").write_text('game "Runaway" version "1"\nplayers 2..2\n' + text)
    game = load_game(tmp_path)
    game.step_budget = budget
    return game


def place(err: BaseException) -> str:
    assert isinstance(err, RulesRuntimeError) and err.span is not None
    return f"{Path(err.span.path).name}:{err.span.line}:{err.span.column}"


RUNAWAYS = {
    "a loop with nothing in it": ("flow:\n  loop:\n    pass\n  end game\n", "game.rules:4:3", "at this loop"),
    "a while whose condition never changes": (
        "var n: int = 0\nflow:\n  while n < 1:\n    pass\n  end game\n", "game.rules:5:3", "at this loop"),
    "a loop in a rule": ("rule spin():\n  loop:\n    pass\nflow:\n  spin()\n  end game\n", "game.rules:4:3",
                         "at this loop"),
    "a huge repeat": ("flow:\n  repeat 1000000000000:\n    pass\n  end game\n", "game.rules:4:3",
                      "goes through 1,000,000,000,000 values at once"),
    "a huge range walked": ("flow:\n  for i in 1 .. 1000000000000:\n    pass\n  end game\n", "game.rules:4:12",
                            "goes through 1,000,000,000,000 values"),
    "a huge range counted": ('flow:\n  end game because "{count(i for i in 1 .. 1000000000000)}"\n',
                             "game.rules:4:39", "goes through 1,000,000,000,000 values"),
    "rules calling each other": ("rule ping():\n  pong()\nrule pong():\n  ping()\nflow:\n  ping()\n  end game\n",
                                 "game.rules:3:1", "rule 'ping' calls itself without end (through rule 'pong')"),
    "a value asking for itself": ("value deep(n: int) -> int = deep(n + 1)\n"
                                  'flow:\n  end game because "{deep(1)}"\n', "game.rules:3:1",
                                  "value 'deep' calls itself without end"),
}


@pytest.mark.parametrize("case", sorted(RUNAWAYS))
def test_a_runaway_stops_with_its_place(tmp_path: Path, case: str) -> None:
    text, where, what = RUNAWAYS[case]
    game = game_of(tmp_path, text)
    with pytest.raises(RulesRuntimeError) as caught:
        game.new_initial_state(1)
    assert place(caught.value) == where
    assert what in caught.value.message


def test_resumable_calls_nest_only_so_deep(tmp_path: Path) -> None:
    """A rule that can stop for a decision calls itself before deciding: frames would pile up."""
    game = game_of(tmp_path, "rule again():\n  again()\n  choose n in 1 .. 2\nflow:\n  again()\n  end game\n",
                   budget=10 ** 6)
    with pytest.raises(Runaway, match="calls nested 10,0[0-9][0-9] deep without end") as caught:
        game.new_initial_state(1)
    assert place(caught.value) == "game.rules:4:3"


def test_a_runaway_move_leaves_the_state_as_it_was(tmp_path: Path) -> None:
    game = game_of(tmp_path, "var n: int = 0\nflow:\n  choose k in 1 .. 2\n  n = k\n  while n == 1:\n"
                             "    pass\n  end game\n")
    state = game.new_initial_state(1)
    before = json.dumps(state.to_json())
    with pytest.raises(Runaway):
        game.apply(state, game.parse_move(state, "1"))
    assert json.dumps(state.to_json()) == before
    game.apply(state, game.parse_move(state, "2"))  # the same state plays on
    assert game.is_terminal(state)


def test_a_generous_default_budget_that_games_stay_far_below() -> None:
    game = load_game("eriantys", {"players": 4})
    assert game.step_budget == 1_000_000
    state = game.new_initial_state(3)
    import random
    rng = random.Random(3)
    most = 0
    while not game.is_terminal(state):
        game.play_random(state, rng)
        most = max(most, game.step_budget - game.compiled.RT.steps)
    assert 0 < most < 1_000  # the real figure is under 200 (see benchmarks/step_budget.py)


def test_a_budget_is_a_positive_whole_number(tmp_path: Path) -> None:
    game = game_of(tmp_path, "flow:\n  end game\n")
    for bad in (0, -1, 1.5, True, "10"):
        with pytest.raises(OptionsError):
            game.step_budget = bad


def test_play_stops_a_runaway_with_one_message(tmp_path: Path, capsys) -> None:
    (tmp_path / "game.rules").write_text('game "Runaway" version "1"\nplayers 2..2\nflow:\n  choose n in 1 .. 2\n'
                                         '  loop:\n    pass\n  end game\n')
    assert main(["check", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "game.rules:5:3: warning: this loop never stops for a decision" in out
    assert main(["play", str(tmp_path), "--quiet"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{tmp_path / 'game.rules'}:5:3: the rules run away here: play went 1,000,000 steps")
    assert "Traceback" not in err and len(err.splitlines()) == 3  # the message, the line, the caret


def test_a_move_the_rules_fail_on_is_undone_and_the_rule_is_named(tmp_path: Path) -> None:
    """Issue 18 item 2: a legal move whose rules fail (here `index` of an item not in the list)
    raises one RulesRuntimeError at the rule's file:line:column, and the state is as before it."""
    game = game_of(tmp_path, "var total: int = 0\nflow:\n  choose n in 1 .. 2\n  total = n\n"
                             "  let at = index([1, 2], n + 5)\n  end game\n")
    state = game.new_initial_state(1)
    before = json.dumps(state.to_json())
    with pytest.raises(RulesRuntimeError) as caught:
        game.apply(state, game.parse_move(state, "1"))
    assert place(caught.value) == "game.rules:7:12"  # the header takes two lines
    assert str(caught.value).endswith("game.rules:7:12: 6 is not in the list")
    assert json.dumps(state.to_json()) == before
