"""Random playouts per second, and the cost of copying and JSON round trips of a mid-game state.

Run: python benchmarks/playouts.py [--games N] [--game PATH-OR-NAME ...]
Prints, per game and player count, the median of several timed batches on one worker.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulebook.api import load_game  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_GAMES = [("eriantys", {"players": 2}), ("eriantys", {"players": 3}), ("eriantys", {"players": 4}),
                 ("ephyran", {"players": 2}), ("ephyran", {"players": 3}), ("ephyran", {"players": 4}),
                 ("edenia", {"players": 2}), ("edenia", {"players": 3}), ("edenia", {"players": 4})]


def playouts(game, games: int, first_seed: int) -> tuple[float, int]:
    decisions = 0
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not game.is_terminal(state):
            game.play_random(state, rng)
            decisions += 1
    return time.perf_counter() - start, decisions


def mid_game_state(game, seed: int = 1):
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    states = [state.copy()]
    while not game.is_terminal(state):
        game.apply(state, game.sample_move(state, rng))
        if not game.is_terminal(state):
            states.append(state.copy())
    return states[len(states) // 2]


def per_call(fn, repeat: int = 2000) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - start) / repeat


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="games per timed batch (default 200)")
    parser.add_argument("--batches", type=int, default=5, help="timed batches; the median is reported")
    parser.add_argument("--game", action="append", default=[], metavar="PATH-OR-NAME",
                        help="only this game (repeatable): a shipped game's player counts, or a rules folder")
    args = parser.parse_args()
    games = [(n, o) for n, o in DEFAULT_GAMES if not args.game or n in args.game]
    games += [(n, {}) for n in args.game if n not in {name for name, _ in DEFAULT_GAMES}]
    print(f"{'game':<22}{'games/s':>10}{'decisions/s':>14}{'copy µs':>10}{'json µs':>10}")
    for name, options in games:
        game = load_game(name, options)
        playouts(game, 10, 10_000)  # warm up
        rates, decision_rates = [], []
        for batch in range(args.batches):
            seconds, decisions = playouts(game, args.games, batch * args.games)
            rates.append(args.games / seconds)
            decision_rates.append(decisions / seconds)
        state = mid_game_state(game)
        copy_us = statistics.median(per_call(state.copy) for _ in range(5)) * 1e6
        json_us = statistics.median(per_call(lambda: game.state_from_json(json.loads(json.dumps(state.to_json()))),
                                             500) for _ in range(5)) * 1e6
        label = f"{name} {options['players']}p" if "players" in options else str(name)
        print(f"{label:<22}{statistics.median(rates):>10.0f}{statistics.median(decision_rates):>14.0f}"
              f"{copy_us:>10.1f}{json_us:>10.1f}")


if __name__ == "__main__":
    main()
