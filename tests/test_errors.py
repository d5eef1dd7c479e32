"""The error corpus: every broken rules folder in tests/errors/cases gives exactly the expected messages
(the command line, moves and saved states have their corpora in tests/errors/*.yaml and tests
test_errors_commands.py, test_errors_moves.py, test_errors_saves.py; tests/errors/README.md).

Each case is a folder of `.rules` files (and YAML tables with their schemas), perhaps with mods in
subfolders (each with its `mod.yaml`, loaded over the case in name order), plus:
  expected.txt  the first line of every diagnostic, in order, as `path:line:column: message`
                with paths relative to the case folder: errors of loading, or else of compiling
                for the default options (as `rulebook check` does), or else the warnings (empty
                when it must load cleanly);
  xfail.txt     (optional) why the current message is wrong: the case documents a known bug and
                is a strict xfail. A reason starting with "crash:" also xfails the no-crash test.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from rulebook.dsl.errors import Diagnostic, RulesError
from rulebook.dsl.loader import load_program
from rulebook.dsl.program import Program
from rulebook.interpreter.game import Game
from rulebook.interpreter.pyback.runtime import RulesRuntimeError

CASES_DIR = Path(__file__).parent / "errors" / "cases"
CASES = sorted(p for p in CASES_DIR.iterdir() if p.is_dir())


def _xfail_reason(case: Path) -> str | None:
    marker = case / "xfail.txt"
    return marker.read_text(encoding="utf-8").strip() if marker.is_file() else None


def _params(crash_only: bool) -> list:
    """One pytest param per case, marked strict-xfail where the case records a known bug."""
    params = []
    for case in CASES:
        reason = _xfail_reason(case)
        marks = []
        if reason is not None and (not crash_only or reason.startswith("crash:")):
            marks.append(pytest.mark.xfail(strict=True, reason=reason))
        params.append(pytest.param(case, id=case.name, marks=marks))
    return params


def _relative(text: str, case: Path) -> str:
    """Make paths in a message stable: relative to the case folder."""
    return text.replace(str(case) + os.sep, "").replace(str(case), "<folder>")


def _load(case: Path) -> Program:
    """Load a case folder with the mods in its subfolders."""
    mods = sorted(p for p in case.iterdir() if (p / "mod.yaml").is_file())
    return load_program(case, mods)


def _diagnostics(case: Path) -> list[Diagnostic]:
    """The errors of a folder that fails to load or to compile (for its default options, as
    `rulebook check` does), or the warnings of one that does both."""
    try:
        program = _load(case)
    except RulesError as err:
        return err.diagnostics
    try:
        Game(program)
    except RulesRuntimeError as err:
        return [Diagnostic(err.span, err.message)]
    return list(program.warnings)


def _file_line(path: str, line: int) -> str | None:
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return None
    return lines[line - 1].rstrip() if 1 <= line <= len(lines) else None


def test_corpus_is_complete() -> None:
    assert len(CASES) >= 150
    for case in CASES:
        assert list(case.glob("*.rules")), f"{case.name} has no .rules file"
        assert (case / "expected.txt").is_file(), f"{case.name} has no expected.txt"


@pytest.mark.parametrize("case", _params(crash_only=False))
def test_error_message(case: Path) -> None:
    """The exact `path:line:column: message` of every diagnostic, then the quoted line and caret."""
    expected = (case / "expected.txt").read_text(encoding="utf-8").splitlines()
    diagnostics = _diagnostics(case)
    heads = [_relative(d.render().splitlines()[0], case) for d in diagnostics]
    assert heads == expected
    for d in diagnostics:
        assert d.span is not None
        if d.span.line == 0:  # about a file as a whole (a link, a folder): no line to quote
            assert os.path.lexists(d.span.path) and len(d.render().splitlines()) == 1
            continue
        source = _file_line(d.span.path, d.span.line)
        assert source is not None, f"{d.span} names no line of a file"
        rendered = d.render().splitlines()
        assert rendered[1] == "    " + source
        assert rendered[2] == "    " + " " * (d.span.column - 1) + "^"


@pytest.mark.parametrize("case", _params(crash_only=True))
def test_only_rules_error(case: Path) -> None:
    """Loading a broken folder raises RulesError or nothing: never another exception."""
    try:
        Game(_load(case))
    except RulesError:
        pass
    except RulesRuntimeError as err:
        assert err.span is not None, f"a rules error found while compiling names no place: {err}"


def test_the_whole_corpus_has_two_hundred_cases_of_every_kind() -> None:
    """Rules folders here; commands, moves and saved states in their own files (issue 18 item 6)."""
    import yaml

    others = {part: yaml.safe_load((CASES_DIR.parent / f"{part}.yaml").read_text(encoding="utf-8"))
              for part in ("commands", "moves", "saves")}
    assert len(CASES) + sum(len(cases) for cases in others.values()) >= 200
    commands = " ".join(case["run"] for case in others["commands"])
    for word in ("--mod", "test ", ".feature", "--vocabulary", "simulate", "--stones", "--players"):
        assert word in commands, f"no command case uses {word}"
    kinds = {case.name.split("_")[0] for case in CASES}
    assert {"syntax", "table", "mod", "option", "type", "unknown", "players", "warn"} <= kinds
