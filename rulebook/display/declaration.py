"""Read a game's display declaration (display.yaml) and compile its expressions against the game.

The declaration is data: sections laid out as a ring, a grid, rows or a network, whose items show
parts (pieces in zones, lists of members, values, marks) written as rules expressions. Each
expression is checked against the game's program when the declaration is read, and a mistake is
reported at its line and column in display.yaml. Nothing here knows any game.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Optional

from rulebook.dsl.errors import Diagnostic, RulesError
from rulebook.dsl.nodes import Span
from rulebook.dsl.tables import load_yaml
from rulebook.dsl.types import show

from .notes import compile_notes

FILE = "display.yaml"
SCHEMA = Path(__file__).with_name("display.schema.json")
LAYOUTS = ("ring", "grid", "rows", "network")
PIECE = "piece"  # what a `pieces` part's `text` calls each piece


@dataclass
class Expr:
    """One compiled expression: fn(state, *values of the names in scope)."""

    fn: Callable
    type: Any
    text: str


@dataclass
class Part:
    kind: str                       # pieces | list | value | mark
    expr: Optional[Expr]            # pieces: counts per kind (or a pile's pieces); list; value (text)
    label: Optional[Expr] = None    # a text
    when: Optional[Expr] = None
    count: Optional[Expr] = None    # mark: how many times
    member_type: Any = None         # pieces, list: the type of one element (for names and colours)
    ordered: bool = False           # pieces: a pile (its pieces in order, bottom first)
    total: Optional[Expr] = None    # pieces: how many there are (visible even when which are not)
    names: Optional[Expr] = None    # pieces: each kind's (or piece's) text; list: each element's text


@dataclass
class Section:
    title: str
    layout: str
    name: str                       # what the item expressions call the item
    item_type: str                  # its type, as rules write it
    items: Expr                     # the list of items
    board: Optional[str] = None
    each: str = "node"
    when: Optional[Expr] = None     # no parameters: the whole section
    show: Optional[Expr] = None     # per item: drawn only when this holds
    label: Optional[Expr] = None
    text: Optional[Expr] = None     # grid, network: a cell's short text
    picture_text: Optional[Expr] = None  # …in the picture, where it differs (the terminal's letter codes left out)
    fill: Optional[Expr] = None     # grid, network: what colours a cell
    fill_name: Optional[Expr] = None  # the fill's value as the game writes it
    at: Optional[tuple] = None      # network: (column, row) expressions
    links: Optional[Expr] = None    # network: the items each item is joined to
    place: Optional[tuple] = None   # grid: (column, row) of each node
    paths: Optional[Expr] = None    # grid: per cell, lists of ports (of a board of ports) joined by a line
    port_board: Optional[str] = None  # …that board
    tiles: Optional[Expr] = None    # ring by group: the nodes of each group
    parts: list = field(default_factory=list)
    per: Optional[Expr] = None      # the section drawn once per value of this list…
    per_name: str = ""              # …which its expressions call this
    title_text: Optional[Expr] = None  # with `per`: the title, a text that may name it


@dataclass
class Display:
    header: list                    # parts with no item
    sections: list
    colours: dict                   # type name -> {member name: CSS colour}
    source: str                     # the file it came from ("" when made up from the declarations)
    moves: dict = field(default_factory=dict)  # a shown text beside moves, by option (notes.py)


class _Compiler:
    """Compiles one declaration's expressions; collects every mistake before reporting."""

    def __init__(self, game, path: str, located):
        self.game = game
        self.path = path
        self.located = located
        self.errors: list[Diagnostic] = []

    def span(self, where: tuple) -> Span:
        if self.located is None:
            return Span(self.path, 0, 0)
        return self.located.text_starts.get(where) or self.located.marks.get(where) or Span(self.path, 1, 1)

    def expr(self, source: str, params: dict, where: tuple, shift: int = 0, shown: Optional[str] = None) -> Optional[Expr]:
        """Compile `source` with `params`; the declaration's own text starts `shift` characters
        into it (so a mistake is reported at its column in the file)."""
        span = self.span(where)
        line, column = (span.line, max(1, span.column - shift)) if span.line else (1, 1)
        try:
            t = self.game.type_of(source, params, self.path, line, column)
            fn = self.game.snippet(source, params, False, self.path, line, column)
        except RulesError as err:
            self.errors.extend(err.diagnostics)
            return None
        return Expr(fn, t, shown if shown is not None else source)

    def text(self, text: Optional[str], params: dict, where: tuple, shift: int = 0) -> Optional[Expr]:
        """A shown text: quoted as rules text, so `{…}` placeholders work."""
        if text is None:
            return None
        if '"' in text:
            self.errors.append(Diagnostic(self.span(where), "a shown text may not hold a double quote"))
            return None
        return self.expr(f'"{text}"', params, where, 1 + shift, text)

    def kind_of(self, e: Optional[Expr], forms: tuple, where: tuple, what: str):
        if e is None:
            return None
        t = e.type
        if isinstance(t, tuple) and t[0] in forms:
            return t
        self.errors.append(Diagnostic(self.span(where), f"'{e.text}' is {show(t)}, not {what}"))
        return None


def read_display(game, folder: Path, extra: tuple = ()) -> Optional[Display]:
    """The display declared in `folder`/display.yaml (with the sections of `extra` declarations,
    e.g. from mods, added: a section with a base section's title replaces it), or None if there
    is none. Raises RulesError listing every mistake, at its line and column."""
    files = [p for p in [folder / FILE, *(Path(e) / FILE for e in extra)] if p.is_file()]
    if not files:
        return None
    display: Optional[Display] = None
    for path in files:
        more = _read_one(game, path)
        if display is None:
            display = more
            continue
        titles = {s.title: i for i, s in enumerate(display.sections)}
        for section in more.sections:
            if section.title in titles:
                display.sections[titles[section.title]] = section
            else:
                display.sections.append(section)
        display.header.extend(more.header)
        display.moves.update(more.moves)
        for type_name, colours in more.colours.items():
            display.colours.setdefault(type_name, {}).update(colours)
    return display


def _read_one(game, path: Path) -> Display:
    data, located = load_yaml(path)
    _check_schema(data, located, path)
    return compile_display(game, data, str(path), located)


def _check_schema(data, located, path: Path) -> None:
    from jsonschema import Draft202012Validator

    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    errors = sorted(Draft202012Validator(schema).iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))
    if errors:
        raise RulesError([Diagnostic(located.span(tuple(e.absolute_path)), _describe(e)) for e in errors[:5]])


def _describe(error) -> str:
    if error.validator == "additionalProperties":
        return f"{error.message} (see docs/display.md)"
    return error.message


def compile_display(game, data: dict, path: str, located=None) -> Display:
    """A Display from declaration data (as read from YAML). Raises RulesError on mistakes."""
    c = _Compiler(game, path, located)
    header = [p for i, raw in enumerate(data.get("header", [])) if (p := _part(c, raw, {}, ("header", i)))]
    sections = []
    for i, raw in enumerate(data.get("sections", [])):
        section = _section(c, raw, ("sections", i))
        if section is not None:
            sections.append(section)
    moves = compile_notes(c, data.get("moves", []))
    if c.errors:
        raise RulesError(c.errors)
    colours = {str(k): {str(m): str(v) for m, v in (members or {}).items()}
               for k, members in (data.get("colours") or {}).items()}
    return Display(header, sections, colours, path, moves)


def _section(c: _Compiler, raw: dict, where: tuple) -> Optional[Section]:
    layout = raw["layout"]
    board = raw.get("board")
    boards = c.game.program.boards
    outer: dict = {}
    per = None
    if "per" in raw:
        per_name, per, per_type = _domain(c, raw["per"], where + ("per",), {})
        if per is None:
            return None
        outer = {per_name: per_type}
    if layout == "rows":
        name, items, item_type = _domain(c, raw.get("for"), where + ("for",), outer)
        if items is None:
            return None
    else:
        if board not in boards:
            known = ", ".join(sorted(boards)) or "none"
            c.errors.append(Diagnostic(c.span(where + ("board",) if board else where),
                                       f"a {layout} needs a board of the game: one of {known}"))
            return None
        shape = boards[board].shape
        # A hex board is a grid whose rows are drawn half a cell apart.
        if shape != layout and layout != "network" and (layout, shape) != ("grid", "hex"):
            c.errors.append(Diagnostic(c.span(where + ("board",)), f"board '{board}' is a {shape}, not a {layout}"))
            return None
        each = raw.get("each", "node")
        name = raw.get("as", "group" if each == "group" else "node")
        item_type = f"group of {board}" if each == "group" else board
        items = c.expr(f"groups({board})" if each == "group" else f"nodes({board})", outer, where + ("board",))
        if items is None:
            return None
    params = {**outer, name: item_type}
    section = Section(str(raw.get("title", "")), layout, name, item_type, items, board, raw.get("each", "node"))
    if per is not None:
        section.per, section.per_name = per, next(iter(outer))
        section.title_text = c.text(section.title, outer, where + ("title",))
    if "when" in raw:
        section.when = c.expr(raw["when"], outer, where + ("when",))
    if "show" in raw:
        section.show = c.expr(raw["show"], params, where + ("show",))
    section.label = c.text(raw.get("label", "{" + name + "}"), params, where + ("label",))
    section.text = c.text(raw.get("text"), params, where + ("text",))
    section.picture_text = c.text(raw.get("picture_text"), params, where + ("picture_text",))
    if "fill" in raw:
        section.fill = c.expr(raw["fill"], params, where + ("fill",))
        section.fill_name = c.text("{" + raw["fill"] + "}", params, where + ("fill",), 1)
    node_param = {**outer, name: item_type}
    if layout == "grid":
        section.place = (c.expr(f"column_of({name})", node_param, where), c.expr(f"row_of({name})", node_param, where))
    if layout == "grid" and "paths" in raw:
        section.paths = c.expr(raw["paths"], params, where + ("paths",))
        section.port_board = _port_board(c, section.paths, board, where + ("paths",))
    if layout == "network":
        if "at" in raw:
            section.at = tuple(c.expr(e, params, where + ("at", i)) for i, e in enumerate(raw["at"]))
        section.links = c.expr(raw.get("links", f"neighbours({name})"), params, where + ("links",))
    if section.each == "group":
        section.tiles = c.expr(f"tiles({name})", params, where)
    section.parts = [p for i, part in enumerate(raw.get("parts", []))
                     if (p := _part(c, part, params, where + ("parts", i)))]
    return section


def _port_board(c: _Compiler, paths: Optional[Expr], grid: str, where: tuple) -> Optional[str]:
    """The board of ports on `grid` whose ports `paths` lists (a list of lists of its ports)."""
    if paths is None:
        return None
    t = paths.type
    inner = t[1] if isinstance(t, tuple) and t[0] == "list" else None
    port = inner[1] if isinstance(inner, tuple) and inner[0] == "list" else None
    board = c.game.program.boards.get(port[1]) if isinstance(port, tuple) and port[0] == "node" else None
    if board is None or board.shape != "ports" or board.grid != grid:
        c.errors.append(Diagnostic(c.span(where), f"'{paths.text}' is {show(t)}, not a list of lists of ports "
                                                  f"of a board of ports on '{grid}'"))
        return None
    return board.name


def _domain(c: _Compiler, text: Optional[str], where: tuple, params: dict):
    """`p in players` (or without `for`, one row): the name, the compiled list, the element type."""
    if text is None:
        return "row", c.expr("[1]", params, where), "int"
    name, sep, domain = text.partition(" in ")
    name = name.strip()
    if not sep or not name.isidentifier():
        c.errors.append(Diagnostic(c.span(where), f"write 'for: NAME in LIST', not '{text}'"))
        return None, None, None
    prefix = f"[{name} for {name} in "
    items = c.expr(prefix + domain + "]", params, where, len(prefix) - len(name) - 4, text)
    if items is None:
        return None, None, None
    return name, items, show(items.type[1]) if isinstance(items.type, tuple) else "int"


def _part(c: _Compiler, raw: dict, params: dict, where: tuple) -> Optional[Part]:
    kinds = [k for k in ("pieces", "list", "value", "mark") if k in raw]
    kind = kinds[0]
    part = Part(kind, None, label=c.text(raw.get("label"), params, where + ("label",)))
    if "when" in raw:
        part.when = c.expr(raw["when"], params, where + ("when",))
    text = raw[kind]
    spot = where + (kind,)
    if kind == "pieces":
        zone = c.expr(text, params, spot)
        t = c.kind_of(zone, ("zone", "zones", "pile"), spot, "a zone or a pile")
        if t is None:
            return None
        member = t[1]
        part.member_type = ("kind", member)
        part.ordered = t[0] == "pile"
        part.total = c.expr(f"count({text})", params, spot, 6, text)
        piece_params = dict(params, **{PIECE: member})
        shown = raw.get("text", "{" + PIECE + "}")
        if part.ordered:
            part.expr = c.expr(f"[{PIECE} for {PIECE} in {text}]", params, spot, 2 * len(PIECE) + 10, text)
        else:
            part.expr = c.expr(f"[{text}[{PIECE}] for {PIECE} in {member}]", params, spot, 1, text)
        part.names = c.text(shown, piece_params, where + ("text",))
    elif kind == "list":
        part.expr = c.expr(text, params, spot)
        t = c.kind_of(part.expr, ("list",), spot, "a list")
        if t is None:
            return None
        part.member_type = t[1]
        part.names = c.text("{" + PIECE + "}", dict(params, **{PIECE: show(t[1])}), spot)
    elif kind == "value":
        part.expr = c.text("{" + text + "}", params, spot, 1)
    else:
        part.expr = c.text(text, params, spot)
        if "count" in raw:
            part.count = c.expr(str(raw["count"]), params, where + ("count",))
    return part
