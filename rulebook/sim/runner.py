"""Play many seeded games with bots, on this machine's cores or a Dask cluster, in game order."""
from __future__ import annotations

import math
import multiprocessing
import os
import queue
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional, cast

from rulebook.dsl.errors import OptionsError, RulebookError
from rulebook.interpreter.game import Game
from rulebook.interpreter.pyback.runtime import RulesRuntimeError

from .. import api
from ..failures import GameFailure, failures_folder, invariants_broken, rules_error, save_failure
from . import backend
from ..bots import bots_for_seats, make_bot
from .usage import Tracer, table_kinds


class SimulationError(OptionsError):
    """A simulation that cannot start: a bad count, bot or cluster (the command exits with 2)."""


@dataclass(frozen=True)
class RunSpec:
    """Everything a worker needs to play a game: plain values, so it travels to other processes."""

    rules: str            # a shipped game's name, or an absolute rules folder
    options: tuple        # (name, value) pairs, sorted; list values as tuples
    bots: tuple           # one bot name per seat
    mods: tuple = ()      # mod folders layered over the rules, in order (absolute paths)
    keep: Optional[str] = None  # a folder to write each game's full record into
    standing_rate: Optional[float] = None  # random and greedy seats: see rulebook.bots.standing_pool
    check: bool = False  # check the rules' invariants after every step
    failures: Optional[str] = None  # where a failed game's record goes (rulebook/failures.py)
    watch: tuple = ()     # reach points counted per game (rulebook/sim/reach.py): a counting build plays
    trace: bool = False   # gather each game's balance trace (rulebook/sim/usage.py): played in Python

    @classmethod
    def make(cls, game_ref: str, options: dict, bots: str, players: int, mods: tuple = (),
             keep: Optional[str] = None, standing_rate: Optional[float] = None, check: bool = False,
             failures: Optional[str] = None, watch: tuple = (), trace: bool = False) -> "RunSpec":
        path = Path(game_ref)
        rules = str(path.resolve()) if path.is_dir() else game_ref
        seats = tuple(str(b) for b in bots_for_seats(bots, players))
        frozen = ((name, tuple(v) if isinstance(v, list) else v) for name, v in options.items())
        if standing_rate is not None and not 0.0 <= standing_rate <= 1.0:
            raise SimulationError(f"--standing-rate must be between 0 and 1, not {standing_rate}")
        return cls(rules, tuple(sorted(frozen)), seats, tuple(str(Path(m).resolve()) for m in mods),
                   str(Path(keep).resolve()) if keep else None, standing_rate, check,
                   str(failures_folder(failures).resolve()), tuple(watch), trace)


# One outcome per game, as plain data:
#   (seed, winning players, reason, decisions, statistic values, final scores or None, payoffs or None,
#    balance trace or None: see rulebook/sim/usage.py)
Outcome = tuple

_GAMES: dict = {}  # games built in this process, by (rules, options): compiled once per worker


def game_for(spec: RunSpec) -> Game:
    key = (spec.rules, spec.options, spec.mods, bool(spec.watch))
    game = _GAMES.get(key)
    if game is None:
        options = {k: list(v) if isinstance(v, tuple) else v for k, v in spec.options}
        game = _GAMES[key] = api.load_game(spec.rules, options, mods=spec.mods, counting=bool(spec.watch))
    return game


def remember_game(spec: RunSpec, game: Game) -> None:
    """Keep a game built here, so forked workers start with it instead of compiling it again."""
    _GAMES[(spec.rules, spec.options, spec.mods, bool(spec.watch))] = game


def play_one(game: Game, bots: list, seed: int, keep: Optional["RunSpec"] = None, watch: tuple = (),
             masks: Optional[list] = None) -> Outcome:
    """One game: its chance seeded by `seed`, the bots' choices by random.Random(seed). With
    `keep` (a RunSpec): its full record is written to `keep.keep` if that names a folder; with
    `keep.check` the rules' invariants are checked after every step, and a game that breaks one,
    or makes the rules fail, has its record written to `keep.failures` (GameFailure says where).
    Without the check, a failing rule is raised as it is, placed in the rules. With `masks` (a
    counting build only), the game's reach mask is added to it: bit j set when the game reached
    point watch[j] — in its setup, or playing a move (Game.apply); what a bot works out to choose a
    move (a look-ahead, a search) is not the game's and does not count."""
    marks = game.reached if masks is not None else None
    if marks is not None:
        marks[:] = bytes(len(marks))
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    decisions = 0
    record = None
    if keep is not None and keep.keep:
        from ..records import new_record, record_move

        record = new_record(game, keep.rules, keep.mods, seed, list(keep.bots))
    played: list = []  # (player, move): cheap, and only turned into a record if the game fails
    check = keep is not None and keep.check
    tracer = Tracer(game, table_kinds(game)) if keep is not None and keep.trace else None
    if tracer is not None:
        tracer.scores(state)
    try:
        broken = invariants_broken(game, state) if check else None
        while broken is None and not game.is_terminal(state):
            player = game.current_player(state)
            before = bytes(marks) if marks is not None else None
            move = bots[player].choose(game, state, rng)
            if tracer is not None:
                tracer.before(state, player, move)
            played.append((player, move))
            if record is not None:
                record_move(record, game, state, move)
            if marks is not None and before is not None:
                marks[:] = before
            game.apply(state, move)
            decisions += 1
            if tracer is not None:
                tracer.scores(state)
            if check:
                broken = invariants_broken(game, state)
    except GameFailure:
        raise
    except RulesRuntimeError:
        if not check:  # placed in the rules, printed with its line and caret (play_chunk)
            raise
        broken = rules_error(cast(Exception, sys.exc_info()[1]))
    except RulebookError as err:
        broken = rules_error(err)
    if broken is not None:
        spec = keep or RunSpec(game.program.path, (), tuple("random" for _ in range(game.player_count)))
        raise GameFailure(save_failure(game, spec.rules, spec.mods, seed, spec.bots, played,
                                       failures_folder(spec.failures), broken))
    if marks is not None and masks is not None:
        masks.append(sum(1 << j for j, point in enumerate(watch) if marks[point]))
    if record is not None and keep is not None:
        _write_record(record, game, state, Path(str(keep.keep)) / f"game-{seed}.json")
    outcome = outcome_of(game, state, seed, decisions)
    return outcome + (tracer.summary(outcome[1]),) if tracer is not None else outcome


def outcome_of(game: Game, state, seed: int, decisions: int) -> Outcome:
    """A finished game's outcome: seed, winning players, reason, decisions, statistics, scores,
    payoffs (checked against the rules' bounds)."""
    statistics = tuple(_number(value) for value in game.statistic_values(state))
    scores = None
    if game.has_score:
        scores = tuple(_number(game.score(state, p)) for p in range(game.player_count))
    result = game.result(state)
    reason = result.reason if result is not None else ""  # a finished game always has its result
    return (seed, game.winning_players(state), reason, decisions, statistics, scores, game.payoffs(state))


def _write_record(record, game: Game, state, path: Path) -> None:
    from ..records import describe_result, write_record

    record.result = describe_result(game, state)
    write_record(path, record)


def _number(value):
    if isinstance(value, tuple):  # a list of players: kept as the (distinct) players it names
        return tuple(sorted(set(v for v in value if isinstance(v, int))))
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, (int, float)):
        return value
    return None  # a statistic that is not a number (or `none`) is left out of its average


def play_chunk(spec: RunSpec, first_seed: int, count: int) -> tuple:
    """Play games first_seed … first_seed+count-1. Gives ("ok", outcomes, games the native back-end
    handed to Python, each game's reach mask over spec.watch or None) or ("error", message): rules
    errors travel back as text, since they need not survive pickling."""
    try:
        game = game_for(spec)
        # Records need every move in its text form, checks every state: such games are played in Python.
        native = None if spec.keep or spec.check or spec.trace else backend.native_player(game, spec.bots)
        masks: Optional[list] = [] if spec.watch else None
        if native is not None:
            before = native.fallbacks
            outcomes = backend.native_games(native, first_seed, count, spec.bots, spec.standing_rate,
                                            watch=spec.watch, masks=masks)
            return ("ok", outcomes, native.fallbacks - before, masks)
        bots = [make_bot(name, spec.standing_rate) for name in spec.bots]
        return ("ok", [play_one(game, bots, seed, spec, spec.watch, masks)
                       for seed in range(first_seed, first_seed + count)], 0, masks)
    except RulesRuntimeError as err:  # placed in the rules: sent as its parts, to print with its line and caret
        return ("rules", (err.span, err.message))
    except RulebookError as err:
        return ("error", str(err))


# The most games one command plays: every outcome is kept for the summary's distributions.
MAX_GAMES = 1_000_000


def chunks(first_seed: int, games: int, workers: int) -> list[tuple[int, int]]:
    """(first seed, count) pieces: several per worker for balance, not so small that overhead shows."""
    size = max(1, min(64, math.ceil(games / (workers * 8))))
    return [(first_seed + i, min(size, games - i)) for i in range(0, games, size)]


def in_flight(pieces: list, submit: Callable, window: int, advance: Callable[[int], None]) -> dict:
    """Run pieces with at most `window` of them submitted at once, so a long simulation neither
    queues all its work up front nor waits for all of it to show progress. submit(start, count)
    gives a future (of concurrent.futures or of Dask). Gives start -> result."""
    finished: queue.Queue = queue.Queue()
    waiting = iter(pieces)
    running: dict = {}

    def start_next() -> None:
        piece = next(waiting, None)
        if piece is not None:
            future = submit(*piece)
            running[future] = piece
            future.add_done_callback(finished.put)

    for _ in range(window):
        start_next()
    results: dict = {}
    while running:
        future = finished.get()
        start, count = running.pop(future)
        results[start] = future.result()
        advance(count)
        failed = isinstance(results[start], tuple) and results[start][0] != "ok"  # a play_chunk result
        if not failed:  # a failed piece stops the run: what runs ends, nothing new starts
            start_next()
    return results


def run_games(spec: RunSpec, first_seed: int, games: int, workers: Optional[int] = None,
              cluster: Optional[str] = None, advance: Optional[Callable[[int], None]] = None,
              fell_back: Optional[list] = None, masks: Optional[list] = None) -> list[Outcome]:
    """Play `games` games (seeds first_seed, first_seed+1, …) and give their outcomes in seed order,
    whatever the number of workers or where they run; `masks` gets their reach masks (spec.watch)."""
    if not 1 <= games <= MAX_GAMES:
        raise SimulationError(f"--games must be from 1 to {MAX_GAMES:,}, not {games:,} (for more, run again "
                              f"with --seed after the last one)")
    if workers is not None and workers < 1:
        raise SimulationError(f"--workers must be at least 1, not {workers}")
    advance = advance or (lambda n: None)
    if cluster:
        results = _run_on_cluster(spec, first_seed, games, cluster, advance)
    else:
        workers = default_workers() if workers is None else workers
        results = _run_locally(spec, first_seed, games, workers, advance)
    outcomes: list = []
    fallbacks = 0
    for _, (status, value, *more) in sorted(results.items()):
        if status == "rules":
            raise RulesRuntimeError(*value)
        if status != "ok":
            raise RulebookError(value)
        outcomes.extend(value)
        fallbacks += more[0]
        if masks is not None and more[1] is not None:
            masks.extend(more[1])
    if fell_back is not None:
        fell_back.append(fallbacks)
    return outcomes


def default_workers() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _run_locally(spec, first_seed, games, workers, advance) -> dict:
    pieces = chunks(first_seed, games, workers)
    results: dict = {}
    if workers == 1 or len(pieces) == 1:
        for start, count in pieces:
            results[start] = play_chunk(spec, start, count)
            advance(count)
            if results[start][0] != "ok":  # a failure stops the run: it is what the user must see
                break
        return results
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    size = min(workers, len(pieces))
    pool = ProcessPoolExecutor(max_workers=size, mp_context=context)
    try:
        return in_flight(pieces, lambda start, count: pool.submit(play_chunk, spec, start, count), 4 * size, advance)
    finally:  # on an interrupt, drop the chunks not started rather than play them all first
        pool.shutdown(wait=True, cancel_futures=True)


def _run_on_cluster(spec, first_seed, games, address, advance) -> dict:
    client = connect(address)
    try:
        threads = sum(w.get("nthreads", 1) for w in client.scheduler_info().get("workers", {}).values()) or 1
        pieces = chunks(first_seed, games, threads)
        return in_flight(pieces, lambda start, count: client.submit(play_chunk, spec, start, count, pure=False),
                         4 * threads, advance)
    finally:
        client.close()


CONNECT_TIMEOUT = 3  # seconds to reach a scheduler before giving up


def connect(address: str):
    """A Dask client for the scheduler at `address`; one clear SimulationError when that cannot be."""
    try:
        import asyncio

        from distributed import Client
        from distributed.comm import connect as open_comm
    except ImportError:
        raise SimulationError("--cluster needs Dask, which is an optional extra: pip install 'rulebook-engine[cluster]'") from None

    async def probe() -> None:
        comm = await open_comm(address, timeout=CONNECT_TIMEOUT)
        await comm.close()

    # Probe first: a Client that fails to start lingers and complains at exit; a bare comm does not.
    try:
        asyncio.run(probe())
    except Exception as err:  # noqa: BLE001 - Dask raises several kinds; the user needs one line
        why = str(err).splitlines()[0] if str(err) else type(err).__name__
        if isinstance(err, (OSError, TimeoutError)):
            why = f"no scheduler answered within {CONNECT_TIMEOUT} s"
        raise SimulationError(f"cannot reach the Dask scheduler at {address}: {why}") from None
    try:
        return Client(address, timeout=10, set_as_default=False)
    except Exception as err:  # noqa: BLE001
        raise SimulationError(f"cannot use the Dask scheduler at {address}: {err}") from None
