"""The board renderer: a game's display declaration → a scene of one player's view → text or SVG.

    display = display_for(game)                 # rules/<game>/display.yaml (or one made up)
    scene = make_scene(game, display, game.view(state, player))
    draw_scene(scene, sys.stdout)               # the terminal, with rich
    svg = draw_svg(scene)                       # an SVG picture

It knows no game: which zones, boards and counters are shown, and how, is the game's data.
"""
from __future__ import annotations

import weakref
from pathlib import Path
from typing import Sequence

from .declaration import Display, compile_display, read_display
from .scene import make_scene
from .svg import draw_svg
from .terminal import draw_scene, scene_text

__all__ = ["Display", "display_for", "make_scene", "draw_scene", "scene_text", "draw_svg", "scene_of",
           "default_declaration", "picture"]

_DISPLAYS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def display_for(game, mods: Sequence[str | Path] = ()) -> Display:
    """The game's declared display (its mods' display.yaml sections added), compiled once per
    game; a game that declares none gets one made up from its declarations."""
    found = _DISPLAYS.get(game)
    if found is None:
        found = read_display(game, Path(game.program.path), tuple(str(m) for m in mods))
        if found is None:
            found = compile_display(game, default_declaration(game), "<made-up display>")
        _DISPLAYS[game] = found
    return found


def scene_of(game, state, viewer) -> dict:
    """The scene of `state` as `viewer` (a player, or None: what everyone sees) may see it."""
    return make_scene(game, display_for(game), game.view(state, viewer))


def picture(game, state, kind: str = "text") -> str:
    """The board as everyone may see it: "text" (the terminal drawing) or "svg" (the page's)."""
    scene = scene_of(game, state, None)
    return draw_svg(scene) if kind == "svg" else scene_text(scene)


def default_declaration(game) -> dict:
    """A display for a game that declares none: its unindexed zones and variables, then those of
    each player, then each board's nodes with what is indexed by them."""
    program = game.program

    def indexed_by(decl) -> tuple:
        return tuple(part.type_name for part in decl.index)

    def parts_for(index: tuple, name: str) -> list:
        parts = []
        suffix = f"[{name}]" if index else ""
        for zone in program.zones.values():
            if indexed_by(zone) == index:
                parts.append({"pieces": zone.name + suffix, "label": zone.name})
        for var in program.vars.values():
            if indexed_by(var) == index:
                parts.append({"value": var.name + suffix, "label": var.name})
        return parts

    sections = []
    table = parts_for((), "")
    if table:
        sections.append({"title": "Table", "layout": "rows", "parts": table, "label": program.title})
    players = parts_for(("player",), "p")
    if players:
        sections.append({"title": "Players", "layout": "rows", "for": "p in players", "label": "{p}",
                         "parts": players})
    for board in program.boards.values():
        layout = "grid" if board.shape == "hex" else board.shape  # a hex board is drawn as a skewed grid
        parts = parts_for((board.name,), "x")
        sections.append({"title": board.name, "layout": layout, "board": board.name, "as": "x",
                         "label": "{x}", "parts": parts, **({"text": "{x}"} if layout == "grid" else {})})
    return {"sections": sections}
