"""What a set of counting games reached, read by rules file, decision and table row.

Games built with `counting=True` mark the reach points of their program (interpreter/analysis/reach.py).
`Coverage` gathers such games while scenarios run and then merges their marks by each point's
place in the rules, so games of the same rules with other options (or mods) add up.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Optional

from rulebook.dsl.errors import source_line
from rulebook.interpreter.game import Game
from rulebook.interpreter.analysis.reach import BLOCK, BRANCH, OPTION, ROW_CHOSEN, ROW_READ, STATEMENT, Point


@dataclass
class FileLines:
    """The lines of one rules file that hold a statement or a block's start, and which were reached."""

    path: str
    name: str  # as reports show it: `GAME/turn.rules`
    lines: dict = field(default_factory=dict)  # line -> reached
    partial: set = field(default_factory=set)  # reached lines with a branch or choice never taken

    @property
    def reached(self) -> int:
        return sum(1 for hit in self.lines.values() if hit)

    @property
    def missed_lines(self) -> list[int]:
        return sorted(line for line, hit in self.lines.items() if not hit)

    @property
    def percent(self) -> float:
        return 100.0 * self.reached / len(self.lines) if self.lines else 100.0


@dataclass
class Missed:
    """A branch or a choice not taken at a place that was reached."""

    path: str
    line: int
    what: str  # "branch" or "option"
    text: str  # in the rules' words


@dataclass
class RowsReport:
    table: str
    path: str
    rule: str  # code | chosen | read (interpreter/analysis/reach.py TableRows)
    rows: list = field(default_factory=list)  # (label, line, reached)

    @property
    def missed(self) -> list:
        return [(label, line) for label, line, hit in self.rows if not hit]


@dataclass
class CoverageResult:
    files: list  # FileLines, by name
    missed: list  # Missed, by place
    tables: list  # RowsReport, by file

    @property
    def lines(self) -> int:
        return sum(len(f.lines) for f in self.files)

    @property
    def reached(self) -> int:
        return sum(f.reached for f in self.files)

    @property
    def percent(self) -> float:
        return 100.0 * self.reached / self.lines if self.lines else 100.0

    def file(self, name: str) -> Optional[FileLines]:
        return next((f for f in self.files if f.name == name), None)


class Coverage:
    """Collects counting games while scenarios run; `result()` merges what they reached."""

    def __init__(self) -> None:
        self.games: dict[int, Game] = {}

    def add(self, game: Game) -> None:
        """Count this game's marks. Its log lines are worked out (and dropped), so what they show
        counts as reached as it would in a logged game."""
        if game.reached is None:
            raise ValueError("coverage needs a game built with counting=True")
        if id(game) not in self.games:
            self.games[id(game)] = game
            game.set_log(_discard)

    def result(self) -> CoverageResult:
        return merge(self.games.values())


def _discard(state, text: str) -> None:
    return None


def merge(games: Iterable[Game]) -> CoverageResult:
    hits: dict[tuple, bool] = {}
    points: dict[tuple, Point] = {}
    folders: list[Path] = []
    tables: dict[tuple, tuple] = {}  # (path, name) -> (TableRows, its points by row)
    for game in games:
        reach, marks = game.reach_map, game.reached
        folder = Path(game.program.path).resolve()
        if folder not in folders:
            folders.append(folder)
        for i, point in enumerate(reach.points):
            key = point.key
            points.setdefault(key, point)
            hits[key] = hits.get(key, False) or bool(marks[i])
        for name, info in reach.tables.items():
            keys = [(reach.points[reach.row(name, r, ROW_READ)].key, reach.points[reach.row(name, r, ROW_CHOSEN)].key,
                     tuple(reach.points[b].key for b in info.code_blocks[r]))
                    for r in range(len(info.code_blocks))]
            tables.setdefault((info.path, name), (info, keys))
    return CoverageResult(_files(points, hits, folders), _missed(points, hits), _rows(points, hits, tables))


def _files(points: dict, hits: dict, folders: list) -> list:
    files: dict[str, FileLines] = {}
    for key, point in points.items():
        if point.kind not in (BLOCK, STATEMENT):
            continue
        path = point.span.path
        entry = files.get(path)
        if entry is None:
            entry = files[path] = FileLines(path, shown_name(path, folders))
        line = point.span.line
        entry.lines[line] = entry.lines.get(line, False) or hits[key]
    for key, point in points.items():
        if point.kind in (BRANCH, OPTION) and not hits[key] and point.span.path in files:
            entry = files[point.span.path]
            if entry.lines.get(point.within):
                entry.partial.add(point.within)
    return sorted(files.values(), key=lambda f: f.name)


def _missed(points: dict, hits: dict) -> list:
    """Branches and choices never taken, where the statement they belong to was reached."""
    reached_lines = {(p.span.path, p.span.line) for k, p in points.items()
                     if p.kind in (BLOCK, STATEMENT) and hits[k]}
    out = []
    for key, point in points.items():
        if point.kind not in (BRANCH, OPTION) or hits[key]:
            continue
        if (point.span.path, point.within) not in reached_lines:
            continue
        out.append(Missed(point.span.path, point.span.line if point.kind == OPTION else point.within,
                          point.kind, _describe(point)))
    return sorted(out, key=lambda m: (m.path, m.line, m.text))


def _describe(point: Point) -> str:
    if point.kind == OPTION:
        return f"the choice '{point.label}' was never made"
    if point.label == "conditional":
        return f"'… if …' never gave its {'first' if point.detail == 'then' else 'else'} value"
    if point.detail == "else":
        written = source_line(point.span.path, point.span.line) or ""
        if not written.strip().startswith("else"):
            return "its condition always held: the else it leaves out was never taken"
        return "its else was never taken"
    number = int(point.detail.split()[-1])
    return "its condition never held" if number == 1 else f"its elif number {number - 1} was never taken"


def _rows(points: dict, hits: dict, tables: dict) -> list:
    out = []
    for (path, name), (info, keys) in tables.items():
        report = RowsReport(name, path, info.rule)
        for read, chosen, code in keys:
            point = points[read]
            hit = hits[chosen] or any(hits[k] for k in code) or (info.rule == "read" and hits[read])
            report.rows.append((point.label, point.span.line, hit))
        out.append(report)
    return sorted(out, key=lambda r: (r.path, r.table))


def shown_name(path: str, folders: list) -> str:
    """A rules file as reports name it: `game/file` for a file of a game's folder (or of a mod's)."""
    resolved = Path(path).resolve()
    for folder in folders:
        if folder in resolved.parents:
            return f"{folder.name}/{resolved.relative_to(folder).as_posix()}"
    return f"{resolved.parent.name}/{resolved.name}"
