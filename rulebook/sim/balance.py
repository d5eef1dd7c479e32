"""Balance figures from a simulation's outcomes, for any game: does the first seat win more than
its share, are wins spread evenly over the seats, how long do games run. Read from the summary's
seat wins and lengths only, so every back-end (native or Python) gives them."""
from __future__ import annotations

import math

from .stats import ALPHA, TestResult, chi_square_sf, distribution, normal_two_sided_p, two_proportion_z, wilson


def first_seat_advantage(seat_wins: list[int], games: int) -> dict:
    """Seat 1's win rate against the mean win rate of all seats (what a fair seat would get): the
    difference, its 95% interval (Wilson's for seat 1, less the mean) and a one-sample z-test of
    seat 1's wins against the mean rate."""
    players = len(seat_wins)
    mean = sum(seat_wins) / (players * games) if games and players else 0.0
    rate = seat_wins[0] / games if games else 0.0
    low, high = wilson(seat_wins[0], games)
    if games == 0 or mean in (0.0, 1.0):
        test = TestResult("one-sample z-test", 0.0, 1.0 if rate == mean else 0.0)
    else:
        z = (rate - mean) / math.sqrt(mean * (1 - mean) / games)
        test = TestResult("one-sample z-test", z, normal_two_sided_p(z))
    return {"seat_1_rate": rate, "mean_rate": mean, "advantage": rate - mean,
            "ci95": [low - mean, high - mean], "test": test.test, "statistic": test.statistic, "p": test.p,
            "significant": test.significant}


def seat_balance(seat_wins: list[int]) -> dict:
    """Pearson's chi-square test that wins fall evenly over the seats (df = seats − 1)."""
    players, total = len(seat_wins), sum(seat_wins)
    if players < 2 or total == 0:
        return {"test": "chi-square test", "statistic": 0.0, "df": max(0, players - 1), "p": 1.0,
                "significant": False}
    expected = total / players
    statistic = math.fsum((w - expected) ** 2 / expected for w in seat_wins)
    p = chi_square_sf(statistic, players - 1)
    return {"test": "chi-square test", "statistic": statistic, "df": players - 1, "p": p, "significant": p < ALPHA}


def balance_of(summary: dict, info, outcomes: list) -> dict:
    """The balance block of a summary (summary['balance']); with traced games (simulate
    --balance) also branching, lead changes, how early the winner leads for good, and rows used."""
    wins = [s["count"] for s in summary["seats"]]
    games = summary["games"]
    length = summary["length"]["decisions"]
    block = {"first_seat": first_seat_advantage(wins, games), "seats": seat_balance(wins),
             "draw_rate": summary["draws"]["rate"],
             "length": {"mean": length["mean"], "sd": length["sd"]}, "traced": False}
    traces = [(o[1], o[7]) for o in outcomes if len(o) > 7 and o[7] is not None]
    if traces and len(traces) == len(outcomes):
        block.update(traced=True, **traced_figures(traces, info, len(summary["seats"])))
    return block


def _mean_sd(values: list) -> dict:
    d = distribution(values)
    return {"n": d["n"], "mean": d["mean"], "sd": d["sd"]}


def traced_figures(traces: list, info, players: int) -> dict:
    """Figures from each game's trace (rulebook/sim/usage.py): per (winners, trace) pair."""
    branching = [t["branching"] for _, t in traces if t["branching"] is not None]
    changes = [t["lead_changes"] for _, t in traces if t["lead_changes"] is not None]
    leads = [t["winner_leads_from"] for _, t in traces if t["winner_leads_from"] is not None]
    scored = sum(1 for _, t in traces if t["lead_changes"] is not None)
    return {"branching": _mean_sd(branching), "lead_changes": _mean_sd(changes),
            "winner_leads_from": dict(_mean_sd(leads), games_scored=scored),
            "rows": row_effects(traces, info.members, players)}


def row_effects(traces: list, members: tuple, players: int) -> list[dict]:
    """For each row of a table-made kind some player used in some game: in how many games it was
    used, and the win rate of the players who used it against that of those who did not (per
    player and game), with Wilson intervals and a two-proportion z-test."""
    n = len(traces)
    names = dict(members)
    used_in: dict = {}  # (kind, member) -> [games used, users, users who won]
    for winners, trace in traces:
        seen = set()
        for player, kind, member in trace["used"]:
            figures = used_in.setdefault((kind, member), [0, 0, 0])
            if (kind, member) not in seen:
                seen.add((kind, member))
                figures[0] += 1
            figures[1] += 1
            figures[2] += player in winners
    total_wins = sum(len(set(w)) for w, _ in traces)
    rows = []
    for (kind, member), (games, users, user_wins) in sorted(used_in.items()):
        others = n * players - users
        other_wins = total_wins - user_wins
        test = two_proportion_z(other_wins, others, user_wins, users) if others else None
        label = names.get(kind, ())
        rows.append({"kind": kind, "row": label[member] if member < len(label) else str(member),
                     "games": games, "use_rate": games / n, "users": users,
                     "users_win_rate": user_wins / users, "users_ci95": list(wilson(user_wins, users)),
                     "user_wins": user_wins, "others": others, "other_wins": other_wins,
                     "others_win_rate": other_wins / others if others else None,
                     "others_ci95": list(wilson(other_wins, others)) if others else None,
                     "difference": user_wins / users - other_wins / others if others else None,
                     "p": test.p if test else None, "significant": test.significant if test else None})
    return rows
