"""Built-in functions of the rules language (count, team, groups, step, join…) → Python source.

A mixin of the expression compiler: each `b_NAME(e, args, scope)` gets the call node, its
arguments already compiled, and the scope, and gives Python source.
"""
from __future__ import annotations

from typing import Any, Callable

from rulebook.dsl import nodes as n

from .runtime import RulesRuntimeError


class BuiltinGen:
    """Needs from the expression compiler: k(), expr(), domain(), zone_of(), type_of(), shower(),
    span_ref(), fresh(), layout, player_count, team_of, team_names."""

    layout: Any
    kind_sizes: dict
    type_of: Callable[..., Any]
    k: Callable[..., str]

    def b_count(self, e, args, scope):
        t = self.type_of(e.args[0])
        form = t[0] if isinstance(t, tuple) else t
        if form == "zone":
            kinds = self.zone_of(e.args[0]).kinds
            return f"sum(D[{args[0]}:{args[0]} + {kinds}])"
        if form == "zones":
            kinds = self.zone_of(e.args[0]).kinds
            return f"sum(sum(D[o:o + {kinds}]) for o in {args[0]})"
        if form == "pile":
            return f"len(D[{args[0]}])"
        return f"len({self.domain(e.args[0], scope)})"

    b_len = b_count

    def b_team(self, e, args, scope):
        return f"{self.k(self.team_of)}[{args[0]}]"

    def b_members(self, e, args, scope):
        members = tuple(tuple(p for p in range(self.player_count) if self.team_of[p] == t)
                        for t in range(len(self.team_names)))
        return f"{self.k(members)}[{args[0]}]"

    def b_seats(self, e, args, scope):
        count = self.player_count
        seats = tuple(tuple((p + i) % count for i in range(count)) for p in range(count))
        return f"{self.k(seats)}[{args[0]}]"

    def b_next_player(self, e, args, scope):
        return f"(({args[0]}) + 1) % {self.player_count}"

    def board_of(self, e: n.Node):
        t = self.type_of(e)
        if not isinstance(t, tuple):  # a number naming a node of the game's only board
            return next(iter(self.layout.boards.values()))
        return self.layout.boards[t[1]]

    def b_nodes(self, e, args, scope):
        return self.k(self.board_of(e.args[0]).nodes)

    def b_groups(self, e, args, scope):
        b = self.board_of(e.args[0])
        return f"groups(D, {b.roots}, {self.k(b.nodes)}, {b.low})"

    def b_group(self, e, args, scope):
        b = self.board_of(e.args[0])
        return f"D[{b.roots} + {args[0]} - {b.low}]"

    def b_tiles(self, e, args, scope):
        b = self.board_of(e.args[0])
        return f"tiles(D, {b.roots}, {self.k(b.nodes)}, {b.low}, {args[0]})"

    def b_step(self, e, args, scope):
        b = self.board_of(e.args[0])
        if self.type_of(e.args[0])[0:1] == ("group",):
            return f"ring_group_step(D, {b.roots}, {b.low}, {b.size}, {args[0]}, {args[1]})"
        return f"ring_step({args[0]}, {args[1]}, {b.low}, {b.size})"

    def b_neighbours(self, e, args, scope):
        b = self.board_of(e.args[0])
        if b.shape == "network":
            if self.type_of(e.args[0])[0:1] == ("group",):
                return (f"network_group_neighbours(D, {b.roots}, {b.edges}, {b.low}, {self.k(b.nodes)}, "
                        f"{args[0]})")
            return f"D[{b.edges} + {args[0]} - {b.low}]"
        if self.type_of(e.args[0])[0:1] == ("group",):
            if b.shape == "ring":
                return f"ring_group_neighbours(D, {b.roots}, {b.low}, {b.size}, {args[0]})"
            return (f"graph_group_neighbours(D, {b.roots}, {b.low}, {self.k(b.adjacency)}, "
                    f"{self.k(b.nodes)}, {args[0]})")
        return f"{self.k(b.adjacency)}[{args[0]} - {b.low}]"

    def b_join(self, e, args, scope):
        t = self.type_of(e.args[0])
        element = t[1] if isinstance(t, tuple) and t[0] == "list" else None
        how = self.k(self.shower(element)) if element is not None else self.k(("plain",))
        g = self.fresh()
        return f"{args[1]}.join(show({g}, {how}) for {g} in {self.domain(e.args[0], scope)})"

    def b_min(self, e, args, scope):
        return f"min({', '.join(args)})"

    def b_max(self, e, args, scope):
        return f"max({', '.join(args)})"

    def b_abs(self, e, args, scope):
        return f"abs({args[0]})"

    def b_index(self, e, args, scope):
        return f"index_of({self.domain(e.args[0], scope)}, {args[1]}, {self.span_ref(e.span)})"

    def b_row_of(self, e, args, scope):
        b = self.board_of(e.args[0])
        return f"(({args[0]}) - 1) // {b.width} + 1"

    def b_column_of(self, e, args, scope):
        b = self.board_of(e.args[0])
        return f"(({args[0]}) - 1) % {b.width} + 1"

    def b_corner(self, e, args, scope):
        b = self.board_of(e.args[0])
        corners = frozenset({1, b.width, b.width * (b.height - 1) + 1, b.width * b.height})
        return f"({args[0]} in {self.k(corners)})"

    def b_top(self, e, args, scope):
        return f"(D[{args[0]}][-1] if D[{args[0]}] else None)"

    # ------------------------------------------------------------ boards of ports (fixed tuples)
    def _geometry(self, e):
        board = self.layout.boards.get(self.type_of(e)[1])
        if board is None:
            raise RulesRuntimeError(e.span, "where ports lie is known once the boards are laid out: "
                                            "use this in play, not in a constant")
        return board

    def b_port_at(self, e, args, scope):
        lanes = self.kind_sizes[self.type_of(e.args[2])[1]]
        return f"((({args[0]}) - 1) * 4 + ({args[1]})) * {lanes} + ({args[2]}) + 1"

    def _port_table(self, e, args, column: str) -> str:
        board = self._geometry(e.args[0])
        return f"{self.k(getattr(board.ports, column))}[{args[0]} - 1]"

    def b_turned(self, e, args, scope):
        return self._port_table(e, args, "turned")

    def b_ahead(self, e, args, scope):
        return self._port_table(e, args, "ahead")

    def b_behind(self, e, args, scope):
        return self._port_table(e, args, "behind")

    def b_heading(self, e, args, scope):
        return self._port_table(e, args, "heading")

    def b_lane_of(self, e, args, scope):
        return self._port_table(e, args, "lane")
