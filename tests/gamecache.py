"""Games compiled once per test session, shared by the test modules."""
from __future__ import annotations

import functools
from pathlib import Path

from rulebook.api import load_game

ROOT = Path(__file__).resolve().parent.parent


@functools.lru_cache(maxsize=None)
def eriantys(players: int):
    return load_game(ROOT / "rules" / "eriantys", {"players": players})
