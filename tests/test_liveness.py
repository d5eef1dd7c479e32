"""The live locals of a compiled form (interpreter/analysis/liveness.py), which scenario writing uses to call
two positions the same when they differ only in locals play overwrites before reading."""
from __future__ import annotations

import pytest

from rulebook import api
from rulebook.interpreter.ir import stmts as s
from rulebook.interpreter.analysis.liveness import live_locals, reads

GAMES = [("eriantys", {"players": 3, "expert": True}), ("septachroma", {}), ("ephyran", {}),
         ("edenia", {"players": 2})]


def read_before_set(body: tuple) -> set:
    """The slots an instruction's statements read before the instruction sets them itself."""
    found: set = set()
    written: set = set()
    for st in body:
        value_reads = reads(st.value) if isinstance(st, s.SetLocal) else reads(st)
        found |= value_reads - written
        if isinstance(st, s.SetLocal):
            written.add(st.slot)
    return found


@pytest.mark.parametrize("name, options", GAMES, ids=[g for g, _ in GAMES])
def test_a_local_read_before_it_is_set_is_live_and_a_set_one_is_dead_before(name: str, options: dict) -> None:
    ir = api.load_game(name, options).compiled.ir
    live = live_locals(ir)
    killed = 0
    for index, block in enumerate(ir.blocks):
        for pc, instr in enumerate(block.instrs):
            assert read_before_set(instr.body) <= live[index][pc], (block.name, pc)
            first = instr.body[0] if instr.body else None
            if isinstance(first, s.SetLocal) and first.slot not in reads(first.value):
                assert first.slot not in live[index][pc], (block.name, pc)
                killed += 1
    assert killed > 0  # the second check was made somewhere
    assert live_locals(ir) is live  # worked out once per compiled form
