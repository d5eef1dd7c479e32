"""`rulebook test PATH…` on feature files outside the checkout: the closing tally and exit codes."""
from __future__ import annotations

import shutil
from pathlib import Path

from rulebook.cli import main

ROOT = Path(__file__).resolve().parent.parent


def test_features_outside_the_checkout_pass(tmp_path: Path, capsys) -> None:
    target = tmp_path / "mine" / "professors.feature"
    target.parent.mkdir()
    shutil.copy(ROOT / "features" / "eriantys" / "professors.feature", target)
    scenarios = target.read_text(encoding="utf-8").count("Scenario:")
    code = main(["test", str(target.parent)])
    out = capsys.readouterr().out
    assert out.rstrip().splitlines()[-1] == f"{scenarios} passed, 0 failed"
    assert code == 0


def test_an_unknown_sentence_names_its_place_and_the_closest_sentences(tmp_path: Path, capsys) -> None:
    target = tmp_path / "typo.feature"
    target.write_text(
        "Feature: A typo\n"
        "\n"
        "  Scenario: Leo moves Mother Nature\n"
        "    Given a 2-player game between Leo and Lisa\n"
        "    When Leo walks Mother Nature 3 islands\n",
        encoding="utf-8")
    code = main(["test", str(target)])
    out = capsys.readouterr().out
    assert code == 1, out
    assert f"{target}:5: unknown step: When Leo walks Mother Nature 3 islands" in out
    assert "closest known:" in out and "moves Mother Nature {n:int} island(s)" in out
    assert out.rstrip().splitlines()[-1] == "0 passed, 1 failed"
