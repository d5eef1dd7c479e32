"""Inlining: a value's body in place of its call, a rule's or trigger's statements in place of
theirs — so what options decide folds away inside them too, and no call is paid per use.

A value that a live modifier may change is inlined behind a guard: its plain body while no
modifier is active, the call (which applies them) otherwise. Calls are inlined one level per
round; a function never into itself, nor one on a cycle of calls (inlining cannot end one, and a
runaway is then named by every rule on it); only small ones.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Optional

from ..ir import exprs as x
from ..ir import stmts as s
from ..ir.program import Block, Function, GameIR, Instr, LocalInfo
from ..ir.types import BOOL
from ..ir.walk import children, rebuild, rebuild_body, renumber, walk, walk_all
from .fold import ExprMap, map_code

MAX_VALUE_NODES = 80
MAX_BODY_NODES = 160
_LOOPS = (x.Comp, x.BestOf, x.SortBy)


def size(node: Any) -> int:
    return sum(1 for _ in walk_all((node,)))


def cheap(e: x.Expr) -> bool:
    """Worth repeating rather than keeping in a local: a constant, a local, a fixed slot."""
    return isinstance(e, (x.Const, x.Local)) or (isinstance(e, x.Load) and isinstance(e.addr, x.Const))


def uses(body: Any, slot: int) -> tuple[Any, ...]:
    """(how many times local slot is read, whether some read is inside a comprehension)."""
    count, looped = 0, False

    def visit(node: Any, inside: bool) -> None:
        nonlocal count, looped
        if isinstance(node, x.Local) and node.slot == slot:
            count += 1
            looped = looped or inside
        for child in children(node):
            visit(child, inside or isinstance(node, _LOOPS))
    for node in (body if isinstance(body, tuple) else (body,)):
        if isinstance(node, tuple):
            for item in node:
                visit(item, False)
        else:
            visit(node, False)
    return count, looped


def tail_normal(body: tuple[Any, ...]) -> Optional[tuple[Any, ...]]:
    """The body with its returns only at the end, or None if it returns from elsewhere:
    `if c: return` then the rest becomes `if not c: the rest`."""
    out: list[Any] = []
    for i, st in enumerate(body):
        if isinstance(st, s.Return):
            return tuple(out) if st.value is None or isinstance(st.value, x.Const) else None
        if isinstance(st, s.If) and len(st.branches) == 1 and not st.otherwise and \
                len(st.branches[0][1]) == 1 and isinstance(st.branches[0][1][0], s.Return):
            rest = tail_normal(body[i + 1:])
            if rest is None:
                return None
            cond = st.branches[0][0]
            unless = cond.operand if isinstance(cond, x.Not) else x.Not(cond, type=cond.type)
            out.append(s.If(((unless, rest),), span=st.span))
            return tuple(out)
        if any(isinstance(n, s.Return) for n in walk_all((st,))):
            return None
        out.append(st)
    return tuple(out)


class Inliner:
    """Inlines calls inside one function or block, adding the callees' locals to its own."""

    def __init__(self, functions: tuple[Any, ...], guarded: dict[Any, Any], me: Optional[int], locals_: tuple[Any, ...],
                 recursive: frozenset[Any] = frozenset()):
        self.functions = functions
        self.guarded = guarded  # value function -> True when a live modifier may change it
        self.me = me
        self.recursive = recursive  # functions on a cycle of calls: never inlined
        self.locals = list(locals_)

    def _adopt(self, callee: Function, args: tuple[Any, ...]) -> tuple[Any, ...]:
        """Map the callee's locals into ours: (slot map, statements binding the params)."""
        base = len(self.locals)
        self.locals.extend(LocalInfo(info.name, info.type, False) for info in callee.locals)
        binds = []
        mapping = {}
        for i in range(callee.params):
            arg = args[i]
            count, looped = uses(callee.body, i)
            if cheap(arg) or (count <= 1 and not looped):
                mapping[i] = arg
            else:
                binds.append((base + i, arg))
        return base, mapping, binds

    def _substitute(self, node: Any, base: int, mapping: dict[Any, Any]) -> Any:
        moved = renumber(node, lambda slot: base + slot)

        def put(n: Any) -> Any:
            if isinstance(n, x.Local) and n.slot - base in mapping:
                return mapping[n.slot - base]
            return n
        return rebuild(moved, put)

    def expr(self, e: x.CallFn) -> x.Expr:
        callee = self.functions[e.fn]
        if callee.kind != "value" or e.fn == self.me or e.fn in self.recursive or len(callee.body) != 1 or \
                size(callee.body) > MAX_VALUE_NODES:
            return e
        value = callee.body[0].value
        guarded = self.guarded.get(e.fn, False)
        if isinstance(value, x.ApplyMods):
            if not guarded:
                return e
            value = value.base
        base, mapping, binds = self._adopt(callee, e.args)
        if binds:  # an expression cannot keep a value in a local: leave the call
            del self.locals[base:]
            return e
        body: x.Expr = self._substitute(value, base, mapping)
        if guarded:
            return x.Cond(x.NoMods(type=BOOL), body, e, type=e.type)
        return body

    def stmt(self, st: s.Do) -> Any:
        call = st.expr
        if not isinstance(call, x.CallFn):
            return st
        callee = self.functions[call.fn]
        if callee.kind not in ("rule", "trigger") or call.fn == self.me or call.fn in self.recursive or \
                size(callee.body) > MAX_BODY_NODES:
            return st
        body = tail_normal(callee.body)
        if body is None:
            return st
        base, mapping, binds = self._adopt(callee, call.args)
        out = [s.SetLocal(slot, arg, span=st.span) for slot, arg in binds]
        out += [self._substitute(b, base, mapping) for b in body]
        return out

    def node(self, n: Any) -> Any:
        if isinstance(n, x.CallFn):
            return self.expr(n)
        if isinstance(n, s.Do):
            return self.stmt(n)
        return n


def on_cycles(functions: tuple[Any, ...]) -> frozenset[Any]:
    """The functions that can call themselves, directly or through others."""
    calls = [{n.fn for n in walk_all(fn.body) if isinstance(n, x.CallFn)} for fn in functions]
    found = set()
    for start in range(len(functions)):
        seen, todo = set(), list(calls[start])
        while todo:
            f = todo.pop()
            if f == start:
                found.add(start)
                break
            if f not in seen:
                seen.add(f)
                todo.extend(calls[f])
    return frozenset(found)


def inline_game(ir: GameIR, guarded: dict[Any, Any]) -> GameIR:
    """One round of inlining everywhere (decisions' domains and conditions included)."""
    functions = ir.functions
    recursive = on_cycles(functions)

    def on_function(index: int, fn: Function) -> Function:
        inliner = Inliner(functions, guarded, index, fn.locals, recursive)
        body = rebuild_body(fn.body, inliner.node)
        return replace(fn, body=body, locals=tuple(inliner.locals)) if body is not fn.body else fn

    def on_block(index: int, block: Block) -> tuple[Any, ExprMap]:
        inliner = Inliner(functions, guarded, None, block.locals, recursive)
        instrs = tuple(Instr(rebuild_body(i.body, inliner.node), rebuild(i.end, inliner.node))
                       for i in block.instrs)

        def expr(e: x.Expr) -> x.Expr:
            out: x.Expr = rebuild(e, inliner.node)
            return out
        # the decisions' expressions are mapped after the instructions: their new locals come last
        return _Deferred(block, instrs, inliner), expr
    mapped = map_code(ir, on_function, on_block)
    blocks = tuple(b.made() if isinstance(b, _Deferred) else b for b in mapped.blocks)
    return replace(mapped, blocks=blocks)


class _Deferred:
    """A block whose locals are final only once its decisions' expressions are inlined too."""

    def __init__(self, block: Block, instrs: tuple[Any, ...], inliner: Inliner):
        self.block, self.instrs, self.inliner = block, instrs, inliner

    def made(self) -> Block:
        return replace(self.block, instrs=self.instrs, locals=tuple(self.inliner.locals))
