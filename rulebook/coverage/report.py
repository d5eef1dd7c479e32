"""The terminal report of rules coverage: what was never taken, then one line per rules file."""
from __future__ import annotations

from typing import TextIO

from rulebook.dsl.errors import source_line

from .results import CoverageResult, FileLines, shown_name

ROWS_COUNT_WHEN = {"code": "their code ran or they were chosen", "chosen": "chosen in a move",
                   "read": "read while building or playing"}


def percent_text(reached: int, total: int) -> str:
    """Like coverage.py: whole percents, never 100% while a line is missed nor 0% once one is reached."""
    shown = round(100 * reached / total) if total else 100
    if shown == 100 and reached < total:
        shown = 99
    if shown == 0 and reached > 0:
        shown = 1
    return f"{shown}%"


def line_ranges(missed: list[int], lines: list[int]) -> str:
    """Missed lines as ranges: `3-5` when every rules line from 3 to 5 was missed."""
    order = {line: i for i, line in enumerate(lines)}
    runs: list[list[int]] = []
    for line in missed:
        if runs and order[line] == order[runs[-1][-1]] + 1:
            runs[-1].append(line)
        else:
            runs.append([line])
    return ", ".join(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]) for run in runs)


def missing_text(f: FileLines) -> str:
    return line_ranges(f.missed_lines, sorted(f.lines))


def write_details(result: CoverageResult, out: TextIO) -> None:
    """Branches and choices not taken where play went, and table rows never reached."""
    names = {f.path: f.name for f in result.files}
    print("Rules coverage — branches and choices never taken, at rules lines that were reached:", file=out)
    if not result.missed:
        print("  none", file=out)
    for m in result.missed:
        text = (source_line(m.path, m.line) or "").strip()
        print(f"  {names.get(m.path) or shown_name(m.path, [])}:{m.line}: {m.text}  [{_short(text)}]", file=out)
    print("Rules coverage — table rows:", file=out)
    if not result.tables:
        print("  no tables", file=out)
    for table in result.tables:
        head = f"  {shown_name(table.path, [])} ({table.table}; a row counts when {ROWS_COUNT_WHEN[table.rule]}): "
        missed = table.missed
        if not missed:
            print(head + f"all {len(table.rows)} reached", file=out)
        else:
            listed = ", ".join(f"{label} (line {line})" for label, line in missed)
            print(head + f"{len(missed)} of {len(table.rows)} never reached: {listed}", file=out)


def _short(text: str, width: int = 60) -> str:
    return text if len(text) <= width else text[:width - 1] + "…"


def write_table(result: CoverageResult, out: TextIO) -> None:
    """One line per rules file (lines, reached, missed, percent, missed lines), then TOTAL."""
    width = max([len("Rules file")] + [len(f.name) for f in result.files])

    def row(name: str, lines: int, reached: int, missing: str) -> str:
        return (f"{name:<{width}}  {lines:>5}  {reached:>7}  {lines - reached:>6}  "
                f"{percent_text(reached, lines):>5}  {missing}").rstrip()

    head = f"{'Rules file':<{width}}  {'Lines':>5}  {'Reached':>7}  {'Missed':>6}  {'Cover':>5}  Missing"
    print(head, file=out)
    print("-" * len(head), file=out)
    for f in result.files:
        print(row(f.name, len(f.lines), f.reached, missing_text(f)), file=out)
    print("-" * len(head), file=out)
    print(row("TOTAL", result.lines, result.reached, ""), file=out)


def write_report(result: CoverageResult, out: TextIO) -> None:
    write_details(result, out)
    print(file=out)
    write_table(result, out)
