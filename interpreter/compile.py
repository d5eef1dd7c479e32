"""Compiling a game: lowering, then the optimising passes, then the Python back-end — once per game."""
from __future__ import annotations

from typing import Optional

from rulebook.dsl.program import Program

from .ir.program import GameIR
from .lower.game import build_game
from .passes import optimise
from .pyback.assemble import PythonGame
from .pyback.evaluate import evaluate


def compile_ir(program: Program, options: dict, player_count: int, player_names: tuple,
               team_of: Optional[tuple] = None) -> GameIR:
    """The optimised compiled form of a game with these options."""
    return optimise(build_game(program, options, player_count, player_names, team_of, evaluate))


def compile_game(program: Program, options: dict, player_count: int, player_names: tuple,
                 team_of: Optional[tuple] = None) -> PythonGame:
    ir = compile_ir(program, options, player_count, player_names, team_of)
    return PythonGame(ir, f"<compiled rules of {program.title}>", program)
