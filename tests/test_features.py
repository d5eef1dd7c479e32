"""Every scenario in features/ (all games), run through the shipped step library."""
from __future__ import annotations

from pathlib import Path

from pytest_bdd import scenarios

scenarios(str(Path(__file__).resolve().parent.parent / "features"))
