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
from typing import Any, NamedTuple, Optional

from .derived import refresh
from .simultaneous import redraw_sealed
from .views import hidden_var_slots
from ..ir.types import Int, List, Opt


class Plan(NamedTuple):
    """What a sample for one player draws anew at one state, before any chance is drawn: the hidden
    places (zone, first slot, how many pieces it holds, where its share starts in its kind's pool),
    each kind's pooled pieces in a fixed order, the groups of hidden values' slots, and what each
    place held. It depends only on what the player sees (and where the rules stand): so does every
    sample drawn from it. interpreter/native/sampling.py hands the same plan to the native search."""

    places: list
    pools: dict
    var_groups: list
    held: dict


def plan(game: Any, state: Any, player: Optional[int]) -> Plan:
    """The plan of a sample of `state` for `player` (None: a spectator)."""
    data = state.data
    places: list = []
    pools: dict[str, list] = {}  # kind -> the hidden pieces of that kind, pooled
    for zone, start in game.hidden_zones(state, player):
        pieces = _pieces(zone, data, start)
        pool = pools.setdefault(zone.kind, [])
        places.append((zone, start, len(pieces), len(pool)))
        pool.extend(pieces)
    for pieces in pools.values():
        pieces.sort()  # the same pool whatever the hidden arrangement it came from
    held = {start: _pieces(zone, data, start) for zone, start, _, _ in places}
    return Plan(places, pools, hidden_var_slots(game, state, player), held)


def determinize(game: Any, state: Any, player: Optional[int], rng: random.Random) -> Any:
    """A copy of `state` with what `player` may not see drawn anew (None: what nobody in
    particular may see, a spectator's unknowns)."""
    sample = state.copy()
    data = sample.data
    drawn = plan(game, state, player)
    pools = {kind: list(drawn.pools[kind]) for kind in sorted(drawn.pools)}
    for pieces in pools.values():
        rng.shuffle(pieces)
    for zone, start, size, at in drawn.places:
        dealt = pools[zone.kind][at:at + size]
        if zone.ordered:
            data[start] = tuple(dealt)
            continue
        counts = [0] * zone.kinds
        for k in dealt:
            counts[k] += 1
        data[start:start + zone.kinds] = counts  # (an empty place stays all zeros)
    for slots in drawn.var_groups:
        values = sorted((data[slot] for slot in slots), key=repr)
        rng.shuffle(values)
        for slot, value in zip(slots, values):
            data[slot] = value
    redraw_sealed(game, state, data, player, rng)
    _redraw_locals(game, sample, drawn, rng)
    refresh(game.compiled.layout, data)
    sample.rng = rng.getrandbits(64)
    return sample


def _pieces(zone: Any, data: list, start: int) -> list:
    if zone.ordered:
        return list(data[start])
    return [k for k in range(zone.kinds) for _ in range(data[start + k])]


def hidden_locals(game: Any, frames: list, drawn: Plan):
    """Each piece a frame local names that lay in a place hidden from the player, in frame order:
    (frame, local, item — its position in a list local, or None —, that place's index in
    drawn.places, the piece). The first hidden place that held it is the one it came from."""
    by_kind: dict = {}
    for index, (zone, start, _, _) in enumerate(drawn.places):
        by_kind.setdefault(zone.kind, []).append((index, start))
    for f, frame in enumerate(frames):
        values = frame[2]
        for i, kind, listed in piece_locals(game, frame[0]):
            if i >= len(values) or kind not in by_kind or values[i] is None:
                continue
            items = enumerate(values[i]) if listed else [(None, values[i])]
            for item, piece in items:
                place = next((index for index, start in by_kind[kind]
                              if isinstance(piece, int) and piece in drawn.held[start]), None)
                if place is not None:
                    yield f, i, item, place, piece


def _redraw_locals(game: Any, sample: Any, drawn: Plan, rng: random.Random) -> None:
    """Each frame local naming a piece that lay in a hidden place names a piece of that place now."""
    chosen: dict = {}  # (place, piece it was) -> piece it is in the sample: one piece, one stand-in
    left: dict = {}  # place -> pieces of the sample's place not yet standing in for another
    for f, i, item, place, piece in list(hidden_locals(game, sample.frames, drawn)):
        key = (place, piece)
        if key not in chosen:
            zone, start, _, _ = drawn.places[place]
            pool = left.setdefault(place, sorted(_pieces(zone, sample.data, start)))
            if not pool:
                continue
            chosen[key] = pool.pop(rng.randrange(len(pool)))
        values = sample.frames[f][2]
        if item is None:
            values[i] = chosen[key]
        else:
            items = list(values[i])
            items[item] = chosen[key]
            values[i] = type(values[i])(items)


def piece_locals(game: Any, block: int) -> list:
    """A block's frame locals that name pieces: (local, kind, whether a list), once per game and block."""
    known = game.__dict__.setdefault("_piece_locals", {})
    found = known.get(block)
    if found is None:
        infos = game.compiled.ir.blocks[block].locals
        found = known[block] = [(i, _piece_kind(info.type), isinstance(info.type, List)) for i, info in enumerate(infos)
                                if info.frame and _piece_kind(info.type) is not None]
    return found


def _piece_kind(t: Any) -> Optional[str]:
    """The kind a local's value names pieces of (`kind NAME`, or a list of them), or None."""
    if isinstance(t, List):
        t = t.elem
    if isinstance(t, Opt):
        t = t.inner
    if isinstance(t, Int) and t.of.startswith("kind "):
        return t.of[len("kind "):]
    return None
