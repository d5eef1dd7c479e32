"""Where a `T?` is known not to be none: the facts a `none` test establishes, and what forgets them.

A fact is an expression known to be present (not none) at some point of the rules. An expression
is its own key: nodes compare by what they say, not where they are written, so `owner[i]` tested
in a condition is the `owner[i]` used in the block under it. A fact holds until a statement may
change what the expression reads: an assignment to one of its names, a change of a zone it reads,
or anything that may run other rules text (a rule call, `emit`, `run`, the end of a `turn`…).
docs/language.md, "Values that may be none", lists the forms that narrow.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Iterable, Optional

from . import nodes as n
from .check_base import CheckerBase, Scope, root_name, walk
from .check_flow import all_statements, rule_bodies
from .errors import source_line
from .types import ANY, NONE, Type, may_be_none, present, show

# Built-in functions whose result follows the state (a zone's pieces, a board's groups).
_STATE_BUILTINS = {"groups", "group", "tiles", "neighbours", "step", "top", "count", "len"}
_EXITS = (n.EndGame, n.Break, n.Cancel)
# Statements after which anything may have changed: they run other rules text.
_RUN_ANYTHING = (n.CallStmt, n.RunCode, n.Emit, n.SpanBlock)
_DECISIONS = (n.Choose, n.UpTo)
_BINDERS = (n.Generator, n.Best, n.Sort)
# How deep a value's body is read for the none tests it makes (values calling values).
_INLINE_DEPTH = 3


@dataclass(frozen=True)
class Fact:
    """What a known-present expression reads: its names, whether any of them is part of the
    game's state, and whether it calls what reads the state (values, zone and board functions)."""

    names: frozenset
    state: bool
    calls: bool


@dataclass
class Effect:
    """What a statement may change: names written, zones changed, anything at all, or just what
    calls read (a modifier, a merge)."""

    names: set
    anything: bool = False
    calls: bool = False

    def forgets(self, fact: Fact) -> bool:
        return bool(fact.names & self.names) or (self.anything and (fact.state or fact.calls)) \
            or (self.calls and fact.calls)


def ends(body: Iterable[n.Node]) -> bool:
    """Does running this block always leave it (`end game`, `break`, `cancel`)?"""
    stmts = list(body)
    if not stmts:
        return False
    last = stmts[-1]
    if isinstance(last, _EXITS):
        return True
    if isinstance(last, n.If) and last.otherwise is not None:
        return all(ends(b) for _, b in last.branches) and ends(last.otherwise)
    return False


def _is_none(e: n.Node) -> bool:
    return isinstance(e, n.NoneLit)


def _number(e: n.Node) -> Optional[int]:
    return e.value if isinstance(e, n.Number) else None


class NoneChecks(CheckerBase):
    """Facts from conditions, their keys' reads, and what statements make the checker forget."""

    def full_type(self, e: n.Node) -> Type:
        """An expression's type as checked, `?` included (Program.types keeps it without)."""
        return self.opt_types.get(id(e)) or self.p.type_of(e)

    def _maybe_none(self, e: n.Node) -> bool:
        """Might e be none? (Yes for a value's body read at a call: its parts were not checked there.)"""
        return may_be_none(self.full_type(e)) or self.p.type_of(e) == ANY

    def _never_none(self, e: n.Node) -> bool:
        """Is e checked, and of a type that is never none? (Nothing to learn from testing it.)"""
        return id(e) in self.p.types and not self._maybe_none(e)

    # ------------------------------------------------------------ values read through
    def known_present(self, e: n.Node, scope: Scope) -> bool:
        """Is e known not to be none here? A call of a value is when its body, with the
        arguments in place, is (`card_on(q, x)` for `top(city[q, x])` after `count(city[q, x]) > 0`)."""
        if not scope.known:
            return False
        for _ in range(_INLINE_DEPTH + 1):
            if e in scope.known:
                return True
            body = self.body_of(e)
            if body is None:
                return False
            e = body
        return False

    def body_of(self, e: n.Node) -> Optional[n.Node]:
        """What a call of a value works out: its body with the arguments in place of the
        parameters; None for anything else, and for a value a `modify` may change."""
        value = self.readable_value(e)
        if value is None:
            return None
        assert isinstance(e, n.Call)
        cached = self._bodies.get(id(e))
        if cached is not None and cached[0] is e:
            return cached[1]
        body = substitute(value.body, {param.name: arg for param, arg in zip(value.params, e.args)})
        self._bodies[id(e)] = (e, body)  # the call is kept with it: its id stays its own
        return body

    def readable_value(self, e: n.Node) -> Optional[n.ValueDecl]:
        """The value e calls, when its body may stand for the call (no `modify` changes it)."""
        if not isinstance(e, n.Call):
            return None
        value = self.p.values.get(e.name)
        if value is None or len(value.params) != len(e.args) or e.name in self.modified_values():
            return None
        return value

    def modified_values(self) -> set:
        if self._modified is None:
            self._modified = {m.value for body in rule_bodies(self.p) for m in all_statements(body)
                              if isinstance(m, n.Modify)}
        return self._modified

    # ------------------------------------------------------------ reporting
    def none_error(self, e: n.Node, t: Type, what: Optional[str]) -> None:
        """`e`, of type t, may be none where a value is needed (`what`: the place, as messages
        name it)."""
        wanted = show(present(t))
        if t == NONE:
            self.error(e.span, f"{what} must be a value, not none" if what else "none is used here where a value "
                                                                               "is needed")
            return
        text = expression_text(e)
        shown = f"'{text}'" if text else "this value"
        test = f"'if {text} != none:'" if text else "'if … != none:'"
        need = f"{what} must be {wanted}, but {shown} may be none" if what else \
            f"{shown} is used as {wanted} here, but it may be none"
        self.error(e.span, f"{need} (it is {show(t)}); test it first, e.g. {test}")

    # ------------------------------------------------------------ facts from conditions
    def fact(self, key: n.Node) -> Fact:
        cached = self._keys.get(id(key))
        if cached is not None and cached[0] is key:
            return cached[1]
        names, calls = set(), False
        for node in walk(key):
            if isinstance(node, n.Name):
                names.add(node.name)
            elif isinstance(node, n.Call):
                calls = calls or node.name in _STATE_BUILTINS or node.name in self.p.values \
                    or any(c == node.name for c, _ in self.p.codes)
        state = any(name == "current_player" or (self.p.symbols.get(name) is not None
                                                 and self.p.symbols[name].kind in ("var", "zone"))
                    for name in names)
        fact = Fact(frozenset(names), state, calls)
        self._keys[id(key)] = (key, fact)  # the key is kept with it: its id stays its own
        return fact

    def facts(self, cond: Optional[n.Node], when: bool, depth: int = 0) -> dict:
        """The expressions known present when `cond` (already checked) is `when` (a dict the
        caller must not change: it is worked out once a condition)."""
        if cond is None:
            return {}
        cached = self._facts.get((id(cond), when, depth))
        if cached is not None and cached[0] is cond:
            return cached[1]
        found = self._facts_of(cond, when, depth)
        self._facts[(id(cond), when, depth)] = (cond, found)
        return found

    def _facts_of(self, cond: n.Node, when: bool, depth: int) -> dict:
        found: dict = {}
        value = self.readable_value(cond) if depth < _INLINE_DEPTH else None
        if value is not None:  # a value's test is its body's: `may_leave(p, s)` tests `on[p, s] != none`
            assert isinstance(cond, n.Call)
            names = {param.name: arg for param, arg in zip(value.params, cond.args)}
            for key in self.facts(value.body, when, depth + 1):  # in the value's words, once a value
                key = substitute(key, names)
                if key is not None:
                    found[key] = self.fact(key)
            return found
        if isinstance(cond, n.Not):
            return self.facts(cond.operand, not when, depth)
        if isinstance(cond, n.BoolOp):
            parts = [self.facts(o, when, depth) for o in cond.operands]
            if (cond.op == "and") == when:  # every operand holds (or, for `or`, every one fails)
                for part in parts:
                    found.update(part)
                return found
            common = set(parts[0]).intersection(*parts[1:])  # one of them, not known which
            return {k: parts[0][k] for k in common}
        if isinstance(cond, n.BinOp):
            for key in self._present_if(cond, when):
                found[key] = self.fact(key)
        return found

    def _present_if(self, e: n.BinOp, when: bool) -> list:
        """`x != none` (true), `x == none` (false), `x == y` with y never none (true), `x in LIST`
        of values never none (true), and `count(P) > 0` for `top(P)` (true)."""
        left, right, op = e.left, e.right, e.op
        if op in ("==", "!="):
            for a, b in ((left, right), (right, left)):
                if _is_none(b) and (op == "!=") == when and not self._never_none(a):
                    return [a]
            if op == "==" and when:
                return [a for a, b in ((left, right), (right, left))
                        if not self._never_none(a) and not self._maybe_none(b)]
        if op == "in" and when and not self._never_none(left):
            domain = self.full_type(right)
            if isinstance(domain, tuple) and domain[0] == "list" and not self._maybe_none_element(domain[1]):
                return [left]
        return self._pile_not_empty(e, when)

    @staticmethod
    def _maybe_none_element(t: Type) -> bool:
        return may_be_none(t) or t == ANY

    def _pile_not_empty(self, e: n.BinOp, when: bool) -> list:
        """`count(P) > 0`, `count(P) >= 1`, `count(P) != 0` (true) or `count(P) == 0` (false):
        P holds a piece, so `top(P)` is one."""
        if "top" in self.p.values:  # the rules' own `top` is not the built-in one
            return []
        left, right, op = e.left, e.right, e.op
        if not (isinstance(left, n.Call) and left.name == "count" and len(left.args) == 1):
            return []
        bound = _number(right)
        holds = {">": bound == 0, ">=": bound == 1, "!=": bound == 0}.get(op, False) if when else \
            (op == "==" and bound == 0)
        if holds and self._is_pile(left.args[0]):
            return [n.Call(e.span, "top", (left.args[0],))]
        return []

    def _is_pile(self, e: n.Node) -> bool:
        t = self.p.type_of(e)
        if isinstance(t, tuple):
            return t[0] == "pile"
        zone = self.p.zones.get(root_name(e))  # a value's body read at a call: not typed there
        return zone is not None and zone.ordered and (not zone.index or isinstance(e, n.Subscript))

    def narrowed(self, scope: Scope, facts: dict) -> Scope:
        """A scope where these facts hold too (the same scope when there are none)."""
        if not facts:
            return scope
        inner = scope.child()
        inner.known.update(facts)
        return inner

    # ------------------------------------------------------------ what statements forget
    def effect(self, stmt: n.Node, scope: Scope) -> Effect:
        """Everything `stmt` (with the blocks inside it) may change (worked out once a statement)."""
        cached = self._effects.get((id(stmt), scope.acting))
        if cached is not None and cached[0] is stmt:
            return cached[1]
        effect = Effect(set())
        zone_triggers = any(t.form in ("enter", "change") for t in self.p.triggers)
        for node in all_statements((stmt,)):
            if isinstance(node, (n.Assign, n.Let)):
                effect.names.add(node.name)
            elif isinstance(node, (n.For, n.Pick)):
                effect.names.add(node.var)
            elif isinstance(node, n.Secretly):  # a loop of turns
                effect.names |= {node.var, "current_player"}
            elif isinstance(node, (n.Choose, n.UpTo)):
                options = node.options if isinstance(node, n.Choose) else (node.option,)
                effect.names.update(b.var for o in options for b in o.binders)
            if isinstance(node, (n.Move, n.Draw)):
                effect.names |= {root_name(node.source), root_name(node.dest)}
                effect.anything = effect.anything or zone_triggers
                effect.calls = True
            elif isinstance(node, (n.Put, n.Shuffle)):
                effect.names.add(root_name(node.zone))
                effect.anything = effect.anything or zone_triggers
                effect.calls = True
            elif isinstance(node, (n.Merge, n.Connect, n.Modify)):
                effect.calls = True
            elif isinstance(node, _RUN_ANYTHING) or (scope.acting and isinstance(node, _DECISIONS)):
                effect.anything = True
        self._effects[(id(stmt), scope.acting)] = (stmt, effect)
        return effect

    def forget(self, known: dict, effect: Effect) -> dict:
        """What is still known after the effect (the same dict when nothing is forgotten)."""
        if not any(effect.forgets(f) for f in known.values()):
            return known
        return {k: f for k, f in known.items() if not effect.forgets(f)}

    def loop_scope(self, scope: Scope, stmt: n.Node, loop: bool = True) -> Scope:
        """The scope of a loop's body: only facts that no pass of the loop can change."""
        inner = scope.child(loop=loop)
        if inner.known:
            inner.known = self.forget(inner.known, self.effect(stmt, scope))
        return inner

    def after(self, scope: Scope, stmt: n.Node) -> None:
        """Forget, in scope, what `stmt` may have changed."""
        if scope.known:
            scope.known = self.forget(scope.known, self.effect(stmt, scope))


def surely_has_items(domain: n.Node, t: Type, options: Optional[dict] = None) -> bool:
    """Is a domain never empty whatever the state (so `pick` always finds a value)? A range is
    when its ends are numbers and int options whose declared bounds keep low <= high."""
    if isinstance(t, tuple) and t[0] in ("die", "kinds", "board"):
        return True
    if isinstance(domain, n.Name) and domain.name in ("players", "teams"):
        return True
    if isinstance(domain, n.Call) and domain.name in ("nodes", "seats"):
        return True
    if isinstance(domain, n.ListExpr):
        return bool(domain.items)
    if isinstance(domain, n.Range):
        low, high = _extent(domain.low, options or {}), _extent(domain.high, options or {})
        return low is not None and high is not None and low[1] <= high[0]
    return False


def _extent(e: n.Node, options: dict) -> Optional[tuple]:
    """(least, greatest) an int expression of numbers, int options (within their declared bounds),
    `-`, `+` and `-` can be; None for anything else."""
    if isinstance(e, n.Number):
        return (e.value, e.value)
    option = options.get(e.name) if isinstance(e, n.Name) else None
    if option is not None and option.kind == "int" and option.bounds is not None:
        low, high = _extent(option.bounds.low, {}), _extent(option.bounds.high, {})
        return (low[0], high[1]) if low is not None and high is not None else None
    if isinstance(e, n.Neg):
        inner = _extent(e.operand, options)
        return (-inner[1], -inner[0]) if inner is not None else None
    if isinstance(e, n.BinOp) and e.op in ("+", "-"):
        a, b = _extent(e.left, options), _extent(e.right, options)
        if a is None or b is None:
            return None
        return (a[0] + b[0], a[1] + b[1]) if e.op == "+" else (a[0] - b[1], a[1] - b[0])
    return None


def substitute(e: n.Node, names: dict) -> Optional[n.Node]:
    """e with these names replaced by expressions; None where one of them is bound again inside
    (a comprehension's own variable), which the key could not stand for."""
    if isinstance(e, n.Name):
        return names.get(e.name, e)
    if isinstance(e, _BINDERS) and e.var in names:
        return None
    changes: dict[str, Any] = {}
    for field in type(e).__dataclass_fields__:
        if field == "span":
            continue
        value = getattr(e, field)
        new: Any
        if isinstance(value, n.Node):
            new = substitute(value, names)
        elif isinstance(value, tuple) and any(isinstance(v, n.Node) for v in value):
            items = [substitute(v, names) if isinstance(v, n.Node) else v for v in value]
            new = None if any(i is None for i in items) else tuple(items)
        else:
            continue
        if new is None:
            return None
        if new is not value:
            changes[field] = new
    return dataclasses.replace(e, **changes) if changes else e


def expression_text(e: n.Node) -> Optional[str]:
    """The expression as written (from its line), or None when it spans lines or is long."""
    span = e.span
    if span.end_line != span.line or span.end_column <= span.column:
        return None
    line = source_line(span.path, span.line)
    text = line[span.column - 1:span.end_column - 1].strip() if line else ""
    return text if 0 < len(text) <= 48 else None


