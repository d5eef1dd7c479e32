"""What a Game gives research tools beyond play: the fixed move space, chance space, observation
spec, length bound and payoff bounds — each built once, on first use, from the compiled form as
the lowering made it (`Game.lowered_ir`) and the layout, never from the rules' source program.

A Game holds one `Research` (`game.research`) and passes its public calls on to it.
"""
from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any, Callable, Optional

from ..analysis.intervals import Intervals

if TYPE_CHECKING:
    from ..game import Game
    from ..ir.program import GameIR
    from .chancespace import ChanceSpace
    from .movespace import MoveSpace
    from .observation import ObservationSpec


class Research:
    def __init__(self, game: "Game") -> None:
        self.game = game
        self._spaces: dict[Any, Any] = {}

    @cached_property
    def ir(self) -> "GameIR":
        """The compiled form before the optimising passes: the spaces' numbering must not move
        when a pass learns to prove more about a game."""
        return self.game.lowered_ir()

    @cached_property
    def intervals(self) -> Intervals:
        return Intervals(self.ir)

    def move_space(self) -> "MoveSpace":
        """The game's fixed move space (interpreter/research/movespace.py)."""
        from .movespace import MoveSpace
        return self._space("moves", lambda: MoveSpace(self.game, self.ir, self.intervals))

    def chance_space(self) -> "ChanceSpace":
        """Fixed numbers for chance outcomes (interpreter/research/chancespace.py)."""
        from .chancespace import ChanceSpace
        return self._space("chance", lambda: ChanceSpace(self.game, self.ir, self.intervals))

    def observation_spec(self, pile_depth: int = 4) -> "ObservationSpec":
        """The game's observation spec (interpreter/research/observation.py), one per pile depth."""
        from .observation import ObservationSpec
        return self._space(("observation", pile_depth),
                           lambda: ObservationSpec(self.game, self.ir, self.move_space(), pile_depth))

    def length_bound(self) -> Optional[int]:
        """The most player decisions one game can take, or None (interpreter/research/length.py)."""
        from .length import length_bound
        return self._space("length", lambda: length_bound(self.ir, self.intervals))

    def payoff_bounds(self) -> tuple[Optional[int], Optional[int]]:
        """The lowest and highest payoff: as declared, else worked out from the payoff's function
        (None for an end nothing bounds, e.g. a count or a variable)."""
        def bounds() -> tuple[Optional[int], Optional[int]]:
            payoff = self.ir.payoff
            assert payoff is not None, "the game declares no payoff"
            low, high = payoff.low, payoff.high
            if low is None or high is None:
                found = self.intervals.returned(payoff.function, [(0, self.game.player_count - 1)],
                                                self.intervals.of)
                low = found[0] if low is None else low
                high = found[1] if high is None else high
            return low, high
        return self._space("payoff", bounds)

    def _space(self, key: Any, build: Callable[[], Any]) -> Any:
        if key not in self._spaces:
            self._spaces[key] = build()
        return self._spaces[key]
