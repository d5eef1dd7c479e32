"""The values a decision's option allows: listed in domain order, or counted and indexed
without being listed (for uniform random sampling on the hot path)."""
from __future__ import annotations

import random
from typing import Any, Optional

from .machine import State


def option_values(S: State, L: list, bindings: list) -> list:
    """Every tuple of values the bindings allow, in domain order (L is scratch space)."""
    if not bindings:
        return [()]
    first = bindings[0]
    condition = first.condition
    if len(bindings) == 1:
        domain = first.domain(S, L)
        if condition is None:
            return [(v,) for v in domain]
        out = []
        slot = first.slot
        for v in domain:
            L[slot] = v
            if condition(S, L):
                out.append((v,))
        return out
    rest = bindings[1:]
    # The rest's values can be listed once when they cannot depend on this variable.
    independent = len(rest) == 1 and not rest[0].dependent and rest[0].condition is None
    fixed = option_values(S, L, rest) if independent else None
    out = []
    slot = first.slot
    for v in first.domain(S, L):
        L[slot] = v
        if condition is not None and not condition(S, L):
            continue
        tails = fixed if fixed is not None else option_values(S, L, rest)
        out.extend((v,) + tail for tail in tails)
    return out


def option_space(S: State, L: list, bindings: list):
    """The values an option allows: a list of tuples, or — when a second variable's values
    cannot depend on the first — the pair (first values, second values) standing for their
    product, which is counted and indexed without being built."""
    if len(bindings) == 2:
        first, second = bindings
        if not second.dependent and second.condition is None:
            tail = second.domain(S, L)
            if not tail:
                return []
            condition = first.condition
            if condition is None:
                heads = first.domain(S, L)
            else:
                heads = []
                slot = first.slot
                for v in first.domain(S, L):
                    L[slot] = v
                    if condition(S, L):
                        heads.append(v)
            return (heads, tail)
    return option_values(S, L, bindings)


def space_size(space) -> int:
    return len(space[0]) * len(space[1]) if isinstance(space, tuple) else len(space)


def space_pick(space, index: int) -> tuple:
    if isinstance(space, tuple):
        heads, tail = space
        return (heads[index // len(tail)], tail[index % len(tail)])
    return space[index]


def sample_choice(S: State, choices: list, rng: random.Random) -> Optional[tuple[Any, int, tuple]]:
    """A uniformly random legal move among `choices` ((option, locals, action block) each, as
    Game._choices gives them): (option, its number, values), or None when there is none."""
    if len(choices) == 1 and choices[0][0].guard is None:
        option, L, _ = choices[0]
        space = option_space(S, L[:], option.bindings)
        total = space_size(space)
        return (option, 0, space_pick(space, rng.randrange(total))) if total else None
    spaces = [option_space(S, L[:], option.bindings)
              if option.guard is None or option.guard(S, L) else [] for option, L, _ in choices]
    sizes = [space_size(space) for space in spaces]
    total = sum(sizes)
    if not total:
        return None
    pick = rng.randrange(total)
    for index, size in enumerate(sizes):
        if pick < size:
            return choices[index][0], index, space_pick(spaces[index], pick)
        pick -= size
    return None
