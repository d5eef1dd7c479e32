"""The native back-end of one Game: its compiled C library, whole random playouts, state conversion.

>>> from rulebook.api import load_game
>>> game = load_game("tests/games/nim")
>>> native = native_for(game)
>>> native is None or native.play_games(0, 3)[0][0] == 0
True
"""
from __future__ import annotations

import ctypes
import random
import time
from typing import Optional

from rulebook.dsl.types import BOOL, TEXT

from ..game import Game
from ..machine import State
from ..runtime import show
from . import cgame
from .cexpr import NativeUnsupported
from .state import NONE, Words, from_native, scalar_from_native, slot_kinds, to_native
from .toolchain import NativeUnavailable, build

NOT_PORTED = ("the C emitter still reads the old compiler's CompiledGame; it waits for its port to the "
              "compiled form (game.compiled.ir, see interpreter/ir/)")
_P = ctypes.c_void_p
_I = ctypes.c_int64


class NativeGame:
    """A Game's rules compiled to C. `why_not` is None when it works, else the reason it does not."""

    def __init__(self, game: Game):
        self.game = game
        if not hasattr(game.compiled, "blocks"):  # the compiled form (game.compiled.ir) replaced CompiledGame
            raise NativeUnavailable(NOT_PORTED)
        started = time.perf_counter()
        self.c = cgame.CGame(game.compiled)
        self.c.kinds = slot_kinds(self.c)
        self.generate_seconds = time.perf_counter() - started
        built = build(self.c.source, game.title)
        self.compile_seconds = built.compile_seconds
        self.cached = built.cached
        self.compiler = built.compiler
        lib = built.library
        self.lib = lib
        for name, restype, argtypes in (
                ("rb_state_words", _I, []), ("rb_new_game", None, [_P, _I]), ("rb_run", None, [_P]),
                ("rb_play_random_one", _I, [_P, _P]), ("rb_play_games", _I, [_I, _I, _P, _P]),
                ("rb_mt_seed_int", None, [_P, ctypes.c_uint64])):
            fn = getattr(lib, name)
            fn.restype, fn.argtypes = restype, argtypes
        self.words = Words(self.c.sizes, cgame.MAXF, cgame.MAXM, cgame.MAXA, cgame.MAXRA)
        if lib.rb_state_words() != self.words.total:
            raise NativeUnavailable("the native state's size is not what the converter expects")
        self._state = (_I * self.words.total)()
        self._bot = ctypes.create_string_buffer(624 * 4 + 8)
        self.fallbacks = 0

    # ------------------------------------------------------------ whole games
    def play_games(self, first_seed: int, count: int) -> list[tuple]:
        """Outcomes (as rulebook.sim.runner.play_one gives them) of games first_seed… with random
        bots. A game the native code cannot finish (an error in the rules, a full list) is played
        by the Python back-end instead, so the outcomes are always the Python back-end's."""
        out_words = self.c.out_words
        outcomes: list = []
        seed = first_seed
        remaining = count
        while remaining:
            batch = min(remaining, 256)
            out = (_I * (out_words * batch))()
            done = self.lib.rb_play_games(seed, batch, out, self._state)
            words = out[:done * out_words]  # one copy into Python ints, then plain list reads
            for g in range(done):
                outcomes.append(self._outcome(seed + g, words, g * out_words))
            if done < batch:
                self.fallbacks += 1
                outcomes.append(self._python_game(seed + done))
                done += 1
            seed += done
            remaining -= done
        return outcomes

    def _python_game(self, seed: int) -> tuple:
        from rulebook.bots import RandomBot
        from rulebook.sim.runner import play_one
        return play_one(self.game, [RandomBot()] * self.game.player_count, seed)

    def _outcome(self, seed: int, out, at: int) -> tuple:
        c, z, game = self.c, self.c.sizes, self.game
        decisions, by_player, reason, nwinners = out[at + 1], out[at + 3], out[at + 4], out[at + 5]
        winners = tuple(out[at + 6 + i] for i in range(nwinners))
        args = [out[at + 6 + z.maxw + i] for i in range(cgame.MAXRA)]
        text = c.reason_text(reason, args, self._show)
        if by_player:
            players = winners
        else:
            players = tuple(p for p in range(game.player_count) if game.compiled.team_of[p] in winners)
        at += 6 + z.maxw + cgame.MAXRA
        stats: list = []
        for listy in c.stat_kinds:
            if listy:
                n = out[at]
                stats.append(tuple(sorted(set(out[at + 1 + i] for i in range(n)))))
                at += 1 + z.lcap
            else:
                word = out[at]
                stats.append(None if word == NONE else word)
                at += 1
        scores = None
        if z.score_words:
            scores = tuple(None if out[at + p] == NONE else out[at + p] for p in range(game.player_count))
        return (seed, players, text, decisions, tuple(stats), scores)

    def _show(self, word: int, t) -> str:
        kind = "bool" if t == BOOL else "text" if t == TEXT else "int"
        return show(scalar_from_native(self.c, word, kind), self.game.compiled.shower(t))

    # ------------------------------------------------------------ states
    def new_state(self, seed: int) -> State:
        self.lib.rb_new_game(self._state, seed)
        return self.read_state()

    def read_state(self) -> State:
        words = self._state
        if words[0]:
            raise NativeUnsupported(f"native play stopped (status {words[0]})")
        result = None
        if words[4]:
            w = self.words
            winners = tuple(words[w.winners + i] for i in range(words[7]))
            args = [words[w.reason_args + i] for i in range(cgame.MAXRA)]
            result = (winners, bool(words[5]), self.c.reason_text(words[6], args, self._show))
        state = from_native(self.c, words, self.words, result)
        if result is not None:
            state.frames, state.allows, state.decision, state.decider = [], (), -1, -1
        return state

    def write_state(self, state: State) -> None:
        to_native(self.c, state, self._state, self.words)

    def play_random(self, state: State, rng: random.Random, moves: Optional[int] = None) -> State:
        """Play random moves natively from `state` (bots' chance from `rng`, which is advanced the
        same way) to the end, or `moves` moves; gives the Python state reached."""
        self.write_state(state)
        self._set_bot(rng)
        limit = moves if moves is not None else 1 << 62
        played = 0
        while played < limit and not self._state[4] and not self._state[0]:
            if self.lib.rb_play_random_one(self._state, self._bot) < 0:
                break
            played += 1
        self._get_bot(rng)
        return self.read_state()

    def _set_bot(self, rng: random.Random) -> None:
        version, internal, _ = rng.getstate()
        words = (ctypes.c_uint32 * 624).from_buffer(self._bot)
        for i in range(624):
            words[i] = internal[i]
        ctypes.c_int64.from_buffer(self._bot, 624 * 4).value = internal[624]

    def _get_bot(self, rng: random.Random) -> None:
        words = (ctypes.c_uint32 * 624).from_buffer(self._bot)
        index = ctypes.c_int64.from_buffer(self._bot, 624 * 4).value
        rng.setstate((3, tuple(words[i] for i in range(624)) + (index,), None))


_NATIVE: dict[int, object] = {}


def native_for(game: Game) -> Optional[NativeGame]:
    """The game's native back-end, built once per Game; None when it cannot be (see why_not)."""
    key = id(game)
    found = _NATIVE.get(key)
    if found is None:
        try:
            found = NativeGame(game)
        except (NativeUnsupported, NativeUnavailable) as err:
            found = str(err)
        _NATIVE[key] = found
        setattr(game, "_native_keepalive", found)  # the cache key stays valid while the game lives
    return found if isinstance(found, NativeGame) else None


def why_not(game: Game) -> Optional[str]:
    native_for(game)
    found = _NATIVE.get(id(game))
    return found if isinstance(found, str) else None
