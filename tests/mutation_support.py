"""Shared by the mutation checks: make a one-line mutant of a rules folder, run features on it."""
from __future__ import annotations

import contextlib
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from rulebook import api
from rulebook.interpreter import compile as compiling
from rulebook.scenarios.runner import run_features


def mutate(rules: Path, target: Path, file: str, old: str, new: str) -> None:
    """Copy the rules to target and replace `old` on exactly one line of `file` (or, when `old`
    spans lines, at its one place in the file: e.g. two statements in the other order)."""
    shutil.copytree(rules, target)
    path = target / file
    text = path.read_text(encoding="utf-8")
    if "\n" in old:
        assert text.count(old) == 1, f"{file}: the lines to mutate occur {text.count(old)} times, not once: {old!r}"
        path.write_text(text.replace(old, new), encoding="utf-8")
        return
    lines = text.splitlines(keepends=True)
    hits = [i for i, line in enumerate(lines) if old in line]
    assert len(hits) == 1, f"{file}: the text to mutate is on {len(hits)} lines, not 1: {old!r}"
    lines[hits[0]] = lines[hits[0]].replace(old, new)
    path.write_text("".join(lines), encoding="utf-8")


@contextlib.contextmanager
def unoptimised_builds() -> Iterator[None]:
    """Every mutant is a new build, and the optimising passes cost seconds on a large game: the
    mutants are built unoptimised. The passes keep what rules mean (tests/test_native.py, the
    goldens and tests/test_unoptimised.py check it); scenarios noticing a change do not depend on
    them."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(compiling, "cached_optimise", lambda raw, optimise: raw)
        yield


def still_a_game(rules: Path, *option_sets: dict) -> None:
    """The mutant still loads (`rulebook check` accepts it) with each option set: a failure later
    is then a scenario noticing the change, not a broken rules folder."""
    with unoptimised_builds():
        for options in option_sets:
            api.load_game(rules, options)


def run_on(game: str, features_dir: Path, features: list[str], rules: Path, capsys) -> tuple[int, int, int]:
    """Run the named feature files against the rules at `rules`: (exit code, passed, failed)."""
    capsys.readouterr()
    with unoptimised_builds():
        code = run_features([str(features_dir / f"{name}.feature") for name in features],
                            games=[f"{game}={rules}"], quiet=True)
    out = capsys.readouterr().out
    last = out.strip().splitlines()[-1]
    found = re.fullmatch(r"(\d+) passed, (\d+) failed", last)
    assert found, f"no closing tally line in:\n{out[-2000:]}"
    return code, int(found.group(1)), int(found.group(2))
