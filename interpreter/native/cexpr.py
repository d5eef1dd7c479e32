"""Expressions → C over the flat int64 state, by static type: scalars are int64, lists `List`.

Mirrors the Python back-end's expression compiler value for value (same domains, same order,
same `none`), so both back-ends compute the same numbers. A list is a pointer to [n, items…]:
constants are static arrays, temporaries live in a scratch arena reset at each instruction.
Generated code names only identifiers made up here; numbers from the rules are printed as C
integers and texts become interned ids, so nothing from a rules file reaches C as code.
"""
from __future__ import annotations

from typing import Any, Optional

from rulebook.dsl import nodes as n
from rulebook.dsl.types import INT, PLAYER, TEAM, TEXT

from ..layout import CURRENT_PLAYER, strides


class NativeUnsupported(Exception):
    """A construct (or a value) the native back-end does not compile: the game plays in Python."""


def is_list(t) -> bool:
    return isinstance(t, tuple) and t[0] in ("list", "zones")


class CScope:
    """Names → (C access, is a list). Flat scopes keep scalars in frame slots F->L[i] (numbered as
    the Python back-end numbers them) and lists in the frame's list regions F->R[r]."""

    def __init__(self, flat: bool, parent: Optional["CScope"] = None):
        self.flat = flat
        self.parent = parent
        self.names: dict[str, tuple] = {}
        self.counter: list[int] = parent.counter if parent else [0]
        self.regions: list[int] = parent.regions if parent else [0]
        self.slot_types: dict[int, Any] = parent.slot_types if parent else {}
        self.list_regions: dict[int, int] = parent.list_regions if parent else {}

    def bind(self, name: str, t: Any = INT) -> str:
        slot = self.counter[0]
        self.counter[0] += 1
        self.slot_types[slot] = t
        if self.flat:
            if is_list(t):
                region = self.regions[0]
                self.regions[0] += 1
                self.list_regions[slot] = region
                access = f"((List)F->R[{region}])"
            else:
                access = f"F->L[{slot}]"
        else:
            access = f"v{slot}"
        self.names[name] = (access, is_list(t))
        return access

    def bind_as(self, name: str, access: str, listy: bool = False) -> None:
        self.names[name] = (access, listy)

    def lookup(self, name: str) -> Optional[tuple]:
        scope: Optional[CScope] = self
        while scope is not None:
            if name in scope.names:
                return scope.names[name]
            scope = scope.parent
        return None

    def child(self) -> "CScope":
        return CScope(self.flat, self)

    @property
    def slots(self) -> int:
        return self.counter[0]


def region_of(access: str) -> str:
    """`((List)F->R[3])` → `F->R[3]` (the writable region behind a list local)."""
    return access[len("((List)"):-1]


class CExpr:
    """Needs: p (program), c (the Python CompiledGame, for layout, names and constants), texts."""

    def __init__(self, compiled):
        self.c = compiled
        self.p = compiled.p
        self.layout = compiled.layout
        self.consts_c: list[str] = []  # static constant arrays
        self._const_index: dict = {}
        self.texts: list[str] = []  # interned texts, id = position
        self._text_index: dict[str, int] = {}
        self.fresh_counter = 0

    # ------------------------------------------------------------ constants
    def fresh(self, stem: str = "t") -> str:
        self.fresh_counter += 1
        return f"{stem}{self.fresh_counter}"

    def text_id(self, text: str) -> int:
        found = self._text_index.get(text)
        if found is None:
            found = self._text_index[text] = len(self.texts)
            self.texts.append(text)
        return found

    def scalar(self, value: Any) -> str:
        """A constant scalar as C: ints, truth values, none, texts (interned ids)."""
        if value is None:
            return "NONE"
        if isinstance(value, bool):
            return "1" if value else "0"
        if isinstance(value, int):
            if not -(1 << 62) < value < (1 << 62):
                raise NativeUnsupported(f"number {value} is too large")
            return f"{int(value)}LL" if abs(value) >= 1 << 31 else str(int(value))
        if isinstance(value, str):
            return str(self.text_id(value))
        if isinstance(value, (tuple, list, range)):
            return f"(i64)(intptr_t){self.const_list(tuple(value))}"
        raise NativeUnsupported(f"a constant of type {type(value).__name__}")

    def const_list(self, items: tuple) -> str:
        key = ("list", items)
        name = self._const_index.get(key)
        if name is None:
            values = [self.scalar(v) for v in items]
            name = f"KL{len(self._const_index)}"
            self._const_index[key] = name
            body = ", ".join([str(len(values))] + values)
            self.consts_c.append(f"static const i64 {name}[] = {{{body}}};")
        return f"((List){name})"

    def constant_value(self, value: Any, t) -> str:
        if isinstance(value, (tuple, list, range)):
            return self.const_list(tuple(value))
        if isinstance(value, dict):
            raise NativeUnsupported("a table row as a value")
        return self.scalar(value)

    def type_of(self, e: n.Node):
        return self.p.type_of(e)

    # ------------------------------------------------------------ entry points
    def expr(self, e: n.Node, scope: CScope) -> str:
        handler = getattr(self, "x_" + type(e).__name__, None)
        if handler is None:
            raise NativeUnsupported(f"expression {type(e).__name__}")
        return handler(e, scope)

    def zone_of(self, e: n.Node):
        while isinstance(e, n.Subscript):
            e = e.target
        if isinstance(e, n.Name) and e.name in self.layout.zones:
            return self.layout.zones[e.name]
        raise NativeUnsupported("not a zone")

    def as_list(self, e: n.Node, scope: CScope) -> str:
        """A List for any iterable expression (materialised when it is a range or a zone)."""
        t = self.type_of(e)
        form = t[0] if isinstance(t, tuple) else t
        if isinstance(e, n.Range):
            return f"lrange(S, {self.expr(e.low, scope)}, {self.expr(e.high, scope)})"
        if form == "zone":
            return f"lpresent(S, D, {self.expr(e, scope)}, {self.zone_of(e).kinds})"
        if form == "zones":
            return f"lpresent_any(S, D, {self.expr(e, scope)}, {self.zone_of(e).kinds})"
        if form == "pile":
            return f"PILE({self.expr(e, scope)})"
        if form == "kinds":
            return self.const_list(tuple(range(self.c.kind_sizes[t[1]])))
        if form == "board":
            return self.const_list(self.layout.boards[t[1]].nodes)
        if form == "table":
            return self.const_list(tuple(range(len(self.p.tables[t[1]].rows))))
        return self.expr(e, scope)

    def loop(self, e: n.Node, scope: CScope, var: str, body: str, snapshot: bool = False) -> str:
        """C that runs `body` with `var` (declared here) set to each element of the domain e, in
        the Python back-end's order. `snapshot`: take the domain first (the body may change it)."""
        t = self.type_of(e)
        form = t[0] if isinstance(t, tuple) else t
        if isinstance(e, n.Range):
            hi = self.fresh("h")
            return (f"{{ i64 {hi} = {self.expr(e.high, scope)}; for (i64 {var} = {self.expr(e.low, scope)}; "
                    f"{var} <= {hi}; {var}++) {{ {body} }} }}")
        if form == "kinds":
            return f"for (i64 {var} = 0; {var} < {self.c.kind_sizes[t[1]]}; {var}++) {{ {body} }}"
        if form == "zone" and not snapshot:
            base = self.fresh("z")
            kinds = self.zone_of(e).kinds
            return (f"{{ i64 {base} = {self.expr(e, scope)}; for (i64 {var} = 0; {var} < {kinds}; {var}++) "
                    f"if (D[{base} + {var}]) {{ {body} }} }}")
        items, i = self.fresh("l"), self.fresh("i")
        source = self.as_list(e, scope)
        if snapshot and form in ("pile", "list"):
            source = f"lcopy_tmp(S, {source})"
        return (f"{{ List {items} = {source}; for (i64 {i} = 1; {i} <= {items}[0]; {i}++) "
                f"{{ i64 {var} = {items}[{i}]; {body} }} }}")

    # ------------------------------------------------------------ leaves
    def x_Number(self, e, scope):
        return self.scalar(int(e.value))

    def x_Bool(self, e, scope):
        return "1" if e.value else "0"

    def x_NoneLit(self, e, scope):
        return "NONE"

    def x_String(self, e: n.String, scope):
        if all(isinstance(part, str) for part in e.parts):
            return str(self.text_id("".join(e.parts)))
        raise NativeUnsupported("a text built from values (outside `end game`)")

    def x_Name(self, e: n.Name, scope: CScope) -> str:
        local = scope.lookup(e.name)
        if local is not None:
            return local[0]
        sym = self.p.symbols.get(e.name)
        if sym is None:
            return self.builtin_name(e)
        if sym.kind == "option":
            return self.constant_value(self.c.options[e.name], sym.type)
        if sym.kind == "const":
            return self.constant_value(self.c.consts[e.name], sym.type)
        if sym.kind == "member":
            return str(int(sym.index))
        if sym.kind == "kind":
            return self.const_list(tuple(range(self.c.kind_sizes[e.name])))
        if sym.kind == "board":
            return self.const_list(self.layout.boards[e.name].nodes)
        if sym.kind == "zone":
            return str(self.layout.zones[e.name].base)
        if sym.kind == "var":
            var = self.layout.vars[e.name]
            return f"LISTAT({var.base})" if var.holds_list else f"D[{var.base}]"
        raise NativeUnsupported(f"the name '{e.name}' as a value")

    def builtin_name(self, e: n.Name) -> str:
        if e.name == "players":
            return self.const_list(tuple(range(self.c.player_count)))
        if e.name == "teams":
            return self.const_list(tuple(range(len(self.c.team_names))))
        if e.name == "player_count":
            return str(self.c.player_count)
        if e.name == "current_player":
            return f"D[{CURRENT_PLAYER}]"
        raise NativeUnsupported(f"unknown name '{e.name}'")

    # ------------------------------------------------------------ indexing
    def offset(self, dims: tuple, width: int, base: int, indexes, scope: CScope) -> str:
        terms = [str(base)]
        for d, stride, index in zip(dims, strides(dims, width), indexes):
            value = self.expr(index, scope)
            if d.type_name == "int" or (d.board is not None and self.type_of(index) == INT):
                value = f"IX({value}, {d.low}, {d.size})"
            else:
                value = f"IXN({value})"
            shift = f"({value} - {d.low})" if d.low else f"{value}"
            terms.append(f"{shift} * {stride}" if stride != 1 else shift)
        return "(" + " + ".join(terms) + ")"

    def x_Subscript(self, e: n.Subscript, scope: CScope) -> str:
        target = e.target
        if isinstance(target, n.Name) and scope.lookup(target.name) is None:
            sym = self.p.symbols.get(target.name)
            if sym is not None and sym.kind == "var" and target.name in self.layout.vars and \
                    self.layout.vars[target.name].dims:
                var = self.layout.vars[target.name]
                slot = self.offset(var.dims, 1, var.base, e.indexes, scope)
                return f"LISTAT({slot})" if var.holds_list else f"D[{slot}]"
            if sym is not None and sym.kind == "zone" and self.layout.zones[target.name].dims:
                return self.zone_instance(self.layout.zones[target.name], e, scope)
        t = self.type_of(target)
        inner = self.expr(target, scope)
        index = self.expr(e.indexes[0], scope)
        form = t[0] if isinstance(t, tuple) else t
        if form == "zone":
            return f"D[{inner} + IXN({index})]"
        if form == "zones":
            return f"lsum_at(D, {inner}, {index})"
        if form == "pile":
            return f"lat(S, PILE({inner}), {index})"
        if form == "table":
            keys = self.table_keys(t[1])
            return f"lookup(S, {self.const_list(keys)}, {index})"
        if form == "kinds":
            keys = self.c.kind_keys[t[1]]
            ordered = tuple(sorted(keys, key=lambda k: keys[k]))
            return f"lookup(S, {self.const_list(ordered)}, {index})"
        return f"lat(S, {inner}, {index})"

    def table_keys(self, table: str) -> tuple:
        decl = self.p.tables[table]
        if decl.key is None:
            raise NativeUnsupported("indexing a table without a key")
        return tuple(r[decl.key] for r in self.c.tables[table].rows)

    def zone_instance(self, zone, e: n.Subscript, scope: CScope) -> str:
        width = 1 if zone.ordered else zone.kinds
        grouped = None
        for position, (index, d) in enumerate(zip(e.indexes, zone.dims)):
            t = self.type_of(index)
            if d.board is not None and isinstance(t, tuple) and t[0] == "group":
                grouped = position
        if grouped is None:
            return self.offset(zone.dims, width, zone.base, e.indexes, scope)
        board = self.layout.boards[zone.dims[grouped].board]
        node = self.fresh("nd")
        inner = scope.child()
        inner.bind_as("\0node", node)
        indexes = list(e.indexes)
        indexes[grouped] = n.Name(e.span, "\0node")
        self.p.types[id(indexes[grouped])] = ("node", board.name)
        group = self.expr(e.indexes[grouped], scope)
        offset = self.offset(zone.dims, width, zone.base, indexes, inner)
        tiles, out, i = self.fresh("l"), self.fresh("o"), self.fresh("i")
        return (f"({{ List {tiles} = ltiles(S, D, {board.roots}, {board.size}, {board.low}, {group}); "
                f"i64 *{out} = lnew(S); for (i64 {i} = 1; {i} <= {tiles}[0]; {i}++) "
                f"{{ i64 {node} = {tiles}[{i}]; {out}[{i}] = {offset}; }} {out}[0] = {tiles}[0]; (List){out}; }})")

    def x_Attribute(self, e: n.Attribute, scope: CScope) -> str:
        folded = self.c.constant(e, _PyScopeShim(scope))
        if folded is not self.c._UNKNOWN:
            return self.constant_value(folded, self.type_of(e))
        t = self.type_of(e.target)
        target = self.expr(e.target, scope)
        if isinstance(t, tuple) and t[0] == "kind":
            column = self.c.kind_columns[(t[1], e.name)]
            return f"COL({self.const_list(column)}, {target})"
        if isinstance(t, tuple) and t[0] == "row":
            rows = self.c.tables[t[1]].rows
            column = tuple(r.get(e.name) for r in rows)
            return f"COL({self.const_list(column)}, {target})"
        raise NativeUnsupported("an attribute of this kind of value")

    # ------------------------------------------------------------ calls
    def x_Call(self, e: n.Call, scope: CScope) -> str:
        args = [self.expr(a, scope) for a in e.args]
        if e.name in self.p.values:
            return f"{self.value_name(e.name)}(S{''.join(', ' + a for a in args)})"
        code = next((k for (c, k), d in self.p.codes.items() if c == e.name and d.result is not None), None)
        if code is not None:
            return self.code_value_call(e.name, code, args)
        handler = getattr(self, "b_" + e.name, None)
        if handler is None:
            raise NativeUnsupported(f"built-in {e.name}")
        return handler(e, args, scope)

    def value_name(self, name: str) -> str:
        raise NotImplementedError

    def code_value_call(self, column: str, kind: str, args: list) -> str:
        raise NotImplementedError

    # ------------------------------------------------------------ comprehensions
    def generator_loop(self, g: n.Generator, scope: CScope, body_of) -> str:
        """A loop over a generator's domain with its condition; body_of(element C) gives the body."""
        var = self.fresh("g")
        inner = scope.child()
        inner.bind_as(g.var, var, False)
        element = self.expr(g.element, inner)
        body = body_of(element)
        if g.condition is not None:
            body = f"if ({self.expr(g.condition, inner)}) {{ {body} }}"
        return self.loop(g.domain, scope, var, body)

    def x_Aggregate(self, e: n.Aggregate, scope: CScope) -> str:
        acc = self.fresh("a")
        g = e.generator
        if e.name == "sum":
            return f"({{ i64 {acc} = 0; {self.generator_loop(g, scope, lambda x: f'{acc} += {x};')} {acc}; }})"
        if e.name == "count":
            return f"({{ i64 {acc} = 0; {self.generator_loop(g, scope, lambda x: f'{acc} += 1;')} {acc}; }})"
        if e.name in ("max", "min"):
            seen, v = self.fresh("s"), self.fresh("v")
            better = ">" if e.name == "max" else "<"
            step = lambda x: (f"i64 {v} = {x}; if (!{seen} || {v} {better} {acc}) {{ {acc} = {v}; {seen} = 1; }}")
            return f"({{ i64 {acc} = 0; int {seen} = 0; {self.generator_loop(g, scope, step)} {acc}; }})"
        if e.name == "any":
            return f"({{ i64 {acc} = 0; {self.generator_loop(g, scope, lambda x: f'if ({x}) {{ {acc} = 1; break; }}')} {acc}; }})"
        if e.name == "all":
            return f"({{ i64 {acc} = 1; {self.generator_loop(g, scope, lambda x: f'if (!({x})) {{ {acc} = 0; break; }}')} {acc}; }})"
        raise NativeUnsupported(f"aggregate {e.name}")

    def x_ListExpr(self, e: n.ListExpr, scope: CScope) -> str:
        if not e.items:
            return self.const_list(())
        out = self.fresh("o")
        sets = " ".join(f"{out}[{i + 1}] = {self.expr(item, scope)};" for i, item in enumerate(e.items))
        return f"({{ i64 *{out} = lnew(S); {sets} {out}[0] = {len(e.items)}; (List){out}; }})"

    def x_ListComp(self, e: n.ListComp, scope: CScope) -> str:
        out = self.fresh("o")
        loop = self.generator_loop(e.generator, scope, lambda x: f"lpush(S, {out}, {x});")
        return f"({{ i64 *{out} = lnew(S); {loop} (List){out}; }})"

    def x_Best(self, e: n.Best, scope: CScope) -> str:
        g = n.Generator(e.span, e.key, e.var, e.domain, e.condition)
        self.p.types[id(g)] = self.type_of(e)
        top, winner, tied, seen, v = (self.fresh(s) for s in ("b", "w", "d", "s", "v"))
        var_holder: list[str] = []

        def step(key: str) -> str:
            element = var_holder[0]
            return (f"i64 {v} = {key}; if (!{seen} || {v} > {top}) {{ {top} = {v}; {winner} = {element}; "
                    f"{tied} = 0; {seen} = 1; }} else if ({v} == {top}) {{ {tied} = 1; }}")

        var = self.fresh("g")
        inner = scope.child()
        inner.bind_as(e.var, var, False)
        var_holder.append(var)
        body = step(self.expr(e.key, inner))
        if e.condition is not None:
            body = f"if ({self.expr(e.condition, inner)}) {{ {body} }}"
        loop = self.loop(e.domain, scope, var, body)
        return (f"({{ i64 {top} = 0, {winner} = NONE; int {tied} = 0, {seen} = 0; {loop} "
                f"{tied} ? NONE : {winner}; }})")

    def x_Sort(self, e: n.Sort, scope: CScope) -> str:
        if len(e.keys) > 4:
            raise NativeUnsupported("sort by more than 4 keys")
        var = self.fresh("g")
        inner = scope.child()
        inner.bind_as(e.var, var, False)
        out, keys = self.fresh("o"), self.fresh("k")
        key_sets = " ".join(f"{keys}[n_ * 4 + {i}] = {self.expr(k, inner)};" for i, k in enumerate(e.keys))
        loop = self.loop(e.domain, scope, var, f"i64 n_ = {out}[0]; lpush(S, {out}, {var}); {key_sets}")
        return (f"({{ i64 *{out} = lnew(S); i64 {keys}[LCAP * 4]; {loop} "
                f"lsort(S, {out}, {keys}, {len(e.keys)}); (List){out}; }})")

    # ------------------------------------------------------------ operators
    def x_BinOp(self, e: n.BinOp, scope: CScope) -> str:
        if e.op in ("in", "not in"):
            left = self.expr(e.left, scope)
            t = self.type_of(e.right)
            if isinstance(t, tuple) and t[0] == "zone":
                test = f"(D[{self.expr(e.right, scope)} + IXN({left})] > 0)"
            else:
                test = f"lcontains({self.as_list(e.right, scope)}, {left})"
            return test if e.op == "in" else f"(!{test})"
        if is_list(self.type_of(e.left)) or is_list(self.type_of(e.right)):
            if e.op == "+":
                return f"lconcat(S, {self.as_list(e.left, scope)}, {self.as_list(e.right, scope)})"
            if e.op in ("==", "!="):
                test = f"lequal({self.as_list(e.left, scope)}, {self.as_list(e.right, scope)})"
                return test if e.op == "==" else f"(!{test})"
            raise NativeUnsupported(f"'{e.op}' on lists")
        left, right = self.expr(e.left, scope), self.expr(e.right, scope)
        if e.op in ("/", "%"):
            return f"fdiv(S, {left}, {right}, {1 if e.op == '%' else 0})"
        if e.op in ("+", "-", "*", "<", "<=", ">", ">=", "==", "!="):
            return f"({left} {e.op} {right})"
        raise NativeUnsupported(f"operator {e.op}")

    def x_BoolOp(self, e: n.BoolOp, scope: CScope) -> str:
        op = " && " if e.op == "and" else " || "
        return "(" + op.join(f"({self.expr(o, scope)})" for o in e.operands) + ")"

    def x_Not(self, e: n.Not, scope: CScope) -> str:
        return f"(!({self.expr(e.operand, scope)}))"

    def x_Neg(self, e: n.Neg, scope: CScope) -> str:
        return f"(-({self.expr(e.operand, scope)}))"

    def x_Range(self, e: n.Range, scope: CScope) -> str:
        return f"lrange(S, {self.expr(e.low, scope)}, {self.expr(e.high, scope)})"

    def x_Conditional(self, e: n.Conditional, scope: CScope) -> str:
        return (f"(({self.expr(e.condition, scope)}) ? ({self.expr(e.then, scope)}) : "
                f"({self.expr(e.otherwise, scope)}))")


class _PyScopeShim:
    """Lets the Python compiler's constant folder ask whether a name is a local here."""

    def __init__(self, scope: CScope):
        self.scope = scope

    def lookup(self, name: str):
        found = self.scope.lookup(name)
        return None if found is None else found[0]


def shows_as(t) -> bool:
    """Whether a value of type t shows as names (players, teams, kinds) rather than a number."""
    return t in (PLAYER, TEAM, TEXT) or (isinstance(t, tuple) and t[0] in ("kind", "node", "group"))
