"""How quickly the command line answers `--help` (issue 15: under 0.2 s), and what it imports.

    python benchmarks/cli_startup.py [--runs 21]

Times whole processes (start-up included) of `rulebook --help` and `rulebook play --help`, and,
for comparison, a bare `python -c pass`; prints each one's median, minimum and maximum in seconds
of wall time and the median CPU time (user + system) the process used — on a shared, loaded
machine the CPU time is the steadier figure, since waiting for a core is not counted — then
whether the engine (lark, networkx, the compiler) was imported by `--help` at all.
"""
from __future__ import annotations

import argparse
import resource
import shutil
import statistics
import subprocess
import sys
import time


def cpu_of_children() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def timed(command: list[str], runs: int) -> tuple[list[float], list[float]]:
    """Each run's wall time and CPU time, in seconds."""
    walls, cpus = [], []
    for _ in range(runs):
        cpu, started = cpu_of_children(), time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        walls.append(time.perf_counter() - started)
        cpus.append(cpu_of_children() - cpu)
    return walls, cpus


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    runs = parser.parse_args().runs
    rulebook = shutil.which("rulebook")
    commands = {"python -c pass": [sys.executable, "-c", "pass"],
                "rulebook --help": [rulebook, "--help"] if rulebook else [sys.executable, "-m", "rulebook.cli", "--help"],
                "rulebook play --help": ([rulebook] if rulebook else [sys.executable, "-m", "rulebook.cli"]) + ["play", "--help"]}
    for name, command in commands.items():
        walls, cpus = timed(command, runs)
        print(f"{name:24} median {statistics.median(walls):.3f} s  (min {min(walls):.3f}, max {max(walls):.3f}, "
              f"{runs} runs); CPU median {statistics.median(cpus):.3f} s")
    probe = ("import sys, runpy; sys.argv = ['rulebook', '--help']\n"
             "try:\n    runpy.run_module('rulebook.cli', run_name='__main__')\nexcept SystemExit:\n    pass\n"
             "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('lark', 'networkx', 'jsonschema', 'rich')"
             " or m.startswith(('rulebook.interpreter', 'rulebook.dsl')))\n"
             "print('imported by --help:', ', '.join(heavy) or 'nothing of the engine', file=sys.stderr)")
    subprocess.run([sys.executable, "-c", probe], stdout=subprocess.DEVNULL, check=False)


if __name__ == "__main__":
    main()
