"""`rulebook replay`: step through a game's record — next, back, jump, from any player's view —
in the terminal, or write it as one HTML page (rulebook/page.py).

Step k is the position after k moves (step 0: the start). A full record can be seen as everything
(nothing hidden), as what everyone sees, or as any player; a player's record only as its player.
An unfinished game's full record (a game saved to go on with) shows only what everyone sees unless
it is asked for with `--reveal`: its players are still at the table. A player's record cannot be
replayed from a seed, so nothing in it can be checked against the rules: it is shown as unverified.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, TextIO

from rulebook.dsl.errors import OptionsError

from .human import read_line
from .records import Record, for_player, log_lines, open_record, states, undone_text, views
from .seats import seat_of

EVERYTHING, EVERYONE = "everything", "everyone"


@dataclass(frozen=True)
class Viewer:
    key: str             # "everything", "everyone", or a player's name
    label: str
    player: object       # a seat, None (what everyone sees) or EVERYTHING


class Replay:
    """A record's steps as each of its viewers may see them."""

    def __init__(self, game, record: Record, public_only: bool = False):
        self.game = game
        self.record = record
        self.public_only = public_only
        names = list(game.player_names)
        if record.kind == "full":
            pairs = list(states(game, record))
            self.states = [s for s, _ in pairs]
            self.played = [m for _, m in pairs[:-1]]
            everyone = Viewer(EVERYONE, "what everyone sees", None)
            self.viewers = [everyone] if public_only else [
                Viewer(EVERYTHING, "everything (nothing hidden)", EVERYTHING), everyone,
                *(Viewer(name, name, p) for p, name in enumerate(names))]
            self.seen: Optional[list] = None
        else:
            self.states = []
            self.seen = views(record)
            viewer = names.index(record.viewer) if record.viewer in names else None
            self.viewers = [Viewer(record.viewer or "", record.viewer or "", viewer)]
        self._told: dict[str, list] = {}

    @property
    def verified(self) -> bool:
        """Whether every move was replayed from the seed and found legal, and the result follows
        (a full record, checked by open_record); a player's record cannot be."""
        return self.record.kind == "full"

    def notes(self, step: int) -> list[str]:
        """What happened at the table after `step` moves that the moves do not show: undos."""
        return [undone_text(undo) for undo in self.record.undone if undo["from"] == step + 1]

    @property
    def steps(self) -> int:
        """The last step's number (how many moves there are)."""
        return len(self.record.moves)

    def viewer(self, key: str) -> Viewer:
        for viewer in self.viewers:
            if viewer.key.lower() == key.strip().lower():
                return viewer
        if key.strip().isdigit() and self.record.kind == "full" and not self.public_only:
            return self.viewers[2 + seat_of(key, self.game.player_names, "view")]
        listing = ", ".join(v.key for v in self.viewers)
        raise OptionsError(f"no view '{key}': this record can be seen as {listing}")

    def view(self, step: int, viewer: Viewer) -> dict:
        if self.seen is not None:
            return self.seen[step]
        state = self.states[step]
        return state.to_json() if viewer.player == EVERYTHING else self.game.view(state, viewer.player)

    def scene(self, step: int, viewer: Viewer) -> dict:
        from .display import display_for, make_scene

        display = display_for(self.game, [m["path"] for m in self.record.mods])
        return make_scene(self.game, display, self.view(step, viewer))

    def told(self, viewer: Viewer) -> list[list[str]]:
        """The rules' log lines per step as the viewer may read them ([k]: what move k caused; [0]:
        the setup's); a player's record keeps its player's (none in a record made before it did)."""
        if viewer.key not in self._told:
            if self.seen is not None:
                lines = self.record.log or [[] for _ in range(self.steps + 1)]
            else:
                audience = None if viewer.player == EVERYTHING else -1 if viewer.player is None else viewer.player
                lines = log_lines(self.game, self.record, audience)
            self._told[viewer.key] = lines
        return self._told[viewer.key]

    def moves(self, viewer: Viewer) -> list[dict]:
        """Each move as the viewer may see it: {"player", "move"}."""
        if self.seen is not None or viewer.player == EVERYTHING:
            return list(self.record.moves)
        return [{"player": entry["player"], "move": self.game.public_text(state, move, viewer.player)}
                for entry, state, move in zip(self.record.moves, self.states, self.played)]


def open_replay(path: str, as_player: Optional[str] = None, reveal: bool = False) -> Replay:
    """The replay of a record; with `as_player`, only that player's view (from a full record, its
    player's record is made first, so nothing else is even at hand). An unfinished game's full
    record shows only what everyone sees, unless `reveal`."""
    game, record = open_record(path)
    secret = record.kind == "full" and not record.finished and not reveal
    if as_player and secret:
        raise OptionsError(f"{path} is an unfinished game: it shows only what everyone sees, so that no player "
                           f"at its table sees another's secrets; add --reveal to see it as {as_player} anyway")
    if as_player:
        seat = seat_of(as_player, game.player_names, "--as")
        if record.kind == "player":
            if record.viewer != game.player_names[seat]:
                raise OptionsError(f"{path} is {record.viewer}'s record: it can only be seen as {record.viewer}")
        else:
            record = for_player(game, record, seat)
    return Replay(game, record, public_only=secret)


UNVERIFIED = ("(unverified: a player's record cannot be played again from the start, so its moves and result "
              "were not checked against the rules)")

REPLAY_HELP = """\
  Enter, next, n    the next move          back, b          the move before
  jump N, N         the position after N moves (0: the start; end: the last)
  view NAME         see it as NAME (one of: {views})
  moves             every move so far      quit, q          stop (so does the end of the input)
  why               the rules the last move ran, in order, with file:line (viewing everything)"""


class Stepper:
    """The terminal replay: one position at a time, moved by typed commands."""

    def __init__(self, replay: Replay, inp: TextIO, out: TextIO):
        self.replay = replay
        self.inp = inp
        self.out = out
        self.terminal = inp.isatty() and out.isatty()
        self.viewer = replay.viewers[0]

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def show(self, step: int) -> None:
        from .display import draw_scene, scene_text

        replay = self.replay
        moves = replay.moves(self.viewer)
        self.say(f"\n──── {replay.record.title}: after {step} of {replay.steps} moves — as {self.viewer.label} ────")
        if not replay.verified:
            self.say(UNVERIFIED)
        if step > 0:
            last = moves[step - 1]
            self.say(f"Move {step}: {last['player']}: {last['move']}")
        for line in replay.told(self.viewer)[step]:
            self.say("  " + line)
        scene = replay.scene(step, self.viewer)
        if self.terminal:
            draw_scene(scene, self.out)
        else:
            self.out.write("\n".join(line.rstrip() for line in scene_text(scene).splitlines()) + "\n")
        if step == replay.steps and replay.record.result:
            self.say(f"Game over: {replay.record.result['outcome']} ({replay.record.result['reason']})")
        for note in replay.notes(step):
            self.say(note)
        if step < replay.steps:
            upcoming = moves[step]
            self.say(f"Next: {upcoming['player']}: {upcoming['move']}")

    def run(self, step: int = 0) -> None:
        step = max(0, min(step, self.replay.steps))
        self.show(step)
        while True:
            self.out.write("replay> ")
            self.out.flush()
            line = read_line(self.inp)
            if line is None:
                self.say("")
                return
            if not self.terminal:
                self.say(line)
            word, _, rest = line.strip().partition(" ")
            command = word.lower()
            if command in ("q", "quit", "exit"):
                return
            if command in ("", "n", "next"):
                target = step + 1
            elif command in ("b", "back", "p", "prev"):
                target = step - 1
            elif command in ("j", "jump") or command.isdigit() or command == "end":
                target = self._number(rest if command in ("j", "jump") else command)
                if target is None:
                    continue
            elif command in ("view", "as"):
                try:
                    self.viewer = self.replay.viewer(rest)
                except OptionsError as err:
                    self.say(str(err))
                    continue
                target = step
            elif command == "why":
                self._why(step)
                continue
            elif command == "moves":
                for i, entry in enumerate(self.replay.moves(self.viewer)[:step], 1):
                    self.say(f"{i:>4}  {entry['player']}: {entry['move']}")
                continue
            else:
                self.say(REPLAY_HELP.format(views=", ".join(v.key for v in self.replay.viewers)))
                continue
            if not 0 <= target <= self.replay.steps:
                self.say(f"there is no step {target}: 0 (the start) to {self.replay.steps}")
                continue
            step = target
            self.show(step)

    def _why(self, step: int) -> None:
        """What the move that led here ran: the rules' workings whole, so only to one who sees everything."""
        if self.viewer.player != EVERYTHING:
            self.say("why shows the rules' workings, hidden information included: 'view everything' first"
                     if any(v.player == EVERYTHING for v in self.replay.viewers)
                     else "why needs a full record whose everything may be shown (replay --reveal for an unfinished one)")
            return
        if step == 0:
            self.say("no move yet: this is the start")
            return
        from rulebook.interpreter.play.trace import explain_move

        record = self.replay.record
        for line in explain_move(self.replay.game, record.seed, [m["move"] for m in record.moves], step):
            self.say("  " + line)

    def _number(self, text: str) -> Optional[int]:
        text = text.strip().lower()
        if text == "end":
            return self.replay.steps
        if not text.isdigit():
            self.say("jump needs a number of moves: jump 12 (or: jump end)")
            return None
        return int(text)
