"""Expressions → Python source over the flat state list, compiled once per game.

Generated code names only identifiers this module makes up (D, L, K, v3, g7 …); every number
from the rules is written through int(), and every text or table value is a K[i] reference, so
nothing from a rules file is ever evaluated as Python.
"""
from __future__ import annotations

from typing import Any, Optional

from rulebook.dsl import nodes as n
from rulebook.dsl.program import Program
from rulebook.dsl.types import INT, PLAYER, TEAM

from .analysis import free_names
from .builtin_gen import BuiltinGen
from .layout import CURRENT_PLAYER, Layout, strides
from .runtime import RulesRuntimeError


class TableValue:
    """A table as compiled code sees it: rows, and rows by key."""

    def __init__(self, name: str, rows: tuple, key: Optional[str]):
        self.name = name
        rows = tuple({k: _frozen(v) for k, v in r.items()} for r in rows)
        self.rows = rows
        self.by_key = {r[key]: r for r in rows} if key else {}

    def __iter__(self):
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)


def _frozen(value: Any) -> Any:
    """Table lists as tuples, so values read from tables compare equal after a JSON round trip."""
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


class Scope:
    """Where each local name of the rules lives in generated code (a frame slot or a Python local)."""

    def __init__(self, gen: "ExprGen", flat: bool, parent: Optional["Scope"] = None):
        self.gen = gen
        self.flat = flat
        self.parent = parent
        self.names: dict[str, str] = {}
        self.counter: list[int] = parent.counter if parent else [0]

    def bind(self, name: str) -> str:
        slot = self.counter[0]
        self.counter[0] += 1
        access = f"L[{slot}]" if self.flat else f"v{slot}"
        self.names[name] = access
        return access

    def bind_as(self, name: str, access: str) -> None:
        self.names[name] = access

    def lookup(self, name: str) -> Optional[str]:
        scope: Optional[Scope] = self
        while scope is not None:
            if name in scope.names:
                return scope.names[name]
            scope = scope.parent
        return None

    def child(self) -> "Scope":
        return Scope(self.gen, self.flat, self)

    @property
    def slots(self) -> int:
        return self.counter[0]


class ExprGen(BuiltinGen):
    """Compiles expressions. Needs the program, the option values and (after consts) the layout."""

    tables: dict[str, TableValue]  # filled in by the compiled game before any expression is compiled
    metered = True  # (see StmtGen.metered)

    def __init__(self, program: Program, options: dict[str, Any], player_count: int):
        self.p = program
        self.options = options
        self.player_count = player_count
        self.K: list[Any] = []
        self._k_index: dict[Any, int] = {}
        self.consts: dict[str, Any] = {}
        self.layout = Layout()
        self.kind_sizes: dict[str, int] = {}
        self.kind_names: dict[str, tuple] = {}
        self.kind_columns: dict[tuple, tuple] = {}
        self.kind_keys: dict[str, dict] = {}
        self.team_of: tuple = tuple(range(player_count))
        self.team_names: tuple = ()
        self.player_names: tuple = ()
        self.fresh_counter = 0
        self.hoist_frames: list = []  # (generator variable, values hoisted out of its loop)

    # ------------------------------------------------------------ constants
    def k(self, value: Any) -> str:
        """A reference to a constant; ints and truth values are written out directly."""
        if value is None or isinstance(value, bool):
            return repr(value)
        if isinstance(value, int):
            return repr(int(value))
        try:
            key = (type(value).__name__, value)
            hash(key)
        except TypeError:
            key = ("id", id(value))
        index = self._k_index.get(key)
        if index is None:
            index = len(self.K)
            self.K.append(value)
            self._k_index[key] = index
        return f"K[{index}]"

    def fresh(self, stem: str = "g") -> str:
        self.fresh_counter += 1
        return f"{stem}{self.fresh_counter}"

    def span_ref(self, span: Optional[n.Span]) -> str:
        return self.k(span)

    def type_of(self, e: n.Node):
        return self.p.type_of(e)

    # ------------------------------------------------------------ entry points
    def expr(self, e: n.Node, scope: Scope) -> str:
        return getattr(self, "x_" + type(e).__name__)(e, scope)

    def domain(self, e: n.Node, scope: Scope) -> str:
        """An expression to iterate: a range stays lazy, a zone gives its kinds present."""
        if isinstance(e, n.Range):  # its values are counted against the step budget
            if not self.metered:
                return f"range({self.expr(e.low, scope)}, {self.expr(e.high, scope)} + 1)"
            return (f"steps_range(RT, {self.expr(e.low, scope)}, {self.expr(e.high, scope)} + 1, "
                    f"{self.span_ref(e.span)})")
        t = self.type_of(e)
        if isinstance(t, tuple) and t[0] == "zone":
            zone = self.zone_of(e)
            return f"present(D, {self.expr(e, scope)}, {zone.kinds})"
        if isinstance(t, tuple) and t[0] == "zones":
            zone = self.zone_of(e)
            g = self.fresh()
            kinds = zone.kinds
            return (f"tuple({g} for {g} in range({kinds}) "
                    f"if any(D[o + {g}] for o in {self.expr(e, scope)}))")
        if isinstance(t, tuple) and t[0] == "pile":
            return f"D[{self.expr(e, scope)}]"
        return self.expr(e, scope)

    def zone_of(self, e: n.Node):
        """The zone layout a zone expression refers to (its root name)."""
        while isinstance(e, n.Subscript):
            e = e.target
        if isinstance(e, n.Name) and e.name in self.layout.zones:
            return self.layout.zones[e.name]
        raise RulesRuntimeError(e.span, "not a zone")

    # ------------------------------------------------------------ leaves
    def x_Number(self, e, scope):
        return repr(int(e.value))

    def x_Bool(self, e, scope):
        return "True" if e.value else "False"

    def x_NoneLit(self, e, scope):
        return "None"

    def x_String(self, e: n.String, scope: Scope) -> str:
        pieces = []
        for part in e.parts:
            if isinstance(part, str):
                pieces.append(self.k(part))
            else:
                pieces.append(self.show(part, scope))
        if not pieces:
            return self.k("")
        return "''.join((" + ", ".join(pieces) + ",))"

    def show(self, e: n.Node, scope: Scope) -> str:
        """Python source giving the display text of a value, by its static type."""
        t = self.type_of(e)
        value = self.expr(e, scope)
        return f"show({value}, {self.k(self.shower(t))})"

    def shower(self, t) -> tuple:
        """A plain description of how to display values of type t (interpreted by machine.show)."""
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

    def x_Name(self, e: n.Name, scope: Scope) -> str:
        local = scope.lookup(e.name)
        if local is not None:
            return local
        sym = self.p.symbols.get(e.name)
        if sym is None:
            return self.builtin_name(e)
        if sym.kind == "option":
            return self.k(self.options[e.name])
        if sym.kind == "const":
            return self.k(self.consts[e.name])
        if sym.kind == "member":
            return repr(int(sym.index))
        if sym.kind == "kind":
            return self.k(tuple(range(self.kind_sizes[e.name])))
        if sym.kind == "board":
            return self.k(self.layout.boards[e.name].nodes)
        if sym.kind == "table":
            return self.k(self.tables[e.name])
        if sym.kind == "zone":
            return repr(self.layout.zones[e.name].base)
        if sym.kind == "var":
            return f"D[{self.layout.vars[e.name].base}]"
        raise RulesRuntimeError(e.span, f"'{e.name}' cannot be used here")

    def builtin_name(self, e: n.Name) -> str:
        if e.name == "players":
            return self.k(tuple(range(self.player_count)))
        if e.name == "teams":
            return self.k(tuple(range(len(self.team_names))))
        if e.name == "player_count":
            return repr(self.player_count)
        if e.name == "current_player":
            return f"D[{CURRENT_PLAYER}]"
        raise RulesRuntimeError(e.span, f"unknown name '{e.name}'")

    # ------------------------------------------------------------ indexing
    def offset(self, dims: tuple, width: int, base: int, indexes, scope: Scope) -> str:
        terms = [repr(base)]
        for d, stride, index in zip(dims, strides(dims, width), indexes):
            value = self.expr(index, scope)
            if d.type_name == "int" or (d.board is not None and self.type_of(index) == INT):
                # a number could be anything: check it names a slot of this zone or variable
                value = f"ix({value}, {d.low}, {d.size}, {self.span_ref(index.span)})"
            shift = f"({value} - {d.low})" if d.low else f"{value}"
            terms.append(f"{shift} * {stride}" if stride != 1 else shift)
        return "(" + " + ".join(terms) + ")"

    def x_Subscript(self, e: n.Subscript, scope: Scope) -> str:
        target = e.target
        if isinstance(target, n.Name) and scope.lookup(target.name) is None:
            sym = self.p.symbols.get(target.name)
            if sym is not None and sym.kind == "var" and target.name in self.layout.vars and \
                    self.layout.vars[target.name].dims:
                var = self.layout.vars[target.name]
                return f"D[{self.offset(var.dims, 1, var.base, e.indexes, scope)}]"
            if sym is not None and sym.kind == "zone" and self.layout.zones[target.name].dims:
                return self.zone_instance(self.layout.zones[target.name], e, scope)
        t = self.type_of(target)
        inner = self.expr(target, scope)
        index = self.expr(e.indexes[0], scope)
        form = t[0] if isinstance(t, tuple) else t
        if form == "zone":
            return f"D[{inner} + {index}]"
        if form == "zones":
            return f"sum(D[o + {index}] for o in {inner})"
        if form == "pile":
            return f"at(D[{inner}], {index}, {self.span_ref(e.span)})"
        if form == "table":
            return f"row({inner}, {index}, {self.span_ref(e.span)})"
        if form == "kinds":
            return f"{self.k(self.kind_keys[t[1]])}[{index}]"
        return f"at({inner}, {index}, {self.span_ref(e.span)})"

    def zone_instance(self, zone, e: n.Subscript, scope: Scope) -> str:
        """A zone's flat offset; an index given as a group gives the tuple of its nodes' offsets."""
        width = 1 if zone.ordered else zone.kinds
        grouped = None
        for position, (index, d) in enumerate(zip(e.indexes, zone.dims)):
            t = self.type_of(index)
            if d.board is not None and isinstance(t, tuple) and t[0] == "group":
                grouped = position
        if grouped is None:
            return self.offset(zone.dims, width, zone.base, e.indexes, scope)
        board = self.layout.boards[zone.dims[grouped].board]
        node = self.fresh()
        scope_inner = scope.child()
        scope_inner.bind_as("\0node", node)
        indexes = list(e.indexes)
        indexes[grouped] = n.Name(e.span, "\0node")
        self.p.types[id(indexes[grouped])] = ("node", board.name)
        group = self.expr(e.indexes[grouped], scope)
        offset = self.offset(zone.dims, width, zone.base, indexes, scope_inner)
        code = (f"tuple({offset} for {node} in tiles(D, {board.roots}, {self.k(board.nodes)}, "
                f"{board.low}, {group}))")
        return self.hoisted(code, e)

    def hoisted(self, code: str, e: n.Node) -> str:
        """Inside a generator, an expression that does not use the generator's variable is worked
        out once, before the loop, not once per element (a group's nodes, per colour, say)."""
        if not self.hoist_frames:
            return code
        var, names = self.hoist_frames[-1]
        if var in free_names(e, set()):
            return code
        name = self.fresh("h")
        names.append((name, code))
        return name

    def wrap_hoisted(self, code: str, names: list) -> str:
        if not names:
            return code
        params = ", ".join(name for name, _ in names)
        values = ", ".join(value for _, value in names)
        return f"(lambda {params}: {code})({values})"

    _UNKNOWN = object()

    def constant(self, e: n.Node, scope: Scope) -> Any:
        """The value of an expression fixed before play (options, constants, their parts and
        literals), or _UNKNOWN. Lets `mode.size` compile to 2 instead of a lookup."""
        if isinstance(e, n.Number):
            return e.value
        if isinstance(e, n.Name) and scope.lookup(e.name) is None:
            sym = self.p.symbols.get(e.name)
            if sym is not None and sym.kind == "option":
                return self.options[e.name]
            if sym is not None and sym.kind == "const" and e.name in self.consts:
                return self.consts[e.name]
            if e.name == "player_count":
                return self.player_count
            return self._UNKNOWN
        if isinstance(e, n.Attribute):
            target = self.constant(e.target, scope)
            if isinstance(target, dict) and e.name in target:
                return target[e.name]
        return self._UNKNOWN

    def x_Attribute(self, e: n.Attribute, scope: Scope) -> str:
        folded = self.constant(e, scope)
        if folded is not self._UNKNOWN:
            return self.k(folded)
        t = self.type_of(e.target)
        target = self.expr(e.target, scope)
        if isinstance(t, tuple) and t[0] == "kind":
            column = self.kind_columns[(t[1], e.name)]
            return f"{self.k(column)}[{target}]"
        return f"{target}[{self.k(e.name)}]"

    # ------------------------------------------------------------ calls
    def x_Call(self, e: n.Call, scope: Scope) -> str:
        args = [self.expr(a, scope) for a in e.args]
        if e.name in self.p.values:
            return f"{self.value_function(e.name)}(S, {', '.join(args)})" if args else \
                f"{self.value_function(e.name)}(S)"
        code = next((k for (c, k), d in self.p.codes.items() if c == e.name and d.result is not None), None)
        if code is not None:
            return self.code_value_call(e.name, code, args)
        return getattr(self, "b_" + e.name)(e, args, scope)

    def code_value_call(self, column: str, kind: str, args: list) -> str:
        raise NotImplementedError  # provided by the statement compiler

    def value_function(self, name: str) -> str:
        raise NotImplementedError  # provided by the statement compiler

    # ------------------------------------------------------------ comprehensions
    def generator(self, g: n.Generator, scope: Scope) -> tuple[str, str, list]:
        """(element source, 'for … in … if …' source, hoisted values) for a generator."""
        domain = self.domain(g.domain, scope)
        var = self.fresh()
        inner = scope.child()
        inner.bind_as(g.var, var)
        hoisted: list = []
        self.hoist_frames.append((g.var, hoisted))
        try:
            clause = f"for {var} in {domain}"
            if g.condition is not None:
                clause += f" if {self.expr(g.condition, inner)}"
            element = self.expr(g.element, inner)
        finally:
            self.hoist_frames.pop()
        return element, clause, hoisted

    def x_Aggregate(self, e: n.Aggregate, scope: Scope) -> str:
        element, clause, hoisted = self.generator(e.generator, scope)
        if e.name in ("max", "min"):
            code = f"{e.name}(({element} {clause}), default=0)"
        elif e.name == "count":
            code = f"sum(1 {clause})"
        else:
            code = f"{e.name}({element} {clause})"
        return self.wrap_hoisted(code, hoisted)

    def x_ListExpr(self, e: n.ListExpr, scope: Scope) -> str:
        if not e.items:
            return "()"
        return "(" + ", ".join(self.expr(i, scope) for i in e.items) + ",)"

    def x_ListComp(self, e: n.ListComp, scope: Scope) -> str:
        element, clause, hoisted = self.generator(e.generator, scope)
        return self.wrap_hoisted(f"tuple({element} {clause})", hoisted)

    def x_Best(self, e: n.Best, scope: Scope) -> str:
        g = n.Generator(e.span, e.key, e.var, e.domain, e.condition)
        var_scope = scope.child()
        element, clause, hoisted = self.generator(g, var_scope)
        var = clause.split()[1]
        return self.wrap_hoisted(f"best([({var}, {element}) {clause}])", hoisted)

    def x_Sort(self, e: n.Sort, scope: Scope) -> str:
        var = self.fresh()
        inner = scope.child()
        inner.bind_as(e.var, var)
        keys = ", ".join(self.expr(k, inner) for k in e.keys)
        return f"tuple(sorted({self.domain(e.domain, scope)}, key=lambda {var}: ({keys},)))"

    # ------------------------------------------------------------ operators
    def x_BinOp(self, e: n.BinOp, scope: Scope) -> str:
        left = self.expr(e.left, scope)
        if e.op in ("in", "not in"):
            t = self.type_of(e.right)
            if isinstance(t, tuple) and t[0] == "zone":
                test = f"D[{self.expr(e.right, scope)} + {left}] > 0"
                return f"({test})" if e.op == "in" else f"(not {test})"
            if isinstance(e.right, n.Range):  # a test, not a walk: however long the range
                right = f"range({self.expr(e.right.low, scope)}, {self.expr(e.right.high, scope)} + 1)"
                return f"({left} {e.op} {right})"
            return f"({left} {e.op} {self.domain(e.right, scope)})"
        right = self.expr(e.right, scope)
        op = "//" if e.op == "/" else e.op
        if op in ("//", "%"):
            return f"safe_div({left}, {right}, {self.span_ref(e.span)}, {op == '%'})"
        if op == "+" and isinstance(self.type_of(e), tuple):
            return f"(tuple({left}) + tuple({right}))"
        return f"({left} {op} {right})"

    def x_BoolOp(self, e: n.BoolOp, scope: Scope) -> str:
        return "(" + f" {e.op} ".join(self.expr(o, scope) for o in e.operands) + ")"

    def x_Not(self, e: n.Not, scope: Scope) -> str:
        return f"(not {self.expr(e.operand, scope)})"

    def x_Neg(self, e: n.Neg, scope: Scope) -> str:
        return f"(-{self.expr(e.operand, scope)})"

    def x_Range(self, e: n.Range, scope: Scope) -> str:
        return f"tuple({self.domain(e, scope)})"

    def x_Conditional(self, e: n.Conditional, scope: Scope) -> str:
        return (f"({self.expr(e.then, scope)} if {self.expr(e.condition, scope)} "
                f"else {self.expr(e.otherwise, scope)})")
