"""Fixed numbers for chance outcomes (explicit chance, chance.py), read from the program.

A draw's or a shuffle's outcome is the kind of the piece drawn: its number in the zone's kind. A
pick's outcome is its value, numbered like a move's value (movespace.value_axis: a kind's members,
the players, a board's nodes, a range, a list of constants). The space's size is the largest of
these, so every chance decision's outcomes fit in 0 .. size - 1.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from rulebook.dsl import nodes as n

from .bounds import Bounds
from .movespace import Axis, MoveSpaceError, value_axis
from ..analysis.program_walk import portable_place, program_nodes

if TYPE_CHECKING:
    from ..game import Game


class ChanceSpace:
    def __init__(self, game: "Game"):
        self.game = game
        c = game.compiled
        bounds = Bounds(game.program, game.options, c.consts, game.player_count)
        self._picks: dict[str, Axis] = {}
        for pick in program_nodes(game.program, n.Pick):
            self._picks[portable_place(pick.span, game.program)] = value_axis(game, bounds, pick.var, pick.domain)
        self._zones = sorted((z.base, z.base + z.width * z.instances, z) for z in c.layout.zones.values())
        drawn = [c.kind_sizes[z.kind] for z in c.layout.zones.values()] if self._has_draws() else []
        self.size = max([a.size for a in self._picks.values()] + drawn, default=0)

    def _has_draws(self) -> bool:
        return bool(program_nodes(self.game.program, n.Draw, n.Shuffle))

    def index(self, event: tuple, outcome) -> int:
        kind, where, _, _ = event
        if kind == "pick":
            i = self._picks[where].index(outcome)
            if i < 0:
                raise MoveSpaceError(f"{where}: chance outcome {outcome!r} is outside the values listed for it")
            return i
        return int(outcome)

    def outcome(self, event: tuple, index: int):
        kind, where, _, _ = event
        return self._picks[where].value(index) if kind == "pick" else index

    def describe(self, event: tuple, outcome) -> str:
        kind, where, _, _ = event
        if kind == "pick":
            axis = self._picks[where]
            return f"chance: {axis.name} = {axis.show(outcome)}"
        zone, instance = self._zone_at(where)
        piece = self.game.compiled.kind_names[zone.kind][outcome]
        verb = "drawn from" if kind == "draw" else "comes next in"
        return f"chance: {piece} {verb} {zone.name}{self._index_text(zone, instance)}"

    def _zone_at(self, slot: int):
        for start, end, zone in self._zones:
            if start <= slot < end:
                return zone, (slot - start) // zone.width
        raise MoveSpaceError(f"no zone holds slot {slot}")

    def _index_text(self, zone, instance: int) -> str:
        if not zone.dims:
            return ""
        parts = []
        for d in reversed(zone.dims):
            instance, i = divmod(instance, d.size)
            parts.append(self._show_index(d, d.low + i))
        return "[" + ", ".join(reversed(parts)) + "]"

    def _show_index(self, dim, value: int) -> str:
        game = self.game
        if dim.type_name == "player":
            return game.player_names[value]
        if dim.type_name == "team":
            return game.team_names[value]
        if dim.board is not None:
            board = game.compiled.layout.boards[dim.board]
            return board.labels[value - board.low]
        if dim.type_name in game.compiled.kind_names:
            return game.compiled.kind_names[dim.type_name][value]
        return str(value)
