"""Moves are values: which decision, which option, which values — with a stable text form."""
from __future__ import annotations

from typing import Callable, Optional

from rulebook.dsl.errors import RulebookError


class IllegalMove(ValueError, RulebookError):
    """A move the rules do not allow here (a ValueError, as python-chess's move errors are).
    The state is left exactly as it was."""


class Move:
    """One legal answer to a decision. `str(move)` is its text form (declared in the rules).

    A value: equal moves answer the same decision with the same option and values.
    """

    __slots__ = ("decision", "option", "values", "label")

    def __init__(self, decision: int, option: int, values: tuple, label: Optional[Callable] = None):
        self.decision = decision
        self.option = option
        self.values = values
        self.label = label

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Move) and self.decision == other.decision
                and self.option == other.option and self.values == other.values)

    def __hash__(self) -> int:
        return hash((self.decision, self.option, self.values))

    def __repr__(self) -> str:
        return f"Move({self.decision}, {self.option}, {self.values!r})"

    def __str__(self) -> str:
        if self.label is None:
            return repr(self.values)
        try:
            return self.label(self.values)
        except Exception:  # noqa: BLE001 - values no legal move has: show them raw
            return repr(list(self.values))

    def to_json(self) -> list:
        return [self.decision, self.option, list(self.values)]
