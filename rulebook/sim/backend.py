"""Which back-end plays a simulation's games: native C when it can, else the Python back-end.

`RULEBOOK_BACKEND=python` (or `native`, or the default `auto`) chooses; `native` reports an error
rather than play in Python. The choice never changes the figures: both back-ends play the same
games seed for seed.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional

from rulebook.dsl.errors import OptionsError
from rulebook.interpreter.game import Game

if TYPE_CHECKING:
    from rulebook.interpreter.native.backend import NativeGame

NATIVE_BOTS = {"random", "greedy", "mcts", "ismcts"}  # ismcts: see _fair_bots_seated


@dataclass(frozen=True)
class Choice:
    """The back-end chosen for a game and bots: `native` is None when the Python back-end plays."""

    native: Optional["NativeGame"]
    reason: str  # why the Python back-end plays (empty when native does)


def wanted() -> str:
    value = os.environ.get("RULEBOOK_BACKEND", "auto").strip().lower() or "auto"
    if value not in ("auto", "python", "native"):
        raise OptionsError(f"RULEBOOK_BACKEND must be auto, python or native, not '{value}'")
    return value


def choose(game: Game, bots: tuple) -> Choice:
    mode = wanted()
    if mode == "python":
        return Choice(None, "RULEBOOK_BACKEND=python")
    if any(str(b).split(":")[0] not in NATIVE_BOTS for b in bots):
        reason = "bots other than random play in Python"
    else:
        from rulebook.interpreter.native.backend import native_for, why_not
        native = native_for(game)
        if native is not None and not _fair_bots_seated(native, bots):
            reason = "the fair bot's games play in Python here: what is hidden changes in play, a secret choice or a hidden list, or a time budget"
        elif native is not None:
            return Choice(native, "")
        else:
            reason = f"native back-end unavailable: {why_not(game)}"
    if mode == "native":
        raise OptionsError(f"RULEBOOK_BACKEND=native, but {reason}")
    return Choice(None, reason)


def _fair_bots_seated(native: "NativeGame", bots: tuple) -> bool:
    """Whether native games can seat these bots' fair ones: with an iteration budget and the
    default exploration, in a game whose hidden parts are fixed (sampling.fair_bot_natively)."""
    from rulebook.bots import make_bot
    from rulebook.ismcts import EXPLORATION, ISMCTSBot
    from rulebook.interpreter.native.sampling import fair_bot_natively
    fair = [bot for bot in (make_bot(str(b)) for b in bots if str(b).split(":")[0] == "ismcts")
            if isinstance(bot, ISMCTSBot)]
    if not fair:
        return True
    return all(bot.seconds is None and bot.exploration == EXPLORATION for bot in fair) and fair_bot_natively(native)


def native_player(game: Game, bots: tuple) -> Optional["NativeGame"]:
    return choose(game, bots).native


def bot_codes(names: tuple) -> tuple:
    """Per seat, the native code of the bot `name` names (as rulebook.bots.make_bot reads names)."""
    from rulebook.bots import MCTSBot, make_bot
    from rulebook.ismcts import EXPLORATION, ISMCTSBot
    from rulebook.interpreter.native.backend import BOT_KINDS, BotCode
    from rulebook.interpreter.native.cemit import NativeUnsupported
    codes = []
    for name in names:
        bot = make_bot(name)  # a name no bot has is refused here, as in Python
        iterations = 0
        if isinstance(bot, MCTSBot):
            if bot.exploration != 1.4:
                raise NativeUnsupported("an MCTS exploration other than 1.4")
            iterations = bot.iterations
        elif isinstance(bot, ISMCTSBot):
            if bot.seconds is not None or bot.exploration != EXPLORATION:
                raise NativeUnsupported("a fair bot with a time budget or another exploration")
            iterations = bot.iterations or 1
        kind = name.split(":")[0].strip().lower()
        if kind not in BOT_KINDS:  # a bot the C does not play: Python plays the game
            raise NativeUnsupported(f"the {kind} bot")
        codes.append(BotCode(BOT_KINDS[kind], iterations))
    return tuple(codes)


def native_games(native: "NativeGame", first_seed: int, count: int, bots: tuple = (),
                 standing_rate: Optional[float] = None, **given) -> list:
    """native.play_games with these bots (names; random for all when empty), a game the native code
    cannot finish played in Python by rulebook.sim.runner.play_one (same seed, bots and counting)."""
    from rulebook.bots import make_bot
    from rulebook.interpreter.native.cemit import NativeUnsupported
    from rulebook.sim.runner import play_one
    game = native.game
    names = tuple(str(b) for b in bots) or ("random",) * game.player_count
    watch, masks = given.get("watch", ()), given.get("masks")

    def fallback(seed: int) -> tuple:
        return play_one(game, [make_bot(name, standing_rate) for name in names], seed, watch=watch, masks=masks)
    if not _fair_bots_seated(native, names):  # (it also hands the fair bot's tables to the C)
        raise NativeUnsupported("the fair bot plays in Python here")
    return native.play_games(first_seed, count, bot_codes(names), standing_rate, fallback=fallback, **given)
