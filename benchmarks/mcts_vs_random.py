"""MCTS against a random player: the win rate (95% Wilson interval) with seats swapped on the same seeds.

Run: PYTHONPATH=. python benchmarks/mcts_vs_random.py [--game eriantys] [--players 2] [--games 100]
     [--iterations 50] [--seed 0] [--workers W]
Half the games give MCTS the first seat and half the second, over the same seeds, so neither the seat
nor the luck of the draws favours it. Prints the budget, the time taken and the win rate.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulebook.api import load_game  # noqa: E402
from rulebook.sim.runner import RunSpec, default_workers, remember_game, run_games  # noqa: E402
from rulebook.sim.stats import wilson  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="eriantys")
    parser.add_argument("--players", type=int, default=2, help="2 only: MCTS against one random player")
    parser.add_argument("--games", type=int, default=100, help="games in all, half in each seat (default 100)")
    parser.add_argument("--iterations", type=int, default=50, help="MCTS iterations per decision (default 50)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=None, help="local processes (default: every core)")
    args = parser.parse_args()
    half = args.games // 2
    options = {"players": args.players}
    game = load_game(args.game, options)
    mcts = f"mcts:{args.iterations}"
    workers = args.workers or default_workers()
    print(f"{game.title}, {args.players} players: {mcts} (UCT, random rollouts, {args.iterations} iterations "
          f"per decision) against random; {2 * half} games, seeds {args.seed}–{args.seed + half - 1} "
          f"played once with MCTS in each seat; {workers} worker(s)")
    started = time.perf_counter()
    wins = draws = 0
    for seat, bots in ((0, f"{mcts},random"), (1, f"random,{mcts}")):
        spec = RunSpec.make(args.game, options, bots, args.players)
        remember_game(spec, game)
        seat_started = time.perf_counter()
        outcomes = run_games(spec, args.seed, half, workers)
        seat_wins = sum(1 for o in outcomes if o[1] == (seat,))
        seat_draws = sum(1 for o in outcomes if not o[1] or len(o[1]) == args.players)
        wins, draws = wins + seat_wins, draws + seat_draws
        low, high = wilson(seat_wins, half)
        print(f"  MCTS in seat {seat + 1}: won {seat_wins}/{half} = {seat_wins / half:.1%} "
              f"(95% CI {low:.1%}–{high:.1%}), {seat_draws} draws, {time.perf_counter() - seat_started:.0f} s")
    seconds = time.perf_counter() - started
    n = 2 * half
    low, high = wilson(wins, n)
    print(f"MCTS won {wins}/{n} = {wins / n:.1%} (95% Wilson CI {low:.1%}–{high:.1%}); {draws} draws; "
          f"{seconds:.0f} s in all ({seconds / n:.1f} s per game over {workers} worker(s))")
    verdict = "excludes" if low > 0.5 or high < 0.5 else "does not exclude"
    print(f"The interval {verdict} 50%.")


if __name__ == "__main__":
    main()
