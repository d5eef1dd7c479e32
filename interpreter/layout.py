"""Where each piece of a game's state lives in the flat data list, and the boards' fixed shapes.

Built once per game and options; the state itself is only the list of numbers this describes.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

import networkx as nx

from rulebook.dsl import nodes as n

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

    @property
    def width(self) -> int:
        return 1 if self.ordered else self.kinds

    @property
    def instances(self) -> int:
        count = 1
        for d in self.dims:
            count *= d.size
        return count


@dataclass(frozen=True)
class VarLayout:
    name: str
    base: int
    dims: tuple
    holds_list: bool

    @property
    def instances(self) -> int:
        count = 1
        for d in self.dims:
            count *= d.size
        return count


@dataclass
class BoardLayout:
    """A board's nodes and adjacency, built with networkx once; groups live in the state."""

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
    graph: Any = field(default=None, repr=False)

    @property
    def size(self) -> int:
        return len(self.nodes)


def ring_board(name: str, size: int) -> BoardLayout:
    graph = nx.cycle_graph(size)
    nodes = tuple(range(1, size + 1))
    adjacency = tuple(tuple(sorted(x + 1 for x in graph.neighbors(i))) for i in range(size))
    return BoardLayout(name, "ring", nodes, 1, adjacency, tuple(str(x) for x in nodes), graph=graph)


def grid_board(name: str, width: int, height: int) -> BoardLayout:
    """Nodes 1..w*h row by row from the top left; labelled a1.. with columns as letters."""
    graph = nx.grid_2d_graph(width, height)
    nodes = tuple(range(1, width * height + 1))

    def node_of(x: int, y: int) -> int:
        return y * width + x + 1

    adjacency = []
    labels = []
    for node in nodes:
        x, y = (node - 1) % width, (node - 1) // width
        adjacency.append(tuple(sorted(node_of(a, b) for a, b in graph.neighbors((x, y)))))
        labels.append(_column_letters(x) + str(y + 1))
    return BoardLayout(name, "grid", nodes, 1, tuple(adjacency), tuple(labels), width=width,
                       height=height, graph=graph)


def _column_letters(x: int) -> str:
    letters = ""
    x += 1
    while x:
        x, r = divmod(x - 1, 26)
        letters = chr(ord("a") + r) + letters
    return letters


def network_board(name: str, capacity: int) -> BoardLayout:
    """A network that grows as tiles are laid: node slots exist up front, edges come in play."""
    nodes = tuple(range(1, capacity + 1))
    return BoardLayout(name, "network", nodes, 1, tuple(() for _ in nodes), tuple(str(x) for x in nodes),
                       graph=nx.empty_graph(capacity))


@dataclass
class Layout:
    """Slots of the flat state list for every zone, variable and board."""

    size: int = FLOW_SLOTS
    zones: dict[str, ZoneLayout] = field(default_factory=dict)
    vars: dict[str, VarLayout] = field(default_factory=dict)
    boards: dict[str, BoardLayout] = field(default_factory=dict)
    list_slots: list[int] = field(default_factory=list)  # slots holding tuples (restored from JSON)

    def allocate(self, count: int) -> int:
        base = self.size
        self.size += count
        return base

    def add_zone(self, decl: n.ZoneDecl, dims: tuple, kinds: int) -> ZoneLayout:
        width = 1 if decl.ordered else kinds
        instances = 1
        for d in dims:
            instances *= d.size
        zone = ZoneLayout(decl.name, self.allocate(width * instances), dims, kinds, decl.kind,
                          decl.ordered, decl.visibility)
        if decl.ordered:
            self.list_slots.extend(range(zone.base, zone.base + instances))
        self.zones[decl.name] = zone
        return zone

    def add_var(self, decl: n.VarDecl, dims: tuple, holds_list: bool) -> VarLayout:
        instances = 1
        for d in dims:
            instances *= d.size
        var = VarLayout(decl.name, self.allocate(instances), dims, holds_list)
        if holds_list:
            self.list_slots.extend(range(var.base, var.base + instances))
        self.vars[decl.name] = var
        return var

    def add_board(self, board: BoardLayout) -> None:
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
