"""Random ill-typed and illegal moves thrown at every game and mode (issue 18 item 2).

For every shipped game in every option set (tests/rl_modes.py; games that land later are picked
up by themselves) and every test game, hypothesis builds candidates from the legal moves of
positions along seeded random games: values of another type (1.0, true, "1", [1], none), values
next to legal ones, other decisions and options, JSON forms of any shape, and move texts bent.
Whatever is not exactly a legal move must raise IllegalMove (a ValueError) and leave the state
byte for byte as it was; exactly a legal move must be played.
RULEBOOK_FUZZ_SCALE=N runs N times as many examples.
"""
from __future__ import annotations

import json
import os
import random
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rl_modes
from rulebook.api import load_game
from rulebook.interpreter.play.move_check import same_value
from rulebook.interpreter.play.moves import IllegalMove, Move

MODES = rl_modes.modes() + rl_modes.toy_game_modes()
SCALE = int(os.environ.get("RULEBOOK_FUZZ_SCALE", "1"))
FUZZ = settings(max_examples=50 * SCALE, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
POSITIONS = 6


@lru_cache(maxsize=None)
def game_and_positions(index: int) -> tuple:
    """A mode's game and a few positions along a seeded random game (none at its end)."""
    name, options, mods = MODES[index]
    game = load_game(name, options, mods=mods)
    state = game.new_initial_state(index)
    rng = random.Random(index)
    positions = []
    while not game.is_terminal(state) and len(positions) < POSITIONS * 7:
        positions.append(state.copy())
        game.apply(state, game.sample_move(state, rng))
    return game, positions[::7]


# ---------------------------------------------------------------- candidates
def bent_value(value):
    """Values a move might carry instead of a legal one: of other types, or next to it."""
    near = [value + 1, value - 1, -value - 1, 10 ** 20] if value.__class__ is int else []
    return st.sampled_from([float(value) if isinstance(value, (int, bool)) else 0.5, True, False, None,
                            str(value), [value], (value,), {"v": value}, *near] or [None])


@st.composite
def candidates(draw, game, state):
    """(kind, candidate): a Move, a JSON form or a text — legal or not."""
    legal = game.legal_moves(state)
    base = draw(st.sampled_from(legal))
    kind = draw(st.sampled_from(["values", "decision", "option", "json", "text", "legal"]))
    if kind == "legal":
        return "move", base
    if kind == "values":
        values = list(base.values) or [0]
        i = draw(st.integers(0, len(values) - 1))
        values[i] = draw(bent_value(values[i]))
        if draw(st.booleans()) and values:
            values = values + [values[-1]] if draw(st.booleans()) else values[:-1]
        return "move", Move(base.decision, base.option, tuple(values), base.label)
    if kind == "decision":
        other = draw(st.sampled_from([base.decision + 1, base.decision - 1, -1, float(base.decision), True, "0"]))
        return "move", Move(other, base.option, base.values, base.label)
    if kind == "option":
        other = draw(st.sampled_from([base.option + 1, base.option + 50, -1, float(base.option), None]))
        return "move", Move(base.decision, other, base.values, base.label)
    if kind == "json":
        leaf = st.one_of(st.integers(-3, 40), st.floats(allow_nan=False), st.booleans(), st.none(), st.text(max_size=4))
        shape = st.recursive(leaf, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=2),
                             max_leaves=8)
        raw = draw(st.one_of(shape, st.just(base.to_json()),
                             st.tuples(st.just(base.decision), st.just(base.option),
                                       st.lists(st.one_of(leaf, st.sampled_from(list(base.values) or [0])), max_size=3))
                             .map(list)))
        return "json", raw
    text = str(base)
    bent = draw(st.sampled_from([text.upper(), text + " ", " " + text.replace(" ", "  "), text[:-1], text + "x",
                                 text.replace(" ", ""), draw(st.text(max_size=12))]))
    return "text", bent


def legal_match(game, state, move) -> bool:
    """Is this exactly one of the legal moves (types too)?"""
    return isinstance(move, Move) and any(
        same_value(move.decision, m.decision) and same_value(move.option, m.option)
        and move.values.__class__ is tuple and same_value(move.values, m.values) for m in game.legal_moves(state))


@pytest.mark.parametrize("index", range(len(MODES)), ids=[rl_modes.mode_id(m) for m in MODES])
def test_only_exactly_a_legal_move_is_played(index: int) -> None:
    game, positions = game_and_positions(index)

    @FUZZ
    @given(data=st.data())
    def check(data) -> None:
        state = data.draw(st.sampled_from(positions)).copy()
        kind, candidate = data.draw(candidates(game, state))
        before = json.dumps(state.to_json())
        texts = {str(m): m for m in game.legal_moves(state)}
        try:
            if kind == "json":
                move = game.move_from_json(state, candidate)
                assert legal_match(game, state, move), f"{candidate!r} was read as {move!r}"
            elif kind == "text":
                move = game.parse_move(state, candidate)
                assert " ".join(candidate.split()) in texts and move == texts[" ".join(candidate.split())]
            else:
                expected = legal_match(game, state, candidate)
                game.apply(state, candidate)
                assert expected, f"{candidate!r} was played"
        except IllegalMove as refused:
            assert isinstance(refused, ValueError)
            assert json.dumps(state.to_json()) == before, f"{candidate!r} changed the state while refused"
            if kind == "move":
                assert not legal_match(game, state, candidate), f"the legal {candidate!r} was refused: {refused}"
            if kind == "text":
                assert " ".join(candidate.split()) not in texts
    check()
