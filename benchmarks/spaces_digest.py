"""A digest of the research spaces of many builds: the oracle of a change to how the move space,
chance space, observation spec, length bound and payoff bounds are built (issue 26: every action
id must stay the same, playthroughs and records hold them).

    python benchmarks/spaces_digest.py [--write FILE] [--against FILE]

Per build — every game in `rules/` with its default options, the variants of
benchmarks/ir_digest.py, and every test game with each option set the engine tests use, each
built with explicit chance — the move space's blocks (statement, option, text, axes) and the
text of its indexes (all of them, or 2000 drawn with a fixed seed for a big space); the chance
space's size; the observation spec's parts and bounds; the length bound; the payoff bounds; then
three random games (fixed seeds, at most 150 decisions each) recording each move's text and
index, each chance outcome's text and index, and the observation of every player now and then.
`--write` keeps the figures; `--against` lists the builds whose digest differs from kept ones
(exit status 1 if any) and, for the first, the first part that differs.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path

from rulebook.api import load_game
from rulebook.dsl.errors import RulebookError
from rulebook.interpreter.play import payoffs
from rulebook.interpreter.research.length import game_length_bound

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
from ir_digest import GAMES, test_game_cases  # noqa: E402  (the same builds as the IR's digest)


def shipped_games() -> list[tuple[str, dict]]:
    return [(f"rules/{p.name}", {}) for p in sorted((ROOT / "rules").iterdir()) if (p / "game.rules").exists()
            or any(p.glob("*.rules"))]


def attempt(make):
    """What `make()` gives, or the error it raises (as text: an error is part of the answer)."""
    try:
        return make()
    except (RulebookError, ValueError, KeyError) as err:
        return f"error {type(err).__name__}: {err}"


def space_parts(game) -> dict:
    out: dict = {}
    space = attempt(game.move_space)
    if isinstance(space, str):
        out["moves"] = space
    else:
        out["moves"] = {"size": space.size, "blocks": [
            [[str(Path(b.statement[0]).relative_to(ROOT)), *b.statement[1:]], b.number, b.text, b.base,
             [[a.name, a.low, a.size, None if a.values is None else list(a.values)] for a in b.axes]]
            for b in space.blocks]}
        picked = range(space.size) if space.size <= 5000 else sorted(random.Random(5).sample(range(space.size), 2000))
        out["move texts"] = hashlib.sha256("\n".join(f"{i} {space.describe(i)}" for i in picked).encode()).hexdigest()
    chance = attempt(game.chance_space)
    out["chance size"] = chance if isinstance(chance, str) else chance.size
    spec = attempt(game.observation_spec)
    if isinstance(spec, str):
        out["observation"] = spec
    else:
        out["observation"] = [[p.name, p.offset, list(p.shape), p.meaning, p.low, p.high] for p in spec.parts]
    out["length bound"] = attempt(lambda: game_length_bound(game))
    if game.has_payoff:
        out["payoff bounds"] = list(attempt(lambda: payoffs.payoff_bounds(game)))
    if not isinstance(space, str):
        out["games"] = [play(game, space, chance, spec, seed) for seed in (1, 2, 3)]
    return out


def play(game, space, chance, spec, seed: int) -> str:
    """A hash of one random game's (move text, index) and (chance text, index) pairs and a few
    observations."""
    rng = random.Random(seed)
    S = game.new_initial_state(seed=seed)
    lines = []
    for turn in range(150):
        if game.is_terminal(S):
            break
        if game.is_chance_node(S):
            outcomes = game.chance_outcomes(S)
            outcome = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
            if not isinstance(chance, str):
                event = game.chance_event(S)
                lines.append(f"chance {chance.describe(event, outcome)} {chance.index(event, outcome)}")
            game.apply_chance(S, outcome)
            continue
        legal = attempt(lambda: space.legal(S))
        if isinstance(legal, str):
            lines.append(legal)
            break
        index = rng.choice(sorted(legal))
        lines.append(f"move {legal[index]} {index} {space.describe(index)}")
        if turn % 10 == 0 and not isinstance(spec, str):
            for player in range(-1, game.player_count):
                lines.append(f"obs {player} {spec.encode(S, player)}")
        game.apply(S, space.move(S, index))
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16] + f" {len(lines)} lines"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", type=Path, help="keep the digests in this JSON file")
    parser.add_argument("--against", type=Path, help="compare with digests kept earlier")
    args = parser.parse_args()
    found = {}
    builds = list(dict.fromkeys(json.dumps(b) for b in shipped_games() + GAMES + test_game_cases()))
    for build in builds:
        path, given = json.loads(build)
        game = attempt(lambda: load_game(ROOT / path, dict(given), chance="explicit"))
        key = f"{path} {json.dumps(given, sort_keys=True)}"
        found[key] = game if isinstance(game, str) else space_parts(game)
        print(key, hashlib.sha256(json.dumps(found[key], sort_keys=True).encode()).hexdigest()[:16], flush=True)
    if args.write:
        args.write.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    if args.against:
        kept = json.loads(args.against.read_text(encoding="utf-8"))
        found = json.loads(json.dumps(found))  # tuples as lists, like the kept ones
        changed = sorted(key for key in found.keys() | kept.keys() if found.get(key) != kept.get(key))
        for key in changed:
            mine, theirs = found.get(key) or {}, kept.get(key) or {}
            parts = sorted(k for k in mine.keys() | theirs.keys() if mine.get(k) != theirs.get(k))
            print(f"differs: {key}: {', '.join(parts)}")
        print("every digest is the same" if not changed else f"{len(changed)} differ")
        return 1 if changed else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
