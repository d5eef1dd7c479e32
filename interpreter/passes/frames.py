"""Inlining blocks: a rule that can stop for a decision, called from one place only, becomes part
of its caller's block — no frame is pushed for it and popped after, and play runs on from the
caller's code into the rule's and back without the machine. Its own block is left empty.

The callee's instructions are appended to the caller's (their numbers shifted), its locals to
the caller's frame, its end becomes a jump back to where the call resumed; its decisions, steps
and calls now name the caller. The callee's block stays (empty), so every number stays valid.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Iterator, Optional

from ..ir import exprs as x
from ..ir import stmts as s
from ..ir.program import (
    AllowEntry, BindEntry, CallSite, Choice, ForEntry, GameIR, Instr, LocalInfo, RepeatEntry, StepSite, TurnEntry,
)
from ..ir.walk import renumber, walk_all, walk_statements


def _queued(ir: GameIR) -> dict[Any, Any]:
    """How many times each block is queued as a frame anywhere."""
    count: dict[Any, Any] = {}
    code = tuple(i.body for b in ir.blocks for i in b.instrs) + tuple(f.body for f in ir.functions)
    for node in walk_statements(code):
        if isinstance(node, s.QueueFrame):
            count[node.block] = count.get(node.block, 0) + 1
    return count


def inlinable(ir: GameIR) -> Optional[int]:
    """A block called from one place, by a rule call, that can be made part of its caller."""
    queued = _queued(ir)
    cells = {blk for table in ir.codes for blk in table.blocks}
    actions = {a.block for a in ir.actions}
    for callee, sites in ir.calls.items():
        if len(sites) != 1 or queued.get(callee, 0) != 1 or callee in cells or callee in actions or callee == 0:
            continue
        caller = sites[0].caller
        if caller == callee or any(isinstance(n, x.FrameIndex) for n in _code(ir, callee)):
            continue  # a handler asked to cancel names a frame by its number and a flag by its slot
        if _call_instr(ir, caller, callee, sites[0].resume) is not None:
            return int(callee)
    return None


def _code(ir: GameIR, block: int) -> Iterator[Any]:
    return walk_all(tuple((i.body, i.end) for i in ir.blocks[block].instrs))


def _call_instr(ir: GameIR, caller: int, callee: int, resume: int) -> Optional[int]:
    for pc, instr in enumerate(ir.blocks[caller].instrs):
        if isinstance(instr.end, s.PushFrames) and instr.end.resume == resume and instr.body and \
                isinstance(instr.body[-1], s.QueueFrame) and instr.body[-1].block == callee and \
                not any(isinstance(st, (s.QueueFrame, s.QueueCell)) for st in instr.body[:-1]):
            return pc
    return None


def inline_frames(ir: GameIR) -> GameIR:
    while True:
        callee = inlinable(ir)
        if callee is None:
            return ir
        ir = _inline(ir, callee)


def _inline(ir: GameIR, callee: int) -> GameIR:
    site = ir.calls[callee][0]
    caller = ir.blocks[site.caller]
    inner = ir.blocks[callee]
    at = _call_instr(ir, site.caller, callee, site.resume)
    assert at is not None  # inlinable() found it
    shift, base = len(caller.instrs), len(caller.locals)

    def slot(k: int) -> int:
        return k + base

    def moved(node: Any) -> Any:
        return renumber(node, slot)

    def pc(target: int) -> int:
        return target + shift

    def term(t: s.Terminator) -> s.Terminator:
        t = moved(t)
        if isinstance(t, s.Jump):
            return replace(t, target=pc(t.target))
        if isinstance(t, s.Branch):
            return replace(t, then=pc(t.then), other=pc(t.other))
        if isinstance(t, s.PushFrames):
            return replace(t, resume=pc(t.resume))
        if isinstance(t, s.Pop):
            return s.Jump(site.resume, span=t.span)  # the rule is done: back to after the call
        return t
    call = caller.instrs[at]
    queue = call.body[-1]
    binds = tuple(s.SetLocal(slot(i), arg, span=queue.span) for i, arg in enumerate(queue.args))
    instrs = list(caller.instrs)
    instrs[at] = Instr(call.body[:-1] + binds, s.Jump(shift, span=call.end.span))
    instrs += [Instr(tuple(moved(st) for st in i.body), term(i.end)) for i in inner.instrs]
    locals_ = caller.locals + tuple(LocalInfo(info.name, info.type, info.frame) for info in inner.locals)
    blocks = list(ir.blocks)
    blocks[site.caller] = replace(caller, instrs=tuple(instrs), locals=locals_)
    blocks[callee] = replace(inner, instrs=(Instr((), s.Pop(span=inner.span)),))  # unused from now on

    def choice(c: Choice) -> Choice:
        return replace(c, label=moved(c.label), target=pc(c.target),
                       guard=moved(c.guard) if c.guard is not None else None,
                       public=moved(c.public) if c.public is not None else None,
                       clears=tuple(slot(k) for k in c.clears),
                       bindings=tuple(replace(b, var=slot(b.var), domain=moved(b.domain),
                                              condition=moved(b.condition) if b.condition is not None else None)
                                      for b in c.bindings),
                       hoisted=tuple((slot(k), moved(v)) for k, v in c.hoisted))
    sites = tuple(replace(st, block=site.caller, choices=tuple(choice(c) for c in st.choices))
                  if st.block == callee else st for st in ir.sites)

    # Placing play inside the rule binds its parameters as the call would have.
    bind = BindEntry(tuple(slot(i) for i in range(len(queue.args))), queue.args)

    def path(entries: tuple[Any, ...]) -> tuple[Any, ...]:
        out: tuple[Any, ...] = site.path + (bind,) + tuple(_path_entry(e, slot, moved) for e in entries)
        return out
    steps = {name: tuple(StepSite(site.caller, path(st.path), pc(st.enter)) if st.block == callee else st
                         for st in sites_) for name, sites_ in ir.steps.items()}
    calls = {}
    for target, sites_ in ir.calls.items():
        if target == callee:
            continue
        calls[target] = tuple(CallSite(site.caller, path(c.path), pc(c.resume), tuple(moved(a) for a in c.args))
                              if c.caller == callee else c for c in sites_)
    return replace(ir, blocks=tuple(blocks), sites=sites, steps=steps, calls=calls)


def _path_entry(entry: Any, slot: Callable[[int], int], moved: Callable[[Any], Any]) -> Any:
    if isinstance(entry, ForEntry):
        return ForEntry(slot(entry.items), slot(entry.position), slot(entry.var), moved(entry.domain))
    if isinstance(entry, RepeatEntry):
        return RepeatEntry(slot(entry.counter), moved(entry.count))
    if isinstance(entry, TurnEntry):
        return TurnEntry(moved(entry.player))
    if isinstance(entry, AllowEntry):
        return AllowEntry(entry.action, tuple(moved(a) for a in entry.args), moved(entry.player))
    return entry
