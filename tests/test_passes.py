"""The pass manager (interpreter/passes/pipeline.py), the IR printer and the IR verifier.

The passes run as one list of named passes; the manager can time them, print the IR after any of
them, and check it after each (the tests always do: tests/conftest.py sets RULEBOOK_VERIFY_IR).
"""
from __future__ import annotations

import io
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

import pytest

from rulebook.api import load_program_for
from rulebook.interpreter.ir import exprs as x
from rulebook.interpreter.ir import resumable as r
from rulebook.interpreter.ir import stmts as s
from rulebook.interpreter.ir.printer import _EXPRS, _STMTS, render
from rulebook.interpreter.ir.program import Function, GameIR, Instr, LocalInfo
from rulebook.interpreter.ir.types import BOOL, INT
from rulebook.interpreter.ir.verify import IRError, verify
from rulebook.interpreter.lower.game import build_game
from rulebook.interpreter.options import resolve_options
from rulebook.interpreter.passes import PASSES, PIPELINE, optimise, pipeline
from rulebook.interpreter.passes.fold import fold_function
from rulebook.interpreter.passes.pipeline import Pass, Watch
from rulebook.interpreter.pyback.evaluate import evaluate

GAMES = Path(__file__).resolve().parent / "games"


@lru_cache(maxsize=None)
def lowered(name: str) -> GameIR:
    program = load_program_for(GAMES / name)
    options, count = resolve_options(program, {})
    return build_game(program, options, count, tuple(f"player {i + 1}" for i in range(count)), None, evaluate)


def watched(environ: dict, ir: GameIR, skip: frozenset = frozenset()) -> tuple[GameIR, str]:
    out = io.StringIO()
    return optimise(ir, skip, Watch(environ, out)), out.getvalue()


# ---------------------------------------------------------------- the manager
def test_the_pipeline_is_a_list_of_named_passes_in_order() -> None:
    assert PASSES == tuple(p.name for p in PIPELINE)
    assert PASSES[0] == "fold" and PASSES[-1] == "share" and len(set(PASSES)) == len(PASSES)


def test_timing_prints_one_line_per_pass_run_in_order() -> None:
    _, text = watched({"RULEBOOK_TIME_PASSES": "1"}, lowered("roads"), frozenset({"unroll"}))
    names = [line.split()[2] for line in text.splitlines() if line.startswith("rulebook pass ")]
    assert names == [name for name in PASSES if name != "unroll"]
    assert text.splitlines()[-1].startswith("rulebook passes total")


def test_watching_gives_the_same_ir_as_not_watching() -> None:
    watching, _ = watched({"RULEBOOK_TIME_PASSES": "1", "RULEBOOK_VERIFY_IR": "1"}, lowered("roads"))
    assert watching == optimise(lowered("roads"), watch=Watch({}))


def test_the_ir_is_printed_after_the_passes_named() -> None:
    _, text = watched({"RULEBOOK_DUMP_IR": "lowered, inline"}, lowered("roads"))
    assert [line for line in text.splitlines() if line.startswith("# ----")] == \
        ["# ---- Roads: the IR after lowered", "# ---- Roads: the IR after inline"]
    assert "-> suspend site 0 for D[0]" in text and "block b0 flow" in text
    _, every = watched({"RULEBOOK_DUMP_IR": "all"}, lowered("roads"))
    assert every.count("# ---- Roads: the IR after") == len(PASSES)


def test_the_printer_knows_every_class_of_the_compiled_form() -> None:
    assert [c.__name__ for c in x.EXPR_CLASSES if c not in _EXPRS] == []
    nested = (s.If, s.ForEach, s.While)  # printed with their bodies indented
    assert [c.__name__ for c in s.STMT_CLASSES + s.TERMINATOR_CLASSES if c not in _STMTS and c not in nested] == []


def test_the_printer_reads_like_pseudo_code() -> None:
    text = render(optimise(lowered("roads")))
    assert "function f0 value town [value] -> node towns 1..9" in text
    assert "    return (1, 2, 3, 4, 5, 6, 7, 8, 9)[(n#0 - 1)]" in text
    assert "do connect!(" in text and "-> pop" in text


# ---------------------------------------------------------------- the verifier
@pytest.mark.parametrize("name", sorted(p.name for p in GAMES.iterdir() if (p / "game.rules").exists()))
def test_every_games_ir_is_sound_before_and_after_the_passes(name: str) -> None:
    raw = lowered(name)
    assert verify(raw) == []
    optimise(raw, watch=Watch({"RULEBOOK_VERIFY_IR": "1"}))  # raises IRError naming a pass that breaks it


def _function(body: tuple, locals_: int = 1, params: int = 0) -> Function:
    return Function("f", "rule", params, tuple(LocalInfo(f"v{i}", INT) for i in range(locals_)), body, INT)


def _with_function(ir: GameIR, fn: Function) -> GameIR:
    return replace(ir, functions=ir.functions + (fn,))


def _one(n: int = 1) -> x.Const:
    return x.Const(n, type=INT)


@pytest.mark.parametrize("body, found", [
    ((s.SetLocal(3, _one()),), "SetLocal.slot is local 3 of 1"),
    ((s.Return(x.Local(-1, type=INT)),), "Local.slot is local -1 of 1"),
    ((s.Do(x.Helper("merge", (_one(),) * 3, type=INT)),), "helper merge given 3 arguments; it takes 5"),
    ((s.Do(x.Helper("juggle", (), type=INT)),), "no helper juggle"),
    ((s.Return(x.Binary("+", x.Helper("draw_one", (_one(), _one()), type=INT), _one(), type=INT)),),
     "helper draw_one changes the state inside an expression"),
    ((s.Do(x.CallFn(999, (), type=INT)),), "calls function 999, which is not there"),
    ((s.If(((_one(), ()),)),), "the condition of If is Int, not a truth value"),
    ((s.Return(x.Logic("and", (x.Const(True, type=BOOL), _one()), type=BOOL)),), "an operand of and is Int"),
    ((s.QueueFrame(0, ()),), "QueueFrame outside a block"),
    ((s.Return(x.Const(1, type=None)),), "Const has no type"),  # type: ignore[arg-type]
])
def test_a_broken_function_is_reported(body: tuple, found: str) -> None:
    problems = verify(_with_function(lowered("roads"), _function(body)))
    assert any(found in line for line in problems), problems


def test_a_structured_form_left_in_a_block_is_reported() -> None:
    ir = optimise(lowered("roads"))
    flow = ir.blocks[0]
    left = r.Queued(())
    broken = replace(flow, instrs=(Instr((left,), flow.instrs[0].end),) + flow.instrs[1:])
    problems = verify(replace(ir, blocks=(broken,) + ir.blocks[1:]))
    assert "block 0 (flow) instruction 0: Queued is no statement of the compiled form" in problems


def test_a_jump_out_of_its_block_and_a_wrong_call_are_reported() -> None:
    ir = optimise(lowered("roads"))
    flow = ir.blocks[0]
    size = len(flow.instrs)
    instrs = (Instr(flow.instrs[0].body, s.Jump(size + 4)),) + flow.instrs[1:]
    problems = verify(replace(ir, blocks=(replace(flow, instrs=instrs),) + ir.blocks[1:]))
    assert f"block 0 (flow) instruction 0: goes on to instruction {size + 4} of {size}" in problems
    called = len(ir.functions) - 1
    calling = _with_function(ir, _function((s.Do(x.CallFn(called, (_one(),) * 5, type=INT)),)))
    assert any("with 5 arguments; it takes" in line for line in verify(calling))


def test_a_pass_that_breaks_the_ir_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    def breaks(ir: GameIR, run: pipeline.Run) -> GameIR:
        return _with_function(ir, _function((s.SetLocal(7, _one()),)))
    monkeypatch.setattr(pipeline, "PIPELINE", PIPELINE[:2] + (Pass("careless", breaks, "breaks the IR"),))
    with pytest.raises(IRError, match="the IR of Roads after careless is broken"):
        optimise(lowered("roads"), watch=Watch({"RULEBOOK_VERIFY_IR": "1"}))
    optimise(lowered("roads"), watch=Watch({}))  # unwatched, nothing checks


# ---------------------------------------------------------------- one spec of the helpers
def test_fold_keeps_an_unread_helper_that_acts_by_its_spec() -> None:
    """fold drops a temporary nothing reads, unless working it out acts (ir/helpers.py `acts`):
    draw_into draws and changes the state, which the hand-written list fold had did not say."""
    draws = s.SetLocal(0, x.Helper("draw_into", (_one(),) * 6, type=INT))
    unused = s.SetLocal(0, x.Helper("ring_step", (_one(),) * 4, type=INT))
    assert fold_function(_function((draws, s.Return(_one())))).body[0] == draws
    assert fold_function(_function((unused, s.Return(_one())))).body == (s.Return(_one()),)
