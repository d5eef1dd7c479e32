"""Checks of expressions: each `e_NODE` method gives the type of one kind of expression."""
from __future__ import annotations

from . import nodes as n
from .check_base import BUILTIN_NAMES, Scope, column_type
from .check_builtins import BuiltinChecks
from .errors import did_you_mean
from .types import AGGREGATES, ANY, BOOL, BUILTINS, INT, NONE, TEXT, Type, element_of, same_family, show


class ExpressionChecks(BuiltinChecks):
    """Records the type of every expression it checks in the program's `types`."""

    def expr(self, e: n.Node, scope: Scope) -> Type:
        t = getattr(self, "e_" + type(e).__name__)(e, scope)
        self.p.types[id(e)] = t
        return t

    def e_Number(self, e, scope):
        return INT

    def e_String(self, e, scope):
        for part in e.parts:
            if not isinstance(part, str):
                self.expr(part, scope)
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
        return column_type(table, e.name)

    def e_Subscript(self, e: n.Subscript, scope: Scope) -> Type:
        if isinstance(e.target, n.Name):  # an indexed zone or variable is named only to be indexed
            t = self.p.types[id(e.target)] = self.name_type(e.target, scope)
        else:
            t = self.expr(e.target, scope)
        index_types = [self.expr(i, scope) for i in e.indexes]
        if t == ANY:
            return ANY
        form, arg = t if isinstance(t, tuple) else (t, None)
        if form in ("zonedecl", "vardecl"):
            return self.indexed_decl(e, form, arg, index_types)
        if len(e.indexes) != 1:
            self.error(e.span, f"{show(t)} takes one index")
            return ANY
        index, given = e.indexes[0], index_types[0]
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

    def indexed_decl(self, e: n.Subscript, form: str, name: str, index_types: list) -> Type:
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
                    and given == ("group", wanted[1]):
                grouped = True
                continue
            self.expect(expr, given, wanted, f"an index of '{name}'")
        if isinstance(decl, n.VarDecl):
            return self.resolve_type(decl.type)
        if decl.ordered:
            return ("pile", decl.kind)
        return ("zones" if grouped else "zone", decl.kind)

    def e_Call(self, e: n.Call, scope: Scope) -> Type:
        args = [self.expr(a, scope) for a in e.args]
        value = self.p.values.get(e.name)
        if value is not None:
            self.used_values.add(e.name)
            self.check_args_types(e, e.name, value.params, e.args, args)
            if value.result is not None:
                return self.resolve_type(value.result)
            return self.p.types.get(id(value.body), ANY)
        if e.name in self.p.rules:
            self.error(e.span, f"rule '{e.name}' is a statement; call it on a line of its own")
            return ANY
        code = next((d for (c, _), d in self.p.codes.items() if c == e.name and d.result is not None), None)
        if code is not None:
            self.check_args_types(e, e.name, code.params, e.args, args)
            return self.resolve_type(code.result)
        if any(column == e.name for column, _ in self.p.links):
            return self.links_call(e, args)
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

    def links_call(self, e: n.Call, args: list) -> Type:
        """`COLUMN(member, cell)`: every port of the cell the member's links name, heading out of
        it; `COLUMN(member, cell, port)`: the ports linked to that one."""
        if len(args) not in (2, 3):
            self.error(e.span, f"'{e.name}' takes 2 or 3 arguments (member, cell[, port]), not {len(args)}")
            return ANY
        member = args[0]
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

    def check_args_types(self, node, name, params, exprs, types) -> None:
        if len(types) != len(params):
            self.error(node.span, f"'{name}' takes {len(params)} argument(s), not {len(types)}")
        for expr, t, param in zip(exprs, types, params):
            self.expect(expr, t, self.resolve_type(param.type), f"argument '{param.name}' of '{name}'")

    # built-in functions: each checks its arguments and gives its result type
    def generator(self, g: n.Generator, scope: Scope) -> tuple[Type, Scope]:
        t = self.expr(g.domain, scope)
        element = element_of(t)
        if element is None:
            self.error(g.domain.span, f"cannot loop over {show(t)}")
            element = ANY
        inner = scope.child()
        inner.names[g.var] = element
        if g.condition is not None:
            self.expect(g.condition, self.expr(g.condition, inner), BOOL, "a condition")
        return self.expr(g.element, inner), inner

    def e_Aggregate(self, e: n.Aggregate, scope: Scope) -> Type:
        if e.name not in AGGREGATES:
            self.error(e.span, f"'{e.name}(… for …)' is not an aggregate; use one of {', '.join(sorted(AGGREGATES))}")
            return ANY
        t, _ = self.generator(e.generator, scope)
        if e.name in ("any", "all"):
            self.expect(e.generator.element, t, BOOL, f"what {e.name}() tests")
            return BOOL
        if e.name == "count":
            return INT
        self.expect(e.generator.element, t, INT, f"what {e.name}() adds up or compares")
        return INT

    def e_ListExpr(self, e: n.ListExpr, scope: Scope) -> Type:
        types = [self.expr(i, scope) for i in e.items]
        kinds = {t for t in types if t != NONE}
        if len(kinds) > 1:
            self.error(e.span, "a list's items must all have one type")
        return ("list", kinds.pop() if len(kinds) == 1 else ANY)

    def e_ListComp(self, e: n.ListComp, scope: Scope) -> Type:
        t, _ = self.generator(e.generator, scope)
        return ("list", t)

    def e_Best(self, e: n.Best, scope: Scope) -> Type:
        g = n.Generator(e.span, e.key, e.var, e.domain, e.condition)
        t, inner = self.generator(g, scope)
        self.expect(e.key, t, INT, "what best() compares")
        return inner.names[e.var]

    def e_Sort(self, e: n.Sort, scope: Scope) -> Type:
        t = self.expr(e.domain, scope)
        element = element_of(t) or ANY
        inner = scope.child()
        inner.names[e.var] = element
        for key in e.keys:
            self.expect(key, self.expr(key, inner), INT, "a sort key")
        return ("list", element)

    def e_BinOp(self, e: n.BinOp, scope: Scope) -> Type:
        a, b = self.expr(e.left, scope), self.expr(e.right, scope)
        if e.op in ("==", "!="):
            if not same_family(a, b):
                self.error(e.span, f"cannot compare {show(a)} with {show(b)}")
            self.choice_text(e.left, e.right, scope)
            self.choice_text(e.right, e.left, scope)
            return BOOL
        if e.op in ("<", ">", "<=", ">="):
            self.expect(e.left, a, INT, "a compared value")
            self.expect(e.right, b, INT, "a compared value")
            return BOOL
        if e.op in ("in", "not in"):
            element = element_of(b)
            if element is None:
                self.error(e.right.span, f"'{e.op}' needs a list, not {show(b)}")
            elif not same_family(element, a):
                self.error(e.left.span, f"a {show(a)} is never in a list of {show(element)}")
            return BOOL
        if e.op == "+" and isinstance(a, tuple) and a[0] == "list":
            if not same_family(a, b):
                self.error(e.span, f"cannot add {show(b)} to {show(a)}")
            return a
        self.expect(e.left, a, INT, f"'{e.op}' needs numbers; the left side")
        self.expect(e.right, b, INT, f"'{e.op}' needs numbers; the right side")
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
        for operand in e.operands:
            self.expect(operand, self.expr(operand, scope), BOOL, f"each side of '{e.op}'")
        return BOOL

    def e_Not(self, e: n.Not, scope: Scope) -> Type:
        self.expect(e.operand, self.expr(e.operand, scope), BOOL, "what 'not' negates")
        return BOOL

    def e_Neg(self, e: n.Neg, scope: Scope) -> Type:
        self.expect(e.operand, self.expr(e.operand, scope), INT, "what '-' negates")
        return INT

    def e_Range(self, e: n.Range, scope: Scope) -> Type:
        self.expect(e.low, self.expr(e.low, scope), INT, "a range bound")
        self.expect(e.high, self.expr(e.high, scope), INT, "a range bound")
        return ("list", INT)

    def e_Conditional(self, e: n.Conditional, scope: Scope) -> Type:
        self.expect(e.condition, self.expr(e.condition, scope), BOOL, "a condition")
        a, b = self.expr(e.then, scope), self.expr(e.otherwise, scope)
        if not same_family(a, b):
            self.error(e.span, f"the two outcomes differ: {show(a)} and {show(b)}")
        return a if a != NONE else b


def walk(node: "n.Node | tuple"):
    """The node and every node inside it (statements in blocks, branches of an if, …)."""
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, tuple):
            stack.extend(reversed(item))
            continue
        if not isinstance(item, n.Node):
            continue
        yield item
        stack.extend(reversed([getattr(item, name) for name in type(item).__dataclass_fields__]))


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
