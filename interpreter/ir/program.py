"""The compiled form of one game with fixed options: frozen, typed, read by every back-end.

It holds functions (code that cannot stop for a decision), blocks (code that can: numbered
instructions whose position is kept in the state), the decisions and their choices, the
modifiers, the code columns of tables, and where every step and rule call sits in the flow (for
placing play at a named step). Numbers index the tuples here: `CallFn(fn=3)` is functions[3],
`QueueFrame(block=2)` is blocks[2], `Suspend(site=1)` is sites[1].
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from rulebook.dsl.nodes import NOWHERE, Span

from ..layout import Layout
from .exprs import Expr
from .stmts import Terminator
from .types import Type


@dataclass(frozen=True)
class LocalInfo:
    """A local slot: its name in the rules (or what the compiler made it for), its type, and
    whether it lives in the frame (a block's locals kept across decisions) or is a temporary."""

    name: str
    type: Type
    frame: bool = False


@dataclass(frozen=True)
class Function:
    """Code that runs to its end without a decision. Its first `params` locals are its arguments.
    kind: value | rule | trigger | handler (an event handler: gives True when it cancels) |
    modifier (locals: captured…, the result so far, the value's parameters…) | cell (a table
    cell's statements) | default (an expression column's default) | expression."""

    name: str
    kind: str
    params: int
    locals: tuple[Any, ...]
    body: tuple[Any, ...]
    result: Type
    span: Span = field(default=NOWHERE, compare=False)


@dataclass(frozen=True)
class Instr:
    body: tuple[Any, ...]
    end: Terminator


@dataclass(frozen=True)
class Block:
    """Code that can stop for a decision: instructions numbered from 0, locals in the frame."""

    name: str
    params: int
    locals: tuple[Any, ...]
    instrs: tuple[Any, ...]
    span: Span = field(default=NOWHERE, compare=False)


@dataclass(frozen=True)
class Binding:
    """One variable of a choice: the local it binds, its domain, its condition. `dependent`: the
    domain uses an earlier variable of the same choice."""

    var: int
    domain: Expr
    condition: Optional[Expr]
    dependent: bool = False


@dataclass(frozen=True)
class Choice:
    """One entry of a decision. `label` is the move's text, using only the bindings' locals and
    constants; `target` is the instruction play resumes at; `clears` are locals set to none
    (a passed optional choice)."""

    label: Expr
    bindings: tuple[Any, ...]
    target: int
    guard: Optional[Expr] = None
    clears: tuple[Any, ...] = ()
    public: Optional[Expr] = None  # the move's text for the players not deciding, if declared
    # (local, value) pairs the domains and conditions read: values that do not depend on the
    # choice's variables, worked out at most once per listing, when first needed (passes/hoist.py)
    hoisted: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Site:
    """A decision: in block `block`, at the rules' `choose` at `span`."""

    block: int
    choices: tuple[Any, ...]
    span: Span = field(default=NOWHERE, compare=False)


@dataclass(frozen=True)
class Action:
    """A standing action (`action NAME(params)`): its block and choices, offered by `allow`."""

    name: str
    block: int
    choices: tuple[Any, ...]
    span: Span = field(default=NOWHERE, compare=False)


@dataclass(frozen=True)
class Modifier:
    """A `modify` site: function `fn` turns value number `value`'s result into the modified one.
    Its locals: the `captured` values (fixed when the modifier was made), the result so far, then
    the value's parameters."""

    value: int
    fn: int
    captured: int = 0


@dataclass(frozen=True)
class Value:
    """A `value` declaration: its function and the modifiers that may change it."""

    name: str
    fn: int
    modifiers: tuple[Any, ...]


@dataclass(frozen=True)
class Payoff:
    """`payoff(p) [in LOW .. HIGH] [total T] = …`: its function (player) -> int, and the bounds
    and total the rules declare (None where not declared), worked out before play."""

    function: int
    low: Optional[int]
    high: Optional[int]
    total: Optional[int]
    span: Span


@dataclass(frozen=True)
class CodeTable:
    """A code column: per member, the function (-1: none) or block (-1: none) of its cell.
    An expression column has no blocks and a `default` function for empty cells."""

    column: str
    kind: str
    functions: tuple[Any, ...]
    blocks: tuple[Any, ...]
    default: int = -1


# ---------------------------------------------------------------- placing play at a step
@dataclass(frozen=True)
class ForEntry:
    """A `for` around the step: the locals of its items, position and variable."""

    items: int
    position: int
    var: int
    domain: Expr


@dataclass(frozen=True)
class RepeatEntry:
    counter: int
    count: Expr  # the count left after the first round


@dataclass(frozen=True)
class TurnEntry:
    player: Expr


@dataclass(frozen=True)
class PhaseEntry:
    phase: int


@dataclass(frozen=True)
class AllowEntry:
    action: int
    args: tuple[Any, ...]
    player: Expr


@dataclass(frozen=True)
class BindEntry:
    """Locals set as a rule call made part of its caller's block (passes/frames.py) sets its
    parameters: each local in `slots` to the matching value of `args`."""

    slots: tuple[Any, ...]
    args: tuple[Any, ...]


@dataclass(frozen=True)
class StepSite:
    """A `step` in block `block`, inside the constructs in `path`, entered at instruction `enter`."""

    block: int
    path: tuple[Any, ...]
    enter: int


@dataclass(frozen=True)
class CallSite:
    """A call of a block from block `caller` (inside `path`), which resumes at `resume`; `args`
    are the callee's arguments, worked out in the caller's frame."""

    caller: int
    path: tuple[Any, ...]
    resume: int
    args: tuple[Any, ...]


@dataclass(frozen=True)
class Naming:
    """What the rules' names stood for when the game was compiled: enough to compile more rules
    text against it later (a scenario's snippet) without the builder."""

    kind_sizes: dict[Any, Any]
    kind_columns: dict[Any, Any]  # (kind, column) -> value per member
    kind_keys: dict[Any, Any]  # kind -> key per member
    table_columns: dict[Any, Any]  # (table, column) -> value per row
    table_keys: dict[Any, Any]
    consts: dict[Any, Any]
    rule_functions: dict[Any, Any]  # rule name -> function (rules that cannot stop)
    rule_blocks: dict[Any, Any]  # rule name -> block (rules that can)
    trigger_functions: tuple[Any, ...]  # per trigger of the program: function or -1
    trigger_blocks: tuple[Any, ...]  # per trigger: block or -1
    const_rows: dict[Any, Any]  # constant name -> its table, for a constant that is a table's row (its number)
    dice: dict[Any, Any]  # die name -> (slot of its loaded rolls, its faces)


@dataclass(frozen=True)
class GameIR:
    """Everything compiled for one game and its options. Built once by lower.build_game, then
    improved by the passes, then read by the back-ends."""

    title: str
    options: Any
    player_count: int
    layout: Layout
    slot_types: tuple[Any, ...]  # the IR type of every slot of the state's data
    initial: tuple[Any, ...]  # the data of a state before setup
    player_names: tuple[Any, ...]
    team_names: tuple[Any, ...]
    team_of: tuple[Any, ...]
    kind_names: dict[Any, Any]
    functions: tuple[Any, ...]
    blocks: tuple[Any, ...]  # blocks[0] is the flow (setup, then flow)
    sites: tuple[Any, ...]
    actions: tuple[Any, ...]
    modifiers: tuple[Any, ...]
    values: tuple[Any, ...]
    codes: tuple[Any, ...]
    invariants: tuple[Any, ...]  # (label, function) each
    score: Optional[int]  # function (player) -> int
    statistics: tuple[Any, ...]  # (label, function, names players?) each
    steps: dict[Any, Any]  # step name -> tuple of StepSite
    calls: dict[Any, Any]  # block -> tuple of CallSite
    step_names: tuple[Any, ...]
    phase_names: tuple[Any, ...]
    naming: Naming
    reveals: tuple[Any, ...] = ()  # (zone or variable name, function: is it shown to everyone now?) each
    reach_points: int = 0  # a counting build: how many reach points its Reach/Reached mark (else 0)
    # Not in repr: a game without payoffs keeps the compiled form it had before payoffs were
    # added (benchmarks/ir_digest.py); the payoff's function is in `functions` like any other.
    payoff: Optional[Payoff] = field(default=None, repr=False)
