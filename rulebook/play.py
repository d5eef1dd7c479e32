"""Play one game: bots and people at the seats, a readable log, and the game's record."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable, Optional, TextIO

from rulebook.interpreter.game import Game
from rulebook.interpreter.play.machine import State

from .records import Record, describe_result, record_move
from .seats import HUMAN

EVERYTHING = "everything"  # a log that shows every move as it is (nobody's view in particular)


def summary(record: Record) -> str:
    if record.result is None:
        return f"Game left unfinished after {len(record.moves)} moves"
    return f"Game over: {record.result['outcome']} ({record.result['reason']})"


def shown_names(game: Game) -> list[str]:
    """"player 1 (north)": each player and their team, when the game names teams apart from players."""
    return [name if game.team_names[game.team_of(p)] == name else f"{name} ({game.team_names[game.team_of(p)]})"
            for p, name in enumerate(game.player_names)]


@dataclass
class Ask:
    """What a person at a seat answered: a move to play, or `undo` / `quit`."""

    move: object = None
    command: Optional[str] = None


@dataclass
class Table:
    """One game at the table: who sits where, what is printed, what is recorded.

    `seats` holds 'human' or a bot's name per seat; `people` answers for the human seats (see
    rulebook.human); `log_viewer` is whose eyes the log is written for: a player, None (what
    everyone sees) or EVERYTHING.
    """

    game: Game
    seats: list
    record: Record
    out: Optional[TextIO] = None
    people: object = None
    log_viewer: object = EVERYTHING
    rng: random.Random = field(default_factory=random.Random)
    on_save: Optional[Callable[[str], None]] = None
    bots: dict = field(default_factory=dict)
    board: Optional[Callable] = None  # board(state, log_viewer): draws the position after each turn
    tracer: Optional[object] = None  # interpreter.trace.Tracer: what each move ran, printed under it

    def __post_init__(self) -> None:
        from .bots import make_bot

        self.bots = {p: make_bot(s) for p, s in enumerate(self.seats) if s != HUMAN}
        self.names = shown_names(self.game)
        self.lines: list[str] = []  # the log as printed

    def play(self, start) -> State:
        """Play from `start` (a state, or a function that sets one up, whose log is printed too)
        to the end, or until a person quits; gives the last state."""
        game = self.game
        history: list[tuple[State, int, int]] = []  # each human decision: (state, moves before it, whose)
        trail: list[tuple[State, object]] = []  # each move played here: (the state before it, the move)
        first = len(self.record.moves)
        if self.people is not None:
            self.people.log = self.lines  # what happened since a person's last decision, told at a hand-over
        game.set_log(self._log, self._log_audience())
        try:
            state = start() if callable(start) else start
            while not game.is_terminal(state):
                player = game.current_player(state)
                if self.seats[player] == HUMAN:
                    answer = self.people.ask(game, state, player, self.record)
                    if answer.command == "quit":
                        break
                    if answer.command == "undo":
                        state = self._undo(player, history, trail, first, state)
                        continue
                    history.append((state.copy(), len(self.record.moves), player))
                    move = answer.move
                else:
                    move = self._bot_move(player, state)
                self._say_move(state, player, move)
                record_move(self.record, game, state, move)
                if self.people is not None:
                    trail.append((state.copy(), move))
                game.apply(state, move)
                if self.tracer is not None:
                    for line in self.tracer.play(move):
                        self._print("      " + line)
                if self.board is not None and game.current_player(state) != player and self.seats[player] != HUMAN:
                    self.board(state, self.log_viewer)
        finally:
            game.set_log(None)
        if game.is_terminal(state):
            self.record.result = describe_result(game, state)
        return state

    def _undo(self, player: int, history: list, trail: list, first: int, state: State) -> State:
        """Back to `player`'s previous decision when rulebook.undo allows it (the undo is kept in
        the record's `undone` list); else the refusal is said and play stays where it is."""
        from .undo import why_not_undo

        game = self.game
        why = why_not_undo(game, player, history[-1] if history else None, trail, first, state)
        if why:
            self.people.say(why)
            return state
        back, kept, _ = history.pop()
        self.record.undone.append({"by": game.player_names[player], "from": kept + 1, "to": len(self.record.moves)})
        del self.record.moves[kept:]
        del trail[kept - first:]
        self.people.say(f"Back to {game.player_names[player]}'s previous decision (move {kept + 1}).")
        return back

    def _bot_move(self, player: int, state: State):
        """The bot's move, chosen with the log off: its look-ahead plays moves on copies, and
        their log lines are not the game's (nor may they tell a reader what lies in a hidden
        pile)."""
        self.game.set_log(None)
        try:
            return self.bots[player].choose(self.game, state, self.rng)
        finally:
            self.game.set_log(self._log, self._log_audience())

    def _log_audience(self) -> Optional[int]:
        """Whose log the rules' `log … to P` lines are written for: everything (None), one
        player, or -1 — nobody in particular, so each such line comes in its public text."""
        if self.log_viewer == EVERYTHING:
            return None
        return -1 if self.log_viewer is None else self.log_viewer

    def _log(self, state, text: str) -> None:
        self._print(text)

    def _say_move(self, state: State, player: int, move) -> None:
        if self.out is None:
            return
        text = str(move) if self.log_viewer == EVERYTHING else self.game.public_text(state, move, self.log_viewer)
        self._print(f"  {self.names[player]}: {text}")

    def _print(self, line: str) -> None:
        if self.out is not None:
            print(line, file=self.out)
            self.lines.append(line)


def play_game(game: Game, seed: int, out: Optional[TextIO] = None, record: Optional[Record] = None) -> Record:
    """Random players (seeded like the game) play from setup to the end."""
    from .records import new_record

    record = record or new_record(game, game.program.path, (), seed, ["random"] * game.player_count)
    table = Table(game, ["random"] * game.player_count, record, out, rng=random.Random(seed))
    table.play(lambda: game.new_initial_state(seed))
    return record
