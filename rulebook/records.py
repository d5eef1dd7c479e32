"""Game records: one JSON format for a game in progress or finished, full or as one player saw it.

A *full record* holds the seed and every move in its text form: replaying the moves from the seed
rebuilds every state, so it can be resumed. A *player's record* holds only what one player may see:
the others' moves in their public form, the player's view before each move, and no seed; it can
be replayed from that player's view, never resumed. Both name the game, a hash of its rules and
tables (and of each mod), the options and the players, and carry a checksum of their content.
Reading one checks all of that first: a record that does not fit is refused in one line, and
nothing is half-loaded. The checksum only catches a damaged or hand-edited file: anyone can compute
it anew, so it is no proof. What stands for a full record is replaying it (open_record): every move
legal from the seed, the result the one the moves give. A player's record cannot be replayed, so it
is unverified (rulebook.replay says so wherever it is shown).
"""
from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator, Optional, Sequence

from rulebook.dsl.errors import OptionsError, RulebookError
from rulebook.interpreter.game import Game
from rulebook.interpreter.play.machine import State
from rulebook.interpreter.play.moves import IllegalMove

from . import api

MARK = "rulebook game record"
FORMAT = 1
NOT_RULES = {"display.yaml", "scenarios.yaml"}  # shown or tested beside the rules, not rules


class RecordError(RulebookError):
    """A record that cannot be used: unreadable, changed, or not of these rules."""


class RecordMissing(RecordError, OptionsError):
    """No record at the path given (a missing input, like an unknown game: exit code 2)."""


@dataclass
class Record:
    kind: str                      # "full" or "player"
    game: str                      # a shipped game's name, or its rules folder (absolute)
    title: str
    rules: dict                    # {"version", "hash", "files": {name: hash}}
    options: dict                  # every option, resolved, members by name; "players" too
    mods: list                     # [{"name", "path", "hash", "files"}]
    players: list                  # names, by seat
    seats: list                    # who played each seat: "human", "random", "mcts:100"…
    seed: Optional[int] = None     # full records only
    viewer: Optional[str] = None   # player's records only: whose record it is
    moves: list = field(default_factory=list)   # {"player": name, "move": text} each
    views: Optional[list] = None   # player's records only: the viewer's view data, per step
    result: Optional[dict] = None
    undone: list = field(default_factory=list)  # each undo at the table: {"by": name, "from": n, "to": m}
    log: Optional[list] = None     # player's records only: the rules' log lines as the viewer read them, per step

    @property
    def finished(self) -> bool:
        return self.result is not None

    def to_json(self) -> dict:
        data = {"record": MARK, "format": FORMAT, "kind": self.kind, "game": self.game, "title": self.title,
                "rules": self.rules, "options": self.options, "mods": self.mods, "players": self.players,
                "seats": self.seats}
        if self.kind == "full":
            data["seed"] = self.seed
        else:
            data["viewer"] = self.viewer
        data["moves"] = self.moves
        if self.kind == "player":
            data["views"] = self.views
            if self.log is not None:
                data["log"] = self.log
        data["result"] = self.result
        if self.undone:
            data["undone"] = self.undone
        data["checksum"] = checksum(data)
        return data


def checksum(data: dict) -> str:
    """The hash of a record's content: canonical JSON of every field but the checksum."""
    content = {k: v for k, v in data.items() if k != "checksum"}
    text = json.dumps(content, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


# ------------------------------------------------------------ what a record belongs to
def _hash_files(paths: Sequence[Path], base: Path) -> dict:
    files = {}
    for path in sorted(set(paths)):
        try:
            name = path.resolve().relative_to(base.resolve()).as_posix()
        except ValueError:
            name = path.name
        files[name] = "sha256:" + hashlib.sha256(path.read_bytes()).hexdigest()
    total = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()
    return {"hash": "sha256:" + total, "files": files}


def rules_fingerprint(game: Game, folder: Path) -> dict:
    """The hash of a rules folder's rules files, the tables they declare and the tables' schemas."""
    folder = folder.resolve()
    paths = list(folder.glob("*.rules"))
    for table in game.program.tables.values():
        path = Path(table.path).resolve()
        if folder in path.parents:
            paths.append(path)
            schema = path.with_name(path.stem + ".schema.json")
            if schema.is_file():
                paths.append(schema)
    return {"version": game.program.version, **_hash_files(paths, folder)}


def mod_fingerprint(path: Path) -> dict:
    from rulebook.dsl.mods import read_mod

    folder = path.resolve()
    files = [folder / "mod.yaml", *folder.glob("*.rules"),
             *(p for p in folder.glob("*.yaml") if p.name not in NOT_RULES | {"mod.yaml"}),
             *folder.glob("*.schema.json")]
    return {"name": read_mod(folder).name, "path": str(folder), **_hash_files([p for p in files if p.is_file()], folder)}


def game_reference(name_or_path: str | Path) -> tuple[str, Path]:
    """How a record names a game (a shipped game by name, any other folder by absolute path),
    and its folder."""
    folder = api.find_rules(name_or_path).resolve()
    shipped = api.shipped_games_folder().resolve()
    if folder.parent == shipped:
        return folder.name, folder
    return str(folder), folder


def options_by_name(game: Game) -> dict:
    """The game's resolved options with list members by name (as a command line gives them)."""
    options: dict = {"players": game.player_count}
    for name, value in game.options.items():
        decl = game.program.options.get(name)
        if decl is not None and decl.kind == "list":
            names = game.kind_names[decl.choices[0]]
            value = [names[i] for i in value]
        options[name] = value
    return options


def new_record(game: Game, game_ref: str | Path, mods: Sequence[str | Path], seed: int,
               seats: Sequence[str]) -> Record:
    """An empty full record for a game about to start."""
    name, folder = game_reference(game_ref)
    return Record("full", name, game.title, rules_fingerprint(game, folder), options_by_name(game),
                  [mod_fingerprint(Path(m)) for m in mods], list(game.player_names), list(seats), seed=seed)


# ------------------------------------------------------------ writing
def record_move(record: Record, game: Game, state: State, move) -> None:
    """Add `move` (about to be played at `state`) to a full record."""
    record.moves.append({"player": game.player_names[game.current_player(state)], "move": str(move)})


def write_record(path: Path | str, record: Record) -> None:
    text = json.dumps(record.to_json(), indent=1, ensure_ascii=False) + "\n"
    if str(path) == "-":
        print(text, end="")
        return
    # Written beside the file, then put in its place: a record saved after every move is never
    # found half written (by a reader, or after a crash).
    target = Path(path)
    part = target.with_name(f".{target.name}.part")
    try:
        part.write_text(text, encoding="utf-8")
        os.replace(part, target)
    except OSError as err:
        if part.is_file():
            part.unlink()
        raise RecordError(f"cannot write {path}: {err.strerror or err}") from None


def for_player(game: Game, record: Record, viewer: int) -> Record:
    """The record of a full record's game as `viewer` saw it: the others' moves in their public
    form, the viewer's view before each move and after the last, no seed."""
    if record.kind != "full":
        raise RecordError("a player's record can only be made from a full record")
    moves, views = [], []
    previous: Optional[list] = None
    for state, move in states(game, record):
        data = game.view(state, viewer)["data"]
        views.append(_delta(previous, data))
        previous = data
        if move is not None:
            moves.append({"player": game.player_names[game.current_player(state)],
                          "move": game.public_text(state, move, viewer)})
    return Record("player", record.game, record.title, record.rules, record.options, record.mods,
                  record.players, record.seats, viewer=game.player_names[viewer], moves=moves,
                  views=views, result=record.result, undone=list(record.undone),
                  log=log_lines(game, record, viewer))


def log_lines(game: Game, record: Record, audience: Optional[int]) -> list[list[str]]:
    """A full record's game told by its rules' `log` lines, per step: [0] what setting up said,
    [k] what move k caused. `audience` is whose log it is: None everything, -1 what everyone may
    read (a line written `to` a player in its public text, or not at all), or a player."""
    told: list[list[str]] = [[]]
    game.set_log(lambda _state, text: told[-1].append(text), audience)
    try:
        for _, move in states(game, record):
            if move is not None:
                told.append([])
    finally:
        game.set_log(None)
    return told


def _delta(previous: Optional[list], data: list):
    """A view's data: whole the first time, then only the slots that changed, as [slot, value]."""
    if previous is None:
        return {"data": list(data)}
    return {"changed": [[i, v] for i, (u, v) in enumerate(zip(previous, data)) if u != v]}


# ------------------------------------------------------------ reading
def read_record(path: Path | str) -> Record:
    """A record read from a file and checked for its own consistency (not yet against rules)."""
    where = str(path)
    if not Path(path).is_file():
        raise RecordMissing(f"no record {where}: " + ("it is a folder" if Path(path).is_dir() else "no such file"))
    try:
        raw = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as err:
        raise RecordError(f"cannot read {where}: {err.strerror or err}") from None
    except UnicodeDecodeError as err:
        raise RecordError(f"{where}: not a game record (not UTF-8 text: byte {err.object[err.start]:#04x} at "
                          f"{err.start})") from None
    except json.JSONDecodeError as err:
        if not err.doc.strip():
            raise RecordError(f"{where}: not a game record (the file is empty)") from None
        raise RecordError(f"{where}:{err.lineno}:{err.colno}: not a game record (not JSON: {err.msg.lower()})") from None
    return record_from_json(raw, where)


def record_from_json(raw, where: str = "the record") -> Record:
    if not isinstance(raw, dict) or raw.get("record") != MARK:
        raise RecordError(f"{where}: not a game record of Rulebook")
    if raw.get("format") != FORMAT:
        raise RecordError(f"{where}: record format {raw.get('format')!r}; this Rulebook reads format {FORMAT}")
    from .record_schema import problem

    trouble = problem(raw)
    if trouble:
        raise RecordError(f"{where}: not a valid game record: {trouble}")
    if raw.get("checksum") != checksum(raw):
        raise RecordError(f"{where}: the record was changed after it was written (its checksum does not match)")
    return Record(raw["kind"], raw["game"], raw["title"], raw["rules"], raw["options"], raw["mods"], raw["players"],
                  raw["seats"], seed=raw.get("seed"), viewer=raw.get("viewer"), moves=raw["moves"],
                  views=raw.get("views"), result=raw["result"], undone=raw.get("undone", []), log=raw.get("log"))


def open_record(path: Path | str) -> tuple[Game, Record]:
    """Read a record, check it against the rules and mods it names, and build its game. A full
    record's moves are all replayed from its seed (each must be legal, the result must follow).
    Raises RecordError (one line) if anything does not fit."""
    record = read_record(path)
    game = game_of(record, str(path))
    _check_undone(record, str(path))
    if record.kind == "full":
        final = None
        for final, _ in states(game, record, str(path)):
            pass
        if final is not None and _result(game, final) != record.result:
            raise RecordError(f"{path}: the record's result does not follow from its moves: after move "
                              f"{len(record.moves)} {_said(_result(game, final))}, but the record says "
                              f"{_said(record.result)}")
    else:
        _check_views(game, record, str(path))
    return game, record


def game_of(record: Record, where: str = "the record") -> Game:
    """The game a record was played with: its rules (unchanged), mods (unchanged), options, names."""
    try:
        name, folder = game_reference(record.game)
    except api.GameNotFound:
        raise RecordError(f"{where}: the game '{record.game}' it was played with is not here") from None
    mods = []
    for mod in record.mods:
        mod_path = Path(mod["path"])
        if not (mod_path / "mod.yaml").is_file():
            raise RecordError(f"{where}: the mod '{mod['name']}' it was played with is not at {mod_path} any more")
        mods.append(mod_path)
    try:
        game = api.load_game(folder, dict(record.options), player_names=record.players, mods=mods)
    except RulebookError as err:
        first = str(err).splitlines()[0] if str(err) else type(err).__name__
        raise RecordError(f"{where}: cannot set up its game: {first}") from None
    _same(rules_fingerprint(game, folder), record.rules, f"the rules of {record.title}", where)
    for mod, path in zip(record.mods, mods):
        _same(mod_fingerprint(path), mod, f"the mod '{mod['name']}'", where)
    return game


def _same(now: dict, then: dict, what: str, where: str) -> None:
    if now["hash"] == then.get("hash"):
        return
    old, new = then.get("files", {}), now["files"]
    changed = [f for f in sorted(set(old) | set(new)) if old.get(f) != new.get(f)]
    detail = ", ".join(f + (" (new)" if f not in old else " (gone)" if f not in new else "") for f in changed)
    raise RecordError(f"{where}: {what} changed since the record was made ({detail or 'their hash differs'})")


def states(game: Game, record: Record, where: str = "the record") -> Iterator[tuple[State, object]]:
    """A full record's game: (state, the move played there) for each move, then (final state,
    None). Raises RecordError at the first move that is not legal or not its player's."""
    if record.kind != "full":
        raise RecordError(f"{where}: a player's record holds no seed; its states cannot be rebuilt")
    state = game.new_initial_state(record.seed)
    for number, entry in enumerate(record.moves, 1):
        if game.is_terminal(state):
            raise RecordError(f"{where}: move {number} comes after the end of the game")
        mover = game.player_names[game.current_player(state)]
        if entry["player"] != mover:
            raise RecordError(f"{where}: move {number} '{entry['move']}' is given to {entry['player']}, "
                              f"but it is {mover}'s decision")
        try:
            move = game.parse_move(state, entry["move"])
        except IllegalMove:
            raise RecordError(f"{where}: move {number} '{entry['move']}' is not a legal move there") from None
        yield state.copy(), move
        game.apply(state, move)
    yield state, None


def final_state(game: Game, record: Record) -> State:
    state = None
    for state, _ in states(game, record):
        pass
    assert state is not None
    return state


def views(record: Record) -> list[dict]:
    """A player's record's views, whole, one per step (before each move, then the end)."""
    out: list[dict] = []
    data: list = []
    for step in record.views or []:
        if "data" in step:
            data = list(step["data"])
        else:
            data = list(data)
            for slot, value in step["changed"]:
                data[slot] = value
        out.append({"data": data})
    return out


def _check_undone(record: Record, where: str) -> None:
    """Each undo the record keeps names a player and the moves taken back (numbered as then)."""
    for undo in record.undone:
        if undo["by"] not in record.players or not undo["from"] <= undo["to"]:
            raise RecordError(f"{where}: its list of undone moves does not fit its players and moves")


def undone_text(undo: dict) -> str:
    """One undo in words: "Leo took back moves 5 to 7 here"."""
    span = f"move {undo['from']}" if undo["from"] == undo["to"] else f"moves {undo['from']} to {undo['to']}"
    return f"{undo['by']} took back {span} here (undo)"


def _check_views(game: Game, record: Record, where: str) -> None:
    steps = record.views or []
    if len(steps) != len(record.moves) + 1 or "data" not in steps[0]:
        raise RecordError(f"{where}: the record's views do not match its moves")
    if record.log is not None and len(record.log) != len(steps):
        raise RecordError(f"{where}: the record's log does not match its moves")
    try:
        for view in views(record):
            game.view_state(view)
    except (RulebookError, TypeError, ValueError, IndexError, KeyError):
        raise RecordError(f"{where}: the record's views are not views of this game") from None


def _said(result: Optional[dict]) -> str:
    if result is None:
        return "the game goes on"
    return f"the game is over: {result.get('outcome')} ({result.get('reason')})"


def _result(game: Game, state: State) -> Optional[dict]:
    return describe_result(game, state) if game.is_terminal(state) else None


def describe_result(game: Game, state) -> dict:
    """Who won and why, in the game's own words (team names and reason come from the rules)."""
    result = game.result(state)
    if result is None:
        raise ValueError("the game is not over: it has no result yet")
    names = game.player_names if result.by_player else game.team_names
    winners = [names[w] for w in result.winners]
    if not winners or len(game.winning_players(state)) == game.player_count:
        outcome = "a draw"
    elif len(winners) == 1:
        outcome = f"{winners[0]} wins"
    else:
        outcome = " and ".join(winners) + " share the victory"
    return {"winners": winners, "winning_players": [game.player_names[p] for p in game.winning_players(state)],
            "reason": result.reason, "outcome": outcome, "returns": game.returns(state)}
