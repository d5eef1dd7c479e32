"""The native back-end of one Game: its compiled C library, whole random playouts, state conversion.

It knows no bots and no simulation: a caller gives each seat's bot as a code (BotCode: one of
BOT_KINDS and an MCTS budget) and a fall-back that plays one game in Python (rulebook/sim/backend.py
gives both), so nothing here imports the surfaces.

>>> from rulebook.api import load_game
>>> game = load_game("tests/games/nim")
>>> native = native_for(game)
>>> native is None or native.play_games(0, 3)[0][0] == 0
True
"""
from __future__ import annotations

import ctypes
import gc
import random
import time
from typing import Callable, NamedTuple, Optional, Sequence

from ..play import payoffs
from ..game import Game
from ..play.machine import State
from ..pyback.runtime import show
from . import cgame
from .cemit import NativeUnsupported
from .mtcopy import from_mt, to_mt
from .state import MASK64, NONE, Words, from_native, scalar_from_native, scalar_to_native, to_native
from .toolchain import NativeUnavailable, build

_P = ctypes.c_void_p
_I = ctypes.c_int64


class BotCode(NamedTuple):
    """A seat's bot as the native code plays it: a kind of BOT_KINDS, and an MCTS bot's budget."""

    kind: int
    iterations: int = 0


BOT_KINDS = {"random": 0, "greedy": 1, "mcts": 2, "ismcts": 3}  # ismcts: only where sampling.native_tables
Fallback = Callable[[int], tuple]  # seed -> the outcome of that game, played by the Python back-end


class NativeGame:
    """A Game's rules compiled to C. `why_not` is None when it works, else the reason it does not."""

    def __init__(self, game: Game):
        self.game = game
        if getattr(game, "chance", "seeded") != "seeded":
            raise NativeUnsupported("explicit chance (the native back-end draws from the seeded generator)")
        started = time.perf_counter()
        self.c = cgame.CGame(game.compiled.ir)
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
                ("rb_play_games_bots", _I, [_I, _I, _P, _P, _P, _P, ctypes.c_double]),
                ("rb_mt_seed_int", None, [_P, ctypes.c_uint64]), ("rb_set_budget", None, [_I]),
                ("rb_playouts", _I, [_P, _I, _P, _P])):
            fn = getattr(lib, name)
            fn.restype, fn.argtypes = restype, argtypes
        self.words = Words(self.c.sizes, cgame.MAXF, cgame.MAXM, cgame.MAXA, cgame.MAXRA, max(self.c.nrl, 1))
        if lib.rb_state_words() != self.words.total:
            raise NativeUnavailable("the native state's size is not what the converter expects")
        self._state = (_I * self.words.total)()
        self._bot = ctypes.create_string_buffer(624 * 4 + 8)
        self.fallbacks = 0
        self._endings: dict = {}

    # ------------------------------------------------------------ whole games
    def play_games(self, first_seed: int, count: int, bots: Sequence[BotCode] = (),
                   standing_rate: Optional[float] = None, digests: Optional[list] = None,
                   watch: tuple = (), masks: Optional[list] = None,
                   fallback: Optional[Fallback] = None) -> list[tuple]:
        """Outcomes (as rulebook.sim.runner.play_one gives them) of games first_seed… with these
        bots (codes, one per seat; random for all when empty) and standing rate (see
        rulebook.bots.standing_pool). A game the native code cannot finish (an error in the
        rules, a full list) is played by `fallback` instead (the Python back-end: the caller's; an
        error when there is none), so the outcomes are always the Python back-end's. `digests`,
        when given, gets each game's
        moves folded into one number (move_digest; None for a game played in Python). `masks`, when
        given (a counting build only), gets per game which of the reach points `watch` the game
        reached: bit j for watch[j] (rulebook.sim.runner.play_one gives the same)."""
        if masks is not None and not self.c.points:
            raise ValueError("reach masks need a counting build (load_game(..., counting=True))")
        out_words = self.c.out_words
        self.lib.rb_set_budget(self.game.step_budget)
        outcomes: list = []
        seed = first_seed
        remaining = count
        codes = tuple(bots) or (BotCode(BOT_KINDS["random"]),) * self.game.player_count
        kinds = (_I * len(codes))(*(code.kind for code in codes))
        iterations = (_I * len(codes))(*(code.iterations for code in codes))
        every_random = all(code.kind == BOT_KINDS["random"] for code in codes) and standing_rate is None
        rate = -1.0 if standing_rate is None else float(standing_rate)
        while remaining:
            batch = min(remaining, 256)
            out = (_I * (out_words * batch))()
            if every_random:
                done = self.lib.rb_play_games(seed, batch, out, self._state)
            else:
                done = self.lib.rb_play_games_bots(seed, batch, out, self._state, kinds, iterations, rate)
            words = out[:done * out_words]  # one copy into Python ints, then plain list reads
            collecting = gc.isenabled()
            gc.disable()  # thousands of small tuples, none in a cycle: no collection while decoding
            try:
                for g in range(done):
                    outcomes.append(self._outcome(seed + g, words, g * out_words))
                if digests is not None:
                    digests.extend(words[g * out_words + out_words - 1] & MASK64 for g in range(done))
                if masks is not None:
                    masks.extend(self._mask(out, g * out_words, watch) for g in range(done))
            finally:
                if collecting:
                    gc.enable()
            if done < batch:
                self.fallbacks += 1
                if fallback is None:
                    raise NativeUnsupported(f"game {seed + done} cannot finish natively, and no fall-back was given")
                outcomes.append(fallback(seed + done))
                if digests is not None:
                    digests.append(None)
                done += 1
            seed += done
            remaining -= done
        return outcomes

    def _mask(self, out, at: int, watch: tuple) -> int:
        """Which watched points the game whose outcome starts at `at` reached (its marks are bytes
        just before the digest)."""
        start = 8 * (at + self.c.out_words - 1 - self.c.mark_words)
        marks = memoryview(out).cast("B")[start:start + self.c.points]
        return sum(1 << j for j, point in enumerate(watch) if marks[point])

    def _outcome(self, seed: int, out, at: int) -> tuple:
        z = self.c.sizes
        end = at + 6 + z.maxw + cgame.MAXRA
        key = tuple(out[at + 3:end])  # how the game ended: the same few endings come back again and again
        lists = self._shown_lists(out, end)
        key += lists
        ending = self._endings.get(key)
        if ending is None:
            ending = self._endings[key] = self._ending(out, at, lists)
        players, text = ending
        decisions = out[at + 1]
        at = end + self.c.nrl * (z.lcap + 1)
        stats: list = []
        for listy in self.c.stat_kinds:
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
            scores = tuple(None if out[at + p] == NONE else out[at + p] for p in range(self.game.player_count))
            at += z.score_words
        paid = None
        declared = self.game.compiled.ir.payoff
        if declared is not None:
            count = self.game.player_count
            paid = payoffs.checked(declared, [out[at + p] for p in range(count)], self.game.player_names)
        return (seed, players, text, decisions, tuple(stats), scores, paid)

    def _shown_lists(self, words, at: int) -> tuple:
        """The lists an end-game text shows, stored from `at` as NRL regions [n, items…]."""
        size = self.c.sizes.lcap + 1
        return tuple(tuple(words[r + 1:r + 1 + words[r]]) for r in range(at, at + self.c.nrl * size, size))

    def _ending(self, out, at: int, lists: tuple) -> tuple:
        c, z, game = self.c, self.c.sizes, self.game
        by_player, reason, nwinners = out[at + 3], out[at + 4], out[at + 5]
        winners = tuple(dict.fromkeys(out[at + 6 + i] for i in range(nwinners)))  # each once, as in Python
        args = [out[at + 6 + z.maxw + i] for i in range(cgame.MAXRA)]
        text = c.reason_text(reason, args, lists, self._show)
        if by_player:
            return winners, text
        return tuple(p for p in range(game.player_count) if game.compiled.team_of[p] in winners), text

    def _show(self, word, how: tuple, kind: str) -> str:
        if isinstance(word, tuple):  # a shown list's items
            return show(tuple(scalar_from_native(self.c, w, kind) for w in word), how)
        return show(scalar_from_native(self.c, word, kind), how)

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
            winners = tuple(dict.fromkeys(words[w.winners + i] for i in range(words[7])))
            args = [words[w.reason_args + i] for i in range(cgame.MAXRA)]
            lists = self._shown_lists(words, w.reason_lists)
            result = (winners, bool(words[5]), self.c.reason_text(words[6], args, lists, self._show))
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
        reached = self.read_state()
        reached.game = state.game
        return reached

    def playouts(self, state: State, count: int, rng: random.Random) -> list[float]:
        """Each player's mean win return over `count` random games played natively from `state`, one
        after another (an MCTS leaf's evaluation: OpenSpiel's RandomRolloutEvaluator). The bots'
        chance comes from `rng` (advanced as used); each playout draws the game's own chance afresh."""
        if count < 1:
            raise ValueError("playouts need a count of at least 1")
        self.write_state(state)
        self._set_bot(rng)
        self.lib.rb_set_budget(self.game.step_budget)
        totals = (ctypes.c_double * self.game.player_count)()
        done = self.lib.rb_playouts(self._state, count, self._bot, totals)
        self._get_bot(rng)
        if done < count:
            raise NativeUnsupported(f"a playout stopped natively after {done} of {count}")
        return [total / count for total in totals]

    # The bots' Mersenne Twister crosses as memory (mtcopy: no 625 Python ints each way).
    def _set_bot(self, rng: random.Random) -> None:
        to_mt(rng, self._bot)

    def _get_bot(self, rng: random.Random) -> None:
        from_mt(self._bot, rng)


DIGEST_START = 0xcbf29ce484222325


def move_digest(native: NativeGame, digest: int, move) -> int:
    """`digest` with one more move folded in, as play.c's move_digest does (FNV-1a over words)."""
    for word in (move.decision, move.option, *(scalar_to_native(native.c, v) for v in move.values)):
        digest = ((digest ^ (word & MASK64)) * 0x100000001b3) & MASK64
    return digest


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
