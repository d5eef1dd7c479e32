"""A scene: what a display declaration shows of one view, as plain data both renderers draw.

Everything is worked out on states rebuilt from a player's view (`Game.view_state`), never on the
game's real state, so a scene holds nothing the view's player may not see. Each expression is
worked out on two fillings of what the view hides; where they differ the value depends on hidden
information and is shown as `?` (pieces: only how many there are).
"""
from __future__ import annotations

import hashlib
from typing import Any, Optional

from .declaration import Display, Part, Section
from .notes import note_key

HIDDEN = "?"

# Colour words a game may name its members by; anything else gets a colour from PALETTE.
CSS_COLOURS = {
    "red", "orange", "yellow", "green", "blue", "indigo", "violet", "purple", "pink", "brown", "black",
    "white", "grey", "gray", "gold", "silver", "cyan", "magenta", "teal", "navy", "maroon", "olive",
    "lime", "aqua", "beige", "tan", "coral", "salmon", "khaki", "crimson", "turquoise", "lavender",
}
PALETTE = ("#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7",
           "#9c755f", "#bab0ac", "#86bcb6", "#d37295")


class Palette:
    """The colour of a member, player or team: declared, else its own name when that is a colour
    word, else one from a fixed palette (the same name always gets the same colour)."""

    def __init__(self, declared: dict):
        self.declared = declared

    def colour(self, type_name: Optional[str], name: str) -> Optional[str]:
        if type_name is None:
            return None
        chosen = self.declared.get(type_name, {}).get(name)
        if chosen:
            return chosen
        if name.lower() in CSS_COLOURS:
            return name.lower()
        digest = hashlib.sha1(f"{type_name}:{name}".encode()).digest()
        return PALETTE[digest[0] % len(PALETTE)]


def column_name(col: int) -> str:
    """A grid column's name as the game's grid nodes are named: a, b, … z, aa, ab, …"""
    name = ""
    while col:
        col, r = divmod(col - 1, 26)
        name = chr(ord("a") + r) + name
    return name


def type_name(t: Any) -> Optional[str]:
    """What colours are declared under for values of type t: a kind's, a board's name, player, team."""
    if t in ("player", "team"):
        return t
    if isinstance(t, tuple) and t[0] in ("kind", "node"):
        return t[1]
    return None


class _Evaluator:
    """Works expressions out on the two fillings of one view."""

    def __init__(self, game, view: dict):
        self.game = game
        self.first = game.view_state(view, 0)
        self.second = game.view_state(view, 1)

    def both(self, expr, *args) -> tuple[Any, bool]:
        """(value on the first filling, whether it depends on what the view hides)."""
        try:
            value = expr.fn(self.first, *args)
        except Exception:  # noqa: BLE001 - a value the view cannot give (it rests on hidden slots)
            return None, True
        try:
            other = expr.fn(self.second, *args)
        except Exception:  # noqa: BLE001
            return value, True
        return value, value != other

    def text(self, expr, *args) -> Optional[str]:
        if expr is None:
            return None
        value, hidden = self.both(expr, *args)
        return HIDDEN if hidden else str(value)

    def truth(self, expr, *args) -> bool:
        """A condition; one resting on hidden information counts as not holding."""
        if expr is None:
            return True
        value, hidden = self.both(expr, *args)
        return bool(value) and not hidden

    def number(self, expr, *args) -> int:
        value, hidden = self.both(expr, *args)
        return 0 if hidden or not isinstance(value, int) else value


def make_scene(game, display: Display, view: dict, title: str = "") -> dict:
    """The scene of one view (as game.view gives it, or a player's record holds it)."""
    ev = _Evaluator(game, view)
    palette = Palette(display.colours)
    sections = []
    for section in display.sections:
        if section.per is None:
            if ev.truth(section.when):
                sections.append(_section(ev, palette, section, (), section.title))
            continue
        values, hidden = ev.both(section.per)
        for value in [] if hidden or values is None else values:
            if ev.truth(section.when, value):
                sections.append(_section(ev, palette, section, (value,), ev.text(section.title_text, value) or ""))
    return {"title": title or game.title, "header": [p for part in display.header if (p := _part(ev, palette, part, ()))],
            "sections": sections}


def _section(ev: _Evaluator, palette: Palette, section: Section, base: tuple, title: str) -> dict:
    """One section; `base` holds the value of its `per` name, if it has one."""
    items, hidden = ev.both(section.items, *base)
    out: dict = {"title": title, "layout": section.layout, "items": []}
    board = ev.game.program.boards.get(section.board) if section.board else None
    if board is not None and board.from_bottom:
        out["rows_up"] = True  # a1 at the bottom left: row 1 is drawn last, at the bottom
    if board is not None and board.shape == "hex":
        out["skew"] = True  # each row half a cell right of the row drawn above it: six neighbours show
    if hidden or items is None:
        return out
    for value in items:
        if section.show is not None and not ev.truth(section.show, *base, value):
            continue
        out["items"].append(_item(ev, palette, section, base, value))
    return out


def _item(ev: _Evaluator, palette: Palette, section: Section, base: tuple, item_value) -> dict:
    value = (*base, item_value)
    item: dict = {"key": str(item_value), "label": ev.text(section.label, *value)}
    if section.text is not None:
        item["text"] = ev.text(section.text, *value)
    if section.picture_text is not None:
        item["picture_text"] = ev.text(section.picture_text, *value)
    if section.fill is not None:
        name = ev.text(section.fill_name, *value)
        if name not in (None, HIDDEN, "none"):
            item["fill"] = palette.colour(type_name(section.fill.type) or "fill", name)
    if section.place is not None:
        item["col"], item["row"] = ev.number(section.place[0], *value), ev.number(section.place[1], *value)
    if section.port_board is not None:
        item["paths"] = _paths(ev, palette, section, value, item_value)
    if section.at is not None:
        item["at"] = [ev.number(section.at[0], *value), ev.number(section.at[1], *value)]
    if section.links is not None:
        links, hidden = ev.both(section.links, *value)
        item["links"] = [] if hidden or links is None else [str(v) for v in links]
    if section.tiles is not None:
        tiles, hidden = ev.both(section.tiles, *value)
        item["nodes"] = [] if hidden or tiles is None else list(tiles)
    elif section.layout in ("ring", "network"):
        item["nodes"] = [item_value]
    item["parts"] = [p for part in section.parts if (p := _part(ev, palette, part, value))]
    return item


def _part(ev: _Evaluator, palette: Palette, part: Part, args: tuple) -> Optional[dict]:
    if not ev.truth(part.when, *args):
        return None
    label = ev.text(part.label, *args)
    if part.kind == "pieces":
        return _pieces(ev, palette, part, args, label)
    if part.kind == "list":
        values, hidden = ev.both(part.expr, *args)
        if hidden or values is None:
            return {"kind": "value", "label": label, "value": HIDDEN}
        colour_of = type_name(part.member_type)
        items = []
        for v in values:
            name = ev.text(part.names, *args, v) or str(v)
            items.append({"name": name, "colour": palette.colour(colour_of, name)})
        return {"kind": "list", "label": label, "items": items}
    if part.kind == "value":
        return {"kind": "value", "label": label, "value": ev.text(part.expr, *args)}
    count = 1 if part.count is None else ev.number(part.count, *args)
    if count <= 0:
        return None
    return {"kind": "mark", "text": ev.text(part.expr, *args), "count": count}


def _pieces(ev: _Evaluator, palette: Palette, part: Part, args: tuple, label: Optional[str]) -> dict:
    total = ev.number(part.total, *args)
    values, hidden = ev.both(part.expr, *args)
    out: dict = {"kind": "pieces", "label": label, "total": total, "ordered": part.ordered, "pieces": []}
    if hidden or values is None:
        out["hidden"] = True
        return out
    colour_of = type_name(part.member_type)
    if part.ordered:
        for member in values:
            name = ev.text(part.names, *args, member) or str(member)
            out["pieces"].append({"name": name, "count": 1, "colour": palette.colour(colour_of, name)})
        return out
    for member, count in enumerate(values):
        if count:
            name = ev.text(part.names, *args, member) or str(member)
            out["pieces"].append({"name": name, "count": count, "colour": palette.colour(colour_of, name)})
    return out


def _paths(ev: _Evaluator, palette: Palette, section: Section, value: tuple, cell: int) -> list:
    """The lines a cell's `paths` draws: each through the points of its ports on the cell's sides
    (x, y from 0 to 1 across the cell), or from its one port to the middle; coloured by the first
    port's lane."""
    lists, hidden = ev.both(section.paths, *value)
    if hidden or not lists:
        return []
    board = ev.game.layout.boards[section.port_board]
    decl = ev.game.program.boards[section.port_board]
    geometry, lanes = board.ports, ev.game.kind_names.get(decl.lanes)
    out, drawn = [], set()
    for ports in lists:
        points = [_port_point(geometry, port, cell) for port in ports]
        if frozenset(points) in drawn:
            continue  # the same line listed from its other end
        drawn.add(frozenset(points))
        if len(points) == 1:
            points.append((0.5, 0.5))
        lane = geometry.lane[ports[0] - 1]
        name = str(lanes[lane]) if lanes else str(lane)
        out.append({"points": [list(p) for p in points], "colour": palette.colour(decl.lanes, name), "lane": name})
    return out


def _port_point(geometry, port: int, cell: int) -> tuple:
    """Where a port lies on `cell`'s edge: its side (the way it heads when it heads out of the
    cell, else the other way) and its lane's place along that side."""
    side = geometry.heading[port - 1] if geometry.behind[port - 1] == cell else (geometry.heading[port - 1] + 2) % 4
    along = (geometry.lane[port - 1] + 1) / (geometry.lanes + 1)
    return [(along, 0.0), (1.0, along), (along, 1.0), (0.0, along)][side]


def move_notes(game, display, state, moves: list, viewer: Optional[int]) -> list[Optional[str]]:
    """Each move's note as `viewer` (the deciding player) may see it, or None where the display
    declares none (or it cannot be worked out on this position)."""
    if not display.moves or not moves:
        return [None] * len(moves)
    sources = game.choice_sources(state)
    ev = _Evaluator(game, game.view(state, viewer))
    shown: list[Optional[str]] = []
    for move in moves:
        span, number = sources[move.option]
        entry = display.moves.get(note_key(span, number))
        if entry is None or len(move.values) != entry[1]:
            shown.append(None)
            continue
        value, hidden = ev.both(entry[0], *move.values)
        shown.append(HIDDEN if hidden and value is not None else (None if value is None else str(value)))
    return shown
