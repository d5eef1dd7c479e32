"""One scenario's world: its game and state, and how a vocabulary step acts on them.

Every action is general — make a game, run rules-language statements, set a zone exactly, put
the flow at a step, play moves by their text, check a value — and every word comes from the
game's vocabulary. When steps are atomic: a refused step leaves the state as it was.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Optional

from dsl.errors import RulebookError
from interpreter.game import Game
from interpreter.moves import IllegalMove

from .patterns import Pieces, PatternError, read_value
from .vocabulary import StepDef, Vocabulary


class ScenarioFailure(AssertionError):
    """A step that does not hold, said in the game's words."""


@dataclass
class World:
    rules: Any  # a rules folder path
    program: Any
    vocabulary: Vocabulary
    game: Optional[Game] = None
    state: Any = None
    names: list = field(default_factory=list)
    before_when: Any = None
    refusal: Optional[str] = None

    # ------------------------------------------------------------ words → values
    def player(self, word: str) -> int:
        if self.game is None:
            raise ScenarioFailure("no game yet: start with a step that creates one")
        word = re.sub(r"^the\s+", "", word.strip(), flags=re.I)
        lowered = [n.lower() for n in self.game.player_names]
        if word.lower() in lowered:
            return lowered.index(word.lower())
        teams = [t.lower() for t in self.game.team_names]
        if word.lower() in teams:
            team = teams.index(word.lower())
            return next(p for p in range(self.game.player_count) if self.game.team_of(p) == team)
        raise ScenarioFailure(f"no player or team called '{word}' (players: {', '.join(self.game.player_names)})")

    def team(self, word: str) -> int:
        return self.game.team_of(self.player(word))

    def member(self, kind: str, word: str) -> int:
        word = word.strip().lower()
        names = [m.lower() for m in self.vocabulary.kinds[kind]]
        synonym = self.vocabulary.synonyms.get(kind, {}).get(word)
        if synonym is not None:
            word = synonym.lower()
        if word not in names:
            raise ScenarioFailure(f"no {kind} called '{word}'")
        return names.index(word)

    kind_words = property(lambda self: self.vocabulary.kind_words)
    piece_words = property(lambda self: self.vocabulary.piece_words)

    # ------------------------------------------------------------ running a step
    def run_step(self, step: StepDef, captured: dict, tries: bool) -> None:
        values = {}
        for pattern in step.patterns + step.tries:
            for placeholder in pattern.placeholders:
                if placeholder.name in captured and captured[placeholder.name] is not None \
                        and placeholder.name not in values:
                    try:
                        values[placeholder.name] = read_value(placeholder, captured[placeholder.name], self)
                    except PatternError as err:
                        raise ScenarioFailure(str(err)) from None
        if step.keyword == "when":
            self.before_when = self.state.copy() if self.state is not None else None
            self.refusal = None
            snapshot = self.before_when
            try:
                self.act(step, step.actions, values)
            except (ScenarioFailure, RulebookError) as err:
                if snapshot is not None:
                    self.state = snapshot.copy()
                if not tries:
                    raise ScenarioFailure(f"refused: {err}") from None
                self.refusal = str(err)
                return
            if tries:
                self.refusal = None
            return
        self.act(step, step.actions, values)

    def act(self, step: StepDef, actions: list, values: dict) -> None:
        for name, argument in actions:
            if name != "new_game" and self.game is None:
                raise ScenarioFailure("no game yet: start with a step that creates one")
            getattr(self, "a_" + name)(step, argument, values)

    def snippet(self, step: StepDef, text: str, values: dict, statements: bool = False):
        params = {name: step.types[name] for name in step.types if name in values}
        fn = self.game.snippet(str(text), params, statements, path=str(self.vocabulary.path),
                               line=step.span.line)
        args = [_as_value(values[name]) for name in params]
        return fn, args

    def evaluate(self, step: StepDef, text: str, values: dict) -> Any:
        fn, args = self.snippet(step, text, values)
        return fn(self.state, *args)

    # ------------------------------------------------------------ actions
    def a_new_game(self, step: StepDef, spec: dict, values: dict) -> None:
        from rulebook.api import load_game  # the surfaces' API, above this module

        def value(key, default=None):
            raw = spec.get(key, default)
            return values.get(raw, raw) if isinstance(raw, str) else raw

        names: list = []
        team_of = None
        if "teams" in spec:
            teams = [values[t] for t in spec["teams"]]
            names = [n for team in teams for n in team]
            if spec.get("seating") and values.get(spec["seating"]):
                names = list(values[spec["seating"]])
            team_of = [next(i for i, team in enumerate(teams) if n in team) for n in names]
        elif "names" in spec:
            names = list(value("names"))
        options = dict(spec.get("options", {}))
        count = value("players", len(names))
        options["players"] = int(count)
        if len(names) != int(count):
            raise ScenarioFailure(f"a {count}-player game needs {count} names, not {len(names)}")
        seed = int(value("seed", 1) or 1)
        self.game = load_game(self.rules, options, names, team_of=team_of)
        self.state = self.game.new_initial_state(seed)
        self.act(step, self.vocabulary.start, values)

    def a_run(self, step: StepDef, text: str, values: dict) -> None:
        fn, args = self.snippet(step, text, values, statements=True)
        try:
            fn(self.state, *args)
        except RulebookError as err:
            raise ScenarioFailure(f"cannot set this up: {_plain(err)}") from None

    def _zone_and_pieces(self, step: StepDef, spec: dict, values: dict) -> tuple:
        params = {name: step.types[name] for name in step.types if name in values}
        zone_fn, layout = self.game.zone_snippet(spec["zone"], params, str(self.vocabulary.path), step.span.line)
        offset = zone_fn(self.state, *[_as_value(values[name]) for name in params])
        return layout, offset, values[spec["pieces"]]

    def a_set_zone(self, step: StepDef, spec: dict, values: dict) -> None:
        layout, offset, pieces = self._zone_and_pieces(step, spec, values)
        reservoir_fn, args = self.snippet(step, spec["reservoir"], values)
        reservoir = reservoir_fn(self.state, *args)
        if pieces.total_only:
            raise ScenarioFailure("say which pieces (e.g. '2 red and 1 blue'), not only how many")
        position = self.game.position(self.state)
        wanted = [0] * layout.kinds
        for member, count in pieces.counts.items():
            wanted[member] += count
        try:
            position.set_counts_at(offset, reservoir, wanted)
        except RulebookError as err:
            raise ScenarioFailure(f"cannot set this up: {_plain(err)}") from None

    def a_place(self, step: StepDef, spec: dict, values: dict) -> None:
        player = self.evaluate(step, spec["player"], values)
        try:
            self.game.place_at(self.state, spec["step"], player)
        except RulebookError as err:
            raise ScenarioFailure(str(err)) from None

    def a_play(self, step: StepDef, moves, values: dict) -> None:
        texts = moves if isinstance(moves, list) else [moves]
        for template in texts:
            text = self.format(step, template, values)
            if self.game.is_terminal(self.state):
                raise ScenarioFailure(f"the game is over; '{text}' cannot be played")
            decider = self.game.current_player(self.state)
            who = values.get("player")
            if isinstance(who, int) and who != decider:
                raise ScenarioFailure(f"it is not {self.game.player_names[who]}'s decision now "
                                      f"but {self.game.player_names[decider]}'s")
            try:
                move = self.game.parse_move(self.state, text)
            except IllegalMove:
                raise ScenarioFailure(f"'{text}' is not allowed now") from None
            self.game.apply(self.state, move)

    def a_expect(self, step: StepDef, spec, values: dict) -> None:
        if isinstance(spec, str):
            if not self.evaluate(step, spec, values):
                raise ScenarioFailure(f"expected {spec}")
            return
        actual = self.evaluate(step, spec["value"], values)
        expected = self.evaluate(step, spec["equals"], values)
        if _norm(actual) != _norm(expected):
            message = spec.get("message", "expected {expected}, found {actual}")
            shown = dict(values, expected=self.shown(step, spec["equals"], values, expected),
                         actual=self.shown(step, spec["value"], values, actual))
            raise ScenarioFailure(self.format(step, message, shown))

    def shown(self, step: StepDef, expression: str, values: dict, fallback: Any) -> str:
        """A value as the rules would print it (team names, colours…), by its static type."""
        if "{" in expression or '"' in expression:
            return str(fallback)
        try:
            return str(self.evaluate(step, '"{' + expression + '}"', values))
        except RulebookError:
            return str(fallback)

    def a_expect_zone(self, step: StepDef, spec: dict, values: dict) -> None:
        layout, offset, pieces = self._zone_and_pieces(step, spec, values)
        data = self.state.data
        counts = data[offset:offset + layout.kinds]
        names = self.game.compiled.kind_names[layout.kind]
        found = ", ".join(f"{c} {names[k]}" for k, c in enumerate(counts) if c) or "nothing"
        if pieces.total_only:
            ok = sum(counts) == pieces.total
            wanted = f"{pieces.total} in all"
        else:
            want = [0] * layout.kinds
            for member, count in pieces.counts.items():
                want[member] += count
            ok = list(counts) == want
            wanted = ", ".join(f"{c} {names[k]}" for k, c in enumerate(want) if c) or "nothing"
        if not ok:
            message = spec.get("message", "expected {wanted}, found {found}")
            raise ScenarioFailure(self.format(step, message, dict(values, wanted=wanted, found=found)))

    def a_at_step(self, step: StepDef, spec: dict, values: dict) -> None:
        player = self.evaluate(step, spec["player"], values)
        steps = spec.get("steps") or [spec["step"]]
        if self.game.is_terminal(self.state):
            raise ScenarioFailure("the game is over")
        names = self.game.compiled.step_names
        at = self.state.data[2]
        where = names[at] if 0 <= at < len(names) else "no step"
        decider = self.game.current_player(self.state)
        if decider != player or where not in steps:
            raise ScenarioFailure(f"expected {self.game.player_names[player]} at {' or '.join(steps)}, "
                                  f"found {self.game.player_names[decider]} at {where}")

    def a_result(self, step: StepDef, spec, values: dict) -> None:
        over = self.game.is_terminal(self.state)
        if spec == "not_over":
            if over:
                raise ScenarioFailure(f"the game is over ({self.game.result(self.state).reason})")
            return
        if not over:
            raise ScenarioFailure("the game is not over")
        winners = set(self.game.winning_players(self.state))
        if spec == "over":
            return
        if spec == "draw":
            if winners and len(winners) < self.game.player_count:
                raise ScenarioFailure(f"not a draw: {self._names(winners)} won")
            return
        expected = set(_as_list(self.evaluate(step, spec["winners"], values)))
        if winners != expected:
            raise ScenarioFailure(f"expected {self._names(expected)} to win, but {self._names(winners) or 'nobody'} "
                                  f"won ({self.game.result(self.state).reason})")

    def a_rejected(self, step: StepDef, spec, values: dict) -> None:
        if self.refusal is None:
            raise ScenarioFailure("the move was not rejected")

    def a_unchanged(self, step: StepDef, spec, values: dict) -> None:
        if self.before_when is None or self.state != self.before_when:
            raise ScenarioFailure("the state changed")

    # ------------------------------------------------------------ text
    def _names(self, players) -> str:
        return ", ".join(self.game.player_names[p] for p in sorted(players))

    def format(self, step: StepDef, template: str, values: dict) -> str:
        """Fill `{name}` from captured values (shown in game words) or `{expression}`."""
        def fill(match: re.Match) -> str:
            key = match.group(1)
            if key in values:
                return self.show(values[key], step.types.get(key))
            return str(self.evaluate(step, "\"{" + key + "}\"", values))
        return re.sub(r"\{([^{}]+)\}", fill, template)

    def show(self, value: Any, type_: Optional[str]) -> str:
        if isinstance(value, Pieces):
            return ", ".join(f"{c} {k}" for k, c in value.counts.items())
        if type_ == "player" and isinstance(value, int):
            return self.game.player_names[value]
        if type_ == "team" and isinstance(value, int):
            return self.game.team_names[value]
        kinds = self.game.compiled.kind_names
        if type_ in kinds and isinstance(value, int):
            return kinds[type_][value]
        if isinstance(value, (list, tuple)):
            return ", ".join(str(v) for v in value)
        return str(value)


def _as_value(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def _as_list(value: Any) -> list:
    return list(value) if isinstance(value, (list, tuple)) else [value]


def _norm(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def _plain(err: Exception) -> str:
    text = str(err)
    return text.split(": ", 1)[1] if text.startswith("<") and ": " in text else text
