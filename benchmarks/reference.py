"""The speed reference, ../shared/bench/eriantys_ref.py beside the checkout, loaded in place
(never copied into the project)."""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def reference():
    folder = ROOT.parent / "shared" / "bench"
    if not (folder / "eriantys_ref.py").exists():
        sys.exit("no ../shared/bench/eriantys_ref.py here: nothing to measure against")
    sys.path.insert(0, str(folder))
    import eriantys_ref
    return eriantys_ref
