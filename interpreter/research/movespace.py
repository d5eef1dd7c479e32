"""The fixed move space of a game: every move its `choose` statements can ever give, each with a
stable index, enumerated from the program before play (never by playing).

Each option of each `choose`, `choose up to` and standing action (in the order they are written)
gets a block of indexes: the product of its variables' static ranges — a kind's members, the
players, a board's nodes, the numbers an int range can reach (interpreter/analysis/intervals.py),
the items of a list of constants. All of it is read from the compiled form as the lowering made it
(its decisions, their choices' domains and types) and the layout: a pass that proves more about a
game never moves an index. A move's index is its block's start plus its values in mixed radix. The same program and
options give the same indexes on every run and for every seed; legal moves are then a mask.

>>> from rulebook.api import load_game
>>> game = load_game("tests/games/nim")
>>> space = game.move_space()
>>> state = game.new_initial_state(seed=1)
>>> [space.describe(i) for i in space.legal_indexes(state)]
['take 1', 'take 2', 'take 3']
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Optional

from rulebook.dsl.errors import RulebookError

from ..analysis.intervals import Intervals
from ..analysis.program_walk import span_key
from ..ir import exprs as x
from ..ir.types import Bool, Int, List

if TYPE_CHECKING:
    from ..game import Game
    from ..ir.program import GameIR
    from ..play.machine import State
    from ..play.moves import Move


class MoveSpaceError(RulebookError):
    """A choice whose moves cannot be listed before play, or a move outside the listed ones."""


@dataclass(frozen=True)
class Axis:
    """One variable of an option: its values are `values` if given, else low .. low + size - 1."""

    name: str
    low: int
    size: int
    values: Optional[tuple]
    show: Callable[[Any], str]

    def index(self, value) -> int:
        if self.values is not None:
            return self.values.index(value) if value in self.values else -1
        i = int(value) - self.low
        return i if 0 <= i < self.size else -1

    def value(self, i: int):
        return self.values[i] if self.values is not None else self.low + i


@dataclass(frozen=True)
class OptionBlock:
    """The indexes of one option of one statement: base .. base + size - 1."""

    statement: tuple  # span key of the choose / up to / action declaration
    number: int  # the option's number within it (as Move.option counts inside the statement)
    text: str  # the option's move text as written (its template), or pass / done
    axes: tuple
    base: int

    @property
    def size(self) -> int:
        size = 1
        for axis in self.axes:
            size *= axis.size
        return size


class MoveSpace:
    """Indexes for every possible move of one compiled game (see the module docstring)."""

    def __init__(self, game: "Game", ir: "GameIR", intervals: Intervals):
        self.game = game
        self.blocks: list[OptionBlock] = []
        self._by_source: dict[tuple, OptionBlock] = {}
        for key, choices, locals_ in decisions(ir):
            for number, choice in enumerate(choices):
                axes = tuple(value_axis(game, intervals, locals_[b.var].name, b.domain) for b in choice.bindings)
                block = OptionBlock(key, number, template(choice.label, locals_), axes,
                                    self.size if self.blocks else 0)
                self.blocks.append(block)
                self._by_source[(key, number)] = block
        self._bases = [b.base for b in self.blocks]

    @property
    def size(self) -> int:
        last = self.blocks[-1] if self.blocks else None
        return last.base + last.size if last else 0

    # ------------------------------------------------------------ moves <-> indexes
    def index(self, S: "State", move: "Move", sources: Optional[list] = None) -> int:
        """The index of a legal move at S. `sources` (game.choice_sources(S)) saves work in loops."""
        sources = sources if sources is not None else self.game.choice_sources(S)
        span, number = sources[move.option]
        block = self._by_source[(span_key(span), number)]
        index = 0
        for axis, value in zip(block.axes, move.values):
            i = axis.index(value)
            if i < 0:
                raise MoveSpaceError(f"{span}: the move '{move}' gives {axis.name} = {value!r}, outside "
                                     f"the {axis.size} values its move space was built with")
            index = index * axis.size + i
        return block.base + index

    def legal(self, S: "State") -> dict[int, "Move"]:
        """The legal moves at S by index, in increasing index order."""
        if self.game.is_terminal(S) or self.game.is_chance_node(S):
            return {}
        sources = self.game.choice_sources(S)
        found = {self.index(S, m, sources): m for m in self.game.legal_moves(S)}
        return dict(sorted(found.items()))

    def legal_indexes(self, S: "State") -> list[int]:
        return list(self.legal(S))

    def move(self, S: "State", index: int) -> "Move":
        """The move with this index at S, to give game.apply (which checks that it is legal: an
        index whose option is not offered at S raises IllegalMove)."""
        from ..play.moves import IllegalMove, Move
        block = self.block_of(index)
        for option, (span, number) in enumerate(self.game.choice_sources(S)):
            if number == block.number and span_key(span) == block.statement:
                return Move(S.decision, option, self.values_of(index))
        raise IllegalMove(f"'{self.describe(index)}' (move {index}) is not one of the choices here")

    def block_of(self, index: int) -> OptionBlock:
        if not 0 <= index < self.size:
            raise MoveSpaceError(f"move index {index} is outside the move space (0 .. {self.size - 1})")
        low, high = 0, len(self._bases) - 1
        while low < high:  # the last block whose base is <= index
            middle = (low + high + 1) // 2
            if self._bases[middle] <= index:
                low = middle
            else:
                high = middle - 1
        return self.blocks[low]

    def values_of(self, index: int) -> tuple:
        block = self.block_of(index)
        rest = index - block.base
        values = []
        for axis in reversed(block.axes):
            rest, i = divmod(rest, axis.size)
            values.append(axis.value(i))
        return tuple(reversed(values))

    def describe(self, index: int) -> str:
        """A text for any index, without a state: the option's text with its values filled in."""
        block = self.block_of(index)
        values = self.values_of(index)
        text = block.text
        unshown = []
        for axis, value in zip(block.axes, values):
            placeholder = "{" + axis.name + "}"
            if placeholder not in text:
                unshown.append(f"{axis.name} = {axis.show(value)}")
            text = text.replace(placeholder, axis.show(value))
        return text + (f" ({', '.join(unshown)})" if unshown else "")


def decisions(ir: "GameIR") -> list[tuple]:
    """(place, choices, locals of their block) for each `choose` statement and standing action, in
    the order they are written; a statement the lowering made more than one decision of counts once."""
    found: dict[tuple, tuple] = {}
    for site in ir.sites:
        found.setdefault(span_key(site.span), (site.choices, ir.blocks[site.block].locals))
    for action in ir.actions:
        found.setdefault(span_key(action.span), (action.choices, ir.blocks[action.block].locals))
    return [(key, *found[key]) for key in sorted(found)]


def value_axis(game: "Game", intervals: Intervals, var: str, domain: x.Expr, env: Optional[dict] = None) -> Axis:
    """The values a variable ranging over `domain` can ever take, numbered from 0."""
    element = domain.type.elem if isinstance(domain.type, List) else domain.type
    of = element.of if isinstance(element, Int) else ""
    what, _, name = of.partition(" ")
    items = _constant_items(domain)
    if items is not None and what in ("int", "") and not isinstance(element, Bool):
        if _runs_up(items):  # a range the lowering worked out counts as the range it was
            return Axis(var, items[0], len(items), None, str)
        return Axis(var, 0, len(items), items, _plain)
    if what == "kind":
        names = game.kind_names[name]
        return Axis(var, 0, len(names), None, lambda v: names[v])
    if what in ("player", "team"):
        names = game.player_names if what == "player" else game.team_names
        return Axis(var, 0, len(names), None, lambda v: names[v])
    if what in ("node", "group"):
        board = game.layout.boards[name]
        return Axis(var, board.low, board.size, None, lambda v: board.labels[v - board.low])
    if isinstance(element, Bool):
        return Axis(var, 0, 2, (False, True), lambda v: "yes" if v else "no")
    if what == "int":
        low, high = intervals.items(domain, env)
        if low is None or high is None:
            raise MoveSpaceError(
                f"{_place(domain)}the numbers '{var}' can take have no bound that can be "
                f"read from the rules (write a range with min(…, N) or max(…, N)), so its moves "
                f"cannot be listed before play")
        return Axis(var, low, max(0, high - low + 1), None, str)
    raise MoveSpaceError(f"{_place(domain)}the values of '{var}' cannot be listed before "
                         f"play (choose among a kind, the players or teams, a board's nodes or groups, "
                         f"a range of numbers, or a list of constants)")


def _place(domain: x.Expr) -> str:
    span = getattr(domain, "span", None)
    return f"{span}: " if span is not None else ""


def _constant_items(domain: x.Expr) -> Optional[tuple]:
    """The items of a list the lowering worked out (each once, in order), or None."""
    if isinstance(domain, x.Const) and isinstance(domain.value, tuple):
        return tuple(dict.fromkeys(domain.value))
    if isinstance(domain, x.MakeList) and all(isinstance(i, x.Const) for i in domain.items):
        return tuple(dict.fromkeys(i.value for i in domain.items))
    return None


def _runs_up(items: tuple) -> bool:
    """Consecutive ints, ascending (what a range of the rules gives)."""
    return bool(items) and all(isinstance(v, int) and not isinstance(v, bool) for v in items) and \
        list(items) == list(range(items[0], items[0] + len(items)))


def template(label: x.Expr, locals_: tuple) -> str:
    """The option's move text as written, `{name}` where a variable's value goes, `{…}` where
    anything else is shown."""
    parts = label.parts if isinstance(label, x.Format) else (label,)
    out = []
    for part in parts:
        if isinstance(part, x.Const):
            out.append(str(part.value))
        elif isinstance(part, x.Show) and isinstance(part.value, x.Local):
            out.append("{" + locals_[part.value.slot].name + "}")
        else:
            out.append("{…}")
    return "".join(out)


def _plain(value) -> str:
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value)
