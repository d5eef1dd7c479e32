"""The command line: `rulebook check` and `rulebook play` (issue 2 item 6, issue 4 item 2)."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from rulebook.cli import main

ROOT = Path(__file__).resolve().parent.parent


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_play_prints_a_readable_log(capsys) -> None:
    code, out, _ = run(capsys, "play", "eriantys", "--players", "3", "--seed", "7")
    assert code == 0
    assert out.startswith("Round 1\nPlanning phase\n")
    assert "Action phase" in out and "student " in out and "mother nature " in out
    assert " builds on island " in out  # island control, worded by rules/eriantys
    assert out.rstrip().splitlines()[-1].startswith("Game over: ")


def test_play_quiet_and_json(capsys, tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    code, out, _ = run(capsys, "play", "eriantys", "--seed", "3", "--quiet", "--json", str(target))
    assert code == 0 and out.count("\n") == 1 and out.startswith("Game over: ")
    data = json.loads(target.read_text())
    assert data["seed"] == 3 and data["options"]["players"] == 2
    assert len(data["moves"]) > 50 and data["result"]["winners"]


def test_same_seed_same_log(capsys) -> None:
    assert run(capsys, "play", "eriantys", "--seed", "11") == run(capsys, "play", "eriantys", "--seed", "11")


@pytest.mark.parametrize("argv,message", [
    (["play", "eriantys", "--players", "5"], "Eriantys is played by 2 to 4 players, not 5"),
    (["play", "eriantys", "--players", "x"], "argument --players: invalid int value: 'x'"),
    (["play", "eriantys", "--seed", "1.5"], "argument --seed: invalid int value: '1.5'"),
    (["play", "nosuchgame"], "no game 'nosuchgame'"),
    (["play", "eriantys", "-o", "expret=true"], "unknown option 'expret'"),
    (["play", "eriantys", "--bogus"], "unknown flag --bogus"),
    (["play", "eriantys", "--sede", "3"], "unknown flag --sede (did you mean --seed?)"),
    (["play", "eriantys", "--expret"], "unknown flag --expret (did you mean --expert?)"),
    (["play", "eriantys", "stray"], "unrecognized argument 'stray'"),
    (["games", "--bogus"], "unrecognized arguments: --bogus"),
])
def test_bad_values_get_one_line_and_exit_2(capsys, argv, message) -> None:
    code, out, err = run_catching(capsys, argv)
    assert code == 2
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def run_catching(capsys, argv) -> tuple[int, str, str]:
    try:
        code = main(argv)
    except SystemExit as exit_:
        code = exit_.code
    out, err = capsys.readouterr()
    return code, out, err


def test_check_reports_ok_and_errors(capsys, tmp_path: Path) -> None:
    code, out, _ = run(capsys, "check", str(ROOT / "rules" / "eriantys"))
    assert code == 0 and out.strip().endswith("ok")
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "game.rules").write_text("flow:\n  let x = entrnce\n")
    code, out, err = run(capsys, "check", str(bad))
    assert code == 1
    assert f"{bad / 'game.rules'}:2:11: unknown name 'entrnce'" in err
    assert "    ^" in err and "Traceback" not in err


def test_installed_command_finds_shipped_games(tmp_path: Path) -> None:
    """After `pip install .` (as CI does) the console script finds rules/ from any folder."""
    command = shutil.which("rulebook")
    if command is None:
        pytest.skip("the rulebook command is not installed in this environment")
    done = subprocess.run([command, "play", "eriantys", "--quiet", "--seed", "2"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Game over: ")


def test_play_without_a_game_prints_its_usage(capsys) -> None:
    """Issue 25 item 8: `rulebook play` alone is a usage mistake, not an internal error."""
    code, out, err = run_catching(capsys, ["play"])
    assert code == 2 and out == ""
    assert err.startswith("usage: rulebook play") and "internal error" not in err
    assert err.rstrip().splitlines()[-1].startswith("rulebook: give the GAME to play")


def test_play_help_and_the_readme_say_which_bots_see_hidden_information(capsys) -> None:
    """Issue 25: until the bots play fair, a person knows which of them peek."""
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "random sees only its legal moves; greedy and mcts read the whole position" in text
    readme = " ".join((Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8").split())
    assert "`random` sees only its legal moves; `greedy` and `mcts` read the whole position" in readme
