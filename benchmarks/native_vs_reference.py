"""The native back-end against ../shared/bench/eriantys_ref.py, in one process, alternating batches.

Each batch plays whole random games the way `rulebook simulate --bots random --workers 1` does
(seed to result, outcomes decoded: winners, reason, decisions, statistics), then the reference
plays as many; the ratio of median rates is the figure (target ≥ 2, aim 10). Also printed: the
decisions per game on each side (uniform random play over each decision's legal moves), and the
cold cost of generating and compiling the C (an empty cache folder), per game of a 20,000-game run.

    python benchmarks/native_vs_reference.py [--players 2] [--expert] [--games 2000] [--batches 5]
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulebook.api import load_game  # noqa: E402
from rulebook.interpreter.native import toolchain  # noqa: E402
from rulebook.interpreter.native.backend import NativeGame  # noqa: E402
from reference import reference  # noqa: E402  (benchmarks/reference.py)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--expert", action="store_true")
    parser.add_argument("--games", type=int, default=2000, help="games per batch")
    parser.add_argument("--batches", type=int, default=5)
    args = parser.parse_args()
    ref = reference()
    options = {"players": args.players, "expert": args.expert}
    game = load_game("eriantys", options)
    with tempfile.TemporaryDirectory() as cache:  # cold: nothing compiled before
        os.environ["RULEBOOK_CACHE"] = cache
        toolchain._LOADED.clear()
        started = time.perf_counter()
        native = NativeGame(game)
        cold = time.perf_counter() - started
    print(f"cold build (generate + compile, empty cache): {cold:.2f} s = {cold / 20000 * 1e6:.1f} µs per game "
          f"of a 20,000-game run ({native.compiler})")
    native_rates, ref_rates, native_decisions, ref_decisions = [], [], [], []
    for batch in range(args.batches):
        first = batch * args.games
        t = time.perf_counter()
        outcomes = native.play_games(first, args.games)
        native_rates.append(args.games / (time.perf_counter() - t))
        native_decisions.append(statistics.mean(o[3] for o in outcomes))
        t = time.perf_counter()
        played = [ref.play_game(random.Random(seed), args.players, args.expert) for seed in
                  range(first, first + args.games)]
        ref_rates.append(args.games / (time.perf_counter() - t))
        ref_decisions.append(statistics.mean(p[1] for p in played))
    n, r = statistics.median(native_rates), statistics.median(ref_rates)
    mode = f"{args.players} players{' expert' if args.expert else ''}"
    print(f"{mode}: native {n:,.0f} games/s, reference {r:,.0f} games/s (medians of {args.batches} batches "
          f"of {args.games}): ratio {n / r:.2f}x")
    print(f"decisions per game: native {statistics.mean(native_decisions):.1f}, "
          f"reference {statistics.mean(ref_decisions):.1f}")


if __name__ == "__main__":
    main()
