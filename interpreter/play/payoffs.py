"""The payoffs a game's rules declare (`payoff(p) … = …`): checked at the end, and described for
adapters (their bounds and whether they always add up to the same total)."""
from __future__ import annotations

from typing import Optional, Sequence

from ..ir.program import Payoff
from ..pyback.runtime import RulesRuntimeError

ZERO_SUM, CONSTANT_SUM, GENERAL_SUM = "zero-sum", "constant-sum", "general-sum"


def checked(payoff: Payoff, values: Sequence[int], player_names: Sequence[str]) -> tuple:
    """The payoffs, or a rules error placed at the declaration when one lies outside the declared
    bounds or they do not add up to the declared total (both back-ends check here)."""
    for player, value in enumerate(values):
        if (payoff.low is not None and value < payoff.low) or (payoff.high is not None and value > payoff.high):
            shown = f"{'' if payoff.low is None else payoff.low} .. {'' if payoff.high is None else payoff.high}"
            raise RulesRuntimeError(payoff.span, f"{player_names[player]}'s payoff is {value}, outside the "
                                                 f"declared {shown.strip()}")
    if payoff.total is not None and sum(values) != payoff.total:
        raise RulesRuntimeError(payoff.span, f"the payoffs {list(values)} add up to {sum(values)}, "
                                             f"not the declared total {payoff.total}")
    return tuple(values)


def utility_kind(payoff: Payoff) -> str:
    """Zero-sum or constant-sum when the rules declare the total, general-sum otherwise."""
    if payoff.total is None:
        return GENERAL_SUM
    return ZERO_SUM if payoff.total == 0 else CONSTANT_SUM


def payoff_bounds(game) -> tuple[Optional[int], Optional[int]]:
    """The lowest and highest payoff: as declared, else worked out from the payoff's function
    (interpreter/research/research.py; None for an end nothing bounds, e.g. a count or a variable)."""
    return game.research.payoff_bounds()
