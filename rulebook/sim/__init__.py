"""Simulation and statistics: play many games with bots, sum them up, compare variants."""
from __future__ import annotations

from importlib import import_module
from typing import Any

__all__ = ["RunSpec", "SimulationError", "compare_options", "run_games", "simulate"]
_HOMES = {"RunSpec": "runner", "SimulationError": "runner", "run_games": "runner",
          "compare_options": "simulation", "simulate": "simulation"}


def __getattr__(name: str) -> Any:
    """Imported when first used: the command line reads its arguments without the engine."""
    if name in _HOMES:
        return getattr(import_module(f".{_HOMES[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
