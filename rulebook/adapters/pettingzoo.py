"""Any Rulebook game as a PettingZoo AEC environment, with action masks and per-player observations.

    from rulebook.adapters.pettingzoo import rulebook_env
    env = rulebook_env("GAME", players=3)
    env.reset(seed=7)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else env.action_space(agent).sample(observation["action_mask"])
        env.step(action)

Agents are `player_0`, `player_1`, …; the action space is the game's fixed move space
(`Discrete(game.move_space().size)`), an observation is {"observation": the game's observation
spec for that player (float32), "action_mask": int8, 1 for each legal move of the agent to act}.
Chance is the engine's seeded generator: `reset(seed=S)` gives the same game for the same
actions. Rewards come at the end: +1 a winner, -1 a loser, 0 for all in a draw (nobody or
everybody wins). A game longer than `max_game_length` player decisions (default 1000, where the
rules give no bound) is cut off: every agent is truncated, with reward 0.
"""
from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any, Optional, Sequence

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from rulebook.interpreter.play.moves import IllegalMove

from ..display import draw_svg, scene_of, scene_text

from .games import compiled_game, length_limit, rewards


def rulebook_env(name_or_path: str | Path, mods: Sequence[str | Path] = (),
                 max_game_length: Optional[int] = None, render_mode: Optional[str] = None,
                 pile_depth: int = 4, render_seat: Optional[str] = None, **options: Any) -> "RulebookEnv":
    """An AEC environment for a shipped game or rules folder; keyword arguments are the game's own
    options (`players=3`, `OPTION=True`, a list option as `"A,C"`). `render()` draws what a
    spectator sees, or what the agent `render_seat` (e.g. "player_0") sees."""
    game = compiled_game(name_or_path, options, mods)
    return RulebookEnv(game, max_game_length, render_mode, pile_depth, render_seat)


class RulebookEnv(AECEnv):
    """See the module docstring."""

    # "svg": the board as the replay page draws it. No "rgb_array": pixels need a rasterizer (a
    # browser, or cairo through cairosvg), which the package does not depend on; an SVG converts
    # to pixels with any of them where one is installed.
    metadata = {"render_modes": ["human", "ansi", "svg"], "name": "rulebook_v0", "is_parallelizable": False}

    def __init__(self, game, max_game_length: Optional[int] = None, render_mode: Optional[str] = None,
                 pile_depth: int = 4, render_seat: Optional[str] = None):
        super().__init__()
        if render_mode == "rgb_array":
            raise ValueError("render_mode 'rgb_array' is not offered: pixels need a rasterizer (a browser or "
                             "cairo), which rulebook does not depend on; 'svg' gives the board as an SVG "
                             "picture, 'ansi' as text")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.game = game
        self.render_mode = render_mode
        set_spaces(self, game, max_game_length, pile_depth)
        if render_seat is not None and render_seat not in self.possible_agents:
            raise ValueError(f"render_seat must be one of {self.possible_agents} (or None: a spectator), "
                             f"not {render_seat!r}")
        self.render_seat = render_seat
        # Seeded from the system: reset() without a seed is a fresh game each time, one nobody can
        # regenerate (a seed given to reset() makes the games from then on repeatable).
        self._seeds = random.Random()
        self.state = None
        self._legal: dict = {}
        self._length = 0

    def observation_space(self, agent: str):
        return self.observation_spaces[agent]

    def action_space(self, agent: str):
        return self.action_spaces[agent]

    # ------------------------------------------------------------ the AEC API
    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
        self.state = self.game.new_initial_state(seed=self._seeds.getrandbits(63))
        self._length = 0
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict = {a: {} for a in self.agents}
        self._after_move()

    def observe(self, agent: str) -> dict:
        player = self.possible_agents.index(agent)
        mask = np.zeros(self.moves.size, dtype=np.int8)
        if agent == self.agent_selection and not self.terminations[agent] and not self.truncations[agent]:
            mask[list(self._legal)] = 1
        observation = np.array(self.spec.encode(self.state, player), dtype=np.float32)
        return {"observation": observation, "action_mask": mask}

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        move = self._legal.get(int(action))
        if move is None:
            raise IllegalMove(f"action {int(action)} ({self.moves.describe(int(action))}) is not legal for {agent} now")
        self._cumulative_rewards[agent] = 0.0
        self.game.apply(self.state, move)
        self._length += 1
        self.rewards = {a: 0.0 for a in self.agents}
        if self.game.is_terminal(self.state):
            for a, reward in zip(self.possible_agents, rewards(self.game, self.state)):
                self.rewards[a] = reward
            self.terminations = {a: True for a in self.agents}
        elif self._length >= self.max_game_length:
            self.truncations = {a: True for a in self.agents}
        self._after_move()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _after_move(self) -> None:
        """Whose decision it is now (at the end: the first agent, so each is told in turn)."""
        over = self.game.is_terminal(self.state) or any(self.truncations.values())
        self._legal = {} if over else self.moves.legal(self.state)
        player = 0 if over else self.game.current_player(self.state)
        self.agent_selection = self.possible_agents[player]
        for a in self.agents:
            self.infos[a] = {}
        if not over:
            self.infos[self.agent_selection] = {"legal_moves": {i: str(m) for i, m in self._legal.items()}}

    def render(self) -> Optional[str]:
        """The board as a spectator sees it (or `render_seat`), then whose decision it is — with
        its legal moves only when it is `render_seat`'s — or the result, as text; with
        render_mode="svg", the board alone as an SVG picture."""
        if self.state is None:
            text = "(not started: call reset)"
        elif self.render_mode == "svg":
            return draw_svg(scene_of(self.game, self.state, self._viewer()))
        else:
            text = scene_text(scene_of(self.game, self.state, self._viewer())) + self._status()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _viewer(self) -> Optional[int]:
        return None if self.render_seat is None else self.possible_agents.index(self.render_seat)

    def _status(self) -> str:
        if self.game.is_terminal(self.state):
            result = self.game.result(self.state)
            return f"game over: {result.reason if result else ''}"
        if any(self.truncations.values()):
            return f"cut off after {self._length} moves (a draw)"
        mover = self.game.current_player(self.state)
        player = self.game.player_names[mover]
        if mover != self._viewer():
            return f"{player} to move"
        return f"{player} to move: " + "; ".join(f"{i}: {m}" for i, m in self._legal.items())

    def close(self) -> None:
        self.state = None


def set_spaces(env: Any, game, max_game_length: Optional[int], pile_depth: int) -> None:
    """What an environment (AEC or parallel) of `game` declares: agents, spaces, length."""
    env.moves = game.move_space()
    env.spec = game.observation_spec(pile_depth)
    env.max_game_length, _ = length_limit(game, max_game_length)
    env.metadata = dict(env.metadata, name=f"rulebook_{_short(game.title)}_v0")
    env.possible_agents = [f"player_{i}" for i in range(game.player_count)]
    low, high = (np.array(b, dtype=np.float32) for b in env.spec.bounds())
    env.observation_spaces = {a: spaces.Dict({
        "observation": spaces.Box(low, high, (env.spec.size,), np.float32),
        "action_mask": spaces.Box(0, 1, (env.moves.size,), np.int8)}) for a in env.possible_agents}
    env.action_spaces = {a: spaces.Discrete(env.moves.size) for a in env.possible_agents}


def _short(title: str) -> str:
    return re.sub(r"\W+", "_", title.lower()).strip("_")
