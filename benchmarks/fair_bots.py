"""How strong and how fast the fair bot is (issue 29 item 3): `ismcts:N` against random and greedy
seats, each matchup with the seats swapped every other game, win rates with 95% Wilson intervals,
and games per CPU-second. A draw counts half. Games are played as `rulebook simulate` plays them
(rulebook/sim/backend.py): whole games natively where the game seats the fair bot natively, else
the Python back-end with the search in C (rulebook/ismcts.py); one process, one core.

    python benchmarks/fair_bots.py [--games 200] [--iterations 200] [--matchups ephyran:random,...]
"""
from __future__ import annotations

import argparse
import math
import time

from rulebook.api import load_game
from rulebook.bots import make_bot
from rulebook.sim.backend import native_games, native_player
from rulebook.sim.runner import play_one

MATCHUPS = {"ephyran:random": ("ephyran", {"players": 2}, "random"),
            "ephyran:greedy": ("ephyran", {"players": 2}, "greedy"),
            "eriantys-expert:random": ("eriantys", {"players": 2, "expert": True}, "random"),
            "eriantys-expert:greedy": ("eriantys", {"players": 2, "expert": True}, "greedy")}


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def matchup(name: str, options: dict, opponent: str, games: int, iterations: int) -> None:
    game = load_game(name, options)
    fair = f"ismcts:{iterations}"
    wins = 0.0
    start = time.process_time()
    for seat in (0, 1):  # the fair bot's seat: first in the even games, second in the odd ones
        bots = (fair, opponent) if seat == 0 else (opponent, fair)
        seeds = range(seat, games, 2)
        native = native_player(game, bots)
        if native is not None:
            outcomes = [o for s in seeds for o in native_games(native, s, 1, bots)]
        else:
            outcomes = [play_one(game, [make_bot(b) for b in bots], s) for s in seeds]
        for outcome in outcomes:
            winners = outcome[1]
            wins += 0.5 if len(winners) in (0, game.player_count) else float(seat in winners)
    took = time.process_time() - start
    low, high = wilson(wins, games)
    where = "native games" if native is not None else "Python back-end, search in C"
    print(f"{name} {options}: {fair} vs {opponent}: won {wins:g} of {games} "
          f"({wins / games:.0%}, 95% {low:.0%}–{high:.0%}); {games / took:.2f} games per CPU-second ({where})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--matchups", default=",".join(MATCHUPS),
                        help=f"comma-separated, of: {', '.join(MATCHUPS)} (default: all)")
    args = parser.parse_args()
    unknown = [key for key in args.matchups.split(",") if key not in MATCHUPS]
    if unknown:
        parser.error(f"no matchup {unknown[0]!r}; the matchups are {', '.join(MATCHUPS)}")
    for key in args.matchups.split(","):
        name, options, opponent = MATCHUPS[key]
        matchup(name, options, opponent, args.games, args.iterations)


if __name__ == "__main__":
    main()
