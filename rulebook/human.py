"""A person at a seat, at the terminal or through a pipe: the position they may see, the legal
moves numbered in their text form, and what they type back.

They type a move's number (a number means a move's number; when it is also a value in other
moves' texts — card 26 — they are asked which they meant, and typing it again or `#N` means move N),
its text, or the start of its text when only one move starts that way, or just Enter when only one
move is legal; or a command: `help`, `board`, `moves`, `undo`, `save FILE`, `quit`. The end of the
input at a prompt means `quit`. When several people share the seats of a game with hidden information, each gets a
hand-over prompt before each of their decisions (the first too) with the screen and its scrollback
cleared, so only they see their view, then what happened since their last decision.
"""
from __future__ import annotations

import re
import shutil
from typing import Callable, Optional, TextIO

from .play import Ask

HELP = """\
At a prompt, type:
  NUMBER        the move with that number (when NUMBER is also a value in other moves'
                texts, you are asked which you meant: type it again, or #NUMBER)
  TEXT          the move with that text, or the only move whose text starts with it
  Enter         the only legal move, when there is just one
  board         show the position again
  moves         list the legal moves again
  undo          go back to your previous decision (the moves since are taken back) — not
                past a draw or anything shown that was hidden, nor another person's move
  save FILE     save the game so far as a record (resume with: rulebook play --resume FILE)
  quit          stop here (the end of the input does the same)
  help          this text"""

COMMANDS = ("help", "board", "moves", "undo", "save", "quit")
# Clear the screen and the terminal's scrollback (3J), so the last person's view is not one scroll away.
CLEAR = "\033[2J\033[3J\033[H"
RECAP = 40  # at most this many lines of what happened since a person's last decision


def read_line(inp: TextIO) -> Optional[str]:
    """One line of input without its end; None when the input has ended (or cannot be read: no
    terminal, ^C, ^D)."""
    try:
        line = inp.readline()
    except (KeyboardInterrupt, OSError, EOFError):
        return None
    return line.rstrip("\n") if line else None


def normal(text: str) -> str:
    return " ".join(text.split()).lower()


TYPE_HINT = "type a move's number or text, or 'help'"


def choose_move(moves: list, typed: str, hint: str = TYPE_HINT) -> tuple[Optional[object], str]:
    """The move that `typed` names: (move, "") or (None, why not). A number is a move's number
    (it wins over a move text starting with that number); then a whole move text; then the one
    move whose text starts with what was typed. `hint` says what to do instead (the web table
    has no `help`)."""
    text = normal(typed)
    if text.startswith("#") and text[1:].isdigit():  # #N: move N, whatever the moves' texts say
        text = text[1:]
    if text.isdigit():
        number = int(text)
        if 1 <= number <= len(moves):
            return moves[number - 1], ""
        return None, f"there is no move {number}: the moves are numbered 1 to {len(moves)}"
    texts = [normal(str(m)) for m in moves]
    exact = [m for m, t in zip(moves, texts) if t == text]
    if exact:
        return exact[0], ""
    starting = [(i, m) for i, (m, t) in enumerate(zip(moves, texts)) if t.startswith(text)]
    if len(starting) == 1:
        return starting[0][1], ""
    if not starting:
        return None, f"no move starts with '{typed.strip()}' ({hint})"
    shown = ", ".join(f"{i + 1} {m}" for i, m in starting[:8]) + (", …" if len(starting) > 8 else "")
    return None, f"'{typed.strip()}' could be {len(starting)} moves: {shown}"


def number_clash(moves: list, typed: str) -> str:
    """When a typed number (a move's number) is also a value the moves show — `26` typed for
    "plays card 26" — the question which was meant; "" when there is none. Typing the number again
    (or `#N`) means move N; the move's text means that move."""
    text = normal(typed)
    if not text.isdigit() or not 1 <= int(text) <= len(moves):
        return ""
    number = int(text)
    naming = [(i, m) for i, m in enumerate(moves, 1)
              if i != number and text in re.findall(r"\d+", str(m))]
    if not naming or text in re.findall(r"\d+", str(moves[number - 1])):
        return ""
    shown = ", ".join(f"{i} {m}" for i, m in naming[:4]) + (", …" if len(naming) > 4 else "")
    return (f"'{text}' is move {text} ({moves[number - 1]}), but {text} is also in {shown}: type {text} again "
            f"(or #{text}) for move {text}, or type the move you mean")


def columns(items: list[str], width: int) -> list[str]:
    """Lay numbered items out in as many columns as fit in `width`."""
    if not items:
        return []
    cell = max(len(i) for i in items) + 3
    per_line = max(1, width // cell)
    rows = (len(items) + per_line - 1) // per_line
    lines = []
    for r in range(rows):
        line = "".join(items[c * rows + r].ljust(cell) for c in range(per_line) if c * rows + r < len(items))
        lines.append(line.rstrip())
    return lines


class People:
    """Answers for the human seats of one game, reading `inp` and writing `out`.

    `show_board(state, player)` prints what that player may see; `notes(state, moves, player)`
    gives each move's note as that player may see it (or None); `save(path)` writes the record
    so far; `hidden` says whether the game hides anything from anyone (then several people get
    a hand-over prompt between their decisions).
    """

    def __init__(self, game, inp: TextIO, out: TextIO, show_board: Callable, save: Callable,
                 hidden: bool, seats: list, terminal: bool = False, notes: Optional[Callable] = None):
        self.game = game
        self.inp = inp
        self.out = out
        self.show_board = show_board
        self.notes = notes or (lambda state, moves, player: [None] * len(moves))
        self.save_record = save
        self.hidden = hidden
        self.people = [p for p, s in enumerate(seats) if s == "human"]
        self.terminal = terminal
        self.last: Optional[int] = None  # who decided last, for the hand-over prompt
        self.log: list[str] = []  # the table's log so far (rulebook.play.Table fills it), as printed
        self.told: dict[int, int] = {}  # per person: how much of the log they saw before handing over

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def read(self, prompt: str) -> Optional[str]:
        """A line typed at the prompt; None at the end of the input (or ^C, ^D)."""
        self.out.write(prompt)
        self.out.flush()
        line = read_line(self.inp)
        if line is None:
            self.say("")
            return None
        if not self.terminal:
            self.say(line)  # echo, so a piped session reads like a typed one
        return line

    def hand_over(self, player: int) -> bool:
        """Before a person's decision, when the game hides things and several people share the
        screen — the first decision too, and whenever another person decided last: clear the
        screen and its scrollback, wait for the right person, then tell them what happened since
        their last decision (the log as printed: what everyone may see). False if the input ended."""
        if not (self.hidden and len(self.people) > 1 and self.last != player):
            return True
        if self.last is not None:
            self.told[self.last] = len(self.log)  # the last person saw the log up to here
        name = self.game.player_names[player]
        if self.terminal:
            self.out.write(CLEAR)
        self.say(f"\n──── Hand over to {name} ────")
        if self.read(f"{name}, press Enter when only you can see the screen: ") is None:
            return False
        since = self.log[self.told.get(player, 0):]
        if since and player in self.told:
            self.say("Since your last decision:")
            for line in since[-RECAP:]:
                self.say(line)
        return True

    def ask(self, game, state, player: int, record) -> Ask:
        if not self.hand_over(player):
            return Ask(command="quit")
        self.last = player
        name = game.player_names[player]
        moves = game.legal_moves(state)
        self.say(f"\n──── {name} to decide (move {len(record.moves) + 1}) ────")
        self.show_board(state, player)
        if game.chosen(state):  # a secret choice: who has made it shows, never what
            self.say("Chosen secretly: " + ", ".join(game.player_names[p] for p in game.chosen(state)))
        self._list(moves, self.notes(state, moves, player))
        asked = None  # a number that was also a value in the moves, asked about once
        while True:
            line = self.read(f"{name}> ")
            if line is None:
                return Ask(command="quit")
            if not line.strip():
                if len(moves) == 1:  # the only legal move: Enter plays it
                    return Ask(move=moves[0])
                continue
            word, _, rest = line.strip().partition(" ")
            command = word.lower()
            is_move_text = any(normal(str(m)) == normal(line) for m in moves)
            if command in COMMANDS and not is_move_text:
                answer = self._command(command, rest.strip(), state, player, moves)
                if answer is not None:
                    return answer
                continue
            move, why = choose_move(moves, line)
            if move is None:
                self.say(why)
                continue
            clash = number_clash(moves, line)
            if clash and asked != normal(line):
                asked = normal(line)
                self.say(clash)
                continue
            return Ask(move=move)

    def _command(self, command: str, rest: str, state, player: int, moves: list) -> Optional[Ask]:
        if command == "help":
            self.say(HELP)
        elif command == "board":
            self.show_board(state, player)
        elif command == "moves":
            self._list(moves, self.notes(state, moves, player))
        elif command == "save":
            if not rest:
                self.say("save needs a file name: save FILE")
            else:
                self.save_record(rest)
        elif command in ("undo", "quit"):
            return Ask(command=command)
        return None

    def _list(self, moves: list, notes: list) -> None:
        width = shutil.get_terminal_size((100, 24)).columns if self.terminal else 100
        numbered = [f"{i:>3}  {m}" + (f" ({note})" if note else "") for i, (m, note) in enumerate(zip(moves, notes), 1)]
        for line in columns(numbered, width):
            self.say(line)
        if len(moves) == 1:
            self.say("(the only legal move: Enter plays it)")
