"""A mistake of the rules found while playing names its place: file:line:column, the line, a caret
(issue 14 item 1) — also when the optimising passes moved the code (a value inlined into the flow,
a comprehension unrolled over a board's nodes), and from the command line without a traceback.

Each case marks with ‸ the character the caret must point at; the marker is not in the file.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.api import load_game
from rulebook.cli import main
from rulebook.interpreter.ir import exprs as x
from rulebook.interpreter.ir.walk import walk_all
from rulebook.interpreter.pyback.runtime import RulesRuntimeError

HEADER = 'game "Probe" version "1"\nplayers 2..2 = 2\n'
MARK = "‸"

CASES = {
    "a value inlined into the flow": ("""kind k: a, b
zone pool: k
value third(xs: list of int) -> int = ‸xs[2]
flow:
  choose n in 1 .. 2 as "n {n}"
  let xs = [n]
  put (third(xs)) a into pool
  end game
""", "no item at position 2 (the list has 1)"),
    "taking more than there is": ("""kind k: a, b
zone pool: k
flow:
  choose n in 1 .. 2 as "n {n}"
  ‸take n a out of pool
  end game
""", "only 0 such piece(s) there, 1 wanted"),
    "dividing by zero": ("""var total: int = 0
flow:
  choose n in 0 .. 1 as "n {n}"
  total = ‸10 / n
  end game
""", "division by zero"),
    "a comprehension unrolled over a board": ("""board r: ring 4
var total: int = 0
flow:
  choose n in 0 .. 1 as "n {n}"
  total = sum(‸10 / (n - 1 + 1) for x in nodes(r))
  end game
""", "division by zero"),
}


def _flow_nodes(game) -> list:
    return [node for block in game.compiled.ir.blocks for instr in block.instrs
            for node in walk_all(instr.body + (instr.end,))]


# What the passes did to the code of two cases (so those cases test placing moved code).
MOVED = {
    "a value inlined into the flow": lambda game: not any(
        isinstance(node, x.CallFn) for node in _flow_nodes(game)),
    "a comprehension unrolled over a board": lambda game: not any(
        isinstance(node, x.Comp) for node in _flow_nodes(game)),
}


def _write(folder: Path, marked: str) -> tuple[int, int, str]:
    """Writes the game without its marker; (line, column, source line) of the marked character."""
    text = HEADER + marked
    before = text[:text.index(MARK)]
    line = before.count("\n") + 1
    column = len(before) - (before.rfind("\n") + 1) + 1
    plain = text.replace(MARK, "")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.rules").write_text(plain, encoding="utf-8")
    return line, column, plain.splitlines()[line - 1]


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_rules_error_while_playing_is_placed_with_its_line_and_a_caret(tmp_path: Path, case: str) -> None:
    marked, message = CASES[case]
    line, column, source = _write(tmp_path, marked)
    game = load_game(tmp_path)
    assert MOVED.get(case, lambda game: True)(game)
    state = game.new_initial_state(0)
    with pytest.raises(RulesRuntimeError) as caught:
        game.apply(state, game.legal_moves(state)[0])
    head, shown, caret = caught.value.render().splitlines()
    assert head == f"{tmp_path / 'game.rules'}:{line}:{column}: {message}"
    assert shown == "    " + source
    assert caret == "    " + " " * (column - 1) + "^"


def test_the_same_mistake_met_by_random_play_is_placed_the_same(tmp_path: Path) -> None:
    marked, message = CASES["dividing by zero"]
    line, column, _ = _write(tmp_path, marked)
    game = load_game(tmp_path)
    import random
    rng = random.Random(0)
    for seed in range(20):  # the random path (a decision's own sampler and player) raises it too
        state = game.new_initial_state(seed)
        try:
            game.play_random(state, rng)
        except RulesRuntimeError as err:
            assert (err.span.line, err.span.column, err.message) == (line, column, message)
            return
    pytest.fail("twenty random games never chose 0")


def test_the_command_line_prints_the_place_without_a_traceback(tmp_path: Path, capsys) -> None:
    marked, message = CASES["a value inlined into the flow"]
    line, column, source = _write(tmp_path, marked)
    code = main(["play", str(tmp_path), "--seed", "1"])
    err = capsys.readouterr().err
    assert code != 0
    assert "Traceback" not in err
    assert f"game.rules:{line}:{column}: {message}\n    {source}\n    {' ' * (column - 1)}^" in err
