"""Where the cells of a square or hex board lie: their numbers and names, neighbours, directions
and rays, worked out once per board from its width, height, adjacency and named corner.

A board is drawn with `a1` in the corner it names (top left unless the rules say `from bottom
left`); columns are letters from the left, rows numbers from that corner, and cells are numbered row
by row from `a1`. Directions are listed clockwise starting from up (towards the drawn top edge):
on a square board 4 (up, right, down, left) or 8 (up, up-right, right, … up-left); on a hex board,
a rhombus drawn with each row half a cell to the right of the row above it, 6 (up-right, right,
down-right, down-left, left, up-left).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

# Steps (right, down) on the drawing, clockwise from up.
SQUARE_4 = ((0, -1), (1, 0), (0, 1), (-1, 0))
SQUARE_8 = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
HEX_6 = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))


@dataclass(frozen=True)
class CellGeometry:
    hexagonal: bool
    width: int
    height: int
    from_bottom: bool  # `a1` at the bottom left (else the top left)
    diagonals: bool = False  # a square board whose neighbours include the diagonal ones

    def node_at(self, x: int, y: int) -> Optional[int]:
        """The node drawn at column x, row y from the top (both from 0), or None off the board."""
        if not (0 <= x < self.width and 0 <= y < self.height):
            return None
        row = self.height - 1 - y if self.from_bottom else y
        return row * self.width + x + 1

    def place_of(self, node: int) -> tuple[int, int]:
        row, x = divmod(node - 1, self.width)
        return x, (self.height - 1 - row if self.from_bottom else row)

    def steps(self, directions: int) -> tuple:
        """The (right, down) step of each direction of a kind of `directions` members."""
        if self.hexagonal:
            return HEX_6 if directions == 6 else ()
        return {4: SQUARE_4, 8: SQUARE_8}.get(directions, ())

    def direction_counts(self) -> tuple:
        return (6,) if self.hexagonal else (4, 8)

    def neighbours(self, node: int) -> tuple:
        x, y = self.place_of(node)
        steps = HEX_6 if self.hexagonal else SQUARE_8 if self.diagonals else SQUARE_4
        return tuple(sorted(n for dx, dy in steps if (n := self.node_at(x + dx, y + dy)) is not None))

    def neighbour_table(self, directions: int) -> tuple:
        """Per (node - 1) * directions + d: the next cell that way, or None at the edge."""
        out: list = []
        for node in range(1, self.width * self.height + 1):
            x, y = self.place_of(node)
            out.extend(self.node_at(x + dx, y + dy) for dx, dy in self.steps(directions))
        return tuple(out)

    def ray_table(self, directions: int) -> tuple:
        """Per (node - 1) * directions + d: the cells from the next one that way to the edge."""
        out = []
        for node in range(1, self.width * self.height + 1):
            for dx, dy in self.steps(directions):
                x, y = self.place_of(node)
                cells = []
                while (node_there := self.node_at(x + dx, y + dy)) is not None:
                    cells.append(node_there)
                    x, y = x + dx, y + dy
                out.append(tuple(cells))
        return tuple(out)

    def label(self, node: int) -> str:
        row, x = divmod(node - 1, self.width)
        return column_letters(x) + str(row + 1)


def column_letters(x: int) -> str:
    """a, b, … z, aa, ab, … for columns 0, 1, …"""
    letters = ""
    x += 1
    while x:
        x, r = divmod(x - 1, 26)
        letters = chr(ord("a") + r) + letters
    return letters
