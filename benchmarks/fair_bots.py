"""How strong and how fast the fair bot is (issue 29 item 3): `ismcts:N` against random and greedy
seats, each matchup with the seats swapped every other game, win rates with 95% Wilson intervals,
and games per CPU-second. A draw counts half.

    python benchmarks/fair_bots.py [--games 200] [--iterations 200] [--matchups ephyran:random,...]
"""
from __future__ import annotations

import argparse
import math
import random
import time

from rulebook.api import load_game
from rulebook.bots import make_bot

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
    fair, other = make_bot(f"ismcts:{iterations}"), make_bot(opponent)
    wins = 0.0
    start = time.process_time()
    for number in range(games):
        seat = number % 2  # the fair bot's seat: first and second in turn
        bots = [fair, other] if seat == 0 else [other, fair]
        state = game.new_initial_state(seed=number)
        rng = random.Random(10_000 + number)
        while not game.is_terminal(state):
            game.apply(state, bots[game.current_player(state)].choose(game, state, rng))
        wins += game.returns(state)[seat]
    took = time.process_time() - start
    low, high = wilson(wins, games)
    print(f"{name} {options}: ismcts:{iterations} vs {opponent}: won {wins:g} of {games} "
          f"({wins / games:.0%}, 95% {low:.0%}–{high:.0%}); {games / took:.2f} games per CPU-second")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--matchups", default=",".join(MATCHUPS))
    args = parser.parse_args()
    for key in args.matchups.split(","):
        name, options, opponent = MATCHUPS[key]
        matchup(name, options, opponent, args.games, args.iterations)


if __name__ == "__main__":
    main()
