"""Compare two simulations of one game figure by figure, with a significance test for each."""
from __future__ import annotations

import math

from .stats import ALPHA, two_proportion_z, welch_t

RATE_TEST = "two-proportion z-test"
MEAN_TEST = "Welch's t-test"


def _rate_row(figure: str, a: dict | None, b: dict | None, n_a: int, n_b: int) -> dict:
    row = {"figure": figure, "kind": "rate", "a": a["rate"] if a else None, "b": b["rate"] if b else None,
           "difference": None, "test": RATE_TEST, "statistic": None, "p": None, "significant": None}
    if a and b:
        # in no game, or in every game, on both sides: printed tables leave the row out
        row["constant"] = a["rate"] == b["rate"] and a["rate"] in (0.0, 1.0)
        result = two_proportion_z(a["count"], n_a, b["count"], n_b)
        row.update(difference=b["rate"] - a["rate"], statistic=result.statistic, p=result.p,
                   significant=result.significant)
    return row


def _mean_row(figure: str, a: list | None, b: list | None) -> dict:
    mean = lambda values: math.fsum(values) / len(values) if values else None  # noqa: E731
    row = {"figure": figure, "kind": "mean", "a": mean(a) if a is not None else None,
           "b": mean(b) if b is not None else None, "difference": None, "test": MEAN_TEST,
           "statistic": None, "p": None, "significant": None}
    if a and b:
        # one and the same value in every game of both sides: printed tables leave the row out
        row["constant"] = len(set(a) | set(b)) == 1
        result = welch_t(a, b)
        row.update(difference=row["b"] - row["a"], statistic=result.statistic,
                   p=None if math.isnan(result.p) else result.p,
                   significant=None if math.isnan(result.p) else result.significant)
    return row


def compare(a: dict, b: dict) -> list[dict]:
    """One row per figure: each seat's and team's win rate, the draw and shared-victory rates
    (two-proportion z-test), each seat's mean payoff where the rules declare payoffs, mean decisions
    and each declared statistic (Welch's t-test).
    A figure only one side has (a seat that exists with 3 players only) gets no test."""
    n_a, n_b = a["games"], b["games"]
    rows = []
    seats = max(len(a["seats"]), len(b["seats"]))
    for index in range(seats):
        seat_a = a["seats"][index] if index < len(a["seats"]) else None
        seat_b = b["seats"][index] if index < len(b["seats"]) else None
        name = (seat_a or seat_b)["name"]
        named = f" ({name})" if name != f"player {index + 1}" else ""
        rows.append(_rate_row(f"win rate, seat {index + 1}{named}", seat_a, seat_b, n_a, n_b))
    teams_a = {t["team"]: t for t in a["teams"]}
    teams_b = {t["team"]: t for t in b["teams"]}
    for team in list(teams_a) + [t for t in teams_b if t not in teams_a]:
        rows.append(_rate_row(f"win rate, team {team}", teams_a.get(team), teams_b.get(team), n_a, n_b))
    payoffs_a, payoffs_b = a.get("payoffs", []), b.get("payoffs", [])
    for index in range(max(len(payoffs_a), len(payoffs_b))):
        rows.append(_mean_row(f"mean payoff, seat {index + 1}",
                              payoffs_a[index]["values"] if index < len(payoffs_a) else None,
                              payoffs_b[index]["values"] if index < len(payoffs_b) else None))
    rows.append(_rate_row("draw rate", a["draws"], b["draws"], n_a, n_b))
    rows.append(_rate_row("shared victory rate", a["shared_victories"], b["shared_victories"], n_a, n_b))
    rows.append(_mean_row("mean decisions", a["decision_counts"], b["decision_counts"]))
    stats_a = {s["label"]: s["values"] for s in a["statistics"]}
    stats_b = {s["label"]: s["values"] for s in b["statistics"]}
    for label in list(stats_a) + [s for s in stats_b if s not in stats_a]:
        rows.append(_mean_row(f"mean {label}", stats_a.get(label), stats_b.get(label)))
    return rows + table_rows(a, b)


def table_rows(a: dict, b: dict) -> list[dict]:
    """With traced runs (--balance): per row of a per-player table, its users' win rate in A and
    in B (two-proportion z-test) — whether a new card moved the balance of the others too. A row
    only one side has (the new card itself) is shown without a test."""
    rows_a = {(r["kind"], r["row"]): r for r in a.get("balance", {}).get("rows", [])}
    rows_b = {(r["kind"], r["row"]): r for r in b.get("balance", {}).get("rows", [])}
    out = []
    for key in list(rows_a) + [k for k in rows_b if k not in rows_a]:
        ra, rb = rows_a.get(key), rows_b.get(key)
        as_rate = lambda r: {"rate": r["users_win_rate"], "count": r["user_wins"]} if r else None  # noqa: E731
        out.append(_rate_row(f"win rate of {key[0]} {key[1]}'s users", as_rate(ra), as_rate(rb),
                             ra["users"] if ra else 0, rb["users"] if rb else 0))
    return out


def comparison_note() -> str:
    return (f"Significant: two-sided p < {ALPHA} — {RATE_TEST} (pooled) for rates, {MEAN_TEST} for means; "
            "the two runs use the same seeds, tested as independent samples.")
