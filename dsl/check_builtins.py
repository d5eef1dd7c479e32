"""Checks of the built-in functions' arguments; each gives its result type."""
from __future__ import annotations

from .check_base import CheckerBase
from .links import member_names
from .types import ANY, BOOL, INT, PLAYER, TEAM, TEXT, element_of, optional, show


class BuiltinChecks(CheckerBase):
    """One `b_NAME` method per built-in function of types.BUILTINS."""

    def b_count(self, e, args):
        t = args[0]
        if element_of(t) is None and t != ANY:
            self.error(e.args[0].span, f"count needs a zone or a list, not {show(t)}")
        return INT

    def b_len(self, e, args):
        return self.b_count(e, args)

    def b_team(self, e, args):
        self.expect(e.args[0], args[0], PLAYER, "the argument of team()")
        return TEAM

    def b_members(self, e, args):
        self.expect(e.args[0], args[0], TEAM, "the argument of members()")
        return ("list", PLAYER)

    def b_seats(self, e, args):
        self.expect(e.args[0], args[0], PLAYER, "the argument of seats()")
        return ("list", PLAYER)

    def b_next_player(self, e, args):
        self.expect(e.args[0], args[0], PLAYER, "the argument of next_player()")
        return PLAYER

    def _board_arg(self, e, t, what):
        if isinstance(t, tuple) and t[0] == "board":
            return t[1]
        if t != ANY:
            self.error(e.span, f"{what} needs a board, not {show(t)}")
        return None

    def b_nodes(self, e, args):
        board = self._board_arg(e.args[0], args[0], "nodes()")
        return ("list", ("node", board)) if board else ANY

    def b_groups(self, e, args):
        board = self._board_arg(e.args[0], args[0], "groups()")
        return ("list", ("group", board)) if board else ANY

    def _node_or_group(self, e, t, what, forms=("node", "group")):
        if isinstance(t, tuple) and t[0] in forms:
            if self.p.boards[t[1]].shape == "ports":
                self.error(e.span, f"{what} does not work on '{t[1]}', a board of ports "
                                   f"(see port_at, turned, ahead, behind, heading, lane_of)")
                return None
            return t
        if t == INT and "node" in forms and len(self.p.boards) == 1:
            return ("node", next(iter(self.p.boards)))  # a number names a node of the only board
        if t != ANY:
            self.error(e.span, f"{what} needs a {' or '.join(forms)} of a board, not {show(t)}")
        return None

    def b_group(self, e, args):
        t = self._node_or_group(e.args[0], args[0], "group()", ("node",))
        return ("group", t[1]) if t else ANY

    def b_tiles(self, e, args):
        t = self._node_or_group(e.args[0], args[0], "tiles()", ("group",))
        return ("list", ("node", t[1])) if t else ANY

    def b_step(self, e, args):
        self.expect(e.args[1], args[1], INT, "the number of steps")
        t = self._node_or_group(e.args[0], args[0], "step()")
        if t and self.p.boards[t[1]].shape != "ring":
            self.error(e.span, f"step() works on a ring; '{t[1]}' is a {self.p.boards[t[1]].shape}")
        return t or ANY

    def b_neighbours(self, e, args):
        t = self._node_or_group(e.args[0], args[0], "neighbours()")
        return ("list", t) if t else ANY

    def b_join(self, e, args):
        if element_of(args[0]) is None and args[0] != ANY:
            self.error(e.args[0].span, f"join() needs a list, not {show(args[0])}")
        self.expect(e.args[1], args[1], TEXT, "join()'s separator")
        return TEXT

    def b_min(self, e, args):
        for expr, t in zip(e.args, args):
            self.expect(expr, t, INT, "an argument of min/max")
        return INT

    b_max = b_min

    def b_abs(self, e, args):
        self.expect(e.args[0], args[0], INT, "the argument of abs()")
        return INT

    def b_index(self, e, args):
        if element_of(args[0]) is None:
            self.error(e.args[0].span, f"index() needs a list, not {show(args[0])}")
        return INT

    def _grid_node(self, e, args, what):
        t = self._node_or_group(e.args[0], args[0], what, ("node",))
        if t and self.p.boards[t[1]].shape not in ("grid", "hex"):
            self.error(e.span, f"{what} works on a grid or hex board; '{t[1]}' is a {self.p.boards[t[1]].shape}")
            return None
        return t

    def _direction(self, e, args, what):
        """(the board, or None) of `what(cell, direction)`: a cell of a square or hex board, and a
        member of a kind naming its directions (4 or 8 on a square board, 6 on a hex one)."""
        t = self._grid_node(e, args, what)
        d = args[1]
        if not (isinstance(d, tuple) and d[0] == "kind"):
            if d != ANY:
                self.error(e.args[1].span, f"the direction of {what} is a member of a kind naming the "
                                           f"directions, not {show(d)}")
            return None
        if t is None:
            return None
        hexagonal = self.p.boards[t[1]].shape == "hex"
        wanted = (6,) if hexagonal else (4, 8)
        if len(member_names(self.p, d[1])) not in wanted:
            words = ("6 (up-right, right, down-right, down-left, left, up-left)" if hexagonal else
                     "4 (up, right, down, left) or 8 (up, up-right, right, … up-left)")
            self.error(e.args[1].span, f"the directions of '{t[1]}' are {words}, clockwise; "
                                       f"kind '{d[1]}' has {len(member_names(self.p, d[1]))} members")
            return None
        return t[1]

    def b_number_of(self, e, args):
        self._node_or_group(e.args[0], args[0], "number_of()", ("node",))
        return INT

    def b_cell_at(self, e, args):
        board = self._board_arg(e.args[0], args[0], "cell_at()")
        self.expect(e.args[1], args[1], INT, "the column of cell_at()")
        self.expect(e.args[2], args[2], INT, "the row of cell_at()")
        if board and self.p.boards[board].shape not in ("grid", "hex"):
            self.error(e.span, f"cell_at() works on a grid or hex board; '{board}' is a {self.p.boards[board].shape}")
        return optional(("node", board)) if board else ANY  # none off the board

    def b_repetitions(self, e, args):
        return INT

    def b_neighbour(self, e, args):
        board = self._direction(e, args, "neighbour()")
        return optional(("node", board)) if board else ANY  # none at the edge

    def b_ray(self, e, args):
        board = self._direction(e, args, "ray()")
        return ("list", ("node", board)) if board else ANY

    def b_row_of(self, e, args):
        self._grid_node(e, args, "row_of()")
        return INT

    def b_column_of(self, e, args):
        self._grid_node(e, args, "column_of()")
        return INT

    def b_corner(self, e, args):
        self._grid_node(e, args, "corner()")
        return BOOL

    def b_top(self, e, args):
        t = args[0]
        if isinstance(t, tuple) and t[0] == "pile":
            return optional(("kind", t[1]))  # none for an empty pile
        if t != ANY:
            self.error(e.args[0].span, f"top() needs a pile, not {show(t)}")
        return ANY

    # ------------------------------------------------------------ boards of ports
    def _port(self, e, t, what):
        """The ports board of a port argument, or None (and an error)."""
        if isinstance(t, tuple) and t[0] == "node" and self.p.boards[t[1]].shape == "ports":
            return self.p.boards[t[1]]
        if t != ANY:
            self.error(e.span, f"{what} needs a port (a node of a board of ports), not {show(t)}")
        return None

    def ports_board_for(self, grid: str, sides, lanes):
        """The board of ports of a grid (the one naming these kinds, when it has several)."""
        found = [b for b in self.p.boards.values() if b.shape == "ports" and b.grid == grid
                 and (sides is None or b.sides == sides) and (lanes is None or b.lanes == lanes)]
        return found[0] if found else None

    def b_port_at(self, e, args):
        cell, side, lane = args
        grid = cell[1] if isinstance(cell, tuple) and cell[0] == "node" else None
        if cell == INT:  # a number names a cell of the grid that has ports, if only one has
            grids = {b.grid for b in self.p.boards.values() if b.shape == "ports"}
            grid = grids.pop() if len(grids) == 1 else None
        sides = side[1] if isinstance(side, tuple) and side[0] == "kind" else None
        lanes = lane[1] if isinstance(lane, tuple) and lane[0] == "kind" else None
        board = self.ports_board_for(grid, sides, lanes) if grid else None
        if board is None:
            if ANY not in args:
                self.error(e.span, f"port_at(cell, side, lane) needs a cell of a grid with a board of ports "
                                   f"and a side and lane of it, not {', '.join(show(a) for a in args)}")
            return ANY
        self.expect(e.args[1], side, ("kind", board.sides), "the side")
        self.expect(e.args[2], lane, ("kind", board.lanes), "the lane")
        return ("node", board.name)

    def b_turned(self, e, args):
        board = self._port(e.args[0], args[0], "turned()")
        return ("node", board.name) if board else ANY

    def b_ahead(self, e, args):
        board = self._port(e.args[0], args[0], "ahead()")
        return optional(("node", board.grid)) if board else ANY  # none beyond the grid's border

    b_behind = b_ahead

    def b_heading(self, e, args):
        board = self._port(e.args[0], args[0], "heading()")
        return ("kind", board.sides) if board else ANY

    def b_lane_of(self, e, args):
        board = self._port(e.args[0], args[0], "lane_of()")
        return ("kind", board.lanes) if board else ANY
