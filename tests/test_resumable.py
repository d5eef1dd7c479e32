"""The resumable pass (interpreter/lower/resumable.py): a block's structured body, lowered once by
lower/stmts.py, laid out into numbered instructions — and nothing structured left behind.

Every statement of the rules has one lowering; where play can stop inside it (in a block), that
lowering is a structured form of ir/resumable.py, which only the pass may see. These tests pin
the pass's layout rules on small bodies, and check over every game that no form survives it.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.api import load_program_for
from rulebook.dsl.nodes import NOWHERE
from rulebook.interpreter.ir import exprs as x
from rulebook.interpreter.ir import resumable as r
from rulebook.interpreter.ir import stmts as s
from rulebook.interpreter.ir.program import Binding
from rulebook.interpreter.ir.types import BOOL, INT, TEXT, List
from rulebook.interpreter.ir.walk import walk_statements
from rulebook.interpreter.lower.builder import Builder
from rulebook.interpreter.lower.game import build_game
from rulebook.interpreter.lower.resumable import BlockBuilder, place
from rulebook.interpreter.play.options import resolve_options
from rulebook.interpreter.pyback.evaluate import evaluate

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted(str(p.parent) for p in (ROOT / "tests" / "games").glob("*/game.rules")) + \
    [str(ROOT / "rules" / name) for name in ("eriantys", "septachroma", "ephyran", "edenia")]


def one(value: int) -> s.SetLocal:
    return s.SetLocal(0, x.Const(value, type=INT))


@pytest.fixture(scope="module")
def builder() -> Builder:
    return Builder(load_program_for(ROOT / "tests" / "games" / "nim"), {}, 2)


def laid_out(b: Builder, body: tuple):
    bb = BlockBuilder(b, 0, "test", NOWHERE)
    bb.scope.bind("v", INT)
    place(bb, body)
    return bb.finish(0)


def test_straight_statements_share_one_instruction(builder: Builder) -> None:
    block = laid_out(builder, (one(1), s.If(((x.Const(True, type=BOOL), (one(2),)),)), one(3)))
    assert len(block.instrs) == 1 and len(block.instrs[0].body) == 3
    assert isinstance(block.instrs[0].end, s.Pop)


def test_a_decision_ends_an_instruction_and_its_choices_go_on_after_it(builder: Builder) -> None:
    site = len(builder.sites)
    builder.sites.append(None)
    domain = x.Const((1, 2), type=List(INT))
    option = r.Option(x.Const("take", type=TEXT), (Binding(0, domain, None, False),))
    decide = r.Decide(site, x.Const(0, type=INT), (option,), False)
    block = laid_out(builder, (one(1), decide, one(2)))
    terms = [type(i.end) for i in block.instrs]
    assert terms == [s.Jump, s.Suspend, s.Pop]  # the decision is an instruction of its own
    where, choices, _ = builder.sites[site]
    assert where == 0 and [c.target for c in choices] == [2]
    assert block.instrs[2].body == (one(2),)


def test_an_if_play_can_stop_in_becomes_branches(builder: Builder) -> None:
    call = r.Call(1, ())
    block = laid_out(builder, (s.If(((x.Local(0, type=BOOL), (call,)),), (one(5),)),))
    assert isinstance(block.instrs[0].end, s.Branch)
    assert any(isinstance(i.end, s.PushFrames) for i in block.instrs)  # the call's frame runs first
    assert any(i.body == (one(5),) for i in block.instrs)  # the else arm, after the branch


def test_a_break_leaves_the_innermost_loop_after_its_exits(builder: Builder) -> None:
    leave = (one(7), s.Break())  # what `break` lowers to: the spans it leaves ended, then the break
    loop = r.Loop((), x.Local(0, type=BOOL), (), (s.If(((x.Local(0, type=BOOL), leave),)),), ())
    block = laid_out(builder, (loop, one(9)))
    exits = [i for i in block.instrs if i.body == (one(7),)]
    assert len(exits) == 1 and isinstance(exits[0].end, s.Jump)
    assert block.instrs[exits[0].end.target].body == (one(9),)  # where the loop ends


@pytest.mark.parametrize("folder", GAMES, ids=[Path(g).name for g in GAMES])
def test_no_structured_form_outlives_the_pass(folder: str) -> None:
    program = load_program_for(folder)
    options, count = resolve_options(program, {})
    ir = build_game(program, options, count, tuple(f"p{i}" for i in range(count)), None, evaluate)
    bodies = [f.body for f in ir.functions if f is not None] + \
        [i.body for blk in ir.blocks for i in blk.instrs]
    left = [type(st).__name__ for body in bodies for st in walk_statements(body) if isinstance(st, r.FORM_CLASSES)]
    assert left == []
    assert all(isinstance(i.end, s.Terminator) for blk in ir.blocks for i in blk.instrs)
