"""A digest of the compiled form (GameIR) of many builds: the oracle of a change to the lowering or
the passes that must not change what they give (issue 26: "nothing observable changes").

    PYTHONHASHSEED=0 python benchmarks/ir_digest.py [--write FILE] [--against FILE]

Per build — Eriantys 2p and 4p expert, Septachroma plain and `variant A,C`, Ephyran 3p, Edenia 2p,
and every test game with each option set the engine tests use — the hash of the GameIR's text
(`repr`, spans included) right after lowering and after the optimising passes, built afresh
(the disk cache is not read), and for each game's default options a counting build's too.
`--write` keeps the figures; `--against` lists the builds whose digest differs from kept ones
(exit status 1 if any). PYTHONHASHSEED must be fixed: some tables are sets.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from functools import partial
from pathlib import Path

from rulebook.api import load_program_for
from rulebook.interpreter.lower.game import build_game
from rulebook.interpreter.play.options import resolve_options
from rulebook.interpreter.passes import optimise
from rulebook.interpreter.pyback.evaluate import evaluate
from rulebook.interpreter.analysis.reach import ReachMap

ROOT = Path(__file__).resolve().parent.parent
GAMES = [("rules/eriantys", {"players": 2}), ("rules/eriantys", {"players": 4, "expert": True}),
         ("rules/septachroma", {}), ("rules/septachroma", {"variant": ["A", "C"]}),
         ("rules/ephyran", {"players": 3}), ("rules/edenia", {"players": 2})]


def test_game_cases() -> list[tuple[str, dict]]:
    sys.path.insert(0, str(ROOT / "tests"))
    from test_engine_support import game_cases  # the option sets the engine tests play
    return [(f"tests/games/{name}", options) for name, options in game_cases()]


def digest(value: object) -> str:
    return hashlib.sha256(repr(value).encode()).hexdigest()[:16]


def digests(path: str, given: dict) -> dict[str, str]:
    program = load_program_for(ROOT / path)
    options, count = resolve_options(program, dict(given))
    names = tuple(f"player {i + 1}" for i in range(count))
    raw = build_game(program, options, count, names, None, evaluate)
    out = {"lowered": digest(raw), "optimised": digest(optimise(raw, frozenset()))}
    if not given or path.startswith("rules/"):
        reach = ReachMap(program)
        counting = partial(evaluate, marks=bytearray(len(reach)))
        out["counting"] = digest(build_game(program, options, count, names, None, counting, reach))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", type=Path, help="keep the digests in this JSON file")
    parser.add_argument("--against", type=Path, help="compare with digests kept earlier")
    args = parser.parse_args()
    if os.environ.get("PYTHONHASHSEED") != "0":
        print("set PYTHONHASHSEED=0: the digests of two runs differ otherwise", file=sys.stderr)
        return 2
    found = {}
    for path, given in GAMES + test_game_cases():
        key = f"{path} {json.dumps(given, sort_keys=True)}"
        found[key] = digests(path, given)
        print(key, " ".join(f"{k}={v}" for k, v in found[key].items()), flush=True)
    if args.write:
        args.write.write_text(json.dumps(found, indent=1) + "\n", encoding="utf-8")
    if args.against:
        kept = json.loads(args.against.read_text(encoding="utf-8"))
        changed = sorted(key for key in found.keys() | kept.keys() if found.get(key) != kept.get(key))
        print("\n".join(f"differs: {key}" for key in changed) or "every digest is the same")
        return 1 if changed else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
