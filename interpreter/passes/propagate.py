"""Addresses kept in temporaries, seen through.

A statement that moves pieces keeps each zone's address in a temporary (`t = p * 5 + 143`) and
works out the zone's count slot from it (`(t - 143) // 5 + 153`). Where the temporary holds
integer arithmetic over locals only, an expression reading it is written from that arithmetic
instead when its linear form is then shorter (`p + 153`): nothing is read from the state, so
the value is the same as long as none of those locals has changed — each one a statement sets
forgets what was known about it.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Optional

from ..ir import exprs as x
from ..ir import stmts as s
from ..ir.program import Block, Function, GameIR, Instr
from ..ir.walk import PAIR_FIELDS, SLOT_FIELDS, children, rebuild, walk
from .fold import ExprMap, map_code
from .linear import Linear, linear, shorter, simplify

Known = dict[int, tuple[Any, Any]]  # temporary's slot -> (its value, the slots that value reads)
_BINDERS = (x.Comp, x.BestOf, x.SortBy)


def propagate_game(ir: GameIR) -> GameIR:
    sets: dict[Any, Any] = {}  # id(statement) -> (statement, the slots it sets or binds): asked at every depth

    def on_function(index: int, fn: Function) -> Function:
        return replace(fn, body=_body(fn.body, {}, sets))

    def on_block(index: int, block: Block) -> tuple[Block, ExprMap]:
        instrs = tuple(Instr(_body(i.body, {}, sets), i.end) for i in block.instrs)
        return replace(block, instrs=instrs), lambda e: e
    return map_code(ir, on_function, on_block)


def _body(stmts: tuple[Any, ...], known: Known, sets: dict[Any, Any]) -> tuple[Any, ...]:
    known = dict(known)
    out = []
    for st in stmts:
        written_here = _written(st, sets)
        if isinstance(st, s.If):
            branches = tuple((_expr(cond, known), _body(body, known, sets)) for cond, body in st.branches)
            st = replace(st, branches=branches, otherwise=_body(st.otherwise, known, sets))
        elif isinstance(st, (s.ForEach, s.While)):
            inside = _forget(known, written_here)  # the body runs again after it changed them
            if isinstance(st, s.ForEach):
                st = replace(st, domain=_expr(st.domain, known), body=_body(st.body, inside, sets))
            else:
                st = replace(st, cond=_expr(st.cond, inside), body=_body(st.body, inside, sets))
        else:
            st = _expr(st, known)
        known = _forget(known, written_here)
        if isinstance(st, s.SetLocal):
            reads = _pure_reads(st.value)
            if reads is not None and st.slot not in reads and linear(st.value) is not None:
                known[st.slot] = (st.value, reads)
        out.append(st)
    return tuple(out)


def _expr(e: Any, known: Known) -> Any:
    """e (an expression, or a statement holding no others) with the known temporaries seen
    through — but not a slot a comprehension inside e binds (its variable is not the local)."""
    if not known:
        return e
    known = _forget(known, {slot for n in walk(e) if isinstance(n, _BINDERS) for slot in _slots_of(n)})
    if not known:
        return e
    return rebuild(e, lambda node: _simpler(node, known) if isinstance(node, x.Binary) else node)


def _simpler(e: x.Binary, known: Known) -> x.Expr:
    """e written from its linear form with the known temporaries seen through, when shorter."""
    if not any(isinstance(n, x.Local) and n.slot in known for n in walk(e)):
        return simplify(e)  # a part below was seen through: the rest may fold now
    seen = rebuild(e, lambda n: known[n.slot][0] if isinstance(n, x.Local) and n.slot in known else n)
    form: Optional[Linear] = linear(seen)
    return e if form is None else shorter(form, e)


def _pure_reads(e: x.Expr) -> Optional[set[Any]]:
    """The locals e reads when it reads nothing else (no state, no call), else None."""
    reads = set()
    for n in walk(e):
        if isinstance(n, x.Local):
            reads.add(n.slot)
        elif not isinstance(n, (x.Const, x.Binary, x.Neg)):
            return None
    return reads


def _written(st: Any, memo: dict[int, tuple[Any, set[int]]]) -> set[int]:
    """Every local slot st (or anything inside it) sets or binds (the statements inside it from
    memo, or into it)."""
    found = memo.get(id(st))
    if found is not None and found[0] is st:
        return found[1]
    out = set(_slots_of(st))
    for part in children(st):
        if isinstance(part, s.Stmt):
            out |= _written(part, memo)
        else:
            out.update(slot for n in walk(part) if not isinstance(n, x.Local) for slot in _slots_of(n))
    memo[id(st)] = (st, out)
    return out


def _slots_of(n: Any) -> list[Any]:
    out = [getattr(n, name) for name in SLOT_FIELDS.get(type(n), ())]
    for name in PAIR_FIELDS.get(type(n), ()):
        out.extend(slot for slot, _ in getattr(n, name))
    return out


def _forget(known: Known, slots: set[Any]) -> Known:
    if not slots or not known:
        return known
    return {slot: entry for slot, entry in known.items() if slot not in slots and not (entry[1] & slots)}
