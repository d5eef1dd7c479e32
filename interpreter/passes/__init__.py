"""Optimising passes over the compiled form: each takes a GameIR and gives a better one.

The pipeline is a list of named passes (pipeline.py: PIPELINE), run in order by `optimise`: fold
what the options decide; drop the standing actions and modifiers nothing reachable can use; then
inline and fold again, a few rounds (each round exposes the next); keep per-kind data of zones the
rules add up or look through (kinds: totals, neighbour counts, sets of nodes); then unroll what
runs over short fixed lists; count the step budget of fixed loops once per loop; keep merging
boards' groups in the state; see through temporaries holding addresses; drop the step-budget ticks
no runaway can pass; hoist what comprehensions read the same way for every element; last, make
once the reads of the state a statement makes more than once.
"""
from __future__ import annotations

from .pipeline import PASSES, PIPELINE, Pass, optimise, optimise_snippet

__all__ = ["PASSES", "PIPELINE", "Pass", "optimise", "optimise_snippet"]
