"""A Rulebook game as a PettingZoo ParallelEnv: every agent acts at once where the rules say so.

    from rulebook.adapters.pettingzoo_parallel import rulebook_parallel_env
    env = rulebook_parallel_env("tests/games/throws")
    observations, infos = env.reset(seed=7)
    while env.agents:
        actions = {a: env.action_space(a).sample(observations[a]["action_mask"]) for a in env.agents}
        observations, rewards, terminations, truncations, infos = env.step(actions)

For games with secret choices (`each q in players chooses secretly:`): at such a choice every
agent's action mask holds its legal moves and the joint action is played at once (the game is
built with decisions="simultaneous"). Elsewhere one agent decides: only its mask has moves, and
the others' actions are not read. Spaces, observations, rewards and the length limit are the AEC
environment's (pettingzoo.py); chance is the seeded generator, `reset(seed=S)` repeats a game.
"""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Optional, Sequence

import numpy as np
from pettingzoo import ParallelEnv

from rulebook.interpreter.play.moves import IllegalMove

from .games import compiled_game, rewards
from .pettingzoo import set_spaces


def rulebook_parallel_env(name_or_path: str | Path, mods: Sequence[str | Path] = (),
                          max_game_length: Optional[int] = None, pile_depth: int = 4,
                          render_mode: Optional[str] = None, **options: Any) -> "RulebookParallelEnv":
    """A parallel environment for a shipped game or rules folder; keyword arguments are its options.
    `render()` draws what a spectator sees: "ansi" as text, "svg" as the replay page's picture."""
    game = compiled_game(name_or_path, options, mods, decisions="simultaneous")
    return RulebookParallelEnv(game, max_game_length, pile_depth, render_mode)


class RulebookParallelEnv(ParallelEnv):
    """See the module docstring."""

    metadata = {"render_modes": ["ansi", "svg"], "name": "rulebook_parallel_v0"}  # no rgb_array: see pettingzoo.py

    def __init__(self, game, max_game_length: Optional[int] = None, pile_depth: int = 4,
                 render_mode: Optional[str] = None):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.game = game
        self.render_mode = render_mode
        set_spaces(self, game, max_game_length, pile_depth)
        self._seeds = random.Random()
        self.state = None
        self.agents: list = []
        self._legal: dict = {}  # agent -> {action: move} of its decision now
        self._length = 0

    def observation_space(self, agent: str):
        return self.observation_spaces[agent]

    def action_space(self, agent: str):
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None):
        if seed is not None:
            self._seeds = random.Random(seed)
        self.state = self.game.new_initial_state(seed=self._seeds.getrandbits(63))
        self._length = 0
        self.agents = self.possible_agents[:]
        self._find_legal()
        return self._observations(), self._infos()

    def step(self, actions: dict):
        game, S = self.game, self.state
        chosen = []
        for agent, legal in self._legal.items():
            if agent not in actions:
                raise IllegalMove(f"{agent} decides now: its action is missing")
            move = legal.get(int(actions[agent]))
            if move is None:
                raise IllegalMove(f"action {int(actions[agent])} is not legal for {agent} now")
            chosen.append(move)
        if game.is_simultaneous_node(S):
            game.apply_joint(S, chosen)
        else:
            game.apply(S, chosen[0])
        self._length += len(chosen)
        over, cut = game.is_terminal(S), self._length >= self.max_game_length
        paid = rewards(game, S) if over else [0.0] * game.player_count
        reward = {a: paid[i] for i, a in enumerate(self.possible_agents) if a in self.agents}
        terminations = {a: over for a in self.agents}
        truncations = {a: cut and not over for a in self.agents}
        if over or cut:
            self._legal = {}
            observations, infos = self._observations(), self._infos()
            self.agents = []
        else:
            self._find_legal()
            observations, infos = self._observations(), self._infos()
        return observations, reward, terminations, truncations, infos

    def _find_legal(self) -> None:
        """Each agent deciding now (all of them at a simultaneous node) and its legal moves."""
        game, S = self.game, self.state
        together = game.is_simultaneous_node(S)
        deciders = range(game.player_count) if together else [S.decider]
        self._legal = {self.possible_agents[p]: self.moves.legal(game.seat_state(S, p) if together else S)
                       for p in deciders}

    def _observations(self) -> dict:
        out = {}
        for player, agent in enumerate(self.possible_agents):
            if agent not in self.agents:
                continue
            mask = np.zeros(self.moves.size, dtype=np.int8)
            mask[list(self._legal.get(agent, ()))] = 1
            out[agent] = {"observation": np.array(self.spec.encode(self.state, player), dtype=np.float32),
                          "action_mask": mask}
        return out

    def _infos(self) -> dict:
        return {a: ({"legal_moves": {i: str(m) for i, m in self._legal[a].items()}} if a in self._legal else {})
                for a in self.agents}

    def render(self) -> Optional[str]:
        """The board as a spectator sees it: text ("ansi", the default) or an SVG picture ("svg")."""
        if self.state is None:
            return "(not started: call reset)"
        from ..display import picture

        return picture(self.game, self.state, "svg" if self.render_mode == "svg" else "text")

    def close(self) -> None:
        self.state = None
