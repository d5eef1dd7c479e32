"""Put the flow at the start of a named step for a named player, changing nothing else.

Scenarios need "it is Leo's turn to move the pawn" without playing the moves before it.
The compiler records, for every `step`, the constructs that enclose it (loops, turns, phases, the
rule calls that lead there); placing builds the frames those constructs would have, choosing each
loop's iteration so that the enclosing `turn` is the wanted player's, then runs to the step's
first decision. Loop domains are evaluated on the current state, so rules whose turn order is
derived from the state (a value such as `action_order()`) place correctly.
"""
from __future__ import annotations

from typing import Iterator, Optional

from rulebook.dsl.errors import RulebookError

from ..layout import CURRENT_PHASE, CURRENT_PLAYER, CURRENT_STEP
from .machine import State, run

TURN_SPANS = (0, 3)  # modifiers lasting until the end of the turn or the step are dropped


class PlacementError(RulebookError):
    """The flow cannot be put at that step for that player."""


def _chains(calls: dict, block: int, depth: int = 0) -> Iterator[list]:
    """Every chain of rule calls from the flow (block 0) down to `block`."""
    if block == 0:
        yield []
        return
    if depth > 16:
        return
    for caller, path, return_pc, args in calls.get(block, ()):
        for chain in _chains(calls, caller, depth + 1):
            yield chain + [(caller, path, return_pc, args, block)]


def place(game, S: State, step: str, player: int) -> None:
    """Move S's flow to the first decision of `step` in `player`'s turn. On failure S is unchanged."""
    compiled = game.compiled
    sites = compiled.steps.get(step)
    if not sites:
        known = ", ".join(sorted(compiled.steps)) or "none"
        raise PlacementError(f"no step '{step}' in the rules (steps: {known})")
    if S.result is not None:
        raise PlacementError("the game is over")
    for block, path, enter_pc in sites:
        for chain in _chains(compiled.calls, block):
            trial = S.copy()
            trial.data[CURRENT_PLAYER] = player
            levels = [(caller, caller_path, return_pc, args) for caller, caller_path, return_pc, args, _ in chain]
            levels.append((block, path, enter_pc, None))
            _allowed: list = []
            try:
                frames = _build(compiled, trial, levels, player, _allowed)
            except RulebookError as err:
                raise PlacementError(f"cannot work out the turn order for '{step}': {err}") from None
            except (TypeError, ValueError, IndexError, KeyError, AttributeError) as err:
                raise PlacementError(f"cannot work out the turn order for '{step}' from this position "
                                     f"({type(err).__name__}: {err})") from None
            if frames is None:
                continue
            trial.frames = frames
            trial.allows = tuple(entry for entry in _allowed)
            trial.data[CURRENT_PLAYER] = player
            trial.data[CURRENT_STEP] = -1
            trial.mods = tuple(m for m in trial.mods if m[2] not in TURN_SPANS)
            trial.decision = -1
            run(trial, compiled)
            step_id = compiled.step_names.index(step)
            if trial.result is None and trial.decider == player and trial.data[CURRENT_STEP] == step_id:
                try:
                    game.legal_moves(trial)
                except RulebookError:
                    raise PlacementError(f"{game.player_names[player]}'s '{step}' step has nothing "
                                         f"to choose from here") from None
                _adopt(S, trial)
                return
            reason = _why_not(game, trial, step, player)
            raise PlacementError(f"cannot make it {game.player_names[player]}'s '{step}' step: {reason}")
    raise PlacementError(f"'{step}' is never a step of {game.player_names[player]}'s turn")


def _build(compiled, S: State, levels: list, player: int, allowed: list) -> Optional[list]:
    """Frames for the levels (root first), or None if no loop iteration gives player's turn."""
    frames: list = []

    def level(i: int, args: Optional[list]) -> bool:
        block, path, pc, next_args = levels[i]
        slots = compiled.block_slots[block]
        current = S.frames[len(frames)] if len(frames) < len(S.frames) else None
        if args is not None:
            L = list(args) + [None] * (slots - len(args))
        elif current is not None and current[0] == block:
            L = current[2][:]
        else:
            L = [None] * slots
        frames.append([block, pc, L])
        if entries(i, path, 0, L, next_args):
            return True
        frames.pop()
        return False

    def entries(i: int, path: tuple, j: int, L: list, next_args) -> bool:
        if j == len(path):
            if i + 1 == len(levels):
                return True
            return level(i + 1, next_args(S, L))
        entry = path[j]
        kind = entry[0]
        if kind == "for":
            _, items_slot, at_slot, var_slot, domain = entry
            items = domain(S, L)
            for index, value in enumerate(items):
                L[items_slot], L[at_slot], L[var_slot] = items, index + 1, value
                if entries(i, path, j + 1, L, next_args):
                    return True
            return False
        if kind == "repeat":
            L[entry[1]] = entry[2](S, L)
            return entries(i, path, j + 1, L, next_args)
        if kind == "turn":
            return entry[1](S, L) == player and entries(i, path, j + 1, L, next_args)
        if kind == "bind":  # a rule call made part of its caller: its parameters
            for slot, value in zip(entry[1], entry[2](S, L)):
                L[slot] = value
            return entries(i, path, j + 1, L, next_args)
        if kind == "phase":
            S.data[CURRENT_PHASE] = entry[1]
        if kind == "allow":
            allowed.append((entry[1], entry[2](S, L), entry[3](S, L)))
            if entries(i, path, j + 1, L, next_args):
                return True
            allowed.pop()
            return False
        return entries(i, path, j + 1, L, next_args)

    return frames if level(0, None) else None


def _adopt(S: State, trial: State) -> None:
    S.data, S.frames, S.rng, S.mods = trial.data, trial.frames, trial.rng, trial.mods
    S.decision, S.decider, S.result, S.allows = trial.decision, trial.decider, trial.result, trial.allows


def _why_not(game, trial: State, step: str, player: int) -> str:
    if trial.result is not None:
        return f"the game ended on the way ({trial.result[2]})"
    steps = game.compiled.step_names
    at = trial.data[CURRENT_STEP]
    where = steps[at] if 0 <= at < len(steps) else "no step"
    return (f"the step has no decision to make now; play went on to "
            f"{game.player_names[trial.decider]}'s '{where}' step")
