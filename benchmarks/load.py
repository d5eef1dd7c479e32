"""How long loading a game takes: parse + check + compile for the Python back-end (issue 14: warm
load ≤ 150 ms).

    python benchmarks/load.py [--runs 5] [--game NAME ...]

Per game, medians over `--runs` fresh processes (each times `load_game` alone, after its imports):
- cold: an empty cache folder — everything is worked out: parse, check, lowering, the
  optimising passes, the Python back-end's module and Python's compile of it;
- warm: the cache folder filled by an earlier load, in a new process: what a user running
  `rulebook play`/`check`/`simulate` a second time pays (the checked program and the compiled
  game are read from the cache: interpreter/ircache.py);
- again: a second load in that same process with the parsed rules forgotten (the cached files
  are read again; Python's own imports and first-use costs are already paid);
- import: `from rulebook import api` in the warm process, which every command pays before loading.
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
GAMES = [("eriantys", {"players": 2}), ("eriantys", {"players": 3}), ("eriantys", {"players": 4}),
         ("eriantys", {"players": 2, "expert": True}), ("septachroma", {}), ("ephyran", {"players": 2}),
         ("edenia", {"players": 2})]

PROBE = """
import json, sys, time
sys.path.insert(0, {root!r})
wall, cpu = time.perf_counter(), time.process_time()
from rulebook import api
imported = (time.perf_counter() - wall, time.process_time() - cpu)
name, options = {name!r}, {options!r}
wall, cpu = time.perf_counter(), time.process_time()
api.load_game(name, options)
first = (time.perf_counter() - wall, time.process_time() - cpu)
api._program.cache_clear()
wall, cpu = time.perf_counter(), time.process_time()
api.load_game(name, options)
again = (time.perf_counter() - wall, time.process_time() - cpu)
print(json.dumps([first, again, imported]))
"""


def probe(name: str, options: dict, cache: str, root: Path = ROOT) -> list:
    env = dict(os.environ, RULEBOOK_CACHE=cache)
    code = PROBE.format(root=str(root), name=name, options=options)
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="fresh processes per figure (default 5)")
    parser.add_argument("--game", action="append", help="a game name (default: every shipped game)")
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="the checkout whose engine is timed (default: this one; another, to compare)")
    args = parser.parse_args()
    games = [(g, o) for g, o in GAMES if not args.game or g in args.game]
    print(f"{args.root}: medians of {args.runs} processes; seconds, wall / CPU")
    print(f"{'game':<22}{'cold':>16}{'warm':>16}{'again':>16}{'import':>16}")
    for name, options in games:
        cold, warm, again, imported = [], [], [], []
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory() as cache:
                cold.append(probe(name, options, cache, args.root)[0])
                first, second, imports = probe(name, options, cache, args.root)
                warm.append(first)
                again.append(second)
                imported.append(imports)
        print(f"{_label(name, options):<22}" + "".join(f"{_median(col, 0):>8.3f}/{_median(col, 1):<7.3f}"
                                                      for col in (cold, warm, again, imported)), flush=True)


def _label(name: str, options: dict) -> str:
    words = [f"{options['players']}p"] if "players" in options else []
    words += [key for key, value in options.items() if value is True]
    return " ".join([name, *words])


def _median(rows: list, i: int) -> float:
    return statistics.median(row[i] for row in rows)


if __name__ == "__main__":
    main()
