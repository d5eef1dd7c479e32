"""Draw a scene in the terminal with rich: a grid as a grid, rows and rings as tables of lines.

Without a terminal (a pipe, a file) the same text comes out without colour.
"""
from __future__ import annotations

from typing import Optional, TextIO

from rich.console import Console
from rich.table import Table
from rich.text import Text

from .scene import column_name


def console_for(out: TextIO) -> Console:
    return Console(file=out, highlight=False, emoji=False, markup=False, soft_wrap=False)


def draw_scene(scene: dict, out: TextIO, console: Optional[Console] = None) -> None:
    console = console or console_for(out)
    header = Text(" · ").join(_part_text(p) for p in scene["header"]) if scene["header"] else None
    if header is not None:
        console.print(header)
    for section in scene["sections"]:
        if section["title"]:
            console.print(Text(section["title"], style="bold underline"))
        draw = {"grid": _grid, "network": _network}.get(section["layout"], _lines)
        draw(console, section)


def scene_text(scene: dict, width: int = 100) -> str:
    """The scene as plain text (what a pipe gets)."""
    import io

    buffer = io.StringIO()
    console = Console(file=buffer, width=width, color_system=None, highlight=False, emoji=False, markup=False)
    draw_scene(scene, buffer, console)
    return buffer.getvalue()


def _style(colour: Optional[str]) -> str:
    return f"bold {colour}" if colour and colour.startswith("#") else (colour or "")


def _pieces(part: dict) -> Text:
    if part.get("hidden"):
        return Text(f"{part['total']} hidden", style="italic")
    if not part["pieces"]:
        return Text("—", style="dim")
    words = []
    for piece in part["pieces"]:
        word = Text(piece["name"], style=_style(piece.get("colour")))
        if piece["count"] > 1:
            word.append(f"×{piece['count']}")
        words.append(word)
    # Names of one word (colours) read best side by side; longer ones need a mark between them.
    return Text(", " if any(" " in piece["name"] for piece in part["pieces"]) else " ").join(words)


def _part_text(part: dict) -> Text:
    label = part.get("label")
    kind = part["kind"]
    if kind == "mark":
        text = Text(part["text"] or "", style="bold")
        if part["count"] > 1:
            text.append(f" ×{part['count']}")
        return text
    if kind == "pieces":
        body = _pieces(part)
    elif kind == "list":
        body = Text(", ").join(Text(i["name"], style=_style(i.get("colour"))) for i in part["items"]) \
            if part["items"] else Text("—", style="dim")
    else:
        body = Text(str(part["value"]))
    return Text.assemble(Text(f"{label}: ", style="dim"), body) if label else body


def _item_label(item: dict) -> Text:
    label = Text(item.get("label") or item["key"], style="bold")
    nodes = item.get("nodes") or []
    if len(nodes) > 1:
        label.append(" (" + "+".join(str(n) for n in nodes) + ")", style="dim")
    return label


def _lines(console: Console, section: dict) -> None:
    """Rings and rows: one line per item, its label and then its parts."""
    table = Table(show_header=False, box=None, padding=(0, 1), pad_edge=False)
    table.add_column(no_wrap=True)
    table.add_column(overflow="fold")
    for item in section["items"]:
        table.add_row(_item_label(item), Text("  ").join(_part_text(p) for p in item["parts"]))
    console.print(table)


def _cell(item: dict) -> Text:
    text = item.get("text") or item.get("label") or ""
    fill = item.get("fill")
    return Text(text, style=f"on {fill}" if fill and fill.startswith("#") else "")


def _matrix(console: Console, cells: dict, columns: int, rows: int, letters: bool, rows_up: bool = False) -> None:
    table = Table(show_header=True, box=None, padding=(0, 1), pad_edge=False, header_style="dim")
    table.add_column("", style="dim", justify="right")
    for col in range(1, columns + 1):
        table.add_column(column_name(col) if letters else str(col), justify="center")
    for row in (range(rows, 0, -1) if rows_up else range(1, rows + 1)):
        table.add_row(str(row), *(cells.get((col, row), Text("")) for col in range(1, columns + 1)))
    console.print(table)


def _grid(console: Console, section: dict) -> None:
    items = section["items"]
    if not items:
        return
    cells = {(i["col"], i["row"]): _cell(i) for i in items}
    draw = _skewed if section.get("skew") else _matrix
    draw(console, cells, max(i["col"] for i in items), max(i["row"] for i in items), True,
         section.get("rows_up", False))
    detail = [i for i in items if i["parts"] and not i.get("text")]
    if detail:
        _lines(console, dict(section, items=detail))


def _skewed(console: Console, cells: dict, columns: int, rows: int, letters: bool, rows_up: bool = False) -> None:
    """A hex board: each row drawn half a cell right of the row above it, so that a cell's six
    neighbours are the ones that touch it on the page."""
    width = max([len(t.plain) for t in cells.values()] + [len(column_name(columns))])
    label = len(str(rows)) + 1
    console.print(Text(" " * label + " ".join(column_name(c).center(width) for c in range(1, columns + 1)), style="dim"))
    order = list(range(rows, 0, -1) if rows_up else range(1, rows + 1))
    for drawn, row in enumerate(order):
        line = Text(str(row).rjust(label - 1) + " " + " " * (drawn * (width + 1) // 2), style="dim")
        for col in range(1, columns + 1):
            text = cells.get((col, row), Text(""))
            line.append_text(Text(text.plain.center(width), style=text.style))
            line.append(" ")
        console.print(line)


def _network(console: Console, section: dict) -> None:
    """Placed nodes as a text grid; then every node with what it is joined to."""
    items = section["items"]
    placed = [i for i in items if "at" in i]
    if placed:
        low_x = min(i["at"][0] for i in placed)
        low_y = min(i["at"][1] for i in placed)
        cells = {(i["at"][0] - low_x + 1, i["at"][1] - low_y + 1): _cell(i) for i in placed}
        _matrix(console, cells, max(c for c, _ in cells), max(r for _, r in cells), False)
    table = Table(show_header=False, box=None, padding=(0, 1), pad_edge=False)
    table.add_column(no_wrap=True)
    table.add_column(overflow="fold")
    labels = {i["key"]: i.get("label") or i["key"] for i in items}
    for item in items:
        joined = ", ".join(labels.get(k, k) for k in item.get("links", []))
        parts = [_part_text(p) for p in item["parts"]]
        if joined:
            parts.append(Text(f"→ {joined}", style="dim"))
        table.add_row(_item_label(item), Text("  ").join(parts))
    console.print(table)
