"""The step budget, counted in bulk: a loop over a fixed list (the players, a kind's members, a
board's nodes) that cannot leave early takes all its turns from the budget once, before it
starts, instead of one at every turn — the same number of steps, in one statement (a tick in the
middle of its body, as a loop unrolled inside it leaves, runs once a turn too).

Only loops over a constant list: a range of known length is walked at a cost of its own, and a
loop with a `break` or a `return` inside may stop before its last turn.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..ir import exprs as x
from ..ir import stmts as s
from ..ir.program import Block, Function, GameIR, Instr
from ..ir.types import INT
from ..ir.walk import rebuild, rebuild_body, walk_all
from .fold import ExprMap, map_code


def _counted_in_bulk(st: Any) -> Any:
    """A fixed loop whose body ticks (at its top level, not inside an `if`): those ticks, times
    its turns, before it."""
    if not isinstance(st, s.ForEach) or not isinstance(st.domain, x.Const) or not isinstance(st.domain.value, tuple):
        return st
    ticks = [(inner, inner.steps.value) for inner in st.body
             if isinstance(inner, s.Tick) and isinstance(inner.steps, x.Const)]
    if not ticks or any(isinstance(n, (s.Break, s.Return)) for n in walk_all(st.body)):
        return st
    steps = len(st.domain.value) * sum(each for _, each in ticks)
    rest = tuple(inner for inner in st.body if not any(inner is tick for tick, _ in ticks))
    return [s.Tick(x.Const(steps, type=INT), span=ticks[0][0].span), replace(st, body=rest)]


def count_ticks(ir: GameIR) -> GameIR:
    def on_function(index: int, fn: Function) -> Function:
        return replace(fn, body=rebuild_body(fn.body, _counted_in_bulk))

    def on_block(index: int, block: Block) -> tuple[Block, ExprMap]:
        instrs = tuple(Instr(rebuild_body(i.body, _counted_in_bulk), rebuild(i.end, _counted_in_bulk)) for i in block.instrs)
        return replace(block, instrs=instrs), lambda e: e
    return map_code(ir, on_function, on_block)
