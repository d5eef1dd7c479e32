"""The Python back-end, blocks: each block's instructions become a few Python functions.

An instruction that play can resume at (a decision's choice, the return from a frame, a step
placed by a scenario, a loop's head, a join) starts an entry: a function `b{block}_{pc}(S, L)`
that runs on, through every instruction only it leads to (nested as if/else), until the next
entry (it returns that entry's number), a decision (SUSPENDED - its instruction), new frames
(PUSHED) or the end of the block (POP). The machine (machine.run) calls entries until play stops.
"""
from __future__ import annotations

from ..ir import stmts as s
from ..ir.program import Block
from ..ir.stmts import successors
from ..ir.walk import walk_all
from .exprs import Env, truth
from .stmts import Source, Writer

from ..play.machine import POP, PUSHED, SUSPENDED


# The terminators _write_from writes (tests/test_constructs.py checks every one is here).
TERMINATORS = frozenset({s.Jump, s.Branch, s.Suspend, s.PushFrames, s.Pop})


def entries_of(block: Block, resumes: set) -> set:
    """Instructions that start an entry function: `resumes` (where decisions, placing and frames
    come back in), the first, and every instruction reached from more than one place."""
    preds = [0] * len(block.instrs)
    for instr in block.instrs:
        for target in successors(instr.end):
            preds[target] += 1
    entries = {0} | set(resumes)
    entries |= {pc for pc, count in enumerate(preds) if count > 1}
    for instr in block.instrs:
        if isinstance(instr.end, s.PushFrames):
            entries.add(instr.end.resume)
    return entries


def split_points(block: Block, entries: set) -> set:
    """Sides of a branch that lead to much code (more than COPY_NODES up to the next entries)
    start entries of their own, so that a small entry in front of them (a loop's head whose exit
    ends the game, say) can still be copied in where play jumps to it; the machine runs them."""
    points: set = set()
    while True:
        found = {target for instr in block.instrs if isinstance(instr.end, s.Branch)
                 for target in (instr.end.then, instr.end.other)
                 if target not in entries and target not in points
                 and _cost(block, target, entries | points, set()) > COPY_NODES}
        if not found:
            return points
        points |= found


def _queues(block: Block, pc: int, entries: set, seen: set) -> bool:
    """Does the code run from pc (up to the next entries) queue frames?"""
    if pc in seen:
        return False
    seen.add(pc)
    instr = block.instrs[pc]
    if _queues_in(instr.body):
        return True
    return any(_queues(block, t, entries, seen) for t in successors(instr.end) if t not in entries)


def _queues_in(stmts) -> bool:
    for st in stmts:
        if isinstance(st, (s.QueueFrame, s.QueueCell)):
            return True
        for name in ("body", "otherwise"):
            inner = getattr(st, name, None)
            if isinstance(inner, tuple) and _queues_in(inner):
                return True
        if isinstance(st, s.If) and any(_queues_in(body) for _, body in st.branches):
            return True
    return False


def write_block(out: Source, env: Env, index: int, block: Block, resumes: set, block_slots: tuple) -> dict:
    """Write the entry functions of one block; give {pc: function name}."""
    entries = entries_of(block, resumes)
    entries |= split_points(block, entries)
    writer = Writer(out, env, block_slots)
    names = {}
    # A decision is asked again (its own entry) when a standing action taken there is done.
    asks = {pc for pc, instr in enumerate(block.instrs) if isinstance(instr.end, s.Suspend)}
    for pc in sorted(entries | asks):
        name = f"b{index}_{pc}"
        names[pc] = name
        out.add(f"def {name}(S, L):", 0, block.span)
        out.add("D = S.data", 1)
        if _queues(block, pc, entries, set()):
            out.add("P = []", 1)
        _write_from(writer, block, pc, entries, 1)
    return names


# Another entry's code is copied in at a jump to it (rather than returned to the machine) when
# it is small (COPY_NODES) and queues no frames, this many entries deep: a loop's head after its
# body, the join after a menu's options, the decision after the checks before it.
COPY_DEPTH = 6
COPY_NODES = 60


def _goto(writer: Writer, block: Block, target: int, entries: set, depth: int, term, copies: int) -> None:
    if target not in entries:
        _write_from(writer, block, target, entries, depth, copies)
    elif copies > 0 and _cost(block, target, entries, set()) <= COPY_NODES and not _queues(block, target, entries, set()):
        _write_from(writer, block, target, entries, depth, copies - 1)
    else:
        writer.line(f"return {target}", depth, term)


def _cost(block: Block, pc: int, entries: set, seen: set, limit: int = COPY_NODES) -> int:
    """How much code runs from entry pc up to the next entries — counted only until it is more
    than `limit` (then some number above limit: all a copy's decision needs)."""
    if pc in seen:
        return 0
    seen.add(pc)
    instr = block.instrs[pc]
    total = 0
    for _ in walk_all((instr.body, instr.end)):
        total += 1
        if total > limit:
            return total
    for target in successors(instr.end):
        if target not in entries:
            total += _cost(block, target, entries, seen, limit - total)
            if total > limit:
                return total
    return total


def _write_from(writer: Writer, block: Block, pc: int, entries: set, depth: int, copies: int = COPY_DEPTH) -> None:
    instr = block.instrs[pc]
    if instr.body:
        writer.body(instr.body, depth)
    term = instr.end
    if isinstance(term, s.Jump):
        _goto(writer, block, term.target, entries, depth, term, copies)
    elif isinstance(term, s.Branch):
        writer.line(f"if {truth(term.cond, writer.env)}:", depth, term)
        _goto(writer, block, term.then, entries, depth + 1, term, copies)
        _goto(writer, block, term.other, entries, depth, term, copies)
    elif isinstance(term, s.Suspend):
        assert not instr.body  # a decision's instruction only asks (it is asked again after an action)
        writer.line(f"S.decision = {term.site}", depth, term)
        writer.line(f"S.decider = {writer.e(term.decider)}", depth, term)
        writer.line(f"return {SUSPENDED - pc}", depth, term)
    elif isinstance(term, s.PushFrames):
        writer.line("if P:", depth, term)
        writer.line(f"S.frames[-1][1] = {term.resume}", depth + 1, term)
        writer.line("S.frames.extend(reversed(P))", depth + 1, term)
        # Frames pile up only through calls that never reach a decision: they run away.
        writer.line(f"if len(S.frames) > MAX_FRAMES: too_deep(S, {writer.env.k(term.span)})", depth + 1, term)
        writer.line(f"return {PUSHED}", depth + 1, term)
        writer.line(f"return {term.resume}", depth, term)
    else:
        assert isinstance(term, s.Pop)
        writer.line(f"return {POP}", depth, term)
