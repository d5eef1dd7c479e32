"""What one player may see of a state: the boundary between the engine and a player's screen.

A view holds the position (the data list) with every hidden zone reduced to how many pieces it
holds and every hidden variable masked, whose decision it is, and the result. It holds nothing
of where play stands inside the rules (frames, their local values, modifiers, standing actions)
nor the chance generator: any of those can carry what the rules hide — a card just drawn, the
next draw.
"""
from __future__ import annotations

from .machine import State


def view(game, S: State, player: int) -> dict:
    """What `player` may see of S, as plain data."""
    c = game.compiled
    data = list(S.data)
    for zone in c.layout.zones.values():
        if zone.visibility == "public":
            continue
        per_player = zone.instances // zone.dims[0].size if zone.dims else zone.instances
        for instance in range(zone.instances):
            if zone.visibility == "private" and instance // per_player == player:
                continue
            start = zone.base + instance * zone.width
            values = data[start:start + zone.width]
            total = len(values[0]) if zone.ordered else sum(values)
            data[start:start + zone.width] = [None] * zone.width
            data[start] = {"hidden": total}
    for name, var in c.layout.vars.items():
        visibility = game.program.vars[name].visibility
        if visibility == "public":
            continue
        count = 1
        for d in var.dims:
            count *= d.size
        per_player = count // var.dims[0].size if var.dims else count
        for instance in range(count):
            if visibility == "private" and instance // per_player == player:
                continue
            data[var.base + instance] = {"hidden": True}
    return {"data": data, "decision": S.decision, "decider": S.decider,
            "result": None if S.result is None else [list(S.result[0]), S.result[1], S.result[2]]}
