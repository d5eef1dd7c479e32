"""Sum up the outcomes of many games: win rates with intervals, end reasons, lengths, statistics."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from rulebook.interpreter.game import Game
from rulebook.interpreter.play.options import option_schema

from .balance import balance_of
from .stats import distribution, mean_interval, wilson


@dataclass(frozen=True)
class GameInfo:
    """What the summary needs to know about the game, taken from the loaded Game."""

    title: str
    version: str
    options: dict
    player_names: tuple
    team_names: tuple
    team_of: tuple
    statistic_labels: tuple
    has_score: bool
    picks_players: tuple = ()  # per statistic: does it name players (a list of players)?
    has_payoff: bool = False  # the rules declare `payoff(p)`
    members: tuple = ()  # (kind, its members' names) for each kind made from a table, for the rows used

    @classmethod
    def of(cls, game: Game) -> "GameInfo":
        options = dict(game.options, players=game.player_count)
        for name, prop in option_schema(game.program)["properties"].items():
            if prop.get("type") == "array":  # the engine holds list options as member numbers
                options[name] = [prop["items"]["enum"][i] for i in options[name]]
        return cls(game.title, str(game.program.version), options,
                   tuple(game.player_names), tuple(game.team_names),
                   tuple(game.team_of(p) for p in range(game.player_count)),
                   game.statistic_labels, game.has_score,
                   picks_players_of(game), game.has_payoff,
                   tuple((k, tuple(game.kind_names[k])) for k, decl in sorted(game.program.kinds.items())
                         if decl.table is not None))

    @property
    def has_teams(self) -> bool:
        """Teams that are not simply one per player."""
        return len(self.team_names) != len(self.player_names) or any(t != p for p, t in enumerate(self.team_of))


def picks_players_of(game: Game) -> tuple:
    """Which declared statistics are lists of players (e.g. the players who used a card): for
    those the summary gives how often any is named, and how often the named players won."""
    return game.statistics_naming_players


def rate(count: int, n: int) -> dict:
    low, high = wilson(count, n)
    return {"count": count, "rate": count / n if n else 0.0, "ci95": [low, high]}


def summarise(info: GameInfo, outcomes: list, bots: tuple, first_seed: int) -> dict:
    """The whole summary as plain data (what --json writes). Equal outcomes give an equal summary."""
    n = len(outcomes)
    players = len(info.player_names)
    teams = len(info.team_names)
    seat_wins = [0] * players
    team_wins = [0] * teams
    draws = shared = 0
    reasons: Counter = Counter()
    decisions = []
    returns_total = [0.0] * players
    for _, winners, reason, length, *_ in outcomes:
        reasons[reason] += 1
        decisions.append(length)
        winning_teams = {info.team_of[p] for p in winners}
        if players > 1 and (not winning_teams or len(winning_teams) == teams):
            draws += 1
            for p in range(players):
                returns_total[p] += 0.5
            continue
        if len(winning_teams) > 1:
            shared += 1
        for p in winners:
            seat_wins[p] += 1
            returns_total[p] += 1.0
        for t in winning_teams:
            team_wins[t] += 1
    seats = [dict(seat=p + 1, name=info.player_names[p], team=info.team_names[info.team_of[p]], bot=bots[p],
                  mean_return=returns_total[p] / n, **rate(seat_wins[p], n)) for p in range(players)]
    summary = {
        "game": info.title, "version": info.version, "options": info.options,
        "games": n, "first_seed": first_seed, "bots": list(bots),
        "seats": seats,
        "teams": ([dict(team=info.team_names[t], seats=[p + 1 for p in range(players) if info.team_of[p] == t],
                        **rate(team_wins[t], n)) for t in range(teams)] if info.has_teams else []),
        "draws": rate(draws, n),
        "shared_victories": rate(shared, n),
        "end_reasons": [dict(reason=r, **rate(c, n)) for r, c in sorted(reasons.items(), key=lambda i: (-i[1], i[0]))],
        "length": {"decisions": distribution(decisions)},
        "decision_counts": decisions,
        "statistics": [],
        "payoffs": [dict(seat=p + 1, name=info.player_names[p], values=[o[6][p] for o in outcomes],
                         **mean_interval([o[6][p] for o in outcomes])) for p in range(players)]
        if info.has_payoff else [],
    }
    summary["picked_players"] = []
    for index, label in enumerate(info.statistic_labels):
        if index < len(info.picks_players) and info.picks_players[index]:
            summary["picked_players"].append(picked_players(label, [(o[1], o[4][index]) for o in outcomes], n))
            continue
        values = [o[4][index] for o in outcomes if o[4][index] is not None]
        summary["statistics"].append(dict(label=label, values=values, **distribution(values)))
    if info.has_score:
        for p in range(players):
            values = [o[5][p] for o in outcomes if o[5][p] is not None]
            summary["statistics"].append(dict(label=f"final score, seat {p + 1}", values=values,
                                              **distribution(values)))
    summary["balance"] = balance_of(summary, info, outcomes)
    return summary


def picked_players(label: str, games: list, n: int) -> dict:
    """A players statistic: in how many games it named anyone, and the win rate of those named."""
    named = with_any = wins = 0
    for winners, players in games:
        players = players or ()
        with_any += bool(players)
        named += len(players)
        wins += sum(1 for p in players if p in winners)
    return dict(label=label, games_with_any=rate(with_any, n), named=named, win_rate=rate(wins, named))


def public(summary: dict) -> dict:
    """The summary without its per-game lists (what a person reads; --json keeps everything)."""
    out = {k: v for k, v in summary.items() if k != "decision_counts"}
    out["statistics"] = [{k: v for k, v in s.items() if k != "values"} for s in summary["statistics"]]
    out["payoffs"] = [{k: v for k, v in s.items() if k != "values"} for s in summary.get("payoffs", [])]
    return out
