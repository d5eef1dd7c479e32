"""`rulebook test PATH…`: run any .feature files against the shipped step library with pytest."""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Optional, Sequence

import pytest

from rulebook.dsl.errors import RulebookError

from ..coverage.session import CoverageSession


class _Tally:
    """Counts scenarios as pytest reports them, for the closing `N passed, N failed` line."""

    def __init__(self) -> None:
        self.passed = 0
        self.failed = 0

    def pytest_runtest_logreport(self, report) -> None:
        if report.when == "call":
            if report.passed:
                self.passed += 1
            elif report.failed:
                self.failed += 1
        elif report.failed:  # a failure while setting up or tearing down counts against it
            self.failed += 1


def feature_files(paths: Sequence[str]) -> list[Path]:
    files: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files.extend(sorted(path.rglob("*.feature")))
        elif path.is_file() and path.suffix == ".feature":
            files.append(path)
        else:
            raise RulebookError(f"{raw}: not a .feature file or a folder")
    if not files:
        raise RulebookError("no .feature files found in " + ", ".join(paths))
    return [f.resolve() for f in files]


def _resolved_game(mapping: str) -> str:
    """NAME=PATH (or a bare PATH) with PATH made absolute, when it is a folder."""
    name, sep, path = mapping.partition("=")
    if not sep:
        return str(Path(mapping).resolve()) if Path(mapping).is_dir() else mapping
    return f"{name}={Path(path).resolve()}" if Path(path).is_dir() else mapping


def run_features(paths: Sequence[str], games: Sequence[str] = (), vocabularies: Sequence[str] = (),
                 pytest_args: Sequence[str] = (), quiet: bool = False, mods: Sequence[str] = (),
                 coverage: Optional[CoverageSession] = None) -> int:
    """Run the scenarios; print pytest's report and a closing `N passed, N failed` line. With a
    coverage session, the rules coverage report comes just before that line."""
    files = feature_files(paths)
    tally = _Tally()
    with tempfile.TemporaryDirectory(prefix="rulebook-test-") as tmp:
        folder = Path(tmp)
        (folder / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
        module = folder / "test_rulebook_scenarios.py"
        listing = ", ".join(repr(str(f)) for f in files)  # paths as Python text literals
        module.write_text("from pytest_bdd import scenarios\n\n"
                          f"scenarios({listing})\n", encoding="utf-8")
        args = [str(module), "-c", str(folder / "pytest.ini"), "--rootdir", str(folder),
                "-p", "rulebook.scenarios.plugin", "-p", "no:cacheprovider", "-q" if quiet else "-v",
                "-p", "no:unraisableexception",  # its forced garbage collections cost seconds per run
                "--no-header", "-W", "ignore::pytest.PytestUnknownMarkWarning"]
        for game in games:
            args += ["--rulebook-game", _resolved_game(game)]
        for mod in mods:
            args += ["--rulebook-mod", str(Path(mod).resolve())]
        for vocabulary in vocabularies:
            args += ["--rulebook-vocabulary", str(Path(vocabulary).resolve())]
        here = os.getcwd()
        os.chdir(folder)  # scenarios are then named plainly, not by a path to a temporary folder
        try:
            plugins: list = [tally] + ([coverage] if coverage is not None else [])
            code = pytest.main(args + list(pytest_args), plugins=plugins)
        finally:  # a later run in this process must import its own module of that name
            os.chdir(here)
            sys.modules.pop(module.stem, None)
    if coverage is not None:
        print()
        coverage.write(sys.stdout)
    print(f"{tally.passed} passed, {tally.failed} failed")
    sys.stdout.flush()
    if code not in (0, 1) and tally.failed == 0 and tally.passed == 0:
        return 1
    return 0 if tally.failed == 0 and tally.passed > 0 and code == 0 else 1
