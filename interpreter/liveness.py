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

from .ir import exprs as x
from .ir import stmts as s
from .ir.program import GameIR


_DONE: dict = {}  # id(ir) -> (ir, its liveness): the ir kept alive, so its id stays its own


def live_locals(ir: GameIR) -> tuple:
    """Per block, per pc: the frozenset of local slots live when the block's frame stands there."""
    found = _DONE.get(id(ir))
    if found is None:
        if len(_DONE) > 32:
            _DONE.clear()
        found = _DONE[id(ir)] = (ir, tuple(_block(ir, index) for index in range(len(ir.blocks))))
    return found[1]


def _block(ir: GameIR, index: int) -> tuple:
    block = ir.blocks[index]
    live: list[frozenset] = [frozenset()] * len(block.instrs)
    changed = True
    while changed:
        changed = False
        for pc in range(len(block.instrs) - 1, -1, -1):
            instr = block.instrs[pc]
            now = _through(instr.body, _after(ir, index, instr.end, live))
            if now != live[pc]:
                live[pc] = now
                changed = True
    return tuple(live)


def _after(ir: GameIR, index: int, end, live: list) -> frozenset:
    """What is live just before the terminator runs (it reads, then play goes on)."""
    if isinstance(end, s.Jump):
        return live[end.target]
    if isinstance(end, s.Branch):
        return reads(end.cond) | live[end.then] | live[end.other]
    if isinstance(end, s.PushFrames):
        return live[end.resume]
    if isinstance(end, s.Suspend):
        site = ir.sites[end.site]
        out = set(reads(end.decider))
        for choice in site.choices:
            written = {b.var for b in choice.bindings} | set(choice.clears)
            out |= live[choice.target] - written
            out |= reads((choice.guard, choice.label, tuple((b.domain, b.condition) for b in choice.bindings)))
        return frozenset(out)
    return frozenset()  # Pop: the frame is gone


def _through(body: tuple, live: frozenset) -> frozenset:
    current = set(live)
    for st in reversed(body):
        if isinstance(st, s.SetLocal):
            current.discard(st.slot)
            current |= reads(st.value)
        else:
            current |= reads(st)
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
        elif dataclasses.is_dataclass(node) and not isinstance(node, type):
            stack.extend(getattr(node, f.name) for f in dataclasses.fields(node) if f.name not in ("type", "span"))
    return frozenset(found)
