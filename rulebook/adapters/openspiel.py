"""Any Rulebook game as an OpenSpiel (pyspiel) Python game, also registered for pyspiel.load_game.

    import pyspiel
    from rulebook.adapters.openspiel import load
    game = load("GAME", players=3)        # or pyspiel.load_game("rulebook_GAME(players=3)")
    state = game.new_initial_state()
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)

Sequential, or simultaneous where the rules have a secret choice (`each q in players chooses
secretly:`: one simultaneous node, each player's legal actions, the joint action applied at once);
imperfect information where the rules hide anything. Chance is explicit by default:
every draw, pick and shuffle is a chance node with its outcomes' probabilities. `chance="sampled"`
uses the engine's seeded generator instead, seeded by the `seed` parameter: every initial state
is then the same, so the game for one seed is deterministic (no chance nodes; a search that
copies states sees the draws to come) — pyspiel cannot save the generator of a Python game whose
type says "sampled", and the engine keeps it in the state anyway. Actions are the
game's fixed move space; chance outcomes the game's chance space. Observation tensors follow the
game's observation spec; observation strings are the player's view as JSON; information-state
strings add, before the view, every move as that player saw it (chance outcomes as `chance`).
Returns: +1 a winner, -1 a loser, 0 for all in a draw. Where the rules bound the game's length
that bound is the game's; otherwise `max_game_length` (default 1000) player moves end it as a
draw. The game's parameters are its options (lists as names joined by `+`: `variant=A+C`), plus `chance`,
`max_game_length`, `mods` (rules folders separated by `;`) and `seed`. A state's attributes are
plain data: the engine state, how many moves were played, and each player's record of moves seen
(and the public one). `state.serialize()` and `game.deserialize_state(text)` use the engine's JSON
and the history of actions, checked and replayed, never a pickle.
"""
from __future__ import annotations

import itertools
import json
import re
from pathlib import Path
from typing import Any, Optional

import numpy as np
import pyspiel

from rulebook.api import find_rules, load_program_for, shipped_games
from rulebook.dsl.errors import OptionsError
from rulebook.interpreter.play import payoffs
from rulebook.interpreter.play.moves import IllegalMove
from rulebook.interpreter.play.options import option_schema
from rulebook.interpreter.play.simultaneous import SIMULTANEOUS, secret_blocks

from .games import DEFAULT_MAX_GAME_LENGTH, compiled_game, length_limit, rewards

_REGISTERED: dict[str, str] = {}  # short name -> rules folder
SERIAL_HEADER = "rulebook-state 1"  # the first line of a serialized state


def load(name_or_path: str | Path, mods: tuple = (), chance: str = "explicit",
         max_game_length: Optional[int] = None, seed: int = 0, **options: Any) -> pyspiel.Game:
    """A shipped game or a rules folder as a pyspiel game; keyword arguments are its options."""
    short = register(name_or_path)
    params: dict[str, Any] = {name: _list_text(v) for name, v in options.items()}
    params.update(chance=chance, seed=seed, mods=";".join(str(Path(m).resolve()) for m in mods))
    if max_game_length is not None:
        params["max_game_length"] = max_game_length
    return pyspiel.load_game(short, params)


def _list_text(value: Any) -> Any:
    """A list option as a pyspiel parameter: names joined by `+` (a game string cannot hold commas)."""
    if isinstance(value, (list, tuple)):
        return "+".join(map(str, value))
    return value.replace(",", "+") if isinstance(value, str) else value


def register(name_or_path: str | Path) -> str:
    """Register a game with pyspiel (once) and give its short name, `rulebook_<folder name>`."""
    folder = str(find_rules(name_or_path).resolve())
    for short, known in _REGISTERED.items():
        if known == folder:
            return short
    base = "rulebook_" + re.sub(r"\W", "_", Path(folder).name.lower())
    short = base
    for n in itertools.count(2):
        if short not in _REGISTERED:
            break
        short = f"{base}_{n}"
    program = load_program_for(folder)
    kind = payoffs.GENERAL_SUM
    if program.payoff is not None and program.payoff.total is not None:  # the total may rest on options
        kind = payoffs.utility_kind(compiled_game(folder).ir.payoff)
    game_type = _game_type(short, program, pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC, True, kind)
    # A class of its own as the factory, as pyspiel's Python games register (a closure handed to
    # pyspiel would be freed after Python has shut down, and crash the exit).
    factory = type(f"RulebookGame_{short}", (RulebookGame,), {"SHORT_NAME": short, "FOLDER": folder})
    pyspiel.register_game(game_type, factory)
    _REGISTERED[short] = folder
    return short


def _parameters(program) -> dict:
    """pyspiel parameters with their defaults: the game's options, then the adapter's own."""
    spec: dict[str, Any] = {}
    for name, prop in option_schema(program)["properties"].items():
        if prop.get("type") == "array":
            spec[name] = ""
        elif "default" in prop:
            spec[name] = prop["default"]
        else:
            spec[name] = prop["enum"][0] if "enum" in prop else 0
    spec.update(chance="explicit", max_game_length=DEFAULT_MAX_GAME_LENGTH, mods="", seed=0)
    return spec


UTILITIES = {payoffs.ZERO_SUM: pyspiel.GameType.Utility.ZERO_SUM,
             payoffs.CONSTANT_SUM: pyspiel.GameType.Utility.CONSTANT_SUM,
             payoffs.GENERAL_SUM: pyspiel.GameType.Utility.GENERAL_SUM}


def _game_type(short: str, program, chance_mode, imperfect: bool, utility: str) -> pyspiel.GameType:
    players = program.players
    low = players.counts.low.value if players is not None else 2
    high = players.counts.high.value if players is not None else 2
    information = (pyspiel.GameType.Information.IMPERFECT_INFORMATION if imperfect
                   else pyspiel.GameType.Information.PERFECT_INFORMATION)
    dynamics = (pyspiel.GameType.Dynamics.SIMULTANEOUS if secret_blocks(program)
                else pyspiel.GameType.Dynamics.SEQUENTIAL)
    return pyspiel.GameType(
        short_name=short, long_name=f"Rulebook: {program.title}",
        dynamics=dynamics, chance_mode=chance_mode, information=information,
        utility=UTILITIES[utility], reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high, min_num_players=low,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=_parameters(program))


def _utility(rules) -> tuple:
    """(utility kind, min_utility, max_utility, utility_sum): win/draw/loss as ±1 without payoffs;
    with them, their declared (or worked out) bounds and declared total."""
    declared = rules.ir.payoff
    if declared is None:
        return payoffs.GENERAL_SUM, -1.0, 1.0, None
    low, high = payoffs.payoff_bounds(rules)
    if low is None or high is None:
        raise OptionsError(f"{declared.span}: OpenSpiel needs the payoffs' bounds, and they cannot be worked "
                           f"out from the rules: declare them, as in `payoff(p) in -10 .. 10 = …`")
    kind = payoffs.utility_kind(declared)
    return kind, float(low), float(high), (None if kind == payoffs.GENERAL_SUM else float(declared.total))


class RulebookGame(pyspiel.Game):
    """One compiled Rulebook game behind a pyspiel game (shared with every other load of it).
    register() makes a subclass per game, naming its short name and rules folder."""

    SHORT_NAME = ""
    FOLDER = ""

    def __init__(self, params: Optional[dict] = None):
        short, folder, params = self.SHORT_NAME, self.FOLDER, dict(params or {})
        program = load_program_for(folder)
        given = dict(_parameters(program))
        unknown = sorted(set(params) - set(given))
        if unknown:
            raise OptionsError(f"unknown parameter(s) {', '.join(unknown)}; {short} has {', '.join(given)}")
        given.update(params)
        chance = given.pop("chance")
        if chance not in ("explicit", "sampled"):
            raise OptionsError(f"chance must be explicit or sampled, not '{chance}'")
        max_length = int(given.pop("max_game_length"))
        mods = tuple(m for m in str(given.pop("mods")).split(";") if m)
        seed = int(given.pop("seed"))
        options = {name: value for name, value in given.items() if value != ""}
        self.simultaneous = bool(secret_blocks(program))
        self.rules = compiled_game(folder, options, mods, "explicit" if chance == "explicit" else "seeded",
                                   "simultaneous" if self.simultaneous else "sequential")
        rules = self.rules
        self.moves = rules.move_space()
        self.chance = rules.chance_space() if chance == "explicit" else None
        self.spec = rules.observation_spec()
        self.length, _ = length_limit(rules, max_length)
        has_chance = self.chance is not None and self.chance.size > 0
        mode = (pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if has_chance
                else pyspiel.GameType.ChanceMode.DETERMINISTIC)
        hidden = any(z.visibility != "public" for z in program.zones.values()) or any(
            v.visibility != "public" for v in program.vars.values())
        kind, low, high, total = _utility(rules)
        info = pyspiel.GameInfo(num_distinct_actions=max(1, self.moves.size),
                                max_chance_outcomes=self.chance.size if has_chance else 0,
                                num_players=rules.player_count, min_utility=low, max_utility=high,
                                utility_sum=total, max_game_length=self.length)
        all_params = dict(params)
        super().__init__(_game_type(short, program, mode, hidden, kind), info, all_params)
        self._initial = rules.new_initial_state(seed=seed)

    def new_initial_state(self, *_):
        return RulebookState(self)

    def deserialize_state(self, text: str) -> "RulebookState":
        """A state from `RulebookState.serialize()`: the engine's JSON and the moves that led to
        it, never a pickle (pyspiel's default for Python games unpickles, and unpickling runs code
        from the data). The state is checked as a saved state is, then every move is replayed
        from the start, each found legal, and the result must be that state. ValueError otherwise."""
        header, _, body = str(text).partition("\n")
        if header != SERIAL_HEADER:
            raise ValueError(f"not a serialized {self.SHORT_NAME} state (it must start with "
                             f"'{SERIAL_HEADER}'; pickled states are refused)")
        try:
            raw = json.loads(body)
        except (json.JSONDecodeError, RecursionError) as err:
            raise ValueError(f"a serialized state is JSON after its first line: {err}") from None
        if not isinstance(raw, dict) or set(raw) != {"history", "state"}:
            raise ValueError("a serialized state is {\"history\": [[player, action], …], \"state\": {…}}")
        claimed = self.rules.state_from_json(raw["state"])  # InvalidState (a ValueError) names what is wrong
        state = self.new_initial_state()
        history = raw["history"]
        if not isinstance(history, list):
            raise ValueError("a serialized state's history is a list of [player, action] pairs")
        for number, step in enumerate(history, 1):
            if not (isinstance(step, list) and len(step) == 2 and all(type(v) is int for v in step)):
                raise ValueError(f"move {number} of the history is not a [player, action] pair of whole numbers")
        steps = iter(history)
        for number, (player, action) in enumerate(steps, 1):
            if state.is_simultaneous_node():  # one [player, action] pair per player, in seat order
                joint = [(player, action)] + list(itertools.islice(steps, self.num_players() - 1))
                if [p for p, _ in joint] != list(range(self.num_players())) or any(
                        a not in state.legal_actions(p) for p, a in joint):
                    raise ValueError(f"the joint move at move {number} of the history is not legal there")
                state.apply_actions([a for _, a in joint])
                continue
            legal = ([a for a, _ in state.chance_outcomes()] if state.is_chance_node()
                     else state.legal_actions() if not state.is_terminal() else [])
            if player != state.current_player() or action not in legal:
                raise ValueError(f"move {number} of the history ({player}: action {action}) is not legal there")
            state.apply_action(action)
        if claimed.to_json() != state.engine.to_json():
            raise ValueError("the serialized state is not the one its history leads to")
        return state

    def initial_engine_state(self):
        return self._initial.copy()

    def make_py_observer(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported (given {params})")
        return RulebookObserver(self, iig_obs_type)


class RulebookState(pyspiel.State):
    """Attributes (plain, picklable data): `engine`, the engine state; `played`, player moves so far;
    `seen`, for each player and last for nobody in particular (the public observer), the moves as
    they saw them, one per line."""

    def __init__(self, game: RulebookGame):
        super().__init__(game)
        self.engine = game.initial_engine_state()
        self.played = 0
        self.seen = ("",) * (game.rules.player_count + 1)

    def _rules(self) -> RulebookGame:
        return self.get_game()

    def current_player(self) -> int:
        game = self._rules()
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        if game.rules.is_chance_node(self.engine):
            return pyspiel.PlayerId.CHANCE
        player = game.rules.current_player(self.engine)
        return pyspiel.PlayerId.SIMULTANEOUS if player == SIMULTANEOUS else player

    def _legal_actions(self, player: int) -> list[int]:
        game = self._rules()
        if self.current_player() == pyspiel.PlayerId.SIMULTANEOUS:
            return sorted(game.moves.legal(game.rules.seat_state(self.engine, player)))
        return list(game.moves.legal(self.engine)) if player == self.current_player() else []

    def _apply_actions(self, actions: list[int]) -> None:
        """A simultaneous node: every player's action at once (the engine plays them in seat order)."""
        game = self._rules()
        rules, S = game.rules, self.engine
        ahead, moves = S.copy(), []
        for action in actions:
            moves.append(self._legal_move(ahead, action))
            self._see(ahead, moves[-1])
            rules.apply(ahead, moves[-1])
        rules.apply_joint(S, moves)
        self.played += len(moves)

    def _legal_move(self, S, action: int):
        game = self._rules()
        wanted = game.moves.move(S, action)
        move = next((m for m in game.rules.legal_moves(S) if m == wanted), None)  # with its text
        if move is None:
            raise IllegalMove(f"'{game.moves.describe(action)}' (action {action}) is not legal here")
        return move

    def _see(self, S, move) -> None:
        """Each player's record (and the public one) gets the move as they may read it."""
        rules = self._rules().rules
        decider = rules.player_names[S.decider]
        viewers = [*range(rules.player_count), None]  # None: what everyone sees
        self.seen = tuple(text + f"{decider}: {rules.public_text(S, move, p)}\n"
                          for p, text in zip(viewers, self.seen))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        game = self._rules()
        event = game.rules.chance_event(self.engine)
        return sorted((game.chance.index(event, outcome), p) for outcome, p in game.rules.chance_outcomes(self.engine))

    def _apply_action(self, action: int) -> None:
        game = self._rules()
        rules, S = game.rules, self.engine
        if rules.is_chance_node(S):
            rules.apply_chance(S, game.chance.outcome(rules.chance_event(S), action))
            self.seen = tuple(text + "chance\n" for text in self.seen)
            return
        move = self._legal_move(S, action)
        self._see(S, move)
        rules.apply(S, move)
        self.played += 1

    def _action_to_string(self, player: int, action: int) -> str:
        game = self._rules()
        if player == pyspiel.PlayerId.CHANCE:
            if game.rules.is_chance_node(self.engine):
                event = game.rules.chance_event(self.engine)
                return game.chance.describe(event, game.chance.outcome(event, action))
            return f"chance outcome {action}"
        return game.moves.describe(action)

    def is_terminal(self) -> bool:
        return self.engine.result is not None or self.played >= self._rules().length

    def returns(self) -> list[float]:
        game = self._rules()
        if self.engine.result is None:
            return [0.0] * game.rules.player_count
        return rewards(game.rules, self.engine)

    def __str__(self) -> str:
        return json.dumps(self.engine.to_json(), separators=(",", ":"))

    def serialize(self) -> str:
        """The moves so far and the engine's JSON (RulebookGame.deserialize_state reads it back)."""
        history = [[step.player, step.action] for step in self.full_history()]
        return SERIAL_HEADER + "\n" + json.dumps({"history": history, "state": self.engine.to_json()},
                                                 separators=(",", ":"))


class RulebookObserver:
    """Observation tensors from the game's observation spec; strings from the player's view."""

    def __init__(self, game: RulebookGame, iig_obs_type):
        self.spec = game.spec
        self.rules = game.rules
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.private = iig_obs_type is None or iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        if self.perfect_recall:
            self.tensor = None
            self.dict: dict = {}
        else:
            self.tensor = np.zeros(self.spec.size, np.float32)
            self.dict = {p.name: self.tensor[p.offset:p.offset + p.size].reshape(p.shape) for p in self.spec.parts}

    def set_from(self, state: RulebookState, player: int) -> None:
        if self.tensor is not None:
            self.tensor[:] = self.spec.encode(state.engine, player if self.private else -1)

    def string_from(self, state: RulebookState, player: int) -> str:
        view = self.rules.view(state.engine, player if self.private else -1)
        shown = {key: view[key] for key in ("data", "decision", "decider", "result")}
        text = json.dumps(shown, separators=(",", ":"))
        if not self.perfect_recall:
            return text
        return f"{state.seen[player if self.private else -1]}{text}"


def register_shipped_games() -> list[str]:
    """Register every shipped game with pyspiel; gives their short names."""
    return [register(name) for name in shipped_games()]


register_shipped_games()
