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

from collections import Counter
from typing import Any, Optional

from ..ir import exprs as x
from ..ir.types import COUNT
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
    """(low, step, length) of the slice holding most of the reads through slot in parts (the
    longest run of addresses a fixed step apart), or None when a view is not worth taking."""
    offsets = sorted({c for n in walk_all(parts) if isinstance(n, x.Load)
                      for c in (offset_through(n.addr, slot),) if c is not None})
    if len(offsets) < MIN_READS:
        return None
    steps = Counter(b - a for a, b in zip(offsets, offsets[1:]))
    step = steps.most_common(1)[0][0]
    runs: dict = {}
    for c in offsets:
        runs.setdefault(c % step, []).append(c)
    run = max(runs.values(), key=len)
    low = run[0]
    length = (run[-1] - low) // step + 1
    if len(run) < MIN_READS or length > MAX_ITEMS:
        return None
    return low, step, length


def view_name(slot: int) -> str:
    return f"_v{slot}"


def slice_text(local: str, view: tuple) -> str:
    low, step, length = view
    return f"D[{local} + {low}:{local} + {low + step * length}:{step}]"


def read_through(views: dict, addr: x.Expr) -> Optional[str]:
    """The text of D[addr] read from a view in scope, or None."""
    for slot, (low, step, length) in views.items():
        c = offset_through(addr, slot)
        if c is not None and (c - low) % step == 0 and 0 <= (c - low) // step < length:
            return f"{view_name(slot)}[{(c - low) // step}]"
    return None


def _views(parts: tuple) -> dict:
    """{local slot: view} for each local that parts read the state through often enough."""
    slots = sorted({t.slot for n in walk_all(parts) if isinstance(n, x.Load)
                    for t, _ in (linear(n.addr) or ((), 0))[0] if isinstance(t, x.Local)})
    views = {slot: view_of(slot, parts) for slot in slots}
    return {slot: view for slot, view in views.items() if view is not None}


def takes_views(parts: tuple) -> bool:
    return bool(_views(parts))


def view_lines(parts: tuple, env: Any) -> tuple[list, Any]:
    """(`_vN = slice` lines, env reading through them) for statement code about to work parts
    out, before anything changes the state: a view for each local read through enough."""
    lines = []
    for slot, view in _views(parts).items():
        lines.append(f"{view_name(slot)} = {slice_text(env.access(slot), view)}")
        env = env.with_view(slot, view)
    return lines, env


def view_clause(slot: int, parts: tuple, env: Any) -> tuple[str, Any]:
    """(` for _vN in (slice,)`, env reading through it) for a comprehension clause after the one
    binding slot, or ('', env) when a view is not worth taking."""
    view = view_of(slot, parts)
    if view is None:
        return "", env
    return f" for {view_name(slot)} in ({slice_text(env.access(slot), view)},)", env.with_view(slot, view)


def as_run(texts: list, views: dict) -> Optional[str]:
    """texts (written conditions) when they read items a, a+1, … of one view, in order: that
    part of the view (`_v3` or `_v3[2:9]`), else None."""
    if len(texts) < 2:
        return None
    for slot, (_, _, length) in views.items():
        name = view_name(slot) + "["
        if not texts[0].startswith(name) or not texts[0].endswith("]"):
            continue
        first = texts[0][len(name):-1]
        if not first.isdigit():
            continue
        a = int(first)
        if texts != [f"{name}{k}]" for k in range(a, a + len(texts))]:
            continue
        return view_name(slot) if a == 0 and len(texts) == length else f"{view_name(slot)}[{a}:{a + len(texts)}]"
    return None


def whole_view_sum(e: x.Expr, views: dict) -> Optional[str]:
    """The view whose every item e adds up once — each one perhaps only when a test holds
    (`r if test else 0`) — when they are counts (never below 0), else None."""
    terms: list = []
    stack = [e]
    while stack:
        n = stack.pop()
        if isinstance(n, x.Binary) and n.op == "+":
            stack += [n.left, n.right]
        else:
            terms.append(n)
    reads = []
    for term in terms:
        if isinstance(term, x.Cond) and isinstance(term.other, x.Const) and term.other.value == 0:
            term = term.then
        if not (isinstance(term, x.Load) and term.type == COUNT):
            return None
        reads.append(read_through(views, term.addr))
    for slot, (_, _, length) in views.items():
        if sorted(reads, key=str) == sorted((f"{view_name(slot)}[{k}]" for k in range(length)), key=str):
            return view_name(slot)
    return None
