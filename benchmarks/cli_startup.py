"""How quickly the command line answers `--help` (issue 15: under 0.2 s), and what it imports.

    python benchmarks/cli_startup.py [--runs 21]

Times whole processes (start-up included) of `rulebook --help` and `rulebook play --help`, and,
for comparison, a bare `python -c pass`; prints each one's median, minimum and maximum in seconds,
then whether the engine (lark, networkx, the compiler) was imported by `--help` at all.
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time


def timed(command: list[str], runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append(time.perf_counter() - started)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    runs = parser.parse_args().runs
    rulebook = shutil.which("rulebook")
    commands = {"python -c pass": [sys.executable, "-c", "pass"],
                "rulebook --help": [rulebook, "--help"] if rulebook else [sys.executable, "-m", "rulebook.cli", "--help"],
                "rulebook play --help": ([rulebook] if rulebook else [sys.executable, "-m", "rulebook.cli"]) + ["play", "--help"]}
    for name, command in commands.items():
        times = timed(command, runs)
        print(f"{name:24} median {statistics.median(times):.3f} s  (min {min(times):.3f}, max {max(times):.3f}, {runs} runs)")
    probe = ("import sys, runpy; sys.argv = ['rulebook', '--help']\n"
             "try:\n    runpy.run_module('rulebook.cli', run_name='__main__')\nexcept SystemExit:\n    pass\n"
             "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('lark', 'networkx', 'jsonschema', 'rich')"
             " or m.startswith(('rulebook.interpreter', 'rulebook.dsl')))\n"
             "print('imported by --help:', ', '.join(heavy) or 'nothing of the engine', file=sys.stderr)")
    subprocess.run([sys.executable, "-c", probe], stdout=subprocess.DEVNULL, check=False)


if __name__ == "__main__":
    main()
