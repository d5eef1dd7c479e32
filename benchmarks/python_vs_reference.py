"""The Python back-end against ../shared/bench/eriantys_ref.py, in one process, alternating batches.

Each batch plays whole random games exactly as issue 14 measures them — `load_game("eriantys",
options)`, then per game `new_initial_state(seed=i)` and `play_random(state, random.Random(i))`
until `is_terminal(state)` — then the reference plays the same number of games; medians of the
batches' rates are compared (CPU time of this process, so other work on a shared machine does
not count on either side). For 2, 3 and 4 players, and expert 2 players (target: ≥ 0.2 × on
2 players). Also printed: decisions per game on each side (both play uniformly random moves),
and Septachroma's cost per decision against Eriantys' (target: within 2 ×).

    python benchmarks/python_vs_reference.py [--games 200] [--batches 5] [--only 2p]
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulebook.api import load_game  # noqa: E402
from reference import reference  # noqa: E402  (benchmarks/reference.py)

MODES = {"2p": (2, False), "3p": (3, False), "4p": (4, False), "expert 2p": (2, True)}


def engine_batch(game, seeds) -> tuple[float, int]:
    decisions = 0
    started = time.process_time()
    for i in seeds:
        state = game.new_initial_state(seed=i)
        rng = random.Random(i)
        while not game.is_terminal(state):
            game.play_random(state, rng)
            decisions += 1
    return time.process_time() - started, decisions


def reference_batch(ref, players: int, expert: bool, seeds) -> tuple[float, int]:
    decisions = 0
    started = time.process_time()
    for i in seeds:
        decisions += ref.play_game(random.Random(i), players, expert)[1]
    return time.process_time() - started, decisions


def compare(ref, label: str, players: int, expert: bool, games: int, batches: int) -> None:
    options = {"players": players, "expert": True} if expert else {"players": players}
    game = load_game("eriantys", options)
    engine_batch(game, range(10_000, 10_010))  # warm up
    ours, theirs, our_decisions, their_decisions = [], [], 0, 0
    for batch in range(batches):
        seeds = range(batch * games, (batch + 1) * games)
        seconds, decisions = engine_batch(game, seeds)
        ours.append(games / seconds)
        our_decisions += decisions
        seconds, decisions = reference_batch(ref, players, expert, seeds)
        theirs.append(games / seconds)
        their_decisions += decisions
    mine, reference_rate = statistics.median(ours), statistics.median(theirs)
    ratio = mine / reference_rate
    print(f"{label:<10}{mine:>10,.0f}{reference_rate:>12,.0f}{ratio:>9.3f}×"
          f"{our_decisions / (games * batches):>13.1f}{their_decisions / (games * batches):>13.1f}"
          f"{1e6 / (mine * our_decisions / (games * batches)):>11.2f}", flush=True)


def septachroma_against_eriantys(games: int, batches: int) -> tuple[float, float]:
    """µs per decision of Septachroma and of Eriantys 2p, in alternating batches."""
    septa, eriantys = load_game("septachroma"), load_game("eriantys", {"players": 2})
    engine_batch(septa, range(10_000, 10_010))
    ours, theirs = [], []
    for batch in range(batches):
        seeds = range(batch * games, (batch + 1) * games)
        seconds, decisions = engine_batch(septa, seeds)
        ours.append(seconds / decisions * 1e6)
        seconds, decisions = engine_batch(eriantys, seeds)
        theirs.append(seconds / decisions * 1e6)
    return statistics.median(ours), statistics.median(theirs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="games per batch (default 200)")
    parser.add_argument("--batches", type=int, default=5, help="batches on each side (default 5)")
    parser.add_argument("--only", choices=sorted(MODES), help="measure one mode only")
    args = parser.parse_args()
    ref = reference()
    print(f"{args.batches} alternating batches of {args.games} games; medians; random play")
    print(f"{'mode':<10}{'engine g/s':>10}{'reference':>12}{'ratio':>10}{'engine dec':>13}{'ref dec':>13}"
          f"{'µs/dec':>11}")
    for label, (players, expert) in MODES.items():
        if args.only in (None, label):
            compare(ref, label, players, expert, args.games, args.batches)
    if args.only in (None, "2p"):
        septa, eriantys = septachroma_against_eriantys(args.games, args.batches)
        print(f"Septachroma: {septa:.2f} µs per decision against {eriantys:.2f} for Eriantys 2p "
              f"(alternating batches): {septa / eriantys:.2f} ×")


if __name__ == "__main__":
    main()
