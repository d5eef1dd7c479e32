"""Checking a game written as rules against OpenSpiel's own implementation, state by state.

A game folder's `openspiel.yaml` says which pyspiel game it is, which parameters match which
options, which OpenSpiel player sits in each seat, and the map between Rulebook's move texts (and
chance outcomes) and OpenSpiel's action ids — data, never code; a variant (an option set with its
parameters) may carry its own `moves:` and `chance:` where the ids depend on the parameters.
`check_conformance` plays random games on both side by side (OpenSpiel's random choices, mapped)
and at every state compares:

- whose decision it is (or that chance decides, that all players decide at once, or that the
  game is over);
- the set of legal moves, through the map (at a simultaneous node, each player's), and a
  simultaneous node's joint move is played on both at once;
- at a chance node, the outcomes and their probabilities (Rulebook's explicit chance);
- at the end, every player's return (the rules' payoffs where they declare them);
- hidden information: within one OpenSpiel information state of a player, Rulebook's view for
  that player must be one and the same (games with perfect recall), across all the games of a
  variant (one game seldom meets an information state twice; other deals behind it do).

The first difference stops the check and is reported with the game's seed, the moves so far and
both sides' legal moves. `rulebook conform GAME --games N` runs it from the command line.
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from rulebook.dsl.errors import OptionsError, RulebookError, RulesError
from rulebook.dsl.tables import load_yaml

from rulebook.interpreter.game import SIMULTANEOUS

from . import api

MAP_FILE = "openspiel.yaml"
TOLERANCE = 1e-9


class ConformanceError(RulebookError):
    """A map that does not fit its game (an unknown move text, an action used twice…)."""


@dataclass(frozen=True)
class Variant:
    """One option set and OpenSpiel's parameters for it; its own move and chance maps where the
    action ids depend on the parameters (a board's size), else the map's."""

    options: dict
    parameters: dict
    moves: dict  # move text -> action id
    chance: dict  # chance outcome text -> action id

    @property
    def actions(self) -> dict:
        return {action: text for text, action in self.moves.items()}


@dataclass(frozen=True)
class SpielMap:
    """A game's openspiel.yaml, read and checked."""

    game: str
    variants: tuple
    players: tuple  # OpenSpiel's player of each seat


def read_map(folder: Path) -> SpielMap:
    path = folder / MAP_FILE
    if not path.is_file():
        raise OptionsError(f"{folder}: no {MAP_FILE}, so no OpenSpiel game to check it against")
    data, located = load_yaml(path)
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        raise RulesError.at(located.span(()), "an openspiel.yaml names its pyspiel game: `game: NAME`")
    variants = data.get("variants") or [{"options": {}, "parameters": {}}]
    if not isinstance(variants, list) or not all(isinstance(v, dict) for v in variants):
        raise RulesError.at(located.span(("variants",)), "variants is a list of {options: …, parameters: …}")
    moves = _id_map(data, ("moves",), located) if "moves" in data or not all("moves" in v for v in variants) else {}
    chance = _id_map(data, ("chance",), located) if "chance" in data else {}
    players = data.get("players")
    return SpielMap(data["game"], tuple(_variant(v, ("variants", i), moves, chance, located)
                                        for i, v in enumerate(variants)),
                    tuple(players) if isinstance(players, list) else ())


def _variant(raw: dict, place: tuple, moves: dict, chance: dict, located) -> Variant:
    """A variant's own `moves:` / `chance:` take the place of the map's."""
    return Variant(dict(raw.get("options") or {}), dict(raw.get("parameters") or {}),
                   _id_map(raw, place + ("moves",), located) if "moves" in raw else moves,
                   _id_map(raw, place + ("chance",), located) if "chance" in raw else chance)


def _id_map(holder: dict, where: tuple, located) -> dict:
    raw, what = holder.get(where[-1]), where[-1]
    if not isinstance(raw, dict) or not all(isinstance(k, str) and type(v) is int for k, v in raw.items()):
        raise RulesError.at(located.span(where), f"{what} maps each text to OpenSpiel's action id (a whole number)")
    seen: dict = {}
    for text, action in raw.items():
        if action in seen:
            raise RulesError.at(located.span(where + (text,)),
                                f"action {action} is given to '{seen[action]}' and '{text}'")
        seen[action] = text
    return dict(raw)


@dataclass
class Difference:
    """The first place the two implementations disagree."""

    seed: int
    history: list
    what: str
    ours: Any = None
    theirs: Any = None

    def __str__(self) -> str:
        moves = ", ".join(self.history) or "(none: the start)"
        return (f"game with seed {self.seed}, after {len(self.history)} moves ({moves}): {self.what}\n"
                f"  Rulebook: {self.ours}\n  OpenSpiel: {self.theirs}")


@dataclass
class Report:
    games: int = 0
    states: int = 0
    differences: list = field(default_factory=list)


def check_conformance(name_or_path: str | Path, games: int, seed: int = 0, variant: Optional[int] = None,
                      mods: tuple = ()) -> Report:
    """Play `games` random games side by side for each variant of the map (or the one numbered);
    stop at the first difference of each variant."""
    import pyspiel

    folder = api.find_rules(name_or_path)
    spiel_map = read_map(folder)
    report = Report()
    chosen = [spiel_map.variants[variant]] if variant is not None else list(spiel_map.variants)
    for v in chosen:
        ours = api.load_game(folder, dict(v.options), mods=mods, chance="explicit", decisions="simultaneous")
        theirs = pyspiel.load_game(spiel_map.game, dict(v.parameters))
        _check_map(ours, spiel_map)
        # One information state met in two games must show its player the same view: the deals
        # that differ behind it are what a leak would show.
        informed: dict = {}
        for number in range(games):
            difference = _play(ours, theirs, spiel_map, v, seed + number, report, informed)
            report.games += 1
            if difference is not None:
                report.differences.append((v, difference))
                break
    return report


def _check_map(game: Any, spiel_map: SpielMap) -> None:
    players = spiel_map.players or tuple(range(game.player_count))
    if sorted(players) != list(range(game.player_count)):
        raise ConformanceError(f"openspiel.yaml's players {list(players)} do not seat {game.player_count} players")


def _play(ours: Any, theirs: Any, spiel_map: SpielMap, variant: Variant, seed: int,
          report: Report, informed: dict) -> Optional[Difference]:
    import pyspiel

    rng = random.Random(seed)
    state, spiel = ours.new_initial_state(seed), theirs.new_initial_state()
    seats = spiel_map.players or tuple(range(ours.player_count))
    actions = variant.actions
    chance_texts = {a: t for t, a in variant.chance.items()}
    history: list = []  # informed: (player, information state string) -> Rulebook's view for that player

    def differ(what: str, mine: Any, other: Any) -> Difference:
        return Difference(seed, list(history), what, mine, other)

    while True:
        report.states += 1
        done = ours.is_terminal(state)
        if done != spiel.is_terminal():
            return differ("whether the game is over", done, spiel.is_terminal())
        if done:
            mine, other = [float(r) for r in ours.returns(state)], list(spiel.returns())
            other_by_seat = [other[seats[p]] for p in range(ours.player_count)]
            if any(abs(a - b) > TOLERANCE for a, b in zip(mine, other_by_seat)):
                return differ("the returns at the end", mine, other_by_seat)
            return None
        if ours.is_chance_node(state) != spiel.is_chance_node():
            return differ("whether chance decides", ours.is_chance_node(state), spiel.is_chance_node())
        if spiel.is_chance_node():
            event = ours.chance_event(state)
            space = ours.chance_space()
            mine_outcomes = {space.describe(event, outcome): p for outcome, p in ours.chance_outcomes(state)}
            other_outcomes = {chance_texts.get(a, f"action {a}"): p for a, p in spiel.chance_outcomes()}
            if set(mine_outcomes) != set(other_outcomes) or any(
                    abs(mine_outcomes[t] - other_outcomes[t]) > TOLERANCE for t in mine_outcomes):
                return differ("the chance outcomes and their probabilities", sorted(mine_outcomes.items()),
                              sorted(other_outcomes.items()))
            action = _weighted(spiel.chance_outcomes(), rng)
            text = chance_texts[action]
            outcome = next(o for o, _ in ours.chance_outcomes(state) if space.describe(event, o) == text)
            ours.apply_chance(state, outcome)
            spiel.apply_action(action)
            history.append(text)  # the outcome's text says it is chance
            continue
        if spiel.current_player() == pyspiel.PlayerId.SIMULTANEOUS or ours.current_player(state) == SIMULTANEOUS:
            difference = _joint_step(ours, spiel, state, seats, actions, rng, history, informed, differ)
            if difference is not None:
                return difference
            continue
        seat = ours.current_player(state)
        if seats[seat] != spiel.current_player():
            return differ("whose decision it is", f"seat {seat} (OpenSpiel player {seats[seat]})",
                          f"OpenSpiel player {spiel.current_player()}")
        mine_moves = sorted(str(m) for m in ours.legal_moves(state))
        other_moves = sorted(actions.get(a, f"action {a} (not in the map)") for a in spiel.legal_actions())
        if mine_moves != other_moves:
            return differ("the legal moves", mine_moves, other_moves)
        difference = _same_view(ours, spiel, state, seats, informed, differ)
        if difference is not None:
            return difference
        action = rng.choice(spiel.legal_actions())
        text = actions[action]
        ours.apply(state, ours.parse_move(state, text))
        spiel.apply_action(action)
        history.append(text)


def _joint_step(ours: Any, spiel: Any, state: Any, seats: tuple, actions: dict, rng: random.Random,
                history: list, informed: dict, differ) -> Optional[Difference]:
    """A simultaneous node: both sides have one, each seat's legal moves agree, and the joint move
    (OpenSpiel's random actions, one per player) is played on both at once."""
    import pyspiel

    if ours.current_player(state) != SIMULTANEOUS or spiel.current_player() != pyspiel.PlayerId.SIMULTANEOUS:
        return differ("whether all players decide at once", ours.current_player(state) == SIMULTANEOUS,
                      spiel.current_player() == pyspiel.PlayerId.SIMULTANEOUS)
    for seat in range(ours.player_count):
        mine = sorted(str(m) for m in ours.player_legal_moves(state, seat))
        other = sorted(actions.get(a, f"action {a} (not in the map)") for a in spiel.legal_actions(seats[seat]))
        if mine != other:
            return differ(f"the legal moves of seat {seat} at a simultaneous decision", mine, other)
    difference = _same_view(ours, spiel, state, seats, informed, differ)
    if difference is not None:
        return difference
    joint = [rng.choice(spiel.legal_actions(player)) for player in range(ours.player_count)]  # OpenSpiel's order
    texts = [actions[joint[seats[seat]]] for seat in range(ours.player_count)]
    ours.apply_joint(state, [next(m for m in ours.player_legal_moves(state, seat) if str(m) == text)
                             for seat, text in enumerate(texts)])
    spiel.apply_actions(joint)
    history.append(" + ".join(texts))
    return None


def _same_view(ours: Any, spiel: Any, state: Any, seats: tuple, informed: dict, differ) -> Optional[Difference]:
    """Within one information state of a player, one Rulebook view for that player."""
    if not spiel.get_game().get_type().provides_information_state_string:
        return None
    for seat in range(ours.player_count):
        key = (seat, spiel.information_state_string(seats[seat]))
        view = json.dumps(ours.view(state, seat), sort_keys=True, default=str)
        known = informed.setdefault(key, view)
        if known != view:
            return differ(f"what seat {seat} sees within one OpenSpiel information state of theirs "
                          f"(Rulebook shows it something OpenSpiel hides)", view, known)
    return None


def _weighted(outcomes: list, rng: random.Random) -> int:
    pick, total = rng.random(), 0.0
    for action, p in outcomes:
        total += p
        if pick < total:
            return action
    return outcomes[-1][0]
