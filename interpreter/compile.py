"""Compiling a game: lowering, then the optimising passes, then the Python back-end — once per game,
options and engine: the disk cache (interpreter/ircache.py) keeps the result, and the passes'."""
from __future__ import annotations

import sys
from functools import partial
from typing import Callable, Optional

from rulebook.dsl.program import Program

from .ir.program import GameIR
from .ircache import cached_build, cached_optimise, gc_paused
from .passes import PASSES, optimise
from .pyback.assemble import PythonGame, Written
from .pyback.evaluate import evaluate
from .analysis.reach import ReachMap
from .play.trace import Trail


# A counting build leaves out the passes that move code between rules (a mark must stay where
# its rule is; such a build is never the hot path).
COUNTING_SKIPS = frozenset({"inline", "frames", "unroll", "hoist"})


def compile_ir(program: Program, options: dict, player_count: int, player_names: tuple,
               team_of: Optional[tuple] = None, reach: Optional[ReachMap] = None,
               marks: Optional[bytearray] = None, skip: frozenset = frozenset()) -> GameIR:
    """The optimised compiled form of a game with these options (a counting build with `reach`,
    whose build-time reads are marked in `marks`; `skip`: passes left out, to measure them)."""
    from .lower.game import build_game  # here: a game read back from the disk cache is not lowered
    evaluator = evaluate if marks is None else partial(evaluate, marks=marks)
    if reach is not None:
        skip = skip | COUNTING_SKIPS
    raw = build_game(program, options, player_count, player_names, team_of, evaluator, reach)
    if skip:  # measuring the passes (or leaving them all out): not kept apart
        return optimise(raw, skip)
    return cached_optimise(raw, lambda ir: optimise(ir, skip))


def lower_ir(program: Program, options: dict, player_count: int, player_names: tuple,
             team_of: Optional[tuple] = None) -> GameIR:
    """The compiled form as the lowering makes it, before any optimising pass: what the research
    spaces are read from (interpreter/research/), so their numbering never moves with the passes."""
    from .lower.game import build_game
    return build_game(program, options, player_count, player_names, team_of, evaluate, None)


def _metered() -> bool:
    """Whether builds count the step budget (Builder.metered: only benchmarks turn it off, and a
    build without it is another build). A warm load does not import the lowering; then nothing
    can have turned it off."""
    builder = sys.modules.get(f"{__package__}.lower.builder")
    return builder is None or builder.Builder.metered


def compile_game(program: Program, options: dict, player_count: int, player_names: tuple,
                 team_of: Optional[tuple] = None, counting: bool = False,
                 skip: frozenset = frozenset(), optimised: bool = True, tracing: bool = False) -> PythonGame:
    """The Python back-end's game. `counting`: a counting build, which marks every reach point
    play reaches (interpreter/analysis/reach.py) in `.reached`; a plain build has no marks at all.
    `optimised=False` leaves every optimising pass out: the same games, played slower, built in a
    fraction of the time (what a rules author's edit-and-rerun loop wants). `tracing`: a counting
    build, without the passes, whose marks keep their order (interpreter/play/trace.py)."""
    filename = f"<compiled rules of {program.title}>"
    if counting or skip:  # a counting build marks what compiling reads, and measuring runs the passes
        reach = ReachMap(program, tracing) if counting else None
        marks = (Trail if tracing else bytearray)(len(reach)) if reach is not None else None
        if tracing:
            skip = frozenset(PASSES)
        with gc_paused():
            ir = compile_ir(program, options, player_count, player_names, team_of, reach, marks, skip)
            return PythonGame(ir, filename, program, marks, reach)

    passes = frozenset() if optimised else frozenset(PASSES)

    def build(keep: Callable[[tuple], None]) -> PythonGame:
        ir = compile_ir(program, options, player_count, player_names, team_of, skip=passes)
        return PythonGame(ir, filename, program, keep=lambda written: keep((ir, written)))

    def restore(kept: tuple) -> PythonGame:
        ir, written = kept
        if not isinstance(ir, GameIR) or not isinstance(written, Written):
            raise TypeError("not a kept game")
        return PythonGame(ir, filename, program, written=written)

    settings = (sorted(options.items()), player_count, player_names, team_of, _metered(), optimised)
    return cached_build(program.source_key, settings, build, restore)
