"""What a game's moves say about its tables, and how play went, gathered while a game is played
(`simulate --balance`): which rows of a per-player table each player used, how many moves each
decision offered, and who led on the rules' declared score.

A row is *used* by a player when a move that player makes has among its values a member of a
kind made from a table (`kind character from character_cards`): choosing a character, playing a
card, invoking a god. Which value of which option is such a member is read from the rules' types,
never written per game."""
from __future__ import annotations

from functools import lru_cache
from typing import Optional

from rulebook.dsl import nodes as n
from rulebook.dsl.types import element_of
from rulebook.interpreter.analysis.program_walk import program_nodes, span_key


@lru_cache(maxsize=16)  # per built game: read once, not per game played
def table_kinds(game) -> dict:
    """(place of a choose or action, option number) -> per value of its moves, the table-made kind
    it is a member of, or None. Options with no such value are left out."""
    program = game.program
    made = {name for name, decl in program.kinds.items() if decl.table is not None}
    found: dict = {}

    def add(span, index: int, option: n.Option) -> None:
        kinds = []
        for binder in option.binders:
            element = element_of(program.type_of(binder.domain))
            kinds.append(element[1] if isinstance(element, tuple) and element[0] == "kind" and element[1] in made
                         else None)
        if any(kinds):
            found[(span_key(span), index)] = tuple(kinds)

    for node in program_nodes(program, n.Choose, n.UpTo):
        options = node.options if isinstance(node, n.Choose) else (node.option,)
        for i, option in enumerate(options):
            add(node.span, i, option)
    for action in program.actions.values():
        for i, option in enumerate(action.options):
            add(action.span, i, option)
    return found


class Tracer:
    """Watches one game's decisions (before each move is applied) and sums them up at its end."""

    def __init__(self, game, kinds: dict):
        self.game, self.kinds = game, kinds
        self.legal = 0          # legal moves offered, summed over decisions
        self.decisions = 0
        self.used: set = set()  # (player, kind, member)
        self.leaders: list = []  # per point (start, then after each move): the scores

    def scores(self, state) -> None:
        if self.game.has_score:
            self.leaders.append(tuple(self.game.score(state, p) for p in range(self.game.player_count)))

    def before(self, state, player: int, move) -> None:
        game = self.game
        self.decisions += 1
        self.legal += len(game.legal_moves(state))
        if self.kinds:
            span, index = game.choice_sources(state)[move.option]
            for kind, value in zip(self.kinds.get((span_key(span), index), ()), move.values):
                if kind is not None and isinstance(value, int):
                    self.used.add((player, kind, value))

    def summary(self, winners: tuple) -> dict:
        return {"branching": self.legal / self.decisions if self.decisions else None,
                "used": tuple(sorted(self.used)),
                **lead_figures(self.leaders, set(winners), self.game.player_count)}


def leader(scores: tuple) -> Optional[int]:
    """The one player with the highest score, or None on a tie for it."""
    best = max(s for s in scores if s is not None) if any(s is not None for s in scores) else None
    top = [p for p, s in enumerate(scores) if s is not None and s == best]
    return top[0] if len(top) == 1 else None


def lead_figures(points: list, winners: set, players: int) -> dict:
    """Lead changes (the sole leader on the declared score becomes another player) and how early
    the final winners lead for good: the first point from which, to the end, a winner's score is
    above every other player's, as a fraction of the game (0: from the start; None when the
    winners do not lead at the end, so the score does not tell who wins, or there is no score)."""
    if not points:
        return {"lead_changes": None, "winner_leads_from": None}
    changes, last = 0, None
    for scores in points:
        now = leader(scores)
        if now is not None:
            changes += last is not None and now != last
            last = now
    losers = set(range(players)) - winners

    def winner_ahead(scores: tuple) -> bool:
        top = max((scores[p] for p in winners if scores[p] is not None), default=None)
        rest = max((scores[p] for p in losers if scores[p] is not None), default=None)
        return top is not None and (rest is None or top > rest)

    if not winners or not losers or not winner_ahead(points[-1]):
        return {"lead_changes": changes, "winner_leads_from": None}
    start = len(points) - 1
    while start > 0 and winner_ahead(points[start - 1]):
        start -= 1
    return {"lead_changes": changes, "winner_leads_from": start / (len(points) - 1) if len(points) > 1 else 0.0}
