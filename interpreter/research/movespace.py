"""The fixed move space of a game: every move its `choose` statements can ever give, each with a
stable index, enumerated from the program before play (never by playing).

Each option of each `choose`, `choose up to` and standing action (in the order they are written)
gets a block of indexes: the product of its variables' static ranges — a kind's members, the
players, a board's nodes, the numbers an int range can reach (`bounds.py`), the items of a list of
constants. A move's index is its block's start plus its values in mixed radix. The same program and
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

from rulebook.dsl import nodes as n
from rulebook.dsl.errors import RulebookError
from rulebook.dsl.types import element_of

from .bounds import NOT_CONSTANT, Bounds
from ..analysis.program_walk import program_nodes, span_key

if TYPE_CHECKING:
    from ..game import Game
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

    def __init__(self, game: "Game"):
        self.game = game
        compiled = game.compiled
        self._bounds = Bounds(game.program, game.options, compiled.consts, game.player_count)
        self.blocks: list[OptionBlock] = []
        self._by_source: dict[tuple, OptionBlock] = {}
        statements = program_nodes(game.program, n.Choose, n.UpTo)
        entries = [(span_key(s.span), s) for s in statements]
        entries += [(span_key(a.span), a) for a in game.program.actions.values()]
        for key, statement in sorted(entries, key=lambda e: e[0]):
            for number, (text, binders) in enumerate(_options_of(statement)):
                block = OptionBlock(key, number, text, tuple(self._axis(b) for b in binders),
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

    # ------------------------------------------------------------ building
    def _axis(self, binder) -> Axis:
        return value_axis(self.game, self._bounds, binder.var, binder.domain)


def value_axis(game: "Game", bounds: Bounds, var: str, domain: n.Node) -> Axis:
    """The values a variable ranging over `domain` can ever take, numbered from 0."""
    program = game.program
    compiled = game.compiled
    element = element_of(program.type_of(domain))
    items = _constant_items(bounds, domain)
    if items is not None:
        return Axis(var, 0, len(items), items, lambda v: _plain(v))
    if isinstance(element, tuple) and element[0] == "kind":
        names = compiled.kind_names[element[1]]
        return Axis(var, 0, len(names), None, lambda v: names[v])
    if element in ("player", "team"):
        names = game.player_names if element == "player" else game.team_names
        return Axis(var, 0, len(names), None, lambda v: names[v])
    if isinstance(element, tuple) and element[0] in ("node", "group"):
        board = compiled.layout.boards[element[1]]
        return Axis(var, board.low, board.size, None, lambda v: board.labels[v - board.low])
    if element == "bool":
        return Axis(var, 0, 2, (False, True), lambda v: "yes" if v else "no")
    if element == "int":
        low, high = bounds.elements(domain)
        if low is None or high is None:
            raise MoveSpaceError(
                f"{domain.span}: the numbers '{var}' can take have no bound that can be "
                f"read from the rules (write a range with min(…, N) or max(…, N)), so its moves "
                f"cannot be listed before play")
        return Axis(var, low, max(0, high - low + 1), None, str)
    raise MoveSpaceError(f"{domain.span}: the values of '{var}' cannot be listed before "
                         f"play (choose among a kind, the players or teams, a board's nodes or groups, "
                         f"a range of numbers, or a list of constants)")



def _constant_items(bounds: Bounds, domain: n.Node) -> Optional[tuple]:
    if not isinstance(domain, n.ListExpr):
        return None
    items = tuple(bounds.constant(item) for item in domain.items)
    return None if any(i is NOT_CONSTANT for i in items) else tuple(dict.fromkeys(items))


def _options_of(statement) -> list[tuple]:
    """(move text as written, binders) for each option of a statement, in Move.option order."""
    if isinstance(statement, n.ActionDecl):
        return [(_template(o), o.binders) for o in statement.options]
    if isinstance(statement, n.UpTo):
        return [(_template(statement.option), statement.option.binders), ("done", ())]
    options = [(_template(o), o.binders) for o in statement.options]
    if statement.optional and not statement.menu:
        options.append(("pass", ()))
    return options


def _template(option: n.Option) -> str:
    """The option's text as written, `{name}` where a value goes; the values joined by spaces when
    the rules give no text."""
    if option.label is None:
        return " ".join("{" + b.var + "}" for b in option.binders)
    parts = []
    for part in option.label.parts:
        if isinstance(part, str):
            parts.append(part)
        elif isinstance(part, n.Name):
            parts.append("{" + part.name + "}")
        else:
            parts.append("{…}")
    return "".join(parts)


def _plain(value) -> str:
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value)
