"""The public API: find a game's rules by name or path, check them, and build a Game."""
from __future__ import annotations

from functools import lru_cache
import importlib.util
from pathlib import Path
from typing import Optional, Sequence

from dsl.errors import RulebookError
from dsl.loader import load_program
from dsl.program import Program
from interpreter.game import Game


def shipped_games_folder() -> Path:
    """The `rules/` folder installed with the package (or the checkout's)."""
    spec = importlib.util.find_spec("rules")
    if spec is not None and spec.submodule_search_locations:
        for location in spec.submodule_search_locations:
            if Path(location).is_dir():
                return Path(location)
    return Path(__file__).resolve().parent.parent / "rules"


def shipped_games() -> list[str]:
    folder = shipped_games_folder()
    return sorted(p.name for p in folder.iterdir() if p.is_dir() and any(p.glob("*.rules")))


def find_rules(name_or_path: str | Path) -> Path:
    """A game's rules folder: a path to a folder, or the name of a game shipped in rules/."""
    path = Path(name_or_path)
    if path.is_dir():
        return path
    shipped = shipped_games_folder() / str(name_or_path)
    if shipped.is_dir():
        return shipped
    games = ", ".join(shipped_games()) or "none"
    raise GameNotFound(f"no game '{name_or_path}': not a folder, and not one of the shipped games ({games})")


class GameNotFound(RulebookError):
    """Neither a rules folder nor a shipped game's name."""


@lru_cache(maxsize=32)
def _program(folder: str) -> Program:
    return load_program(Path(folder))


def load_program_for(name_or_path: str | Path) -> Program:
    return _program(str(find_rules(name_or_path).resolve()))


def load_game(name_or_path: str | Path, options: Optional[dict] = None,
              player_names: Optional[Sequence[str]] = None, team_of: Optional[Sequence[int]] = None) -> Game:
    """Load, check and compile a game. Raises RulebookError (with file:line:column) on bad rules.
    `team_of` seats the players in other teams than the rules' default (same team sizes)."""
    return Game(load_program_for(name_or_path), options or {}, player_names, team_of)
