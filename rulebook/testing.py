"""The random-simulation check every game and variant must pass (after OpenSpiel's random_sim_test).

At every decision of a seeded random game: the declared invariants hold; a copy and a JSON round
trip give an equal state with the same legal moves; a random illegal move is refused and leaves
the state as it was; for a sample of decisions, play continued from the copy and from the
restored state is the same game.
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, field

from rulebook.dsl.errors import RulebookError
from rulebook.interpreter.play.determinize import determinize
from rulebook.interpreter.game import Game
from rulebook.interpreter.play.moves import IllegalMove, Move

from .failures import failures_folder, invariants_broken, rules_error, save_failure


class SimulationFailure(AssertionError):
    pass


@dataclass
class Playthrough:
    seed: int
    moves: list = field(default_factory=list)  # move texts, in order
    reason: str = ""
    winners: tuple = ()
    decisions: int = 0


def _texts(game: Game, state) -> list[str]:
    return [str(m) for m in game.legal_moves(state)]


def illegal_move_for(game: Game, state, rng: random.Random) -> Move:
    """A move that answers the waiting decision but is not legal (a value outside every domain),
    or one that answers another decision."""
    legal = game.legal_moves(state)
    base = legal[rng.randrange(len(legal))]
    kind = rng.randrange(3)
    if kind == 0 and base.values:
        values = list(base.values)
        values[rng.randrange(len(values))] = -987654  # no domain holds this
        return Move(base.decision, base.option, tuple(values), base.label)
    if kind == 1:
        return Move(base.decision, base.option + 1000, base.values, base.label)
    return Move(base.decision + 1000, base.option, base.values, base.label)


def random_playthrough(game: Game, seed: int, *, check_every: bool = True, replay_every: int = 25,
                       max_decisions: int = 100_000, policy=None, mods: tuple = ()) -> Playthrough:
    """Play a seeded random game, checking the engine's contract at every decision.
    `policy(game, state, rng) -> move` picks the moves (default: uniformly random). A game that
    fails (a broken invariant, a rules error, a broken contract) is saved as a full record
    (rulebook/failures.py: $RULEBOOK_FAILURES, else the temporary folder), and the failure says
    where, with the `rulebook scenario` command that shows its last move."""
    rng = random.Random(seed)
    record = Playthrough(seed)
    state = game.new_initial_state(seed)
    played: list = []  # (player, move) of each move, for the record of a failed game
    try:
        _playthrough(game, state, seed, rng, record, played, check_every, replay_every, max_decisions, policy)
    except (SimulationFailure, RulebookError) as err:
        what = rules_error(err) if isinstance(err, RulebookError) else str(err)
        raise SimulationFailure(save_failure(game, game.program.path, mods, seed, ["random"] * game.player_count,
                                             played, failures_folder(), what)) from None
    result = game.result(state)
    record.reason, record.winners = result.reason, result.winners
    return record


def _playthrough(game: Game, state, seed: int, rng: random.Random, record: Playthrough, played: list,
                 check_every: bool, replay_every: int, max_decisions: int, policy) -> None:
    decision = 0
    while not game.is_terminal(state):
        decision += 1
        if decision > max_decisions:
            raise SimulationFailure(f"no end after {max_decisions} decisions")
        if check_every:
            _check_point(game, state, rng, seed, decision, replay=(decision % replay_every == 0))
        move = policy(game, state, rng) if policy is not None else game.sample_move(state, rng)
        record.moves.append(str(move))
        played.append((game.current_player(state), move))
        game.apply(state, move)
        record.decisions = decision
        if check_every:
            broken = invariants_broken(game, state)
            if broken:
                raise SimulationFailure(broken)


def _check_point(game: Game, state, rng: random.Random, seed: int, decision: int, replay: bool) -> None:
    where = f"seed {seed}, decision {decision}"
    legal = _texts(game, state)
    if not legal:
        raise SimulationFailure(f"{where}: a decision with no legal move")
    copy = state.copy()
    if copy != state or _texts(game, copy) != legal:
        raise SimulationFailure(f"{where}: copy() differs from the state")
    restored = game.state_from_json(json.loads(json.dumps(state.to_json())))
    if restored != state or _texts(game, restored) != legal:
        raise SimulationFailure(f"{where}: the JSON round trip differs from the state")
    bad = illegal_move_for(game, state, rng)
    try:
        game.apply(state, bad)
    except IllegalMove:
        pass
    else:
        raise SimulationFailure(f"{where}: the illegal move {bad.to_json()} was accepted")
    if state != copy:
        raise SimulationFailure(f"{where}: a refused move changed the state")
    if replay:
        _replay_both(game, copy, restored, random.Random(seed * 7919 + decision), where)


def _replay_both(game: Game, a, b, rng: random.Random, where: str) -> None:
    """Play on from two equal states with the same moves: the games must stay identical."""
    for _ in range(40):
        if game.is_terminal(a) or game.is_terminal(b):
            break
        move = game.sample_move(a, rng)
        game.apply(a, move)
        game.apply(b, game.parse_move(b, str(move)) if str(move) else move)
        if a != b:
            raise SimulationFailure(f"{where}: the copy and the restored state diverged after {move}")
    if game.is_terminal(a) != game.is_terminal(b):
        raise SimulationFailure(f"{where}: only one of two equal states ended")


def redeal_hidden(game: Game, state, viewer: int, rng: random.Random):
    """A copy of `state` that differs only in what `viewer` may not see (interpreter/play/determinize.py:
    hidden pieces pooled kind by kind, shuffled and dealt back with the counts each place had,
    hidden values permuted, a new generator). Two such states must give `viewer` the same view,
    and the same moves when it is their turn."""
    return determinize(game, state, viewer, rng)
