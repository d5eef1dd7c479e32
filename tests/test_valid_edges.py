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
