"""Folding: work out what options and constants already decide, and drop what that makes dead.

`if expert:` in an easy game, a trigger `where expert`, `mode.islands / 2`, an index known to be
in range: each becomes its value, or disappears. Run again after inlining, which exposes more.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, TypeGuard

from ..ir import exprs as x
from ..ir import stmts as s
from ..ir.program import Block, Function, GameIR, Instr
from ..ir.types import BOOL, Int, List
from ..ir.walk import rebuild, rebuild_body
from ..runtime import show

_ARITHMETIC = {
    "+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
    "//": lambda a, b: a // b, "%": lambda a, b: a % b,
    "==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
}
_PURE_HELPERS: dict[str, Any] = {"min": min, "max": max, "abs": abs}
_ENDS = (s.Return, s.Break, s.EndGame)


def is_const(e: Any) -> TypeGuard[x.Const]:
    return isinstance(e, x.Const)


def _number(e: Any) -> TypeGuard[x.Const]:
    return isinstance(e, x.Const) and isinstance(e.value, int) and not isinstance(e.value, bool)


def fold_expr(e: Any) -> Any:
    """One expression node, its parts already folded."""
    if isinstance(e, x.Binary):
        if is_const(e.left) and is_const(e.right):
            if e.op in ("//", "%") and not e.right.value:
                return e  # dividing by zero stays an error of the rules, at run time
            try:
                return x.Const(_ARITHMETIC[e.op](e.left.value, e.right.value), type=e.type)
            except TypeError:
                return e
        if e.op in ("+", "-") and _number(e.right) and e.right.value == 0:
            return e.left
        if e.op == "+" and _number(e.left) and e.left.value == 0:
            return e.right
        if e.op == "*" and _number(e.right) and e.right.value == 1:
            return e.left
        return e
    if isinstance(e, x.Logic):
        stop = e.op == "or"  # the value that decides: True for or, False for and
        items: list = []
        for item in e.items:
            if is_const(item) and isinstance(item.value, bool):
                if item.value is stop:
                    return x.Const(stop, type=BOOL) if not items else replace(e, items=tuple(items) + (item,))
                continue
            items.append(item)
        if not items:
            return x.Const(not stop, type=BOOL)
        if len(items) == 1 and items[0].type == BOOL:
            return items[0]
        return replace(e, items=tuple(items)) if len(items) != len(e.items) else e
    if isinstance(e, x.Not):
        if is_const(e.operand):
            return x.Const(not e.operand.value, type=BOOL)
        if isinstance(e.operand, x.Not) and e.operand.operand.type == BOOL:
            return e.operand.operand
        return e
    if isinstance(e, x.Neg) and _number(e.operand):
        return x.Const(-e.operand.value, type=e.type)
    if isinstance(e, x.Cond) and is_const(e.test):
        return e.then if e.test.value else e.other
    if isinstance(e, x.Checked):
        value = e.value
        if _number(value) and e.low <= value.value < e.low + e.size:
            return value
        if isinstance(value.type, Int) and value.type.contains(e.low, e.size):
            return value
        return e
    if isinstance(e, x.Index) and is_const(e.seq) and _number(e.index):
        seq, i = e.seq.value, e.index.value
        if isinstance(seq, tuple) and 0 <= i < len(seq):
            return x.Const(seq[i], type=e.type)
        return e
    if isinstance(e, x.Length):
        if is_const(e.seq) and isinstance(e.seq.value, tuple):
            return x.Const(len(e.seq.value), type=e.type)
        if isinstance(e.seq, x.IntRange) and _number(e.seq.low) and _number(e.seq.high):
            return x.Const(max(0, e.seq.high.value - e.seq.low.value + 1), type=e.type)
        return e
    if isinstance(e, x.Contains) and is_const(e.item) and is_const(e.seq) and isinstance(e.seq.value, tuple):
        return x.Const((e.item.value in e.seq.value) != e.negate, type=BOOL)
    if isinstance(e, x.IntRange) and _number(e.low) and _number(e.high):
        size = max(0, e.high.value - e.low.value + 1)
        wanted = List(Int("int", e.low.value, size))
        return e if e.type == wanted else replace(e, type=wanted)
    if isinstance(e, x.Comp) and is_const(e.domain) and e.domain.value == ():
        empty = {"list": (), "sum": 0, "count": 0, "any": False, "all": True, "max": 0, "min": 0}
        return x.Const(empty[e.form], type=e.type)
    if isinstance(e, x.ZoneTotal) and e.width == 1:
        return x.Load(e.addr, type=e.type)
    if isinstance(e, x.Format):
        return _fold_format(e)
    if isinstance(e, x.Show) and is_const(e.value):
        return x.Const(show(e.value.value, e.how), type=e.type)
    if isinstance(e, x.MakeList) and all(is_const(i) for i in e.items):
        return x.Const(tuple(i.value for i in e.items), type=e.type)
    if isinstance(e, x.Concat) and is_const(e.left) and is_const(e.right):
        return x.Const(tuple(e.left.value) + tuple(e.right.value), type=e.type)
    if isinstance(e, x.Helper) and e.name in _PURE_HELPERS and all(_number(a) for a in e.args):
        return x.Const(_PURE_HELPERS[e.name](*(a.value for a in e.args)), type=e.type)
    return e


def _fold_format(e: x.Format) -> Any:
    parts: list = []
    for part in e.parts:
        if parts and is_const(part) and is_const(parts[-1]):
            parts[-1] = x.Const(parts[-1].value + part.value, type=part.type)
        else:
            parts.append(part)
    if len(parts) == 1 and is_const(parts[0]):
        return parts[0]
    return replace(e, parts=tuple(parts)) if len(parts) != len(e.parts) else e


def fold_stmt(st: Any) -> Any:
    """One statement, its parts already folded: a statement, or a list of them in its place."""
    if isinstance(st, s.If):
        branches: list = []
        for cond, body in st.branches:
            if is_const(cond):
                if cond.value:
                    if not branches:
                        return list(body)
                    return replace(st, branches=tuple(branches), otherwise=body)
                continue
            branches.append((cond, body))
        if not branches:
            return list(st.otherwise)
        if not st.otherwise and all(not body for _, body in branches):
            return []  # conditions have no effects
        if len(branches) != len(st.branches):
            return replace(st, branches=tuple(branches))
        return st
    if isinstance(st, s.While) and is_const(st.cond) and not st.cond.value:
        return []
    if isinstance(st, s.ForEach) and is_const(st.domain) and st.domain.value == ():
        return []
    if isinstance(st, s.Do) and is_const(st.expr):
        return []
    if isinstance(st, s.SetLocal) and isinstance(st.value, x.Local) and st.value.slot == st.slot:
        return []
    if isinstance(st, (s.Update, s.UpdateLocal)) and _number(st.value) and st.value.value == 0:
        return []
    if isinstance(st, s.Branch) and is_const(st.cond):
        return s.Jump(st.then if st.cond.value else st.other, span=st.span)
    return st


def fold_node(node: Any) -> Any:
    if isinstance(node, x.Expr):
        return fold_expr(node)
    return fold_stmt(node)


def cut_dead(body: tuple) -> tuple:
    """Statements after one that never finishes (return, break, end game) never run."""
    out = []
    for st in body:
        if isinstance(st, s.If):
            st = replace(st, branches=tuple((c, cut_dead(b)) for c, b in st.branches), otherwise=cut_dead(st.otherwise))
        elif isinstance(st, (s.ForEach, s.While)):
            st = replace(st, body=cut_dead(st.body))
        out.append(st)
        if isinstance(st, _ENDS):
            break
    return tuple(out)


def fold_body(body: tuple) -> tuple:
    return cut_dead(rebuild_body(body, fold_node))


def fold_function(fn: Function) -> Function:
    body = fold_body(fn.body)
    return fn if body == fn.body else replace(fn, body=body)


def fold_block(block: Block) -> Block:
    instrs = tuple(Instr(cut_dead(rebuild_body(i.body, fold_node)), rebuild(i.end, fold_node)) for i in block.instrs)
    return replace(block, instrs=instrs)


def fold_game(ir: GameIR) -> GameIR:
    def expr(e: x.Expr) -> x.Expr:
        return rebuild(e, fold_node)
    return map_code(ir, lambda i, fn: fold_function(fn), lambda i, block: (fold_block(block), expr))


def map_code(ir: GameIR, on_function, on_block) -> GameIR:
    """The game with every function and block passed through the maps: on_function(index, fn)
    gives the function; on_block(index, block) gives the block and the map for the expressions of
    its decisions and standing actions (they run in its frames)."""
    from ..ir.program import Binding, Choice, Site, Action
    functions = tuple(on_function(i, f) for i, f in enumerate(ir.functions))
    mapped = [on_block(i, b) for i, b in enumerate(ir.blocks)]
    blocks = tuple(block for block, _ in mapped)

    def choice(c: Choice, on_expr) -> Choice:
        return replace(c, label=on_expr(c.label), guard=on_expr(c.guard) if c.guard is not None else None,
                       public=on_expr(c.public) if c.public is not None else None,
                       bindings=tuple(Binding(b.var, on_expr(b.domain),
                                              on_expr(b.condition) if b.condition is not None else None,
                                              b.dependent) for b in c.bindings))
    sites = tuple(Site(site.block, tuple(choice(c, mapped[site.block][1]) for c in site.choices), site.span)
                  for site in ir.sites)
    actions = tuple(Action(a.name, a.block, tuple(choice(c, mapped[a.block][1]) for c in a.choices), a.span)
                    for a in ir.actions)
    return replace(ir, functions=functions, blocks=blocks, sites=sites, actions=actions)
