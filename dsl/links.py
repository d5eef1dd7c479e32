"""`links` columns: each member's cell lists which ports of a cell it joins, read once at load time.

A cell is a list of links (or one link); a link names its ports joined by `-` or `/`, each port
by its side and its lane — in full (`north meteorite`) or by their first letters (`Nm`):
`[Nm-Ws, Wm/Es/Sm]`. A port appears in one link of a cell at most.
"""
from __future__ import annotations

import re
from typing import Optional

from . import nodes as n
from .errors import Diagnostic, did_you_mean
from .program import Program

_SEPARATORS = re.compile(r"\s*[-–/]\s*")


def member_names(p: Program, kind: str) -> list[str]:
    """The members of a kind by name (a kind made from a table: by its key, else its row number)."""
    decl = p.kinds[kind]
    if decl.table is None:
        return list(decl.members)
    table = p.tables.get(decl.table)
    if table is None:
        return []
    return [str(row.get(table.key, i + 1)) if table.key else str(i + 1) for i, row in enumerate(table.rows)]


def link_cells(p: Program) -> list[Diagnostic]:
    """Read every `links` column into p.link_cells; the mistakes found, at their cells."""
    errors: list[Diagnostic] = []
    for (column, kind_name), decl in p.links.items():
        board = p.boards.get(decl.board)
        if board is None or board.shape != "ports":
            errors.append(Diagnostic(decl.span, f"'{decl.board}' is not a board of ports "
                                                f"(declare it 'board {decl.board}: ports of GRID by SIDES, LANES')"))
            continue
        kind = p.kinds.get(kind_name)
        if kind is None or kind.table is None or kind.table not in p.tables:
            errors.append(Diagnostic(decl.span, f"'{kind_name}' is not a kind made from a table"))
            continue
        if board.sides not in p.kinds or board.lanes not in p.kinds:
            continue  # the board's own check reports its unknown kinds
        table = p.tables[kind.table]
        if column not in table.columns:
            errors.append(Diagnostic(decl.span, f"table '{table.name}' has no column '{column}'"
                                                f"{did_you_mean(column, table.columns)}"))
            continue
        reader = _PortReader(member_names(p, board.sides), member_names(p, board.lanes))
        cells = []
        for i, row in enumerate(table.rows):
            where = table.cell_spans[i].get(column, table.row_spans[i]) if table.cell_spans else table.row_spans[i]
            links, problem = reader.cell(row.get(column))
            if problem:
                errors.append(Diagnostic(where, f"'{column}': {problem}"))
            cells.append(links)
        p.link_cells[(column, kind_name)] = tuple(cells)
    return errors


class _PortReader:
    """Reads port names for one board's sides and lanes."""

    def __init__(self, sides: list[str], lanes: list[str]):
        self.sides, self.lanes = sides, lanes
        self.full = {f"{s} {k}".lower(): (i, j) for i, s in enumerate(sides) for j, k in enumerate(lanes)}
        side_initials = [s[:1].lower() for s in sides]
        lane_initials = [k[:1].lower() for k in lanes]
        self.short: dict[str, tuple] = {}
        if len(set(side_initials)) == len(sides) and len(set(lane_initials)) == len(lanes):
            self.short = {a + b: (i, j) for i, a in enumerate(side_initials) for j, b in enumerate(lane_initials)}

    def port(self, text: str) -> Optional[tuple]:
        word = " ".join(text.split()).lower()
        return self.full.get(word) or self.short.get(word)

    def cell(self, value) -> tuple[tuple, Optional[str]]:
        """(links, the first mistake or None)."""
        if value is None:
            return (), None
        texts = value if isinstance(value, list) else [value]
        links, seen = [], set()
        for text in texts:
            if not isinstance(text, str) or not text.strip():
                return (), f"a link is text naming ports, like 'Nm-Ws', not {text!r}"
            ports = []
            for part in _SEPARATORS.split(text.strip()):
                port = self.port(part)
                if port is None:
                    example = f"'{self.sides[0]} {self.lanes[0]}'" + (
                        f" or '{self.sides[0][0].upper()}{self.lanes[0][0]}'" if self.short else "")
                    return (), f"'{part}' is not a port (a side and a lane, e.g. {example})"
                if port in seen:
                    return (), f"port '{part}' is joined twice"
                seen.add(port)
                ports.append(port)
            links.append(tuple(ports))
        return tuple(links), None
