"""The IR verifier: what every GameIR must hold, checked after each pass when asked
(passes/pipeline.py: `RULEBOOK_VERIFY_IR=1`, which the tests set).

A pass that breaks one of these would give a back-end code that fails, or worse, plays wrongly:
- every class is one of the compiled form's (no structured form of ir/resumable.py outlives the
  resumable pass; the statements only a block may hold are not in a function);
- every expression has a type, and every condition (If, While, Branch, and/or, not) a truth value;
- every local slot (ir/walk.py SLOT_FIELDS, a choice's bindings and clears) lies among its
  function's or block's locals;
- every number naming a function, block, site, value, modifier, action or code table names one;
  a call passes the callee's parameters; every jump, resume point and choice target is an
  instruction of its block, and a decision's site belongs to the block that suspends;
- every `Helper` is in the one spec (ir/helpers.py HELPERS), with its arity, and a helper that
  changes the state stands only as the whole value of a `Do` or `SetLocal`.
"""
from __future__ import annotations

from dataclasses import fields
from typing import Any, Iterable, Optional

from . import exprs as x
from . import stmts as s
from .helpers import HELPERS
from .program import Block, Choice, GameIR
from .types import Bool, Type
from .walk import SLOT_FIELDS, walk, walk_statements

_CLASSES = frozenset(x.EXPR_CLASSES + s.STMT_CLASSES + s.TERMINATOR_CLASSES)
_BLOCK_ONLY = (s.QueueFrame, s.QueueCell, s.CancelCaller)


class IRError(Exception):
    """The compiled form broke a rule of the verifier: a bug in the lowering or a pass."""


def check(ir: GameIR, after: str) -> None:
    """Raise IRError listing what is wrong with ir (`after`: the pass that made it)."""
    problems = verify(ir)
    if problems:
        shown = "\n  ".join(problems[:20]) + (f"\n  … and {len(problems) - 20} more" if len(problems) > 20 else "")
        raise IRError(f"the IR of {ir.title} after {after} is broken:\n  {shown}")


def verify(ir: GameIR) -> list[str]:
    """What is wrong with ir, one line each (empty: nothing)."""
    out: list[str] = []
    for number, fn in enumerate(ir.functions):
        _code(ir, f"function {number} ({fn.name})", fn.body, len(fn.locals), None, out)
    for number, block in enumerate(ir.blocks):
        _block(ir, number, block, out)
    deciding = [(f"site {number}", site.block, site.choices) for number, site in enumerate(ir.sites)] + \
        [(f"action {number} ({a.name})", a.block, a.choices) for number, a in enumerate(ir.actions)]
    for where, block, choices in deciding:
        if not 0 <= block < len(ir.blocks):
            out.append(f"{where}: no block {block}")
        else:
            _choices(ir, where, ir.blocks[block], choices, out)
    for number, value in enumerate(ir.values):
        _numbers(f"value {number} ({value.name})", (("function", value.fn, len(ir.functions)),
                 *(("modifier", m, len(ir.modifiers)) for m in value.modifiers)), out)
    for number, modifier in enumerate(ir.modifiers):
        _numbers(f"modifier {number}", (("function", modifier.fn, len(ir.functions)),
                                        ("value", modifier.value, len(ir.values))), out)
    for number, code in enumerate(ir.codes):
        _numbers(f"code table {number} ({code.column})",
                 (*(("function", f, len(ir.functions)) for f in code.functions if f != -1),
                  *(("block", b, len(ir.blocks)) for b in code.blocks if b != -1)), out)
    for caller_calls in ir.calls.values():
        for call in caller_calls:
            if not 0 <= call.caller < len(ir.blocks) or not 0 <= call.resume < len(ir.blocks[call.caller].instrs):
                out.append(f"a call site resumes block {call.caller} at {call.resume}, which it does not have")
    for name, steps in ir.steps.items():
        for step in steps:
            if not 0 <= step.block < len(ir.blocks) or not 0 <= step.enter < len(ir.blocks[step.block].instrs):
                out.append(f"step {name} enters block {step.block} at {step.enter}, which it does not have")
    return out


def _numbers(where: str, named: Iterable[tuple[str, int, int]], out: list[str]) -> None:
    for what, number, count in named:
        if not 0 <= number < count:
            out.append(f"{where}: no {what} {number}")


def _block(ir: GameIR, number: int, block: Block, out: list[str]) -> None:
    where = f"block {number} ({block.name})"
    size = len(block.instrs)
    for position, instr in enumerate(block.instrs):
        here = f"{where} instruction {position}"
        _code(ir, here, instr.body, len(block.locals), number, out)
        end = instr.end
        if not isinstance(end, s.TERMINATOR_CLASSES):
            out.append(f"{here}: ends in {type(end).__name__}, not a terminator")
            continue
        _code(ir, here, (end,), len(block.locals), number, out)
        for target in s.successors(end):
            if not 0 <= target < size:
                out.append(f"{here}: goes on to instruction {target} of {size}")
        if isinstance(end, s.Suspend):
            if not 0 <= end.site < len(ir.sites):
                out.append(f"{here}: no site {end.site}")
            elif ir.sites[end.site].block != number:
                out.append(f"{here}: suspends at site {end.site}, which belongs to block {ir.sites[end.site].block}")


def _choices(ir: GameIR, where: str, block: Block, choices: tuple[Any, ...], out: list[str]) -> None:
    for index, choice in enumerate(choices):
        here = f"{where} choice {index}"
        if not 0 <= choice.target < len(block.instrs):
            out.append(f"{here}: resumes at instruction {choice.target} of {len(block.instrs)}")
        slots = (*(b.var for b in choice.bindings), *choice.clears, *(slot for slot, _ in choice.hoisted))
        for slot in slots:
            if not 0 <= slot < len(block.locals):
                out.append(f"{here}: local {slot} of {len(block.locals)}")
        _exprs(ir, here, _choice_exprs(choice), len(block.locals), out)


def _choice_exprs(choice: Choice) -> list[Any]:
    found = [choice.label, *(e for e in (choice.guard, choice.public) if e is not None)]
    for binding in choice.bindings:
        found += [binding.domain] + ([binding.condition] if binding.condition is not None else [])
    return found + [value for _, value in choice.hoisted]


def _code(ir: GameIR, where: str, body: tuple[Any, ...], locals_: int, block: Optional[int], out: list[str]) -> None:
    """Statements (and a terminator) of a function (block None) or of block number `block`."""
    for st in walk_statements(body):
        if type(st) not in _CLASSES:
            out.append(f"{where}: {type(st).__name__} is no statement of the compiled form")
            continue
        if block is None and isinstance(st, _BLOCK_ONLY):
            out.append(f"{where}: {type(st).__name__} outside a block")
        conds = [c for c, _ in st.branches] if isinstance(st, s.If) else \
            [st.cond] if isinstance(st, (s.While, s.Branch)) else []
        for cond in conds:
            _truth(where, f"the condition of {type(st).__name__}", cond, out)
        _slots(where, st, locals_, out)
        _statement_numbers(ir, where, st, out)
        for f in fields(st):
            value = getattr(st, f.name)
            for part in (value if isinstance(value, tuple) else (value,)):
                for e in (part if isinstance(part, tuple) else (part,)):
                    if isinstance(e, x.Expr):
                        whole = isinstance(st, (s.Do, s.SetLocal))
                        _exprs(ir, where, (e,), locals_, out, whole)


def _exprs(ir: GameIR, where: str, roots: Iterable[Any], locals_: int, out: list[str], whole: bool = False) -> None:
    """Expressions; `whole`: the root may be a helper that changes the state (a Do's, a SetLocal's)."""
    for root in roots:
        for e in walk(root):
            if not isinstance(e, x.Expr):
                continue  # a statement's own nested bodies are walked by _code
            if type(e) not in _CLASSES:
                out.append(f"{where}: {type(e).__name__} is no expression of the compiled form")
                continue
            if not isinstance(getattr(e, "type", None), Type):
                out.append(f"{where}: {type(e).__name__} has no type")
            _slots(where, e, locals_, out)
            if isinstance(e, x.Logic):
                for item in e.items:
                    _truth(where, f"an operand of {e.op}", item, out)
            elif isinstance(e, x.Not):
                _truth(where, "the operand of not", e.operand, out)
            elif isinstance(e, x.CallFn):
                _called(where, "calls function", e.fn, e.args, ir.functions, out)
            elif isinstance(e, x.Helper):
                _helper(where, e, e is root and whole, out)
            elif isinstance(e, x.ApplyMods) and not 0 <= e.value < len(ir.values):
                out.append(f"{where}: no value {e.value}")
            elif isinstance(e, x.CellValue) and not 0 <= e.code < len(ir.codes):
                out.append(f"{where}: no code table {e.code}")


def _helper(where: str, e: x.Helper, whole: bool, out: list[str]) -> None:
    spec = HELPERS.get(e.name)
    if spec is None:
        out.append(f"{where}: no helper {e.name} (ir/helpers.py HELPERS)")
        return
    if not spec.variadic and len(e.args) != len(spec.params):
        out.append(f"{where}: helper {e.name} given {len(e.args)} arguments; it takes {len(spec.params)}")
    if spec.changes and not whole:
        out.append(f"{where}: helper {e.name} changes the state inside an expression (only a Do or a SetLocal "
                   f"may work it out)")


def _truth(where: str, what: str, e: Any, out: list[str]) -> None:
    if isinstance(e, x.Expr) and not isinstance(e.type, Bool):
        out.append(f"{where}: {what} is {type(e.type).__name__}, not a truth value")


def _slots(where: str, node: Any, locals_: int, out: list[str]) -> None:
    for name in SLOT_FIELDS.get(type(node), ()):
        slot = getattr(node, name)
        if not 0 <= slot < locals_:
            out.append(f"{where}: {type(node).__name__}.{name} is local {slot} of {locals_}")
    for slot, _ in getattr(node, "hoisted", ()):
        if not 0 <= slot < locals_:
            out.append(f"{where}: {type(node).__name__} hoists into local {slot} of {locals_}")


def _called(where: str, what: str, number: int, args: tuple[Any, ...], callees: tuple[Any, ...],
            out: list[str]) -> None:
    """A call of function (or a frame of block) `number` of callees: is it there, given its parameters?"""
    if not 0 <= number < len(callees):
        out.append(f"{where}: {what} {number}, which is not there")
    elif len(args) != callees[number].params:
        out.append(f"{where}: {what} {number} ({callees[number].name}) with {len(args)} arguments; it takes "
                   f"{callees[number].params}")


def _statement_numbers(ir: GameIR, where: str, st: Any, out: list[str]) -> None:
    if isinstance(st, s.QueueFrame):
        _called(where, "queues block", st.block, st.args, ir.blocks, out)
    elif isinstance(st, (s.RunCell, s.QueueCell)) and not 0 <= st.code < len(ir.codes):
        out.append(f"{where}: no code table {st.code}")
    elif isinstance(st, s.AddModifier) and not 0 <= st.modifier < len(ir.modifiers):
        out.append(f"{where}: no modifier {st.modifier}")
    elif isinstance(st, s.PushAllow) and not 0 <= st.action < len(ir.actions):
        out.append(f"{where}: no action {st.action}")
