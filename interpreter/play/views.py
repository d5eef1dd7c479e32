"""What one player may see of a state: the boundary between the engine and a player's screen.

A view holds the position (the data list) with every zone hidden from the player reduced to how
many pieces it holds (and the bits the state keeps of which kinds it holds masked) and every
hidden variable masked (until the rules reveal them, `unless`),
whose decision it is, and the result. It holds nothing of where play stands inside the rules
(frames and their local values, modifiers and what they captured, standing actions) nor the
chance generator: any of those can carry what the rules hide — a card just drawn, the next draw.
"""
from __future__ import annotations

from typing import Any, Optional

from rulebook.dsl.errors import RulebookError

from .machine import State


def view(game, S: State, player: int) -> dict:
    """What `player` may see of S, as plain data."""
    data = list(S.data)
    for zone, start in game.hidden_zones(S, player):
        values = data[start:start + zone.width]
        total = len(values[0]) if zone.ordered else sum(values)
        data[start:start + zone.width] = [None] * zone.width
        data[start] = {"hidden": total}
        for slot in zone.present_slots(start):  # which kinds it holds, kept as bits
            data[slot] = {"hidden": True}
    for slots in hidden_var_slots(game, S, player):
        for slot in slots:
            data[slot] = {"hidden": True}
    shown = {"data": data, "decision": S.decision, "decider": S.decider,
             "result": None if S.result is None else [list(S.result[0]), S.result[1], S.result[2]]}
    if game.sealed.at(S):  # a secret choice: who has made it shows, never what (play/simultaneous.py)
        shown["chosen"] = list(game.sealed.chosen(S))
    return shown


def hidden_var_slots(game, S: State, player: Optional[int]) -> list[list[int]]:
    """Per variable that hides anything from `player` now, the slots of its values they may not
    see: all of a hidden one's, the other players' of a private one (None: every player's)."""
    found = []
    reveals = game.compiled.reveals
    for name, var in game.compiled.layout.vars.items():
        visibility = game.program.vars[name].visibility
        if visibility == "public" or (name in reveals and reveals[name](S)):
            continue
        count = 1
        for d in var.dims:
            count *= d.size
        per_player = count // var.dims[0].size if var.dims else count
        found.append([var.base + i for i in range(count)
                      if not (visibility == "private" and i // per_player == player)])
    return found


def view_state(game, view: dict, filler: int = 0) -> State:
    """A state that holds only what `view` (from view()) shows: whatever it hides is filled in
    one fixed way — `filler` 0 or 1 gives two different fillings — and the generator, the flow
    and the modifiers are left out. Anything computed from it is computed from the view alone, so
    it cannot reveal what the view's player may not see; a value that differs between the two
    fillings depends on hidden information."""
    layout = game.compiled.layout
    data = list(view["data"])
    if len(data) != layout.size:
        raise RulebookError("not a view of this game: its size differs")
    for zone in layout.zones.values():
        if zone.visibility == "public":
            continue
        kind = 0 if filler == 0 else zone.kinds - 1
        for instance in range(zone.instances):
            start = zone.base + instance * zone.width
            marker = data[start]
            if not (isinstance(marker, dict) and "hidden" in marker):
                continue
            total = int(marker["hidden"])
            if zone.ordered:
                data[start] = [kind] * total
            else:
                data[start:start + zone.width] = [0] * zone.width
                data[start + kind] = total
    initial = game.compiled.initial_data()
    for var in layout.vars.values():
        count = 1
        for d in var.dims:
            count *= d.size
        for slot in range(var.base, var.base + count):
            if isinstance(data[slot], dict) and "hidden" in data[slot]:
                data[slot] = _filling(initial[slot], filler)
    for zone in layout.zones.values():  # the kinds present in the fillings
        if zone.visibility != "public" and zone.present >= 0:
            for instance in range(zone.instances):
                zone.keep_present(data, zone.base + instance * zone.width)
    raw = {"data": data, "frames": [], "rng": 0, "mods": [], "decision": -1, "decider": -1,
           "result": view.get("result"), "allows": []}
    return State.from_json(raw)


def _filling(start: Any, filler: int) -> Any:
    """A hidden variable's stand-in: its start value, or (filler 1) another value of its type."""
    if filler == 0:
        return start
    if isinstance(start, bool):
        return not start
    if isinstance(start, int):
        return start + 1
    if isinstance(start, (tuple, list)):
        return list(start) + [0]
    return 0 if start is None else None


def hidden_plan(layout: Any, player: int) -> list:
    """Per zone that can hide anything from `player`: (zone, the (zone, first slot) pairs it hides) —
    hidden zones, and the private ones of the other players (the rules may still reveal them)."""
    plan = []
    for zone in layout.zones.values():
        if zone.visibility == "public":
            continue
        instances, width = zone.instances, zone.width
        per_player = instances // zone.dims[0].size if zone.dims else instances
        plan.append((zone, [(zone, zone.base + i * width) for i in range(instances)
                            if zone.visibility != "private" or i // per_player != player]))
    return plan
