"""What one player may see of a state: the boundary between the engine and a player's screen.

A view holds the position (the data list) with every zone hidden from the player reduced to how
many pieces it holds and every hidden variable masked (until the rules reveal them, `unless`),
whose decision it is, and the result. It holds nothing of where play stands inside the rules
(frames and their local values, modifiers and what they captured, standing actions) nor the
chance generator: any of those can carry what the rules hide — a card just drawn, the next draw.
"""
from __future__ import annotations

from .machine import State


def view(game, S: State, player: int) -> dict:
    """What `player` may see of S, as plain data."""
    data = list(S.data)
    for zone, start in game.hidden_zones(S, player):
        values = data[start:start + zone.width]
        total = len(values[0]) if zone.ordered else sum(values)
        data[start:start + zone.width] = [None] * zone.width
        data[start] = {"hidden": total}
    reveals = game.compiled.reveals
    for name, var in game.compiled.layout.vars.items():
        visibility = game.program.vars[name].visibility
        if visibility == "public" or (name in reveals and reveals[name](S)):
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
