"""Working out, while compiling, an expression that depends only on options, tables and constants."""
from __future__ import annotations

from typing import Any, Optional

from rulebook.dsl.nodes import Span

from ..ir import exprs as x
from ..analysis.reach import counting_namespace
from .runtime import RulesRuntimeError, RunTime
from .assemble import HELPERS
from .exprs import Env, expr


def evaluate(e: x.Expr, locals_: tuple, span: Optional[Span], marks: Optional[bytearray] = None) -> Any:
    """`marks`: a counting build's, for what working this out reaches (a table's row read)."""
    if isinstance(e, x.Const):
        return e.value
    constants: list = []
    source = expr(e, Env(lambda slot: f"v{slot}", constants, {}))
    namespace = dict(HELPERS, K=constants, RT=RunTime(), **(counting_namespace(marks) if marks is not None else {}))
    try:
        return eval(compile(source, "<constant>", "eval"), namespace)  # generated here
    except RulesRuntimeError:
        raise
    except Exception as err:  # noqa: BLE001 - turned into a rules error with its place
        raise RulesRuntimeError(span, f"cannot work this out before the game starts: {err}") from None
