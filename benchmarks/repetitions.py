"""What `repetitions()` costs per decision (issue 27 item 4): random playouts on the Python back-end
of the same rules asking it at the start of every turn and not asking it at all.

    python benchmarks/repetitions.py [--games N]

Two games: tests/games/shuttle (a position of 3 slots) and tests/games/flank on an 8 by 8 board
(a position of ~140 slots: the board, the stone counts and whose turn it is), each as written with
the check and with the check taken out. A game that asks keeps one digest per decision played
(the position's text, hashed) and counts the current one among them; one that does not ask keeps
nothing. Prints microseconds per decision, best of 5 alternating rounds, and the difference.
"""
from __future__ import annotations

import argparse
import random
import shutil
import tempfile
import time
from pathlib import Path

from rulebook.api import load_game

ROOT = Path(__file__).resolve().parent.parent
ASK = "      if repetitions() >= times:\n        end game because \"the same position came back {times} times\"\n"
CASES = [
    # (name, folder, options, the rules text asking, the same rules not asking)
    ("shuttle", ROOT / "tests" / "games" / "shuttle", {"length": 9, "times": 5},
     lambda text: text, lambda text: text.replace(ASK, "").replace("position: at\n", "")),
    ("flank 8x8", ROOT / "tests" / "games" / "flank", {"size": 8, "row": 5},
     lambda text: text.replace("    turn p:\n", "    turn p:\n      if repetitions() > 99:\n        end game\n"),
     lambda text: text),
]


def build(folder: Path, text: str, options: dict, into: Path):
    into.mkdir()
    for f in folder.iterdir():
        if f.is_file():
            shutil.copy(f, into / f.name)
    (into / "game.rules").write_text(text, encoding="utf-8")
    return load_game(into, options)


def per_decision(game, games: int) -> float:
    decisions, start = 0, time.perf_counter()
    for seed in range(games):
        rng, state = random.Random(seed), game.new_initial_state(seed)
        while not game.is_terminal(state):
            game.play_random(state, rng)
            decisions += 1
    return (time.perf_counter() - start) / decisions * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for name, folder, options, asking, silent in CASES:
            text = (folder / "game.rules").read_text(encoding="utf-8")
            with_ask = build(folder, asking(text), options, Path(tmp) / f"{name}-ask".replace(" ", "_"))
            without = build(folder, silent(text), options, Path(tmp) / f"{name}-plain".replace(" ", "_"))
            assert with_ask.compiled.layout.history >= 0 and without.compiled.layout.history < 0
            best_ask = best_plain = float("inf")
            for _ in range(5):
                best_ask = min(best_ask, per_decision(with_ask, args.games))
                best_plain = min(best_plain, per_decision(without, args.games))
            slots = len(with_ask.compiled.layout.position)
            print(f"{name}: position of {slots} slots — asking {best_ask:.1f} µs/decision, not asking "
                  f"{best_plain:.1f} µs/decision, difference {best_ask - best_plain:+.1f} µs")


if __name__ == "__main__":
    main()
