"""What a Game gives research tools beyond play: explicit chance decisions, and the fixed move
space, chance space and observation spec (each built once, on first use). Mixed into Game."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, cast

from rulebook.dsl.errors import RulebookError

from ..play import chance as explicit
from ..play.moves import IllegalMove

if TYPE_CHECKING:
    from ..game import Game
    from ..play.machine import State


class ResearchFacilities:
    _research_spaces: dict
    _run: Callable[["State"], None]  # Game's: play on from S to the next decision

    def is_chance_node(self, S: "State") -> bool:
        """Whether chance decides next (only in a game made with chance="explicit")."""
        return S.result is None and S.rng.__class__ is tuple and S.rng[2] is not None

    def chance_outcomes(self, S: "State") -> list[tuple]:
        """The waiting chance decision's outcomes with their probabilities: (outcome, p) each.
        An outcome is a piece kind's number for a draw or shuffle, the value itself for a pick."""
        if not self.is_chance_node(S):
            raise IllegalMove("no chance decision is waiting")
        _, _, outcomes, weights = S.rng[2]
        total = sum(weights)
        return [(o, w / total) for o, w in zip(outcomes, weights)]

    def chance_event(self, S: "State") -> tuple:
        """The waiting chance decision: (kind "draw" | "shuffle" | "pick", where, outcomes, weights);
        where is the zone's slot for a draw or shuffle, the statement's place for a pick."""
        if not self.is_chance_node(S):
            raise IllegalMove("no chance decision is waiting")
        return S.rng[2]

    def apply_chance(self, S: "State", outcome) -> None:
        """Let chance choose `outcome` and play on to the next decision (chance or a player's)."""
        if not self.is_chance_node(S):
            raise IllegalMove("no chance decision is waiting")
        try:
            S.rng = explicit.give(S.rng, outcome)
        except RulebookError as err:
            raise IllegalMove(str(err)) from None
        self._run(S)

    # ------------------------------------------------------------ fixed spaces
    def move_space(self):
        """The game's fixed move space (interpreter/research/movespace.py)."""
        from .movespace import MoveSpace
        return self._space("moves", lambda: MoveSpace(self._game()))

    def chance_space(self):
        """Fixed numbers for chance outcomes (interpreter/research/chancespace.py)."""
        from .chancespace import ChanceSpace
        return self._space("chance", lambda: ChanceSpace(self._game()))

    def observation_spec(self, pile_depth: int = 4):
        """The game's observation spec (interpreter/research/observation.py), one per pile depth."""
        from .observation import ObservationSpec
        return self._space(("observation", pile_depth), lambda: ObservationSpec(self._game(), pile_depth))

    def _game(self) -> "Game":
        return cast("Game", self)

    def _space(self, key: Any, build) -> Any:
        found = self._research_spaces.get(key)
        if found is None:
            found = self._research_spaces[key] = build()
        return found
