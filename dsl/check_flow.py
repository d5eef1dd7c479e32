"""Checks of how play goes on: a game must be able to end, and a loop or a recursion that never
stops for a decision and has no way out is pointed at (a warning: at run time the step budget
stops it, and `rulebook check` shows it before anyone plays)."""
from __future__ import annotations

from typing import Iterable, Iterator, Optional

from . import nodes as n
from .check_base import CheckerBase, root_name, walk

_LOOPS = (n.Loop, n.While, n.For, n.Repeat, n.UpTo)
# Statements that may change what a loop's condition reads, whatever it reads.
_CHANGES_ANYTHING = (n.CallStmt, n.RunCode, n.Emit)
_STATE_BUILTINS = {"groups", "group", "tiles", "neighbours", "step", "top", "count", "len"}


def rule_bodies(p) -> Iterator[tuple]:
    """Every block of statements of the rules, outermost ones (nested blocks are inside them)."""
    for decl in (p.setup, p.flow):
        if decl is not None:
            yield decl.body
    for rule in p.rules.values():
        yield rule.body
    for trigger in p.triggers:
        yield trigger.body
    for action in p.actions.values():
        for option in action.options:
            yield option.body


def _own_statements(body: Iterable[n.Node]) -> Iterator[n.Node]:
    """The statements of a loop's body that belong to this loop: a `break` inside a nested loop
    ends that loop, not this one."""
    stack = list(body)
    while stack:
        stmt = stack.pop()
        yield stmt
        if isinstance(stmt, _LOOPS):
            continue
        for node in _nested_blocks(stmt):
            stack.extend(node)


def all_statements(body: Iterable[n.Node]) -> Iterator[n.Node]:
    """Every statement of a block and of the blocks inside it (not the expressions)."""
    stack = list(body)
    while stack:
        stmt = stack.pop()
        yield stmt
        for block in _nested_blocks(stmt):
            stack.extend(block)


def _nested_blocks(stmt: n.Node) -> list:
    if isinstance(stmt, n.If):
        return [body for _, body in stmt.branches] + ([stmt.otherwise] if stmt.otherwise else [])
    if isinstance(stmt, n.Choose):
        return [o.body for o in stmt.options]
    if isinstance(stmt, n.UpTo):
        return [stmt.option.body]
    body = getattr(stmt, "body", None)
    return [body] if isinstance(body, tuple) else []


class FlowChecks(CheckerBase):
    """`flow_checks()` adds an error for a game without an end and warnings for runaway loops."""

    def flow_checks(self) -> None:
        p = self.p
        self._stops = self._rules_that_stop()
        statements = [s for body in rule_bodies(p) for s in walk(body)]
        if p.flow is not None and not any(isinstance(s, n.EndGame) for s in statements):
            self.error(p.flow.span, "the game never ends: there is no 'end game' in its rules")
        for s in statements:
            if isinstance(s, n.Loop) and not self._way_out(s.body):
                self.warn(s.span, "this loop never stops for a decision and has no way out "
                                  "('break' or 'end game'), so play would run away here")
            elif isinstance(s, n.While) and not self._way_out(s.body) and not self._changes(s.condition, s.body):
                self.warn(s.span, "nothing in this loop changes its condition, and it never stops for a "
                                  "decision or has a way out, so play would run away here")
        self._recursion()

    # ------------------------------------------------------------ loops
    def _rules_that_stop(self) -> set[str]:
        """Rules whose running may stop for a decision or end the game (or run what may)."""
        stops: set[str] = set()
        changed = True
        while changed:
            changed = False
            for name, rule in self.p.rules.items():
                if name not in stops and self._may_stop(walk(rule.body), stops):
                    stops.add(name)
                    changed = True
        return stops

    def _may_stop(self, nodes: Iterable[n.Node], stops: set) -> bool:
        for node in nodes:
            if isinstance(node, (n.Choose, n.UpTo, n.EndGame, n.RunCode, n.Emit)):
                return True
            if isinstance(node, (n.Move, n.Put, n.Draw)) and self.p.triggers:
                return True  # a trigger of the zone may decide or end the game
            if isinstance(node, n.CallStmt) and node.name in stops:
                return True
        return False

    def _way_out(self, body: tuple) -> bool:
        return self._may_stop(walk(body), self._stops) or any(isinstance(s, n.Break) for s in _own_statements(body))

    def _changes(self, condition: n.Node, body: tuple) -> bool:
        """Can running body change what condition reads?"""
        reads = {x.name for x in walk(condition) if isinstance(x, n.Name)}
        reads_anything = any(isinstance(x, n.Call) and (x.name in self.p.values or x.name in _STATE_BUILTINS)
                             for x in walk(condition))
        for s in walk(body):
            if isinstance(s, _CHANGES_ANYTHING):
                return True
            written = self._written(s)
            if written is not None and (reads_anything or written & reads):
                return True
        return False

    def _written(self, s: n.Node) -> Optional[set]:
        """The names a statement changes (zones, variables, locals), or None if it changes none;
        an empty set for what changes only what values and board functions read."""
        if isinstance(s, n.Assign):
            return {s.name}
        if isinstance(s, (n.Move, n.Draw)):
            return {root_name(s.source), root_name(s.dest)}
        if isinstance(s, (n.Put, n.Shuffle)):
            return {root_name(s.zone)}
        if isinstance(s, n.Pick):
            return {s.var}
        if isinstance(s, n.SpanBlock):
            return {"current_player"}
        if isinstance(s, (n.Merge, n.Connect, n.Modify)):
            return set()
        return None

    # ------------------------------------------------------------ recursion
    def _recursion(self) -> None:
        """A rule that always calls itself again (directly or through other rules) before any
        decision or end, and a value that always asks for itself, never stop."""
        rule_calls = {name: self._first_calls(rule.body) for name, rule in self.p.rules.items()}
        for name, rule in self.p.rules.items():
            path = _cycle(name, rule_calls)
            if path:
                through = f" (through {', '.join(path[1:-1])})" if len(path) > 2 else ""
                self.warn(rule.span, f"rule '{name}' always calls itself again{through} before any decision "
                                     f"or end, so play would run away here")
        value_calls = {name: self._value_calls(value.body) for name, value in self.p.values.items()}
        for name, value in self.p.values.items():
            path = _cycle(name, value_calls)
            if path:
                through = f" (through {', '.join(path[1:-1])})" if len(path) > 2 else ""
                self.warn(value.span, f"value '{name}' always needs itself{through}, so it never gives a value")

    def _first_calls(self, body: tuple) -> set[str]:
        """The rules a body always calls before it can stop for a decision or end the game."""
        calls: set[str] = set()
        for stmt in body:
            if isinstance(stmt, n.CallStmt):
                calls.add(stmt.name)
                if stmt.name in self._stops:
                    break
                continue
            if isinstance(stmt, (n.SpanBlock, n.Allow)):
                calls |= self._first_calls(stmt.body)
            if self._may_stop(walk(stmt), self._stops):
                break
        return calls

    def _value_calls(self, e: n.Node) -> set[str]:
        """The values an expression always calls (not those in one branch of an `if … else` or
        behind `and`/`or`, which may not be reached)."""
        if isinstance(e, n.Conditional):
            return self._value_calls(e.condition)
        if isinstance(e, n.BoolOp):
            return self._value_calls(e.operands[0])
        found = {e.name} if isinstance(e, n.Call) and e.name in self.p.values else set()
        if isinstance(e, (n.Aggregate, n.ListComp, n.Best, n.Sort)):
            return found  # an empty domain runs its element never
        for name in type(e).__dataclass_fields__:
            value = getattr(e, name)
            for child in value if isinstance(value, tuple) else (value,):
                if isinstance(child, n.Node):
                    found |= self._value_calls(child)
        return found


def _cycle(start: str, calls: dict) -> list:
    """A path start → … → start through `calls`, or []."""
    stack = [(start, [start])]
    seen: set = set()
    while stack:
        name, path = stack.pop()
        for callee in sorted(calls.get(name, ())):
            if callee == start:
                return path + [start]
            if callee not in seen:
                seen.add(callee)
                stack.append((callee, path + [callee]))
    return []
