"""The throwaway builder of one game's compiled form: what every lowering handler can ask.

It knows the program, the options, the names and sizes fixed before play (kinds, players,
teams, boards), the layout of the state, and the functions, blocks and decisions made so far.
Handlers for expressions and statements (exprs.py, stmts.py, decisions.py) and the resumable pass
(resumable.py) call into it.
"""
from __future__ import annotations

from typing import Any, Callable, Optional

from rulebook.dsl import nodes as n
from rulebook.dsl.program import Program
from rulebook.dsl.types import PLAYER, TEAM

from ..analysis.analysis import Suspension
from ..ir import exprs as x
from ..ir import stmts as s
from ..ir.program import Function, Modifier
from ..ir.types import (
    BOOL, INT, NOTHING, SLOT, TEXT, UNKNOWN, Int, List, Type,
)
from ..layout import Dim, Layout
from ..analysis.reach import ReachMap
from ..pyback.runtime import RulesRuntimeError
from .scope import Locals, Scope


def frozen(value: Any) -> Any:
    """Table lists as tuples, so values read from tables compare equal after a JSON round trip."""
    if isinstance(value, list):
        return tuple(frozen(v) for v in value)
    return value


class Builder:
    """State shared by every lowering handler while one game is compiled."""

    # Loops, ranges walked and calls count against the step budget (runtime.RunTime); a build
    # without it (metered = False) exists only so benchmarks/step_budget.py can say what it costs.
    metered = True

    def __init__(self, program: Program, options: dict, player_count: int):
        self.p = program  # the checked program: read, never written
        # The types of nodes the lowering makes itself (id → (node, type): the node kept, so its id stays its own).
        self.made_types: dict[int, tuple] = {}
        self.options = options
        self.player_count = player_count
        self.layout = Layout()
        self.kind_sizes: dict[str, int] = {}
        self.kind_names: dict[str, tuple] = {}
        self.kind_columns: dict[tuple, tuple] = {}  # (kind, column) -> per member
        self.kind_keys: dict[str, tuple] = {}  # kind -> key per member (tables with a key)
        self.table_columns: dict[tuple, tuple] = {}  # (table, column) -> per row
        self.table_keys: dict[str, tuple] = {}
        self.consts: dict[str, Any] = {}
        self.team_of: tuple = tuple(range(player_count))
        self.team_names: tuple = ()
        self.player_names: tuple = ()
        self.suspension = Suspension(program)
        self.functions: list[Optional[Function]] = []
        self.blocks: list = []
        self.sites: list = []
        self.sealing = False  # lowering a secret choice (`each q in players chooses secretly:`)
        self.actions: list = []
        self.modifiers: list[Modifier] = []
        self.modifiers_of: dict[str, list[int]] = {name: [] for name in program.values}
        self.value_fn = {name: i for i, name in enumerate(program.values)}
        self.functions.extend([None] * len(program.values))
        self.rule_fn: dict[str, int] = {}  # rules that cannot stop
        self.rule_block: dict[str, int] = {}  # rules that can
        self.trigger_fn: dict[int, int] = {}  # id(trigger) -> function, for triggers that cannot stop
        self.trigger_block: dict[int, int] = {}
        self.code_index = {key: i for i, key in enumerate(program.codes)}
        self.step_names: list[str] = []
        self.phase_names: list[str] = []
        self.steps: dict[str, list] = {}
        self.calls: dict[int, list] = {}
        self.dice: dict[str, tuple] = {}  # die name -> (slot of its loaded rolls, its faces)
        self.link_cache: dict = {}
        self._checker: Any = None
        self.evaluator: Callable = _no_evaluator  # set by the game lowering: build-time evaluation
        self.reach: Optional[ReachMap] = None  # a counting build's reach points (lower/marks.py)

    # ------------------------------------------------------------ functions
    def reserve_function(self) -> int:
        self.functions.append(None)
        return len(self.functions) - 1

    def set_function(self, index: int, fn: Function) -> None:
        self.functions[index] = fn

    def add_function(self, fn: Function) -> int:
        self.functions.append(fn)
        return len(self.functions) - 1

    def new_scope(self, in_block: bool = False) -> Scope:
        return Scope(Locals(in_block))

    # ------------------------------------------------------------ types
    def dsl_type(self, e: n.Node):
        made = self.made_types.get(id(e))
        return made[1] if made is not None and made[0] is e else self.p.type_of(e)

    def made(self, node: n.Node, t) -> n.Node:
        """A node the lowering makes (not in the rules), of the checker's type t."""
        self.made_types[id(node)] = (node, t)
        return node

    def ir_type(self, t) -> Type:
        """The compiled form's type for a checker type (see dsl/types.py)."""
        if t == "int":
            return INT
        if t == "bool":
            return BOOL
        if t == "text":
            return TEXT
        if t == "none":
            return NOTHING
        if t == PLAYER:
            return Int("player", 0, self.player_count)
        if t == TEAM:
            return Int("team", 0, len(self.team_names) or self.player_count)
        if not isinstance(t, tuple):
            return UNKNOWN
        form, arg = t
        if form == "kind":
            return Int("kind " + arg, 0, self.kind_sizes.get(arg))
        if form == "kinds":
            return List(self.ir_type(("kind", arg)))
        if form in ("node", "group"):
            board = self.layout.boards.get(arg)
            return Int(f"{form} {arg}", board.low if board else None, board.size if board else None)
        if form == "board":
            return List(self.ir_type(("node", arg)))
        if form == "list":
            return List(self.ir_type(arg))
        if form in ("zone", "pile"):
            return SLOT
        if form == "zones":
            return List(SLOT)
        if form == "row":
            return Int("row " + arg, 0, len(self.p.tables[arg].rows))
        if form == "table":
            return List(self.ir_type(("row", arg)))
        if form == "die":
            return List(self.ir_type(arg))
        return UNKNOWN

    def type_of(self, e: n.Node) -> Type:
        return self.ir_type(self.dsl_type(e))

    def tick(self, where: n.Node) -> list:
        """One turn of a loop, taken from the step budget (none in a build without it)."""
        return [s.Tick(x.Const(1, type=INT), span=where.span)] if self.metered else []

    def metered_span(self, span: n.Span) -> Optional[n.Span]:
        """The span a range walked is charged at (none in a build without the budget)."""
        return span if self.metered else None

    def written_type(self, ref: n.TypeRef):
        """The checker type of a type as written (`player`, `group of NODES`…)."""
        if self._checker is None:
            from rulebook.dsl.checker import Checker  # resolves types as the checker did
            self._checker = Checker(self.p)
        return self._checker.resolve_type(ref)

    def param_type(self, param: n.Param) -> Type:
        return self.ir_type(self.written_type(param.type))

    def const(self, value: Any, t: Optional[Type] = None) -> x.Const:
        if t is None:
            t = BOOL if isinstance(value, bool) else INT if isinstance(value, int) else \
                TEXT if isinstance(value, str) else NOTHING if value is None else UNKNOWN
        return x.Const(value, type=t)

    # ------------------------------------------------------------ display
    def shower(self, t) -> tuple:
        """How to display values of checker type t (see the Show expression)."""
        if t == PLAYER:
            return ("names", self.player_names)
        if t == TEAM:
            return ("names", self.team_names)
        if isinstance(t, tuple):
            form, arg = t
            if form == "kind":
                return ("names", self.kind_names.get(arg, ()))
            if form in ("node", "group"):
                board = self.layout.boards.get(arg)
                return ("labels", board.labels if board else (), board.low if board else 0)
            if form == "list":
                return ("list", self.shower(arg))
        return ("plain",)

    # ------------------------------------------------------------ the state's layout
    def zone_of(self, e: n.Node):
        """The zone layout a zone expression refers to (its root name)."""
        while isinstance(e, n.Subscript):
            e = e.target
        if isinstance(e, n.Name) and e.name in self.layout.zones:
            return self.layout.zones[e.name]
        raise RulesRuntimeError(e.span, "not a zone")

    def board_of(self, e: n.Node):
        t = self.dsl_type(e)
        if not isinstance(t, tuple):  # a number naming a node of the game's only board
            return next(iter(self.layout.boards.values()))
        return self.layout.boards[t[1]]

    def dsl_index_type(self, zone):
        """The checker type of a zone's (or variable's) first index."""
        if not zone.dims:
            return "none"
        d = zone.dims[0]
        if d.type_name in ("player", "team", "int"):
            return d.type_name
        if d.board is not None:
            return ("node", d.board)
        return ("kind", d.type_name)

    def dim(self, part: n.IndexPart) -> Dim:
        if part.type_name is None:
            assert part.low is not None and part.high is not None  # a range part has both ends
            low, high = self.evaluate(part.low), self.evaluate(part.high)
            return Dim(low, max(0, high - low + 1), "int")
        name = part.type_name
        if name == "player":
            return Dim(0, self.player_count, name)
        if name == "team":
            return Dim(0, len(self.team_names), name)
        if name in self.kind_sizes:
            return Dim(0, self.kind_sizes[name], name)
        board = self.layout.boards[name]
        return Dim(board.low, board.size, name, board=name)

    # ------------------------------------------------------------ build-time values
    def evaluate(self, e: n.Node) -> Any:
        """The value of an expression that depends only on options, tables and constants."""
        from .exprs import lower_expr  # the handlers need the builder: imported when first used
        scope = self.new_scope()
        value = lower_expr(self, e, scope)
        return self.evaluator(value, scope.locals.frozen(), e.span)

    def die_of(self, e: n.Node, scope: Scope) -> Optional[tuple]:
        """(slot, faces) when e names a die (not a local of that name)."""
        if isinstance(e, n.Name) and scope.lookup(e.name) is None and e.name in self.dice:
            return self.dice[e.name]
        return None

    # ------------------------------------------------------------ triggers
    def triggers(self, form: str, name: Optional[str]) -> list[n.TriggerDecl]:
        return self.suspension.trigger_list(form, name) if name else []

    def span_code(self, kind: str) -> int:
        return SPAN_CODES[kind]


def _no_evaluator(value, locals_, span):
    raise RulesRuntimeError(span, "this cannot be worked out before the game starts")


SPAN_CODES = {"turn": 0, "round": 1, "phase": 2, "step": 3, "game": 4}
