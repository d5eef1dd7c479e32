"""The layers keep to their contracts: rules -> dsl -> interpreter -> rulebook (DESIGN.md).

The surfaces (rulebook/) read a game through Game's public interface, never through the
compiled game behind it (`game.compiled`), so the compiled form can change without them.
"""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMPILED = re.compile(r"\.compiled\b")


def compiled_reads(folder: Path) -> list[str]:
    """file:line of each read of `.compiled` in folder's Python files."""
    return [f"{path.relative_to(folder)}:{number}" for path in sorted(folder.rglob("*.py"))
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if COMPILED.search(line.split("#")[0])]


def test_the_surfaces_do_not_read_the_compiled_game() -> None:
    assert compiled_reads(ROOT / "rulebook") == []


def test_a_read_of_the_compiled_game_is_found(tmp_path: Path) -> None:
    (tmp_path / "surface.py").write_text("names = game.compiled.kind_names  # here\nx = 1  # game.compiled\n")
    assert compiled_reads(tmp_path) == ["surface.py:1"]


def test_lowering_leaves_the_checked_program_as_it_was() -> None:
    """The lowering reads the checked program and never writes it (Eriantys indexes a zone by a
    group, for which the lowering makes a node of its own)."""
    from rulebook.api import load_program_for
    from rulebook.interpreter.lower.game import build_game
    from rulebook.interpreter.options import resolve_options
    from rulebook.interpreter.pyback.evaluate import evaluate
    program = load_program_for(ROOT / "rules" / "eriantys")
    types = dict(program.types)
    options, count = resolve_options(program, {"players": 2})
    build_game(program, options, count, ("a", "b"), None, evaluate)
    assert program.types == types


# ---------------------------------------------------------------- imports go one way, without circles
def test_no_import_climbs_a_layer() -> None:
    """dsl imports nothing of interpreter or rulebook/, interpreter nothing of rulebook/ (lazy
    imports inside functions included): the native back-end gets bots and a fall-back from its caller."""
    from import_graph import climbing, edges
    assert climbing(edges()) == []


def test_no_module_level_import_closes_a_circle() -> None:
    from import_graph import circles, edges
    assert circles(edges()) == []


def test_a_climbing_import_and_a_circle_are_found(tmp_path: Path) -> None:
    from import_graph import circles, climbing, edges
    for folder, files in {"dsl": {"__init__.py": "", "a.py": "from . import b\n", "b.py": "from .a import x\n",
                                  "c.py": "def f():\n    from rulebook.interpreter import game\n"},
                          "interpreter": {"__init__.py": "", "game.py": "from typing import TYPE_CHECKING\n"
                                          "if TYPE_CHECKING:\n    from rulebook.cli import main\n"},
                          "rulebook": {"__init__.py": "", "cli.py": "from rulebook.interpreter.game import Game\n"}
                          }.items():
        (tmp_path / folder).mkdir()
        for name, text in files.items():
            (tmp_path / folder / name).write_text(text)
    graph = edges(tmp_path)
    assert climbing(graph) == ["rulebook.dsl.c (line 2) imports rulebook.interpreter.game",
                               "rulebook.interpreter.game (line 3) imports rulebook.cli"]
    assert circles(graph) == [["rulebook.dsl.a", "rulebook.dsl.b"]]


# ---------------------------------------------------------------- the Python back-end: a loaded module that stays
def test_a_snippet_leaves_the_loaded_module_as_it_was_and_its_errors_are_placed() -> None:
    """Game.snippet lowers the text (lower/snippets.py, from the IR's naming), and the Python
    back-end only loads the function beside the module: the module's namespace, constants and
    lines do not change, and an error in the second snippet is placed in its own text."""
    import pytest

    from rulebook.api import load_game
    from rulebook.interpreter.runtime import RulesRuntimeError
    game = load_game(ROOT / "tests" / "games" / "nim")
    compiled = game.compiled
    before = (dict(compiled.namespace), list(compiled.constants), list(compiled.source.lines))
    state = game.new_initial_state(1)
    first = game.snippet("[7, 8, 9][2]", path="a.feature", line=3, column=5)
    second = game.snippet("[1, 2][n]", {"n": "int"}, path="a.feature", line=9, column=3)
    assert first(state) == 9 and second(state, 1) == 2
    with pytest.raises(RulesRuntimeError, match=r"a\.feature:9:3: no item at position 5"):
        second(state, 5)
    assert (dict(compiled.namespace), list(compiled.constants), list(compiled.source.lines)) == before
