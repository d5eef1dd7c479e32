"""Texts made in play (`"{x}"`, a shown value) as native code: a lookup in a table of interned texts.

The native state keeps a text as the id of an interned text, so a text built from values can only
be one the C already knows. A Format whose pieces are literal texts and shown values of a finite
range — a player, a member of a kind, a node of a board, a truth value, a number of known range,
each or `none` — has finitely many results: all are made here, by the Python back-end's own `show`,
and interned; the C computes the result's place in that table from the values (mixed radix) and
reads its id. A value outside its range hands the game to the Python back-end (ST_UNSUPPORTED).
Anything else (a shown list, a number of unknown range) stays unsupported.
"""
from __future__ import annotations

import itertools

from ..ir import exprs as x
from ..ir.types import Bool, Int, Opt, Text
from ..pyback.runtime import show
from .cemit import EXPRESSIONS, Env, NativeUnsupported, expr, handles, is_list

MAX_TEXTS = 1 << 16  # results one table may hold


def _pieces(e: x.Expr, out: list) -> None:
    """Flatten a text expression into literal texts (str) and shown values (Show)."""
    if isinstance(e, x.Const) and isinstance(e.value, str):
        out.append(e.value)
    elif isinstance(e, x.Format):
        for part in e.parts:
            _pieces(part, out)
    elif isinstance(e, x.Show) and not is_list(e.value.type):
        out.append(e)
    else:
        raise NativeUnsupported(f"a text made of {type(e).__name__}")


def _domain(e: x.Show) -> tuple[int, list]:
    """(low, values shown) for a Show: the values low, low+1, … then none."""
    how, t = e.how, e.value.type
    while isinstance(t, Opt):
        t = t.inner
    if how[0] == "names":
        return 0, list(range(len(how[1])))
    if how[0] == "labels":
        return how[2], list(range(how[2], how[2] + len(how[1])))
    if isinstance(t, Bool):
        return 0, [False, True]
    if isinstance(t, Int) and t.low is not None and t.size is not None and t.size <= MAX_TEXTS:
        return t.low, list(range(t.low, t.low + t.size))
    raise NativeUnsupported("a text showing a number of unknown range")


def text_table(e: x.Expr, env: Env) -> str:
    pieces: list = []
    _pieces(e, pieces)
    shows = [p for p in pieces if isinstance(p, x.Show)]
    if not shows:
        return str(env.k.text("".join(pieces)))
    domains = [_domain(p) for p in shows]
    count = 1
    for _, values in domains:
        count *= len(values) + 1  # + none
        if count > MAX_TEXTS:
            raise NativeUnsupported("a text with too many possible values")
    ids = []
    for combo in itertools.product(*[values + [None] for _, values in domains]):
        shown = iter(combo)
        ids.append(env.k.text("".join(p if isinstance(p, str) else show(next(shown), p.how) for p in pieces)))
    table = env.k.array(tuple(ids))
    at, parts = env.fresh("tx"), []
    stride = 1
    for p, (low, values) in reversed(list(zip(shows, domains))):  # the last value varies fastest
        v = env.fresh("v")
        size = len(values)
        parts.append(f"i64 {v} = {expr(p.value, env)}; "
                     f"{at} += {stride} * ({v} == NONE ? {size} : text_place(S, {v}, {low}, {size}));")
        stride *= size + 1
    return f"({{ i64 {at} = 0; {' '.join(parts)} {table}[1 + {at}]; }})"


@handles(EXPRESSIONS, x.Format)
def c_Format(e: x.Format, env: Env) -> str:
    return text_table(e, env)


@handles(EXPRESSIONS, x.Show)
def c_Show(e: x.Show, env: Env) -> str:
    if not isinstance(e.type, Text):
        raise NativeUnsupported("a shown value that is not a text")
    return text_table(e, env)
