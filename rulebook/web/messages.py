"""What the server sends one seat (or a spectator): built from that seat's view of the position,
the log as that seat may read it, and public facts (names, whose turn, the move counter) only.

Nothing here reads the state beyond `game.view(state, seat)`, and the legal moves when it is
the seat's own decision (the moves a player may make are theirs to see).
"""
from __future__ import annotations

from typing import Optional

from ..display import display_for, make_scene
from ..display.scene import move_notes
from ..display.svg import svg_pieces
from ..records import describe_result


def state_message(game, state, seat: Optional[int], log: list[str], counter: int, seats: list[str],
                  mods: tuple = ()) -> dict:
    """The whole table as `seat` (None: a spectator, what everyone sees) may see it. `counter` is
    the number of moves played: a move sent back must carry it, so a move chosen on an old
    position is refused."""
    names = list(game.player_names)
    view = game.view(state, seat)
    display = display_for(game, mods)
    board = [svg for svg, _ in svg_pieces(make_scene(game, display, view))]
    over = game.is_terminal(state)
    decider = None if over else game.current_player(state)
    mine = seat is not None and decider == seat
    result = describe_result(game, state) if over else None
    moves = game.legal_moves(state) if mine else []
    return {
        "type": "state",
        "counter": counter,
        "title": game.title,
        "players": [{"name": name, "seat": "person" if kind == "human" else f"bot ({kind})"}
                    for name, kind in zip(names, seats)],
        "you": None if seat is None else names[seat],
        "turn": None if decider is None else names[decider],
        "yours": mine,
        "moves": [str(move) for move in moves],
        "notes": move_notes(game, display, state, moves, seat),
        "board": board,
        "log": list(log),
        "result": None if result is None else f"{result['outcome']} ({result['reason']})",
    }


def refusal(why: str, counter: int) -> dict:
    """A move this browser sent was not played: why, and where the game stands."""
    return {"type": "refused", "why": why, "counter": counter}
