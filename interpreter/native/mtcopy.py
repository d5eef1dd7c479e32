"""The bots' chance crossing between a Python random.Random and chance.c's Mt, as memory.

A playout call of a small game is a few hundred nanoseconds a game, so what a call costs around the
C matters: getstate()/setstate() make and read 625 Python ints each (about 20 µs a call, as much as
a hundred short playouts). On CPython the generator's words lie in the object itself
(_randommodule.c: `PyObject_HEAD; int index; uint32_t state[624];`), so they are copied as one block
each way. That layout is checked once, against getstate(), on a generator of our own; anywhere it
does not hold (another Python, another layout) the words cross through getstate()/setstate().

Only the generator's words cross: random.Random's cached gauss value is left as it is (setstate
would have dropped it), which no draw of random(), randrange() or getrandbits() reads.
"""
from __future__ import annotations

import ctypes
import platform
import random
import struct
import sys

MT_WORDS = struct.Struct("=624Iq")  # chance.c's Mt: the 624 words, then the index (2496 bytes in: no padding)
_WORDS_BYTES = 624 * 4


_HEAD = sys.getsizeof(object())  # CPython's PyObject_HEAD (reference count, type): the index follows it


def _layout_holds() -> bool:
    """Whether this Python keeps a random.Random's words where the block copies read them."""
    if platform.python_implementation() != "CPython":
        return False
    probe = random.Random(20260101)
    for _ in range(700):  # past a twist, so the index is not at its start
        probe.random()
    _, internal, _ = probe.getstate()
    at = id(probe) + _HEAD
    index = ctypes.c_int.from_address(at).value
    words = struct.unpack(f"={624}I", ctypes.string_at(at + 4, _WORDS_BYTES))
    return index == internal[-1] and words == internal[:-1]


_IN_PLACE = _layout_holds()


def in_place() -> bool:
    """Whether the words cross as memory here (else through getstate()/setstate())."""
    return _IN_PLACE


def to_mt(rng: random.Random, mt: ctypes.Array) -> None:
    """Copy `rng`'s state into the Mt buffer `mt`."""
    if _IN_PLACE and rng.__class__ is random.Random:  # a subclass may keep its state elsewhere
        at = id(rng) + _HEAD
        ctypes.memmove(mt, at + 4, _WORDS_BYTES)
        ctypes.c_int64.from_buffer(mt, _WORDS_BYTES).value = ctypes.c_int.from_address(at).value
        return
    _, internal, _ = rng.getstate()
    ctypes.memmove(mt, MT_WORDS.pack(*internal), MT_WORDS.size)


def from_mt(mt: ctypes.Array, rng: random.Random) -> None:
    """Set `rng`'s state to the Mt buffer `mt`'s (the bots' chance advanced by the C)."""
    if _IN_PLACE and rng.__class__ is random.Random:  # a subclass may keep its state elsewhere
        at = id(rng) + _HEAD
        ctypes.memmove(at + 4, mt, _WORDS_BYTES)
        ctypes.c_int.from_address(at).value = ctypes.c_int64.from_buffer(mt, _WORDS_BYTES).value
        return
    rng.setstate((3, MT_WORDS.unpack(mt.raw[:MT_WORDS.size]), None))
