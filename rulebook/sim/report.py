"""A self-contained HTML page for a simulation: tables and inline SVG plots, no scripts, no links."""
from __future__ import annotations

import math
from html import escape
from typing import Optional

from .output import BALANCE_HEAD, ROWS_HEAD, balance_rows, row_cells, bots_text, headline, interval, number, options_text, percent

CSS = """
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1d2433; margin: 2rem auto;
       max-width: 980px; padding: 0 1rem; }
h1 { font-size: 1.5rem; margin-bottom: .2rem; } h2 { font-size: 1.15rem; margin-top: 2rem; }
.meta { color: #5a6478; } table { border-collapse: collapse; margin: .5rem 0 1rem; }
th, td { padding: .25rem .7rem; border-bottom: 1px solid #e3e6ec; text-align: right; }
th.text, td.text { text-align: left; } th { background: #f4f6f9; }
svg { display: block; margin: .5rem 0 1rem; } svg text { font: 12px system-ui, sans-serif; fill: #1d2433; }
.grid { stroke: #e3e6ec; } .bar { fill: #4a78c2; } .bar2 { fill: #7aa57a; } .err { stroke: #1d2433; stroke-width: 1.5; }
.fair { stroke: #c25a4a; stroke-dasharray: 4 3; }
"""


def _svg(width: int, height: int, body: list[str], label: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(label)}">' + "".join(body) + "</svg>")


def rate_bars(items: list[tuple[str, float, tuple]], label: str, fair: Optional[float] = None) -> str:
    """Vertical bars (0–100%) with 95% interval whiskers; a dashed line at the fair share."""
    left, top, plot_h, slot = 48, 14, 220, max(56, min(120, 720 // max(1, len(items))))
    width, height = left + slot * len(items) + 20, top + plot_h + 54
    y = lambda v: top + plot_h * (1 - v)  # noqa: E731
    body = []
    for tick in range(0, 101, 20):
        body.append(f'<line class="grid" x1="{left}" x2="{width - 10}" y1="{y(tick / 100):.1f}" y2="{y(tick / 100):.1f}"/>'
                    f'<text x="{left - 6}" y="{y(tick / 100) + 4:.1f}" text-anchor="end">{tick}%</text>')
    for i, (name, value, ci) in enumerate(items):
        x = left + i * slot + slot * 0.2
        w = slot * 0.6
        body.append(f'<rect class="bar" x="{x:.1f}" y="{y(value):.1f}" width="{w:.1f}" height="{plot_h * value:.1f}">'
                    f"<title>{escape(name)}: {percent(value)} (95% CI {interval(ci)})</title></rect>")
        cx = x + w / 2
        body.append(f'<line class="err" x1="{cx:.1f}" x2="{cx:.1f}" y1="{y(ci[0]):.1f}" y2="{y(ci[1]):.1f}"/>'
                    f'<line class="err" x1="{cx - 6:.1f}" x2="{cx + 6:.1f}" y1="{y(ci[0]):.1f}" y2="{y(ci[0]):.1f}"/>'
                    f'<line class="err" x1="{cx - 6:.1f}" x2="{cx + 6:.1f}" y1="{y(ci[1]):.1f}" y2="{y(ci[1]):.1f}"/>')
        body.append(f'<text x="{cx:.1f}" y="{top + plot_h + 18}" text-anchor="middle">{escape(_short(name, slot))}</text>'
                    f'<text x="{cx:.1f}" y="{top + plot_h + 34}" text-anchor="middle">{percent(value)}</text>')
    if fair is not None:
        body.append(f'<line class="fair" x1="{left}" x2="{width - 10}" y1="{y(fair):.1f}" y2="{y(fair):.1f}">'
                    f"<title>an even share: {percent(fair)}</title></line>")
    return _svg(width, height, body, label)


def histogram(values: list, label: str, bins: int = 24) -> str:
    """Counts of values in equal-width bins (whole-number bins when the values are whole numbers)."""
    if not values:
        return "<p>No values.</p>"
    low, high = min(values), max(values)
    whole = all(float(v).is_integer() for v in values)
    span = high - low
    if whole:
        step = max(1, math.ceil((span + 1) / bins))
        edges = [low + step * i for i in range(math.ceil((span + 1) / step) + 1)]
    else:
        step = span / bins if span else 1.0
        edges = [low + step * i for i in range(bins + 1)] if span else [low, low + 1]
    counts = [0] * (len(edges) - 1)
    for v in values:
        index = min(int((v - low) // step), len(counts) - 1)
        counts[index] += 1
    left, top, plot_w, plot_h = 48, 12, 700, 200
    width, height = left + plot_w + 20, top + plot_h + 44
    most = max(counts)
    bar_w = plot_w / len(counts)
    body = []
    for tick in _ticks(most):
        ty = top + plot_h * (1 - tick / most)
        body.append(f'<line class="grid" x1="{left}" x2="{left + plot_w}" y1="{ty:.1f}" y2="{ty:.1f}"/>'
                    f'<text x="{left - 6}" y="{ty + 4:.1f}" text-anchor="end">{tick:,}</text>')
    for i, count in enumerate(counts):
        h = plot_h * count / most
        first, last = edges[i], edges[i + 1] - (1 if whole else 0)
        what = (f"{number(first)}" if whole and first == last else f"{number(first)}–{number(last)}")
        body.append(f'<rect class="bar" x="{left + i * bar_w + 1:.1f}" y="{top + plot_h - h:.1f}" '
                    f'width="{max(1.0, bar_w - 2):.1f}" height="{h:.1f}"><title>{what}: {count:,} games</title></rect>')
    centred = whole and step == 1  # one whole number per bar: label the bar, not its edge
    for i in range(0, len(edges) - (1 if centred else 0), max(1, len(edges) // 8)):
        body.append(f'<text x="{left + (i + (0.5 if centred else 0)) * bar_w:.1f}" y="{top + plot_h + 18}" '
                    f'text-anchor="middle">{number(edges[i])}</text>')
    body.append(f'<text x="{left + plot_w / 2:.1f}" y="{top + plot_h + 38}" text-anchor="middle">'
                f"{escape(label)}</text>")
    return _svg(width, height, body, label)


def _ticks(most: int) -> list[int]:
    step = max(1, 10 ** int(math.log10(most)) if most >= 1 else 1)
    while most / step > 6:
        step *= 2
    while most / step < 2 and step > 1:
        step //= 2
    return list(range(0, most + 1, step))


def reason_bars(reasons: list[dict]) -> str:
    """Horizontal bars: the share of games that ended for each reason."""
    row_h, label_w, plot_w = 26, 380, 420
    width, height = label_w + plot_w + 80, row_h * len(reasons) + 10
    body = []
    for i, r in enumerate(reasons):
        y = 5 + i * row_h
        body.append(f'<text x="{label_w - 8}" y="{y + 16}" text-anchor="end">{escape(_short(r["reason"], label_w))}'
                    f'</text><rect class="bar2" x="{label_w}" y="{y + 3}" width="{max(1.0, plot_w * r["rate"]):.1f}" '
                    f'height="{row_h - 8}"><title>{escape(r["reason"])}: {r["count"]:,} games</title></rect>'
                    f'<text x="{label_w + plot_w * r["rate"] + 6:.1f}" y="{y + 16}">{percent(r["rate"])} '
                    f'({r["count"]:,})</text>')
    return _svg(width, height, body, "how games ended")


def _short(text: str, pixels: float) -> str:
    room = max(4, int(pixels / 7))
    return text if len(text) <= room else text[:room - 1] + "…"


def _table(head: list[str], rows: list[list[str]], text_columns: int = 1) -> str:
    out = ["<table><tr>" + "".join(f'<th class="text">{escape(h)}</th>' if i < text_columns else f"<th>{escape(h)}</th>"
                                   for i, h in enumerate(head)) + "</tr>"]
    for row in rows:
        out.append("<tr>" + "".join(f'<td class="text">{escape(c)}</td>' if i < text_columns else f"<td>{escape(c)}</td>"
                                    for i, c in enumerate(row)) + "</tr>")
    return "".join(out) + "</table>"


def html_report(summary: dict, run: Optional[dict] = None) -> str:
    s = summary
    seats = s["seats"]
    parts = [f"<h1>{escape(s['game'])} {escape(s['version'])}: {s['games']:,} simulated games</h1>",
             f'<p class="meta">{escape(headline(s))}'
             + (f"<br>{escape(run['where'])} · {run['seconds']:.1f} s · {run['games_per_second']:,.1f} games/s" if run else "")
             + "</p>"]
    parts.append("<h2>Win rate per seat</h2><p>Bars show the share of games each seat won; whiskers the 95% "
                 "Wilson interval; the dashed line an even share.</p>")
    parts.append(rate_bars([(f"{x['seat']}: {x['name']}", x["rate"], x["ci95"]) for x in seats],
                           "win rate per seat", 1 / len(s["teams"] or seats)))
    teamed = bool(s["teams"])
    parts.append(_table(["seat", "player"] + (["team"] if teamed else []) + ["bot", "wins", "win rate", "95% CI"],
                        [[str(x["seat"]), x["name"], *([x["team"]] if teamed else []), x["bot"], number(x["count"]),
                          percent(x["rate"]), interval(x["ci95"])] for x in seats], text_columns=3 + teamed))
    if s["teams"]:
        parts.append("<h2>Win rate per team</h2>")
        parts.append(rate_bars([(t["team"], t["rate"], t["ci95"]) for t in s["teams"]], "win rate per team",
                               1 / len(s["teams"])))
        parts.append(_table(["team", "seats", "wins", "win rate", "95% CI"],
                            [[t["team"], ", ".join(map(str, t["seats"])), number(t["count"]), percent(t["rate"]),
                              interval(t["ci95"])] for t in s["teams"]], text_columns=2))
    parts.append("<h2>Draws and shared victories</h2>")
    parts.append(_table(["outcome", "games", "share", "95% CI"], [
        ["draw (no winner, or every side wins)", number(s["draws"]["count"]), percent(s["draws"]["rate"]),
         interval(s["draws"]["ci95"])],
        ["shared victory (several sides win)", number(s["shared_victories"]["count"]),
         percent(s["shared_victories"]["rate"]), interval(s["shared_victories"]["ci95"])]]))
    parts.append("<h2>Balance</h2><p>Significant: two-sided p &lt; 0.05.</p>")
    parts.append(_table(list(BALANCE_HEAD), balance_rows(s["balance"])))
    if s["balance"].get("rows"):
        parts.append("<h2>Rows of per-player tables</h2><p>How often each row (a character, a card) was used, "
                     "and the win rate of the players who used it against the other players'.</p>")
        parts.append(_table(list(ROWS_HEAD), row_cells(s["balance"]["rows"]), text_columns=2))
    parts.append("<h2>How games ended</h2>" + reason_bars(s["end_reasons"]))
    parts.append("<h2>Game length</h2>" + histogram(s.get("decision_counts", []), "decisions per game"))
    figures = [("decisions", s["length"]["decisions"])] + [(x["label"], x) for x in s["statistics"]]
    parts.append(_table(["figure", "mean", "sd", "median", "p10", "p90", "min", "max"],
                        [[label, *(number(d[k]) for k in ("mean", "sd", "median", "p10", "p90", "min", "max"))]
                         for label, d in figures]))
    for stat in s["statistics"]:
        if stat.get("values"):
            parts.append(f"<h2>{escape(stat['label'])} (at the end of each game)</h2>"
                         + histogram(stat["values"], stat["label"]))
    parts.append(f'<p class="meta">Options: {escape(options_text(s["options"]))}. Bots: {escape(bots_text(s["bots"]))}. '
                 "Made by rulebook simulate.</p>")
    title = escape(f"{s['game']} — simulation")
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{title}</title>'
            f"<style>{CSS}</style></head><body>\n" + "\n".join(parts) + "\n</body></html>\n")
