"""Draw a scene as one SVG picture: sections stacked, each in its layout's shape.

A ring puts its nodes on a circle (merged nodes joined as one item), a grid its cells in rows and
columns, rows one band per item, a network its nodes where declared (or on a circle) with lines
between joined ones. Pieces are coloured dots with their count, a pile's pieces small cards in
order, marks labelled badges. Every text is escaped.
"""
from __future__ import annotations

import math
from html import escape
from typing import Optional

from .scene import CSS_COLOURS, column_name

WIDTH = 760
FONT = "font-family='Helvetica,Arial,sans-serif'"
TITLE_HEIGHT = 26
DOT = 6


def _text(x: float, y: float, text: str, size: int = 12, anchor: str = "start", weight: str = "normal",
          fill: str = "#222") -> str:
    extra = (f" font-size='{size}'" if size != 12 else "") + (f" text-anchor='{anchor}'" if anchor != "start" else "") \
        + (" font-weight='bold'" if weight == "bold" else "") + (f" fill='{fill}'" if fill != "#222" else "")
    return f"<text x='{x:.0f}' y='{y:.0f}'{extra}>{escape(text)}</text>"


def _colour(value: Optional[str], default: str = "#888") -> str:
    return escape(value or default, quote=True)


def _width_of(text: str, size: int = 12) -> float:
    return len(text) * size * 0.52 + 4


class _Flow:
    """Lays out parts left to right from (x, y), wrapping at `right`; collects SVG elements."""

    def __init__(self, x: float, y: float, right: float, line: float = 20):
        self.left = self.x = x
        self.y = y
        self.right = right
        self.line = line
        self.out: list[str] = []
        self.bottom = y + line
        self.widest = x

    def room(self, width: float) -> None:
        if self.x + width > self.right and self.x > self.left:
            self.x = self.left
            self.y += self.line
            self.bottom = self.y + self.line
        self.widest = max(self.widest, self.x + width)

    def centred(self) -> list[str]:
        """The elements moved to the middle of the room they had (for a node's contents)."""
        shift = (self.right - self.widest) / 2
        if not self.out or shift < 1:
            return self.out
        return [f"<g transform='translate({shift:.0f},0)'>"] + self.out + ["</g>"]

    def word(self, text: str, size: int = 11, fill: str = "#555") -> None:
        width = _width_of(text, size)
        if width > self.right - self.left and " " in text:  # too long for the room: word by word
            for piece in text.split():
                self.word(piece, size, fill)
            return
        self.room(width)
        self.out.append(_text(self.x, self.y + 14, text, size, fill=fill))
        self.x += width

    def dot(self, colour: Optional[str], count: int) -> None:
        label = str(count) if count > 1 else ""
        width = DOT * 2 + 4 + (_width_of(label, 10) if label else 0)
        self.room(width)
        cx, cy = self.x + DOT, self.y + 10
        self.out.append(f"<circle cx='{cx:.0f}' cy='{cy:.0f}' r='{DOT}' fill='{_colour(colour)}' "
                        f"stroke='#333' stroke-width='0.8'/>")
        if label:
            self.out.append(_text(cx + DOT + 2, cy + 4, label, 10))
        self.x += width

    def card(self, text: str, colour: Optional[str] = None) -> None:
        width = max(22.0, _width_of(text, 10) + 4)
        self.room(width + 3)
        self.out.append(f"<rect x='{self.x:.0f}' y='{self.y + 1:.0f}' width='{width:.0f}' height='17' rx='3' "
                        f"fill='#fffdf5' stroke='{_colour(colour, '#777')}' stroke-width='1.5'/>")
        self.out.append(_text(self.x + width / 2, self.y + 13.5, text, 10, "middle"))
        self.x += width + 3

    def badge(self, text: str, count: int) -> None:
        label = text + (f" ×{count}" if count > 1 else "")
        width = _width_of(label, 10) + 6
        self.room(width + 3)
        self.out.append(f"<rect x='{self.x:.0f}' y='{self.y + 1:.0f}' width='{width:.0f}' height='17' rx='8' "
                        f"fill='#333'/>")
        self.out.append(_text(self.x + width / 2, self.y + 13.5, label, 10, "middle", fill="#fff"))
        self.x += width + 3

    def gap(self) -> None:
        self.x += 6


def _parts(flow: _Flow, parts: list) -> None:
    for part in parts:
        if part.get("label"):
            flow.word(part["label"] + ":")
        kind = part["kind"]
        if kind == "pieces":
            if part.get("hidden"):
                flow.card(f"{part['total']} hidden")
            elif not part["pieces"]:
                flow.word("—", fill="#aaa")
            for piece in part.get("pieces", []):
                if part["ordered"] or not _is_colour_word(piece):
                    for _ in range(piece["count"]):
                        flow.card(piece["name"], piece.get("colour"))
                else:
                    flow.dot(piece.get("colour"), piece["count"])
        elif kind == "list":
            if not part["items"]:
                flow.word("—", fill="#aaa")
            for item in part["items"]:
                flow.dot(item.get("colour"), 1) if _is_colour_word(item) else flow.card(item["name"], item.get("colour"))
        elif kind == "value":
            flow.word(str(part["value"]), 12, "#111")
        else:
            flow.badge(part["text"] or "", part["count"])
        flow.gap()


def _is_colour_word(piece: dict) -> bool:
    """A piece named by its colour is drawn as a dot of that colour; any other as a small card
    with its name (its colour on the border)."""
    return piece["name"].lower() in CSS_COLOURS


def _picture(elements: list, height: float, y: Optional[float] = None) -> str:
    """One SVG element; standalone (with its namespace), or placed at `y` inside another."""
    height = math.ceil(height)
    where = f" y='{y:.0f}'" if y is not None else " xmlns='http://www.w3.org/2000/svg'"
    return (f"<svg{where} viewBox='0 0 {WIDTH} {height}' width='{WIDTH}' height='{height}' {FONT} fill='#222' "
            f"font-size='12'><rect width='100%' height='100%' fill='#fbfaf7'/>" + "".join(elements) + "</svg>")


def svg_pieces(scene: dict) -> list[tuple[str, int]]:
    """The scene as SVG pictures stacked top to bottom — the title and header, then one per
    section — with each one's height. A replay page keeps each once, however many steps and
    views show it."""
    out: list[str] = [_text(12, 24, scene["title"], 16, weight="bold")]
    y = 32.0
    if scene["header"]:
        flow = _Flow(12, y, WIDTH - 12)
        _parts(flow, scene["header"])
        out.extend(flow.out)
        y = flow.bottom + 6
    pieces = [(_picture(out, y), math.ceil(y))]
    for section in scene["sections"]:
        out, y = [], 0.0
        if section["title"]:
            out.append(_text(12, 17, section["title"], 14, weight="bold"))
            y = TITLE_HEIGHT
        draw = {"ring": _ring, "grid": _grid, "network": _network}.get(section["layout"], _rows)
        elements, height = draw(section, y)
        out.extend(elements)
        y += height + 10
        pieces.append((_picture(out, y), math.ceil(y)))
    return pieces


def draw_svg(scene: dict) -> str:
    """The scene as one standalone SVG document (text)."""
    inner, y = [], 0
    for picture, height in svg_pieces(scene):
        inner.append(picture.replace(" xmlns='http://www.w3.org/2000/svg'", f" y='{y}'", 1))
        y += height
    return _picture(inner, y + 4)


def _rows(section: dict, top: float) -> tuple[list, float]:
    out: list[str] = []
    y = top
    for index, item in enumerate(section["items"]):
        flow = _Flow(150, y + 4, WIDTH - 12)
        _parts(flow, item["parts"])
        height = flow.bottom - y + 6
        shade = "#f1eee6" if index % 2 == 0 else "#f7f5ef"
        out.append(f"<rect x='8' y='{y:.0f}' width='{WIDTH - 16}' height='{height:.0f}' rx='4' fill='{shade}'/>")
        out.append(_text(16, y + 18, item.get("label") or item["key"], 12, weight="bold"))
        out.extend(flow.out)
        y += height + 2
    return out, y - top


def _ring(section: dict, top: float) -> tuple[list, float]:
    items = section["items"]
    count = sum(len(i.get("nodes") or [1]) for i in items) or 1
    radius = max(110.0, min(300.0, count * 24.0))
    cx, cy = WIDTH / 2, top + radius + 60
    order = sorted({n for i in items for n in (i.get("nodes") or [])}) or list(range(1, count + 1))
    place = {n: (cx + radius * math.sin(2 * math.pi * k / len(order)), cy - radius * math.cos(2 * math.pi * k / len(order)))
             for k, n in enumerate(order)}
    out: list[str] = [f"<circle cx='{cx:.0f}' cy='{cy:.0f}' r='{radius:.0f}' fill='none' stroke='#d8d2c4' "
                      f"stroke-dasharray='4 6'/>"]
    for item in items:
        nodes = [n for n in item.get("nodes") or [] if n in place]
        points = [place[n] for n in nodes]
        if len(points) > 1:
            path = " ".join(f"{x:.0f},{y:.0f}" for x, y in points)
            out.append(f"<polyline points='{path}' fill='none' stroke='#b9d9a8' stroke-width='52' "
                       f"stroke-linecap='round' stroke-linejoin='round'/>")
        for x, y in points:
            out.append(f"<circle cx='{x:.0f}' cy='{y:.0f}' r='27' fill='#cfe8c0' stroke='#7ea86b'/>")
    for item in items:
        nodes = [n for n in item.get("nodes") or [] if n in place]
        if not nodes:
            continue
        x = sum(place[n][0] for n in nodes) / len(nodes)
        y = sum(place[n][1] for n in nodes) / len(nodes)
        out.append(_text(x, y - 8, item.get("label") or item["key"], 11, "middle", "bold"))
        flow = _Flow(x - 55, y - 4, x + 55, 18)
        _parts(flow, item["parts"])
        out.extend(flow.centred())
    return out, 2 * radius + 120


def _grid(section: dict, top: float) -> tuple[list, float]:
    items = section["items"]
    if not items:
        return [], 0
    columns = max(i["col"] for i in items)
    rows = max(i["row"] for i in items)
    skew = 0.5 if section.get("skew") else 0.0  # a hex board: each row half a cell right of the one above
    size = max(36.0, min(132.0, (WIDTH - 60) / (columns + skew * (rows - 1))))
    left = (WIDTH - size * (columns + skew * (rows - 1))) / 2
    out: list[str] = []
    for col in range(1, columns + 1):
        out.append(_text(left + (col - 0.5) * size, top + 12, column_name(col), 11, "middle", fill="#777"))
    up = section.get("rows_up", False)  # a1 at the bottom left: row 1 drawn at the bottom

    def drawn(row: int) -> int:
        return rows - row + 1 if up else row

    for row in range(1, rows + 1):
        out.append(_text(left - 8, top + 18 + (drawn(row) - 0.5) * size + 4, str(row), 11, "end", fill="#777"))
    for item in items:
        x = left + (item["col"] - 1 + skew * (drawn(item["row"]) - 1)) * size
        y = top + 18 + (drawn(item["row"]) - 1) * size
        out.append(f"<rect x='{x:.0f}' y='{y:.0f}' width='{size:.0f}' height='{size:.0f}' "
                   f"fill='{_colour(item.get('fill'), '#f4f1ea')}' fill-opacity='0.7' stroke='#8a8170'/>")
        out.extend(_path_lines(item.get("paths", ()), x, y, size))
        if _shown_text(item):
            out.append(_text(x + size / 2, y + 16, _shown_text(item), 12, "middle", "bold", "#111"))
        flow = _Flow(x + 3, y + size / 2 - 6, x + size - 2, 16)
        _parts(flow, item["parts"])
        out.extend(flow.centred())
    return out, 18 + rows * size + 6


def _shown_text(item: dict) -> str:
    """A cell's text in the picture: its `picture_text` where declared, else the terminal's `text`."""
    return (item["picture_text"] if "picture_text" in item else item.get("text") or "").strip()


def _path_lines(paths, x: float, y: float, size: float) -> list[str]:
    """A cell's paths: each joins its points through their middle (a track is a straight line,
    a tunnel with three exits a star), in its colour."""
    out = []
    for path in paths:
        points = [(x + px * size, y + py * size) for px, py in path["points"]]
        mx, my = sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)
        spokes = " ".join(f"M{px:.1f},{py:.1f} L{mx:.1f},{my:.1f}" for px, py in points)
        out.append(f"<path d='{spokes}' fill='none' stroke='{_colour(path.get('colour'))}' stroke-width='3' "
                   f"stroke-linecap='round' opacity='0.8'/>")
    return out


def _network(section: dict, top: float) -> tuple[list, float]:
    items = section["items"]
    if not items:
        return [], 0
    step = 96.0
    if all("at" in i for i in items):
        low_x = min(i["at"][0] for i in items)
        low_y = min(i["at"][1] for i in items)
        spread_x = max(i["at"][0] for i in items) - low_x + 1
        step = min(step, (WIDTH - 40) / spread_x)
        place = {i["key"]: (20 + (i["at"][0] - low_x + 0.5) * step, top + (i["at"][1] - low_y + 0.5) * step) for i in items}
        height = (max(i["at"][1] for i in items) - low_y + 1) * step
    else:
        radius = max(100.0, min(300.0, len(items) * 20.0))
        place = {i["key"]: (WIDTH / 2 + radius * math.sin(2 * math.pi * k / len(items)),
                            top + radius + 40 - radius * math.cos(2 * math.pi * k / len(items)))
                 for k, i in enumerate(items)}
        height = 2 * radius + 80
    out: list[str] = []
    drawn: set = set()
    for item in items:
        x1, y1 = place[item["key"]]
        for key in item.get("links", []):
            edge = frozenset((key, item["key"]))
            if key in place and edge not in drawn:
                drawn.add(edge)
                x2, y2 = place[key]
                out.append(f"<line x1='{x1:.0f}' y1='{y1:.0f}' x2='{x2:.0f}' y2='{y2:.0f}' stroke='#9a8f7a' stroke-width='3'/>")
    half = step * 0.42
    for item in items:
        x, y = place[item["key"]]
        out.append(f"<rect x='{x - half:.0f}' y='{y - half:.0f}' width='{2 * half:.0f}' height='{2 * half:.0f}' rx='10' "
                   f"fill='{_colour(item.get('fill'), '#e7eef7')}' stroke='#5b6b80'/>")
        out.append(_text(x, y - half + 14, _shown_text(item) or item.get("label") or item["key"], 11, "middle", "bold"))
        flow = _Flow(x - half + 4, y - half + 18, x + half - 2, 16)
        _parts(flow, item["parts"])
        out.extend(flow.centred())
    return out, height
