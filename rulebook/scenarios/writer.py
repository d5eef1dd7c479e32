"""`rulebook scenario RECORD --at N`: a feature file that shows move N of a game record.

The scenario sets up the position before move N with Given steps made only of the game's declared
sentences (its `position:` entries say how they describe a position, position.py), plays move N
as a When and states what it changed as Then steps. A position the sentences cannot write
directly — halfway through a series of choices, or with effects still running — is written as an
earlier position plus the record's moves since, each as a Given sentence that plays it. Every
step is tried while writing: the Given steps must give the record's position (sameness.py), the
When the record's move, and the Then steps must hold after it and fail after every other move.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from rulebook.dsl.errors import RulebookError

from .. import api, records
from ..seats import HUMAN
from .move_sentences import copy_world, same_position, sentence_for_move
from .position import PositionError, Sentence, describe
from .sameness import play_alike
from .world import ScenarioFailure, World

REPLAY_LIMIT = 60  # how many moves back a position may be written from, at most


class ScenarioWriteError(RulebookError):
    """A position or move the game's sentences cannot say (the message says which part)."""


@dataclass
class Written:
    feature: str  # the whole .feature file
    steps: list  # (keyword, text, docstring) each, in order
    notes: list = field(default_factory=list)  # other moves the Then steps cannot tell apart
    position: Optional[World] = None  # the world the Given steps make (before the When)


@dataclass
class _Setup:
    steps: list
    world: Optional[World]
    problems: list


def scenario_for_record(path: str, at: int, reveal: bool = False) -> Written:
    """The scenario of move `at` (from 1) of the full record at `path`. A game people left
    unfinished (they may still be at its table) only with `reveal`: a scenario states the whole
    position, hands and piles included."""
    record = records.read_record(path)
    if record.kind != "full":
        raise ScenarioWriteError(f"{path}: a player's record holds no seed, so its positions cannot be "
                                 "rebuilt; write scenarios from a full record (play --save, simulate --keep-records)")
    if not record.finished and HUMAN in record.seats and not reveal:
        raise ScenarioWriteError(f"{path}: a game its people left unfinished; a scenario states the whole position, "
                                 f"what they hide from each other included: add --reveal to write it anyway")
    if not 1 <= at <= len(record.moves):
        raise ScenarioWriteError(f"{path}: there is no move {at}; the record has moves 1 to {len(record.moves)}")
    game = records.game_of(record, path)
    history = []  # (state before the move, the move), as far as the record can be played
    try:
        for state, move in records.states(game, record, path):
            if move is not None:
                history.append((state, move))
    except RulebookError:  # a move that fails (the record of a failure): the states before it stand
        if len(history) < at:
            raise
    return ScenarioWriter(game, record, Path(path).name, history).write(at)


READABLE_NAME = re.compile(r"[A-Za-z][\w'-]*")
STAND_INS = ("Ann", "Bob", "Cyd", "Dot", "Eve", "Fay", "Gus", "Hal")


class ScenarioWriter:
    def __init__(self, game, record, name: str, history: list):
        from .plugin import _loaded  # the step library's cached rules and vocabulary

        self.record, self.name = record, name
        self.folder = records.game_reference(record.game)[1]
        self.mods = tuple(str(Path(m["path"]).resolve()) for m in record.mods)
        self.program, self.vocabulary = _loaded(str(self.folder.resolve()), (), self.mods)
        if not self.vocabulary.position:
            raise ScenarioWriteError(f"{self.vocabulary.path}: declares no 'position:' entries, so no position "
                                     "can be written with its sentences (see features/README.md)")
        self.game = _with_readable_names(game, self.folder, self.mods)
        self.history = [(state, self.game.move_from_json(state, move.to_json())) for state, move in history]
        self.moves = [str(move) for _, move in self.history]
        self.renamed = self.game is not game

    def world(self, state=None) -> World:
        return World(self.folder, self.program, self.vocabulary, game=self.game if state is not None else None,
                     state=state, mods=self.mods)

    # ------------------------------------------------------------ the whole scenario
    def write(self, at: int) -> Written:
        target, move = self.history[at - 1]
        setup = self.set_up(self.history[:at], at)
        steps = list(setup.steps)
        when = self.when(setup.world, target, at)
        steps.append(("when", when, None))
        after = target.copy()
        failing = None
        try:
            self.game.apply(after, move)
        except RulebookError as err:
            failing = str(err)
        notes: list = []
        if failing is None:
            steps += self.thens(setup.world, when, target, after, move, notes, at)
        fails = failing or next((n.split(": ", 1)[1] for n in notes if n.startswith("after the move")), None)
        return Written(self.feature(steps, at, str(move), target, fails), steps, notes, setup.world)

    # ------------------------------------------------------------ Given
    def set_up(self, history: list, at: int) -> _Setup:
        target = history[-1][0]
        continuation = self.moves[at - 1:]
        first: list = []
        for anchor in range(at - 1, max(-1, at - 2 - REPLAY_LIMIT), -1):
            setup = self._attempt(history[anchor][0], self.moves[anchor:at - 1], target, continuation)
            if not setup.problems:
                return setup
            first = first or setup.problems
        where = f"the position before move {at} of {self.name}"
        raise ScenarioWriteError(f"{where} cannot be written with the sentences of {self.vocabulary.path}:\n  "
                                 + "\n  ".join(first))

    def _attempt(self, anchor, replay: list, target, continuation: list) -> _Setup:
        problems: list = []
        for chance in (False, True):
            try:
                givens = describe(self.world(anchor), "given", with_chance=chance)
            except (PositionError, ScenarioFailure, RulebookError) as err:
                return _Setup([], None, [f"the position: entries cannot describe it: {err}"])
            start = [s for s in givens if s.entry.starts_game][:1]
            if not start:
                return _Setup([], None, ["no position: entry gives a Given that starts this game (its options "
                                         "and players)"])
            world = self.world()
            steps: list = []
            for sentence in start + [s for s in givens if not s.entry.starts_game]:
                before = world.state.copy() if world.state is not None else None
                problem = run_sentence(world, sentence.keyword, sentence.text, sentence.docstring)
                if problem:
                    return _Setup([], None, [problem])
                if before is None or not same_position(before, world.state):
                    steps.append(("given", sentence.text, sentence.docstring))
            if replay:
                problems = play_alike(self.game, world.state, anchor, replay + continuation, len(replay) + 1) or []
                if problems:
                    continue
            for text in replay:
                said = sentence_for_move(world, "given", text)
                if said is None:
                    return _Setup([], None, [f"no Given sentence plays the move '{text}' (declare one whose "
                                             "play is that move)"])
                run_sentence(world, "given", said, None)
                steps.append(("given", said, None))
            problems = play_alike(self.game, world.state, target, continuation) or []
            if not problems:
                return _Setup(steps, world, [])
        return _Setup([], None, problems)

    # ------------------------------------------------------------ When
    def when(self, world: World, target, at: int) -> str:
        text = self.moves[at - 1]
        said = sentence_for_move(world, "when", text)
        if said is None:
            raise ScenarioWriteError(f"move {at}, '{text}': no When sentence of {self.vocabulary.path} plays it "
                                     "(declare one whose play is that move)")
        return said

    # ------------------------------------------------------------ Then
    def thens(self, world: World, when: str, target, after, move, notes: list, at: int) -> list:
        played = copy_world(world)
        problem = run_sentence(played, "when", when, None)
        if problem:
            raise ScenarioWriteError(f"the When step does not play as the record's move: {problem}")
        before_texts = {s.text for s in describe(self.world(target), "then")}
        after_all = describe(self.world(after), "then")
        chosen = [s for s in after_all if s.text not in before_texts or s.entry.at or s.entry.over
                  or s.entry.always]
        self._tell_apart(target, move, after, after_all, chosen, notes, self.moves[at:])
        steps = []
        for sentence in chosen:
            problem = run_sentence(copy_world(played), "then", sentence.text, sentence.docstring)
            if problem and not sentence.entry.always:
                raise ScenarioWriteError(f"after the When, 'Then {sentence.text}' does not hold: {problem}")
            if problem:  # the game went wrong there (an invariant broken): the scenario shows it, failing
                notes.append(f"after the move, 'Then {sentence.text}' fails, as the game did: {problem}")
            steps.append(("then", sentence.text, sentence.docstring))
        return steps

    def _tell_apart(self, target, move, after, after_all: list, chosen: list, notes: list,
                    continuation: list) -> None:
        """Add Then steps until each other legal move fails one of them."""
        for other in self.game.legal_moves(target):
            if str(other) == str(move):
                continue
            elsewhere = target.copy()
            try:
                self.game.apply(elsewhere, other)
            except RulebookError:
                continue
            if play_alike(self.game, elsewhere, after, continuation) is None:
                notes.append(f"'{other}' leaves the same position")
                continue
            probe = self.world(elsewhere)
            if any(run_sentence(copy_world(probe), "then", s.text, s.docstring) for s in chosen):
                continue
            there = {s.text for s in describe(probe, "then")}
            extra = next((s for s in after_all if s.text not in there), None) or self._open_move(after, elsewhere)
            if extra is None:
                notes.append(f"'{other}' differs from it only in what no Then sentence states")
            else:
                chosen.append(extra)

    def _open_move(self, after, elsewhere) -> Optional[Sentence]:
        """A Then naming a move open after the record's move but not after the other (an entry
        with `@legal_move`): what tells apart two positions alike but for the decision waiting."""
        if self.game.is_terminal(after):
            return None
        there = set() if self.game.is_terminal(elsewhere) else {str(m) for m in self.game.legal_moves(elsewhere)}
        same_decider = not self.game.is_terminal(elsewhere) and elsewhere.decider == after.decider
        for move in self.game.legal_moves(after):
            if str(move) not in there or not same_decider:
                found = describe(self.world(after), "then", legal_move=str(move))
                if found:
                    return found[0]
        return None

    # ------------------------------------------------------------ the file
    def feature(self, steps: list, at: int, move: str, target, failing: Optional[str]) -> str:
        record = self.record
        tag = record.game if (self.folder.parent == api.shipped_games_folder().resolve()) else str(self.folder)
        options = ", ".join(f"{k} {_option_text(v)}" for k, v in record.options.items())
        mover = self.game.player_names[self.game.current_player(target)]
        lines = [f"@game:{tag}", f"Feature: {record.title} — move {at} of {self.name}",
                 f"  Written by `rulebook scenario {self.name} --at {at}` from a full record (seed {record.seed}):",
                 f"  the position before move {at} in the game's own sentences, the move, and what it changed.",
                 f"  Options: {options}."]
        if self.renamed:
            lines.append("  Players: " + ", ".join(f"{old} (here {new})" for old, new
                                                   in zip(record.players, self.game.player_names)) + ".")
        if record.mods:
            paths = " ".join(f"--mod {m['path']}" for m in record.mods)
            lines.append(f"  Mods: {', '.join(m['name'] for m in record.mods)} (run it with: rulebook test FILE {paths}).")
        if failing:
            lines.append(f"  This scenario fails, as the game did: {failing.splitlines()[0]}")
        lines += ["", f"  Scenario: Move {at} — {mover}: {move}"]
        previous = None
        for keyword, text, docstring in steps:
            word = "And" if keyword == previous else keyword.capitalize()
            lines.append(f"    {word} {text}")
            if docstring is not None:
                lines += ['      """'] + [f"      {line}" for line in docstring.splitlines()] + ['      """']
            previous = keyword
        return "\n".join(lines) + "\n"


def _with_readable_names(game, folder: Path, mods: tuple):
    """The game itself when sentences can name its players; else the same game with stand-in names
    (`player 1` cannot be a word of a sentence). Names are not part of a state: states carry over."""
    names = list(game.player_names)
    if all(READABLE_NAME.fullmatch(n) for n in names) and len({n.lower() for n in names}) == len(names):
        return game
    seating = [game.team_of(p) for p in range(game.player_count)]
    return api.load_game(folder, records.options_by_name(game), player_names=STAND_INS[:len(names)],
                         team_of=seating, mods=mods)


def run_sentence(world: World, keyword: str, text: str, docstring: Optional[str]) -> Optional[str]:
    """Run one step on the world; the reason it fails, or None."""
    found = world.vocabulary.find(keyword, text)
    if found is None:
        return f"'{keyword.capitalize()} {text}' is not one of the declared sentences"
    step, captured, tries = found
    try:
        world.run_step(step, captured, tries, docstring)
    except (ScenarioFailure, RulebookError) as err:
        return f"{keyword.capitalize()} {text}: {err}"
    return None


def _option_text(value) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) if value else "none"
    return str(value)
