"""The error corpus, part four: a saved state tampered with, field by field, is refused by
Game.state_from_json with one clear line (InvalidState) — a count out of range, a value of another
type, a frame at no instruction, a decision play does not stand at, a forged result, a broken
invariant (issue 18 items 3 and 6). Untouched saves of every game load back equal (the
random-simulation suites check that at every decision).

tests/errors/saves.yaml lists the cases: `game`, `options`, `seed`, `moves` (random moves played
first) or `ended` (played to the end), then the tampering — `whole` (the save replaced), `set`
([path, value] pairs; a path step `zone:NAME`, `var:NAME`, `roots:BOARD` (+N) names a data slot),
`drop` (fields removed), `cut` (a list shortened by one), `pop` (a frame's last local removed),
`add` ([path, n]: a number raised by n), `links` (a link laid one way only), `shift_decision`
(the waiting frame moved to another instruction) — and `error`, the exact message.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
import yaml

from rulebook.api import load_game
from rulebook.dsl.errors import RulebookError
from rulebook.interpreter.play.validate import InvalidState

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "tests" / "games"
CASES = yaml.safe_load((ROOT / "tests" / "errors" / "saves.yaml").read_text(encoding="utf-8"))


def slot(game, ref) -> int:
    """A data slot named in a path: a number, or `zone:NAME`, `var:NAME`, `roots:BOARD` (+N)."""
    if isinstance(ref, int):
        return ref
    kind, _, name = ref.partition(":")
    name, _, plus = name.partition("+")
    layout = game.compiled.layout
    base = {"zone": lambda: layout.zones[name].base, "var": lambda: layout.vars[name].base,
            "roots": lambda: layout.boards[name].roots}[kind]()
    return base + (int(plus) if plus else 0)


def place(game, raw, path: list) -> tuple:
    keys = [slot(game, k) if isinstance(k, str) and ":" in k else k for k in path]
    node = raw
    for key in keys[:-1]:
        node = node[key]
    return node, keys[-1]


def saved(game, case: dict) -> dict:
    state = game.new_initial_state(case.get("seed", 1))
    rng = random.Random(case.get("seed", 1))
    for _ in range(case.get("moves", 0)):
        game.apply(state, game.sample_move(state, rng))
    while case.get("ended") and not game.is_terminal(state):
        game.apply(state, game.sample_move(state, rng))
    return json.loads(json.dumps(state.to_json()))


def tampered(game, case: dict):
    raw = saved(game, case)
    if "whole" in case:
        return case["whole"]
    for path, value in case.get("set", []):
        node, key = place(game, raw, path)
        node[key] = value
    for key in case.get("drop", []):
        del raw[key]
    if "cut" in case:
        raw[case["cut"]].pop()
    if "pop" in case:
        node, key = place(game, raw, case["pop"])
        node[key].pop()
    if "add" in case:
        node, key = place(game, raw, case["add"][0])
        node[key] += case["add"][1]
    if case.get("links"):  # node 1 linked to 2, but 2 not back to 1
        board = next(b for b in game.compiled.layout.boards.values() if b.edges >= 0)
        raw["data"][board.edges] = raw["data"][board.edges] or [board.low + 1]
        raw["data"][board.edges + 1] = []
    if case.get("shift_decision"):
        frame = raw["frames"][-1]
        frame[1] = next(pc for pc, entry in enumerate(game.compiled.code[frame[0]])
                        if entry is not None and pc != frame[1])
    return raw


def test_the_corpus_tampers_with_every_field() -> None:
    assert len(CASES) >= 40 and len({c["name"] for c in CASES}) == len(CASES)
    touched = {path[0][0] for case in CASES for path in case.get("set", [])} | \
        {key for case in CASES for key in case.get("drop", [])}
    assert touched >= {"data", "frames", "rng", "mods", "decision", "decider", "result", "allows"}


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_a_tampered_save_is_refused_in_one_line(case: dict) -> None:
    game = load_game(str(case["game"]).format(games=GAMES), case.get("options", {}))
    raw = json.loads(json.dumps(tampered(game, case)))  # through JSON text, as a file would be
    with pytest.raises(InvalidState) as refused:
        game.state_from_json(raw)
    assert isinstance(refused.value, RulebookError)
    message = str(refused.value).replace(str(GAMES), "{games}").replace(str(ROOT), "{root}")
    assert message == case["error"] and "\n" not in message
