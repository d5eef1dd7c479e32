"""Read and edit a state by the names its rules declare, keeping the declared totals whole.

Pieces are never created or destroyed here: setting a zone exactly moves the difference from or
to a reservoir zone the caller names (the bag, a school, a supply), and fails cleanly when the
reservoir cannot give enough. Nothing else follows from an edit: no trigger runs.
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping

from rulebook.dsl.errors import RulebookError, did_you_mean

from .derived import refresh
from ..layout import strides
from .machine import State
from ..pyback.runtime import merge as merge_groups, merge_kept, tiles as group_tiles


class PositionError(RulebookError):
    """An edit that the game's declarations cannot take (unknown name, not enough pieces…)."""


ZoneRef = tuple  # (zone name, index values…)


class Position:
    """A view of one state through the game's names. Edits change the state in place."""

    def __init__(self, game, state: State):
        self.game = game
        self.compiled = game.compiled
        self.state = state

    # ------------------------------------------------------------ names → numbers
    def kind_index(self, kind: str, member: Any) -> int:
        if isinstance(member, int):
            return member
        names = self.compiled.kind_names[kind]
        if member not in names:
            raise PositionError(f"no {kind} '{member}'{did_you_mean(str(member), names)}")
        return names.index(member)

    def _zone(self, name: str):
        zone = self.compiled.layout.zones.get(name)
        if zone is None:
            raise PositionError(f"no zone '{name}'{did_you_mean(name, self.compiled.layout.zones)}")
        return zone

    def _offset(self, dims: tuple, width: int, base: int, index: Iterable) -> int:
        index = tuple(index)
        if len(index) != len(dims):
            raise PositionError(f"{len(dims)} index value(s) wanted, {len(index)} given")
        offset = base
        for d, stride, value in zip(dims, strides(dims, width), index):
            if isinstance(value, str):
                value = self.kind_index(d.type_name, value)
            if not d.low <= value < d.low + d.size:
                raise PositionError(f"index {value} is outside {d.low}..{d.low + d.size - 1}")
            offset += (value - d.low) * stride
        return offset

    def zone_offset(self, ref: ZoneRef) -> tuple:
        zone = self._zone(ref[0])
        return zone, self._offset(zone.dims, zone.width, zone.base, ref[1:])

    # ------------------------------------------------------------ zones
    def zone(self, ref: ZoneRef) -> dict[str, int]:
        """The pieces in a zone: {kind member name: count} for members present."""
        zone, offset = self.zone_offset(ref)
        names = self.compiled.kind_names[zone.kind]
        data = self.state.data
        if zone.ordered:
            counts: dict[str, int] = {}
            for k in data[offset]:
                counts[names[k]] = counts.get(names[k], 0) + 1
            return counts
        return {names[k]: data[offset + k] for k in range(zone.kinds) if data[offset + k]}

    def count(self, ref: ZoneRef, member: Any = None) -> int:
        zone, offset = self.zone_offset(ref)
        data = self.state.data
        if zone.ordered:
            return len(data[offset]) if member is None else \
                sum(1 for k in data[offset] if k == self.kind_index(zone.kind, member))
        if member is None:
            return sum(data[offset:offset + zone.kinds])
        return data[offset + self.kind_index(zone.kind, member)]

    def transfer(self, member: Any, count: int, source: ZoneRef, dest: ZoneRef) -> None:
        """Move `count` pieces of one kind between two (unordered) zones, or fail unchanged."""
        src, a = self.zone_offset(source)
        dst, b = self.zone_offset(dest)
        if src.kind != dst.kind or src.ordered or dst.ordered:
            raise PositionError(f"cannot move pieces from '{source[0]}' to '{dest[0]}'")
        k = self.kind_index(src.kind, member)
        data = self.state.data
        if data[a + k] < count:
            name = self.compiled.kind_names[src.kind][k]
            raise PositionError(f"{_where(source)} has {data[a + k]} {name}, {count} needed")
        data[a + k] -= count
        data[b + k] += count
        refresh(self.compiled.layout, data)  # the counts the state keeps per zone

    def set_zone(self, ref: ZoneRef, counts: Mapping[Any, int], reservoir: ZoneRef) -> None:
        """Make the zone hold exactly `counts`, moving the differences from or to the reservoir."""
        zone, offset = self.zone_offset(ref)
        wanted = [0] * zone.kinds
        for member, count in counts.items():
            wanted[self.kind_index(zone.kind, member)] += count
        before = self.state.data[:]
        try:
            for k in range(zone.kinds):
                have = self.state.data[offset + k]
                if wanted[k] > have:
                    self.transfer(k, wanted[k] - have, reservoir, ref)
                elif wanted[k] < have:
                    self.transfer(k, have - wanted[k], ref, reservoir)
        except PositionError:
            self.state.data[:] = before
            raise

    def set_counts_at(self, offset: int, reservoir: int, wanted: list) -> None:
        """set_zone() by slots: the zone at `offset` gets exactly `wanted` (counts per kind),
        the differences moving from or to the zone at `reservoir`; on failure nothing changes."""
        data = self.state.data
        for k, count in enumerate(wanted):
            need = count - data[offset + k]
            if need > data[reservoir + k]:
                raise PositionError(f"not enough pieces left to take {need} more "
                                    f"(only {data[reservoir + k]} left)")
        for k, count in enumerate(wanted):
            moved = count - data[offset + k]
            data[offset + k] += moved
            data[reservoir + k] -= moved
        refresh(self.compiled.layout, data)

    # ------------------------------------------------------------ variables
    def _var(self, name: str):
        var = self.compiled.layout.vars.get(name)
        if var is None:
            raise PositionError(f"no variable '{name}'{did_you_mean(name, self.compiled.layout.vars)}")
        return var

    def get(self, name: str, *index: Any) -> Any:
        var = self._var(name)
        return self.state.data[self._offset(var.dims, 1, var.base, index)]

    def set(self, name: str, *index_and_value: Any) -> None:
        """set(var, index…, value)."""
        *index, value = index_and_value
        var = self._var(name)
        self.state.data[self._offset(var.dims, 1, var.base, index)] = tuple(value) if var.holds_list else value

    # ------------------------------------------------------------ boards
    def _board(self, name: str):
        board = self.compiled.layout.boards.get(name)
        if board is None:
            raise PositionError(f"no board '{name}'{did_you_mean(name, self.compiled.layout.boards)}")
        return board

    def group_of(self, board: str, node: int) -> int:
        b = self._board(board)
        if node not in b.nodes:
            raise PositionError(f"board '{board}' has no node {node}")
        return self.state.data[b.roots + node - b.low]

    def group_nodes(self, board: str, node: int) -> tuple:
        b = self._board(board)
        return group_tiles(self.state.data, b.roots, b.nodes, b.low, self.group_of(board, node))

    def groups(self, board: str) -> list[tuple]:
        b = self._board(board)
        roots = dict.fromkeys(self.state.data[b.roots:b.roots + b.size])
        return [group_tiles(self.state.data, b.roots, b.nodes, b.low, g) for g in roots]

    def merge(self, board: str, a: int, b_node: int) -> None:
        b = self._board(board)
        self.group_of(board, a), self.group_of(board, b_node)
        if b.members >= 0:  # the compiler keeps the groups' nodes in the state: keep them whole
            merge_kept(self.state.data, b.roots, b.nodes, b.low, a, b_node, b.members, b.group_list)
        else:
            merge_groups(self.state.data, b.roots, b.nodes, b.low, a, b_node)


def _where(ref: ZoneRef) -> str:
    return ref[0] + ("[" + ", ".join(str(i) for i in ref[1:]) + "]" if len(ref) > 1 else "")
