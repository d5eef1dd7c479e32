"""Golden playthroughs: the full move log and result of a few seeds per player count, checked in.

Any change in behaviour shows up as a diff. After an intended change, regenerate with
`RULEBOOK_UPDATE_GOLDENS=1 python -m pytest tests/test_eriantys_goldens.py` and review the diff.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from rulebook.play import play_game

from gamecache import eriantys

GOLDENS = Path(__file__).parent / "goldens"
CASES = [(players, seed) for players in (2, 3, 4) for seed in (1, 2, 3)]


@pytest.mark.parametrize("players,seed", CASES)
def test_golden_playthrough(players: int, seed: int) -> None:
    game = eriantys(players)
    record = play_game(game, seed)
    actual = {"players": players, "seed": seed, "moves": [f"{m['player']}: {m['move']}" for m in record.moves],
              "result": record.result}
    path = GOLDENS / f"eriantys-{players}p-seed{seed}.json"
    if os.environ.get("RULEBOOK_UPDATE_GOLDENS") or not path.exists():
        path.write_text(json.dumps(actual, indent=1) + "\n", encoding="utf-8")
        if not os.environ.get("RULEBOOK_UPDATE_GOLDENS"):
            pytest.fail(f"{path.name} did not exist; written now — review and commit it")
    expected = json.loads(path.read_text(encoding="utf-8"))
    assert actual == expected
