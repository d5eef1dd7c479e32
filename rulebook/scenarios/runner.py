"""`rulebook test PATH…`: run any .feature files against the shipped step library with pytest."""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Optional, Sequence

import pytest
from gherkin.errors import CompositeParserException
from gherkin.parser import Parser

from rulebook.dsl.errors import Diagnostic, MissingInput, RulesError, read_text, remember_source, whole_file
from rulebook.dsl.nodes import Span

from .vocabulary import check_vocabulary_file

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
    """The .feature files named or found in folders; each checked to read as Gherkin with at
    least one scenario (else RulesError, file:line:column)."""
    files: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files.extend(p for p in sorted(path.rglob("*.feature")) if p.is_file())
        elif path.is_file() and path.suffix == ".feature":
            files.append(path)
        elif path.exists():
            raise MissingInput(f"{raw}: not a .feature file or a folder")
        else:
            raise MissingInput(f"{raw}: no such file or folder")
    if not files:
        raise MissingInput("no .feature files found in " + ", ".join(paths) + " (looked for files named *.feature "
                           "there and in every folder below)")
    problems = [d for d in map(check_feature, files) if d is not None]
    if problems:
        raise RulesError(problems)
    return [f.resolve() for f in files]


# What the Gherkin parser expected, in a feature writer's words.
_GHERKIN_WORDS = {"#EOF": "end of file", "#Language": "a language line", "#TagLine": "a tag",
                  "#FeatureLine": "'Feature:'", "#RuleLine": "'Rule:'", "#BackgroundLine": "'Background:'",
                  "#ScenarioLine": "'Scenario:'", "#ExamplesLine": "'Examples:'", "#StepLine": "a step",
                  "#DocStringSeparator": "'\"\"\"'", "#TableRow": "a table row", "#Comment": "a comment",
                  "#Empty": "an empty line", "#Other": "text"}


def check_feature(path: Path) -> Optional[Diagnostic]:
    """Why a .feature file cannot be run (not UTF-8, not Gherkin, no scenario), or None."""
    try:
        text = read_text(path)
    except RulesError as err:
        return err.diagnostics[0]
    except OSError as err:
        return Diagnostic(whole_file(path), f"cannot read it: {err.strerror}")
    remember_source(str(path), text)  # a message quotes this text, not an older file's of that name
    try:
        document = Parser().parse(text)
    except CompositeParserException as err:
        first = err.errors[0]
        where = getattr(first, "location", None) or {"line": 1, "column": 1}  # column 0: the line's start
        return Diagnostic(Span(str(path), where.get("line") or 1, where.get("column") or 1), _gherkin_message(str(first)))
    feature = document.get("feature")
    if feature is None:
        return Diagnostic(Span(str(path), 1, 1), "no 'Feature:' in this file")
    children = list(feature.get("children", []))
    scenarios = 0
    while children:
        child = children.pop()
        scenarios += "scenario" in child
        children.extend(child.get("rule", {}).get("children", []))
    if not scenarios:
        where = feature.get("location", {})
        return Diagnostic(Span(str(path), where.get("line", 1), where.get("column", 1)),
                          "this feature has no scenarios")
    return None


def _gherkin_message(raw: str) -> str:
    """`(3:5): expected: #EOF, #StepLine, got 'x'` → `expected a step or end of file, not 'x'`."""
    text = raw.split("): ", 1)[-1]
    if text.startswith("expected:") and ", got " in text:
        wanted, got = text[len("expected:"):].split(", got ", 1)
        return f"expected {_listed(wanted)}, not {got}"
    if text.startswith("unexpected end of file, expected:"):
        return f"the file ends where {_listed(text.split('expected:', 1)[1])} should follow"
    return text


def _listed(tokens: str) -> str:
    words = [_GHERKIN_WORDS.get(w.strip(), w.strip()) for w in tokens.split(",")]
    words = [w for w in words if w not in ("a comment", "an empty line", "a language line")]
    return ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else words[0]


def check_inputs(games: Sequence[str], vocabularies: Sequence[str]) -> None:
    """Every folder given with --game and file given with --vocabulary is there."""
    for mapping in games:
        _, sep, path = mapping.partition("=")
        folder = path if sep else mapping
        if not Path(folder).is_dir():
            raise MissingInput(f"--game {mapping}: no rules folder {folder}")
    for vocabulary in vocabularies:
        if not Path(vocabulary).is_file():
            raise MissingInput(f"--vocabulary {vocabulary}: no such file")
        check_vocabulary_file(Path(vocabulary))  # its own mistakes, placed, before any scenario runs


def _resolved_game(mapping: str) -> str:
    """NAME=PATH (or a bare PATH) with PATH made absolute, when it is a folder."""
    name, sep, path = mapping.partition("=")
    if not sep:
        return str(Path(mapping).resolve()) if Path(mapping).is_dir() else mapping
    return f"{name}={Path(path).resolve()}" if Path(path).is_dir() else mapping


def run_features(paths: Sequence[str], games: Sequence[str] = (), vocabularies: Sequence[str] = (),
                 pytest_args: Sequence[str] = (), quiet: bool = False, mods: Sequence[str] = (),
                 coverage: Optional[CoverageSession] = None, optimised: bool = False, trace: bool = False) -> int:
    """Run the scenarios; print pytest's report and a closing `N passed, N failed` line. Games are
    built without the optimising passes unless `optimised` (the same games: an edit is rerun in
    about a second). With a
    coverage session, the rules coverage report comes just before that line."""
    check_inputs(games, vocabularies)
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
                # Only the plugins scenarios need: others installed beside (a test suite's) cost
                # seconds to import, and an edit is rerun in about one.
                "--disable-plugin-autoload", "-p", "pytest_bdd.plugin",
                "-p", "rulebook.scenarios.plugin", "-p", "no:cacheprovider", "-q" if quiet else "-v",
                "-p", "no:unraisableexception",  # its forced garbage collections cost seconds per run
                "--no-header", "-W", "ignore::pytest.PytestUnknownMarkWarning"]
        for game in games:
            args += ["--rulebook-game", _resolved_game(game)]
        for mod in mods:
            args += ["--rulebook-mod", str(Path(mod).resolve())]
        for vocabulary in vocabularies:
            args += ["--rulebook-vocabulary", str(Path(vocabulary).resolve())]
        if not optimised:
            args.append("--rulebook-quick-build")
        if trace:
            args.append("--rulebook-trace")
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
