"""What the research adapters cost: OpenSpiel's random_sim_test(num_sims=3, serialize=True) on
Eriantys (3 players, expert), and how long random games are against the adapters' default
max_game_length.

Run: python benchmarks/adapters.py [--runs N] [--games N]   (needs the `rl` extra)
Prints the median (and range) of the timed runs, and per mode the longest of the random games.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pyspiel  # noqa: E402

from rulebook.adapters.games import DEFAULT_MAX_GAME_LENGTH  # noqa: E402
from rulebook.adapters.openspiel import load  # noqa: E402
from rulebook.api import load_game  # noqa: E402

MODES = [("eriantys", {"players": n, "expert": e}) for n in (2, 3, 4) for e in (False, True)] + [
    ("septachroma", {"variant": v}) for v in ([], ["A"], ["B"], ["C"], ["A", "C"], ["B", "C"])]


def sim_test_seconds(runs: int) -> list[float]:
    game = load("eriantys", players=3, expert=True)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
        times.append(time.perf_counter() - start)
    return times


def longest_game(name: str, options: dict, games: int) -> int:
    game = load_game(name, options)
    longest = 0
    for seed in range(games):
        state, rng, decisions = game.new_initial_state(seed), random.Random(seed), 0
        while not game.is_terminal(state):
            game.play_random(state, rng)
            decisions += 1
        longest = max(longest, decisions)
    return longest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    times = sim_test_seconds(args.runs)
    print(f"random_sim_test(eriantys 3p expert, num_sims=3, serialize=True): median {statistics.median(times):.2f} s "
          f"(min {min(times):.2f}, max {max(times):.2f}, {args.runs} runs)")
    for name, options in MODES:
        print(f"{name} {options}: longest of {args.games} random games {longest_game(name, options, args.games)} "
              f"decisions (max_game_length default {DEFAULT_MAX_GAME_LENGTH})")


if __name__ == "__main__":
    main()
