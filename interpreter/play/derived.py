"""Data the state keeps that follows from its other data: zone counts, board groups' nodes, and
per-kind totals, neighbour counts and kinds present of zones, and the nodes holding each value of
a variable over a board (passes/kinds.py).

Compiled code keeps them up to date as it moves pieces and merges nodes (so reading them costs
one slot); code that edits a state from outside (a scenario's position, a redeal, a saved state
read back) calls `refresh` after, and the tests `check` them at every decision.
"""
from __future__ import annotations

from ..layout import MAX_BIT_NODES, Layout


def refresh(layout: Layout, data: list) -> None:
    """Work the kept data out anew from the rest."""
    for zone in layout.zones.values():
        if zone.totals < 0:
            continue
        for i in range(zone.instances):
            start = zone.base + i * zone.width
            data[zone.totals + i] = sum(data[start:start + zone.width])
            zone.keep_present(data, start)
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
    for table in layout.kind_totals:
        zone = layout.zones[table.zone]
        totals = [0] * (table.groups * table.kinds)
        by = layout.vars[table.by].base if table.by is not None else -1
        for i in range(zone.instances):
            start = zone.base + i * zone.width
            row = (data[by + i] - table.low) * table.kinds if by >= 0 else 0
            for k in range(table.kinds):
                totals[row + k] += data[start + k]
        data[table.base:table.base + len(totals)] = totals
    for counts in layout.neighbour_counts:
        zone, board = layout.zones[counts.zone], layout.boards[counts.board]
        for i, near in enumerate(board.adjacency):
            for k in range(counts.kinds):
                data[counts.base + i * counts.kinds + k] = sum(
                    1 for y in near if data[zone.base + (y - board.low) * zone.width + k] > 0)
    for bits in layout.node_bits:
        zone, size = layout.zones[bits.zone], layout.boards[bits.board].size
        data[bits.empty] = sum(1 << i for i in range(size) if data[zone.totals + i] == 0)
        for k in range(bits.kinds):
            data[bits.held + k] = sum(1 << i for i in range(size) if data[zone.base + i * zone.width + k] > 0)
        if bits.near >= 0:
            counts = next(c for c in layout.neighbour_counts if c.zone == bits.zone)
            for k in range(bits.kinds):
                data[bits.near + k] = sum(1 << i for i in range(size) if data[counts.base + i * counts.kinds + k])
    for held in layout.var_bits:
        var, size = layout.vars[held.var], layout.boards[held.board].size
        data[held.base:held.base + held.groups * held.words] = [0] * (held.groups * held.words)
        for i in range(size):
            value = data[var.base + i]
            if value is not None:
                data[held.slot(value, i)] |= 1 << i % MAX_BIT_NODES


def check(layout: Layout, data: list) -> list[str]:
    """What in the kept data does not follow from the rest (empty when all is well)."""
    fresh = list(data)
    refresh(layout, fresh)
    wrong = []
    for zone in layout.zones.values():
        if zone.totals >= 0 and data[zone.totals:zone.totals + zone.instances] != \
                fresh[zone.totals:zone.totals + zone.instances]:
            wrong.append(f"counts kept for zone '{zone.name}'")
        if zone.present >= 0:
            end = zone.present + zone.instances * zone.present_words
            if data[zone.present:end] != fresh[zone.present:end]:
                wrong.append(f"kinds present kept for zone '{zone.name}'")
    for board in layout.boards.values():
        if board.members < 0:
            continue
        for root in set(data[board.roots:board.roots + board.size]):
            slot = board.members + root - board.low
            if data[slot] != fresh[slot]:
                wrong.append(f"nodes kept for group {root} of board '{board.name}'")
        if data[board.group_list] != fresh[board.group_list]:
            wrong.append(f"groups kept for board '{board.name}'")
    for table in layout.kind_totals:
        end = table.base + table.groups * table.kinds
        if data[table.base:end] != fresh[table.base:end]:
            by = f" by '{table.by}'" if table.by is not None else ""
            wrong.append(f"totals per kind kept for zone '{table.zone}'{by}")
    for counts in layout.neighbour_counts:
        end = counts.base + layout.boards[counts.board].size * counts.kinds
        if data[counts.base:end] != fresh[counts.base:end]:
            wrong.append(f"neighbours' pieces kept for zone '{counts.zone}'")
    for bits in layout.node_bits:
        slots = [bits.empty] + [bits.held + k for k in range(bits.kinds)] + \
            [bits.near + k for k in range(bits.kinds) if bits.near >= 0]
        if any(data[slot] != fresh[slot] for slot in slots):
            wrong.append(f"sets of nodes kept for zone '{bits.zone}'")
    for held in layout.var_bits:
        end = held.base + held.groups * held.words
        if data[held.base:end] != fresh[held.base:end]:
            wrong.append(f"sets of nodes kept for variable '{held.var}'")
    return wrong
