"""Inputs at the edge that are valid and must keep working: they are not errors.

Line ends, texts in any script, texts and names that look like code (printed as written, never
run), quotes in file names, a mod for a game that is not shipped, two tables whose rows share keys.
"""
from __future__ import annotations

import shutil
from pathlib import Path

from rulebook.api import load_game
from rulebook.play import play_game

EDGES = Path(__file__).parent / "edges"


def test_code_cells_live_in_one_namespace_per_kind() -> None:
    """Two kinds whose tables both have an `effect` column and a row named X: each kind's X runs
    its own cell (1 and 100 added, once each)."""
    game = load_game(EDGES / "code_cells_per_kind")
    record = play_game(game, seed=1)
    assert record.result["reason"] == "101"


def test_a_folder_with_quotes_in_its_name(tmp_path: Path) -> None:
    folder = tmp_path / "it's \"quoted\""
    shutil.copytree(EDGES / "code_cells_per_kind", folder)
    assert play_game(load_game(folder), seed=1).result["reason"] == "101"


def _own_game_and_mod(tmp_path: Path) -> tuple[Path, Path]:
    """A game that is not shipped (a copy of the Nim test game) and a mod for it, whose manifest
    names the game by a path relative to the mod's own folder."""
    game = tmp_path / "games" / "my nim"
    shutil.copytree(Path(__file__).parent / "games" / "nim", game)
    mod = tmp_path / "mods" / "fewer stones"
    mod.mkdir(parents=True)
    (mod / "mod.yaml").write_text('name: fewer stones\ngame: "../../games/my nim"\ngame_version: "1.0"\n')
    (mod / "stones.rules").write_text('replace option stones: int 1..100 = 4 "stones on the table"\n')
    return game, mod


def test_a_mod_for_a_game_that_is_not_shipped(tmp_path: Path, monkeypatch) -> None:
    """The mod's `game:` is read from the mod's folder, wherever the command runs."""
    game, mod = _own_game_and_mod(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert load_game(game, mods=[mod]).options["stones"] == 4
    monkeypatch.chdir(mod)
    assert load_game(game, mods=[mod]).options["stones"] == 4


def test_a_mod_folder_stands_for_its_game_with_the_mod(tmp_path: Path) -> None:
    game, mod = _own_game_and_mod(tmp_path)
    assert load_game(mod).options["stones"] == 4


NIM = Path(__file__).parent / "games" / "nim"


def test_crlf_line_ends_in_rules_tables_and_features(tmp_path: Path, capsys) -> None:
    """A game, its table and its scenarios written on Windows (CRLF) load, play and pass."""
    from rulebook.cli import main

    folder = tmp_path / "crlf"
    shutil.copytree(EDGES / "code_cells_per_kind", folder)
    for path in folder.iterdir():
        path.write_bytes(path.read_bytes().replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"))
    assert b"\r\n" in (folder / "game.rules").read_bytes()
    assert play_game(load_game(folder), seed=1).result["reason"] == "101"
    feature = tmp_path / "nim.feature"
    feature.write_bytes(b"@game:nim\r\nFeature: CRLF\r\n  Scenario: a game starts\r\n"
                        b"    Given a game of nim\r\n    Then the game is not over\r\n")
    vocabulary = tmp_path / "nim.yaml"
    vocabulary.write_bytes(b"steps:\r\n  - given: a game of nim\r\n    new_game: {players: 2, names: \"Ann, Bob\"}\r\n"
                           b"  - then: the game is not over\r\n    result: not_over\r\n")
    code = main(["test", str(feature), "--game", f"nim={NIM}", "--vocabulary", str(vocabulary), "--quiet"])
    assert code == 0 and "1 passed, 0 failed" in capsys.readouterr().out


CODE_LOOKING = ["__import__('os').system('echo hi')", "'; DROP TABLE players; --", "$HOME `ls` $(whoami)",
                "<script>alert(1)</script>", "%s %(x)d \\n \\t"]  # `{…}` in a rules text is a placeholder


def test_texts_and_names_that_look_like_code_are_printed_as_written(tmp_path: Path, capsys) -> None:
    """Rules texts and names are data: never run, never formatted, shown exactly as written."""
    folder = tmp_path / "odd"
    folder.mkdir()
    logs = "".join(f'  log "{text}"\n' for text in CODE_LOOKING)
    (folder / "game.rules").write_text('game "Jeu à deux — ☃ \\\\" version "1.0"\nplayers 2..2\n'
                                       f'flow:\n{logs}  end game because "fin: {CODE_LOOKING[0]}"\n', encoding="utf-8")
    names = ["Zoë {0} ${HOME}", "李雷 Robert'); DROP--"]
    game = load_game(folder, player_names=names)
    lines: list = []
    game.set_log(lambda state, text: lines.append(text))
    state = game.new_initial_state(1)
    assert lines == CODE_LOOKING
    assert game.result(state).reason == f"fin: {CODE_LOOKING[0]}"
    assert game.title == "Jeu à deux — ☃ \\\\"
    assert game.player_names == tuple(names)


def test_quotes_and_spaces_in_the_names_of_files_and_folders(tmp_path: Path, capsys) -> None:
    from rulebook.cli import main

    folder = tmp_path / "the \"quoted\" game's rules"
    shutil.copytree(NIM, folder)
    feature = tmp_path / "it's a \"test\".feature"
    feature.write_text("@game:nim\nFeature: quotes\n  Scenario: a game starts\n    Given a game of nim\n",
                       encoding="utf-8")
    vocabulary = tmp_path / "the 'words'.yaml"
    vocabulary.write_text('steps:\n  - given: a game of nim\n    new_game: {players: 2, names: "Ann, Bob"}\n',
                          encoding="utf-8")
    assert main(["check", str(folder)]) == 0
    assert main(["play", str(folder), "--quiet", "--seed", "2"]) == 0
    assert main(["test", str(feature), "--game", f"nim={folder}", "--vocabulary", str(vocabulary), "--quiet"]) == 0
    assert "1 passed, 0 failed" in capsys.readouterr().out
