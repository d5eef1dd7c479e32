"""The game on the server: the position, the full record, each seat's log, and who moves next.

Every move — a person's from a browser or a bot's — goes through `advance`, which keeps, for each
seat and for spectators, the log as they may read it: the move in the text they may read (the
decider its own text, the others its public text) and the rules' log lines written for them
(rulebook.play does the same for one reader). Then each audience's message is built anew from
its own view (messages.py) and kept, so a browser that connects or comes back gets it at once.

Host is plain synchronous code: the web app runs it off the event loop, one call at a time.
"""
from __future__ import annotations

import random
import sys
from typing import Callable, Optional

from rulebook.dsl.errors import RulebookError
from rulebook.interpreter.play.machine import State

from ..bots import make_bot
from ..human import choose_move, normal, number_clash
from ..records import Record, describe_result, record_move, write_record
from ..seats import HUMAN
from .messages import state_message

SPECTATORS = None  # the audience of what everyone sees


class Host:
    """One game at a web table. `seats` holds 'human' or a bot's name per seat; `save`, when
    given, is the file the full record is written to after every move."""

    def __init__(self, game, record: Record, seats: list[str], save: Optional[str] = None):
        self.game = game
        self.record = record
        self.seats = list(seats)
        self.record.seats = self.seats
        self.save_path = save
        self.save_trouble = ""
        self.bots = {p: make_bot(s) for p, s in enumerate(self.seats) if s != HUMAN}
        self.rng = random.Random(record.seed)  # the bots' chance, seeded like the game, as `play` does
        self.audiences: list[Optional[int]] = [*range(game.player_count), SPECTATORS]
        self.logs: dict[Optional[int], list[str]] = {a: [] for a in self.audiences}
        self.asked: dict[int, str] = {}  # per seat: a number asked about once (rulebook.human.number_clash)
        self.mods = tuple(m["path"] for m in record.mods)
        moves = [entry["move"] for entry in record.moves]
        del record.moves[:]
        self.state = self._each_audience(lambda: game.new_initial_state(record.seed), {})
        for text in moves:  # a resumed game: its moves again, so each seat's log is whole
            self.advance(game.parse_move(self.state, text), build=False)
        self.messages: dict[Optional[int], dict] = {}
        self._build()

    # ------------------------------------------------------------ the game going on
    @property
    def counter(self) -> int:
        """How many moves were played: the number each message carries and each move must bring back."""
        return len(self.record.moves)

    def over(self) -> bool:
        return self.game.is_terminal(self.state)

    def bot_to_move(self) -> bool:
        return not self.over() and self.seats[self.game.current_player(self.state)] != HUMAN

    def submit(self, seat: int, counter: object, text: object, typed: bool = False) -> Optional[str]:
        """A person's move from `seat`'s browser: a move's text (a clicked button), or what they
        typed (as at the terminal: a number, a text, its start). None when it was played; else
        why not, and nothing changed."""
        game = self.game
        if self.over():
            return "the game is over"
        if not isinstance(counter, int) or isinstance(counter, bool) or not isinstance(text, str):
            return "not a move of this table (it needs the move counter and the move)"
        if counter != self.counter:
            return (f"that move was chosen at move {counter + 1}, but the game has moved on to move "
                    f"{self.counter + 1}: look at the board again")
        decider = game.current_player(self.state)
        if decider != seat:
            return f"it is {game.player_names[decider]}'s decision, not yours"
        moves = game.legal_moves(self.state)
        if typed:
            move, why = choose_move(moves, text, "click a move, or type its number, its text or its start")
            if move is None:
                return why
            clash = number_clash(moves, text)
            if clash and self.asked.get(seat) != normal(text):
                self.asked[seat] = normal(text)
                return clash
        else:
            move = next((m for m in moves if str(m) == text), None)
            if move is None:
                return f"'{text[:200]}' is not a legal move here"
        self.advance(move)
        return None

    def bot_step(self) -> bool:
        """The bot whose decision it is moves (it thinks with the log off, on a copy); False when
        it is no bot's decision."""
        if not self.bot_to_move():
            return False
        player = self.game.current_player(self.state)
        self.game.set_log(None)
        move = self.bots[player].choose(self.game, self.state.copy(), self.rng)
        self.advance(move)
        return True

    def advance(self, move, build: bool = True) -> None:
        """Play `move` (legal now): the record, each audience's log, the state, the save, the messages."""
        game, state = self.game, self.state
        name = game.player_names[game.current_player(state)]
        said = {a: f"{name}: {game.public_text(state, move, a)}" for a in self.audiences}
        after = self._each_audience(lambda: game.child(state, move), said)
        record_move(self.record, game, state, move)
        self.state = after
        self.asked.clear()  # a question about a typed number was about the position before
        if game.is_terminal(after):
            self.record.result = describe_result(game, after)
        if build:
            self.save()
            self._build()

    def _each_audience(self, play: Callable[[], State], said: dict) -> State:
        """Run `play` (which gives a new state and changes nothing else) once per audience with
        the rules' log written for that audience, adding its lines to that audience's log after
        `said[audience]`. Chance is held in the state, so every run gives the same state."""
        state: Optional[State] = None
        for audience in self.audiences:
            lines: list[str] = []
            if said:
                lines.append(said[audience])
            # -1: nobody in particular, so a line written `to` a player comes in its public text
            self.game.set_log(lambda _, text: lines.append("  " + text), -1 if audience is None else audience)
            try:
                state = play()
            finally:
                self.game.set_log(None)
            self.logs[audience].extend(lines)
        assert state is not None
        return state

    def _build(self) -> None:
        self.messages = {a: state_message(self.game, self.state, a, self.logs[a], self.counter, self.seats,
                                          self.mods) for a in self.audiences}

    def save(self) -> None:
        """Write the full record to the --save file; a failure is said on the server's console (once
        each), and the game goes on."""
        if self.save_path is None:
            return
        try:
            write_record(self.save_path, self.record)
        except RulebookError as err:
            if str(err) != self.save_trouble:
                print(f"rulebook: {err}", file=sys.stderr)
            self.save_trouble = str(err)

