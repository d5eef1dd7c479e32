"""The native state's words ↔ the Python back-end's State, at any decision.

The native state is one array of int64 words (a C struct of int64 fields, no padding):

    status rng decision decider over by_player reason nwinners winners[MAXW] reason_args[MAXRA]
    nframes nmods nallows mods[MAXM]{site code C[MAXC]} allows[MAXA]{action player args[MAXARGS]}
    D[NDATA] frames[MAXF]{block pc n L[MAXL] R[MAXR][LCAP+1]}

D holds the Python data slots one for one (none is INT64_MIN, truth values 0/1, texts interned
ids); a slot that holds a list holds the offset of its region, [n, items…], after the slots.
"""
from __future__ import annotations

from typing import Any

from ..machine import State
from .cexpr import NativeUnsupported, is_list

NONE = -(1 << 63)
MASK64 = (1 << 64) - 1


class Words:
    """Where each field of the native state lies, for one game's sizes."""

    def __init__(self, z, maxf: int, maxm: int, maxa: int, maxra: int):
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
        self.total = at


def slot_kinds(game) -> list[str]:
    """For each Python data slot: 'int', 'bool', 'text' or 'list'."""
    c = game.c
    kinds = ["int"] * c.layout.size
    for name, var in c.layout.vars.items():
        t = c.p.vars[name].type
        kind = "list" if var.holds_list else {"bool": "bool", "text": "text"}.get(t.name, "int")
        count = 1
        for d in var.dims:
            count *= d.size
        for slot in range(var.base, var.base + count):
            kinds[slot] = kind
    for slot in c.layout.list_slots:
        kinds[slot] = "list"
    return kinds


def scalar_to_native(game, value: Any) -> int:
    if isinstance(value, dict):  # a table row: its number
        for table in game.c.tables.values():
            for i, row in enumerate(table.rows):
                if row is value or row == value:
                    return i
        raise NativeUnsupported("a table row that is not the table's own")
    if value is None:
        return NONE
    if value is True or value is False:
        return int(value)
    if isinstance(value, int):
        if not -(1 << 62) < value < (1 << 62):
            raise NativeUnsupported(f"number {value} is too large")
        return value
    if isinstance(value, str):
        if value not in game._text_index:
            raise NativeUnsupported(f"a text made during play ({value!r})")
        return game._text_index[value]
    raise NativeUnsupported(f"a {type(value).__name__} in the state")


def scalar_from_native(game, word: int, kind: str) -> Any:
    if word == NONE:
        return None
    if kind == "bool":
        return bool(word)
    if kind == "text":
        return game.texts[word]
    if kind.startswith("row:"):
        return game.c.tables[kind[4:]].rows[word]
    return word


def local_kind(t) -> str:
    if is_list(t):
        return "list"
    if t in ("bool", "text"):
        return t
    if isinstance(t, tuple) and t[0] == "row":
        return "row:" + t[1]
    return "int"


def data_to_native(game, data: list) -> list[int]:
    z = game.sizes
    kinds = game.kinds if hasattr(game, "kinds") else slot_kinds(game)
    game.kinds = kinds
    words = [0] * z.ndata
    for slot, value in enumerate(data):
        if kinds[slot] == "list":
            base = z.region_base[slot]
            words[slot] = base
            items = tuple(value)
            if len(items) > z.lcap:
                raise NativeUnsupported("a list longer than the native lists")
            words[base] = len(items)
            for i, item in enumerate(items):
                words[base + 1 + i] = scalar_to_native(game, item)
        else:
            words[slot] = scalar_to_native(game, value)
    return words


def data_from_native(game, words, offset: int) -> list:
    z = game.sizes
    out = []
    for slot, kind in enumerate(game.kinds):
        word = words[offset + slot]
        if kind == "list":
            base = offset + z.region_base[slot]
            out.append(tuple(words[base + 1: base + 1 + words[base]]))
        else:
            out.append(scalar_from_native(game, word, kind))
    return out


def block_kinds(game, block: int) -> dict[int, str]:
    scope = game.blocks[block].scope
    return {slot: local_kind(t) for slot, t in scope.slot_types.items()}


def to_native(game, S: State, words, w: Words) -> None:
    """Write Python state S into the native word array `words`."""
    z = w.z
    for i in range(w.total):
        words[i] = 0
    if S.result is not None:
        raise NativeUnsupported("a finished game")
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
    for i, word in enumerate(data_to_native(game, S.data)):
        words[w.data + i] = word
    for f, (block, pc, L) in enumerate(S.frames):
        at = w.frames + f * w.frame_words
        words[at], words[at + 1], words[at + 2] = block, pc, len(L)
        kinds = block_kinds(game, block)
        regions = game.blocks[block].scope.list_regions
        if len(L) > z.maxl:
            raise NativeUnsupported("a frame with more locals than native frames keep")
        for slot in range(z.maxl):
            words[at + 3 + slot] = NONE
        for slot, value in enumerate(L):
            if kinds.get(slot) == "list" and value is not None:
                region = at + 3 + z.maxl + regions[slot] * (z.lcap + 1)
                items = tuple(value)
                if len(items) > z.lcap:
                    raise NativeUnsupported("a list longer than the native lists")
                words[region] = len(items)
                for i, item in enumerate(items):
                    words[region + 1 + i] = scalar_to_native(game, item)
                words[at + 3 + slot] = 1
            else:
                words[at + 3 + slot] = scalar_to_native(game, value)


def from_native(game, words, w: Words, result=None) -> State:
    """The Python State for the native words (at a decision, or over: then `result` is given)."""
    z = w.z
    rng = words[1] & MASK64
    data = data_from_native(game, words, w.data)
    frames = []
    for f in range(words[w.nframes]):
        at = w.frames + f * w.frame_words
        block, pc = words[at], words[at + 1]
        kinds = block_kinds(game, block)
        regions = game.blocks[block].scope.list_regions
        L: list = []
        for slot in range(words[at + 2]):
            word = words[at + 3 + slot]
            kind = kinds.get(slot, "int")
            if kind == "list":
                if word == NONE:
                    L.append(None)
                else:
                    region = at + 3 + z.maxl + regions[slot] * (z.lcap + 1)
                    L.append(tuple(words[region + 1: region + 1 + words[region]]))
            else:
                L.append(scalar_from_native(game, word, kind))
        frames.append([block, pc, L])
    mods = []
    for i in range(words[w.nmods]):
        at = w.mods + i * w.mod_words
        site = words[at]
        count = game.modifiers[site][2]
        mods.append((site, tuple(words[at + 2: at + 2 + count]), words[at + 1]))
    allows = []
    for i in range(words[w.nallows]):
        at = w.allows + i * w.allow_words
        action = words[at]
        count = len(list(game.p.actions.values())[action].params)
        allows.append((action, tuple(words[at + 2: at + 2 + count]), words[at + 1]))
    decision, decider = words[2], words[3]
    return State(data, frames, rng, tuple(mods), decision, decider, result, tuple(allows))

