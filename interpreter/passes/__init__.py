"""Optimising passes over the compiled form: each takes a GameIR and gives a better one."""
from __future__ import annotations

from ..ir.program import GameIR


def optimise(ir: GameIR) -> GameIR:
    return ir
