"""Checks of expressions: each `e_NODE` method gives the type of one kind of expression."""
from __future__ import annotations

from . import nodes as n
from typing import Optional

from . import nodes as n
from .check_base import BUILTIN_NAMES, Scope, column_type, walk
from .check_builtins import BuiltinChecks
from .check_none import NoneChecks
from .errors import did_you_mean
from .types import (AGGREGATES, ANY, BOOL, BUILTINS, INT, NONE, TEXT, Type, either, element_of, has_optional,
                    may_be_none, optional, plain, present, same_family, show)


class ExpressionChecks(BuiltinChecks, NoneChecks):
    """Records the type of every expression it checks in the program's `types` (without `?`).

    `expr` gives the type of an expression whose value is used: a `T?` there is an error unless
    a none test made it known present. `maybe` gives the type where none is welcome (a none test,
    a text, a value given to a `T?`), and `accept` checks such a value against what is wanted."""

    def expr(self, e: n.Node, scope: Scope) -> Type:
        return self.value_of(e, self.maybe(e, scope), scope)

    def maybe(self, e: n.Node, scope: Scope) -> Type:
        return self.record(e, getattr(self, "e_" + type(e).__name__)(e, scope))

    def record(self, e: n.Node, t: Type) -> Type:
        if t.__class__ is tuple and has_optional(t):
            self.opt_types[id(e)] = t
            self.p.types[id(e)] = plain(t)
        else:
            self.p.types[id(e)] = t
        return t

    def value_of(self, e: n.Node, t: Type, scope: Scope, what: Optional[str] = None) -> Type:
        """The value of e, of type t, used where a T is needed: it must not be none."""
        if t == NONE or (t.__class__ is tuple and t[0] == "opt"):
            if t == NONE or not self.known_present(e, scope):
                self.none_error(e, t, what)
            return present(t)
        return t

    def narrowed_type(self, e: n.Node, t: Type, scope: Scope) -> Type:
        """t, without its `?` where a none test made e known present."""
        if t.__class__ is tuple and t[0] == "opt" and self.known_present(e, scope):
            return t[1]
        return t

    def accept(self, e: n.Node, t: Type, wanted: Type, scope: Scope, what: str) -> None:
        """e (of type t) given where `wanted` is expected; a T? fits only where T? is wanted."""
        if wanted != ANY and not may_be_none(wanted):
            t = self.value_of(e, t, scope, what)
        else:
            t = self.narrowed_type(e, t, scope)
        if t != wanted:
            self.expect(e, t, wanted, what)

    def need(self, e: n.Node, scope: Scope, wanted: Type, what: str) -> Type:
        """Check e where a value of `wanted` is expected; give its type."""
        t = self.maybe(e, scope)
        self.accept(e, t, wanted, scope, what)
        return t

    def e_Number(self, e, scope):
        return INT

    def e_String(self, e, scope):
        for part in e.parts:
            if not isinstance(part, str):
                self.maybe(part, scope)  # a text shows none as it is
        return TEXT

    def e_Bool(self, e, scope):
        return BOOL

    def e_NoneLit(self, e, scope):
        return NONE

    def e_Name(self, e: n.Name, scope: Scope) -> Type:
        t = self.name_type(e, scope)
        if isinstance(t, tuple) and t[0] in ("zonedecl", "vardecl"):
            self.error(e.span, f"'{e.name}' needs an index: {e.name}[…]")
            return ANY
        return t

    def name_type(self, e: n.Name, scope: Scope) -> Type:
        """A name's type; an indexed zone or variable is ("zonedecl"/"vardecl", name) until indexed."""
        local = scope.lookup(e.name)
        if local is not None:
            return local
        sym = self.p.symbols.get(e.name)
        if sym is not None and e.name in self.declared_types:
            return self.declared_types[e.name]
        if sym is not None:
            if sym.kind == "value":
                self.error(e.span, f"value '{e.name}' needs its arguments: {e.name}(…)")
                return ANY
            if sym.kind == "rule":
                self.error(e.span, f"rule '{e.name}' is a statement, not a value")
                return ANY
            if sym.kind == "links":
                self.error(e.span, f"'{e.name}' reads links: {e.name}(member, cell) or {e.name}(member, cell, port)")
                return ANY
            return sym.type
        if e.name in BUILTIN_NAMES:
            return BUILTIN_NAMES[e.name]
        option = next((o for o in self.p.options.values() if o.kind == "choice" and e.name in o.choices), None)
        if option is not None:
            self.error(e.span, f"unknown name '{e.name}': the choices of option '{option.name}' are texts, "
                               f"written \"{e.name}\"")
            return ANY
        known = set(self.p.symbols) | set(BUILTIN_NAMES) | scope.all_names()
        self.error(e.span, f"unknown name '{e.name}'{did_you_mean(e.name, known)}")
        return ANY

    def e_Attribute(self, e: n.Attribute, scope: Scope) -> Type:
        t = self.expr(e.target, scope)
        if t == ANY:
            return ANY
        table = None
        if isinstance(t, tuple) and t[0] == "row":
            table = self.p.tables.get(t[1])
        elif isinstance(t, tuple) and t[0] == "kind":
            kind = self.p.kinds.get(t[1])
            if kind is not None and kind.table is not None:
                table = self.p.tables.get(kind.table)
            elif kind is not None:
                self.error(e.span, f"kind '{t[1]}' has no table, so its pieces have no '{e.name}'")
                return ANY
        if table is None:
            self.error(e.span, f"{show(t)} has no attribute '{e.name}'")
            return ANY
        if e.name not in table.columns:
            self.error(e.span, f"table '{table.name}' has no column '{e.name}'{did_you_mean(e.name, table.columns)}")
            return ANY
        return self.column(table.name, e.name)

    def column(self, table: str, name: str) -> Type:
        """A column's type, worked out once per column (`T?` when a row leaves it empty)."""
        if (table, name) not in self._columns:
            self._columns[(table, name)] = column_type(self.p.tables[table], name)
        return self._columns[(table, name)]

    def e_Subscript(self, e: n.Subscript, scope: Scope) -> Type:
        if isinstance(e.target, n.Name):  # an indexed zone or variable is named only to be indexed
            t = self.value_of(e.target, self.record(e.target, self.name_type(e.target, scope)), scope)
        else:
            t = self.expr(e.target, scope)
        index_types = [self.maybe(i, scope) for i in e.indexes]
        if t == ANY:
            return ANY
        form, arg = t if isinstance(t, tuple) else (t, None)
        if form in ("zonedecl", "vardecl"):
            return self.indexed_decl(e, form, arg, index_types, scope)
        if len(e.indexes) != 1:
            self.error(e.span, f"{show(t)} takes one index")
            return ANY
        index = e.indexes[0]
        given = self.value_of(index, index_types[0], scope)
        if form in ("zone", "zones"):
            self.expect(index, given, ("kind", arg), "a piece kind")
            return INT
        if form in ("list", "pile"):
            self.expect(index, given, INT, "a position")
            return arg if form == "list" else ("kind", arg)
        if form == "table":
            table = self.p.tables[arg]
            if table.key is None:
                self.error(e.span, f"table '{arg}' has no key column; declare it with 'key COLUMN'")
            return ("row", arg)
        if form == "kinds":
            kind = self.p.kinds[arg]
            if kind.table is None:
                self.error(e.span, f"kind '{arg}' is not from a table; name its members directly")
            return ("kind", arg)
        self.error(e.span, f"{show(t)} cannot be indexed")
        return ANY

    def indexed_decl(self, e: n.Subscript, form: str, name: str, index_types: list, scope: Scope) -> Type:
        """`ZONE[i, …]` or `VAR[i, …]`: one index per declared index, each of its type. A zone
        indexed by a board's nodes may be given a group of them: the group's zones read as one."""
        decl: n.ZoneDecl | n.VarDecl = self.p.zones[name] if form == "zonedecl" else self.p.vars[name]
        if len(e.indexes) != len(decl.index):
            self.error(e.span, f"'{name}' takes {len(decl.index)} index(es), not {len(e.indexes)}")
            return ANY
        grouped = False
        for expr, given, part in zip(e.indexes, index_types, decl.index):
            wanted = self.index_type(part)
            if form == "zonedecl" and isinstance(wanted, tuple) and wanted[0] == "node" \
                    and self.narrowed_type(expr, given, scope) in (("group", wanted[1]), ("opt", ("group", wanted[1]))):
                self.value_of(expr, given, scope, f"an index of '{name}'")
                grouped = True
                continue
            self.accept(expr, given, wanted, scope, f"an index of '{name}'")
        if isinstance(decl, n.VarDecl):
            return self.declared(decl.type)
        if decl.ordered:
            return ("pile", decl.kind)
        return ("zones" if grouped else "zone", decl.kind)

    def e_Call(self, e: n.Call, scope: Scope) -> Type:
        args = [self.maybe(a, scope) for a in e.args]
        value = self.p.values.get(e.name)
        if value is not None:
            self.used_values.add(e.name)
            self.check_args_types(e, e.name, value.params, e.args, args, scope)
            if value.result is not None:
                return self.declared(value.result)
            return self.declared_types.get(e.name, ANY)  # its body's type, once checked
        if e.name in self.p.rules:
            self.error(e.span, f"rule '{e.name}' is a statement; call it on a line of its own")
            return ANY
        code = next((d for (c, _), d in self.p.codes.items() if c == e.name and d.result is not None), None)
        if code is not None:
            self.check_args_types(e, e.name, code.params, e.args, args, scope)
            return self.declared(code.result)
        if any(column == e.name for column, _ in self.p.links):
            return self.links_call(e, args, scope)
        place = f"the argument of {e.name}()" if len(args) == 1 else f"an argument of {e.name}()"
        args = [self.value_of(a, t, scope, place) for a, t in zip(e.args, args)]
        if e.name not in BUILTINS:
            known = set(BUILTINS) | set(self.p.values)
            self.error(e.span, f"unknown function '{e.name}'{did_you_mean(e.name, known)}")
            return ANY
        low, high, _ = BUILTINS[e.name]
        if not low <= len(args) <= high:
            wanted = str(low) if low == high else f"{low} to {high}"
            self.error(e.span, f"'{e.name}' takes {wanted} argument(s), not {len(args)}")
            return ANY
        return getattr(self, "b_" + e.name)(e, args)

    def links_call(self, e: n.Call, args: list, scope: Scope) -> Type:
        """`COLUMN(member, cell)`: every port of the cell the member's links name, heading out of
        it; `COLUMN(member, cell, port)`: the ports linked to that one. The member may be none
        (no tile: no links)."""
        if len(args) not in (2, 3):
            self.error(e.span, f"'{e.name}' takes 2 or 3 arguments (member, cell[, port]), not {len(args)}")
            return ANY
        member = present(args[0])
        args = [member] + [self.value_of(a, t, scope) for a, t in zip(e.args[1:], args[1:])]
        kinds = [k for c, k in self.p.links if c == e.name]
        if not (isinstance(member, tuple) and member[0] == "kind" and member[1] in kinds):
            if member != ANY:
                self.error(e.args[0].span, f"the first argument of '{e.name}' is a {' or '.join(kinds)}, "
                                           f"not {show(member)}")
            return ANY
        board = self.p.boards[self.p.links[(e.name, member[1])].board]
        self.expect(e.args[1], args[1], ("node", board.grid), f"the cell of '{e.name}'")
        if len(args) == 3:
            self.expect(e.args[2], args[2], ("node", board.name), f"the port of '{e.name}'")
        return ("list", ("node", board.name))

    def check_args_types(self, node, name, params, exprs, types, scope: Scope) -> None:
        if len(types) != len(params):
            self.error(node.span, f"'{name}' takes {len(params)} argument(s), not {len(types)}")
        for expr, t, param in zip(exprs, types, params):
            self.accept(expr, t, self.declared(param.type), scope, f"argument '{param.name}' of '{name}'")

    # built-in functions: each checks its arguments and gives its result type
    def generator(self, g: n.Generator, scope: Scope) -> tuple[Type, Scope]:
        """The element's type (`?` kept) and the scope it is worked out in: the variable bound,
        with what the condition makes known."""
        t = self.expr(g.domain, scope)
        element = element_of(t)
        if element is None:
            self.error(g.domain.span, f"cannot loop over {show(t)}")
            element = ANY
        inner = scope.child()
        inner.names[g.var] = element
        if inner.known:  # the variable is a new one here: facts about an outer one of its name go
            inner.known = {k: f for k, f in inner.known.items() if g.var not in f.names}
        if g.condition is not None:
            self.need(g.condition, inner, BOOL, "a condition")
            inner = self.narrowed(inner, self.facts(g.condition, True))
        return self.narrowed_type(g.element, self.maybe(g.element, inner), inner), inner

    def e_Aggregate(self, e: n.Aggregate, scope: Scope) -> Type:
        if e.name not in AGGREGATES:
            self.error(e.span, f"'{e.name}(… for …)' is not an aggregate; use one of {', '.join(sorted(AGGREGATES))}")
            return ANY
        t, inner = self.generator(e.generator, scope)
        if e.name in ("any", "all"):
            self.accept(e.generator.element, t, BOOL, inner, f"what {e.name}() tests")
            return BOOL
        if e.name == "count":
            return INT
        if e.name == "leading":  # the elements before the first one the condition fails for
            return ("list", t)
        self.accept(e.generator.element, t, INT, inner, f"what {e.name}() adds up or compares")
        return INT

    def e_ListExpr(self, e: n.ListExpr, scope: Scope) -> Type:
        types = [self.narrowed_type(i, self.maybe(i, scope), scope) for i in e.items]
        kinds = {present(t) for t in types if t != NONE}
        if len(kinds) > 1:
            self.error(e.span, "a list's items must all have one type")
        element = kinds.pop() if len(kinds) == 1 else ANY
        return ("list", optional(element) if any(may_be_none(t) for t in types) else element)

    def e_ListComp(self, e: n.ListComp, scope: Scope) -> Type:
        t, _ = self.generator(e.generator, scope)
        return ("list", t)

    def e_Best(self, e: n.Best, scope: Scope) -> Type:
        """The one with the highest key, or none (a tie, or nothing to choose from)."""
        g = n.Generator(e.span, e.key, e.var, e.domain, e.condition)
        t, inner = self.generator(g, scope)
        self.accept(e.key, t, INT, inner, "what best() compares")
        return optional(inner.lookup(e.var) or ANY)

    def e_Sort(self, e: n.Sort, scope: Scope) -> Type:
        t = self.expr(e.domain, scope)
        element = element_of(t) or ANY
        inner = scope.child()
        inner.names[e.var] = element
        for key in e.keys:
            self.need(key, inner, INT, "a sort key")
        return ("list", element)

    def e_BinOp(self, e: n.BinOp, scope: Scope) -> Type:
        a, b = self.maybe(e.left, scope), self.maybe(e.right, scope)
        if e.op in ("==", "!="):  # none may be compared: that is the none test
            if not same_family(a, b):
                self.error(e.span, f"cannot compare {show(a)} with {show(b)}")
            self.choice_text(e.left, e.right, scope)
            self.choice_text(e.right, e.left, scope)
            return BOOL
        if e.op in ("<", ">", "<=", ">="):
            self.accept(e.left, a, INT, scope, "a compared value")
            self.accept(e.right, b, INT, scope, "a compared value")
            return BOOL
        if e.op in ("in", "not in"):
            b = self.value_of(e.right, b, scope)
            if not (isinstance(b, tuple) and b[0] == "list"):  # none is in no list, but a zone needs a kind
                a = self.value_of(e.left, a, scope)
            element = element_of(b)
            if element is None:
                self.error(e.right.span, f"'{e.op}' needs a list, not {show(b)}")
            elif not same_family(element, a):
                self.error(e.left.span, f"a {show(a)} is never in a list of {show(element)}")
            return BOOL
        left = present(a)
        if e.op == "+" and isinstance(left, tuple) and left[0] == "list":
            a, b = self.value_of(e.left, a, scope), self.value_of(e.right, b, scope)
            if not same_family(a, b):
                self.error(e.span, f"cannot add {show(b)} to {show(a)}")
            return a
        self.accept(e.left, a, INT, scope, f"'{e.op}' needs numbers; the left side")
        self.accept(e.right, b, INT, scope, f"'{e.op}' needs numbers; the right side")
        return INT

    def choice_text(self, option: n.Node, text: n.Node, scope: Scope) -> None:
        """`speed == "fsat"` is never true: a `one of` option compared with a text it cannot hold."""
        if not (isinstance(option, n.Name) and isinstance(text, n.String) and len(text.parts) == 1
                and isinstance(text.parts[0], str)) or scope.lookup(option.name) is not None:
            return
        decl = self.p.options.get(option.name)
        if decl is not None and decl.kind == "choice" and text.parts[0] not in decl.choices:
            self.error(text.span, f"option '{decl.name}' has no choice '{text.parts[0]}'"
                                  f"{did_you_mean(text.parts[0], decl.choices)}")

    def e_BoolOp(self, e: n.BoolOp, scope: Scope) -> Type:
        """`and` works out each side only where those before it held (`or`: where they failed),
        so what they make known holds there."""
        inner = scope
        for operand in e.operands:
            self.need(operand, inner, BOOL, f"each side of '{e.op}'")
            inner = self.narrowed(inner, self.facts(operand, e.op == "and"))
        return BOOL

    def e_Not(self, e: n.Not, scope: Scope) -> Type:
        self.need(e.operand, scope, BOOL, "what 'not' negates")
        return BOOL

    def e_Neg(self, e: n.Neg, scope: Scope) -> Type:
        self.need(e.operand, scope, INT, "what '-' negates")
        return INT

    def e_Range(self, e: n.Range, scope: Scope) -> Type:
        self.need(e.low, scope, INT, "a range bound")
        self.need(e.high, scope, INT, "a range bound")
        return ("list", INT)

    def e_Conditional(self, e: n.Conditional, scope: Scope) -> Type:
        self.need(e.condition, scope, BOOL, "a condition")
        then, otherwise = (self.narrowed(scope, self.facts(e.condition, holds)) for holds in (True, False))
        a = self.narrowed_type(e.then, self.maybe(e.then, then), then)
        b = self.narrowed_type(e.otherwise, self.maybe(e.otherwise, otherwise), otherwise)
        if not same_family(a, b):
            self.error(e.span, f"the two outcomes differ: {show(a)} and {show(b)}")
        return either(a, b)


def names_in(e: n.Node) -> list[n.Name]:
    return [x for x in walk(e) if isinstance(x, n.Name)]


def calls_in(e: n.Node) -> list[n.Call]:
    return [x for x in walk(e) if isinstance(x, n.Call)]


def generator_vars(e: n.Node) -> set[str]:
    names = set()
    for x in walk(e):
        if isinstance(x, (n.Generator, n.Best, n.Sort)):
            names.add(x.var)
    return names
