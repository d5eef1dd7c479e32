"""The state (plain data) and the loop that runs compiled instructions until the next decision."""
from __future__ import annotations

from typing import Any, Optional

from rulebook.dsl.errors import RulebookError

from .runtime import GameOver, RulesRuntimeError
from rulebook.dsl.nodes import Span

# What an entry function gives besides the next instruction: new frames were pushed, the block
# is done, or (SUSPENDED - pc) play waits at the decision of instruction pc.
PUSHED, POP, SUSPENDED = -1, -3, -10


class State:
    """Everything that changes during a game, as plain data.

    data      the flat list of slots (zones, variables, board groups, where the flow stands)
    frames    the running blocks: [block number, instruction number, locals list] each
    rng       the chance generator's 64-bit state (explicit chance: its record, see chance.py)
    mods      active modifiers: (modifier number, captured values, span code) each
    decision  the number of the decision waiting for a move (-1 when none)
    decider   the player who makes it
    result    None while playing; then (winners, winners are players?, reason)
    allows    standing actions allowed now: (action number, arguments, player) each
    """

    __slots__ = ("data", "frames", "rng", "mods", "decision", "decider", "result", "allows")

    def __init__(self, data: list, frames: list, rng: Any, mods: tuple = (), decision: int = -1,
                 decider: int = -1, result: Optional[tuple] = None, allows: tuple = ()):
        self.data = data
        self.frames = frames
        self.rng = rng
        self.mods = mods
        self.decision = decision
        self.decider = decider
        self.result = result
        self.allows = allows

    def copy(self) -> "State":
        """A deep copy that costs the state's size: every value inside is immutable."""
        return State(self.data[:], [[f[0], f[1], f[2][:]] for f in self.frames], self.rng,
                     self.mods, self.decision, self.decider, self.result, self.allows)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(repr(self._key()))

    def _key(self) -> tuple:
        return (self.data, self.frames, self.rng, self.mods, self.decision, self.decider, self.result,
                self.allows)

    def to_json(self) -> dict:
        return {
            "data": self.data,
            "frames": self.frames,
            "rng": self.rng,
            "mods": [[m[0], list(m[1]), m[2]] for m in self.mods],
            "decision": self.decision,
            "decider": self.decider,
            "result": None if self.result is None else [list(self.result[0]), self.result[1], self.result[2]],
            "allows": [[a[0], list(a[1]), a[2]] for a in self.allows],
        }

    @classmethod
    def from_json(cls, raw: Any, list_slots: frozenset) -> "State":
        """Rebuild a state from to_json() output. Raises RulebookError on anything malformed."""
        try:
            data = [freeze(v) if i in list_slots or isinstance(v, list) else v
                    for i, v in enumerate(raw["data"])]
            frames = [[int(f[0]), int(f[1]), [freeze(v) for v in f[2]]] for f in raw["frames"]]
            mods = tuple((int(m[0]), freeze(m[1]), int(m[2])) for m in raw["mods"])
            result = raw["result"]
            if result is not None:
                result = (tuple(result[0]), bool(result[1]), str(result[2]))
            allows = tuple((int(a[0]), freeze(a[1]), int(a[2])) for a in raw.get("allows", ()))
            rng = raw["rng"]  # the seeded generator, or an explicit-chance record (chance.py)
            rng = freeze(list(rng)) if isinstance(rng, (list, tuple)) else int(rng)
            return cls(data, frames, rng, mods, int(raw["decision"]), int(raw["decider"]), result,
                       allows)
        except (KeyError, TypeError, ValueError, IndexError) as err:
            raise RulebookError(f"not a saved state of this game: {err}") from None


def freeze(value: Any) -> Any:
    """JSON lists back to the tuples the engine keeps (dicts, for table rows, stay dicts)."""
    if isinstance(value, list):
        return tuple(freeze(v) for v in value)
    if isinstance(value, dict):
        return {k: freeze(v) for k, v in value.items()}
    return value


def run(S: State, compiled) -> None:
    """Run instructions until a decision is pending or the game ends."""
    code = compiled.code
    frames = S.frames
    try:
        while frames:
            frame = frames[-1]
            instrs = code[frame[0]]
            L = frame[2]
            pc = frame[1]
            while pc >= 0:
                pc = instrs[pc](S, L)
            if pc <= SUSPENDED:
                frame[1] = SUSPENDED - pc  # an action taken here comes back to ask again
                return
            if pc == POP:
                frames.pop()
    except GameOver as over:
        S.result = (tuple(over.winners[0]), bool(over.winners[1]), over.reason)
        S.frames = []
        S.allows = ()
        S.decision = -1
        S.decider = -1
        return
    except RulebookError:
        raise
    except RecursionError:
        raise RulesRuntimeError(None, "the rules call themselves without end") from None
    except (TypeError, IndexError, KeyError, ValueError, AttributeError, ZeroDivisionError) as err:
        raise RulesRuntimeError(rules_span(err, compiled), f"the rules went wrong here: "
                                                           f"{type(err).__name__}: {err}") from None
    if S.result is None:
        raise RulesRuntimeError(None, "the flow ended without 'end game'")


def rules_span(err: BaseException, compiled) -> Optional[Span]:
    """The span of the rules statement whose generated code raised err (its innermost frame)."""
    span = None
    tb = err.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == compiled.filename:
            span = compiled.error_span(tb.tb_lineno) or span
        tb = tb.tb_next
    return span
