"""Step-budget ticks that can never count towards a runaway are dropped.

The budget counts steps between two decisions, so that rules that never stop for one are caught.
Within a block, play can only run on without a decision along its instructions' jumps (a
decision's moves lead on only once a move is made, and each move starts the count anew). A tick
in an instruction that no jump path reaches from the block's start and that lies on no cycle of
jumps runs at most once between two decisions: a loop whose every turn passes a decision (the
turn of a `repeat` around a `choose`) ticks for nothing. Ticks inside loops written within one
instruction (`for`, `while` that never stop) and in functions always stay.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..ir import stmts as s
from ..ir.stmts import successors
from ..ir.program import Block, GameIR, Instr


def drop_idle_ticks(ir: GameIR) -> GameIR:
    return replace(ir, blocks=tuple(_block(b) for b in ir.blocks))


def _block(block: Block) -> Block:
    idle = _idle(block)
    if not idle:
        return block
    instrs = tuple(Instr(_untick(i.body), i.end) if pc in idle else i for pc, i in enumerate(block.instrs))
    return replace(block, instrs=instrs)


def _idle(block: Block) -> set[Any]:
    """Instructions neither reached by jumps from the start nor on a cycle of jumps."""
    nexts = [successors(i.end) for i in block.instrs]
    busy = _reach(nexts, [0])
    for pc in range(len(nexts)):
        if pc not in busy and pc in _reach(nexts, list(nexts[pc])):
            busy.add(pc)
    return {pc for pc in range(len(nexts)) if pc not in busy and _ticks(block.instrs[pc].body)}


def _reach(nexts: list[Any], start: list[Any]) -> set[Any]:
    seen: set[Any] = set()
    while start:
        pc = start.pop()
        if pc not in seen:
            seen.add(pc)
            start.extend(nexts[pc])
    return seen


def _ticks(body: tuple[Any, ...]) -> bool:
    return any(isinstance(st, s.Tick) or (isinstance(st, s.If) and (
        any(_ticks(b) for _, b in st.branches) or _ticks(st.otherwise))) for st in body)


def _untick(body: tuple[Any, ...]) -> tuple[Any, ...]:
    """The body without its ticks (those in a loop written inside it stay)."""
    out = []
    for st in body:
        if isinstance(st, s.Tick):
            continue
        if isinstance(st, s.If):
            st = replace(st, branches=tuple((c, _untick(b)) for c, b in st.branches), otherwise=_untick(st.otherwise))
        out.append(st)
    return tuple(out)
