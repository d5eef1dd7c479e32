"""A statement that asks in several places whether any modifier is active, split on that test.

Inlining a value that modifiers may change leaves `body if no modifier is active else call`
where it stood — in a key unrolled over players, once per player. Nothing changes the
modifiers while one statement is worked out (expressions have no effects), so every such test
in it reads the same: the statement becomes `if no modifier is active: S (each test true) else:
S (each test false)`, each side folded. The common side then reads plainly, and what it reads
more than once can be made once (passes/share.py).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Optional

from ..ir import exprs as x
from ..ir import stmts as s
from ..ir.types import BOOL
from ..ir.walk import rebuild, walk_all
from .fold import fold_expr

MIN_TESTS = 2  # one test gains nothing from a split


def split_on_mods(st: Any, fields: tuple[Any, ...]) -> Optional[s.If]:
    """`if no modifier is active: st else: st`, each copy knowing the answer — when st's
    expression fields test it as a condition MIN_TESTS times or more."""
    parts = tuple(getattr(st, name) for name in fields)
    tests = sum(1 for n in walk_all(parts) if n.__class__ is x.Cond and n.test.__class__ is x.NoMods)
    if tests < MIN_TESTS:
        return None

    def knowing(value: bool) -> Any:
        def change(n: Any) -> Any:
            return x.Const(value, type=BOOL) if n.__class__ is x.NoMods else fold_expr(n)
        return replace(st, **{name: rebuild(getattr(st, name), change) for name in fields})
    return s.If(((x.NoMods(type=BOOL), (knowing(True),)),), (knowing(False),), span=st.span)
