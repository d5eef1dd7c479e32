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
