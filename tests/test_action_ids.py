"""Action ids, chance ids and observations stay what records and playthroughs hold (issue 26):
benchmarks/spaces_digest.py, run against the digest kept when the research spaces moved onto the
IR, must find every build's spaces the same. A change that renumbers moves fails here; a deliberate
renumbering rewrites the digest (`--write`) and says so."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_builds_move_chance_and_observation_spaces_are_the_kept_ones() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "spaces_digest.py"), "--against",
                           str(ROOT / "benchmarks" / "spaces_golden.json")],
                          capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "every digest is the same" in done.stdout
