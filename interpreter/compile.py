"""Compiling a game: lowering, then the optimising passes, then the Python back-end — once per game."""
from __future__ import annotations

from functools import partial
from typing import Optional

from rulebook.dsl.program import Program

from .ir.program import GameIR
from .lower.game import build_game
from .passes import optimise
from .pyback.assemble import PythonGame
from .pyback.evaluate import evaluate
from .reach import ReachMap


def compile_ir(program: Program, options: dict, player_count: int, player_names: tuple,
               team_of: Optional[tuple] = None, reach: Optional[ReachMap] = None,
               marks: Optional[bytearray] = None) -> GameIR:
    """The optimised compiled form of a game with these options (a counting build with `reach`,
    whose build-time reads are marked in `marks`)."""
    evaluator = evaluate if marks is None else partial(evaluate, marks=marks)
    return optimise(build_game(program, options, player_count, player_names, team_of, evaluator, reach))


def compile_game(program: Program, options: dict, player_count: int, player_names: tuple,
                 team_of: Optional[tuple] = None, counting: bool = False) -> PythonGame:
    """The Python back-end's game. `counting`: a counting build, which marks every reach point
    play reaches (interpreter/reach.py) in `.reached`; a plain build has no marks at all."""
    reach = ReachMap(program) if counting else None
    marks = bytearray(len(reach)) if reach is not None else None
    ir = compile_ir(program, options, player_count, player_names, team_of, reach, marks)
    return PythonGame(ir, f"<compiled rules of {program.title}>", program, marks, reach)
