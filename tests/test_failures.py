"""From a failure to a scenario (issue 17): a game that breaks an invariant or makes the rules fail
is saved as a record, with the `rulebook scenario` command that shows it — in `rulebook simulate`
(`--check` checks the invariants after every step) and in the random-simulation suites.

The games are copies of the Lamps toy game (tests/games/lamps) broken on purpose.
"""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from rulebook import api
from rulebook.cli import main
from rulebook.testing import SimulationFailure, random_playthrough

LAMPS = Path(__file__).parent / "games" / "lamps"
COMMAND = re.compile(r"as a scenario: rulebook scenario (\S+) --at (\d+)")


def broken_lamps(tmp_path: Path, old: str, new: str) -> Path:
    rules = tmp_path / "lamps"
    shutil.copytree(LAMPS, rules)
    for name in ("game.rules", "lamps.yaml"):
        path = rules / name
        path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    return rules


def _scenario_fails_as_the_game_did(record: str, at: str, words: str, tmp_path: Path, capsys) -> None:
    feature = tmp_path / "failure.feature"
    assert main(["scenario", record, "--at", at, "-o", str(feature)]) == 0
    text = feature.read_text(encoding="utf-8")
    assert "This scenario fails, as the game did:" in text and words in text
    capsys.readouterr()
    assert main(["test", str(feature), "--quiet"]) == 1
    out = capsys.readouterr().out
    assert words in out and out.rstrip().splitlines()[-1] == "0 passed, 1 failed"


def test_simulate_check_saves_the_game_that_breaks_an_invariant_and_says_how_to_see_it(tmp_path, capsys) -> None:
    rules = broken_lamps(tmp_path, 'game "Lamps" version "1"',
                         'game "Lamps" version "1"\ninvariant "nobody glows 3 or more": all(glow[p] < 3 for p in players)')
    failures = tmp_path / "failures"
    assert main(["simulate", str(rules), "--games", "5", "--workers", "1", "--check", "--failures", str(failures)]) == 1
    err = capsys.readouterr().err
    assert "invariant broken: nobody glows 3 or more" in err
    found = COMMAND.search(err)
    assert found, err
    record = json.loads(Path(found.group(1)).read_text(encoding="utf-8"))
    assert record["kind"] == "full" and record["result"] is None and len(record["moves"]) == int(found.group(2))
    assert Path(found.group(1)).parent == failures.resolve()
    _scenario_fails_as_the_game_did(found.group(1), found.group(2), "invariant broken: nobody glows 3 or more",
                                    tmp_path, capsys)


def test_without_check_the_same_game_plays_on(tmp_path, capsys) -> None:
    rules = broken_lamps(tmp_path, 'game "Lamps" version "1"',
                         'game "Lamps" version "1"\ninvariant "nobody glows 3 or more": all(glow[p] < 3 for p in players)')
    assert main(["simulate", str(rules), "--games", "5", "--workers", "1", "--failures", str(tmp_path / "f")]) == 0
    assert not (tmp_path / "f").exists()


def test_simulate_saves_the_game_whose_move_makes_the_rules_fail(tmp_path, capsys) -> None:
    rules = broken_lamps(tmp_path, "glow[user] += 3\n", "glow[user] += 3 / (glow[user] - glow[user])\n")
    assert main(["simulate", str(rules), "--games", "3", "--workers", "1", "--check",
                 "--failures", str(tmp_path / "f")]) == 1
    err = capsys.readouterr().err
    assert "the rules fail:" in err and "lamps.yaml:10:" in err
    found = COMMAND.search(err)
    assert found, err
    record = json.loads(Path(found.group(1)).read_text(encoding="utf-8"))
    assert record["moves"][-1]["move"] == "light blue"
    _scenario_fails_as_the_game_did(found.group(1), found.group(2), "lamps.yaml:10:", tmp_path, capsys)


def test_the_random_simulation_suite_saves_a_failed_game_too(tmp_path, monkeypatch, capsys) -> None:
    rules = broken_lamps(tmp_path, 'game "Lamps" version "1"',
                         'game "Lamps" version "1"\ninvariant "nobody glows 3 or more": all(glow[p] < 3 for p in players)')
    monkeypatch.setenv("RULEBOOK_FAILURES", str(tmp_path / "suite"))
    game = api.load_game(rules)
    failure = None
    for seed in range(20):
        try:
            random_playthrough(game, seed)
        except SimulationFailure as err:
            failure = str(err)
            break
    assert failure is not None and "invariant broken: nobody glows 3 or more" in failure
    found = COMMAND.search(failure)
    assert found and Path(found.group(1)).parent == (tmp_path / "suite").resolve()
    _scenario_fails_as_the_game_did(found.group(1), found.group(2), "invariant broken", tmp_path, capsys)


def test_simulate_check_on_sound_rules_gives_the_usual_figures(tmp_path, capsys) -> None:
    target = tmp_path / "figures.json"
    assert main(["simulate", str(LAMPS), "--games", "6", "--workers", "1", "--check", "--json", str(target)]) == 0
    figures = json.loads(target.read_text(encoding="utf-8"))
    assert figures["games"] == 6 and "Python" in figures["run"]["where"]


@pytest.mark.parametrize("flag", ["--check"])
def test_simulate_help_names_the_check(flag: str, capsys) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    assert flag in capsys.readouterr().out
