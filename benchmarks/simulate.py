"""Simulation throughput: games per second for every shipped game and mode, on one worker and on all cores.

Run: PYTHONPATH=. python benchmarks/simulate.py [--games N] [--bots random] [--game NAME-OR-PATH ...]
Modes are each allowed player count with the default options, then each yes/no option switched from
its default. Times include starting the worker processes (what `rulebook simulate` costs a user).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulebook.interpreter.play.options import option_schema  # noqa: E402
from rulebook import api  # noqa: E402
from rulebook.sim.runner import RunSpec, default_workers, remember_game, run_games  # noqa: E402


def modes(name: str) -> list[dict]:
    schema = option_schema(api.load_program_for(name))["properties"]
    players = schema.get("players")
    counts = range(players["minimum"], players["maximum"] + 1) if players else [None]
    found = [{"players": k} if k is not None else {} for k in counts]
    for option, prop in schema.items():
        if prop.get("type") == "boolean":
            found.append({option: not prop.get("default", False)})
    return found


def timed(spec: RunSpec, games: int, workers: int) -> tuple[float, int]:
    started = time.perf_counter()
    outcomes = run_games(spec, 0, games, workers)
    return time.perf_counter() - started, sum(o[3] for o in outcomes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=400, help="games per measurement (default 400)")
    parser.add_argument("--bots", default="random", help="bots, as for `rulebook simulate` (default random)")
    parser.add_argument("--game", action="append", default=[], help="a game to measure (default: every shipped game)")
    args = parser.parse_args()
    cores = default_workers()
    names = args.game or api.shipped_games()
    print(f"{args.games} games per measurement, bots: {args.bots}, all cores = {cores}")
    print(f"{'game':<34}{'1 worker g/s':>14}{'decisions/s':>13}{f'{cores} workers g/s':>16}{'scaling':>9}")
    for name in names:
        for options in modes(name):
            game = api.load_game(name, options)
            spec = RunSpec.make(name, options, args.bots, game.player_count)
            remember_game(spec, game)
            one, decisions = timed(spec, args.games, 1)
            many, _ = timed(spec, args.games, cores)
            label = f"{game.title} " + " ".join(f"{k}={v}" for k, v in options.items())
            print(f"{label:<34}{args.games / one:>14,.0f}{decisions / one:>13,.0f}{args.games / many:>16,.0f}"
                  f"{one / many:>8.2f}×", flush=True)


if __name__ == "__main__":
    main()
