"""A fair searching bot: information-set MCTS, deciding from its player's view alone.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012): every iteration draws a
determinization of the position — a full state consistent with what the deciding player sees
(interpreter/play/determinize.py: the others' hands, the piles' order, hidden values and the chance to
come drawn anew) — and descends one shared tree whose edges are moves, choosing among the moves
legal in that sample by UCB with availability counts (a move is judged against the iterations in
which it could have been played), then plays the sample out at random — where the rules declare a
score, only PLAYOUT_CUTOFF moves, judged by the score's margin — and backs up every player's
return. Where the game plays natively the whole search runs in C (interpreter/native/ismcts.c, the
samples drawn there from determinize's plan: the position crosses once per decision); else in
Python, with native playouts where they can be.

Why this and not determinized MCTS with a tree per sample (PIMC): one tree pools every sample's
statistics, so a budget of 200 iterations is 200 samples rather than a few samples searched
shallowly, and it never averages plans that each assume a different world it could not tell apart.

It never reads what its player may not see: the samples are drawn from a pool put in a fixed order
first, so two positions its player cannot tell apart give the same samples and, with the same
generator, the same choice (tests/test_fair_bots.py holds that). In a game without hidden
information every sample is the position itself, with fresh chance: this is plain open-loop MCTS.
"""
from __future__ import annotations

import math
import random
import time
from typing import Optional

from rulebook.bots import MAX_MCTS_ITERATIONS, Bot, UnknownBot
from rulebook.dsl.errors import RulebookError
from rulebook.interpreter.play.determinize import determinize
from rulebook.interpreter.game import Game
from rulebook.interpreter.play.machine import State
from rulebook.interpreter.play.moves import Move

EXPLORATION = 0.7  # returns are 0..1 per player: a smaller constant than for ±1 rewards
# Where the rules declare a score, a playout stops after this many random moves and is judged by the
# score (_returns): in a long game (a couple of hundred decisions) a random playout to the end says
# little about the move that started it, and the cut playouts are several times cheaper (measured
# against greedy on a long card game of the shipped ones: benchmarks/fair_bots.py, issue 29's note).
# None: to the end. Games without a score always play to the end.
PLAYOUT_CUTOFF: Optional[int] = 20
NATIVE_BATCH = 16  # iterations per native call under a time budget (the clock is read between calls)


class _Node:
    """One move in the shared tree: visits, times it was available, every player's summed return."""

    __slots__ = ("visits", "available", "totals", "children")

    def __init__(self, players: int):
        self.visits = 0
        self.available = 0
        self.totals = [0.0] * players
        self.children: dict[Move, _Node] = {}


class ISMCTSBot(Bot):
    """`ismcts:N` — N iterations a decision; `ismcts:Ts` — as many as T seconds allow."""

    def __init__(self, iterations: Optional[int] = None, seconds: Optional[float] = None,
                 exploration: float = EXPLORATION):
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.name = f"ismcts:{iterations}" if seconds is None else f"ismcts:{seconds:g}s"

    def __str__(self) -> str:
        return self.name

    def choose(self, game: Game, state: State, rng: random.Random) -> Move:
        moves = game.legal_moves(state)
        if len(moves) == 1:
            return moves[0]
        player = game.current_player(state)
        deadline = None if self.seconds is None else time.process_time() + self.seconds
        search = _native_search(game, state, player, self.exploration, PLAYOUT_CUTOFF)
        if search is not None:
            return self._choose_natively(search, moves, deadline, rng)
        root = _Node(game.player_count)
        rollout = _rollout_for(game, PLAYOUT_CUTOFF)
        done = failed = 0
        while (deadline is None and done < (self.iterations or 1)) or (deadline is not None and
                                                                       (done == 0 or time.process_time() < deadline)):
            try:
                self._iterate(game, determinize(game, state, player, rng), root, rng, rollout)
            except RulebookError:
                # A sample the rules cannot play on (something hidden the rules keep in a way a
                # sample cannot draw anew): left out; when every one fails, a random legal move.
                failed += 1
                if failed > 10 * (done + 1):
                    break
                continue
            done += 1
        most = max((root.children[m].visits for m in moves if m in root.children), default=0)
        best = [m for m in moves if m in root.children and root.children[m].visits == most] or moves
        return best[rng.randrange(len(best))]

    def _choose_natively(self, search, moves: list, deadline: Optional[float], rng: random.Random) -> Move:
        """The same search in C (ismcts.c): the samples drawn there from the decision's plan."""
        if deadline is None:
            index = search.run(self.iterations or 1, rng, choose=True)
        else:
            while not search.stopped and (search.done == 0 or time.process_time() < deadline):
                search.run(NATIVE_BATCH, rng)
            index = search.run(0, rng, choose=True)
        return moves[index] if index >= 0 else moves[rng.randrange(len(moves))]

    def _iterate(self, game: Game, sample: State, root: _Node, rng: random.Random, rollout) -> None:
        path = [root]
        node = root
        while not game.is_terminal(sample):
            moves = game.legal_moves(sample)
            for move in moves:
                child = node.children.get(move)
                if child is not None:
                    child.available += 1
            untried = [m for m in moves if m not in node.children]
            if untried:
                move = untried[rng.randrange(len(untried))]
                child = node.children[move] = _Node(game.player_count)
                child.available = 1
                game.apply(sample, move)
                path.append(child)
                break
            move = self._select(node, moves, game.current_player(sample))
            node = node.children[move]
            game.apply(sample, move)
            path.append(node)
        returns = rollout(sample, rng)
        for visited in path:
            visited.visits += 1
            for p, value in enumerate(returns):
                visited.totals[p] += value

    def _select(self, node: _Node, moves: list, player: int) -> Move:
        best, best_value = moves[0], -math.inf
        c = self.exploration
        for move in moves:
            child = node.children[move]
            value = child.totals[player] / child.visits + c * math.sqrt(math.log(max(child.available, 1)) / child.visits)
            if value > best_value:
                best, best_value = move, value
        return best


def _native_search(game: Game, state: State, player: int, exploration: float, cutoff: Optional[int]):
    """The decision's search in C where the game plays natively and its samples can be drawn there;
    else None (the search runs in Python, rollouts natively where they can be)."""
    from rulebook.interpreter.native.backend import native_for
    from rulebook.interpreter.native.cemit import NativeUnsupported
    from rulebook.interpreter.native.sampling import NativeSearch, native_plan

    native = native_for(game)
    if native is None:
        return None
    try:
        words = native_plan(native, state, player)
        return None if words is None else NativeSearch(native, state, words, exploration, _native_cutoff(cutoff))
    except NativeUnsupported:
        return None


def _native_cutoff(cutoff: Optional[int]) -> int:
    return -1 if cutoff is None else cutoff


def _returns(game: Game, S: State) -> list[float]:
    """Every player's return where a playout stopped (ismcts.c's ism_returns): at the end, the win
    return (bots play to win, payoffs or not, as the other bots do); cut off before it, each player's
    lead in the declared score over the best of the others, as a share of their sizes, put on 0..1 —
    a lead is worth less than a win, and a margin says more than who leads."""
    if game.is_terminal(S) or not game.has_score:
        return game.win_returns(S)
    scores = [game.score(S, p) or 0 for p in range(game.player_count)]
    if game.player_count < 2:
        return [0.5]
    returns = []
    for p, mine in enumerate(scores):
        best = max(s for q, s in enumerate(scores) if q != p)
        returns.append(0.5 + 0.5 * (mine - best) / (abs(mine) + abs(best) + 1.0))
    return returns


def _rollout_for(game: Game, cutoff: Optional[int]):
    """Random play to the end, or `cutoff` moves where the rules declare a score, natively where
    the game plays natively; gives every player's return (_returns)."""
    from rulebook.interpreter.native.backend import native_for

    native = native_for(game)
    if native is not None:
        from rulebook.interpreter.native.sampling import native_playout

        def native_rollout(sample: State, rng: random.Random) -> list:
            # played and judged in C: only the sample crosses to the native side, no state comes back
            if game.is_terminal(sample):
                return game.win_returns(sample)
            return native_playout(native, sample, _native_cutoff(cutoff), rng)
        return native_rollout

    def python_rollout(sample: State, rng: random.Random) -> list:
        sample.rng = rng.getrandbits(64)  # the game's chance drawn afresh, as ism_playout does
        played = 0
        while not game.is_terminal(sample) and not (game.has_score and cutoff is not None and played >= cutoff):
            game.apply(sample, game.sample_move(sample, rng))
            played += 1
        return _returns(game, sample)
    return python_rollout


def parse_budget(budget: str, spec: str) -> ISMCTSBot:
    """`200` (iterations) or `2s` / `0.5s` (seconds of CPU) a decision."""
    text = budget.strip().lower()
    try:
        if text.endswith("s"):
            seconds = float(text[:-1])
            if not 0 < seconds <= 3600:
                raise ValueError
            return ISMCTSBot(seconds=seconds)
        iterations = int(text)
        if not 1 <= iterations <= MAX_MCTS_ITERATIONS:
            raise ValueError
        return ISMCTSBot(iterations=iterations)
    except ValueError:
        raise UnknownBot(f"bad budget '{budget}' in '{spec}': write ismcts:ITERATIONS (1 to {MAX_MCTS_ITERATIONS:,}, "
                         f"e.g. ismcts:200) or ismcts:SECONDSs (e.g. ismcts:2s)") from None
