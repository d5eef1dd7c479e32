"""Moves are values: which decision, which option, which values — with a stable text form."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable


class IllegalMove(ValueError):
    """A move the rules do not allow here. The state is left exactly as it was."""


@dataclass(frozen=True)
class Move:
    """One legal answer to a decision. `str(move)` is its text form (declared in the rules)."""

    decision: int
    option: int
    values: tuple
    label: Callable = field(compare=False, repr=False, hash=False, default=None)

    def __str__(self) -> str:
        return self.label(self.values) if self.label is not None else repr(self.values)

    def to_json(self) -> list:
        return [self.decision, self.option, list(self.values)]
