"""Checks of what is worked out before a game starts: constants, sizes, player counts, options.

Such expressions are evaluated once, when a game is built from its options, so they may use
options, tables, constants and literals, but nothing a game's state holds.
"""
from __future__ import annotations

from typing import Optional

from . import nodes as n
from .check_base import CheckerBase, walk
from .check_exprs import generator_vars

# The most players a game may allow: every zone and variable indexed by player grows with it.
MAX_PLAYERS = 100
# Built-in functions that read the state (a board's groups change in play).
_STATE_BUILTINS = {"groups", "group", "tiles", "top"}


def _literal_int(e: Optional[n.Node]) -> Optional[int]:
    """The value of `5` or `-5`; None for anything else."""
    if isinstance(e, n.Number):
        return e.value
    if isinstance(e, n.Neg) and isinstance(e.operand, n.Number):
        return -e.operand.value
    return None


class FixedChecks(CheckerBase):
    """Refuses state in expressions fixed before play, and ranges or defaults that cannot be."""

    def before_play(self, e: Optional[n.Node], what: str) -> None:
        """`what` is worked out before the game starts: it may not read the game's state."""
        if e is None:
            return
        bound = generator_vars(e)
        for node in walk(e):
            if isinstance(node, n.Name) and node.name not in bound:
                symbol = self.p.symbols.get(node.name)
                if node.name == "current_player" or (symbol is not None and symbol.kind in ("zone", "var")):
                    kind = "variable" if symbol is not None and symbol.kind == "var" else \
                        "zone" if symbol is not None else "whose turn it is"
                    self.error(node.span, f"{what} is worked out before the game starts, so it cannot "
                                          f"read '{node.name}' ({kind})")
            elif isinstance(node, n.Call):
                if node.name in self.p.values or any(c == node.name for c, _ in self.p.codes):
                    self.error(node.span, f"{what} is worked out before the game starts, so it cannot "
                                          f"call '{node.name}' (a value reads the game)")
                elif node.name in _STATE_BUILTINS:
                    self.error(node.span, f"{what} is worked out before the game starts, so it cannot "
                                          f"use {node.name}() (it reads the game)")

    def player_counts(self, decl: n.PlayersDecl) -> None:
        """`players LOW..HIGH = DEFAULT`: plain numbers, 1 <= LOW <= HIGH <= MAX_PLAYERS, the
        default among them."""
        low, high = _literal_int(decl.counts.low), _literal_int(decl.counts.high)
        for bound, value in ((decl.counts.low, low), (decl.counts.high, high)):
            if value is None:
                self.error(bound.span, "a player count must be a plain number (e.g. 'players 2..4 = 2')")
        if low is None or high is None:
            return
        if low < 1:
            self.error(decl.counts.low.span, f"a game needs at least 1 player, not {low}")
        elif high > MAX_PLAYERS:
            self.error(decl.counts.high.span, f"a game allows at most {MAX_PLAYERS} players, not {high}")
        elif low > high:
            self.error(decl.counts.span, f"the player counts {low}..{high} are empty (the first is the smallest)")
        else:
            self.default_in(decl.default, low, high, "the default player count")

    def int_option(self, decl: n.OptionDecl) -> None:
        """`option NAME: int LOW..HIGH = DEFAULT`: plain numbers, LOW <= HIGH, the default among them."""
        assert decl.bounds is not None  # the parser gives every int option a range
        low, high = _literal_int(decl.bounds.low), _literal_int(decl.bounds.high)
        for bound, value in ((decl.bounds.low, low), (decl.bounds.high, high)):
            if value is None:
                self.error(bound.span, f"the bounds of option '{decl.name}' must be plain numbers (e.g. 'int 1..10')")
        if low is None or high is None:
            return
        if low > high:
            self.error(decl.bounds.span, f"option '{decl.name}' allows no value: {low}..{high} is empty "
                                         f"(the first is the smallest)")
        else:
            self.default_in(decl.default, low, high, f"the default of option '{decl.name}'")

    def default_in(self, default: Optional[n.Node], low: int, high: int, what: str) -> None:
        if default is None:
            return
        value = _literal_int(default)
        if value is None:
            if self.p.type_of(default) in ("int", "any"):  # a wrong type is reported as such
                self.error(default.span, f"{what} must be a plain number")
        elif not low <= value <= high:
            self.error(default.span, f"{what} is {value}, outside {low}..{high}")

    def bool_option(self, decl: n.OptionDecl) -> None:
        if decl.default is not None and not isinstance(decl.default, n.Bool) \
                and self.p.type_of(decl.default) == "bool":
            self.error(decl.default.span, f"the default of option '{decl.name}' must be written true or false")
