"""What the step budget costs random playouts: the same games compiled with and without it.

Run: python benchmarks/step_budget.py [--games N] [--batches B]
Both compilations play the same seeded games in one process, in alternating batches; the figure
is the median over batches of (CPU time with the budget) / (CPU time without) - 1 (CPU time, as the
machine may be shared). The target is
under 3%. A second column does the same for `apply` (moves checked and undone on a rules error)
against `play_random` (the playout loop, which does neither); a third, the budget's cost on the
native back-end (the same two compilations turned into C; `--native-games` per batch), when the
`fast` extra is installed.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulebook.api import load_program_for  # noqa: E402
from rulebook.interpreter.game import Game  # noqa: E402
from rulebook.interpreter.lower.builder import Builder  # noqa: E402
from rulebook.interpreter.native.backend import NativeGame  # noqa: E402
from rulebook.interpreter.native.toolchain import NativeUnavailable  # noqa: E402

CASES = [("eriantys", {"players": 2}), ("eriantys", {"players": 3}), ("eriantys", {"players": 4}),
         ("eriantys", {"players": 3, "expert": True}), ("septachroma", {})]


def compiled(name: str, options: dict, metered: bool) -> Game:
    Builder.metered = metered
    try:
        return Game(load_program_for(name), options)
    finally:
        Builder.metered = True


def playouts(game: Game, seeds: range, by_apply: bool = False) -> float:
    start = time.process_time()
    for seed in seeds:
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not game.is_terminal(state):
            if by_apply:
                game.apply(state, game.sample_move(state, rng))
            else:
                game.play_random(state, rng)
    return time.process_time() - start


def native_playouts(native: NativeGame, seeds: range) -> float:
    start = time.process_time()
    native.play_games(seeds.start, len(seeds))
    return time.process_time() - start


def native_pair(metered: Game, bare: Game):
    """The two compilations on the native back-end, or None when it is not installed here."""
    try:
        return NativeGame(metered), NativeGame(bare)
    except NativeUnavailable:
        return None


def median_ratio(first, second, games: int, batches: int) -> float:
    """Median over alternating batches of time(first) / time(second)."""
    ratios = []
    for batch in range(batches):
        seeds = range(batch * games, (batch + 1) * games)
        a, b = (first(seeds), second(seeds)) if batch % 2 == 0 else tuple(reversed((second(seeds), first(seeds))))
        ratios.append(a / b)
    return statistics.median(ratios)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100, help="games per batch (default 100)")
    parser.add_argument("--batches", type=int, default=9, help="batches per figure (default 9)")
    parser.add_argument("--native-games", type=int, default=2000, help="native games per batch (default 2000)")
    args = parser.parse_args()
    print(f"{'game':<28}{'budget cost':>12}{'apply vs playout':>18}{'native budget cost':>20}")
    for name, options in CASES:
        metered, bare = compiled(name, options, True), compiled(name, options, False)
        playouts(metered, range(10_000, 10_010))  # warm up
        playouts(bare, range(10_000, 10_010))
        budget = median_ratio(lambda s: playouts(metered, s), lambda s: playouts(bare, s), args.games, args.batches)
        apply = median_ratio(lambda s: playouts(metered, s, by_apply=True), lambda s: playouts(metered, s),
                             args.games, args.batches)
        natives = native_pair(metered, bare)
        native = "not installed"
        if natives is not None:
            cost = median_ratio(lambda s: native_playouts(natives[0], s), lambda s: native_playouts(natives[1], s),
                                args.native_games, args.batches)
            native = f"{100 * (cost - 1):.1f}%"
        label = f"{name} " + ", ".join(f"{k}={v}" for k, v in options.items())
        print(f"{label:<28}{100 * (budget - 1):>11.1f}%{100 * (apply - 1):>17.1f}%{native:>20}")


if __name__ == "__main__":
    main()
