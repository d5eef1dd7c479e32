"""Finding one's way (issue 15 item 5): `rulebook games`, `rulebook games GAME`, `--version`, and a
`--help` that does not load the engine."""
from __future__ import annotations

import subprocess
import sys

from rulebook.api import shipped_games
from rulebook.cli import main


def run(capsys, *argv) -> tuple[int, str]:
    try:
        code = main(list(argv))
    except SystemExit as stop:
        code = stop.code
    return code, capsys.readouterr().out


def test_games_lists_each_with_players_and_options(capsys) -> None:
    code, out = run(capsys, "games")
    assert code == 0
    for name in shipped_games():
        assert any(line.startswith(name) for line in out.splitlines())
    assert "2–4 players  --expert, --characters" in out and "2 players    --variant" in out


def test_one_game_shows_every_option_and_its_sentences(capsys) -> None:
    code, out = run(capsys, "games", "eriantys")
    assert code == 0 and out.startswith("Eriantys (version ")
    assert "--players     whole number 2..4       2" in out
    assert "--expert      true/false              false" in out
    assert "allowed: Monk, Farmer, Herald" in out
    assert "  Given a {count:int}-player game between {names:names}\n" in out
    assert "\nWhen:\n" in out and "\nThen:\n" in out


def test_a_one_of_option_shows_its_choices(capsys, tmp_path) -> None:
    folder = tmp_path / "pace"
    folder.mkdir()
    (folder / "game.rules").write_text('game "Pace"\nplayers 2..2\noption speed: one of slow, fast = slow "how fast"\n'
                                       "flow:\n  end game\n", encoding="utf-8")
    code, out = run(capsys, "games", str(folder))
    assert code == 0 and "--speed" in out and "allowed: slow, fast" in out and "No scenario sentences" in out


def test_version(capsys) -> None:
    code, out = run(capsys, "--version")
    assert code == 0 and out.startswith("rulebook ")


def test_help_does_not_import_the_engine() -> None:
    probe = ("import sys\nfrom rulebook.cli import main\n"
             "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
             "print(sorted(m for m in sys.modules if m.startswith(('rulebook.dsl', 'rulebook.interpreter', 'lark', "
             "'networkx', 'jsonschema', 'rich'))))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.strip().splitlines()[-1] == "[]"
