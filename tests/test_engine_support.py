"""Helpers shared by the engine test modules: the test games, random play, reading a state's slots.

This module holds no tests. Reading slots goes through the compiled layout on purpose: the
behaviour tests must check what the engine stored, not what the rules say it should store.
"""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, Callable, Iterator, Optional

from rulebook.interpreter.game import Game
from rulebook.interpreter.play.machine import State
from rulebook.interpreter.play.moves import Move
from rulebook.api import load_game

GAMES_DIR = Path(__file__).parent / "games"

# Option sets played by the random-simulation suite; a game not listed is played with its defaults.
OPTION_SETS: dict[str, list[dict]] = {
    "nim": [{}, {"stones": 1}, {"players": 3, "stones": 30}],
    "grid": [{}, {"width": 3, "height": 5}, {"width": 2, "height": 2}],
    "ring": [{}, {"size": 4, "stop": 1}, {"players": 3, "size": 13, "stop": 2}],
    "cards": [{}, {"players": 2}, {"players": 3, "target": 5, "rounds": 3}],
    "masks": [{}, {"players": 2}, {"players": 4}],
    "pot": [{}, {"chips": 1}, {"chips": 20}],
    "flank": [{}, {"size": 3, "row": 3}, {"size": 8, "row": 5}],
    "bridges": [{}, {"size": 2}, {"size": 9}],
}


def game_names() -> list[str]:
    """Every test game: each folder of tests/games holding a .rules file."""
    return sorted(p.name for p in GAMES_DIR.iterdir() if p.is_dir() and any(p.glob("*.rules")))


def game_cases() -> list[tuple[str, dict]]:
    return [(name, options) for name in game_names() for options in OPTION_SETS.get(name, [{}])]


def load(name: str, options: Optional[dict] = None) -> Game:
    return load_game(GAMES_DIR / name, options or {})


def roundtrip(game: Game, state: State) -> State:
    """The state written to JSON text and read back, as a saved game would be."""
    return game.state_from_json(json.loads(json.dumps(state.to_json())))


def move_texts(game: Game, state: State) -> list[str]:
    return [str(m) for m in game.legal_moves(state)]


def apply_texts(game: Game, state: State, texts: list[str]) -> State:
    """Play moves given by their text (changing state)."""
    for text in texts:
        game.apply(state, game.parse_move(state, text))
    return state


def play(game: Game, state: State, rng: random.Random,
         on_decision: Optional[Callable[[State], None]] = None, limit: int = 10_000) -> list[str]:
    """Play random moves to the end (changing state); the text of every move played."""
    log: list[str] = []
    while not game.is_terminal(state):
        if on_decision is not None:
            on_decision(state)
        move = game.sample_move(state, rng)
        log.append(str(move))
        game.apply(state, move)
        if len(log) > limit:
            raise AssertionError(f"no end after {limit} moves")
    return log


def walk(game: Game, seeds: range) -> Iterator[tuple[State, Move, State]]:
    """(state before, move, state after) for every move of one random game per seed."""
    for seed in seeds:
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not game.is_terminal(state):
            move = game.sample_move(state, rng)
            after = game.child(state, move)
            yield state, move, after
            state = after


# ---------------------------------------------------------------- reading slots
def _offset(dims: tuple, width: int, base: int, index: tuple) -> int:
    offset, stride = base, width
    for d, i in zip(reversed(dims), reversed(index)):
        offset += (i - d.low) * stride
        stride *= d.size
    return offset


def var_value(game: Game, state: State, name: str, *index: int) -> Any:
    var = game.compiled.layout.vars[name]
    return state.data[_offset(var.dims, 1, var.base, index)]


def zone_slot(game: Game, name: str, *index: int) -> tuple[int, int]:
    """(first slot, number of slots) of one zone instance."""
    zone = game.compiled.layout.zones[name]
    return _offset(zone.dims, zone.width, zone.base, index), zone.width


def kind_index(game: Game, kind: str, member: str) -> int:
    return game.compiled.kind_names[kind].index(member)


def zone_count(game: Game, state: State, name: str, *index: int, member: Optional[str] = None) -> int:
    """How many pieces (of one member of the zone's kind, if given) one zone instance holds."""
    zone = game.compiled.layout.zones[name]
    start, width = zone_slot(game, name, *index)
    if zone.ordered:
        pile = state.data[start]
        return len(pile) if member is None else pile.count(kind_index(game, zone.kind, member))
    if member is None:
        return sum(state.data[start:start + width])
    return state.data[start + kind_index(game, zone.kind, member)]


def board_groups(game: Game, state: State, board: str) -> dict[int, tuple]:
    """Each group of a board (named by its smallest node) with its nodes, read from the state."""
    layout = game.compiled.layout.boards[board]
    found: dict[int, list] = {}
    for node in layout.nodes:
        found.setdefault(state.data[layout.roots + node - layout.low], []).append(node)
    return {g: tuple(nodes) for g, nodes in found.items()}


def player_index(game: Game, text: str) -> int:
    return game.player_names.index(text)
