"""Hoisting: what a comprehension (or a decision's listing) reads the same way for every element
is worked out once, not once per element — `all(already_played(b) for b in hand[p])` inside the
condition on each card, a group's nodes inside a sum over colours.

A hoisted value goes into the comprehension's (or choice's) `hoisted` pairs under a new local;
it is worked out lazily, at most once per listing, the first time it is needed, so hoisting
never works out what the rules would not have (and never fails where they would not).
"""
from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from ..ir import exprs as x
from ..ir.program import Block, Choice, Function, GameIR, Instr, LocalInfo
from ..ir.walk import PAIR_FIELDS, children, rebuild
from .fold import ExprMap, map_code

_WORK = (x.Comp, x.BestOf, x.SortBy, x.CallFn, x.Helper, x.Present, x.ZoneTotal, x.CellValue, x.ApplyMods)
_BINDERS = (x.Comp, x.BestOf, x.SortBy)
_LIGHT = {"min", "max", "abs", "best_of"}
MIN_NODES = 10


@dataclass(frozen=True)
class Facts:
    """What hoisting asks of an expression, over every node in it."""
    nodes: int  # how many
    works: bool  # some node does work (a comprehension, a call, a helper other than a light one, …)
    loads: bool  # some node reads the state
    used: frozenset[Any]  # the local slots read
    bound: frozenset[Any]  # the local slots bound (by a comprehension's variable or its hoisted values)

    @property
    def free(self) -> frozenset[Any]:
        """The local slots read that are not bound inside."""
        return self.used - self.bound


_NONE: frozenset[Any] = frozenset()


class Hoister:
    """Hoists inside one function or block, adding the new locals to its own. `facts` (id → (node,
    Facts)) is shared by the hoisters of one game: lifting goes top down and asks about every
    part of a comprehension, so each node's facts are worked out once, from its parts'."""

    def __init__(self, locals_: tuple[Any, ...], facts: dict[int, tuple[Any, Facts]]) -> None:
        self.locals = list(locals_)
        self.facts = facts

    def facts_of(self, e: Any) -> Facts:
        found = self.facts.get(id(e))
        if found is not None and found[0] is e:
            return found[1]
        nodes, works, loads = 1, isinstance(e, _WORK) and not (isinstance(e, x.Helper) and e.name in _LIGHT), \
            isinstance(e, x.Load)
        used = frozenset((e.slot,)) if isinstance(e, x.Local) else _NONE
        bound = frozenset((e.var, *(slot for slot, _ in getattr(e, "hoisted", ())))) \
            if isinstance(e, _BINDERS) else _NONE
        for child in children(e):
            part = self.facts_of(child)
            nodes += part.nodes
            works = works or part.works
            loads = loads or part.loads
            if part.used:
                used = used | part.used if used else part.used
            if part.bound:
                bound = bound | part.bound if bound else part.bound
        facts = Facts(nodes, works, loads, used, bound)
        self.facts[id(e)] = (e, facts)
        return facts

    def worth(self, e: Any) -> bool:
        if isinstance(e, (x.Const, x.Local, x.NoMods)):
            return False
        facts = self.facts_of(e)
        return facts.works or (facts.nodes >= MIN_NODES and facts.loads)

    def new_slot(self, e: x.Expr) -> int:
        self.locals.append(LocalInfo("\0hoisted", e.type, False))
        return len(self.locals) - 1

    def lift(self, e: Any, blocked: set[Any], found: list[Any]) -> Any:
        """e with its invariant parts (reading none of `blocked`) replaced by new locals."""
        if isinstance(e, x.Expr) and self.worth(e) and not (self.facts_of(e).free & blocked):
            slot = self.new_slot(e)
            found.append((slot, e))
            return x.Local(slot, type=e.type)
        if not isinstance(e, x.Expr):
            return e
        inner = blocked
        if isinstance(e, _BINDERS):
            inner = blocked | {e.var} | {slot for slot, _ in getattr(e, "hoisted", ())}
        changes = {}
        for f in fields(e):
            value = getattr(e, f.name)
            if f.name == "domain" and isinstance(e, _BINDERS):
                new = self.lift(value, blocked, found)  # a domain is worked out before the variable exists
            elif f.name in PAIR_FIELDS.get(type(e), ()):
                new = tuple((slot, self.lift(v, blocked, found)) for slot, v in value)
            else:
                new = self._lift_value(value, inner, found)
            if new is not value:
                changes[f.name] = new
        return replace(e, **changes) if changes else e

    def _lift_value(self, value: Any, blocked: set[Any], found: list[Any]) -> Any:
        if isinstance(value, x.Expr):
            return self.lift(value, blocked, found)
        if isinstance(value, tuple) and any(isinstance(v, x.Expr) for v in value):
            return tuple(self.lift(v, blocked, found) if isinstance(v, x.Expr) else v for v in value)
        return value

    def node(self, n: Any) -> Any:
        """Bottom up: each comprehension hoists what its element and condition read the same way."""
        if not isinstance(n, _BINDERS) or isinstance(n, x.SortBy):
            return n
        found: list[Any] = []
        blocked = {n.var}
        parts = {}
        for name in ("cond", "element", "key"):
            if hasattr(n, name) and getattr(n, name) is not None:
                parts[name] = self.lift(getattr(n, name), blocked, found)
        if not found:
            return n
        return replace(n, hoisted=n.hoisted + tuple(found), **parts)

    def choice(self, c: Choice) -> Choice:
        """A decision's conditions and later domains: what they read the same way for every value."""
        blocked = {b.var for b in c.bindings}
        found: list[Any] = []
        bindings = []
        for i, b in enumerate(c.bindings):
            dom = b.domain if i == 0 else self.lift(b.domain, blocked, found)
            cond = self.lift(b.condition, blocked, found) if b.condition is not None else None
            bindings.append(replace(b, domain=dom, condition=cond))
        if not found:
            return c
        return replace(c, bindings=tuple(bindings), hoisted=c.hoisted + tuple(found))


def hoist_game(ir: GameIR) -> GameIR:
    facts: dict[int, tuple[Any, Facts]] = {}

    def on_function(index: int, fn: Function) -> Function:
        h = Hoister(fn.locals, facts)
        body = tuple(rebuild(st, h.node) for st in fn.body)
        return replace(fn, body=body, locals=tuple(h.locals))

    deferred: dict[Any, Any] = {}

    def on_block(index: int, block: Block) -> tuple[Block, ExprMap]:
        h = Hoister(block.locals, facts)
        instrs = tuple(Instr(tuple(rebuild(st, h.node) for st in i.body), rebuild(i.end, h.node))
                       for i in block.instrs)
        deferred[index] = h

        def expr(e: x.Expr) -> x.Expr:
            out: x.Expr = rebuild(e, h.node)
            return out
        return replace(block, instrs=instrs), expr
    mapped = map_code(ir, on_function, on_block)
    sites = tuple(replace(site, choices=tuple(deferred[site.block].choice(c) for c in site.choices))
                  for site in mapped.sites)
    actions = tuple(replace(a, choices=tuple(deferred[a.block].choice(c) for c in a.choices))
                    for a in mapped.actions)
    blocks = tuple(replace(b, locals=tuple(deferred[i].locals)) for i, b in enumerate(mapped.blocks))
    return replace(mapped, sites=sites, actions=actions, blocks=blocks)

