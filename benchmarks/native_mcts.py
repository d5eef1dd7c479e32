"""One MCTS seat (native rollouts) against random seats, on one core: games per second.

Eriantys 2 players by default, `mcts:200` in seat 1 and `random` in seat 2, played the way
`rulebook simulate --bots mcts:200,random --workers 1` plays them (target: at least 5 games/s).
Printed per wall-clock second and per second of this process's CPU time: on a shared machine the
second says what one free core does.

    python benchmarks/native_mcts.py [--players 2] [--iterations 200] [--games 10]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulebook.api import load_game  # noqa: E402
from rulebook.interpreter.native.backend import native_for, why_not  # noqa: E402
from rulebook.sim.backend import native_games  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--games", type=int, default=10)
    args = parser.parse_args()
    game = load_game("eriantys", {"players": args.players})
    native = native_for(game)
    if native is None:
        sys.exit(f"no native back-end here: {why_not(game)}")
    bots = (f"mcts:{args.iterations}",) + ("random",) * (args.players - 1)
    wall, cpu = time.perf_counter(), time.process_time()
    outcomes = native_games(native, 0, args.games, bots)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    wins = sum(1 for o in outcomes if 0 in o[1])
    decisions = sum(o[3] for o in outcomes) / len(outcomes)
    print(f"{' vs '.join(bots)}, {args.games} games: {args.games / wall:.2f} games/s (wall), "
          f"{args.games / cpu:.2f} games/s (CPU time); MCTS seat won {wins}; {decisions:.1f} decisions per game; "
          f"{native.fallbacks} games fell back to Python")


if __name__ == "__main__":
    main()
