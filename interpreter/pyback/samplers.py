"""The Python back-end, decisions: one sampler per `choose`, written out for that decision.

A sampler lists each choice's values as a comprehension over its domain (conditions inlined),
counts them (a second variable that does not depend on the first is counted, not listed:
heads × tail), draws one index uniformly with the bots' generator — `rng.randrange(total)`,
written out as CPython computes it — and gives the move (sampler `s`) or binds it into the frame
and moves play on to the choice's instruction (player `p`), with no Move made.

The moves come in the same order, and the same index picks the same move, as Game.legal_moves
lists them: sample_move, play_random and legal_moves agree seed for seed.
"""
from __future__ import annotations

from typing import Callable

from dataclasses import replace

from ..ir import exprs as x
from ..ir.program import Choice
from .exprs import Env, domain, expr, lazily, truth
from .stmts import Source
from .views import view_clause

from ..machine import ACTIONS, BOUND, NOTHING as NOTHING_CODE


def _space(out: Source, env: Env, i: int, choice: Choice, depth: int, span) -> tuple:
    """Write the lines that list choice i's values; give (size expression, how to pick)."""
    binds = choice.bindings
    if not binds:
        out.add(f"_n{i} = 1", depth, span)
        return f"_n{i}", "none"
    if any(_never(b) for b in binds):
        out.add(f"_n{i} = 0", depth, span)
        return f"_n{i}", "never"
    if len(binds) == 2 and not binds[1].dependent and binds[1].condition is None:
        first, second = binds
        out.add(f"_t{i} = {expr(second.domain, env)}", depth, span)  # every list value is a tuple here
        out.add(f"_h{i} = {_comprehension([first], env)} if _t{i} else ()", depth, span)
        out.add(f"_n{i} = len(_h{i}) * len(_t{i})", depth, span)
        return f"_n{i}", "product"
    if len(binds) == 2:  # each first value with its own list of second values: no pair made
        first, second = binds
        out.add(f"_h{i} = {_grouped(first, second, env)}", depth, span)
        out.add(f"_n{i} = sum([len(_g) for _, _g in _h{i}])", depth, span)
        return f"_n{i}", "grouped"
    out.add(f"_h{i} = {_comprehension(list(binds), env)}", depth, span)
    out.add(f"_n{i} = len(_h{i})", depth, span)
    return f"_n{i}", "listed"


def _comprehension(binds: list, env: Env) -> str:
    """[v for v in D if C] for one variable; [(v1, v2) for v1 in D1 if C1 for v2 in D2 if C2] for more."""
    names = [env.access(b.var) for b in binds]
    if len(binds) == 1 and binds[0].condition is None:
        return domain(binds[0].domain, env)  # every value: the domain itself (a tuple or a range)
    element = names[0] if len(binds) == 1 else "(" + "".join(n + ", " for n in names) + ")"
    clauses = ""
    for b, name in zip(binds, names):
        clauses += f" for {name} in {domain(b.domain, env)}"
        if b.condition is not None:
            clauses += f" if {truth(b.condition, env)}"
    return f"[{element}{clauses}]"


def _never(b) -> bool:
    """A variable whose condition is false whatever it is (an option the game's options turn off)."""
    return isinstance(b.condition, x.Const) and not b.condition.value


def _grouped(first, second, env: Env) -> str:
    """[(v1, second's values for v1) for v1 in D1 if C1]."""
    v1, v2 = env.access(first.var), env.access(second.var)
    head = f"for {v1} in {domain(first.domain, env)}"
    if first.condition is not None:
        head += f" if {truth(first.condition, env)}"
    view, env = view_clause(first.var, tuple(p for p in (second.domain, second.condition) if p is not None), env)
    seconds = domain(second.domain, env) if second.condition is None else \
        f"[{v2} for {v2} in {domain(second.domain, env)} if {truth(second.condition, env)}]"
    return f"[({v1}, {seconds}) {head}{view}]"


def _values(i: int, how: str, count: int) -> str:
    """The values tuple of the move at index r (within choice i)."""
    if how == "none":
        return "()"
    if how == "product":
        return f"(_h{i}[r // len(_t{i})], _t{i}[r % len(_t{i})])"
    if how == "grouped":
        return f"nth_pair(_h{i}, r)"
    return f"(_h{i}[r],)" if count == 1 else f"_h{i}[r]"


def _shared_domains(choices: tuple) -> tuple:
    """Choices whose first variable's domain is the same (the pieces in a player's zone, for a piece
    going to one zone or to a board node) list it once: (choices, {new slot: domain})."""
    seen: dict = {}
    for c in choices:
        if c.bindings and c.guard is None and not isinstance(c.bindings[0].domain, (x.Const, x.Local)):
            seen[c.bindings[0].domain] = seen.get(c.bindings[0].domain, 0) + 1
    twice = [dom for dom, count in seen.items() if count > 1]
    if not twice:
        return choices, {}
    slots = {dom: -1 - i for i, dom in enumerate(twice)}  # slots no block has: read as _d1, _d2…
    out = []
    for c in choices:
        first = c.bindings[0] if c.bindings else None
        if first is not None and c.guard is None and first.domain in slots:
            local = x.Local(slots[first.domain], type=first.domain.type)
            c = replace(c, bindings=(replace(first, domain=local),) + c.bindings[1:])
        out.append(c)
    return tuple(out), {slot: dom for dom, slot in slots.items()}


def write_sampler(out: Source, env: Env, name: str, choices: tuple, span, play: bool,
                  block_env: Callable, allows: bool, block: int = -1) -> None:
    """`name(S, L, rng)`: (choice number, values) of a uniformly random legal move, or None (no
    legal move), or False when the decider may also take a standing action now (only when the
    game has some: `allows`; the engine's general sampler then lists those too).

    With `play`: `name(S, rng)` binds the move into the waiting frame and runs on from the
    choice's instruction (the entry function of block `block` there): it gives what that entry
    gives (machine.py: the next instruction, PUSHED, POP, SUSPENDED - pc), or NOTHING, ACTIONS,
    or BOUND (bound, not run: explicit chance runs it the engine's way)."""
    binding_slots = {b.var for c in choices for b in c.bindings}
    senv = env.with_access(lambda slot: f"c{slot}" if slot in binding_slots else block_env(slot))
    hoisted = tuple(pair for c in choices for pair in c.hoisted)
    if hoisted:
        senv = lazily(hoisted, senv)
    if play:
        out.add(f"def {name}(S, rng):", 0, span)
        out.add("F = S.frames[-1]", 1, span)
        out.add("L = F[2]", 1, span)
    else:
        out.add(f"def {name}(S, L, rng):", 0, span)
    out.add("D = S.data", 1, span)
    for slot, _ in hoisted:
        out.add(f"_c{slot} = []", 1, span)
    if allows:
        out.add("if S.allows and any(a[2] == S.decider for a in S.allows):", 1, span)
        out.add(f"return {ACTIONS if play else False}", 2, span)
    choices, shared = _shared_domains(choices)
    if shared:
        names = {slot: f"_d{-slot}" for slot in shared}
        for slot, dom in shared.items():
            out.add(f"{names[slot]} = {domain(dom, senv)}", 1, span)
        before = senv.access
        senv = senv.with_access(lambda slot: names[slot] if slot in names else before(slot))
    sizes, hows = [], []
    for i, choice in enumerate(choices):
        depth = 1
        if choice.guard is not None:
            out.add(f"_n{i} = 0", 1, span)
            out.add(f"if {truth(choice.guard, senv)}:", 1, span)
            depth = 2
        size, how = _space(out, senv, i, choice, depth, span)
        sizes.append(size)
        hows.append(how)
    out.add(f"total = {' + '.join(sizes)}", 1, span)
    out.add("if not total:", 1, span)
    out.add(f"return {NOTHING_CODE if play else None}", 2, span)
    out.add("if rng.__class__ is Random:  # randrange(total), as CPython works it out", 1, span)
    out.add("getrandbits = rng.getrandbits", 2, span)
    out.add("k = total.bit_length()", 2, span)
    out.add("r = getrandbits(k)", 2, span)
    out.add("while r >= total:", 2, span)
    out.add("r = getrandbits(k)", 3, span)
    out.add("else:", 1, span)
    out.add("r = rng.randrange(total)", 2, span)
    open_choices = [(i, choice, how) for i, (choice, how) in enumerate(zip(choices, hows)) if how != "never"]
    for i, choice, how in open_choices:
        last = i == open_choices[-1][0]
        depth = 1 if last else 2
        if not last:
            out.add(f"if r < _n{i}:", 1, span)
        values = _values(i, how, len(choice.bindings))
        if not play:
            out.add(f"return {i}, {values}", depth, span)
        else:
            if choice.bindings:
                out.add(f"{''.join(block_env(b.var) + ', ' for b in choice.bindings)}= {values}", depth, span)
            for slot in choice.clears:
                out.add(f"{block_env(slot)} = None", depth, span)
            out.add(f"F[1] = {choice.target}", depth, span)
            out.add("S.decision = -1", depth, span)
            out.add(f"if S.rng.__class__ is not int: return {BOUND}", depth, span)
            out.add(f"return b{block}_{choice.target}(S, L)", depth, span)
        if not last:
            out.add(f"r -= _n{i}", 1, span)
