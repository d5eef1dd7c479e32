"""Players that work on any game through the Game interface: random, greedy on the declared score, MCTS
(which reads the whole position), and ISMCTS (rulebook/ismcts.py: fair, from its player's view).

>>> import random
>>> from rulebook.api import load_game
>>> game = load_game("tests/games/nim")
>>> state = game.new_initial_state(seed=1)
>>> bot = make_bot("mcts:50")
>>> bot.choose(game, state, random.Random(1)) in game.legal_moves(state)
True
"""
from __future__ import annotations

import math
import random
from typing import Optional

from rulebook.dsl.errors import OptionsError
from rulebook.interpreter.game import Game
from rulebook.interpreter.machine import State
from rulebook.interpreter.moves import Move

# More iterations a move than anyone waits for (a million take hours a move in Python).
MAX_MCTS_ITERATIONS = 1_000_000
DEFAULT_MCTS_ITERATIONS = 100


class UnknownBot(OptionsError):
    """A bot name that is not one of BOT_NAMES (or a bad budget)."""


class Bot:
    """Chooses a legal move for the player whose decision it is. `rng` is the bot's only chance."""

    name = "bot"

    def choose(self, game: Game, state: State, rng: random.Random) -> Move:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.name


def standing_pool(game: Game, state: State, rng: random.Random, rate: Optional[float]) -> Optional[list]:
    """With a standing rate P: when the decider may take a standing action the rules allow (an
    `action` offered by an `allow` block), the moves of those actions with probability P, else the
    waiting decision's own moves. None when there is no rate or no such move (play as usual)."""
    if rate is None:
        return None
    moves = game.legal_moves(state)
    own = game.own_option_count(state)
    standing = [m for m in moves if m.option >= own]
    if not standing:
        return None
    return standing if rng.random() < rate else [m for m in moves if m.option < own]


class RandomBot(Bot):
    """A uniformly random legal move (sampled from the waiting `choose`, without listing every move).
    With a standing rate, a standing action when one is allowed, with that probability."""

    name = "random"

    def __init__(self, standing_rate: Optional[float] = None):
        self.standing_rate = standing_rate

    def choose(self, game: Game, state: State, rng: random.Random) -> Move:
        pool = standing_pool(game, state, rng, self.standing_rate)
        if pool is not None:
            return pool[rng.randrange(len(pool))]
        return game.sample_move(state, rng)


class GreedyBot(Bot):
    """One move of lookahead on the game's declared `score(p)`: the move whose result scores best
    for the decider; random among ties, and plain random when the game declares no score."""

    name = "greedy"

    def __init__(self, standing_rate: Optional[float] = None):
        self.standing_rate = standing_rate

    def choose(self, game: Game, state: State, rng: random.Random) -> Move:
        pool = standing_pool(game, state, rng, self.standing_rate)
        if not game.has_score:
            return pool[rng.randrange(len(pool))] if pool is not None else game.sample_move(state, rng)
        player = game.current_player(state)
        moves = pool if pool is not None else game.legal_moves(state)
        if len(moves) == 1:
            return moves[0]
        best: list[Move] = []
        best_value = None
        for move in moves:
            after = game.child(state, move)
            value = _score_after(game, after, player)
            if best_value is None or value > best_value:
                best, best_value = [move], value
            elif value == best_value:
                best.append(move)
        return best[rng.randrange(len(best))]


def _score_after(game: Game, state: State, player: int) -> tuple:
    """How good `state` is for `player`: a won game beats any score, a lost one is below all."""
    if game.is_terminal(state):
        mine = game.win_returns(state)[player]
        return (mine - 0.5, 0)
    value = game.score(state, player)
    return (0.0, value if isinstance(value, (int, float)) else 0)


class _Node:
    """One move in the search tree: its visit count and the returns summed for every player."""

    __slots__ = ("visits", "totals", "children")

    def __init__(self, players: int):
        self.visits = 0
        self.totals = [0.0] * players
        self.children: dict[Move, _Node] = {}


class MCTSBot(Bot):
    """UCT with random rollouts, `iterations` simulations per decision.

    Open loop: the tree's edges are moves, and each simulation replays them on a fresh copy of the
    state, so chance inside a move (a draw, a shuffle) is sampled anew each time rather than stored.
    Each copy gets a new chance seed from the bot's `rng`: the search cannot peek at the real game's
    coming draws. It sees the whole state (hidden zones included), like a perfect-information player.
    Returns are the game's own `returns` for every player; at each node the player deciding there
    picks by their own share, so the search works for any number of players or teams.
    """

    def __init__(self, iterations: int = DEFAULT_MCTS_ITERATIONS, exploration: float = 1.4):
        if not 1 <= iterations <= MAX_MCTS_ITERATIONS:
            raise UnknownBot(f"an MCTS budget must be from 1 to {MAX_MCTS_ITERATIONS:,} iterations a move, "
                             f"not {iterations:,}")
        self.iterations = iterations
        self.exploration = exploration
        self.name = f"mcts:{iterations}"

    def choose(self, game: Game, state: State, rng: random.Random) -> Move:
        moves = game.legal_moves(state)
        if len(moves) == 1:
            return moves[0]
        root = _Node(game.player_count)
        for _ in range(self.iterations):
            self._simulate(game, state, root, rng)
        most = max(child.visits for child in root.children.values())
        best = [move for move in moves if move in root.children and root.children[move].visits == most]
        return best[rng.randrange(len(best))]

    def _simulate(self, game: Game, root_state: State, root: _Node, rng: random.Random) -> None:
        state = root_state.copy()
        state.rng = rng.getrandbits(64)  # fresh chance for this simulation
        path = [root]
        node = root
        # Selection and expansion: follow UCT while every legal move has been tried here.
        while not game.is_terminal(state):
            player = game.current_player(state)
            moves = game.legal_moves(state)
            untried = [m for m in moves if m not in node.children]
            if untried:
                move = untried[rng.randrange(len(untried))]
                child = node.children[move] = _Node(game.player_count)
                game.apply(state, move)
                path.append(child)
                break
            move = self._select(node, moves, player)
            node = node.children[move]
            game.apply(state, move)
            path.append(node)
        # Rollout: random play to the end.
        while not game.is_terminal(state):
            game.apply(state, game.sample_move(state, rng))
        returns = game.win_returns(state)
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for p, r in enumerate(returns):
                totals[p] += r

    def _select(self, node: _Node, moves: list, player: int) -> Move:
        log_parent = math.log(max(1, node.visits))
        c = self.exploration
        best, best_value = moves[0], -math.inf
        for move in moves:
            child = node.children[move]
            value = child.totals[player] / child.visits + c * math.sqrt(log_parent / child.visits)
            if value > best_value:
                best, best_value = move, value
        return best


BOT_NAMES = ("random", "greedy", "mcts", "ismcts")
# Bots that read the whole position, what their player may not see included (their names say so in
# the help; simulate and compare warn when they play a game that hides anything).
SEES_EVERYTHING = ("greedy", "mcts", "mcts-sees-all")


def make_bot(spec: str, standing_rate: Optional[float] = None) -> Bot:
    """A bot from its name: `random`, `greedy`, `mcts` or `mcts:ITERATIONS` (e.g. `mcts:200`).
    `standing_rate` (random and greedy only): see standing_pool."""
    text = spec.strip().lower()
    name, _, budget = text.partition(":")
    if name == "random" and not budget:
        return RandomBot(standing_rate)
    if name == "greedy" and not budget:
        return GreedyBot(standing_rate)
    if name == "ismcts":
        from .ismcts import ISMCTSBot, parse_budget

        return parse_budget(budget, spec) if budget else ISMCTSBot(iterations=DEFAULT_MCTS_ITERATIONS)
    if name in ("mcts", "mcts-sees-all"):
        if not budget:
            return MCTSBot()
        try:
            iterations = int(budget)
        except ValueError:
            raise UnknownBot(f"bad MCTS budget '{budget}' in '{spec}': write mcts:ITERATIONS, e.g. mcts:200") from None
        return MCTSBot(iterations)
    raise UnknownBot(f"unknown bot '{spec}': choose from random, greedy, mcts (or mcts:ITERATIONS), "
                     f"ismcts (or ismcts:ITERATIONS, ismcts:SECONDSs)")


def sees_everything(spec: str) -> bool:
    """Whether the bot named reads the whole position (not only its player's view)."""
    return spec.strip().lower().partition(":")[0] in SEES_EVERYTHING


def bots_for_seats(spec: str, players: int) -> list[Bot]:
    """One bot name for every seat, or a comma list with one name per seat."""
    names = [part for part in spec.split(",")] if spec else ["random"]
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise UnknownBot(f"--bots lists {len(names)} bots for {players} players: give one, or one per seat")
    return [make_bot(name) for name in names]


def play(game: Game, bots: list[Bot], seed: int, rng: Optional[random.Random] = None) -> State:
    """Play one game from setup to the end: game chance seeded by `seed`, the bots' by `rng`."""
    rng = rng or random.Random(seed)
    state = game.new_initial_state(seed)
    while not game.is_terminal(state):
        game.apply(state, bots[game.current_player(state)].choose(game, state, rng))
    return state
