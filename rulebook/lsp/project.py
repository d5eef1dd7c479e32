"""Which game (and mods) a file belongs to: the rules folder it lies in, or the game a mod extends."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from rulebook.dsl.errors import RulebookError

MANIFEST = "mod.yaml"


@dataclass(frozen=True)
class Project:
    """A game's rules folder and the mods layered over it (a mod's file checks with its game)."""

    folder: Path
    mods: tuple = ()
    lost_mod: Optional[Path] = None  # a mod whose game cannot be found: only its manifest is checked

    @property
    def folders(self) -> tuple:
        return (self.folder, *self.mods)

    def files(self) -> list[Path]:
        """The rules and table files of the game and its mods."""
        found: list[Path] = []
        for folder in (self.folders if self.lost_mod is None else (self.lost_mod,)):
            found += sorted(folder.glob("*.rules")) + sorted(p for p in folder.glob("*.yaml") if p.name != MANIFEST)
        return found


def find_project(path: Path) -> Optional[Project]:
    """The project of a file: its folder when that holds rules (a game's) or a manifest (a mod's,
    with the game it extends); None for a file outside any game."""
    folder = path.resolve().parent
    if (folder / MANIFEST).is_file():
        from rulebook.api import mod_game
        from rulebook.dsl.mods import read_mod

        try:
            base = mod_game(read_mod(folder))
        except RulebookError:  # a manifest being written: its own diagnostics say what is wrong
            base = None
        return Project(base, (folder,)) if base is not None else Project(folder, lost_mod=folder)
    if any(folder.glob("*.rules")):
        return Project(folder)
    return None
