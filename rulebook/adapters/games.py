"""One compiled game per (rules, options, mods, chance), shared by every environment and state."""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Optional, Sequence

from rulebook.api import find_rules, load_game, load_program_for
from rulebook.interpreter.play.options import option_schema
from rulebook.interpreter.game import Game
from rulebook.interpreter.research.length import game_length_bound

DEFAULT_MAX_GAME_LENGTH = 1000  # player decisions, where the rules give no bound (a draw after it)


def compiled_game(name_or_path: str | Path, options: Optional[dict] = None, mods: Sequence[str | Path] = (),
                  chance: str = "seeded", decisions: str = "sequential") -> Game:
    """The game, compiled once per (rules folder, options, mods, chance, decisions) in this
    process: options left out and options given their default value are the same options; a list
    option may be given as a list or as names joined by `,` or `+`."""
    folder = str(find_rules(name_or_path).resolve())
    mods = tuple(str(Path(m).resolve()) for m in mods)
    return _compiled(folder, canonical_options(load_program_for(folder, mods), options or {}), mods, chance,
                     decisions)


def canonical_options(program, options: dict) -> tuple:
    """Every option of the game with its value (the default where none is given), lists as tuples."""
    properties = option_schema(program)["properties"]
    values = {name: prop.get("default", () if prop.get("type") == "array" else None)
              for name, prop in properties.items()}
    values.update(options)
    for name, prop in properties.items():
        if prop.get("type") == "array":
            value = values[name]
            parts = re.split(r"[,+]", value) if isinstance(value, str) else list(value or ())
            values[name] = tuple(str(part).strip() for part in parts if str(part).strip())
    return tuple(sorted((name, _hashable(value)) for name, value in values.items() if value is not None))


@lru_cache(maxsize=64)
def _compiled(folder: str, options: tuple, mods: tuple, chance: str, decisions: str) -> Game:
    return load_game(folder, {name: _plain(value) for name, value in options}, mods=mods, chance=chance,
                     decisions=decisions)


def length_limit(game: Game, max_game_length: Optional[int]) -> tuple[int, bool]:
    """(the most player decisions a game may take, whether the rules themselves bound it). Where
    the rules give no bound, `max_game_length` (default DEFAULT_MAX_GAME_LENGTH) ends the game as
    a draw; where they give one, a smaller `max_game_length` still cuts the game short."""
    bound = game_length_bound(game)
    if bound is not None and (max_game_length is None or bound <= max_game_length):
        return bound, True
    return (max_game_length if max_game_length is not None else DEFAULT_MAX_GAME_LENGTH), False


def rewards(game: Game, state) -> list[float]:
    """Each player's payoff where the rules declare `payoff(p)`; else +1 for a winner, -1 for a
    loser, 0 each when everybody or nobody of several players wins (a draw)."""
    paid = game.payoffs(state)
    if paid is not None:
        return [float(v) for v in paid]
    return [2.0 * r - 1.0 for r in game.win_returns(state)]


def _hashable(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value
