"""How long loading a game takes: parse + check + compile for the Python back-end (issue 14: warm
load ≤ 150 ms).

    python benchmarks/load.py [--runs 5] [--game NAME ...]

Per game, medians over `--runs` fresh processes (each times `load_game` alone, after its imports):
- cold: an empty cache folder — the optimising passes run and Python compiles the generated code;
- warm: the cache folder filled by an earlier load (the passes' result and the code objects are
  read from it), in a new process: what `rulebook play`/`check`/`simulate` pay;
- again: a second load in the same process with the parsed rules forgotten (parse, check,
  lower, cached passes, Python back-end), CPU time of the process.
Wall-clock and CPU seconds are both printed: on a shared machine the CPU figure is the steadier.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = [("eriantys", {"players": 2}), ("septachroma", {}), ("ephyran", {"players": 2}), ("edenia", {"players": 2})]

PROBE = """
import json, sys, time
sys.path.insert(0, {root!r})
from rulebook import api
name, options = {name!r}, {options!r}
wall, cpu = time.perf_counter(), time.process_time()
api.load_game(name, options)
first = (time.perf_counter() - wall, time.process_time() - cpu)
api._program.cache_clear()
wall, cpu = time.perf_counter(), time.process_time()
api.load_game(name, options)
again = (time.perf_counter() - wall, time.process_time() - cpu)
print(json.dumps([first, again]))
"""


def probe(name: str, options: dict, cache: str) -> list:
    env = dict(os.environ, RULEBOOK_CACHE=cache)
    code = PROBE.format(root=str(ROOT), name=name, options=options)
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="fresh processes per figure (default 5)")
    parser.add_argument("--game", action="append", help="a game name (default: every shipped game)")
    args = parser.parse_args()
    games = [(g, o) for g, o in GAMES if not args.game or g in args.game]
    print(f"medians of {args.runs} processes; seconds, wall / CPU")
    print(f"{'game':<14}{'cold':>16}{'warm':>16}{'again':>16}")
    for name, options in games:
        cold, warm, again = [], [], []
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory() as cache:
                cold.append(probe(name, options, cache)[0])
                first, second = probe(name, options, cache)
                warm.append(first)
                again.append(second)
        print(f"{name:<14}" + "".join(f"{_median(col, 0):>8.3f}/{_median(col, 1):<7.3f}" for col in (cold, warm, again)),
              flush=True)


def _median(rows: list, i: int) -> float:
    return statistics.median(row[i] for row in rows)


if __name__ == "__main__":
    main()
