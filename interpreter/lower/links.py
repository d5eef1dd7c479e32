"""Lowering reads of a links column: which ports of a cell a member (a tile lying there) joins.

The table is worked out once, while compiling: per member and cell, the ports its links name
(heading out of the cell) and, for each port named either way, the other ports of its link.
"""
from __future__ import annotations

from rulebook.dsl import nodes as n

from ..ir import exprs as x
from .builder import Builder


def link_tables(b: Builder, column: str, kind: str) -> tuple:
    """(per member, per cell: the ports named; per member, per cell: ((port, others), …) sorted)."""
    found = b.link_cache.get((column, kind))
    if found is not None:
        return found
    board = b.layout.boards[b.p.links[(column, kind)].board]
    assert board.ports is not None  # the checker lets a links column lie only on a board of ports
    lanes, grid = board.ports.lanes, b.layout.boards[board.ports.grid]
    every, others = [], []
    for links in b.p.link_cells[(column, kind)]:
        per_cell_every, per_cell_others = [], []
        for cell in grid.nodes:
            def port(local: tuple) -> int:
                return ((cell - 1) * 4 + local[0]) * lanes + local[1] + 1
            named = tuple(port(q) for link in links for q in link)
            joined: dict = {}
            for link in links:
                for q in link:
                    rest = tuple(port(r) for r in link if r != q)
                    joined[port(q)] = joined[board.ports.turned[port(q) - 1]] = rest
            per_cell_every.append(named)
            per_cell_others.append(tuple(sorted(joined.items())))
        every.append(tuple(per_cell_every))
        others.append(tuple(per_cell_others))
    b.link_cache[(column, kind)] = (tuple(every), tuple(others))
    return b.link_cache[(column, kind)]


def links_call(b: Builder, e: n.Call, args: tuple) -> x.Expr:
    """`COLUMN(member, cell)`: every port named there; `COLUMN(member, cell, port)`: the ports
    linked to that one (either way across its edge); nothing for no member."""
    kind = b.dsl_type(e.args[0])[1]
    every, others = link_tables(b, e.name, kind)
    t = b.type_of(e)
    if len(args) == 2:
        return x.Helper("links_at", (b.const(every, t), args[0], args[1]), type=t)
    return x.Helper("links_from", (b.const(others, t), args[0], args[1], args[2]), type=t)
