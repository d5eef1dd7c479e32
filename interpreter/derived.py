"""Data the state keeps that follows from its other data: zone counts and board groups' nodes.

Compiled code keeps them up to date as it moves pieces and merges nodes (so reading them costs
one slot); code that edits a state from outside (a scenario's position, a redeal, a saved state
read back) calls `refresh` after, and the tests `check` them at every decision.
"""
from __future__ import annotations

from .layout import Layout


def refresh(layout: Layout, data: list) -> None:
    """Work the kept data out anew from the rest."""
    for zone in layout.zones.values():
        if zone.totals < 0:
            continue
        for i in range(zone.instances):
            start = zone.base + i * zone.width
            data[zone.totals + i] = sum(data[start:start + zone.width])
    for board in layout.boards.values():
        if board.members < 0:
            continue
        roots = data[board.roots:board.roots + board.size]
        groups: dict = {}
        for node, root in zip(board.nodes, roots):
            groups.setdefault(root, []).append(node)
        for root, nodes in groups.items():
            data[board.members + root - board.low] = tuple(nodes)
        data[board.group_list] = tuple(groups)


def check(layout: Layout, data: list) -> list[str]:
    """What in the kept data does not follow from the rest (empty when all is well)."""
    fresh = list(data)
    refresh(layout, fresh)
    wrong = []
    for zone in layout.zones.values():
        if zone.totals >= 0 and data[zone.totals:zone.totals + zone.instances] != \
                fresh[zone.totals:zone.totals + zone.instances]:
            wrong.append(f"the counts kept for zone '{zone.name}'")
    for board in layout.boards.values():
        if board.members < 0:
            continue
        for root in set(data[board.roots:board.roots + board.size]):
            slot = board.members + root - board.low
            if data[slot] != fresh[slot]:
                wrong.append(f"the nodes kept for group {root} of board '{board.name}'")
        if data[board.group_list] != fresh[board.group_list]:
            wrong.append(f"the groups kept for board '{board.name}'")
    return wrong
