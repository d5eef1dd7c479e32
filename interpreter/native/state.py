"""The native state's words ↔ the Python back-end's State, at any decision.

The native state is one array of int64 words (a C struct of int64 fields, no padding):

    status rng decision decider over by_player reason nwinners winners[MAXW] reason_args[MAXRA]
    nframes nmods nallows mods[MAXM]{site code C[MAXC]} allows[MAXA]{action player args[MAXARGS]}
    D[NDATA] frames[MAXF]{block pc n L[MAXL] R[MAXR][LCAP+1]} reason_lists[MAXRL][LCAP+1]

D holds the Python data slots one for one (none is INT64_MIN, truth values 0/1, texts interned
ids); a slot that holds a list holds the offset of its region, [n, items…], after the slots.
"""
from __future__ import annotations

import ctypes
from typing import Any

from ..play.machine import State
from .cemit import NativeUnsupported, kind_of

NONE = -(1 << 63)
MASK64 = (1 << 64) - 1
_LOW, _HIGH = -(1 << 62), 1 << 62  # a number the native words hold as it is (scalar_to_native)


class Words:
    """Where each field of the native state lies, for one game's sizes."""

    def __init__(self, z, maxf: int, maxm: int, maxa: int, maxra: int, maxrl: int):
        self.z = z
        self.maxf, self.maxm, self.maxa, self.maxra = maxf, maxm, maxa, maxra
        at = 8
        self.winners = at
        at += z.maxw
        self.reason_args = at
        at += maxra
        self.nframes, self.nmods, self.nallows = at, at + 1, at + 2
        at += 3
        self.mod_words = 2 + z.maxc
        self.mods = at
        at += maxm * self.mod_words
        self.allow_words = 2 + z.maxargs
        self.allows = at
        at += maxa * self.allow_words
        self.data = at
        at += z.ndata
        self.frame_words = 3 + z.maxl + z.maxr * (z.lcap + 1)
        self.frames = at
        at += maxf * self.frame_words
        self.reason_lists = at
        at += maxrl * (z.lcap + 1)
        self.total = at


def scalar_to_native(game, value: Any) -> int:
    if value is None:
        return NONE
    if value is True or value is False:
        return int(value)
    if isinstance(value, int):
        if not _LOW < value < _HIGH:
            raise NativeUnsupported(f"number {value} is too large")
        return value
    if isinstance(value, str):
        if value not in game.k.text_ids:
            raise NativeUnsupported(f"a text made during play ({value!r})")
        return game.k.text_ids[value]
    raise NativeUnsupported(f"a {type(value).__name__} in the state")


def scalar_from_native(game, word: int, kind: str) -> Any:
    if word == NONE:
        return None
    if kind == "bool":
        return bool(word)
    if kind == "text":
        return game.k.texts[word]
    return word


def _list_to_native(game, value, words, at: int, cap: int = 0) -> None:
    items = tuple(value)
    if len(items) > (cap or game.sizes.lcap):
        raise NativeUnsupported("a list longer than the native lists")
    # [n, items…] in one slice store (a ctypes array's stores cost most of a write, one by one)
    words[at:at + 1 + len(items)] = [len(items), *[item if item.__class__ is int and _LOW < item < _HIGH else
                                                   scalar_to_native(game, item) for item in items]]


def data_to_native(game, data: list) -> list[int]:
    """The data's words: its slots, then each list's region ([n, items…]) after them."""
    words = data_to_slots(game, data)
    words += [0] * (game.sizes.ndata - len(words))
    _lists_into(game, data, words, 0)
    return words


def _data_into(game, data: list, words, at: int) -> None:
    """data_to_native's words stored at `at` of `words`, which is all zeros: the slots, then each list's
    used part of its region (not the zeros between them: hundreds of stores into a ctypes array)."""
    slots = data_to_slots(game, data)
    words[at:at + len(slots)] = slots
    _lists_into(game, data, words, at)


def data_to_slots(game, data: list) -> list[int]:
    """The data's slots as words, a list's slot holding the offset of its region."""
    z = game.sizes
    # every slot as a number first (most are: as they are, scalar_to_native's first case inline), then
    # the lists' slots pointed at their regions
    words: list = [value if value.__class__ is int and _LOW < value < _HIGH else
                   _LISTED if value.__class__ is tuple else scalar_to_native(game, value) for value in data]
    for slot in _list_slots(game):
        if data[slot] is None:
            raise NativeUnsupported("a list slot holding none")
        words[slot] = z.region_base[slot]
    if _LISTED in words:  # a list where the layout keeps a single value
        raise NativeUnsupported("a tuple in the state")
    return words


def _lists_into(game, data: list, words, at: int) -> None:
    z = game.sizes
    for slot in _list_slots(game):
        _list_to_native(game, data[slot], words, at + z.region_base[slot], z.hcap if slot == z.history else 0)


_LISTED = object()
_LIST_SLOTS: dict = {}


def _list_slots(game) -> list[int]:
    """The data slots that hold lists (worked out once per compiled game)."""
    key = id(game.data_kinds)
    found = _LIST_SLOTS.get(key)
    if found is None or found[0] is not game.data_kinds:
        found = _LIST_SLOTS[key] = (game.data_kinds, [s for s, kind in enumerate(game.data_kinds) if kind == "list"])
    return found[1]


def data_from_native(game, words, offset: int) -> list:
    z = game.sizes
    out = []
    for slot, kind in enumerate(game.data_kinds):
        if kind == "list":
            base = offset + z.region_base[slot]
            out.append(tuple(words[base + 1: base + 1 + words[base]]))
        else:
            out.append(scalar_from_native(game, words[offset + slot], kind))
    return out


def to_native(game, S: State, words, w: Words) -> None:
    """Write Python state S into the native word array `words`."""
    z, ir = w.z, game.ir
    if isinstance(words, ctypes.Array):  # the native back-end's own array: cleared in one call
        ctypes.memset(words, 0, ctypes.sizeof(words))
    else:
        for i in range(w.total):
            words[i] = 0
    if S.result is not None:
        raise NativeUnsupported("a finished game")
    if S.rng.__class__ is not int:
        raise NativeUnsupported("explicit chance")
    rng = S.rng & MASK64
    words[1] = rng - (1 << 64) if rng >= 1 << 63 else rng
    words[2], words[3] = S.decision, S.decider
    if len(S.frames) > w.maxf or len(S.mods) > w.maxm or len(S.allows) > w.maxa:
        raise NativeUnsupported("more frames, modifiers or allowed actions than native play keeps")
    words[w.nframes], words[w.nmods], words[w.nallows] = len(S.frames), len(S.mods), len(S.allows)
    for i, (site, captured, code) in enumerate(S.mods):
        at = w.mods + i * w.mod_words
        words[at], words[at + 1] = site, code
        for j, value in enumerate(captured):
            words[at + 2 + j] = scalar_to_native(game, value)
    for i, (action, args, player) in enumerate(S.allows):
        at = w.allows + i * w.allow_words
        words[at], words[at + 1] = action, player
        for j, value in enumerate(args):
            words[at + 2 + j] = scalar_to_native(game, value)
    _data_into(game, S.data, words, w.data)
    for f, (block, pc, L) in enumerate(S.frames):
        at = w.frames + f * w.frame_words
        words[at], words[at + 1], words[at + 2] = block, pc, len(L)
        regions = game.regions[block]
        slots = [NONE] * z.maxl
        for slot, value in enumerate(L):
            if slot in regions and value is not None:
                _list_to_native(game, value, words, at + 3 + z.maxl + regions[slot] * (z.lcap + 1))
                slots[slot] = 1
            elif value is not None:
                slots[slot] = scalar_to_native(game, value)
        words[at + 3:at + 3 + z.maxl] = slots


def from_native(game, words, w: Words, result=None) -> State:
    """The Python State for the native words (at a decision, or over: then `result` is given)."""
    z, ir = w.z, game.ir
    data = data_from_native(game, words, w.data)
    frames = []
    for f in range(words[w.nframes]):
        at = w.frames + f * w.frame_words
        block, pc = words[at], words[at + 1]
        infos = ir.blocks[block].locals
        regions = game.regions[block]
        L: list = []
        for slot, info in enumerate(infos):
            word = words[at + 3 + slot]
            if word == NONE or not info.frame:
                L.append(None)
            elif slot in regions:
                region = at + 3 + z.maxl + regions[slot] * (z.lcap + 1)
                L.append(tuple(words[region + 1: region + 1 + words[region]]))
            else:
                L.append(scalar_from_native(game, word, kind_of(info.type)))
        frames.append([block, pc, L])
    mods = []
    for i in range(words[w.nmods]):
        at = w.mods + i * w.mod_words
        site = words[at]
        count = ir.modifiers[site].captured
        mods.append((site, tuple(words[at + 2: at + 2 + count]), words[at + 1]))
    allows = []
    for i in range(words[w.nallows]):
        at = w.allows + i * w.allow_words
        action = words[at]
        count = ir.blocks[ir.actions[action].block].params
        allows.append((action, tuple(words[at + 2: at + 2 + count]), words[at + 1]))
    return State(data, frames, words[1] & MASK64, tuple(mods), words[2], words[3], result, tuple(allows))
