"""The Python back-end: the compiled form of a game becomes one module of Python functions.

`PythonGame` is what the engine (interpreter/game.py) plays: the entry functions of every block,
the decisions with their domains, conditions and move texts as functions, the invariants,
score and statistics, and the tables that modifiers and code columns are looked up in.
"""
from __future__ import annotations

import marshal
import random
from dataclasses import dataclass
from itertools import compress
from typing import Any, Callable, Optional, Union

from rulebook.dsl.nodes import Span

from . import runtime
from ..ir import exprs as x
from ..ir.program import Function, GameIR
from ..ir.stmts import PushAllow, Return
from ..ir.walk import walk_all
from ..ir.types import INT, List
from ..ircache import cached_code
from ..analysis.reach import counting_namespace
from .runtime import RulesRuntimeError
from .blocks import write_block
from .exprs import Env, expr
from .samplers import write_action_player, write_sampler
from .stmts import Source, Writer

HELPERS = {name: getattr(runtime, name) for name in (
    "present", "take", "draw_one", "best", "index_of", "at", "pile_draw", "shuffle", "groups", "tiles", "merge",
    "ring_group_step", "ring_group_neighbours", "graph_group_neighbours", "pick", "ix", "remove_from_pile", "connect",
    "network_group_neighbours", "end_span", "safe_div", "show", "GameOver", "zones_present", "key_position", "top",
    "apply_mods", "cell_value", "run_cell", "queue_cell", "roll", "load_die", "links_at", "links_from",
    "runaway", "steps_range", "steps_concat", "too_deep", "MAX_FRAMES", "merge_kept", "keep", "best_of", "draw_into",
    "keep_present",
    "nth_pair", "nth_bit_pair", "nodes_of_bits",
    "standing_pick", "leading", "repetitions",
)}


@dataclass
class BindingRT:
    """One variable of a choice, as the engine uses it: its slot, its domain and condition."""

    slot: int
    domain: Callable
    condition: Optional[Callable]
    dependent: bool = False


@dataclass
class OptionRT:
    label: Callable  # values tuple -> move text
    bindings: list
    body: int  # the instruction play resumes at
    clears: tuple = ()
    guard: Optional[Callable] = None
    public: Optional[Callable] = None  # values -> the move's text for the others, if declared


@dataclass
class SiteRT:
    id: int
    block: int
    span: Span
    options: list


def block_access(block) -> Callable[[int], str]:
    infos = block.locals
    return lambda slot: f"L[{slot}]" if infos[slot].frame else f"t{slot}"


def function_access(slot: int) -> str:
    return f"v{slot}"


@dataclass
class Written:
    """What writing a game's module makes, before it runs: the generated lines, the constants
    they read, the engine's descriptions of decisions and placing (functions still named, not
    found: `pending`), and the module's code object. Plain data, so the disk cache can keep it
    (interpreter/ircache.py): a warm load runs it without writing it again."""

    source: Source
    constants: list
    pending: list  # (holder, attribute, name of the generated function to put there)
    entries: list  # per block: pc -> name of the function that runs from there
    sites: list
    action_sites: list
    steps: dict
    calls: dict
    code: bytes = b""  # marshal of the compiled module, when kept (else compiled from `source`)


class PythonGame:
    """A game's compiled form, as Python functions in one namespace."""

    def __init__(self, ir: GameIR, filename: str, program: Any = None, marks: Optional[bytearray] = None,
                 reach: Any = None, written: Optional[Written] = None,
                 keep: Optional[Callable[[Written], None]] = None):
        """`written`: the module as written before (kept by the disk cache), run without writing
        it again; else it is written from the IR and, before it runs, handed to `keep`."""
        self.ir = ir
        # A counting build's marks, one per point of its ReachMap (interpreter/analysis/reach.py); else None.
        self.reached, self.reach = marks, reach
        self.program = program
        self.filename = filename
        self.layout = ir.layout
        self.kind_names = ir.kind_names
        self.kind_sizes = ir.naming.kind_sizes
        self.step_names = list(ir.step_names)
        self.phase_names = list(ir.phase_names)
        self.player_names, self.team_names, self.team_of = ir.player_names, ir.team_names, ir.team_of
        self.RT = runtime.RunTime()
        self._keys: dict = {}  # constants already in K (a kept module's are not known: added anew)
        self._snippets: list[tuple[int, Source]] = []  # (the line before its first, its source) per snippet
        self.block_slots = tuple(len(b.locals) for b in ir.blocks)
        self.block_names = tuple(b.name for b in ir.blocks)
        self.written = written if written is not None else self._write()
        w = self.written
        self.source, self.constants, self._pending = w.source, w.constants, w.pending
        self.sites, self.action_sites, self.steps, self.calls = w.sites, w.action_sites, w.steps, w.calls
        self.namespace: dict[str, Any] = dict(HELPERS, K=self.constants, RT=self.RT, SLOTS=self.block_slots,
                                              Random=random.Random, compress=compress)
        if marks is not None:
            self.namespace.update(counting_namespace(marks))
        if w.code:
            exec(marshal.loads(w.code), self.namespace)
        else:
            code = cached_code(self.source.text(), self.filename)
            if keep is not None:
                w.code = marshal.dumps(code)
                keep(w)  # now: running it fills `pending`'s holders with functions
            exec(code, self.namespace)
        ns = self.namespace
        self.code = tuple(tuple(ns[names[pc]] if pc in names else None for pc in range(len(block.instrs)))
                          for names, block in zip(w.entries, ir.blocks))
        self.samplers = tuple(ns[f"s{i}"] for i in range(len(ir.sites)))
        self.players = tuple(ns[f"p{i}"] for i in range(len(ir.sites)))
        ns["ACTS"] = tuple(ns[f"q{i}"] for i in range(len(ir.actions)))
        ns["MODS"] = tuple({site: ns[f"f{ir.modifiers[site].fn}"] for site in value.modifiers} for value in ir.values)
        ns["CELLS"] = tuple(tuple(ns[f"f{fn}"] if fn >= 0 else None for fn in table.functions) for table in ir.codes)
        ns["CELL_BLOCKS"] = tuple(table.blocks for table in ir.codes)
        for target, attr, name in self._pending:
            setattr(target, attr, ns[name])
        self.invariants = [(label, ns[f"f{fn}"]) for label, fn in ir.invariants]
        self.score = ns[f"f{ir.score}"] if ir.score is not None else None
        self.payoff = ns[f"f{ir.payoff.function}"] if ir.payoff is not None else None
        self.statistics = [(label, ns[f"f{fn}"]) for label, fn, _ in ir.statistics]
        self.statistics_naming_players = tuple(names for _, _, names in ir.statistics)
        self.reveals = {name: ns[f"f{fn}"] for name, fn in ir.reveals}
        self.consts = consts_as_written(ir)

    def _write(self) -> Written:
        """The module's lines and the engine's descriptions of its decisions, from the IR."""
        ir = self.ir
        self.source, self.constants, self._pending = Source(), [], []
        self._write_functions()
        entries = [self._write_block(i) for i in range(len(ir.blocks))]
        sites = [self._site(i, site) for i, site in enumerate(ir.sites)]
        has_allows = any(isinstance(node, PushAllow) for node in walk_all(
            tuple(f.body for f in ir.functions) + tuple(i.body for b in ir.blocks for i in b.instrs)))
        for i, site in enumerate(ir.sites):
            block = ir.blocks[site.block]
            for play in (False, True):
                write_sampler(self.source, self.env(block_access(block)), f"{'p' if play else 's'}{i}",
                              site.choices, site.span, play, block_access(block), has_allows, site.block)
        for i, action in enumerate(ir.actions):
            block = ir.blocks[action.block]
            write_action_player(self.source, self.env(block_access(block)), f"q{i}", action, block.params,
                                len(block.locals), block_access(block))
        action_sites = [(a.block, [self._option(ir.blocks[a.block], c) for c in a.choices], a.span)
                        for a in ir.actions]
        steps = {name: [(site.block, self._path(site.block, site.path), site.enter) for site in sites]
                 for name, sites in ir.steps.items()}
        calls = {callee: [self._call(c) for c in sites] for callee, sites in ir.calls.items()}
        return Written(self.source, self.constants, self._pending, entries, sites, action_sites, steps, calls)

    # ------------------------------------------------------------ writing
    def env(self, access: Callable[[int], str]) -> Env:
        return Env(access, self.constants, self._keys)

    def _write_functions(self) -> None:
        captured = {m.fn: m.captured for m in self.ir.modifiers}
        for index, fn in enumerate(self.ir.functions):
            write_function(self.source, self.env(function_access), f"f{index}", fn, captured.get(index),
                           self.block_slots)

    def _write_block(self, index: int) -> dict:
        block = self.ir.blocks[index]
        resumes = {c.target for site in self.ir.sites if site.block == index for c in site.choices}
        resumes |= {c.target for a in self.ir.actions if a.block == index for c in a.choices}
        resumes |= {st.enter for sites in self.ir.steps.values() for st in sites if st.block == index}
        resumes |= {c.resume for sites in self.ir.calls.values() for c in sites if c.caller == index}
        return write_block(self.source, self.env(block_access(block)), index, block, resumes, self.block_slots)

    def _fn(self, block, e: Optional[x.Expr], hoisted: tuple = ()) -> Optional[str]:
        """A function of (S, L) giving e, worked out in a frame of `block` (a hoisted value it
        reads is worked out where it is read: these functions serve the general paths only)."""
        if e is None:
            return None
        env = self.env(block_access(block))
        if hoisted:
            values = dict(hoisted)
            outer = env.access
            env = env.with_access(lambda slot: f"({expr(values[slot], env)})" if slot in values else outer(slot))
        name = f"e{len(self._pending)}_{len(self.source.lines)}"
        self.source.add(f"def {name}(S, L):", 0)
        self.source.add("D = S.data", 1)
        self.source.add(f"return {expr(e, env)}", 1)
        return name

    def _later(self, target: Any, attr: str, name: Optional[str]) -> None:
        if name is not None:
            self._pending.append((target, attr, name))

    def _label(self, choice, text: x.Expr) -> str:
        """A function of the move's values giving one of its texts."""
        slots = {b.var: i for i, b in enumerate(choice.bindings)}

        def access(slot: int) -> str:
            if slot not in slots:
                return "None"  # the checker lets a move's text show only its own choices
            return f"V[{slots[slot]}]"
        name = f"l{len(self._pending)}_{len(self.source.lines)}"
        self.source.add(f"def {name}(V):", 0)
        self.source.add(f"return {expr(text, self.env(access))}", 1)
        return name

    def _option(self, block, choice) -> OptionRT:
        option = OptionRT(None, [], choice.target, choice.clears)  # type: ignore[arg-type]
        self._later(option, "label", self._label(choice, choice.label))
        if choice.public is not None:
            self._later(option, "public", self._label(choice, choice.public))
        self._later(option, "guard", self._fn(block, choice.guard, choice.hoisted))
        for binding in choice.bindings:
            rt = BindingRT(binding.var, None, None, binding.dependent)  # type: ignore[arg-type]
            self._later(rt, "domain", self._fn(block, binding.domain, choice.hoisted))
            self._later(rt, "condition", self._fn(block, binding.condition, choice.hoisted))
            option.bindings.append(rt)
        return option

    def _site(self, index: int, site) -> SiteRT:
        block = self.ir.blocks[site.block]
        return SiteRT(index, site.block, site.span, [self._option(block, c) for c in site.choices])

    def _path(self, block_index: int, path: tuple) -> tuple:
        """Placement's view of the constructs around a step (see placement.py)."""
        from ..ir import program as ir
        block = self.ir.blocks[block_index]
        out: list = []
        for entry in path:
            holder: list = []
            if isinstance(entry, ir.ForEntry):
                holder = ["for", entry.items, entry.position, entry.var, None]
                self._later(_Slot(holder, 4), "value", self._fn(block, entry.domain))
            elif isinstance(entry, ir.RepeatEntry):
                holder = ["repeat", entry.counter, None]
                self._later(_Slot(holder, 2), "value", self._fn(block, entry.count))
            elif isinstance(entry, ir.TurnEntry):
                holder = ["turn", None]
                self._later(_Slot(holder, 1), "value", self._fn(block, entry.player))
            elif isinstance(entry, ir.PhaseEntry):
                holder = ["phase", entry.phase]
            elif isinstance(entry, ir.BindEntry):
                holder = ["bind", entry.slots, None]
                self._later(_Slot(holder, 2), "value", self._fn(block, as_list(entry.args)))
            elif isinstance(entry, ir.AllowEntry):
                holder = ["allow", entry.action, None, None]
                self._later(_Slot(holder, 2), "value", self._fn(block, as_list(entry.args)))
                self._later(_Slot(holder, 3), "value", self._fn(block, entry.player))
            out.append(holder)
        return tuple(out)  # type: ignore[return-value]

    def _call(self, site) -> list:
        """(caller block, path, resume pc, args function) of a call of a block."""
        call = [site.caller, self._path(site.caller, site.path), site.resume, None]
        self._later(_Slot(call, 3), "value", self._fn(self.ir.blocks[site.caller], as_list(site.args)))
        return call

    # ------------------------------------------------------------ used by the engine
    def initial_data(self) -> list:
        return list(self.ir.initial)

    def load_function(self, fn: Function):
        """A Python function (S, *params) for a function of the compiled form made later (a
        scenario's snippet, lowered and optimised by its caller). The loaded module stays as it
        was: the function is written into a source, constants and namespace of its own (copies
        that see the module's functions), numbered on after the module's lines and earlier
        snippets' so that an error in it is placed (error_span)."""
        first = len(self.source.lines) + sum(len(source.lines) for _, source in self._snippets)
        source, constants = Source(), list(self.constants)
        name = f"snippet{len(self._snippets)}"
        write_function(source, Env(function_access, constants, dict(self._keys)), name, fn, None, self.block_slots)
        self._snippets.append((first, source))
        namespace = dict(self.namespace, K=constants)
        exec(compile("\n" * first + source.text(), self.filename, "exec"), namespace)
        return namespace[name]

    def error_span(self, lineno: int) -> Optional[Span]:
        """The rules span of a generated line: the module's, or a snippet's."""
        for first, source in reversed(self._snippets):
            if lineno > first:
                return source.span_at(lineno - first)
        return self.source.span_at(lineno)


class _Slot:
    """Sets one item of a list when the function it names exists."""

    def __init__(self, holder: list, index: int):
        self.holder, self.index = holder, index

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "value":
            self.holder[self.index] = value
        else:
            object.__setattr__(self, name, value)


def consts_as_written(ir: GameIR) -> dict:
    """The constants as the rules' names give them (a table row as its row: column -> value)."""
    out = {}
    for name, value in ir.naming.consts.items():
        row = ir.naming.const_rows.get(name)
        if row is None:
            out[name] = value
        else:
            columns = {column: cells for (table, column), cells in ir.naming.table_columns.items() if table == row}
            out[name] = {column: cells[value] for column, cells in columns.items() if cells[value] is not None}
    return out


def as_list(items: tuple) -> x.Expr:
    return x.MakeList(tuple(items), type=List(INT))


def write_function(out: Source, env: Env, name: str, fn: Function, captured: Optional[int],
                   block_slots: tuple) -> None:
    params = [env.access(i) for i in range(fn.params)]
    if captured is not None:  # a modifier: (captured values…), the result so far, the value's parameters
        head = ["C"] + params[captured:]
    else:
        head = params
    out.add(f"def {name}(S{''.join(', ' + p for p in head)}):", 0, fn.span)
    out.add("D = S.data", 1)
    if captured:
        out.add(f"{''.join(p + ', ' for p in params[:captured])}= C", 1)
    writer = Writer(out, env, block_slots)
    writer.body(fn.body, 1)
    if not fn.body or not isinstance(fn.body[-1], Return):
        out.add("return False" if fn.kind == "handler" else "return None", 1)
