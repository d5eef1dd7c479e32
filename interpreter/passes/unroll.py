"""Unrolling: a comprehension or loop over a short list fixed before play (the players, the five
colours) becomes one copy per element, each with its element as a constant — which then folds
(`dining[q][c]` for q = 1 is one fixed slot). `sum(dining[q][c] for q in players)` becomes
`D[120 + c] + D[125 + c]`; `best q in players by …` for two players two comparisons.

Only short lists (UNROLL_ITEMS) and small bodies are unrolled, and only what reads the
variable as a value (so each copy folds).
"""
from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any, Optional

from ..ir import exprs as x
from ..ir import stmts as s
from ..ir.program import Block, Function, GameIR, Instr
from ..ir.types import BOOL, INT, Type, element
from ..ir.walk import rebuild, rebuild_body, walk_all
from .fold import ExprMap, fold_node, is_const, map_code

UNROLL_ITEMS = 6
ELEMENT_NODES = 30
# A longer list (a board's nodes) is written out too when each copy is small: COPY_NODES nodes
# once its element is a constant, up to LONG_ITEMS items.
LONG_ITEMS = 64
COPY_NODES = 40
BODY_NODES = 100
KEYS_NODES = 360  # all the copies of a `best … by` key together (60 nodes each for six items)


def _put(e: Any, slot: int, value: Any) -> Any:
    """e with local slot replaced by the constant value, folded (and what that makes short
    and fixed, unrolled in turn: a node's neighbours once the node is known)."""
    def change(n: Any) -> Any:
        if isinstance(n, x.Local) and n.slot == slot:
            return x.Const(value, type=n.type)
        return unroll_node(fold_node(n))
    return rebuild(e, change)


def _small(e: Any, limit: int) -> bool:
    """Has e at most limit nodes? (Counted only as far as limit: a large e is not walked whole.)"""
    for count, _ in enumerate(walk_all((e,)), 1):
        if count > limit:
            return False
    return True


def _items(e: Any) -> Optional[tuple[Any, ...]]:
    return e.domain.value if is_const(e.domain) and isinstance(e.domain.value, tuple) else None


def unrolled_expr(e: Any) -> Any:
    if isinstance(e, x.Comp) and not e.hoisted:
        items = _items(e)
        if items is None or not 0 < len(items) <= LONG_ITEMS or not _small(e.element, ELEMENT_NODES) or \
                (e.cond is not None and not _small(e.cond, ELEMENT_NODES)):
            return e
        elements = [_put(e.element, e.var, item) for item in items]
        conds = [_put(e.cond, e.var, item) if e.cond is not None else None for item in items]
        if len(items) > UNROLL_ITEMS and any(not _small(p, COPY_NODES) for p in elements + conds if p is not None):
            return e
        return _combined(e, elements, conds)
    if isinstance(e, x.BestOf) and not e.hoisted and e.cond is None:
        items = _items(e)
        if items is None or not 0 < len(items) <= UNROLL_ITEMS or not _small(e.key, KEYS_NODES // len(items)):
            return e
        args: list[Any] = []
        for item in items:
            args += [x.Const(item, type=element(e.domain.type)), _put(e.key, e.var, item)]
        return x.Helper("best_of", tuple(args), type=e.type)
    return e


def _combined(e: x.Comp, elements: list[Any], conds: list[Any]) -> Any:
    if e.form == "sum":
        terms = [el if c is None else x.Cond(c, el, x.Const(0, type=INT), type=INT) for el, c in zip(elements, conds)]
        return fold_node(_chain("+", terms, INT))
    if e.form == "count":
        if all(c is None for c in conds):
            return x.Const(len(elements), type=INT)
        terms = [x.Cond(c, x.Const(1, type=INT), x.Const(0, type=INT), type=INT) if c is not None
                 else x.Const(1, type=INT) for c in conds]
        return fold_node(_chain("+", terms, INT))
    if e.form == "any":
        terms = [el if c is None else x.Logic("and", (c, el), type=BOOL) for el, c in zip(elements, conds)]
        return fold_node(x.Logic("or", tuple(terms), type=BOOL))
    if e.form == "all":
        terms = [el if c is None else x.Logic("or", (x.Not(c, type=BOOL), el), type=BOOL)
                 for el, c in zip(elements, conds)]
        return fold_node(x.Logic("and", tuple(terms), type=BOOL))
    if e.form in ("max", "min") and all(c is None for c in conds):
        return fold_node(x.Helper(e.form, tuple(elements), type=e.type)) if len(elements) > 1 else elements[0]
    if e.form == "list" and all(c is None for c in conds):
        return fold_node(x.MakeList(tuple(elements), type=e.type))
    if e.form == "list":
        kept = [(el, c) for el, c in zip(elements, conds) if not (is_const(c) and not c.value)]
        if all(is_const(c) and c.value for _, c in kept):
            return fold_node(x.MakeList(tuple(el for el, _ in kept), type=e.type))
        return x.Select(tuple(el for el, _ in kept), tuple(c if c is not None else x.Const(True, type=BOOL)
                                                            for _, c in kept), type=e.type)
    return e


def _chain(op: str, terms: list[x.Expr], t: Type) -> x.Expr:
    out = terms[0]
    for term in terms[1:]:
        out = x.Binary(op, out, term, type=t)
    return out


def unrolled_stmt(st: Any) -> Any:
    """`for v in (a, b, c): body` as three copies of body (when body never breaks out)."""
    if not isinstance(st, s.ForEach) or not is_const(st.domain) or not isinstance(st.domain.value, tuple):
        return st
    items = st.domain.value
    if not 0 < len(items) <= UNROLL_ITEMS or not _small(st.body, BODY_NODES):
        return st
    if any(isinstance(n, s.Break) for n in walk_all(st.body)):
        return st  # a break would leave the copies, not the loop
    if any(isinstance(n, (s.SetLocal, s.UpdateLocal)) and n.slot == st.var for n in walk_all(st.body)):
        return st
    out: list[Any] = []
    for item in items:
        out.extend(rebuild_body(st.body, partial(_copy, slot=st.var, value=item)))
    return out


def _copy(n: Any, slot: int, value: Any) -> Any:
    if isinstance(n, x.Local) and n.slot == slot:
        return x.Const(value, type=n.type)
    return fold_node(n)


def unroll_node(n: Any) -> Any:
    if isinstance(n, x.Expr):
        return unrolled_expr(n)
    return unrolled_stmt(n)


def unroll_game(ir: GameIR) -> GameIR:
    def expr(e: x.Expr) -> x.Expr:
        out: x.Expr = rebuild(e, unroll_node)
        return out

    def on_function(index: int, fn: Function) -> Function:
        return replace(fn, body=rebuild_body(fn.body, unroll_node))

    def on_block(index: int, block: Block) -> tuple[Block, ExprMap]:
        instrs = tuple(Instr(rebuild_body(i.body, unroll_node), rebuild(i.end, unroll_node)) for i in block.instrs)
        return replace(block, instrs=instrs), expr
    return map_code(ir, on_function, on_block)

