"""Names that stand for players, teams or a kind's members: texts, each its own (scenarios and
commands find them by name, whatever the case)."""
from __future__ import annotations

from typing import Optional

from rulebook.dsl.errors import OptionsError
from rulebook.dsl.nodes import Span

from ..pyback.runtime import RulesRuntimeError


def check_names(names: tuple, span: Optional[Span]) -> None:
    """Refuse blank names and names given twice (or twice but for case): a RulesRuntimeError at
    `span` when the rules give them, an OptionsError when the caller does (span None)."""
    seen: dict[str, str] = {}
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise _error(span, f"a name must be a text that is not blank, not {name!r}")
        key = name.strip().lower()
        if key in seen:
            other = seen[key]
            same = f"'{name}' is given twice" if other == name else f"'{other}' and '{name}' differ only in case"
            raise _error(span, f"each name must be its own: {same}")
        seen[key] = name


def _error(span: Optional[Span], message: str) -> Exception:
    return RulesRuntimeError(span, message) if span is not None else OptionsError(message)
