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

from typing import Any, Callable, Optional

from dataclasses import fields, replace

from ..ir import exprs as x
from ..ir.program import Choice
from ..ir.types import INT
from ..ir.walk import walk
from .exprs import Env, domain, expr, lazily, sieved, truth, walked
from .stmts import Source
from .views import view_clause

from ..machine import BOUND, PUSHED, NOTHING as NOTHING_CODE


def _space(out: Source, env: Env, i: int, choice: Choice, depth: int, span, low: Optional[int]) -> tuple:
    """Write the lines that list choice i's values; give (size expression, the values of the move
    at index r within the choice — None when the choice can have no move). `low`: the second
    variable's values are a set of nodes from low kept as bits (_as_bits), counted, not listed."""
    binds = choice.bindings
    if not binds:
        out.add(f"_n{i} = 1", depth, span)
        return f"_n{i}", "()"
    if any(_never(b) for b in binds):
        out.add(f"_n{i} = 0", depth, span)
        return f"_n{i}", None
    if len(binds) == 2 and not binds[1].dependent and binds[1].condition is None:
        first, second = binds
        out.add(f"_t{i} = {expr(second.domain, env)}", depth, span)  # every list value is a tuple here
        out.add(f"_h{i} = {_comprehension([first], env)} if _t{i} else ()", depth, span)
        out.add(f"_m{i} = len(_t{i})", depth, span)
        out.add(f"_n{i} = len(_h{i}) * _m{i}", depth, span)
        return f"_n{i}", f"(_h{i}[r // _m{i}], _t{i}[r % _m{i}])"
    if len(binds) == 2:  # each first value with its own list of second values: no pair made
        first, second = binds
        out.add(f"_h{i} = {_grouped(first, second, env)}", depth, span)
        if low is not None:
            out.add(f"_n{i} = sum([_g.bit_count() for _, _g in _h{i}])", depth, span)
            return f"_n{i}", f"nth_bit_pair(_h{i}, r, {low})"
        out.add(f"_n{i} = sum([len(_g) for _, _g in _h{i}])", depth, span)
        return f"_n{i}", f"nth_pair(_h{i}, r)"
    out.add(f"_h{i} = {_comprehension(list(binds), env)}", depth, span)
    out.add(f"_n{i} = len(_h{i})", depth, span)
    return f"_n{i}", f"(_h{i}[r],)" if len(binds) == 1 else f"_h{i}[r]"


def _comprehension(binds: list, env: Env) -> str:
    """[v for v in D if C] for one variable; [(v1, v2) for v1 in D1 if C1 for v2 in D2 if C2] for more."""
    names = [env.access(b.var) for b in binds]
    if len(binds) == 1 and binds[0].condition is None:
        return domain(binds[0].domain, env)  # every value: the domain itself (a tuple or a range)
    element = names[0] if len(binds) == 1 else "(" + "".join(n + ", " for n in names) + ")"
    clauses = ""
    for b, name in zip(binds, names):
        over, cond = sieved(b.var, b.domain, b.condition, env)
        clauses += f" for {name} in {over}"
        if cond is not None:
            clauses += f" if {truth(cond, env)}"
    return f"[{element}{clauses}]"


def _never(b) -> bool:
    """A variable whose condition is false whatever it is (an option the game's options turn off)."""
    return isinstance(b.condition, x.Const) and not b.condition.value


def _grouped(first, second, env: Env) -> str:
    """[(v1, second's values for v1) for v1 in D1 if C1]."""
    v1, v2 = env.access(first.var), env.access(second.var)
    head = f"for {v1} in {walked(first.domain, env)}"
    if first.condition is not None:
        head += f" if {truth(first.condition, env)}"
    view, env = view_clause(first.var, tuple(p for p in (second.domain, second.condition) if p is not None), env)
    seconds = domain(second.domain, env) if second.condition is None else \
        f"[{v2} for {v2} in {domain(second.domain, env)} if {truth(second.condition, env)}]"
    return f"[({v1}, {seconds}) {head}{view}]"


def _as_bits(e: x.Expr, hoisted: dict) -> Optional[tuple]:
    """(e's nodes as a set of bits, their low) when every list e can give is a set of nodes kept
    as bits (`nodes_of_bits(low, b)`, through `if`/`else`, `or` and the hoisted values that are
    such sets: `hoisted`, slot -> (bits, low)), all from one low; else None. An empty list is an
    empty set, so `or` keeps its meaning."""
    if isinstance(e, x.Helper) and e.name == "nodes_of_bits" and isinstance(e.args[0], x.Const):
        return e.args[1], e.args[0].value
    if isinstance(e, x.Local):
        return hoisted.get(e.slot)
    if isinstance(e, (x.Cond, x.OrElse)):
        names = ("then", "other") if isinstance(e, x.Cond) else ("first", "other")
        one, other = (_as_bits(getattr(e, name), hoisted) for name in names)
        if one is None or other is None or one[1] != other[1]:
            return None
        return replace(e, type=INT, **{names[0]: one[0], names[1]: other[0]}), one[1]
    return None


def _counted_by_bits(choice: Choice) -> tuple:
    """(choice, low): a choice of two variables whose second's values are sets of nodes kept as
    bits gets them as bits, to count them with bit_count and list only the set the move drawn
    falls in; else (choice, None). A hoisted value that is such a set is read in place: a few
    operations on numbers cost less than keeping it."""
    if len(choice.bindings) != 2 or not choice.bindings[1].dependent or choice.bindings[1].condition is not None:
        return choice, None
    first, second = choice.bindings
    hoisted = {slot: _as_bits(value, {}) for slot, value in choice.hoisted}
    hoisted = {slot: found for slot, found in hoisted.items() if found is not None}
    found = _as_bits(second.domain, hoisted)
    if found is None:
        return choice, None
    # a hoisted value read in place must be read nowhere else (a sampler does not read the label),
    # not even in a test in the domain (what is left of the domain reading it)
    elsewhere = (found[0], first.domain, first.condition, choice.guard, *(v for _, v in choice.hoisted))
    if any(isinstance(n, x.Local) and n.slot in hoisted for e in elsewhere if e is not None for n in walk(e)):
        return choice, None
    return replace(choice, bindings=(first, replace(second, domain=found[0])),
                   hoisted=tuple(pair for pair in choice.hoisted if pair[0] not in hoisted)), found[1]


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


def _addresses_once(shared: dict) -> tuple:
    """A shared domain of pieces present in a zone found by arithmetic (`p * 5 + 143`) reads the
    zone's slice through the address worked out once (it names both ends): (the domains, {new
    slot: address}), the new slots read as _a1, _a2…"""
    addrs: dict = {}
    out = {}
    for slot, dom in shared.items():
        if isinstance(dom, x.Present) and isinstance(dom.addr, x.Binary):
            new = -2000 - len(addrs)
            addrs[new] = dom.addr
            dom = replace(dom, addr=x.Local(new, type=dom.addr.type))
        out[slot] = dom
    return out, addrs


_ARITHMETIC = ("+", "-", "*")


def _fixed_parts(choices: tuple) -> tuple:
    """Arithmetic in the variables' conditions that reads only other locals (a zone's base,
    `p * 5 + 155`) is worked out once per listing, not once per value: (choices, {new slot:
    expression}), the new slots read as _e1, _e2…"""
    skip = {b.var for c in choices for b in c.bindings} | {slot for c in choices for slot, _ in c.hoisted}
    found: dict = {}

    def fixed(e: x.Expr) -> bool:
        return isinstance(e, x.Binary) and e.op in _ARITHMETIC and all(
            (isinstance(n, x.Binary) and n.op in _ARITHMETIC) or (isinstance(n, x.Local) and n.slot not in skip)
            or (isinstance(n, x.Const) and n.value.__class__ is int) for n in walk(e))

    def lift(e):
        if isinstance(e, x.Expr) and fixed(e):
            slot = found.setdefault(e, -1000 - len(found))
            return x.Local(slot, type=e.type)
        if not isinstance(e, x.Expr) or isinstance(e, (x.Comp, x.BestOf, x.SortBy)):
            return e
        changes: dict[str, Any] = {}
        for name in (f.name for f in fields(e)):
            value = getattr(e, name)
            new = lift(value) if isinstance(value, x.Expr) else tuple(lift(v) for v in value) \
                if isinstance(value, tuple) else value
            if new != value:
                changes[name] = new
        return replace(e, **changes) if changes else e

    # (not behind a guard: what it reads may be none when the guard fails)
    out = tuple(c if c.guard is not None else replace(c, bindings=tuple(
        replace(b, condition=lift(b.condition)) if b.condition is not None else b for b in c.bindings))
        for c in choices)
    return out, {slot: e for e, slot in found.items()}


def write_sampler(out: Source, env: Env, name: str, choices: tuple, span, play: bool,
                  block_env: Callable, allows: bool, block: int = -1) -> None:
    """`name(S, L, rng)`: (choice number, values) of a uniformly random legal move, or None (no
    legal move), or False when the decider may also take a standing action now (only when the
    game has some: `allows`; the engine's general sampler then lists those too).

    With `play`: `name(S, rng)` starts the step budget afresh, binds the move into the waiting
    frame and runs on from the
    choice's instruction (the entry function of block `block` there): it gives what that entry
    gives (machine.py: the next instruction, PUSHED, POP, SUSPENDED - pc), or NOTHING, or BOUND
    (bound, not run: explicit chance runs it the engine's way). It counts the standing actions
    the decider may take too (each action's own lister, `write_action_player`), after the
    decision's choices, as Game.legal_moves lists them; one taken starts its frame (PUSHED)."""
    if play:
        out.add(f"def {name}(S, rng):", 0, span)
        out.add("RT.steps = RT.budget", 1, span)  # the budget counts the steps between two decisions
        out.add("F = S.frames[-1]", 1, span)
        out.add("L = F[2]", 1, span)
    else:
        out.add(f"def {name}(S, L, rng):", 0, span)
    out.add("D = S.data", 1, span)
    if allows and not play:
        out.add("if S.allows and any(a[2] == S.decider for a in S.allows):", 1, span)
        out.add("return False", 2, span)
    choices, values = _listing(out, env, choices, span, block_env)
    if allows and play:
        out.add("extra = 0", 1, span)
        out.add("if S.allows:", 1, span)
        out.add("for a in S.allows:", 2, span)
        out.add("if a[2] == S.decider:", 3, span)
        out.add("extra += ACTS[a[0]](S, a[1], -1)", 4, span)
        out.add("n = total + extra", 1, span)
        _draw(out, "n", NOTHING_CODE, span)
        out.add("if r >= total:", 1, span)
        out.add("return standing_pick(S, ACTS, r - total)", 2, span)
    else:
        _draw(out, "total", NOTHING_CODE if play else None, span)
    if play:
        _pick(out, choices, values, span, lambda i, choice, values, depth: _bind(out, choice, values, depth, span,
                                                                               block_env, block))
    else:
        _pick(out, choices, values, span, lambda i, choice, values, depth: out.add(f"return {i}, {values}", depth, span))


def write_action_player(out: Source, env: Env, name: str, action, params: int, slots: int,
                        block_env: Callable) -> None:
    """`name(S, A, r)` for a standing action taken with arguments A: with r < 0, how many moves it
    offers now; else it starts the frame of move r (its values bound) and gives PUSHED, or BOUND
    under explicit chance (the engine runs on)."""
    span = action.span
    out.add(f"def {name}(S, A, r):", 0, span)
    out.add("D = S.data", 1, span)
    # Listing reads only the arguments (the frame's other locals are not set yet): from A, the
    # frame made only for the move taken.
    choices, values = _listing(out, env, action.choices, span,
                             lambda slot: f"A[{slot}]" if slot < params else block_env(slot))
    out.add("if r < 0:", 1, span)
    out.add("return total", 2, span)
    out.add(f"L = [*A{', None' * (slots - params)}]", 1, span)

    def start(i: int, choice: Choice, values: str, depth: int) -> None:
        _bind_values(out, choice, values, depth, span, block_env)
        out.add(f"S.frames.append([{action.block}, {choice.target}, L])", depth, span)
        out.add("S.decision = -1", depth, span)
        out.add(f"return {BOUND} if S.rng.__class__ is not int else {PUSHED}", depth, span)
    _pick(out, choices, values, span, start)


def _listing(out: Source, env: Env, choices: tuple, span, block_env: Callable) -> tuple:
    """Write the lines that count every choice's moves (`_n{i}`, then `total`); give the choices
    (their first domains shared where they are the same) and the values of the move at index r
    within each (None: it can have none)."""
    counted = [_counted_by_bits(c) for c in choices]
    choices, lows = tuple(c for c, _ in counted), [low for _, low in counted]
    binding_slots = {b.var for c in choices for b in c.bindings}
    senv = env.with_access(lambda slot: f"c{slot}" if slot in binding_slots else block_env(slot))
    hoisted = tuple(pair for c in choices for pair in c.hoisted)
    if hoisted:
        senv = lazily(hoisted, senv)
    for slot, _ in hoisted:
        out.add(f"_c{slot} = []", 1, span)
    choices, shared = _shared_domains(choices)
    shared, addrs = _addresses_once(shared)
    senv = _once(out, senv, {slot: (f"_a{-1999 - slot}", expr(a, senv)) for slot, a in addrs.items()}, span)
    senv = _once(out, senv, {slot: (f"_d{-slot}", domain(dom, senv)) for slot, dom in shared.items()}, span)
    choices, parts = _fixed_parts(choices)
    senv = _once(out, senv, {slot: (f"_e{-999 - slot}", expr(part, senv)) for slot, part in parts.items()}, span)
    sizes, values = [], []
    for i, choice in enumerate(choices):
        depth = 1
        if choice.guard is not None:
            out.add(f"_n{i} = 0", 1, span)
            out.add(f"if {truth(choice.guard, senv)}:", 1, span)
            depth = 2
        size, value = _space(out, senv, i, choice, depth, span, lows[i])
        sizes.append(size)
        values.append(value)
    out.add(f"total = {' + '.join(sizes) or '0'}", 1, span)
    return choices, values


def _once(out: Source, env: Env, values: dict, span) -> Env:
    """Write `name = text` for each new slot's (name, text); give the env reading them by name."""
    for name, text in values.values():
        out.add(f"{name} = {text}", 1, span)
    outer = env.access
    return env.with_access(lambda slot: values[slot][0] if slot in values else outer(slot)) if values else env


def _draw(out: Source, total: str, nothing, span) -> None:
    """r = rng.randrange(total) — written out as CPython works it out — or `return nothing`."""
    out.add(f"if not {total}:", 1, span)
    out.add(f"return {nothing}", 2, span)
    out.add("if rng.__class__ is Random:  # randrange(total), as CPython works it out", 1, span)
    out.add(f"k = {total}.bit_length()", 2, span)
    out.add("r = rng.getrandbits(k)", 2, span)  # a method call: no bound method made
    out.add(f"while r >= {total}:", 2, span)
    out.add("r = rng.getrandbits(k)", 3, span)
    out.add("else:", 1, span)
    out.add(f"r = rng.randrange({total})", 2, span)


def _pick(out: Source, choices: tuple, values: list, span, end: Callable) -> None:
    """The choice move r falls in, each ending as `end(i, choice, values text, depth)` writes
    (a choice that can have no move gets no branch)."""
    open_choices = [(i, choice, value) for i, (choice, value) in enumerate(zip(choices, values)) if value is not None]
    for i, choice, value in open_choices:
        last = i == open_choices[-1][0]
        depth = 1 if last else 2
        if not last:
            out.add(f"if r < _n{i}:", 1, span)
        end(i, choice, value, depth)
        if not last:
            out.add(f"r -= _n{i}", 1, span)


def _bind_values(out: Source, choice: Choice, values: str, depth: int, span, block_env: Callable) -> None:
    if choice.bindings:
        out.add(f"{''.join(block_env(b.var) + ', ' for b in choice.bindings)}= {values}", depth, span)
    for slot in choice.clears:
        out.add(f"{block_env(slot)} = None", depth, span)


def _bind(out: Source, choice: Choice, values: str, depth: int, span, block_env: Callable, block: int) -> None:
    """Bind the move into the waiting frame and run on from its choice's instruction."""
    _bind_values(out, choice, values, depth, span, block_env)
    # Explicit chance runs on the engine's way, from the frame. Else the entry runs now: it
    # says itself where play stands when it stops (SUSPENDED - pc, PUSHED after setting the
    # frame's place, the next entry, POP), and the next decision it reaches sets S.decision.
    out.add("if S.rng.__class__ is not int:", depth, span)
    out.add(f"F[1] = {choice.target}", depth + 1, span)
    out.add("S.decision = -1", depth + 1, span)
    out.add(f"return {BOUND}", depth + 1, span)
    out.add(f"return b{block}_{choice.target}(S, L)", depth, span)
