"""Whether a position written with sentences is the position of a record, and what differs.

Two states are the same position when they play alike: equal in everything but what play will
overwrite before reading it — a stale value (who played when, last round), a frame's leftover
local. So a written position counts when it is equal to the record's, or becomes equal while the
record's next moves (then moves picked at random) are played from both, and stays equal to the
game's end; what differs otherwise is named in the rules' words (`hand[Leo][red]: 2 against 3`).
"""
from __future__ import annotations

import random
from typing import Optional

from rulebook.dsl.errors import RulebookError
from rulebook.interpreter.liveness import live_locals
from rulebook.interpreter.moves import IllegalMove


_PLAY_ERRORS = (RulebookError, AssertionError, IllegalMove)


def _alike(game, a, b) -> bool:
    """Equal but for the random generator and the frames' dead locals."""
    return (a.data == b.data and a.decision == b.decision and a.decider == b.decider and a.mods == b.mods
            and a.allows == b.allows and a.result == b.result and same_frames(game, a, b))


def same_frames(game, a, b) -> bool:
    """The same blocks at the same instructions, with the same live locals (interpreter/liveness.py)."""
    if len(a.frames) != len(b.frames):
        return False
    live = live_locals(game.ir)
    for (block, pc, x), (other, other_pc, y) in zip(a.frames, b.frames):
        if block != other or pc != other_pc:
            return False
        if x != y and any(x[slot] != y[slot] for slot in live[block][pc]):
            return False
    return True


def play_alike(game, written, recorded, moves: list, chance_moves: int = 1) -> Optional[list[str]]:
    """None if `written` plays as `recorded`: along the record's next `moves` (texts), then along
    moves picked at random, to the game's end; else what differs, at the start. The random draws
    must agree for the first `chance_moves` moves (those a scenario plays); after them the two go
    on with the same draws."""
    a, b = written.copy(), recorded.copy()
    if _alike(game, a, b) and (a.rng == b.rng or not moves):
        return None
    first = differences(game, a, b) or ["the random draws differ"]
    met = _alike(game, a, b)
    picker = random.Random(0)
    moves = list(moves)
    for number in range(1, MAX_MOVES + 1):
        if game.is_terminal(b):
            break
        if number > chance_moves:
            a.rng = b.rng
        move = _next_move(game, a, b, moves, number, picker)
        if isinstance(move, list):  # the two fail differently: what differs
            return first + move
        if move is None:  # every move tried makes the rules fail, alike on both sides: no further to go
            break
        game.apply(b, move)
        try:
            game.apply(a, game.parse_move(a, str(move)))
        except _PLAY_ERRORS:
            return first + [f"the move '{move}' cannot be played from it"]
        if met and not _alike(game, a, b):  # equal once, then apart: the random draws differ
            return first + ["the random draws differ"]
        met = met or _alike(game, a, b)
    if met and _alike(game, a, b):
        return None
    return first


MAX_MOVES = 5000


def _next_move(game, a, b, moves: list, number: int, picker: random.Random):
    """The record's next move, else one picked at random, that plays at b; a move that makes the
    rules fail must fail at a alike (a list saying otherwise), and is passed over; None when no
    move plays. A failing record move ends the record's part: moves are picked at random after it."""
    tries = [moves[number - 1]] if number <= len(moves) else []
    tries += [str(game.sample_move(b, picker)) for _ in range(20)]
    for text in tries:
        failed = _fails(game, b, text)
        if failed is None:
            return game.parse_move(b, text)
        if _fails(game, a, text) != failed:
            return [f"the move '{text}' does not fail there as in the record"]
        if number <= len(moves):
            del moves[number - 1:]
    return None


def _fails(game, state, text: str) -> Optional[str]:
    """Why playing `text` at `state` fails (on a copy), or None if it plays."""
    try:
        game.apply(state.copy(), game.parse_move(state, text))
    except _PLAY_ERRORS as err:
        return str(err)
    return None


def differences(game, a, b, limit: int = 6) -> list[str]:
    """What differs between two states of a game, in its words (at most `limit` items)."""
    out: list[str] = []
    for slot, (x, y) in enumerate(zip(a.data, b.data)):
        if x != y:
            out.append(f"{slot_name(game, slot)}: {_shown(x)} written, {_shown(y)} in the record")
    if a.decision != b.decision or a.decider != b.decider:
        out.append(f"the decision waiting: {_decision(game, a)} written, {_decision(game, b)} in the record")
    if [f[:2] for f in a.frames] != [f[:2] for f in b.frames]:
        out.append(f"where play stands: {_frames(game, a)} written, {_frames(game, b)} in the record")
    elif not same_frames(game, a, b):
        out.append("values kept by the flow (a loop's counter or position, a choice's values) differ")
    if a.mods != b.mods:
        out.append(f"effects lasting for a while (modifiers): {len(a.mods)} written, {len(b.mods)} in the record")
    if a.allows != b.allows:
        out.append("the standing actions allowed differ")
    if a.result != b.result:
        out.append("the game's end differs")
    if len(out) > limit:
        out = out[:limit] + [f"and {len(out) - limit} more"]
    return out


def _shown(value) -> str:
    return "none" if value is None else repr(value) if isinstance(value, str) else str(value)


def _decision(game, state) -> str:
    if state.result is not None:
        return "none (the game is over)"
    return f"{game.player_names[state.decider]}'s at {game.decision_span(state)}"


def _frames(game, state) -> str:
    names = game.block_names
    return " > ".join(f"{names[block]}@{pc}" for block, pc, _ in state.frames)


def slot_name(game, slot: int) -> str:
    """A slot of the state's data by the rules' names: `hand[Leo][red]`, `left[white]`."""
    layout = game.layout
    for zone in layout.zones.values():
        end = zone.base + zone.width * zone.instances
        if zone.base <= slot < end:
            instance, member = divmod(slot - zone.base, zone.width)
            where = _index(game, zone.dims, instance)
            if zone.ordered:
                return f"{zone.name}{where} (in order)"
            return f"{zone.name}{where}[{game.kind_names[zone.kind][member]}]"
    for var in layout.vars.values():
        if var.base <= slot < var.base + var.instances:
            return f"{var.name}{_index(game, var.dims, slot - var.base)}"
    for board in layout.boards.values():
        if board.roots >= 0 and board.roots <= slot < board.roots + board.size:
            return f"the group of {board.name} node {board.labels[slot - board.roots]}"
        if board.edges >= 0 and board.edges <= slot < board.edges + board.size:
            return f"the links of {board.name} node {board.labels[slot - board.edges]}"
    return {0: "whose turn it is", 1: "the phase", 2: "the step"}.get(slot, f"slot {slot}")


def _index(game, dims: tuple, flat: int) -> str:
    parts = []
    for d in reversed(dims):
        flat, i = divmod(flat, d.size)
        value = d.low + i
        if d.type_name == "player":
            parts.append(game.player_names[value])
        elif d.type_name == "team":
            parts.append(game.team_names[value])
        elif d.board is not None:
            board = game.layout.boards[d.board]
            parts.append(board.labels[value - board.low])
        elif d.type_name in game.kind_names:
            parts.append(game.kind_names[d.type_name][value])
        else:
            parts.append(str(value))
    return "".join(f"[{p}]" for p in reversed(parts))
