"""The public API: find a game's rules by name or path, check them, and build a Game."""
from __future__ import annotations

from functools import lru_cache
import importlib.util
from pathlib import Path
from typing import TYPE_CHECKING, Optional, Sequence

from rulebook.dsl.errors import MissingInput, RulesError
from rulebook.dsl.program import Program
from rulebook.interpreter.game import Game
from rulebook.interpreter.ircache import cached_program, gc_paused
from rulebook.interpreter.play.machine import State

if TYPE_CHECKING:
    from rulebook.dsl.mods import Mod

# The parser, the checker and the YAML and schema readers are imported when rules are read from
# their files (_read_rules, read_mod): a game read back from the disk cache needs none of them.
MANIFEST = "mod.yaml"  # what makes a folder a mod's (as rulebook.dsl.mods says)


def _drawing(game: Game, state: State, kind: str) -> str:
    # Imported when a state is first shown: the renderer (and rich) cost nothing to play.
    from .display import picture

    return picture(game, state, kind)


State.drawing = _drawing  # str(state) and Jupyter's _repr_html_ draw the board (the engine draws nothing)


def shipped_games_folder() -> Path:
    """The `rules/` folder installed with the package (or the checkout's)."""
    spec = importlib.util.find_spec("rulebook.rules")
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
    if path.is_file():
        raise GameNotFound(f"'{name_or_path}' is a file: a game is the folder of its rules ({path.parent})")
    raise GameNotFound(f"no game '{name_or_path}': not a folder, and not one of the shipped games ({games})")


class GameNotFound(MissingInput):
    """Neither a rules folder nor a shipped game's name."""


@lru_cache(maxsize=32)
def _program(folder: str, mods: tuple = ()) -> Program:
    """The checked program, read from the disk cache when its files are unchanged."""
    paths = [Path(m) for m in mods]
    with gc_paused():
        return cached_program(Path(folder), paths, lambda: _read_rules(Path(folder), paths))


def _read_rules(folder: Path, mods: list) -> Program:
    from rulebook.dsl.loader import load_program
    return load_program(folder, mods)


def mod_game(mod: Mod) -> Optional[Path]:
    """The rules folder a mod extends: its `game:` is a folder — relative to the mod's own folder,
    else to the current folder (where the command is run), or absolute — or the name of a shipped
    game. None when it is none of these."""
    for folder in (mod.folder / mod.game, Path.cwd() / mod.game):
        if folder.is_dir() and not (folder / MANIFEST).is_file():
            return folder.resolve()
    shipped = shipped_games_folder() / mod.game
    return shipped.resolve() if shipped.is_dir() and len(Path(mod.game).parts) == 1 else None


def check_mods_extend(folder: Path, mods: Sequence[str | Path]) -> None:
    """Each mod must name, in its manifest, the game it is loaded over."""
    from rulebook.dsl.mods import read_mod
    for path in mods:
        mod = read_mod(path)
        target = mod_game(mod)
        if target is None:
            raise _no_base_game(mod)
        if target == folder.resolve():
            continue
        if len(Path(mod.game).parts) != 1 or folder.name != target.name:
            raise RulesError.at(mod.game_span, f"mod '{mod.name}' extends '{mod.game}', not {folder.name}")
        if not _same_rules(folder, target):
            raise RulesError.at(mod.game_span, f"mod '{mod.name}' extends the shipped game '{mod.game}', and "
                                               f"the rules files of {folder} differ from it")


def _same_rules(folder: Path, other: Path) -> bool:
    """Two copies of one game's folder (a checkout's rules folder beside the installed one), so
    that a mod naming a shipped game by name extends either."""
    ours, theirs = sorted(folder.glob("*.rules")), sorted(other.glob("*.rules"))
    return [p.name for p in ours] == [p.name for p in theirs] and all(
        a.read_bytes() == b.read_bytes() for a, b in zip(ours, theirs))


def _no_base_game(mod: Mod) -> RulesError:
    return RulesError.at(mod.game_span, f"mod '{mod.name}' extends '{mod.game}', which is neither a folder "
                                        f"(from the mod's folder or the current one) nor a shipped game "
                                        f"({', '.join(shipped_games()) or 'none'})")


def _split_mod(name_or_path: str | Path, mods: Sequence[str | Path]) -> tuple[Path, tuple]:
    """A game's rules folder and mods; a mod's folder given as the game stands for the game it
    extends, with the mod first."""
    path = Path(name_or_path)
    if (path / MANIFEST).is_file():  # a game's folder has no manifest; a mod's has
        from rulebook.dsl.mods import read_mod
        mod = read_mod(path)
        target = mod_game(mod)
        if target is None:
            raise _no_base_game(mod)
        return target, (path, *mods)
    return find_rules(name_or_path).resolve(), tuple(mods)


def load_program_for(name_or_path: str | Path, mods: Sequence[str | Path] = ()) -> Program:
    folder, mods = _split_mod(name_or_path, mods)
    if mods:
        check_mods_extend(folder, mods)
    return _program(str(folder), tuple(str(Path(m).resolve()) for m in mods))


def load_game(name_or_path: str | Path, options: Optional[dict] = None,
              player_names: Optional[Sequence[str]] = None, team_of: Optional[Sequence[int]] = None,
              mods: Sequence[str | Path] = (), chance: str = "seeded", counting: bool = False,
              optimised: bool = True, tracing: bool = False, decisions: str = "sequential") -> Game:
    """Load, check and compile a game, with any mods layered over it in order (a mod's folder
    may stand for its game with that mod). Raises RulebookError (with file:line:column) on bad
    rules. `team_of` seats the players in other
    teams than the rules' default (same team sizes). `chance="explicit"` makes every draw, pick
    and shuffle a chance decision (Game.chance_outcomes) instead of the seeded generator's.
    `counting=True` builds the game so that it marks what play reaches (`game.reached`, for
    rules coverage); it plays the same games, a little slower. `optimised=False` builds without
    the optimising passes: the same games again, slower to play, several times faster to build.
    `tracing=True`: a build that can say which rules each move ran (interpreter/play/trace.py).
    `decisions="simultaneous"`: a secret choice (`each q in players chooses secretly:`) is one node
    where current_player() is SIMULTANEOUS and apply_joint() plays every player's move at once;
    by default its choices are asked one after another (the sequential mode)."""
    with gc_paused():  # loading makes many objects that all stay: nothing for the collector to find
        return Game(load_program_for(name_or_path, mods), options or {}, player_names, team_of, chance, counting,
                    optimised, tracing, decisions)
