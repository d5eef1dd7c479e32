"""Determinization: a full state consistent with everything one player knows, drawn at random.

What `player` may not see — the pieces of zones hidden from them (a draw pile, the others' hands,
a bag), the values of variables hidden from them (a token's value known only to its holder), the
chance generator — is drawn anew: the hidden pieces of each kind are pooled, shuffled and dealt
back to the places they came from with the counts those places show; hidden values are permuted
among the places that hide them; the generator gets a fresh seed. Counts, totals and every
invariant the rules declare hold in the sample (pieces only move between hidden places), and the
player's view of it is their view of the state. While a secret choice is being made, what the
players who have made it wrote is drawn anew among the values of its type (play/simultaneous.py). It is read from the rules' hidden/private
declarations, never written per game.

The pools are put in a fixed order before they are shuffled, so the sample depends only on what
the player sees (and the generator used): two states that differ only in what the player may not
see give the same samples — a bot that searches samples decides from its player's view alone.
Where play stands inside the rules (its frames) is kept, with one change: a rule's local that names
a piece lying in a place hidden from the player (a card chosen from a hand, waiting for the answers
to it) names, in the sample, a piece drawn from what that place holds there — so the rules still
find it where they put it, and the sample tells nothing of which piece it was. Kept data (totals,
neighbour counts) is worked out anew (interpreter/play/derived.py).

    >>> import random
    >>> from rulebook.api import load_game
    >>> game = load_game("tests/games/hands")
    >>> state = game.new_initial_state(seed=3)
    >>> sample = determinize(game, state, 0, random.Random(1))
    >>> game.view(sample, 0) == game.view(state, 0)
    True
"""
from __future__ import annotations

import random
from typing import Any, Optional

from .derived import refresh
from .simultaneous import redraw_sealed
from .views import hidden_var_slots
from ..ir.types import Int, List, Opt


def determinize(game: Any, state: Any, player: Optional[int], rng: random.Random) -> Any:
    """A copy of `state` with what `player` may not see drawn anew (None: what nobody in
    particular may see, a spectator's unknowns)."""
    sample = state.copy()
    data = sample.data
    places: list = []
    pools: dict[str, list] = {}  # kind -> the hidden pieces of that kind, pooled
    for zone, start in game.hidden_zones(state, player):
        if zone.ordered:
            pieces = list(data[start])
        else:
            counts = data[start:start + zone.kinds]
            pieces = [k for k, n in enumerate(counts) if n for _ in range(n)] if any(counts) else []
        places.append((zone, start, len(pieces)))
        pools.setdefault(zone.kind, []).extend(pieces)
    for kind in sorted(pools):
        pieces = pools[kind]
        pieces.sort()  # the same pool whatever the hidden arrangement it came from
        rng.shuffle(pieces)
    taken = dict.fromkeys(pools, 0)
    held = {start: _pieces(zone, state.data, start) for zone, start, _ in places}  # before the deal
    for zone, start, size in places:
        at = taken[zone.kind]
        dealt, taken[zone.kind] = pools[zone.kind][at:at + size], at + size
        if zone.ordered:
            data[start] = tuple(dealt)
            continue
        counts = [0] * zone.kinds
        for k in dealt:
            counts[k] += 1
        data[start:start + zone.kinds] = counts  # (an empty place stays all zeros)
    for slots in hidden_var_slots(game, state, player):
        values = sorted((data[slot] for slot in slots), key=repr)
        rng.shuffle(values)
        for slot, value in zip(slots, values):
            data[slot] = value
    redraw_sealed(game, state, data, player, rng)
    _redraw_locals(game, sample, places, held, rng)
    refresh(game.compiled.layout, data)
    sample.rng = rng.getrandbits(64)
    return sample


def _pieces(zone: Any, data: list, start: int) -> list:
    if zone.ordered:
        return list(data[start])
    return [k for k in range(zone.kinds) for _ in range(data[start + k])]


def _redraw_locals(game: Any, sample: Any, places: list, held: dict, rng: random.Random) -> None:
    """Each frame local naming a piece that lay in a hidden place names a piece of that place now."""
    blocks = game.compiled.ir.blocks
    by_kind: dict = {}
    for zone, start, _ in places:
        by_kind.setdefault(zone.kind, []).append((zone, start))
    chosen: dict = {}  # (place, piece it was) -> piece it is in the sample: one piece, one stand-in
    left: dict = {}  # place -> pieces of the sample's place not yet standing in for another

    def stand_in(kind: str, piece: Any) -> Any:
        for zone, start in by_kind.get(kind, ()):
            if isinstance(piece, int) and piece in held[start]:
                key = (start, piece)
                if key not in chosen:
                    pool = left.setdefault(start, sorted(_pieces(zone, sample.data, start)))
                    if not pool:
                        return piece
                    chosen[key] = pool.pop(rng.randrange(len(pool)))
                return chosen[key]
        return piece

    for frame in sample.frames:
        infos = blocks[frame[0]].locals
        values = frame[2]
        for i, info in enumerate(infos[:len(values)]):
            if not info.frame:
                continue
            kind = _piece_kind(info.type)
            if kind is None or kind not in by_kind or values[i] is None:
                continue
            if isinstance(info.type, List):
                values[i] = type(values[i])(stand_in(kind, v) for v in values[i])
            else:
                values[i] = stand_in(kind, values[i])


def _piece_kind(t: Any) -> Optional[str]:
    """The kind a local's value names pieces of (`kind NAME`, or a list of them), or None."""
    if isinstance(t, List):
        t = t.elem
    if isinstance(t, Opt):
        t = t.inner
    if isinstance(t, Int) and t.of.startswith("kind "):
        return t.of[len("kind "):]
    return None
