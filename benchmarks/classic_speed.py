"""Random playouts per second for the classic games, against OpenSpiel's own implementations (issue 28
item 4), on one core, in one process: the ratios are the figures.

For each game with an `openspiel.yaml` (each of its option sets with --variants), from the game's first
player decision:

- **native playouts**: `NativeGame.playouts(state, n)` — n random games one after another from that
  state, the bots' chance continuing from one to the next (an MCTS leaf evaluation);
- **native seeded games**: `NativeGame.play_games(seed, n)` — n whole games, each from its own seed
  and as the Python back-end plays it (Python's generator seeded per game, the outcome decoded);
- **Python back-end**: `game.play_random` to the end, from a copy of the state, n times;
- **OpenSpiel C++**: a `pyspiel.MCTSBot` with one simulation whose `RandomRolloutEvaluator(n)` plays n
  random games in C++ from just below the root (the C++ rollout loop, timed from Python); a game of
  simultaneous moves through OpenSpiel's own `convert_to_turn_based`, as MCTSBot needs turns;
- **OpenSpiel from Python**: a Python loop of `legal_actions`/`apply_action` (chance sampled).

Each figure is the median of --batches timed batches, batches of the four taking turns. The target:
native playouts at least as fast as OpenSpiel's C++ on every game.

    python benchmarks/classic_speed.py [--games N] [--batches 5] [--variants] [GAME ...]
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulebook.api import load_game, shipped_games, shipped_games_folder  # noqa: E402
from rulebook.conformance import read_map  # noqa: E402
from rulebook.interpreter.native.backend import native_for  # noqa: E402


def classic_games() -> list[str]:
    return [name for name in shipped_games() if (shipped_games_folder() / name / "openspiel.yaml").is_file()]


def at_first_decision(game: Any, seed: int) -> Any:
    """The game's state at its first player decision (a deal in the setup already made)."""
    return game.new_initial_state(seed)


def spiel_first_decision(spiel_game: Any, rng: random.Random) -> Any:
    state = spiel_game.new_initial_state()
    while state.is_chance_node():
        outcomes, weights = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(outcomes, weights)[0])
    return state


def spiel_random_game(state: Any, rng: random.Random) -> None:
    state = state.clone()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def python_random_game(game: Any, state: Any, rng: random.Random) -> None:
    state = state.copy()
    while not game.is_terminal(state):
        game.play_random(state, rng)


def timed(run: Callable[[], Any], count: int) -> float:
    started = time.perf_counter()
    run()
    return count / (time.perf_counter() - started)


def measure(name: str, options: dict, parameters: dict, spiel_name: str, games: int, batches: int) -> dict:
    import pyspiel

    game = load_game(name, options)
    native = native_for(game)
    spiel_game = pyspiel.load_game(spiel_name, parameters)
    if spiel_game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS:
        spiel_game = pyspiel.convert_to_turn_based(spiel_game)  # MCTSBot plays turns (as our playouts do)
    rng = random.Random(1)
    state = at_first_decision(game, 1)
    spiel_state = spiel_first_decision(spiel_game, rng)
    slow = max(1, games // 20)  # the two Python loops play fewer games a batch
    evaluator = pyspiel.RandomRolloutEvaluator(games, 1)
    bot = pyspiel.MCTSBot(spiel_game, evaluator, 2.0, 1, 1000, False, 1, False)
    runs: dict[str, Callable[[], float]] = {
        "native playouts": lambda: timed(lambda: native.playouts(state, games, rng), games) if native else 0.0,
        "native seeded games": lambda: timed(lambda: native.play_games(0, games), games) if native else 0.0,
        "python back-end": lambda: timed(lambda: [python_random_game(game, state, rng) for _ in range(slow)], slow),
        "openspiel c++": lambda: timed(lambda: bot.step(spiel_state), games),
        "openspiel from python": lambda: timed(lambda: [spiel_random_game(spiel_state, rng) for _ in range(slow)], slow),
    }
    for run in runs.values():  # warm: the C built and loaded, caches filled
        run()
    rates: dict[str, list[float]] = {label: [] for label in runs}
    for _ in range(batches):
        for label, run in runs.items():
            rates[label].append(run())
    return {label: statistics.median(values) for label, values in rates.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_named", nargs="*", metavar="GAME", help="games to measure (default: every classic game)")
    parser.add_argument("--games", type=int, default=2000, help="playouts per timed batch (default 2000)")
    parser.add_argument("--batches", type=int, default=5, help="timed batches per figure; the median is shown")
    parser.add_argument("--variants", action="store_true", help="every option set of each map, not only the first")
    args = parser.parse_args(argv)
    names = args.games_named or classic_games()
    header = (f"{'game':<28}{'native':>12}{'seeded':>12}{'python':>10}{'c++':>12}{'py-spiel':>10}"
              f"{'native/c++':>12}{'seeded/c++':>12}{'python/c++':>12}")
    print("random playouts per second, one core (median of batches)")
    print(header)
    for name in names:
        spiel_map = read_map(shipped_games_folder() / name)
        for variant in (spiel_map.variants if args.variants else spiel_map.variants[:1]):
            label = name + (" " + ",".join(f"{k}={v}" for k, v in variant.options.items()) if variant.options else "")
            rates = measure(name, variant.options, variant.parameters, spiel_map.game, args.games, args.batches)
            cpp = rates["openspiel c++"]
            print(f"{label:<28}{rates['native playouts']:>12,.0f}{rates['native seeded games']:>12,.0f}"
                  f"{rates['python back-end']:>10,.0f}{cpp:>12,.0f}{rates['openspiel from python']:>10,.0f}"
                  f"{rates['native playouts'] / cpp:>12.2f}{rates['native seeded games'] / cpp:>12.2f}"
                  f"{rates['python back-end'] / cpp:>12.4f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
