"""The Python back-end, views: an expression that reads the state at many addresses `c + v`
for one local v (a kind's count in each zone of a board, for the kind v) reads them from one
slice of the state, taken once per value of v: `D[v + 76:v + 420:7]`, then `_v3[5]` for
`D[111 + v]`. Indexing a list by a constant takes Python fewer steps than adding the address
up, and the slice itself is one call.

Only in code that cannot change the state between taking the slice and reading it: the
clauses of a comprehension (the state stands still while a value is worked out), a sampler's
listing, a value function's body.
"""
from __future__ import annotations

from math import gcd
from typing import Any, Optional

from ..ir import exprs as x
from ..ir.walk import walk_all
from ..passes.linear import linear

MIN_READS = 6  # fewer reads are not worth a slice
MAX_ITEMS = 64  # nor is a slice longer than this


def offset_through(addr: x.Expr, slot: int) -> Optional[int]:
    """c when addr is `c + v` for the local v at slot, else None."""
    form = linear(addr)
    if form is None:
        return None
    terms, constant = form
    if len(terms) == 1 and terms[0][1] == 1 and isinstance(terms[0][0], x.Local) and terms[0][0].slot == slot:
        return constant
    return None


def view_of(slot: int, parts: tuple) -> Optional[tuple]:
    """(low, step, length) of the slice that the reads through slot in parts need, or None when
    a view is not worth taking."""
    offsets = [c for n in walk_all(parts) if isinstance(n, x.Load)
               for c in (offset_through(n.addr, slot),) if c is not None]
    if len(offsets) < MIN_READS:
        return None
    low, high = min(offsets), max(offsets)
    step = 0
    for c in offsets:
        step = gcd(step, c - low)
    step = step or 1
    length = (high - low) // step + 1
    return (low, step, length) if length <= MAX_ITEMS else None


def view_name(slot: int) -> str:
    return f"_v{slot}"


def slice_text(local: str, view: tuple) -> str:
    low, step, length = view
    return f"D[{local} + {low}:{local} + {low + step * length}:{step}]"


def read_through(views: dict, addr: x.Expr) -> Optional[str]:
    """The text of D[addr] read from a view in scope, or None."""
    for slot, (low, step, _) in views.items():
        c = offset_through(addr, slot)
        if c is not None and (c - low) % step == 0:
            return f"{view_name(slot)}[{(c - low) // step}]"
    return None


def view_clause(slot: int, parts: tuple, env: Any) -> tuple[str, Any]:
    """(` for _vN in (slice,)`, env reading through it) for a comprehension clause after the one
    binding slot, or ('', env) when a view is not worth taking."""
    view = view_of(slot, parts)
    if view is None:
        return "", env
    return f" for {view_name(slot)} in ({slice_text(env.access(slot), view)},)", env.with_view(slot, view)
