"""The error corpus, part three: anything that is not exactly a legal move — a value of another
type (1.0, true, "1", [1]), out of its domain, a condition the rules refuse, another decision, a
broken JSON form, a text that is no move — raises IllegalMove (a ValueError) with exactly the
expected message and leaves the state byte for byte as it was (issue 18 items 2 and 6).

tests/errors/moves.yaml lists the cases: `game` (a shipped game or `{games}/NAME`), `options`,
`seed`, `play` (move texts played first), then what is tried — `json` (Game.move_from_json),
`text` (Game.parse_move), `values` (a Move for the waiting decision's first option with these
values, board nodes by their labels; `as_list`: given as a list instead of a tuple),
`raw_apply` (something that is not a Move, given to apply), `guarded` (the first option of the
first decision whose condition refuses it) or `replay_assistant` (a move played again at the
same decision once it is used up) — and `error`, the exact message.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
import yaml

from rulebook.api import load_game
from rulebook.interpreter.play.moves import IllegalMove, Move

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "tests" / "games"
CASES = yaml.safe_load((ROOT / "tests" / "errors" / "moves.yaml").read_text(encoding="utf-8"))


def _node(game, label: str) -> int:
    board = next(iter(game.compiled.layout.boards.values()))
    return board.low + board.labels.index(label)


def _guarded(game, state) -> Move:
    """A menu option its `where` refuses, at the first decision (of a seeded game) that has one."""
    rng = random.Random(5)
    while True:
        site = game.compiled.sites[state.decision]
        offered = {m.option for m in game.legal_moves(state)}
        missing = [i for i, o in enumerate(site.options) if i not in offered and o.guard is not None]
        if missing:
            return Move(state.decision, missing[0], (), site.options[missing[0]].label)
        game.apply(state, game.sample_move(state, rng))


def _used_up(game, state) -> Move:
    """The first legal move, played; then play on to the same player's same decision."""
    first = game.legal_moves(state)[0]
    game.apply(state, first)
    while game.current_player(state) != 0 or state.decision != first.decision:
        game.apply(state, game.legal_moves(state)[0])
    return Move(first.decision, first.option, first.values, first.label)


def prepared(game, state, case: dict):
    """Play what the case needs played first; give what tries its move (a function of nothing)."""
    if "json" in case:
        return lambda: game.apply(state, game.move_from_json(state, case["json"]))
    if "text" in case:
        return lambda: game.apply(state, game.parse_move(state, case["text"]))
    if "raw_apply" in case:
        return lambda: game.apply(state, case["raw_apply"])
    if case.get("guarded"):
        move = _guarded(game, state)
    elif case.get("replay_assistant"):
        move = _used_up(game, state)
    else:
        first = game.legal_moves(state)[0]
        values = [_node(game, v) if isinstance(v, str) else v for v in case["values"]]
        move = Move(first.decision, first.option, values if case.get("as_list") else tuple(values), first.label)
    return lambda: game.apply(state, move)


def test_the_corpus_covers_every_way_in() -> None:
    assert len(CASES) >= 30 and len({c["name"] for c in CASES}) == len(CASES)
    ways = {way for case in CASES for way in ("json", "text", "values", "raw_apply", "guarded") if way in case}
    assert ways == {"json", "text", "values", "raw_apply", "guarded"}


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_an_illegal_move_is_refused_and_changes_nothing(case: dict) -> None:
    game = load_game(str(case["game"]).format(games=GAMES), case.get("options", {}))
    state = game.new_initial_state(case.get("seed", 1))
    for text in case.get("play", []):
        game.apply(state, game.parse_move(state, text))
    attempt = prepared(game, state, case)
    before = json.dumps(state.to_json())
    with pytest.raises(IllegalMove) as refused:
        attempt()
    assert isinstance(refused.value, ValueError)
    assert json.dumps(state.to_json()) == before
    message = str(refused.value).replace(str(GAMES), "{games}").replace(str(ROOT), "{root}")
    assert message == case["error"]
