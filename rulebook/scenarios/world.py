"""One scenario's world: its game and state, and how a vocabulary step acts on them.

Every action is general — make a game, run rules-language statements, set a zone exactly, put
the flow at a step, play moves by their text, check a value — and every word comes from the
game's vocabulary. When steps are atomic: a refused step leaves the state as it was.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Optional

from rulebook.dsl.errors import RulebookError
from rulebook.interpreter.game import Game
from rulebook.interpreter.play.moves import IllegalMove
from rulebook.interpreter.play.trace import Traced, Trail, ValueNames, refusal_text

from .patterns import Pieces, PatternError, read_value, split_list
from .views import view_mismatch
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
    mods: tuple = ()  # mod folders layered over the rules, in order
    coverage: Any = None  # a rulebook.coverage Coverage: games are then counting builds, added to it
    optimised: bool = True  # False: games built without the optimising passes (the same games, built faster)
    tracing: bool = False  # games built for tracing: a failing Then shows what the When's moves ran
    traces: list = field(default_factory=list)  # the When's moves' traces (interpreter/play/trace.py), in order

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

    def node(self, board: str, word: str) -> int:
        """A board's node by its label (`c3` on a grid) or its number."""
        if self.game is None:
            raise ScenarioFailure("no game yet: start with a step that creates one")
        layout = self.game.layout.boards.get(board)
        if layout is None:
            raise ScenarioFailure(f"no board called '{board}'")
        labels = [label.lower() for label in layout.labels]
        word = word.strip().lower()
        if word in labels:
            return layout.low + labels.index(word)
        raise ScenarioFailure(f"board '{board}' has no node '{word}' (they are {layout.labels[0]} to {layout.labels[-1]})")

    kind_words = property(lambda self: self.vocabulary.kind_words)
    piece_words = property(lambda self: self.vocabulary.piece_words)

    # ------------------------------------------------------------ running a step
    def run_step(self, step: StepDef, captured: dict, tries: bool, docstring: Optional[str] = None) -> None:
        values = {}
        if step.docstring is not None:
            if docstring is None:
                raise ScenarioFailure('this step needs its text below it, between """ lines')
            base = step.docstring.type.partition(":")[0]
            words = docstring if base in ("text", "word") else ", ".join(re.split(r"[\s,]+", docstring.strip()))
            try:
                values[step.docstring.name] = read_value(step.docstring, words, self)
            except PatternError as err:
                raise ScenarioFailure(str(err)) from None
        for pattern in step.patterns + step.tries:
            for placeholder in pattern.placeholders:
                if placeholder.name in captured and captured[placeholder.name] is not None \
                        and placeholder.name not in values:
                    try:
                        values[placeholder.name] = read_value(placeholder, captured[placeholder.name], self)
                    except PatternError as err:
                        raise ScenarioFailure(str(err)) from None
        self.check_nodes(step, values)
        if step.keyword == "when":
            self.before_when = self.state.copy() if self.state is not None else None
            self.refusal = None
            self.traces = []
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

    def check_nodes(self, step: StepDef, values: dict) -> None:
        """A number that names a board's node (its placeholder typed as the board) must be one."""
        if self.game is None:
            return
        boards = self.game.layout.boards
        for name, type_ in step.types.items():
            board = type_[len("list of "):] if type_.startswith("list of ") else type_
            if board in boards and name in values:
                nodes = boards[board].nodes
                for value in _as_list(values[name]):
                    if value not in nodes:
                        raise ScenarioFailure(f"{value} is not one of the {board} ({nodes[0]} to {nodes[-1]})")

    def act(self, step: StepDef, actions: list, values: dict) -> None:
        for name, argument in actions:
            if name not in ("new_game", "refused_game") and self.game is None:
                raise ScenarioFailure("no game yet: start with a step that creates one")
            getattr(self, "a_" + name)(step, argument, values)

    def snippet(self, step: StepDef, text: str, values: dict, statements: bool = False):
        params = {name: step.types[name] for name in step.types if name in values}
        where = step.text_spans.get(text, step.span)
        fn = self.game.snippet(str(text), params, statements, where.path, where.line, where.column)
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
                seated = list(values[spec["seating"]])
                if sorted(seated) != sorted(names):
                    raise ScenarioFailure(f"the seating {', '.join(seated)} does not name the players "
                                          f"of the teams ({', '.join(names)}) once each")
                names = seated
            team_of = [next(i for i, team in enumerate(teams) if n in team) for n in names]
        elif "names" in spec:
            given = value("names")  # a placeholder's names, or names written out: "Ann, Bob"
            names = split_list(given) if isinstance(given, str) else list(given)
        options = self.options(step, spec, values)
        count = value("players", len(names))
        options["players"] = int(count)
        if len(names) != int(count):
            raise ScenarioFailure(f"a {count}-player game needs {count} names, not {len(names)}")
        seed = int(value("seed", 1) or 1)
        self.game = _shared_game(load_game, str(Path(self.rules).resolve()), _hashable(options), tuple(names),
                                 tuple(team_of) if team_of is not None else None, self.mods,
                                 self.coverage is not None, self.optimised, self.tracing)
        if self.coverage is not None:
            self.coverage.add(self.game)
        self.state = self.game.new_initial_state(seed)
        self.act(step, self.vocabulary.start, values)

    def options(self, step: StepDef, spec: dict, values: dict) -> dict:
        """A game's options as the spec gives them; a value that names a placeholder takes what it
        captured (kind members by their names: `with variants A and C` gives `[A, C]`)."""
        options = {}
        for key, raw in (spec.get("options") or {}).items():
            if isinstance(raw, str) and raw in values:
                kind = _placeholder_type(step, raw).partition(":")[2]
                member_names = self.vocabulary.kinds.get(kind)
                raw = values[raw]
                if member_names is not None:
                    raw = [member_names[m] for m in raw] if isinstance(raw, list) else member_names[raw]
            options[key] = raw
        return options

    def a_refused_game(self, step: StepDef, spec: dict, values: dict) -> None:
        """Creating a game with these options must fail (e.g. a `require` of the rules refuses
        the combination), with a message containing spec['message']; the world is unchanged."""
        from rulebook.api import load_game  # the surfaces' API, above this module

        options = self.options(step, spec, values)
        count = spec.get("players", self.game.player_count if self.game else None)
        if count is not None:
            options["players"] = int(values.get(count, count) if isinstance(count, str) else count)
        try:
            load_game(self.rules, options, mods=self.mods)
        except RulebookError as err:
            wanted = spec.get("message")
            if wanted and wanted not in str(err):
                raise ScenarioFailure(f"refused, but saying '{err}' instead of '{wanted}'") from None
            return
        raise ScenarioFailure("the game was created: nothing refused these options")

    def a_run(self, step: StepDef, text: str, values: dict) -> None:
        fn, args = self.snippet(step, text, values, statements=True)
        try:
            fn(self.state, *args)
        except RulebookError as err:
            raise ScenarioFailure(f"cannot set this up: {_plain(err)}") from None

    def _zone_and_pieces(self, step: StepDef, spec: dict, values: dict) -> tuple:
        params = {name: step.types[name] for name in step.types if name in values}
        where = step.text_spans.get(spec["zone"], step.span)
        zone_fn, layout = self.game.zone_snippet(spec["zone"], params, where.path, where.line, where.column)
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
        data, names = self.state.data, self.game.kind_names[layout.kind]
        for k, count in enumerate(wanted):
            need, have = count - data[offset + k], data[reservoir + k]
            if need > have:
                message = spec.get("message", "not enough {member} in " + spec["reservoir"]
                                   + ": {need} more needed, {have} left")
                shown = dict(values, member=names[k], need=need, have=have)
                raise ScenarioFailure("cannot set this up: " + self.format(step, message, shown))
        try:
            position.set_counts_at(offset, reservoir, wanted)
        except RulebookError as err:
            raise ScenarioFailure(f"cannot set this up: {_plain(err)}") from None

    def a_place(self, step: StepDef, spec: dict, values: dict) -> None:
        """Put the flow at a step of a player's turn; with `steps`, at the first of them that
        has a decision to make now (a turn with nothing to do at one goes on to the next)."""
        player = self.evaluate(step, spec["player"], values)
        steps = spec.get("steps") or [spec["step"]]
        for i, name in enumerate(steps):
            try:
                self.game.place_at(self.state, name, player)
                return
            except RulebookError as err:
                if i == len(steps) - 1:
                    raise ScenarioFailure(str(err)) from None

    def a_expect_view(self, step: StepDef, spec: dict, values: dict) -> None:
        failure = view_mismatch(self, step, spec, values)
        if failure is not None:
            raise ScenarioFailure(failure)

    def a_play(self, step: StepDef, moves, values: dict) -> None:
        """Play moves by their text. An entry may be a dict: `{move: T, each: [a, b]}` plays T once
        per piece (or list item) of the captured a and b, taken side by side; `if_legal: true`
        plays it only when it is a legal move then (e.g. ending an optional series of choices);
        `times: n` plays it n times (a number, or a captured count such as `{n:int}`)."""
        for entry in moves if isinstance(moves, list) else [moves]:
            entry = entry if isinstance(entry, dict) else {"move": entry}
            times = entry.get("times", 1)
            times = values.get(times, times) if isinstance(times, str) else times
            if not isinstance(times, int) or times < 0:
                raise ScenarioFailure(f"'times' must be a count, not {times!r}")
            for _ in range(times):
                for bound_step, bound in self._each(step, entry.get("each"), values):
                    self._play_one(bound_step, entry["move"], bound, bool(entry.get("if_legal")))

    def a_legal_moves(self, step: StepDef, spec: dict, values: dict) -> None:
        """The waiting decision offers exactly these moves: `move` filled once per item of the
        captured `items` (a list, or words listed 'a, b and c'); it is `player`'s decision."""
        if self.game.is_terminal(self.state):
            raise ScenarioFailure("the game is over")
        if "player" in spec:
            player = self.evaluate(step, spec["player"], values)
            decider = self.game.current_player(self.state)
            if decider != player:
                raise ScenarioFailure(f"it is {self.game.player_names[decider]}'s decision, "
                                      f"not {self.game.player_names[player]}'s")
        items = values[spec["items"]]
        items = split_list(items) if isinstance(items, str) else list(items)
        wanted = sorted(self.format(step, spec["move"], dict(values, item=item)).lower() for item in items)
        found = sorted(str(m).lower() for m in self.game.legal_moves(self.state))
        if wanted != found:
            message = spec.get("message", "expected the moves {wanted}, found {found}")
            raise ScenarioFailure(self.format(step, message, dict(values, wanted="; ".join(wanted),
                                                                   found="; ".join(found))))

    def _each(self, step: StepDef, names, values: dict) -> list:
        """(step, values) once per item of the named captured values, zipped; once if none named."""
        if not names:
            return [(step, values)]
        names = [names] if isinstance(names, str) else list(names)
        columns, types = [], {}
        for name in names:
            value = values.get(name)
            if isinstance(value, Pieces):
                if value.total_only:
                    raise ScenarioFailure("say which pieces, member by member, not only how many")
                columns.append([m for m, c in value.counts.items() for _ in range(c)])
                types[name] = _pieces_kind(step, name)
            elif isinstance(value, (list, tuple)):
                columns.append(list(value))
                inner = step.types.get(name, "")
                types[name] = inner[len("list of "):] if inner.startswith("list of ") else inner
            else:
                raise ScenarioFailure(f"'{name}' is not a captured list or pieces")
        if len({len(c) for c in columns}) > 1:
            counts = " with ".join(str(len(c)) for c in columns)
            raise ScenarioFailure(f"the sentence pairs {counts}: the numbers must match")
        bound_step = replace(step, types={**step.types, **types})
        return [(bound_step, dict(values, **dict(zip(names, row)))) for row in zip(*columns)]

    def _play_one(self, step: StepDef, template: str, values: dict, if_legal: bool) -> None:
        text = self.format(step, template, values)
        if self.game.is_terminal(self.state):
            if if_legal:
                return
            raise ScenarioFailure(f"the game is over; '{text}' cannot be played")
        decider = self.game.current_player(self.state)
        who = values.get("player")
        if isinstance(who, int) and who != decider:
            if if_legal:
                return
            raise ScenarioFailure(f"it is not {self.game.player_names[who]}'s decision now "
                                  f"but {self.game.player_names[decider]}'s")
        try:
            move = self.game.parse_move(self.state, text)
        except IllegalMove:
            if if_legal:
                return
            raise ScenarioFailure(f"'{text}' is not allowed now\n{refusal_text(self.game, self.state)}") from None
        trail = self.game.reached if self.tracing else None
        if isinstance(trail, Trail):
            trail.taken = []
        try:
            self.game.apply(self.state, move)
        finally:
            if isinstance(trail, Trail) and trail.taken is not None:
                self.traces.append((text, Traced(tuple(trail.taken), self.game.reach_map, text,
                                                               ValueNames.of(self.game)).lines()))
                trail.taken = None

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
        """Compare a zone's pieces with the captured ones. The zone may be any expression of
        pieces (one zone, or several read as one, e.g. a group's); `exact: false` compares only
        the members the sentence names."""
        pieces = values[spec["pieces"]]
        kind = _pieces_kind(step, spec["pieces"])
        counts = list(self.evaluate(step, f"[({spec['zone']})[{_MEMBER}] for {_MEMBER} in {kind}]", values))
        names = self.game.kind_names[kind]
        found = ", ".join(f"{c} {names[k]}" for k, c in enumerate(counts) if c) or "nothing"
        if pieces.total_only:
            ok = sum(counts) == pieces.total
            wanted = f"{pieces.total} in all"
            found = f"{sum(counts)} in all" + (f" ({found})" if sum(counts) else "")
        else:
            want = [0] * len(counts)
            for member, count in pieces.counts.items():
                want[member] += count
            named = sorted(pieces.counts)
            if spec.get("exact", True) or not named:  # `no pieces` names every member
                ok = counts == want
            else:
                ok = all(counts[k] == want[k] for k in named)
                found = ", ".join(f"{counts[k]} {names[k]}" for k in named)
            wanted = ", ".join(f"{c} {names[k]}" for k, c in enumerate(want) if c) or "nothing"
        if not ok:
            message = spec.get("message", "expected {wanted}, found {found}")
            raise ScenarioFailure(self.format(step, message, dict(values, wanted=wanted, found=found)))

    def a_at_step(self, step: StepDef, spec: dict, values: dict) -> None:
        player = self.evaluate(step, spec["player"], values)
        steps = spec.get("steps") or [spec["step"]]
        if self.game.is_terminal(self.state):
            raise ScenarioFailure("the game is over")
        names = self.game.step_names
        at = self.state.data[2]
        where = names[at] if 0 <= at < len(names) else "no step"
        decider = self.game.current_player(self.state)
        if decider != player or where not in steps:
            found = dict(values, found_player=self.game.player_names[decider], found_step=where.replace("_", " "))
            message = spec.get("message", "expected {player} at " + " or ".join(steps)
                               + ", found {found_player} at {found_step}")
            raise ScenarioFailure(self.format(step, message, found))

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
        if "reason" in spec:  # the end's own words, as the rules gave them (`end game … because`)
            wanted = self.format(step, spec["reason"], values)
            reason = self.game.result(self.state).reason or ""
            if reason.strip().lower() != wanted.strip().lower():
                raise ScenarioFailure(f"the game is over because {reason or '(no reason given)'}, not because {wanted}")
        if "winners" not in spec:
            return
        expected = set(_as_list(self.evaluate(step, spec["winners"], values)))
        if winners != expected:
            raise ScenarioFailure(f"expected {self._names(expected)} to win, but {self._names(winners) or 'nobody'} "
                                  f"won ({self.game.result(self.state).reason})")

    def a_random_state(self, step: StepDef, spec: str, values: dict) -> None:
        """The state of the game's random generator, as a number: chance from here on (draws,
        shuffles, picks) comes out as it did in the game this was read from."""
        value = values.get(spec)
        if not isinstance(value, int) or value < 0:
            raise ScenarioFailure(f"the random generator's state is a whole number, not {value!r}")
        self.state.rng = value

    def a_legal(self, step: StepDef, spec: dict, values: dict) -> None:
        """`{player, move}`: it is that player's decision and the move (its text) is one of theirs now."""
        player = self.evaluate(step, spec["player"], values)
        text = " ".join(self.format(step, spec["move"], values).split())
        if self.game.is_terminal(self.state):
            raise ScenarioFailure(f"the game is over: '{text}' cannot be played")
        decider = self.game.current_player(self.state)
        if decider != player:
            raise ScenarioFailure(f"it is {self.game.player_names[decider]}'s decision, not "
                                  f"{self.game.player_names[player]}'s")
        if text not in {str(m) for m in self.game.legal_moves(self.state)}:
            raise ScenarioFailure(f"'{text}' is not one of {self.game.player_names[player]}'s moves now")

    def a_invariants(self, step: StepDef, spec, values: dict) -> None:
        """The rules' declared invariants hold now."""
        broken = self.game.check_invariants(self.state)
        if broken:
            raise ScenarioFailure("invariant broken: " + "; ".join(broken))

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
        """Fill `{name}` from captured values (shown in game words) or `{expression}`;
        `{name|one|many}` gives the word `one` or `many` as the number `name` wants."""
        def text_of(key: str) -> str:
            if key in values:
                if isinstance(values[key], Pieces):  # a pieces placeholder: its members by name
                    return self.show(values[key], "pieces:" + _pieces_kind(step, key))
                return self.show(values[key], step.types.get(key))
            return str(self.evaluate(step, "\"{" + key + "}\"", values))

        def fill(match: re.Match) -> str:
            key, *forms = match.group(1).split("|")
            shown = text_of(key.strip())
            if len(forms) == 2:  # only the word, in the form the number wants
                return forms[0] if shown.strip() in ("1", "-1") else forms[1]
            return shown
        return re.sub(r"\{([^{}]+)\}", fill, template)

    def show(self, value: Any, type_: Optional[str]) -> str:
        if isinstance(value, Pieces):
            kind = type_[len("pieces:"):] if type_ and type_.startswith("pieces:") else None
            if value.total_only:
                return str(value.total)
            return ", ".join(f"{c} {self.show(k, kind)}" for k, c in value.counts.items())
        if type_ == "player" and isinstance(value, int):
            return self.game.player_names[value]
        if type_ == "team" and isinstance(value, int):
            return self.game.team_names[value]
        kinds = self.game.kind_names
        if type_ in kinds and isinstance(value, int):
            return kinds[type_][value]
        board = self.game.layout.boards.get(type_) if type_ else None
        if board is not None and isinstance(value, int) and 0 <= value - board.low < board.size:
            return board.labels[value - board.low]
        if isinstance(value, (list, tuple)):
            inner = type_[len("list of "):] if type_ and type_.startswith("list of ") else None
            return ", ".join(self.show(v, inner) for v in value)
        return str(value)


@lru_cache(maxsize=64)
def _shared_game(load_game, rules: str, options: tuple, names: tuple, team_of: Optional[tuple],
                 mods: tuple = (), counting: bool = False, optimised: bool = True, tracing: bool = False) -> Game:
    """One Game per rules, mods, options and seating, shared by the scenarios that ask for it: a
    Game holds no state of play, and its compiled snippets then serve every scenario. Under
    rules coverage it is a counting build."""
    return load_game(rules, dict(options), names, team_of=team_of, mods=mods, counting=counting,
                     optimised=optimised, tracing=tracing)


_MEMBER = "_member"  # a loop name no vocabulary placeholder uses


def _placeholder_type(step: StepDef, name: str) -> str:
    """The type of the step's placeholder `{name:type}` ('' if it has none of that name)."""
    for pattern in step.patterns + step.tries:
        for placeholder in pattern.placeholders:
            if placeholder.name == name:
                return placeholder.type
    return ""


def _pieces_kind(step: StepDef, name: str) -> str:
    """The kind K of the `{name:pieces:K}` placeholder of a step."""
    base, _, kind = _placeholder_type(step, name).partition(":")
    if base != "pieces":
        raise ScenarioFailure(f"'{name}' is not a pieces placeholder of this step")
    return kind


def _as_value(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def _as_list(value: Any) -> list:
    return list(value) if isinstance(value, (list, tuple)) else [value]


def _norm(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def _plain(err: Exception) -> str:
    text = str(err)
    return text.split(": ", 1)[1] if text.startswith("<") and ": " in text else text


def _hashable(options: dict) -> tuple:
    """Options as a cache key (list values, such as a list of variants, become tuples)."""
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in options.items()))
