"""Rules coverage as HTML pages: an index (the per-file table, branches, choices, rows) and one
page per rules file with its reached, missed and partly taken lines marked. Every text from the
rules is escaped; the pages need no server and load nothing."""
from __future__ import annotations

import html
import re
from pathlib import Path

from .report import ROWS_COUNT_WHEN, missing_text, percent_text
from .results import CoverageResult, FileLines, shown_name

STYLE = """
body { font-family: sans-serif; margin: 2em; }
table.files td, table.files th { padding: 0.2em 0.8em; text-align: right; }
table.files td:first-child, table.files th:first-child, table.files td:last-child,
table.files th:last-child { text-align: left; }
pre.source { font-family: monospace; line-height: 1.35; }
.line { display: block; white-space: pre; }
.reached { background: #dfd; }
.missed { background: #fdd; }
.partial { background: #ffd; }
.number { color: #888; display: inline-block; width: 4em; text-align: right; margin-right: 1em; }
.legend span { padding: 0 0.5em; margin-right: 1em; }
"""


def page_name(f: FileLines) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]", "_", f.name) + ".html"


def write_html(result: CoverageResult, folder: Path) -> Path:
    """Write index.html and one page per rules file into folder; give the index's path."""
    folder.mkdir(parents=True, exist_ok=True)
    for f in result.files:
        (folder / page_name(f)).write_text(_file_page(f, result), encoding="utf-8")
    index = folder / "index.html"
    index.write_text(_index(result), encoding="utf-8")
    return index


def _doc(title: str, body: str) -> str:
    return (f"<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{html.escape(title)}</title>"
            f"<style>{STYLE}</style></head><body>\n{body}\n</body></html>\n")


def _index(result: CoverageResult) -> str:
    e = html.escape
    rows = "".join(
        f"<tr><td><a href=\"{e(page_name(f))}\">{e(f.name)}</a></td><td>{len(f.lines)}</td><td>{f.reached}</td>"
        f"<td>{len(f.lines) - f.reached}</td><td>{percent_text(f.reached, len(f.lines))}</td>"
        f"<td>{e(missing_text(f))}</td></tr>\n" for f in result.files)
    total = (f"<tr><th>TOTAL</th><th>{result.lines}</th><th>{result.reached}</th>"
             f"<th>{result.lines - result.reached}</th><th>{percent_text(result.reached, result.lines)}</th><th></th></tr>")
    names = {f.path: f.name for f in result.files}
    missed = "".join(f"<li>{e(names.get(m.path, shown_name(m.path, [])))}:{m.line}: {e(m.text)}</li>\n"
                     for m in result.missed) or "<li>none</li>"
    tables = ""
    for t in result.tables:
        never = ", ".join(f"{e(label)} (line {line})" for label, line in t.missed)
        tables += (f"<li>{e(shown_name(t.path, []))} ({e(t.table)}; a row counts when {e(ROWS_COUNT_WHEN[t.rule])}): "
                   + (f"{len(t.missed)} of {len(t.rows)} never reached: {never}" if t.missed
                      else f"all {len(t.rows)} reached") + "</li>\n")
    body = (f"<h1>Rules coverage</h1>\n<table class=\"files\"><tr><th>Rules file</th><th>Lines</th><th>Reached</th>"
            f"<th>Missed</th><th>Cover</th><th>Missing</th></tr>\n{rows}{total}</table>\n"
            f"<h2>Branches and choices never taken (at rules lines that were reached)</h2><ul>{missed}</ul>\n"
            f"<h2>Table rows</h2><ul>{tables or '<li>no tables</li>'}</ul>")
    return _doc("Rules coverage", body)


def _file_page(f: FileLines, result: CoverageResult) -> str:
    e = html.escape
    try:
        text = Path(f.path).read_text(encoding="utf-8")
    except OSError as err:
        return _doc(f.name, f"<h1>{e(f.name)}</h1><p>cannot read the file: {e(str(err))}</p>")
    notes: dict[int, list] = {}
    for m in result.missed:
        if m.path == f.path:
            notes.setdefault(m.line, []).append(m.text)
    lines = []
    for number, line in enumerate(text.splitlines(), start=1):
        status = ""
        if number in f.lines:
            status = "missed" if not f.lines[number] else "partial" if number in f.partial else "reached"
        title = f" title=\"{e('; '.join(notes[number]))}\"" if number in notes else ""
        lines.append(f"<span class=\"line {status}\"{title}><span class=\"number\">{number}</span>{e(line)}</span>")
    legend = ("<p class=\"legend\"><span class=\"reached\">reached</span><span class=\"partial\">reached, a branch "
              "or choice never taken (hover)</span><span class=\"missed\">never reached</span></p>")
    summary = f"{f.reached} of {len(f.lines)} rules lines reached ({percent_text(f.reached, len(f.lines))})"
    body = (f"<p><a href=\"index.html\">all files</a></p><h1>{e(f.name)}</h1><p>{summary}</p>{legend}"
            f"<pre class=\"source\">{''.join(lines)}</pre>")
    return _doc(f.name, body)
