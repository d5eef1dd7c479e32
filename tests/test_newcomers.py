"""What newcomers met writing classic games from the docs alone (issue 27 item 5): each made to
work, or refused with a message that says what to write instead."""
from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.api import load_game
from rulebook.dsl.errors import RulebookError

PICK = """game "P" version "1"
players 2..2 = 2
option n: int 1..9 = 4 "n"
var got: int = 0
flow:
  pick v in RANGE
  got = v
  end game
"""


@pytest.mark.parametrize("domain", ["1 .. n", "n .. 9", "-n .. n + 1", "2 .. 2"])
def test_pick_in_a_range_that_cannot_be_empty_is_never_none(tmp_path: Path, domain: str):
    (tmp_path / "game.rules").write_text(PICK.replace("RANGE", domain), encoding="utf-8")
    game = load_game(tmp_path)
    state = game.new_initial_state(3)
    assert isinstance(state.data[game.compiled.layout.vars["got"].base], int)


@pytest.mark.parametrize("domain", ["1 .. n - 1", "n .. 5", "1 .. got"])
def test_pick_in_a_range_that_may_be_empty_may_be_none(tmp_path: Path, domain: str):
    (tmp_path / "game.rules").write_text(PICK.replace("RANGE", domain), encoding="utf-8")
    with pytest.raises(RulebookError, match="'v' may be none"):
        load_game(tmp_path)


def test_a_cell_is_found_by_column_and_row_and_gives_its_number_back(tmp_path: Path):
    (tmp_path / "game.rules").write_text('''game "N" version "1"
players 2..2 = 2
board b: grid 3 by 4 from bottom left
var got: int = 0
flow:
  let c = nodes(b)[4]
  got = number_of(c) * 10 + row_of(c)
  log "{got} {cell_at(b, 3, 4)} {cell_at(b, 4, 1)} {cell_at(b, 0, 2)} {cell_at(b, column_of(c), row_of(c)) == c}"
  end game
''', encoding="utf-8")
    game, out = load_game(tmp_path), []
    game.set_log(lambda _state, text, *rest: out.append(text))
    game.new_initial_state(0)
    assert out == ["52 c4 none none yes"]


def test_cell_at_needs_a_grid_or_hex_board(tmp_path: Path):
    (tmp_path / "game.rules").write_text('game "N" version "1"\nplayers 2..2 = 2\nboard r: ring 5\n'
                                         'flow:\n  log "{cell_at(r, 1, 1)}"\n  end game\n', encoding="utf-8")
    with pytest.raises(RulebookError, match="cell_at\\(\\) works on a grid or hex board; 'r' is a ring"):
        load_game(tmp_path)


def test_the_documented_chance_outcome_api_runs():
    """docs/research.md's example of chance_event(), chance_space().index/outcome/describe."""
    import contextlib
    import io
    import re
    text = (Path(__file__).resolve().parent.parent / "docs" / "research.md").read_text(encoding="utf-8")
    code = re.search(r"```python\n(.*?)```", text[text.index("What a chance decision is"):], re.S).group(1)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "docs/research.md", "exec"), {})
    assert out.getvalue().startswith("chance: ")


def test_a_list_option_of_numbers_is_refused_saying_what_to_write(tmp_path: Path):
    (tmp_path / "game.rules").write_text('game "L" version "1"\nplayers 2..2 = 2\n'
                                         'option heaps: list of int = [3, 4, 5] "heap sizes"\nflow:\n  end game\n',
                                         encoding="utf-8")
    with pytest.raises(RulebookError, match=r"not of ints; .* one int option per number"):
        load_game(tmp_path)


@pytest.mark.parametrize("written", ["zone", "bag", "pile"])
def test_a_zone_parameter_is_refused_saying_what_to_write(tmp_path: Path, written: str):
    (tmp_path / "game.rules").write_text(f'''game "Z" version "1"
players 2..2 = 2
kind colour: red, blue
zone bag: colour
value size(z: {written}) -> int = 0
flow:
  log "{{size(none)}}"
  end game
''', encoding="utf-8")
    with pytest.raises(RulebookError, match=r"a zone is not a value: .*`value held\(p: player\) -> int = count\(hand\[p\]\)`"):
        load_game(tmp_path)
