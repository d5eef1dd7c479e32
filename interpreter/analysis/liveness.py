"""Which frame locals are live at each instruction of a block: read before play writes them again.

A state keeps, for every running block, its locals — values a finished loop or an earlier choice
left behind among them. Two states that differ only in dead locals play the same from there on;
tools that compare positions (rulebook/scenarios/sameness.py) compare only the live ones.

A plain backwards analysis over the compiled form's instructions, erring towards live: a local
read anywhere inside a nested statement counts as read; only a top-level `SetLocal` kills. At a
decision (`Suspend`), the chosen values and a passed choice's cleared locals are written before
play resumes, and what the choices read to list their moves is live.
"""
from __future__ import annotations

import dataclasses

from ..ir import exprs as x
from ..ir import stmts as s
from ..ir.program import GameIR


_DONE: dict = {}  # id(ir) -> (ir, its liveness): the ir kept alive, so its id stays its own


class Liveness:
    """Per block, per pc: the frozenset of local slots live when the block's frame stands there.
    A block is worked out the first time it is asked for: a comparison of two positions looks at
    the few blocks their frames stand in, and a large game has hundreds."""

    def __init__(self, ir: GameIR) -> None:
        self._ir = ir
        self._blocks: dict[int, tuple] = {}

    def __getitem__(self, index: int) -> tuple:
        found = self._blocks.get(index)
        if found is None:
            found = self._blocks[index] = _block(self._ir, index)
        return found


def live_locals(ir: GameIR) -> Liveness:
    """The liveness of `ir`'s blocks (kept for the last few compiled forms asked about)."""
    found = _DONE.get(id(ir))
    if found is None:
        if len(_DONE) > 32:
            _DONE.clear()
        found = _DONE[id(ir)] = (ir, Liveness(ir))
    return found[1]


def _block(ir: GameIR, index: int) -> tuple:
    block = ir.blocks[index]
    live: list[frozenset] = [frozenset()] * len(block.instrs)
    # What each statement reads is worked out once: the fixed point below visits every
    # instruction several times, and walking a large block's statements is most of the cost.
    bodies = [tuple((st.slot, reads(st.value)) if isinstance(st, s.SetLocal) else (None, reads(st))
                    for st in reversed(instr.body)) for instr in block.instrs]
    terminators = [_terminator_reads(ir, instr.end) for instr in block.instrs]
    changed = True
    while changed:
        changed = False
        for pc in range(len(block.instrs) - 1, -1, -1):
            end = block.instrs[pc].end
            now = _through(bodies[pc], _after(ir, end, terminators[pc], live))
            if now != live[pc]:
                live[pc] = now
                changed = True
    return tuple(live)


def _terminator_reads(ir: GameIR, end) -> frozenset:
    """What a terminator itself reads, whatever is live after it."""
    if isinstance(end, s.Branch):
        return reads(end.cond)
    if isinstance(end, s.Suspend):
        site = ir.sites[end.site]
        return reads((end.decider,) + tuple((choice.guard, choice.label,
                                             tuple((b.domain, b.condition) for b in choice.bindings))
                                            for choice in site.choices))
    return frozenset()


def _after(ir: GameIR, end, own: frozenset, live: list) -> frozenset:
    """What is live just before the terminator runs (it reads `own`, then play goes on)."""
    if isinstance(end, s.Jump):
        return live[end.target]
    if isinstance(end, s.Branch):
        return own | live[end.then] | live[end.other]
    if isinstance(end, s.PushFrames):
        return live[end.resume]
    if isinstance(end, s.Suspend):
        out = set(own)
        for choice in ir.sites[end.site].choices:
            written = {b.var for b in choice.bindings} | set(choice.clears)
            out |= live[choice.target] - written
        return frozenset(out)
    return frozenset()  # Pop: the frame is gone


def _through(body: tuple, live: frozenset) -> frozenset:
    """`body` as (slot it sets or None, what it reads), last statement first."""
    current = set(live)
    for slot, read in body:
        if slot is not None:
            current.discard(slot)
        current |= read
    return frozenset(current)


def reads(item) -> frozenset:
    """Every local slot an expression or statement (and all inside it) reads."""
    found: set = set()
    stack = [item]
    while stack:
        node = stack.pop()
        if isinstance(node, tuple):
            stack.extend(node)
        elif isinstance(node, x.Local):
            found.add(node.slot)
        elif isinstance(node, s.UpdateLocal):
            found.add(node.slot)
            stack.append(node.value)
        elif isinstance(node, s.CancelCaller):  # reads its own depth local to find the caller
            found.add(node.depth)
        else:
            names = _FIELDS.get(type(node))
            if names is None:
                names = _FIELDS[type(node)] = _walked_fields(node)
            stack.extend(getattr(node, name) for name in names)
    return frozenset(found)


_FIELDS: dict[type, tuple[str, ...]] = {}  # a node class -> the fields a walk goes into


def _walked_fields(node) -> tuple[str, ...]:
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        return tuple(f.name for f in dataclasses.fields(node) if f.name not in ("type", "span"))
    return ()
