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
