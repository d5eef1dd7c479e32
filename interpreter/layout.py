"""Where each piece of a game's state lives in the flat data list, and the boards' fixed shapes.

Built once per game and options; the state itself is only the list of numbers this describes.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import compress
from typing import Optional, Sequence

from rulebook.dsl import nodes as n

from .geometry import CellGeometry

# Slots every state has, before any declared variable.
CURRENT_PLAYER, CURRENT_PHASE, CURRENT_STEP = 0, 1, 2
FLOW_SLOTS = 3


@dataclass(frozen=True)
class Dim:
    """One index of a zone or variable: values low .. low+size-1."""

    low: int
    size: int
    type_name: str  # "player", "team", a kind, a board, or "int"
    board: Optional[str] = None  # set when the index is a board's nodes


@dataclass(frozen=True)
class ZoneLayout:
    name: str
    base: int
    dims: tuple
    kinds: int  # pieces are counted per kind: `kinds` slots per zone (one slot for a pile)
    kind: str
    ordered: bool
    visibility: str
    # A multiset zone's piece counts, one slot per instance, kept beside its slots (so counting
    # a zone reads one slot): -1 for a pile.
    totals: int = -1
    # Kept by the compiler (passes/kinds.py) for a multiset zone of many kinds whose kinds are
    # walked: per instance, `present_words` slots from present + instance * present_words, bit
    # k % PRESENT_BITS of word k // PRESENT_BITS set when the instance holds a piece of kind k
    # (so a walk over a hand of 13 cards among 52 kinds visits 13, not 52). -1: none kept.
    present: int = -1

    @property
    def width(self) -> int:
        return 1 if self.ordered else self.kinds

    def total_slot(self, addr: int) -> int:
        """The slot keeping the count of the instance whose first slot is addr."""
        return self.totals + (addr - self.base) // self.width

    @property
    def instances(self) -> int:
        count = 1
        for d in self.dims:
            count *= d.size
        return count

    @property
    def present_words(self) -> int:
        return words_for(self.kinds)

    def present_slots(self, start: int) -> range:
        """The presence words of the instance whose first slot is start (empty when none are kept)."""
        if self.present < 0:
            return range(0)
        first = self.present + (start - self.base) // self.width * self.present_words
        return range(first, first + self.present_words)

    def keep_present(self, data: list, start: int) -> None:
        """Work out, in data, the presence words of the instance whose first slot is start (when kept)."""
        if self.present < 0:
            return
        words = self.present_slots(start)
        data[words.start:words.stop] = present_bits(data[start:start + self.width])


# A zone's kinds present are kept in words of this many bits: a word stays a positive number of a
# 64-bit integer (the native back-end's), as a set of nodes does (MAX_BIT_NODES).
PRESENT_BITS = 62


def words_for(count: int) -> int:
    """How many words of PRESENT_BITS bits a set of `count` members takes."""
    return -(-count // PRESENT_BITS)


def present_bits(counts: Sequence[int]) -> list[int]:
    """The words of the kinds (positions) with a non-zero count in counts, as bits."""
    words = [0] * words_for(len(counts))
    for k in compress(range(len(counts)), counts):  # the kinds held alone
        words[k // PRESENT_BITS] |= 1 << (k % PRESENT_BITS)
    return words


@dataclass(frozen=True)
class VarLayout:
    name: str
    base: int
    dims: tuple
    holds_list: bool
    visibility: str = "public"

    @property
    def instances(self) -> int:
        count = 1
        for d in self.dims:
            count *= d.size
        return count


@dataclass
class BoardLayout:
    """A board's nodes and adjacency, worked out once (with networkx); groups live in the state."""

    name: str
    shape: str
    nodes: tuple
    low: int
    adjacency: tuple  # adjacency[node - low] = neighbouring nodes
    labels: tuple  # display label per node - low
    roots: int = 0  # first slot of the per-node group ids
    edges: int = -1  # network boards: first slot of the per-node neighbour tuples (they grow)
    width: int = 0
    height: int = 0
    ports: Optional["PortGeometry"] = None  # a board of ports: where each port lies and heads
    # Kept by the compiler for a board whose nodes merge (passes/groups.py): per node naming a
    # group, the tuple of the group's nodes; and one slot with the tuple of every group.
    members: int = -1
    group_list: int = -1
    # Square and hex boards: where each cell lies (directions, rays). Not in repr: what it decides
    # is in the adjacency, the labels and the tables the rules' calls read.
    geometry: Optional[CellGeometry] = field(default=None, repr=False, compare=False)

    @property
    def size(self) -> int:
        return len(self.nodes)


def ring_board(name: str, size: int) -> BoardLayout:
    import networkx as nx  # here: a game read back from the disk cache never needs it
    graph = nx.cycle_graph(size)
    nodes = tuple(range(1, size + 1))
    adjacency = tuple(tuple(sorted(x + 1 for x in graph.neighbors(i))) for i in range(size))
    return BoardLayout(name, "ring", nodes, 1, adjacency, tuple(str(x) for x in nodes))


def grid_board(name: str, width: int, height: int, hexagonal: bool = False, from_bottom: bool = False,
               diagonals: bool = False) -> BoardLayout:
    """Nodes 1..w*h row by row from `a1` (the top left unless from_bottom), labelled a1.. with
    columns as letters; square (orthogonal neighbours, or with the diagonal ones too) or hex."""
    geometry = CellGeometry(hexagonal, width, height, from_bottom, diagonals)
    nodes = tuple(range(1, width * height + 1))
    adjacency = tuple(geometry.neighbours(node) for node in nodes)
    labels = tuple(geometry.label(node) for node in nodes)
    return BoardLayout(name, "hex" if hexagonal else "grid", nodes, 1, adjacency, labels, width=width,
                       height=height, geometry=geometry)


def network_board(name: str, capacity: int) -> BoardLayout:
    """A network that grows as tiles are laid: node slots exist up front, edges come in play."""
    nodes = tuple(range(1, capacity + 1))
    return BoardLayout(name, "network", nodes, 1, tuple(() for _ in nodes), tuple(str(x) for x in nodes))


@dataclass(frozen=True)
class PortGeometry:
    """Where each port of a board of ports lies, per port (indexed by node - 1): the cell it heads
    into and the one it heads out of (None off the board), the side it heads towards and its lane
    (numbers of their kinds), and the node of the same port heading the other way."""

    grid: str
    lanes: int
    ahead: tuple
    behind: tuple
    heading: tuple
    lane: tuple
    turned: tuple


# The four sides of a cell in the order a board of ports names them, and what each side faces.
NORTH, EAST, SOUTH, WEST = range(4)
_STEP = {NORTH: (0, -1), EAST: (1, 0), SOUTH: (0, 1), WEST: (-1, 0)}


def ports_board(name: str, grid: BoardLayout, side_names: tuple, lane_names: tuple) -> BoardLayout:
    """The ports on the sides of a grid's cells, each twice: once for each way across its edge.

    Node ((cell - 1) * 4 + side) * lanes + lane + 1 is the port on that side of that cell heading
    out of it (so `port_at` is arithmetic); after them come the ports of the grid's border
    heading in. Neighbouring cells share the ports of their common side, in the same order
    (left to right on north and south sides, top to bottom on east and west sides).
    """
    lanes, width, height = len(lane_names), grid.width, grid.height

    def neighbour(cell: int, side: int) -> Optional[int]:
        x, y = (cell - 1) % width + _STEP[side][0], (cell - 1) // width + _STEP[side][1]
        return y * width + x + 1 if 0 <= x < width and 0 <= y < height else None

    def outward(cell: int, side: int, lane: int) -> int:
        return ((cell - 1) * 4 + side) * lanes + lane + 1

    ahead, behind, heading, lane_of, labels = [], [], [], [], []
    border = []  # (cell, side, lane) of each border port, heading in
    for cell in grid.nodes:
        for side in range(4):
            for lane in range(lanes):
                ahead.append(neighbour(cell, side))
                behind.append(cell)
                heading.append(side)
                lane_of.append(lane)
                labels.append(f"{grid.labels[cell - 1]} {side_names[side]} {lane_names[lane]} heading {side_names[side]}")
                if neighbour(cell, side) is None:
                    border.append((cell, side, lane))
    turned = [0] * (len(ahead) + len(border))
    for cell in grid.nodes:
        for side in range(4):
            other = neighbour(cell, side)
            if other is not None:
                for lane in range(lanes):
                    turned[outward(cell, side, lane) - 1] = outward(other, (side + 2) % 4, lane)
    for cell, side, lane in border:
        node = len(ahead) + 1
        ahead.append(cell)
        behind.append(None)
        heading.append((side + 2) % 4)
        lane_of.append(lane)
        labels.append(f"{grid.labels[cell - 1]} {side_names[side]} {lane_names[lane]} heading {side_names[(side + 2) % 4]}")
        turned[node - 1] = outward(cell, side, lane)
        turned[outward(cell, side, lane) - 1] = node
    nodes = tuple(range(1, len(ahead) + 1))
    geometry = PortGeometry(grid.name, lanes, tuple(ahead), tuple(behind), tuple(heading), tuple(lane_of),
                            tuple(turned))
    return BoardLayout(name, "ports", nodes, 1, tuple(() for _ in nodes), tuple(labels), roots=-1,
                       ports=geometry)


@dataclass(frozen=True)
class KindTotals:
    """Kept by the compiler (passes/kinds.py): how many pieces of each kind the instances of a
    zone over one index hold together — all of them (`by` None), or grouped by the value of a
    variable over the same index (`by` its name; values low .. low+groups-1). The count of kind
    k in group g is at base + (g - low) * kinds + k."""

    zone: str
    by: Optional[str]
    base: int
    groups: int
    low: int
    kinds: int

    def slot(self, group: int, kind: int) -> int:
        return self.base + (group - self.low) * self.kinds + kind


@dataclass(frozen=True)
class NeighbourCounts:
    """Kept by the compiler (passes/kinds.py): for a zone over a board's nodes, per node and kind,
    how many of the node's neighbours hold a piece of that kind — at base + (node - low) * kinds
    + kind, laid out like the zone itself."""

    zone: str
    board: str
    base: int
    kinds: int


@dataclass(frozen=True)
class NodeBits:
    """Kept by the compiler (passes/kinds.py): sets of a board's nodes as bits (bit i: node
    low + i) for a zone over the board — at `empty`, the nodes whose instance holds nothing; at
    held + kind, the nodes holding that kind; at near + kind (when the zone keeps neighbour
    counts, else -1), the nodes with a neighbour holding that kind."""

    zone: str
    board: str
    empty: int
    held: int
    near: int
    kinds: int


MAX_BIT_NODES = PRESENT_BITS  # a set of nodes kept as bits fits a 64-bit number (the native back-end's)


@dataclass(frozen=True)
class VarBits:
    """Kept by the compiler (passes/kinds.py): for a variable over a board's nodes whose values
    lie in low .. low+groups-1 (and maybe none), at base + (value - low) * words + w the set of
    nodes holding that value among the nodes board low + w * MAX_BIT_NODES + i, as bits (bit i);
    a node holding none is in no set. A board of more than MAX_BIT_NODES nodes needs more words."""

    var: str
    board: str
    base: int
    groups: int
    low: int
    words: int

    def slot(self, value: int, node_index: int) -> int:
        """The word holding the bit of the node node_index (from 0) in value's set."""
        return self.base + (value - self.low) * self.words + node_index // MAX_BIT_NODES


@dataclass
class Layout:
    """Slots of the flat state list for every zone, variable and board."""

    size: int = FLOW_SLOTS
    zones: dict[str, ZoneLayout] = field(default_factory=dict)
    vars: dict[str, VarLayout] = field(default_factory=dict)
    boards: dict[str, BoardLayout] = field(default_factory=dict)
    list_slots: list[int] = field(default_factory=list)  # slots holding tuples (restored from JSON)
    kind_totals: list[KindTotals] = field(default_factory=list)
    neighbour_counts: list[NeighbourCounts] = field(default_factory=list)
    node_bits: list[NodeBits] = field(default_factory=list)
    var_bits: list[VarBits] = field(default_factory=list)
    # A game that asks `repetitions()`: the slot keeping the digests of the positions of the
    # decisions played so far (a tuple), and the slots a position is made of. Not in repr: a game
    # that never asks has neither, and keeps the compiled form it had before.
    history: int = field(default=-1, repr=False)
    position: tuple = field(default=(), repr=False)

    def copy(self) -> "Layout":
        """A layout of its own (the passes never change the one the lowering made)."""
        boards = {name: replace(b) for name, b in self.boards.items()}
        return Layout(self.size, dict(self.zones), dict(self.vars), boards, list(self.list_slots),
                      list(self.kind_totals), list(self.neighbour_counts), list(self.node_bits),
                      list(self.var_bits), self.history, self.position)

    def keeps_data(self) -> bool:
        """Does the compiler keep data about the zones' pieces (passes/kinds.py) that a write made
        outside compiled code must work out anew (play/derived.py)?"""
        return bool(self.kind_totals or self.neighbour_counts or self.node_bits or self.var_bits or
                    any(zone.present >= 0 for zone in self.zones.values()))

    def allocate(self, count: int) -> int:
        base = self.size
        self.size += count
        return base

    def add_zone(self, decl: n.ZoneDecl, dims: tuple, kinds: int) -> ZoneLayout:
        width = 1 if decl.ordered else kinds
        instances = 1
        for d in dims:
            instances *= d.size
        base = self.allocate(width * instances)
        totals = -1 if decl.ordered else self.allocate(instances)
        zone = ZoneLayout(decl.name, base, dims, kinds, decl.kind, decl.ordered, decl.visibility, totals)
        if decl.ordered:
            self.list_slots.extend(range(zone.base, zone.base + instances))
        self.zones[decl.name] = zone
        return zone

    def add_var(self, decl: n.VarDecl, dims: tuple, holds_list: bool) -> VarLayout:
        instances = 1
        for d in dims:
            instances *= d.size
        var = VarLayout(decl.name, self.allocate(instances), dims, holds_list, decl.visibility)
        if holds_list:
            self.list_slots.extend(range(var.base, var.base + instances))
        self.vars[decl.name] = var
        return var

    def add_die(self) -> int:
        """One slot for a die: the rolls it is loaded with (a tuple, usually empty)."""
        slot = self.allocate(1)
        self.list_slots.append(slot)
        return slot

    def add_board(self, board: BoardLayout) -> None:
        if board.shape == "ports":  # fixed geometry: nothing of it changes in play
            self.boards[board.name] = board
            return
        board.roots = self.allocate(board.size)
        if board.shape == "network":
            board.edges = self.allocate(board.size)
            self.list_slots.extend(range(board.edges, board.edges + board.size))
        self.boards[board.name] = board


def strides(dims: tuple, width: int) -> list[int]:
    """Slot distance between consecutive values of each index (row-major), `width` slots each."""
    result = []
    step = width
    for d in reversed(dims):
        result.append(step)
        step *= d.size
    return list(reversed(result))
