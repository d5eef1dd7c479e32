"""Simulate a game many times and sum it up; compare two sets of options under the same seeds.

>>> summary, run = simulate("tests/games/nim", {"stones": 5}, games=20, seed=0, workers=1)
>>> summary["games"], len(summary["seats"])
(20, 2)
"""
from __future__ import annotations

import time
from pathlib import Path
from typing import Optional

from rulebook.dsl.errors import OptionsError

from .. import api
from . import backend, reach
from .compare import compare
from .output import ProgressBar
from .runner import RunSpec, default_workers, remember_game, run_games
from .summary import GameInfo, summarise


def simulate(game_ref: str, options: Optional[dict] = None, games: int = 100, seed: int = 0,
             bots: str = "random", workers: Optional[int] = None, cluster: Optional[str] = None,
             progress: bool = False, label: str = "simulating", mods: tuple = (),
             standing_rate: Optional[float] = None, keep_records: Optional[str] = None, check: bool = False,
             failures: Optional[str] = None, watched: Optional[tuple] = None,
             balance: bool = False) -> tuple[dict, dict]:
    """Play `games` games (game i uses seed `seed + i`) and give (summary, run details); with
    `keep_records`, each game's full record is written into that folder as game-SEED.json; with
    `check`, the rules' invariants are checked after every step. A game that breaks one (or makes
    the rules fail) stops the run with GameFailure, its record saved in `failures`. With `balance`,
    every game is traced (in Python) for the balance figures that need its moves (rulebook/sim/balance.py).

    The summary depends only on the game, options, bots, seed and count — never on how many
    workers played or where; the run details say where and how fast. It says (`reached`) in how
    many games play reached each of `watched` = (mod folders, option names) — by default what this
    run changes from the game as shipped: its mods and the options it sets otherwise than their
    defaults (see rulebook/sim/reach.py)."""
    options = dict(options or {})
    game = api.load_game(game_ref, options, mods=mods)
    watch_mods, watch_options = (tuple(mods), reach.changed_options(game.program, options)) if watched is None else watched
    items: list = []
    if watch_mods or watch_options:
        counting = api.load_game(game_ref, options, mods=mods, counting=True)
        items = reach.watch_list(counting, watch_mods, watch_options)
        if items:
            game = counting
    watch = reach.watch_points(items)
    always = reach.mask_of(game.reached, watch) if items else 0  # marked while the game was built
    spec = RunSpec.make(str(game_ref), options, bots, game.player_count, tuple(mods), keep_records, standing_rate,
                        check, failures, watch, balance)
    remember_game(spec, game)  # forked workers inherit it, compiled
    # Native code is built here, once, before any worker starts. Records need every move's text: kept
    # games play in Python.
    chosen = (backend.Choice(None, "records are kept") if keep_records else
              backend.Choice(None, "checking every step") if check else
              backend.Choice(None, "tracing for balance") if balance else backend.choose(game, spec.bots))
    started = time.perf_counter()
    fell_back: list = []
    masks: list = []
    with ProgressBar(games, label, enabled=None if progress else False) as bar:
        outcomes = run_games(spec, seed, games, workers, cluster, bar.advance, fell_back, masks)
    seconds = time.perf_counter() - started
    summary = summarise(GameInfo.of(game), outcomes, spec.bots, seed)
    if standing_rate is not None:
        summary["standing_rate"] = standing_rate
    if items:
        summary["reached"] = reach.reached_rows(items, watch, masks, always)
    count = default_workers() if workers is None else workers
    where = f"Dask cluster at {cluster}" if cluster else f"{count} local worker{'s' if count != 1 else ''}"
    run = {"where": where + ", " + _backend_words(chosen, fell_back[0] if fell_back else 0),
           "seconds": seconds, "games_per_second": games / seconds if seconds else 0.0,
           "backend": "native" if chosen.native is not None else "python"}
    if chosen.native is not None:
        native = chosen.native
        run["compile_seconds"] = native.compile_seconds + native.generate_seconds
        run["compile_cached"] = native.cached
        run["compile_seconds_per_game"] = run["compile_seconds"] / games
        run["games_in_python"] = fell_back[0] if fell_back else 0
    return summary, run


def _backend_words(chosen, fell_back: int) -> str:
    if chosen.native is None:
        return f"Python back-end ({chosen.reason})"
    words = "native back-end"
    if fell_back:
        words += f" ({fell_back} game{'s' if fell_back != 1 else ''} fell back to Python)"
    return words


def compare_options(game_ref: str, options_a: dict, options_b: dict, games: int = 100, seed: int = 0,
                    bots: str = "random", workers: Optional[int] = None, cluster: Optional[str] = None,
                    progress: bool = False, mods_a: tuple = (), mods_b: tuple = (),
                    standing_rate: Optional[float] = None, balance: bool = False) -> tuple[list, dict, dict]:
    """Simulate the game under options (and mods) A and under options (and mods) B with the same
    seeds and bots; give (rows of compared figures, summary A, summary B)."""
    programs = []
    for side, options, mods in (("A", options_a, mods_a), ("B", options_b, mods_b)):
        try:
            programs.append(api.load_game(game_ref, options, mods=mods).program)  # both sides checked first
        except OptionsError as err:
            raise OptionsError(f"options {side}: {err}") from None
    differing = reach.differing_options(programs[0], options_a, options_b, programs[1])
    folders_a, folders_b = ({str(Path(m).resolve()) for m in mods} for mods in (mods_a, mods_b))
    only_a = tuple(m for m in mods_a if str(Path(m).resolve()) not in folders_b)  # a mod on both sides is not compared
    only_b = tuple(m for m in mods_b if str(Path(m).resolve()) not in folders_a)
    a, _ = simulate(game_ref, options_a, games, seed, bots, workers, cluster, progress, "A", mods_a, standing_rate,
                    watched=(only_a, differing), balance=balance)
    b, _ = simulate(game_ref, options_b, games, seed, bots, workers, cluster, progress, "B", mods_b, standing_rate,
                    watched=(only_b, differing), balance=balance)
    return compare(a, b), a, b
