"""A bound on a game's length, read from its rules: the most player decisions a game can take.

The bound is structural: a `choose` is one decision (a `choose up to N` at most N + 1), a `for`
over a kind, the players or a board runs once per value, `repeat N` N times (N bounded by
`bounds.py`), a rule or trigger as often as it is reached. A `loop`, a `while` or a standing action
(which may be taken again and again) that can reach a decision has no bound the structure shows:
the game's length is then unknown (None), and a caller needs a limit of its own (the adapters'
`max_game_length`). Chance decisions are not counted.

>>> from rulebook.api import load_game
>>> game_length_bound(load_game("tests/games/nim")) is None   # take until the heap is empty: a loop
True
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from rulebook.dsl import nodes as n
from rulebook.dsl.types import element_of

from .bounds import Bounds

if TYPE_CHECKING:
    from ..game import Game


def game_length_bound(game: "Game") -> Optional[int]:
    """The most player decisions one game can take, or None when the rules give no such bound."""
    return _Count(game).block(_whole_game(game))


def _whole_game(game: "Game") -> tuple:
    p = game.program
    return (p.setup.body if p.setup else ()) + (p.flow.body if p.flow else ())


class _Count:
    def __init__(self, game: "Game"):
        self.game = game
        self.p = game.program
        self.bounds = Bounds(self.p, game.options, game.compiled.consts, game.player_count)
        self.active: set = set()

    def block(self, stmts) -> Optional[int]:
        total = 0
        for s in stmts:
            count = self.stmt(s)
            if count is None:
                return None
            total += count
        return total

    def most(self, blocks) -> Optional[int]:
        counts = [self.block(b) for b in blocks]
        known = [c for c in counts if c is not None]
        return None if len(known) < len(counts) else max(known, default=0)

    def times(self, bound: Optional[int], body: Optional[int]) -> Optional[int]:
        if body == 0:
            return 0
        return None if bound is None or body is None else max(0, bound) * body

    def stmt(self, s) -> Optional[int]:
        if isinstance(s, n.Choose):
            inner = self.most([o.body for o in s.options])
            return None if inner is None else 1 + inner
        if isinstance(s, n.UpTo):
            body = self.block(s.option.body)
            return None if body is None else self.times(self.bounds.of(s.count)[1], 1 + body) + 1  # type: ignore[operator]
        if isinstance(s, n.If):
            return self.most([b for _, b in s.branches] + ([s.otherwise] if s.otherwise is not None else []))
        if isinstance(s, n.Secretly):
            return self.stmt(s.as_loop())
        if isinstance(s, n.For):
            return self.times(self._domain_size(s.domain), self.block(s.body))
        if isinstance(s, n.Repeat):
            return self.times(self.bounds.of(s.count)[1], self.block(s.body))
        if isinstance(s, (n.While, n.Loop)):
            return 0 if self.block(s.body) == 0 else None
        if isinstance(s, n.Allow):
            action = self.p.actions[s.action]
            body = self.block(s.body)  # each decision inside may be answered by the action, again and again
            return body if body == 0 or not action.options else None
        if isinstance(s, n.SpanBlock):
            body = self.block(s.body)
            ends = self.triggers("span_end", s.kind)
            return None if body is None or ends is None else body + ends
        if isinstance(s, n.CallStmt):
            return self.rule(s.name)
        if isinstance(s, n.RunCode):
            t = self.p.type_of(s.member)
            names = self.p.code_rules.get((s.column, t[1]), []) if isinstance(t, tuple) else []
            counts = [self.rule(name) for name in names if name]
            known = [c for c in counts if c is not None]
            return None if len(known) < len(counts) else max(known, default=0)
        if isinstance(s, n.Emit):
            handlers = self.triggers("event", s.event)
            body = self.block(s.body) if s.body is not None else 0
            return None if handlers is None or body is None else handlers + body
        if isinstance(s, (n.Move, n.Draw, n.Put)):
            return self._piece_triggers(s)
        return 0

    def rule(self, name: str) -> Optional[int]:
        if name in self.active:
            return None  # a rule that runs itself: no bound from the structure
        self.active.add(name)
        try:
            return self.block(self.p.rules[name].body)
        finally:
            self.active.discard(name)

    def triggers(self, form: str, name: str) -> Optional[int]:
        total = 0
        for t in self.p.triggers:
            if t.form == form and t.name == name:
                key = ("trigger", id(t))
                if key in self.active:
                    return None
                self.active.add(key)
                try:
                    count = self.block(t.body)
                finally:
                    self.active.discard(key)
                if count is None:
                    return None
                total += count
        return total

    def _piece_triggers(self, s) -> Optional[int]:
        zones = [e for e in (getattr(s, "dest", None), getattr(s, "source", None), getattr(s, "zone", None)) if e]
        total = 0
        for zone in zones:
            while isinstance(zone, n.Subscript):
                zone = zone.target
            if not isinstance(zone, n.Name):
                continue
            changes = self.triggers("change", zone.name)
            enters = self.triggers("enter", zone.name)
            if changes is None or enters is None:
                return None
            if enters:
                count = getattr(s, "count", None)
                pieces = self.bounds.of(count)[1] if count is not None else (1 if getattr(s, "kind", None) else None)
                enters = self.times(pieces, enters)
                if enters is None:
                    return None
            total += changes + enters
        return total

    def _domain_size(self, domain) -> Optional[int]:
        if isinstance(domain, n.Range):
            low, high = self.bounds.of(domain.low)[0], self.bounds.of(domain.high)[1]
            return None if low is None or high is None else max(0, high - low + 1)
        if isinstance(domain, n.ListExpr):
            return len(domain.items)
        element = element_of(self.p.type_of(domain))
        c = self.game.compiled
        if element in ("player",):
            return self.game.player_count
        if element == "team":
            return len(self.game.team_names)
        if isinstance(element, tuple) and element[0] == "kind":
            return c.kind_sizes.get(element[1])
        if isinstance(element, tuple) and element[0] in ("node", "group"):
            return c.layout.boards[element[1]].size
        return None
