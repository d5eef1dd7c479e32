"""Readable tables (rich) for a simulation summary and a comparison, and the progress bar."""
from __future__ import annotations

import sys
import threading
from typing import Optional

from rich import box
from rich.console import Console
from rich.table import Table

from . import reach
from .compare import comparison_note


def console(file=None) -> Console:
    file = file or sys.stdout
    terminal = hasattr(file, "isatty") and file.isatty()
    return Console(file=file, width=None if terminal else 110, highlight=False, soft_wrap=False)


def percent(x: Optional[float]) -> str:
    return "—" if x is None else f"{100 * x:.1f}%"


def interval(ci) -> str:
    return f"{100 * ci[0]:.1f}–{100 * ci[1]:.1f}%"


def number(x) -> str:
    if x is None:
        return "—"
    if isinstance(x, int) or float(x).is_integer():
        return f"{int(x):,}"
    return f"{x:,.2f}" if abs(x) < 1000 else f"{x:,.0f}"


def options_text(options: dict) -> str:
    def shown(v) -> str:
        if isinstance(v, bool):
            return str(v).lower()
        if isinstance(v, (list, tuple)):
            return "[" + ", ".join(map(shown, v)) + "]"
        return str(v)
    return ", ".join(f"{k}={shown(v)}" for k, v in options.items())


def bots_text(bots: list) -> str:
    return bots[0] + " (every seat)" if len(set(bots)) == 1 else ", ".join(bots)


def headline(summary: dict) -> str:
    n, first = summary["games"], summary["first_seed"]
    return (f"{summary['game']} {summary['version']} · {options_text(summary['options'])} · "
            f"{n:,} game{'s' if n != 1 else ''} (seeds {first}–{first + n - 1}) · bots: {bots_text(summary['bots'])}")


def _table(title: str, *columns: str, right_from: int = 1) -> Table:
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, title_style="bold")
    for i, column in enumerate(columns):
        table.add_column(column, justify="right" if i >= right_from else "left")
    return table


def print_summary(summary: dict, run: Optional[dict] = None, out=None) -> None:
    c = console(out)
    c.print(headline(summary))
    if run:
        c.print(f"{run['where']} · {run['seconds']:.1f} s · {run['games_per_second']:,.1f} games/s")
    teamed = bool(summary["teams"])
    head = ["seat", "player"] + (["team"] if teamed else []) + ["bot", "wins", "win rate", "95% CI"]
    seats = _table("Win rate per seat (95% Wilson interval)", *head, right_from=len(head) - 3)
    for s in summary["seats"]:
        seats.add_row(str(s["seat"]), s["name"], *([s["team"]] if teamed else []), s["bot"], number(s["count"]),
                      percent(s["rate"]), interval(s["ci95"]))
    c.print(seats)
    if summary["teams"]:
        teams = _table("Win rate per team (95% Wilson interval)", "team", "seats", "wins", "win rate", "95% CI",
                       right_from=2)
        for t in summary["teams"]:
            teams.add_row(t["team"], ", ".join(map(str, t["seats"])), number(t["count"]), percent(t["rate"]),
                          interval(t["ci95"]))
        c.print(teams)
    if summary.get("payoffs"):
        paid = _table("Mean payoff per seat (95% interval)", "seat", "player", "mean", "95% CI", right_from=2)
        for s in summary["payoffs"]:
            paid.add_row(str(s["seat"]), s["name"], number(s["mean"]),
                         f"{s['ci95'][0]:,.2f} – {s['ci95'][1]:,.2f}" if s["ci95"] else "—")
        c.print(paid)
    results = _table("Draws and shared victories", "outcome", "games", "share", "95% CI")
    results.add_row("draw (no winner, or every side wins)", number(summary["draws"]["count"]),
                    percent(summary["draws"]["rate"]), interval(summary["draws"]["ci95"]))
    results.add_row("shared victory (several sides win)", number(summary["shared_victories"]["count"]),
                    percent(summary["shared_victories"]["rate"]), interval(summary["shared_victories"]["ci95"]))
    c.print(results)
    print_balance(summary["balance"], c)
    reasons = _table("How games ended (the rules' words)", "reason", "games", "share")
    for r in summary["end_reasons"]:
        reasons.add_row(r["reason"], number(r["count"]), percent(r["rate"]))
    c.print(reasons)
    figures = _table("Game length and declared statistics (at the end of each game)", "figure", "mean", "sd",
                     "median", "p10", "p90", "min", "max")
    rows = [("decisions", summary["length"]["decisions"])] + [(s["label"], s) for s in summary["statistics"]]
    for label, d in rows:
        figures.add_row(label, *(number(d[k]) for k in ("mean", "sd", "median", "p10", "p90", "min", "max")))
    c.print(figures)
    if summary.get("picked_players"):
        picked = _table("Players the game's statistics name (e.g. who used a card)", "statistic",
                        "games naming any", "players named", "their win rate", "95% CI", right_from=1)
        for row in summary["picked_players"]:
            picked.add_row(row["label"], percent(row["games_with_any"]["rate"]), number(row["named"]),
                           percent(row["win_rate"]["rate"]), interval(row["win_rate"]["ci95"]))
        c.print(picked)
    print_reached(summary.get("reached", []), summary["games"], out)


def p_value(p: Optional[float]) -> str:
    return "—" if p is None else (f"{p:.4f}" if p >= 1e-4 else "<0.0001")


def balance_rows(balance: dict) -> list[list[str]]:
    """The balance block as table rows (figure, value, 95% CI, test, p, significant): shared by
    the printed summary and the HTML report."""
    first, seats = balance["first_seat"], balance["seats"]
    verdict = lambda flag: "yes" if flag else "no"  # noqa: E731
    length = balance["length"]
    return [
        ["first-seat advantage (seat 1 − mean seat)", f"{100 * first['advantage']:+.1f} pts",
         f"{100 * first['ci95'][0]:+.1f} to {100 * first['ci95'][1]:+.1f} pts", "z (one rate)", p_value(first["p"]),
         verdict(first["significant"])],
        [f"seat balance: wins even over seats (df {seats['df']})", f"{seats['statistic']:.2f}", "—",
         "chi-square", p_value(seats["p"]), verdict(seats["significant"])],
        ["draw rate", percent(balance["draw_rate"]), "—", "—", "—", "—"],
        ["length in decisions (mean ± sd)", f"{number(length['mean'])} ± {number(length['sd'])}", "—", "—", "—",
         "—"],
    ] + (traced_rows(balance) if balance.get("traced") else [])


def _mean_sd(d: dict, show=number) -> str:
    return "—" if d["mean"] is None else f"{show(d['mean'])} ± {show(d['sd'])}"


def traced_rows(balance: dict) -> list[list[str]]:
    leads = balance["winner_leads_from"]
    return [["legal moves per decision (branching, mean ± sd)", _mean_sd(balance["branching"]), "—", "—", "—", "—"],
            ["lead changes on the declared score (mean ± sd)", _mean_sd(balance["lead_changes"]), "—", "—", "—", "—"],
            [f"winner leads for good from (share of game; {leads['n']} of {leads['games_scored']} scored games)",
             _mean_sd(leads, percent), "—", "—", "—", "—"]]


ROWS_HEAD = ("kind", "row", "used in", "users", "users won", "95% CI", "others won", "95% CI", "p", "significant")


def row_cells(rows: list) -> list[list[str]]:
    """Each used row of a per-player table as cells (ROWS_HEAD): printed summary and HTML report."""
    return [[r["kind"], r["row"], percent(r["use_rate"]), number(r["users"]), percent(r["users_win_rate"]),
             interval(r["users_ci95"]), percent(r["others_win_rate"]),
             interval(r["others_ci95"]) if r["others_ci95"] else "—", p_value(r["p"]),
             {True: "yes", False: "no", None: "—"}[r["significant"]]] for r in rows]


BALANCE_HEAD = ("figure", "value", "95% CI", "test", "p", "significant")


def print_balance(balance: dict, c: Console) -> None:
    table = _table("Balance (significant: two-sided p < 0.05)", *BALANCE_HEAD)
    for row in balance_rows(balance):
        table.add_row(*row)
    c.print(table)
    if balance.get("rows"):
        rows = _table("Rows of per-player tables: users' win rate against the other players' (z-test)",
                      *ROWS_HEAD, right_from=2)
        for cells in row_cells(balance["rows"]):
            rows.add_row(*cells)
        c.print(rows)


def print_reached(rows: list, games: int, out=None, warnings=None) -> None:
    """How many games reached each watched thing (rulebook/sim/reach.py), and a warning on
    stderr for each reached in under 5% of them."""
    if not rows:
        return
    c = console(out)
    table = _table("What is compared: games that reached it", "rule, row or option", "where", "games", "share",
                   right_from=2)
    for row in rows:
        table.add_row(row["what"], row["where"], number(row["games"]), percent(row["rate"]))
    c.print(table)
    warn = Console(file=warnings or sys.stderr, width=110, highlight=False, soft_wrap=True)
    for row in reach.rare(rows):
        warn.print(f"warning: {reach.warning(row, games)}", markup=False)


SHORT_TEST = {"two-proportion z-test": "z (2 rates)", "Welch's t-test": "Welch t"}


def print_comparison(rows: list, a: dict, b: dict, labels: tuple, out=None) -> None:
    c = console(out)
    c.print(f"A: {labels[0]} — {headline(a)}")
    c.print(f"B: {labels[1]} — {headline(b)}")
    table = _table("B compared with A", "figure", "A", "B", "B − A", "test", "z or t", "p", "significant",
                   right_from=1)
    table.columns[0].no_wrap = True
    constant = [row["figure"] for row in rows if row.get("constant")]
    for row in rows:
        if row.get("constant"):
            continue
        show = percent if row["kind"] == "rate" else number
        if row["difference"] is None:
            difference = "—"
        elif row["kind"] == "rate":
            difference = f"{100 * row['difference']:+.1f} pts"
        else:
            difference = f"{row['difference']:+,.2f}"
        verdict = {True: "yes", False: "no", None: "—"}[row["significant"]]
        table.add_row(row["figure"], show(row["a"]), show(row["b"]), difference, SHORT_TEST.get(row["test"], row["test"]) if row["p"] is not None else "—",
                      "—" if row["statistic"] is None else f"{row['statistic']:+.2f}",
                      "—" if row["p"] is None else (f"{row['p']:.4f}" if row["p"] >= 1e-4 else "<0.0001"),
                      f"[bold]{verdict}[/bold]" if row["significant"] else verdict)
    c.print(table)
    if constant:
        shown = ", ".join(constant[:8]) + (f" and {len(constant) - 8} more" if len(constant) > 8 else "")
        c.print(f"Left out, the same value in every game on both sides: {shown}.")
    c.print(comparison_note())
    print_reached(reach.combined(a.get("reached", []), b.get("reached", [])), a["games"], out)


class ProgressBar:
    """A rich progress bar on stderr, only on a terminal, and only once the run has lasted `delay` s
    (a timer shows it then, even while the first games are still being played)."""

    def __init__(self, total: int, label: str, delay: float = 2.0, enabled: Optional[bool] = None):
        self.total, self.label = total, label
        self.console = Console(file=sys.stderr)
        self.enabled = self.console.is_terminal if enabled is None else enabled
        self.done = 0
        self.progress = None
        self.task = None
        self.lock = threading.Lock()
        self.timer = threading.Timer(delay, self._show) if self.enabled else None
        if self.timer is not None:
            self.timer.daemon = True
            self.timer.start()

    def _show(self) -> None:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        with self.lock:
            if self.timer is None:  # already closed
                return
            self.progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                     TimeRemainingColumn(), console=self.console, transient=True)
            self.progress.start()
            self.task = self.progress.add_task(self.label, total=self.total, completed=self.done)

    def advance(self, count: int) -> None:
        with self.lock:
            self.done += count
            if self.progress is not None:
                self.progress.update(self.task, completed=self.done)

    def close(self) -> None:
        with self.lock:
            if self.timer is not None:
                self.timer.cancel()
                self.timer = None
            if self.progress is not None:
                self.progress.stop()
                self.progress = None

    def __enter__(self) -> "ProgressBar":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
