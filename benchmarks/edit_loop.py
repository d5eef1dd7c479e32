"""The rules author's loop: edit one rules line, then `rulebook check` and `rulebook test` one
feature file — wall time of each whole command, for every shipped game (issue 30 item 4: within
1.5 s each on the 2-core machine).

Each run edits a copy of the game's rules (a space added to, or taken from, the end of a line that
is not a comment), so every command finds its cached build out of date and builds anew, as after a
real edit. Prints the median and the slowest of the runs.

    python benchmarks/edit_loop.py [--runs 5] [--games eriantys,edenia]
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("eriantys", "septachroma", "ephyran", "edenia")


def edit_a_line(folder: Path, run: int) -> None:
    """Touch the first rules line that is code (not a comment, not blank) of the game's first file."""
    path = sorted(folder.glob("*.rules"))[0]
    lines = path.read_text(encoding="utf-8").split("\n")
    number = next(i for i, line in enumerate(lines) if line.strip() and not line.lstrip().startswith("#"))
    lines[number] = lines[number].rstrip() + (" " if run % 2 == 0 else "")
    path.write_text("\n".join(lines), encoding="utf-8")


def timed(command: list[str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    took = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args()
    rulebook = [sys.executable, "-m", "rulebook.cli"]
    print(f"{'game':12} {'check median':>13} {'max':>6} {'test median':>12} {'max':>6}   (wall seconds)")
    with tempfile.TemporaryDirectory(prefix="rulebook-edit-") as tmp:
        for game in args.games.split(","):
            copy = Path(tmp) / game
            shutil.copytree(ROOT / "rules" / game, copy)
            feature = sorted((ROOT / "features" / game).glob("*.feature"))[0]
            checks, tests = [], []
            for run in range(args.runs):
                edit_a_line(copy, run)
                checks.append(timed(rulebook + ["check", str(copy)]))
                edit_a_line(copy, run + 1)
                tests.append(timed(rulebook + ["test", str(feature), "--game", f"{game}={copy}", "--quiet"]))
            print(f"{game:12} {statistics.median(checks):13.2f} {max(checks):6.2f} "
                  f"{statistics.median(tests):12.2f} {max(tests):6.2f}   ({feature.name})")


if __name__ == "__main__":
    main()
