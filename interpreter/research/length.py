"""A bound on a game's length, read from the compiled form: the most player decisions a game can take.

The bound is structural, over the blocks the lowering made (the flow is blocks[0]): a decision
(`suspend`) is one, a `for` over a kind, the players, a board or a list of constants runs once per
value, `repeat N` and `choose up to N` N times (N bounded by interpreter/analysis/intervals.py),
a queued frame (a rule,
trigger or cell that can stop for a decision) as often as it is queued. Any other loop that can reach
a decision (a `loop`, a `while`), a call that comes back to itself, and a standing action with
moves (which may be taken again and again) have no bound the structure shows: the game's length is
then unknown (None), and a caller needs a limit of its own (the adapters' `max_game_length`).
Chance decisions are not counted.

>>> from rulebook.api import load_game
>>> game_length_bound(load_game("tests/games/nim")) is None   # take until the heap is empty: a loop
True
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from ..analysis.intervals import Intervals
from ..ir import exprs as x
from ..ir import stmts as s
from ..ir.program import Block, GameIR
from ..ir.types import Int, List
from ..ir.walk import walk_statements

if TYPE_CHECKING:
    from ..game import Game

Count = Optional[int]  # decisions, or None: no bound


class Unbounded(Exception):
    """The structure shows no bound."""


def game_length_bound(game: "Game") -> Optional[int]:
    """The most player decisions one game can take, or None when the rules give no such bound."""
    return game.research.length_bound()


def length_bound(ir: GameIR, intervals: Intervals) -> Optional[int]:
    try:
        return _Count(ir, intervals).block(0)
    except Unbounded:
        return None


class _Count:
    def __init__(self, ir: GameIR, intervals: Intervals) -> None:
        self.ir = ir
        self.intervals = intervals
        self.active: set[int] = set()  # blocks being counted (one that queues itself: no bound)
        self.blocks: dict[int, int] = {}

    def block(self, number: int) -> int:
        """The most decisions one run of block `number` can take."""
        if number in self.blocks:
            return self.blocks[number]
        if number in self.active:
            raise Unbounded
        self.active.add(number)
        try:
            found = self.blocks[number] = _Paths(self, self.ir.blocks[number]).longest(0, frozenset())
        finally:
            self.active.discard(number)
        return found

    def queued(self, body: tuple[Any, ...]) -> int:
        """The decisions of the frames an instruction's statements queue (all of them run), and
        of the standing actions they allow."""
        total = 0
        for st in walk_statements(body):
            if isinstance(st, (s.ForEach, s.While)) and self._queues(st.body):
                raise Unbounded  # queued again and again: counted as a loop of unknown length
            if isinstance(st, s.QueueFrame):
                total += self.block(st.block)
            elif isinstance(st, s.QueueCell):
                total += max((self.block(b) for b in self.ir.codes[st.code].blocks if b >= 0), default=0)
            elif isinstance(st, s.PushAllow) and self.ir.actions[st.action].choices:
                raise Unbounded  # its moves may be made again and again
        return total

    def _queues(self, body: tuple[Any, ...]) -> bool:
        return any(isinstance(st, (s.QueueFrame, s.QueueCell, s.PushAllow)) for st in walk_statements(body))


class _Paths:
    """Longest paths, in decisions, through one block's instructions: loops the lowering makes of a
    `for` or a `repeat` are counted round by their number of rounds, any other cycle has no bound."""

    def __init__(self, count: _Count, block: Block) -> None:
        self.count = count
        self.block = block
        self.memo: dict[tuple[int, frozenset[int]], int] = {}
        self.on_path: set[int] = set()

    def longest(self, at: int, stops: frozenset[int]) -> int:
        """The most decisions from instruction `at` to the block's end, or to one of `stops` (when
        counting one round of a loop: its header, and where play leaves it — counted after it)."""
        if at in stops:
            return 0
        key = (at, stops)
        if key in self.memo:
            return self.memo[key]
        if at in self.on_path:
            raise Unbounded  # a cycle that is not a loop counted by its rounds
        self.on_path.add(at)
        try:
            found = self._from(at, stops)
        finally:
            self.on_path.discard(at)
        self.memo[key] = found
        return found

    def _from(self, at: int, stops: frozenset[int]) -> int:
        instr = self.block.instrs[at]
        here = self.count.queued(instr.body)
        end = instr.end
        loop = self._loop(at)
        if loop is not None:
            rounds, body, after = loop
            once = self.longest(body, stops | {at, after})
            if once and rounds is None:
                raise Unbounded
            return here + (rounds or 0) * once + self.longest(after, stops)
        if isinstance(end, s.Suspend):
            site = self.count.ir.sites[end.site]
            return here + 1 + max((self.longest(c.target, stops) for c in site.choices), default=0)
        return here + max((self.longest(n, stops) for n in s.successors(end)), default=0)

    def _loop(self, at: int) -> Optional[tuple[Optional[int], int, int]]:
        """For the header of a loop the lowering made of a `for` (`at < len(items)`), a `repeat`
        (`count > 0`) or a `choose up to` (`count <= 0`: done): (its number of rounds or None, the
        first instruction of a round, the one after the loop); None for any other instruction."""
        end = self.block.instrs[at].end
        if not isinstance(end, s.Branch) or not isinstance(end.cond, x.Binary):
            return None
        cond = end.cond
        if cond.op == "<" and isinstance(cond.left, x.Local) and isinstance(cond.right, x.Length) \
                and isinstance(cond.right.seq, x.Local):
            return self._most(cond.right.seq.slot, self._items), end.then, end.other
        counter = cond.left
        if isinstance(counter, x.Local) and isinstance(cond.right, x.Const) and cond.right.value == 0 \
                and cond.op in (">", "<="):
            rounds = self._most(counter.slot, lambda e: self.count.intervals.of(e)[1])
            return (rounds, end.then, end.other) if cond.op == ">" else (rounds, end.other, end.then)
        return None

    def _most(self, slot: int, size: Any) -> Optional[int]:
        """The largest of `size` of every value the block sets local `slot` to (None if unknown)."""
        found: list[Optional[int]] = [size(st.value) for instr in self.block.instrs
                                      for st in walk_statements(instr.body)
                                      if isinstance(st, s.SetLocal) and st.slot == slot]
        if not found or any(f is None for f in found):
            return None
        return max(0, *[f for f in found if f is not None])

    def _items(self, e: Any) -> Optional[int]:
        """How many items a loop's list can have: a constant list's length, a range's reach, or
        the number of values of its items' type (a kind, the players, a board)."""
        if isinstance(e, x.Const) and isinstance(e.value, tuple):
            return len(e.value)
        if isinstance(e, x.IntRange):
            low, high = self.count.intervals.of(e.low)[0], self.count.intervals.of(e.high)[1]
            return None if low is None or high is None else max(0, high - low + 1)
        element = e.type.elem if isinstance(e.type, List) else None
        if isinstance(element, Int) and element.of.split(" ")[0] in ("player", "team", "kind", "node", "group"):
            return element.size
        return None
