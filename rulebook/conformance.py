"""Checking a game written as rules against OpenSpiel's own implementation, state by state.

A game folder's `openspiel.yaml` says which pyspiel game it is, which parameters match which
options, which OpenSpiel player sits in each seat, and the map between Rulebook's move texts (and
chance outcomes) and OpenSpiel's action ids — data, never code; a variant (an option set with its
parameters) may carry its own `moves:` and `chance:` where the ids depend on the parameters.
`chance:` may also be a list of maps, one for each kind of chance event whose outcomes OpenSpiel
numbers from 0 afresh (a direction drawn, then cards dealt): at a chance node the map that names
Rulebook's outcomes there is used.
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
  variant (one game seldom meets an information state twice; other deals behind it do). Every
  player's, at every decision; or, with `views: deciding_player` in the map, only the deciding
  player's — for a game whose OpenSpiel information states leave out what the others openly see
  (the game's own openspiel.yaml says why).
  Where information states are too many to meet twice (a deal of 52 cards), each game also makes
  a twin: at one of its decisions, two chance outcomes of the history so far are swapped and both
  sides replay it; if OpenSpiel's information state of the deciding player is unchanged (the swap
  was hidden from them), Rulebook's view for them must be unchanged too.

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
VIEWS = ("every_player", "deciding_player")
TWIN_TRIES = 4  # swaps tried for a game's twin; most change what the deciding player knows


class ConformanceError(RulebookError):
    """A map that does not fit its game (an unknown move text, an action used twice…)."""


@dataclass(frozen=True)
class Variant:
    """One option set and OpenSpiel's parameters for it; its own move and chance maps where the
    action ids depend on the parameters (a board's size), else the map's."""

    options: dict
    parameters: dict
    moves: dict  # move text -> action id
    chance: tuple  # maps of chance outcome text -> action id, one for each kind of chance event

    @property
    def actions(self) -> dict:
        return {action: text for text, action in self.moves.items()}


@dataclass(frozen=True)
class SpielMap:
    """A game's openspiel.yaml, read and checked."""

    game: str
    variants: tuple
    players: tuple  # OpenSpiel's player of each seat
    views: str = "every_player"  # whose views the leak check compares: every_player | deciding_player


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
    chance = _chance_maps(data, ("chance",), located) if "chance" in data else ({},)
    players = data.get("players")
    views = data.get("views", "every_player")
    if views not in VIEWS:
        raise RulesError.at(located.span(("views",)), f"views is one of {', '.join(VIEWS)}, not '{views}'")
    return SpielMap(data["game"], tuple(_variant(v, ("variants", i), moves, chance, located)
                                        for i, v in enumerate(variants)),
                    tuple(players) if isinstance(players, list) else (), views)


def _variant(raw: dict, place: tuple, moves: dict, chance: tuple, located) -> Variant:
    """A variant's own `moves:` / `chance:` take the place of the map's."""
    return Variant(dict(raw.get("options") or {}), dict(raw.get("parameters") or {}),
                   _id_map(raw, place + ("moves",), located) if "moves" in raw else moves,
                   _chance_maps(raw, place + ("chance",), located) if "chance" in raw else chance)


def _chance_maps(holder: dict, where: tuple, located) -> tuple:
    """One map, or a list of maps whose action ids may repeat from one map to the next."""
    raw = holder.get(where[-1])
    if isinstance(raw, list):
        return tuple(_id_map(raw, where + (i,), located) for i in range(len(raw)))
    return (_id_map(holder, where, located),)


def _id_map(holder: dict | list, where: tuple, located) -> dict:
    raw = holder.get(where[-1]) if isinstance(holder, dict) else holder[where[-1]]
    what = where[-1] if isinstance(where[-1], str) else f"{where[-2]} {where[-1]}"  # `chance 1`: a list's map
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
    # What `ours` and `theirs` are: a leak compares two of Rulebook's own views.
    labels: tuple = ("Rulebook", "OpenSpiel")

    def __str__(self) -> str:
        moves = ", ".join(self.history) or "(none: the start)"
        return (f"game with seed {self.seed}, after {len(self.history)} moves ({moves}): {self.what}\n"
                f"  {self.labels[0]}: {self.ours}\n  {self.labels[1]}: {self.theirs}")


@dataclass
class Report:
    games: int = 0
    states: int = 0
    twins: int = 0  # twin histories whose deciding player's information state the swap left alone
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
    history: list = []  # informed: (player, information state string) -> Rulebook's view for that player
    played: list = []  # (whether chance played it, OpenSpiel's action id), for the twin
    decisions: list = []  # (moves before it, deciding seat, their information state, their view)
    kind = spiel.get_game().get_type()
    # A twin swaps chance outcomes: only a game with chance and information states has one.
    twinning = kind.provides_information_state_string and kind.chance_mode != pyspiel.GameType.ChanceMode.DETERMINISTIC

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
            return _twin(ours, theirs, variant, seats, seed, played, decisions, history, report)
        if ours.is_chance_node(state) != spiel.is_chance_node():
            return differ("whether chance decides", ours.is_chance_node(state), spiel.is_chance_node())
        if spiel.is_chance_node():
            event = ours.chance_event(state)
            space = ours.chance_space()
            mine_outcomes = {space.describe(event, outcome): p for outcome, p in ours.chance_outcomes(state)}
            chance_texts = _chance_texts(variant, mine_outcomes)
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
            played.append((True, action))
            continue
        if spiel.current_player() == pyspiel.PlayerId.SIMULTANEOUS or ours.current_player(state) == SIMULTANEOUS:
            twinning = False  # a twin replays one move at a time: not a game of joint moves
            decisions.clear()
            difference = _joint_step(ours, spiel, state, seats, actions, rng, history, informed, differ)
            if difference is not None:
                return difference
            continue
        seat = ours.current_player(state)
        if seats[seat] != spiel.current_player():
            return differ("whose decision it is", f"seat {seat} (OpenSpiel player {seats[seat]})",
                          f"OpenSpiel player {spiel.current_player()}")
        moves = ours.legal_moves(state)
        legal = {str(m): m for m in moves}  # text -> move: no second parse to apply it
        mine_moves = sorted(str(m) for m in moves)  # two moves of one text are two, as OpenSpiel would have
        other_moves = sorted(actions.get(a, f"action {a} (not in the map)") for a in spiel.legal_actions())
        if mine_moves != other_moves:
            return differ("the legal moves", mine_moves, other_moves)
        looked_at = [seat] if spiel_map.views == "deciding_player" else range(ours.player_count)
        difference = _same_view(ours, spiel, state, seats, looked_at, informed, differ)
        if difference is not None:
            return difference
        if twinning:
            decisions.append((len(played), seat, spiel.information_state_string(seats[seat]), _view(ours, state, seat)))
        action = rng.choice(spiel.legal_actions())
        text = actions[action]
        ours.apply(state, legal[text])
        spiel.apply_action(action)
        history.append(text)
        played.append((False, action))


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
    difference = _same_view(ours, spiel, state, seats, range(ours.player_count), informed, differ)
    if difference is not None:
        return difference
    joint = [rng.choice(spiel.legal_actions(player)) for player in range(ours.player_count)]  # OpenSpiel's order
    texts = [actions[joint[seats[seat]]] for seat in range(ours.player_count)]
    ours.apply_joint(state, [next(m for m in ours.player_legal_moves(state, seat) if str(m) == text)
                             for seat, text in enumerate(texts)])
    spiel.apply_actions(joint)
    history.append(" + ".join(texts))
    return None


def _chance_texts(variant: Variant, outcomes: dict) -> dict:
    """OpenSpiel's action id -> text, from the chance map that names most of these outcomes."""
    chosen = max(variant.chance, key=lambda texts: len(set(texts) & set(outcomes)))
    return {a: t for t, a in chosen.items()}


def _same_view(ours: Any, spiel: Any, state: Any, seats: tuple, looked_at, informed: dict,
               differ) -> Optional[Difference]:
    """Within one information state of a player, one Rulebook view for that player."""
    if not spiel.get_game().get_type().provides_information_state_string:
        return None
    for seat in looked_at:
        key = (seat, spiel.information_state_string(seats[seat]))
        view = _view(ours, state, seat)
        known = informed.setdefault(key, view)
        if known != view:
            difference = differ(f"what seat {seat} sees within one OpenSpiel information state of theirs "
                                f"(Rulebook shows it something OpenSpiel hides)", view, known)
            difference.labels = ("Rulebook, this game", "Rulebook, an earlier game")
            return difference
    return None


def _view(ours: Any, state: Any, seat: int) -> str:
    return json.dumps(ours.view(state, seat), sort_keys=True, default=str)


def _twin(ours: Any, theirs: Any, variant: Variant, seats: tuple, seed: int, played: list, decisions: list,
          history: list, report: Report) -> Optional[Difference]:
    """At one decision of the game, swap two chance outcomes before it (a few tries) and replay: where
    OpenSpiel's information state of the deciding player stays the same, so must Rulebook's view."""
    rng = random.Random(seed * 7919 + 1)  # its own generator: the game's choices stay as they were
    if not decisions:
        return None
    at, seat, information, view = rng.choice(decisions)
    chances = [i for i in range(at) if played[i][0]]
    for _ in range(TWIN_TRIES if len(chances) > 1 else 0):
        i, j = sorted(rng.sample(chances, 2))
        if played[i][1] == played[j][1]:
            continue
        twin = list(played[:at])
        twin[i], twin[j] = twin[j], twin[i]
        spiel = _spiel_replay(theirs, twin)
        if spiel is None or spiel.information_state_string(seats[seat]) != information:
            continue
        state = _replay(ours, variant, seed, twin)
        if state is None:
            continue
        report.twins += 1
        twin_view = _view(ours, state, seat)
        if twin_view != view:
            return Difference(seed, history[:at], f"what seat {seat} sees when the chance outcomes "
                              f"'{history[i]}' and '{history[j]}' swap places, which OpenSpiel's information "
                              f"state of theirs does not show (Rulebook shows it something OpenSpiel hides)",
                              twin_view, view, ("Rulebook, the twin", "Rulebook, this game"))
    return None


def _spiel_replay(theirs: Any, twin: list) -> Any:
    """OpenSpiel's state after these actions, or None where one is not legal there."""
    spiel = theirs.new_initial_state()
    for chance, action in twin:
        legal = [a for a, _ in spiel.chance_outcomes()] if spiel.is_chance_node() else spiel.legal_actions()
        if chance != spiel.is_chance_node() or action not in legal:
            return None
        spiel.apply_action(action)
    return spiel


def _replay(ours: Any, variant: Variant, seed: int, twin: list) -> Any:
    """Rulebook's state after the same actions, through the map, or None where one is not legal."""
    state = ours.new_initial_state(seed)
    for chance, action in twin:
        if chance != ours.is_chance_node(state):
            return None
        if chance:
            event, space = ours.chance_event(state), ours.chance_space()
            outcomes = {space.describe(event, o): o for o, _ in ours.chance_outcomes(state)}
            text = _chance_texts(variant, outcomes).get(action)
            if text not in outcomes:
                return None
            ours.apply_chance(state, outcomes[text])
        else:
            text = variant.actions.get(action)
            if text not in {str(m) for m in ours.legal_moves(state)}:
                return None
            ours.apply(state, ours.parse_move(state, text))
    return state


def _weighted(outcomes: list, rng: random.Random) -> int:
    pick, total = rng.random(), 0.0
    for action, p in outcomes:
        total += p
        if pick < total:
            return action
    return outcomes[-1][0]
