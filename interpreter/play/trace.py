"""A trace of why: the rules that ran for one move, in order, each with its `file:line`.

A tracing build is a counting build (interpreter/analysis/reach.py) whose marks also keep the order they
were set in (`Trail`), built without the optimising passes, so every rule entered, statement
started, branch taken, option chosen and table row read while a move is played shows, in the
order play met it. A plain build carries no marks at all: tracing costs nothing when it is off.

    >>> from rulebook.api import load_game
    >>> tracer = Tracer(load_game("tests/games/nim"), seed=1)
    >>> any("take n pebble out of heap" in line for line in tracer.play("take 2"))
    True
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Optional

from rulebook.dsl.errors import source_line

from .moves import IllegalMove
from ..analysis.reach import BLOCK, BRANCH, OPTION, ROW_CHOSEN, ROW_READ, OFFERING, STATEMENT, VALUE, Point, ReachMap

MAX_LINES = 400  # a move that runs a long loop is cut there, saying how much more ran


class Trail(bytearray):
    """Reach marks that, while `taken` is a list, also append each point set, in order — and, for
    an operand of an `if`'s condition, `(point, its value)`."""

    taken: Optional[list] = None

    def __setitem__(self, index: Any, value: Any) -> None:
        bytearray.__setitem__(self, index, value)
        if self.taken is not None:
            self.taken.append(index)

    @staticmethod
    def reached_value(reached: "Trail", point: int, value: Any) -> Any:
        """The tracing build's helper for a marked expression (analysis/reach.py's, plus the value)."""
        bytearray.__setitem__(reached, point, 1)
        if reached.taken is not None:
            reached.taken.append((point, value))
        return value


@dataclass(frozen=True)
class Traced:
    """What one move ran: the points in order, and the map that says what each one is."""

    points: tuple  # point numbers, and (point, value) for an operand of an `if`'s condition
    reach: ReachMap
    move: str = ""  # the move's text: what its chosen option reads as
    names: Optional["ValueNames"] = None  # how values read (players and members by name)

    def lines(self, limit: int = MAX_LINES) -> list[str]:
        names = self.names or ValueNames((), {})
        taken = ((self.reach.points[i], None) if isinstance(i, int) else (self.reach.points[i[0]], i[1])
                 for i in self.points)
        shown = [line for line in _described(taken, self.move, names) if line]
        folded = _fold_cycles(shown)
        if len(folded) > limit:
            return folded[:limit] + [f"… and {len(folded) - limit} more lines"]
        return folded


class Tracer:
    """Follows one game on its tracing twin, move by move, and says what each move ran.

    The twin is the same game built for tracing; it plays the same games seed for seed, so it
    follows the game from its start (a state of another build cannot be read into it: the passes
    change where play stands inside the rules)."""

    def __init__(self, game: Any, seed: int):
        self.twin = game.tracing_twin()
        self.state = self.twin.new_initial_state(seed)

    def play(self, move: Any) -> list[str]:
        """Play `move` (a move or its text) and give the lines of its trace. A move the twin does
        not offer raises IllegalMove, saying which decision refused it and what it offers."""
        twin, state = self.twin, self.state
        try:
            legal = twin.parse_move(state, str(move))
        except IllegalMove as refused:
            raise IllegalMove(f"{refused}\n{refusal_text(twin, state)}") from None
        trail: Trail = twin.compiled.reached
        trail.taken = []
        try:
            twin.apply(state, legal)
            taken = tuple(trail.taken)
        finally:
            trail.taken = None
        return Traced(taken, twin.reach_map, str(legal), ValueNames.of(twin)).lines()

    def follow(self, move: Any) -> None:
        """Play `move` without tracing it (the moves before the one to explain)."""
        self.twin.apply(self.state, self.twin.parse_move(self.state, str(move)))


def explain_move(game: Any, seed: int, moves: list, number: int) -> list[str]:
    """The trace of move `number` (from 1) of the game played with `seed` and these moves."""
    tracer = Tracer(game, seed)
    for move in moves[:number - 1]:
        tracer.follow(move)
    return tracer.play(moves[number - 1])


def refusal_text(game: Any, state: Any) -> str:
    """What the waiting decision is, where the rules write it, and the moves it offers."""
    if game.is_terminal(state):
        return "  the game is over"
    if game.is_chance_node(state):
        return "  chance decides here, not a player"
    site = game.waiting_site(state)
    trail = game.reached if isinstance(game.reached, Trail) else None  # a tracing build notes what it read
    if trail is not None:
        trail.taken = []
    try:
        offered = [str(m) for m in game.legal_moves(state)]
        taken = [entry for entry in trail.taken or () if isinstance(entry, tuple)] if trail is not None else []
    finally:
        if trail is not None:
            trail.taken = None
    where = site.span if site is not None else None
    text = (source_line(where.path, where.line) or "").strip() if where is not None and where.line else ""
    head = f"  refused by the decision at {where}: {text}" if text else "  refused by the waiting decision"
    shown = ", ".join(offered[:12]) + (f", … ({len(offered)} in all)" if len(offered) > 12 else "")
    seen = _offering_values(game, taken)
    return f"{head}\n  which offers: {shown or 'nothing'}" + (f"\n  deciding by: {seen}" if seen else "")


def _offering_values(game: Any, taken: list) -> str:
    """The values the waiting decision's ranges and conditions read while it listed its moves (each
    operand once, with the values it took, in the order read)."""
    names = ValueNames.of(game)
    values: dict[str, list[str]] = {}  # label -> texts seen, in order
    for point_number, value in taken:
        point = game.reach_map.points[point_number]
        if point.detail == OFFERING:
            texts = values.setdefault(point.label, [])
            text = names.text(value, point.value_type)
            if text not in texts:
                texts.append(text)
    return "; ".join(f"{label} = {', '.join(texts[:8])}{', …' if len(texts) > 8 else ''}"
                     for label, texts in values.items())


@dataclass(frozen=True)
class ValueNames:
    """Values as the rules write them: a player or a kind's member by name, yes/no, none."""

    players: tuple
    kinds: dict
    teams: tuple = ()
    nodes: dict = field(default_factory=dict)  # per board: (its first node's number, each node's label)

    @classmethod
    def of(cls, game: Any) -> "ValueNames":
        boards = {name: (board.low, board.labels) for name, board in game.layout.boards.items()}
        return cls(tuple(game.player_names), dict(game.kind_names), tuple(game.team_names), boards)

    def text(self, value: Any, t: Any) -> str:
        if value is None or (value == -1 and t not in ("int", "any")):
            return "none"
        if isinstance(t, tuple) and t[0] == "opt":
            return self.text(value, t[1])
        if t == "bool":
            return "yes" if value else "no"
        for simple, named in (("player", self.players), ("team", self.teams)):
            if t == simple and isinstance(value, int) and 0 <= value < len(named):
                return str(named[value])
        if isinstance(t, tuple) and t[0] == "kind" and isinstance(value, int):
            members = self.kinds.get(t[1], ())
            return str(members[value]) if 0 <= value < len(members) else str(value)
        if isinstance(t, tuple) and t[0] == "node" and isinstance(value, int) and t[1] in self.nodes:
            low, labels = self.nodes[t[1]]
            return str(labels[value - low]) if 0 <= value - low < len(labels) else str(value)
        if isinstance(t, tuple) and t[0] == "list" and isinstance(value, (list, tuple)):
            shown = [self.text(v, t[1]) for v in value[:8]]
            return "[" + ", ".join(shown) + (", …" if len(value) > 8 else "") + "]"
        return str(value)


def _described(points: Iterable[tuple[Point, Any]], move: str, names: ValueNames) -> Iterable[str]:
    seen: list[str] = []  # the values an `if`'s condition read, shown with the arm it chose
    for point, value in points:
        place = f"{_short(point.span.path)}:{point.span.line}"
        if point.kind == VALUE and point.detail == OFFERING:
            continue  # what a decision offered: shown for a refused move (refusal_text)
        if point.kind == VALUE:
            noted = f"{point.label} = {names.text(value, point.value_type)}"
            if noted not in seen:  # `a != none and a != b` reads `a` twice: shown once
                seen.append(noted)
            continue
        if point.kind == BLOCK:
            yield f"{place}: ▸ {point.label}"
        elif point.kind == STATEMENT:
            yield f"{place}:   {_code(point.span.path, point.span.line) or point.label}"
        elif point.kind == BRANCH:  # placed at its arm; `within` is the line of its `if`
            line = point.within or point.span.line
            condition = _code(point.span.path, line)
            yield (f"{_short(point.span.path)}:{line}:     took {point.detail or point.label}"
                   + (f" of `{condition}`" if condition else "")
                   + (f", seeing {', '.join(seen)}" if seen and point.label == "if" else ""))
            seen = []
        elif point.kind == OPTION:
            label = point.label or point.detail
            yield f"{place}:     chosen: {move if move and '{' in label else label}"
        elif point.kind in (ROW_READ, ROW_CHOSEN):
            yield f"{place}:     row {point.label} of table {point.table} ({point.kind})"


def _code(path: str, line: int) -> str:
    """A rules line as written, without its comment."""
    text = source_line(path, line) or ""
    quoted = False
    for at, char in enumerate(text):
        if char == '"':
            quoted = not quoted
        elif char == "#" and not quoted:
            text = text[:at]
            break
    return text.strip()


def _fold_cycles(lines: list[str], longest: int = 12) -> list[str]:
    """A stretch of lines run again and again (a loop's body) shown once, with how many times."""
    folded: list[str] = []
    at = 0
    while at < len(lines):
        best_size, best_times = 1, 1
        for size in range(1, min(longest, (len(lines) - at) // 2) + 1):
            times = 1
            while lines[at + times * size: at + (times + 1) * size] == lines[at:at + size]:
                times += 1
            if times > 1 and size * times > best_size * best_times:
                best_size, best_times = size, times
        block = lines[at:at + best_size]
        if best_times > 1:
            folded += [block[0] + f"   (this {'line' if best_size == 1 else f'and the {best_size - 1} below'}, "
                                  f"{best_times} times)"] + block[1:]
        else:
            folded.append(block[0])
        at += best_size * best_times
    return folded


def _short(path: str) -> str:
    from pathlib import Path

    return Path(path).name
