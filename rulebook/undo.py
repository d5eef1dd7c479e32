"""What `undo` at the table may take back (issue 25 item 1).

Undoing must never reveal the future: had a person drawn a card, rolled, or looked at something,
undoing that and playing on would let them see the same draw again or take a look back. So an undo
stops at the last move after which anything hidden came out — chance decided something, or some
player (a bot too: what it saw shapes its next choices, which the people see) could see what they
could not see before — and it takes back only the undoing person's own decisions and the bots'
moves after them, never another person's. Both are worked out from the engine's contract alone
(the chance generator, `view`, `view_state`), knowing no game.
"""
from __future__ import annotations

from typing import Optional

from rulebook.dsl.errors import RulebookError
from rulebook.interpreter.game import Game
from rulebook.interpreter.play.machine import State


def _refilled(game: Game, state: State, player: int, filler: int) -> State:
    """`state` with everything hidden from `player` filled in one fixed way (views.view_state),
    and where play stands inside the rules kept, so a move can be played on it."""
    other = state.copy()
    other.data = list(game.view_state(game.view(state, player), filler).data)
    game.refresh(other)
    return other


def shows_the_hidden(game: Game, before: State, move, after: State) -> Optional[str]:
    """Why taking back `move` (played at `before`, giving `after`) would hide again what someone
    has seen: a chance event, or a player whose view after it depends on what was hidden from them
    before it (a move they read the same, played on two other fillings of their hidden part, must
    leave them seeing the same; two fillings, as either one alone may happen to be the real one).
    None: nothing came out."""
    if before.rng != after.rng:
        return "chance decided something there"
    for player, name in enumerate(game.player_names):
        seen = game.view(after, player)
        for filler in (0, 1):
            try:
                other = _refilled(game, before, player, filler)
                game.apply(other, _as_seen(game, other, player, game.public_text(before, move, player)))
                same = game.view(other, player) == seen
            except (RulebookError, TypeError, ValueError, IndexError, KeyError):
                same = False  # the move depends on what is hidden from them (its legality, its effects)
            if not same:
                return f"it showed {name} something that was hidden before"
    return None


def _as_seen(game: Game, state: State, player: int, text: str):
    """The first legal move at `state` that `player` reads as `text` (another's private move is
    read in its public form: "keeps a card" stands for whichever card the filling holds)."""
    for move in game.iter_legal_moves(state):
        if game.public_text(state, move, player) == text:
            return move
    raise RulebookError(f"no move reads '{text}' here")


def why_not_undo(game: Game, player: int, previous: Optional[tuple], trail: list, first: int,
                 now: State) -> Optional[str]:
    """Why `player` may not go back to `previous` (the last person's decision before this one:
    (state, moves recorded before it, whose decision), or None); None if they may.

    `trail` holds (the state before it, the move) for each move played at this table, the first of
    them move `first + 1`; `now` is the state at the undoing player's prompt."""
    names = game.player_names
    if previous is None:
        return "Nothing to undo: this is the first decision of the game's people here."
    _, kept, decider = previous
    if decider != player:
        return (f"Cannot undo: {names[decider]} has decided since your last decision, and undo takes back "
                f"only your own moves (and the bots' after them).")
    for index in range(len(trail) - 1, kept - first - 1, -1):  # the latest first
        before, move = trail[index]
        after = trail[index + 1][0] if index + 1 < len(trail) else now
        why = shows_the_hidden(game, before, move, after)
        if why:
            text = game.public_text(before, move, player)  # as the undoing player may read it
            return f"Cannot undo past move {first + index + 1} ({names[game.current_player(before)]}: {text}): {why}."
    return None
