"""The observation spec of a game: a named, fixed-size list of numbers encoding what one player
sees, derived from the rules' declarations (zones, variables, boards, where the flow stands) as the
compiled form lays them out (the layout, each slot's type, the boards its helpers merge).

Every number is read from `game.view(state, player)`, so nothing hidden from the player can reach
it. The parts, in order (`spec.parts` lists each with its offset, shape and meaning):

- `viewer`, `current player`, `decider`: one-hot over the players (whose view; whose turn; who
  makes the waiting decision — all zero at a chance decision or the end);
- `decision`: one-hot over the game's choose statements and standing actions (move space order):
  which one waits; `phase`, `step`: one-hot over the phase and step names of the rules;
- `zone NAME`: one row per zone instance (the zone's index dimensions, row-major). A zone shows a
  count per kind; a `hidden` one only its total; a `private` one its counts to its owner and its
  total to everyone. A pile (ordered) adds, after the counts, its top and bottom `pile_depth`
  pieces, one-hot over the kind (top first, then bottom first);
- `var NAME`: per instance — an int as it is, a bool as 0/1, a player, team, kind member or node
  one-hot (none: all zero), a text 1 when set, a list as how many times each value appears (a list
  of numbers or texts: its length); a hidden or private value the viewer may not see is all zero;
- `board NAME groups`: for a board whose nodes the rules merge, each node's group (the number of
  the node that names it); `board NAME edges`: for a network, its adjacency matrix.

>>> from rulebook.api import load_game
>>> game = load_game("tests/games/nim")
>>> spec = game.observation_spec()
>>> [(p.name, p.shape) for p in spec.parts][-1]
('zone heap', (1,))
>>> spec.encode(game.new_initial_state(seed=1), 0)[-1]
15.0
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Sequence

from ..analysis.program_walk import span_key
from ..ir import exprs as x
from ..ir.types import Bool, Int, List, Opt, Text, Type
from ..ir.walk import walk
from ..layout import CURRENT_PHASE, CURRENT_PLAYER, CURRENT_STEP, VarLayout
from .chancespace import statements

if TYPE_CHECKING:
    from ..game import Game
    from ..ir.program import GameIR
    from ..play.machine import State
    from .movespace import MoveSpace

BIG = 1e9  # the bound given for numbers the rules do not bound (counts, int variables)


@dataclass(frozen=True)
class Part:
    """One named part of the observation: numbers offset .. offset + size - 1, in `shape`."""

    name: str
    offset: int
    shape: tuple
    meaning: str
    low: float
    high: float

    @property
    def size(self) -> int:
        size = 1
        for d in self.shape:
            size *= d
        return size


class ObservationSpec:
    """The observation of one compiled game (see the module docstring)."""

    def __init__(self, game: "Game", ir: "GameIR", space: "MoveSpace", pile_depth: int = 4):
        self.game = game
        self.pile_depth = pile_depth
        self.parts: list[Part] = []
        self._writers: list[Callable] = []
        self.size = 0
        layout = game.layout
        players = game.player_count
        self._add("viewer", (players,), "one-hot: the player whose view this is", 1,
                  self._viewer)
        self._add("current player", (players,), "one-hot: whose turn it is", 1, self._current_player)
        self._add("decider", (players,), "one-hot: who makes the waiting decision", 1, self._decider)
        self._statements = {key: i for i, key in enumerate(dict.fromkeys(b.statement for b in space.blocks))}
        self._add("decision", (max(1, len(self._statements)),),
                  "one-hot: the choose statement (or standing action) waiting, in move space order", 1,
                  self._decision)
        self._flow_names("phase", ir.phase_names, CURRENT_PHASE)
        self._flow_names("step", ir.step_names, CURRENT_STEP)
        for zone in layout.zones.values():
            self._zone(zone)
        for var in layout.vars.values():
            self._var(var, ir.slot_types[var.base])
        merged = {e.args[0].value for st, _ in statements(ir) for e in walk(st)
                  if isinstance(e, x.Helper) and e.name in ("merge", "merge_kept") and isinstance(e.args[0], x.Const)}
        for name, board in layout.boards.items():
            if board.roots in merged:
                self._board_groups(board)
            if board.edges >= 0:
                self._board_edges(board)

    # ------------------------------------------------------------ use
    def encode(self, S: "State", player: int) -> list[float]:
        """The observation of S as `player` sees it (-1: only what every player sees)."""
        view = self.game.view(S, player)["data"]
        out = [0.0] * self.size
        for part, write in zip(self.parts, self._writers):
            write(view, out, part.offset, S, player)
        return out

    def bounds(self) -> tuple[list[float], list[float]]:
        """The least and greatest value of every number (for a gymnasium Box)."""
        low, high = [], []
        for part in self.parts:
            low += [part.low] * part.size
            high += [part.high] * part.size
        return low, high

    def describe(self) -> str:
        """One line per part: offset, name, shape, meaning."""
        return "\n".join(f"{p.offset:6d}  {p.name}  {'x'.join(map(str, p.shape))}  {p.meaning}" for p in self.parts)

    # ------------------------------------------------------------ building
    def _add(self, name: str, shape: tuple, meaning: str, high: float, write: Callable, low: float = 0.0) -> None:
        part = Part(name, self.size, shape, meaning, low, high)
        self.parts.append(part)
        self._writers.append(write)
        self.size += part.size

    def _viewer(self, view, out, at, S, viewer) -> None:
        if viewer >= 0:  # -1: what everyone sees
            out[at + viewer] = 1.0

    def _current_player(self, view, out, at, S, viewer) -> None:
        if not self.game.is_terminal(S):
            out[at + view[CURRENT_PLAYER]] = 1.0

    def _decider(self, view, out, at, S, viewer) -> None:
        player = self.game.current_player(S)
        if player >= 0:
            out[at + player] = 1.0

    def _decision(self, view, out, at, S, viewer) -> None:
        game = self.game
        if player_deciding(game, S):
            span, _ = game.choice_sources(S)[0]
            out[at + self._statements[span_key(span)]] = 1.0

    def _flow_names(self, what: str, names: Sequence[str], slot: int) -> None:
        names = list(names)
        order = sorted(names)

        def write(view, out, at, S, viewer):
            value = view[slot]
            if isinstance(value, int) and 0 <= value < len(names):
                out[at + order.index(names[value])] = 1.0
        self._add(what, (max(1, len(names)),), f"one-hot over {', '.join(order) or 'none'}", 1, write)

    def _zone(self, zone) -> None:
        dims = tuple(d.size for d in zone.dims)
        instances, width, base = zone.instances, zone.width, zone.base
        kinds, depth = zone.kinds, self.pile_depth
        shows_counts = zone.visibility != "hidden"
        shows_total = zone.visibility != "public"
        row = (kinds if shows_counts else 0) + (1 if shows_total else 0)
        row += 2 * depth * kinds if zone.ordered and shows_counts else 0
        counted = "a count per kind" if shows_counts else ""
        meaning = ", ".join(x for x in [counted + (" (its owner only)" if zone.visibility == "private" else ""),
                                        "the total" if shows_total else "",
                                        f"top and bottom {depth} pieces one-hot" if zone.ordered and shows_counts
                                        else ""] if x)

        def write(view, out, at, S, viewer):
            for i in range(instances):
                value = view[base + i * width]
                start = at + i * row
                if isinstance(value, dict):  # not visible to this viewer: the total alone
                    if shows_total:
                        out[start + row - 1] = float(value["hidden"])
                    continue
                if zone.ordered:
                    pile = value
                    for k in pile:
                        out[start + k] += 1.0
                    for position, k in enumerate(reversed(pile[-depth:])):
                        out[start + kinds + position * kinds + k] = 1.0
                    for position, k in enumerate(pile[:depth]):
                        out[start + kinds + (depth + position) * kinds + k] = 1.0
                    total = len(pile)
                else:
                    counts = view[base + i * width: base + i * width + kinds]
                    out[start:start + kinds] = [float(x) for x in counts]
                    total = sum(counts)
                if shows_total:
                    out[start + row - 1] = float(total)
        self._add(f"zone {zone.name}", dims + (row,), meaning, BIG, write)

    def _var(self, var: VarLayout, t: Type) -> None:
        dims = tuple(d.size for d in var.dims)
        count = 1
        for d in dims:
            count *= d
        width, low, high, meaning, encode = self._value_encoding(t)
        base = var.base

        def write(view, out, at, S, viewer):
            for i in range(count):
                value = view[base + i]
                if isinstance(value, dict) or value is None:
                    continue
                encode(value, out, at + i * width)
        shown = meaning + (f" ({var.visibility})" if var.visibility != "public" else "")
        self._add(f"var {var.name}", dims + (width,) if width > 1 or not dims else dims, shown, high, write, low)

    def _value_encoding(self, t: Type) -> tuple:
        """(numbers per value, least and greatest number, meaning, encode(value, out, at)) for a
        variable's type (as its slot holds it: an optional value is its value or nothing)."""
        t = t.inner if isinstance(t, Opt) else t
        if isinstance(t, Int) and t.of == "int":
            return 1, -BIG, BIG, "the number", _scalar
        if isinstance(t, Bool):
            return 1, 0.0, 1.0, "1 if true", _scalar
        if isinstance(t, Text):
            return 1, 0.0, 1.0, "1 if set", lambda v, out, at: out.__setitem__(at, 1.0)
        if isinstance(t, List):
            size, low = self._enumerable(t.elem)
            if size is None:
                return 1, 0.0, BIG, "its length", lambda v, out, at: out.__setitem__(at, float(len(v)))

            def counts(v, out, at):
                for item in v:
                    if item is not None and 0 <= item - low < size:
                        out[at + item - low] += 1.0
            return size, 0.0, BIG, "how many times each value appears", counts
        size, low = self._enumerable(t)
        if size is None:
            return 1, -BIG, BIG, "the value", _scalar

        def one_hot(v, out, at):
            if 0 <= v - low < size:
                out[at + v - low] = 1.0
        return size, 0.0, 1.0, "one-hot (none: all zero)", one_hot

    def _enumerable(self, t: Type) -> tuple:
        """(how many values, the first) for a type whose values are numbered; (None, 0) otherwise."""
        what, _, name = t.of.partition(" ") if isinstance(t, Int) else ("", "", "")
        if what == "player":
            return self.game.player_count, 0
        if what == "team":
            return len(self.game.team_names), 0
        if what == "kind":
            return len(self.game.kind_names[name]), 0
        if what in ("node", "group"):
            board = self.game.layout.boards[name]
            return board.size, board.low
        return None, 0

    def _board_groups(self, board) -> None:
        roots, size = board.roots, board.size

        def write(view, out, at, S, viewer):
            out[at:at + size] = [float(g) for g in view[roots:roots + size]]
        self._add(f"board {board.name} groups", (size,), "each node's group (the node naming it)", BIG, write)

    def _board_edges(self, board) -> None:
        edges, size, low = board.edges, board.size, board.low

        def write(view, out, at, S, viewer):
            for i in range(size):
                for other in view[edges + i]:
                    out[at + i * size + other - low] = 1.0
        self._add(f"board {board.name} edges", (size, size), "1 where two nodes are connected", 1, write)


def player_deciding(game: "Game", S: "State") -> bool:
    return not game.is_terminal(S) and not game.is_chance_node(S)


def _scalar(value, out, at) -> None:
    out[at] = float(value)
