"""Simultaneous decisions: the choices of an `each q in players chooses secretly:` block, offered as
one node of the game (OpenSpiel's simultaneous node) or one after another (the sequential mode).

The block runs as a loop of turns, one `choose` per player in seat order, each writing only what
its chooser alone sees (dsl/check_secret.py). So no player's legal moves or view depend on an
earlier player's choice: the node's legal moves of each player can be read by playing any legal
move for the players before them on a copy, and the joint move is each player's move played in
seat order — the same game the sequential mode plays one move at a time.
"""
from __future__ import annotations

from typing import Any, Optional, Sequence

from rulebook.dsl import nodes as n

from ..analysis.program_walk import program_nodes, span_key
from .machine import State
from .moves import IllegalMove, Move

SIMULTANEOUS = -3  # current_player() at a simultaneous node (decisions="simultaneous"), as OpenSpiel's -2
DECISION_MODES = ("sequential", "simultaneous")


class Sealed:
    """Which decisions of a compiled game are secret choices, and what they write."""

    def __init__(self, program: Any, sites: Sequence[Any]):
        blocks = secret_blocks(program)
        spans = {span_key(st.span) for block in blocks for st in block.body if isinstance(st, n.Choose)}
        self.sites = frozenset(i for i, site in enumerate(sites) if span_key(site.span) in spans)
        # The variables a secret choice writes: while the others choose, a sample redraws them.
        self.vars = frozenset(name for block in blocks for name in block.writes() if name in program.vars)

    def at(self, S: State) -> bool:
        """Is S waiting at a player's secret choice?"""
        return S.result is None and S.decision in self.sites

    def opens(self, S: State) -> bool:
        """Is S a simultaneous node: at a secret choice nobody has made yet?"""
        return self.at(S) and S.decider == 0

    def chosen(self, S: State) -> tuple:
        """The players who have made their secret choice at the node S stands in (seat order)."""
        return tuple(range(S.decider)) if self.at(S) else ()


def secret_blocks(program: Any) -> list:
    """The program's secret choices (`each q in players chooses secretly:`), in source order."""
    return program_nodes(program, n.Secretly)


def seat_state(game: Any, S: State, player: int) -> State:
    """At a simultaneous node, the state at `player`'s own secret choice: S itself for the first
    player, else a copy where the players before them made any legal choice (theirs cannot change
    what `player` may choose or see)."""
    if not game.sealed.opens(S):
        raise IllegalMove("no simultaneous decision waits here")
    if not 0 <= player < game.player_count:
        raise IllegalMove(f"no player {player} in a game of {game.player_count}")
    if player == 0:
        return S
    ahead = S.copy()
    while ahead.decider < player:
        game.apply(ahead, game.legal_moves(ahead)[0])
    return ahead


def player_moves(game: Any, S: State, player: int) -> list[Move]:
    """`player`'s legal moves at S: at a simultaneous node, those of their secret choice;
    elsewhere the legal moves if `player` decides, else none."""
    if S.result is not None:
        return []
    if game.sealed.opens(S):
        return game.legal_moves(seat_state(game, S, player))
    return game.legal_moves(S) if S.decision >= 0 and S.decider == player else []


def apply_joint(game: Any, S: State, moves: Sequence[Move]) -> None:
    """Play one move per player (in seat order) at the simultaneous node S stands at, all at once:
    anything but a legal move for each raises IllegalMove and changes nothing."""
    if not game.sealed.opens(S):
        raise IllegalMove("no simultaneous decision waits here: play the move of the player deciding")
    if len(moves) != game.player_count:
        raise IllegalMove(f"a joint move holds one move per player: {game.player_count}, not {len(moves)}")
    saved = S.copy()
    try:
        for player, move in enumerate(moves):
            if not game.sealed.at(S) or S.decider != player:
                raise IllegalMove(f"player {player + 1} has no secret choice to make here")
            game.apply(S, move)
    except BaseException:
        S.restore(saved)
        raise


def redraw_sealed(game: Any, S: State, data: list, player: Optional[int], rng: Any) -> None:
    """In a sample for `player` (data: its slots), draw anew what the players who have made
    their secret choice at S, other than `player`, wrote in variables: each value uniformly among
    the values of its type (a kind's members, the players, true/false), whatever it was, so the
    sample tells nothing of it. (What a choice moved into a private zone is already drawn with
    the zone's pieces; a number is left as the hidden values' shuffle leaves it.)"""
    chosen = [q for q in game.sealed.chosen(S) if q != player]
    if not chosen:
        return
    for name in sorted(game.sealed.vars):
        values = _values_of(game, game.program.vars[name].type)
        if values is None:
            continue
        var = game.compiled.layout.vars[name]
        per_player = var.instances // var.dims[0].size if var.dims else var.instances
        for q in chosen:
            for slot in range(var.base + q * per_player, var.base + (q + 1) * per_player):
                data[slot] = values[rng.randrange(len(values))]


def _values_of(game: Any, t: Any) -> Optional[list]:
    """Every value a variable of the written type holds, but none (chosen values are never none)."""
    if t.name in game.kind_names:
        return list(range(len(game.kind_names[t.name])))
    if t.name == "player":
        return list(range(game.player_count))
    if t.name == "bool":
        return [False, True]
    return None
