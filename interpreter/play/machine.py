"""The state (plain data) and the loop that runs compiled instructions until the next decision."""
from __future__ import annotations

from typing import Any, Callable, ClassVar, Optional

from rulebook.dsl.errors import RulebookError

from ..pyback.runtime import GameOver

# What an entry function gives besides the next instruction: new frames were pushed, the block
# is done, or (SUSPENDED - pc) play waits at the decision of instruction pc. A decision's player
# (pyback/samplers.py) also gives NOTHING (no legal move) or BOUND (the move is bound into the
# frame; the engine runs on from there); PUSHED when the move is a standing action's.
PUSHED, POP, NOTHING, BOUND, SUSPENDED = -1, -3, -4, -6, -10


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
    game      the game it is a state of, for showing it (None: a bare state); no part of its value
    """

    __slots__ = ("data", "frames", "rng", "mods", "decision", "decider", "result", "allows", "game")

    # How a state shows itself (str(): text, Jupyter: SVG): the engine draws nothing, so the
    # surfaces' layer sets this to its board drawing, drawing(game, state, "text" | "svg").
    drawing: ClassVar[Optional[Callable[[Any, "State", str], str]]] = None

    def __init__(self, data: list, frames: list, rng: Any, mods: tuple = (), decision: int = -1,
                 decider: int = -1, result: Optional[tuple] = None, allows: tuple = (), game: Any = None):
        self.data = data
        self.frames = frames
        self.rng = rng
        self.mods = mods
        self.decision = decision
        self.decider = decider
        self.result = result
        self.allows = allows
        self.game = game

    def copy(self) -> "State":
        """A deep copy that costs the state's size: every value inside is immutable."""
        return State(self.data[:], [[f[0], f[1], f[2][:]] for f in self.frames], self.rng,
                     self.mods, self.decision, self.decider, self.result, self.allows, self.game)

    def __reduce__(self) -> tuple:
        # Pickled as its value alone: the game is not part of it (nor picklable cheaply).
        return (State, (self.data, self.frames, self.rng, self.mods, self.decision, self.decider,
                        self.result, self.allows))

    def __str__(self) -> str:
        """The board as everyone may see it (the terminal drawing), once the state knows its game."""
        drawn = self._drawn("text")
        return object.__repr__(self) if drawn is None else drawn

    def _repr_html_(self) -> Optional[str]:
        """Jupyter shows the board as everyone may see it: the SVG picture the replay page draws."""
        return self._drawn("svg")

    def _drawn(self, kind: str) -> Optional[str]:
        if self.game is None or State.drawing is None:
            return None
        return State.drawing(self.game, self, kind)

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
    def from_json(cls, raw: Any) -> "State":
        """Rebuild a state from to_json() output, as given: JSON lists become tuples, nothing is
        converted. Raises RulebookError when its shape is not a state's; whether a game could
        have reached it is the game's to check (Game.state_from_json)."""
        try:
            data = _list(raw["data"], "data")
            frames = [[f[0], f[1], [freeze(v) for v in _list(f[2], "a frame's locals")]]
                      for f in _triples(raw["frames"], "frames")]
            mods = tuple((m[0], freeze(m[1]), m[2]) for m in _triples(raw["mods"], "mods"))
            result = raw["result"]
            if result is not None:
                winners, by_player, reason = _triple(result, "result")
                if not isinstance(by_player, bool) or not isinstance(reason, str):
                    raise RulebookError("not a saved state of this game: result is [winners, by player?, reason]")
                result = (freeze(_list(winners, "the winners")), by_player, reason)
            allows = tuple((a[0], freeze(a[1]), a[2]) for a in _triples(raw.get("allows", []), "allows"))
            rng = raw["rng"]  # the seeded generator, or an explicit-chance record (chance.py)
            rng = freeze(rng) if isinstance(rng, list) else rng
            data = [freeze(v) if v.__class__ in _CONTAINERS else v for v in data]
            return cls(data, frames, rng, mods, raw["decision"], raw["decider"], result, allows)
        except (KeyError, TypeError, AttributeError) as err:
            raise RulebookError(f"not a saved state of this game: {err}") from None

    def restore(self, saved: "State") -> None:
        """Become `saved` again (a copy taken earlier): how a failed move is undone."""
        self.data, self.frames, self.rng, self.mods = saved.data, saved.frames, saved.rng, saved.mods
        self.decision, self.decider, self.result, self.allows = \
            saved.decision, saved.decider, saved.result, saved.allows


def _list(value: Any, what: str) -> list:
    if not isinstance(value, list):
        raise RulebookError(f"not a saved state of this game: {what} must be a list")
    return value


def _triple(value: Any, what: str) -> list:
    if not isinstance(value, list) or len(value) != 3:
        raise RulebookError(f"not a saved state of this game: each of {what} is a list of three")
    return value


def _triples(value: Any, what: str) -> list:
    return [_triple(item, what) for item in _list(value, what)]


_CONTAINERS = (list, dict)


def freeze(value: Any) -> Any:
    """JSON lists back to the tuples the engine keeps (dicts, for table rows, stay dicts)."""
    if isinstance(value, list):
        return tuple(freeze(v) for v in value)
    if isinstance(value, dict):
        return {k: freeze(v) for k, v in value.items()}
    return value


def run(S: State, compiled) -> None:
    """Run instructions until a decision is pending, the game ends, or the frames run out (the
    caller says what that means). Errors of the rules pass through, for the caller to place."""
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
        finish(S, over)


def run_on(S: State, compiled, pc: int) -> None:
    """Run on after the top frame's entry gave pc (a decision's player ran it)."""
    frames = S.frames
    if pc >= 0:
        frames[-1][1] = pc
    elif pc == POP:
        frames.pop()
    run(S, compiled)


def finish(S: State, over: GameOver) -> None:
    """`end game` was reached: the state holds the result, and play stands nowhere."""
    S.result = (tuple(dict.fromkeys(over.winners[0])), bool(over.winners[1]), over.reason)  # each once
    S.frames = []
    S.allows = ()
    S.decision = -1
    S.decider = -1
