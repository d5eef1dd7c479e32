"""The engine against a hand-written, speed-tuned simulator of the same game, side by side.

Both play 2-player Eriantys (Easy) with uniformly random moves; batches alternate between the
two so machine noise hits both alike; the ratio of medians is the figure to watch (target: the
engine within 2x of the hand-written code).

    python benchmarks/engine_vs_handwritten.py [--games 200] [--batches 5]
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.handwritten_eriantys import playout  # noqa: E402
from rulebook.api import load_game  # noqa: E402


def engine_batch(game, seeds) -> float:
    start = time.perf_counter()
    for seed in seeds:
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not game.is_terminal(state):
            game.play_random(state, rng)
    return time.perf_counter() - start


def handwritten_batch(seeds) -> float:
    start = time.perf_counter()
    for seed in seeds:
        playout(seed)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--batches", type=int, default=5)
    args = parser.parse_args()
    game = load_game("eriantys", {"players": 2})
    engine, handwritten = [], []
    for batch in range(args.batches):
        seeds = range(batch * args.games, (batch + 1) * args.games)
        engine.append(args.games / engine_batch(game, seeds))
        handwritten.append(args.games / handwritten_batch(seeds))
    e, h = statistics.median(engine), statistics.median(handwritten)
    print(f"engine:       {e:8.0f} games/s (median of {args.batches} batches of {args.games})")
    print(f"hand-written: {h:8.0f} games/s")
    print(f"ratio:        {h / e:8.2f}x slower than hand-written")


if __name__ == "__main__":
    main()
