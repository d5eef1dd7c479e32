"""Explicit chance: draws, picks and shuffles as chance decisions, each with its outcomes' odds.

By default a game's chance comes from the seeded generator in the state (`S.rng` is an int). A game
made with `chance="explicit"` keeps instead, in `S.rng`, a record (plain data):

    (given, shuffled, pending)
    given     outcomes chosen since the last player decision, in the order the rules asked for them
    shuffled  ((pile slot, pieces at its bottom still in no order), ...) for piles shuffled but unread
    pending   None at a player's decision; at a chance decision (kind, where, outcomes, weights)

Play runs as usual until a chance helper (runtime.py) needs an outcome nobody has given: it raises
ChanceNeeded, the state goes back to where the run started (a state ready to run), and the event
waits as `pending`. Giving an outcome appends it to `given` and runs again from there; the helpers
answer the events already decided from `given`, in order, so the run retraces its steps exactly.

A shuffle is not one decision over every order: the pile is marked unordered, and each draw from
its top is then a chance decision over the pieces left (one per card, when the order is first read).
A pile the rules also read in other ways (iterate, index, `top`, move or take pieces from it) is put
in order at the shuffle itself, piece by piece from the top — still one decision per card.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, cast

from rulebook.dsl import nodes as n
from rulebook.dsl.errors import RulebookError

from ..analysis.program_walk import statement_roots, walk
from .moves import IllegalMove

if TYPE_CHECKING:
    from .machine import State

NO_CHANCE_YET = ((), (), None)  # the record of an explicit-chance state before anything is drawn


class ChanceNeeded(Exception):
    """A run reached a chance event whose outcome is not given yet (never escapes the Game)."""

    def __init__(self, event: tuple):
        super().__init__("a chance decision is needed")
        self.event = event


class Replay:
    """`S.rng` while an explicit-chance run is under way: answers events from the given outcomes."""

    __slots__ = ("given", "at", "shuffled", "lazy")

    def __init__(self, record: tuple, lazy: frozenset):
        self.given = record[0]
        self.at = 0
        self.shuffled = dict(record[1])
        self.lazy = lazy

    def record(self) -> tuple:
        return ((), tuple(sorted(self.shuffled.items())), None)

    def outcome(self, kind: str, where, outcomes: tuple, weights: tuple):
        """The outcome of the next chance event: the next given one, or ChanceNeeded."""
        if self.at < len(self.given):
            value = self.given[self.at]
            self.at += 1
            if value not in outcomes:
                raise RulebookError(f"chance outcome {value!r} is not one of {list(outcomes)}")
            return value
        raise ChanceNeeded((kind, where, outcomes, weights))

    def draw_kind(self, kind: str, where, counts: Iterable[int]):
        """A piece kind drawn at random, each piece equally likely."""
        outcomes, weights = [], []
        for k, count in enumerate(counts):
            if count:
                outcomes.append(k)
                weights.append(count)
        return self.outcome(kind, where, tuple(outcomes), tuple(weights))


# ---------------------------------------------------------------- helpers called by runtime.py
def _replay(S: "State") -> Replay:
    return cast(Replay, S.rng)  # while a run of an explicit-chance game is under way


def pick(S: "State", domain: tuple, where: str):
    counts: dict = {}
    for value in domain:
        counts[value] = counts.get(value, 0) + 1
    return _replay(S).outcome("pick", where, tuple(counts), tuple(counts.values()))


def draw_from_zone(S: "State", D: list, base: int, kinds: int) -> int:
    k = _replay(S).draw_kind("draw", base, D[base:base + kinds])
    D[base + k] -= 1
    return k


def shuffle(S: "State", D: list, slot: int) -> None:
    replay = _replay(S)
    items = sorted(D[slot])  # one canonical order: equal piles give equal states
    if slot in replay.lazy:
        D[slot] = tuple(items)
        replay.shuffled[slot] = len(items)
        return
    order = []  # resolved now, piece by piece from the top
    while items:
        k = replay.draw_kind("shuffle", slot, [items.count(kind) for kind in range(max(items) + 1)])
        items.remove(k)
        order.append(k)
    D[slot] = tuple(reversed(order))
    replay.shuffled.pop(slot, None)


def draw_from_pile(S: "State", D: list, slot: int) -> int:
    replay = _replay(S)
    pile = D[slot]
    unordered = replay.shuffled.get(slot, 0)
    if len(pile) > unordered:  # pieces put on top since the shuffle come off first, in order
        D[slot] = pile[:-1]
        return pile[-1]
    items = list(pile)
    k = replay.draw_kind("draw", slot, [items.count(kind) for kind in range(max(items) + 1)])
    items.remove(k)
    D[slot] = tuple(items)
    if unordered > 1:
        replay.shuffled[slot] = unordered - 1
    else:
        del replay.shuffled[slot]
    return k


# ---------------------------------------------------------------- which piles may stay unordered
def lazily_shuffled_piles(program) -> set[str]:
    """Piles that are shuffled and otherwise only drawn from, put or moved onto, counted or
    shuffled again: their order can stay undecided until a draw reads it."""
    shuffled = {zone for zone in (_zone_name(s.zone) for s in _all(program, n.Shuffle)) if zone}
    if not shuffled:
        return set()
    allowed: set[int] = set()
    for node in _all(program, n.Node):
        if isinstance(node, n.Shuffle):
            allowed.update(_names_of(node.zone))
        elif isinstance(node, n.Draw):
            allowed.update(_names_of(node.source) + _names_of(node.dest))
        elif isinstance(node, n.Move):  # pieces moved onto the pile go on top, in order
            allowed.update(_names_of(node.dest))
        elif isinstance(node, n.Put) and not node.remove:
            allowed.update(_names_of(node.zone))
        elif isinstance(node, n.Call) and node.name == "count" and node.args:
            allowed.update(_names_of(node.args[0]))
    read_otherwise = {node.name for node in _all(program, n.Name)
                      if node.name in shuffled and id(node) not in allowed}
    return shuffled - read_otherwise


def _all(program, kind: type) -> list:
    roots = statement_roots(program) + [v.body for v in program.values.values()]
    roots += [i.condition for i in program.invariants] + [s.value for s in program.statistics]
    if program.score is not None:
        roots.append(program.score.value)
    if program.payoff is not None:
        roots.append(program.payoff.value)
    return [node for root in roots for node in walk(root) if isinstance(node, kind)]


def _zone_name(e) -> str | None:
    while isinstance(e, n.Subscript):
        e = e.target
    return e.name if isinstance(e, n.Name) else None


def _names_of(e) -> list[int]:
    """The id of the Name naming the zone in a zone expression (its indexes are other reads)."""
    while isinstance(e, n.Subscript):
        e = e.target
    return [id(e)] if isinstance(e, n.Name) else []


# ---------------------------------------------------------------- running with explicit chance
def run_explicit(S: "State", run, sink_holder, lazy: frozenset) -> None:
    """Run S on (`run(S)`) answering chance events from its record; on an event nobody has decided,
    put S back as it was and leave the event pending. Log lines of a run that is taken back are
    never sent (they would be sent twice)."""
    record = S.rng
    snapshot = S.copy()
    sink = sink_holder.sink
    lines: list = []
    if sink is not None:
        sink_holder.sink = lambda state, text: lines.append(text)
    replay = Replay(record, lazy)
    S.rng = replay
    try:
        run(S)
    except ChanceNeeded as need:
        S.data, S.frames, S.mods = snapshot.data, snapshot.frames, snapshot.mods
        S.decision, S.decider, S.result, S.allows = (snapshot.decision, snapshot.decider, snapshot.result,
                                                     snapshot.allows)
        S.rng = (record[0], record[1], need.event)
        return
    except BaseException:
        S.rng = record
        raise
    finally:
        sink_holder.sink = sink
    S.rng = replay.record()
    if sink is not None:
        for text in lines:
            sink(S, text)


def give(record: tuple, outcome) -> tuple:
    """The record after chance chose `outcome` for the pending event."""
    given, shuffled, pending = record
    if pending is None:
        raise RulebookError("no chance decision is waiting")
    if outcome not in pending[2]:
        raise RulebookError(f"{outcome!r} is not an outcome of this chance decision "
                            f"(they are {list(pending[2])})")
    return (given + (outcome,), shuffled, None)


# ---------------------------------------------------------------- the waiting chance decision
def waiting(S: "State") -> bool:
    """Whether chance decides next (only in a game made with chance="explicit")."""
    return S.result is None and S.rng.__class__ is tuple and S.rng[2] is not None


def event(S: "State") -> tuple:
    """The waiting chance decision: (kind, where, outcomes, weights); IllegalMove if none waits."""
    if not waiting(S):
        raise IllegalMove("no chance decision is waiting")
    return S.rng[2]


def outcomes(S: "State") -> list[tuple]:
    """The waiting chance decision's outcomes with their probabilities: (outcome, p) each."""
    _, _, found, weights = event(S)
    total = sum(weights)
    return [(o, w / total) for o, w in zip(found, weights)]


def choose(S: "State", outcome) -> None:
    """Let chance choose `outcome` (the caller plays on)."""
    event(S)
    try:
        S.rng = give(S.rng, outcome)
    except RulebookError as err:
        raise IllegalMove(str(err)) from None
