"""Simulation and statistics: play many games with bots, sum them up, compare variants."""
from .runner import RunSpec, SimulationError, run_games
from .simulation import compare_options, simulate

__all__ = ["RunSpec", "SimulationError", "compare_options", "run_games", "simulate"]
