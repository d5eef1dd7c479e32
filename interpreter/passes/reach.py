"""Reach: what play can get to from the flow, and what that leaves dead.

A modifier no reachable `modify` makes cannot change its value (so the value needs no look at
the active modifiers); standing actions no reachable `allow` offers to anyone need no allow
stack at all.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterator

from ..ir import exprs as x
from ..ir import stmts as s
from ..ir.program import AllowEntry, CallSite, GameIR, Instr, StepSite
from ..ir.walk import rebuild_body, walk_all


def reachable(ir: GameIR) -> tuple[Any, ...]:
    """(functions, blocks) that play, placing or the game's own figures can run."""
    functions: set[Any] = set()
    blocks: set[Any] = set()
    todo: list[Any] = [("block", 0)]
    for _, fn in ir.invariants:
        todo.append(("fn", fn))
    for _, fn, _ in ir.statistics:
        todo.append(("fn", fn))
    for _, fn in ir.reveals:
        todo.append(("fn", fn))
    if ir.score is not None:
        todo.append(("fn", ir.score))
    if ir.payoff is not None:
        todo.append(("fn", ir.payoff.function))
    while todo:
        kind, index = todo.pop()
        seen = functions if kind == "fn" else blocks
        if index in seen or index < 0:
            continue
        seen.add(index)
        if kind == "fn":
            nodes = walk_all(ir.functions[index].body)
        else:
            block = ir.blocks[index]
            sites = [site for site in ir.sites if site.block == index] + [a for a in ir.actions if a.block == index]
            nodes = walk_all(tuple((i.body, i.end) for i in block.instrs) +
                             tuple((c.label, c.guard, c.public, tuple((b.domain, b.condition) for b in c.bindings))
                                   for site in sites for c in site.choices))
        for node in nodes:
            if isinstance(node, x.CallFn):
                todo.append(("fn", node.fn))
            elif isinstance(node, s.QueueFrame):
                todo.append(("block", node.block))
            elif isinstance(node, (s.RunCell, s.QueueCell, x.CellValue)):
                table = ir.codes[node.code]
                todo += [("fn", f) for f in table.functions] + [("block", b) for b in table.blocks]
                todo.append(("fn", table.default))
            elif isinstance(node, s.PushAllow) and not _nobody(node.player):
                todo.append(("block", ir.actions[node.action].block))
            elif isinstance(node, s.AddModifier):
                todo.append(("fn", ir.modifiers[node.modifier].fn))
    return functions, blocks


def _nobody(player: x.Expr) -> bool:
    return isinstance(player, x.Const) and player.value == -1


def live_modifiers(ir: GameIR) -> set[Any]:
    functions, blocks = reachable(ir)
    code = tuple(ir.functions[f].body for f in functions) + tuple(
        (i.body,) for b in blocks for i in ir.blocks[b].instrs)
    return {node.modifier for node in walk_all(code) if isinstance(node, s.AddModifier)}


def drop_dead_modifiers(ir: GameIR) -> tuple[Any, ...]:
    """The game with values no live modifier can change returning their plain body, and the map
    value function -> can a live modifier change it?"""
    live = live_modifiers(ir)
    functions = list(ir.functions)
    guarded = {}
    for value in ir.values:
        changed = any(site in live for site in value.modifiers)
        guarded[value.fn] = changed
        fn = functions[value.fn]
        if not changed and fn.body and isinstance(fn.body[0], s.Return) and isinstance(fn.body[0].value, x.ApplyMods):
            functions[value.fn] = replace(fn, body=(replace(fn.body[0], value=fn.body[0].value.base),))
    return replace(ir, functions=tuple(functions)), guarded


def drop_dead_span_ends(ir: GameIR) -> GameIR:
    """With no modifier anything reachable makes, ending a span has no modifier to drop."""
    if live_modifiers(ir):
        return ir

    def drop(node: Any) -> Any:
        return [] if isinstance(node, s.EndSpan) else node
    functions = tuple(replace(f, body=rebuild_body(f.body, drop)) for f in ir.functions)
    blocks = tuple(replace(b, instrs=tuple(Instr(rebuild_body(i.body, drop), i.end) for i in b.instrs))
                   for b in ir.blocks)
    return replace(ir, functions=functions, blocks=blocks)


def drop_dead_allows(ir: GameIR) -> GameIR:
    """When no `allow` offers its action to anyone, the allow stack is always empty: drop it."""
    pushes = [node for node in _all_code(ir) if isinstance(node, s.PushAllow)]
    if not pushes or not all(_nobody(p.player) for p in pushes):
        return ir

    def drop(node: Any) -> Any:
        return [] if isinstance(node, (s.PushAllow, s.PopAllow)) else node
    functions = tuple(replace(f, body=rebuild_body(f.body, drop)) for f in ir.functions)
    blocks = tuple(replace(b, instrs=tuple(Instr(rebuild_body(i.body, drop), i.end) for i in b.instrs))
                   for b in ir.blocks)

    def path(entries: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(e for e in entries if not isinstance(e, AllowEntry))
    steps = {name: tuple(StepSite(st.block, path(st.path), st.enter) for st in sites)
             for name, sites in ir.steps.items()}
    calls = {callee: tuple(CallSite(c.caller, path(c.path), c.resume, c.args) for c in sites)
             for callee, sites in ir.calls.items()}
    return replace(ir, functions=functions, blocks=blocks, steps=steps, calls=calls)


def _all_code(ir: GameIR) -> Iterator[Any]:
    return walk_all(tuple(f.body for f in ir.functions) + tuple(i.body for b in ir.blocks for i in b.instrs))
