"""Which parts of a program can stop for a decision (and so must be resumable) and which cannot.

Statements that can never suspend compile to straight Python; the rest compile to numbered
instructions whose position is kept in the state, so play can stop and resume anywhere.
"""
from __future__ import annotations

from rulebook.dsl import nodes as n
from rulebook.dsl.program import Program


def children_blocks(s: n.Node) -> list[tuple]:
    """The statement lists directly inside a statement."""
    if isinstance(s, n.If):
        blocks = [body for _, body in s.branches]
        if s.otherwise is not None:
            blocks.append(s.otherwise)
        return blocks
    if isinstance(s, n.Choose):
        return [o.body for o in s.options]
    if isinstance(s, n.UpTo):
        return [s.option.body]
    if isinstance(s, n.Emit):
        return [s.body] if s.body is not None else []
    body = getattr(s, "body", None)
    return [body] if isinstance(body, tuple) else []


def zone_root(e: n.Node):
    while isinstance(e, n.Subscript):
        e = e.target
    return e.name if isinstance(e, n.Name) else None


class Suspension:
    """Fixed point over rules, triggers and event handlers: can running this reach a `choose`?"""

    def __init__(self, program: Program):
        self.p = program
        self.rules: dict[str, bool] = {name: False for name in program.rules}
        self.triggers: dict[int, bool] = {id(t): False for t in program.triggers}
        changed = True
        while changed:
            changed = False
            for name, rule in program.rules.items():
                if not self.rules[name] and self.block(rule.body):
                    self.rules[name] = changed = True
            for t in program.triggers:
                if not self.triggers[id(t)] and self.block(t.body):
                    self.triggers[id(t)] = changed = True

    def code_rules_of(self, s: n.RunCode) -> list:
        t = self.p.type_of(s.member)
        if not (isinstance(t, tuple) and t[0] == "kind"):
            return []
        return [name for name in self.p.code_rules.get((s.column, t[1]), []) if name]

    def trigger_list(self, form: str, name: str) -> list[n.TriggerDecl]:
        return [t for t in self.p.triggers if t.form == form and t.name == name]

    def any_suspends(self, triggers) -> bool:
        return any(self.triggers[id(t)] for t in triggers)

    def zone_triggers_suspend(self, *zones) -> bool:
        for zone in zones:
            if zone is None:
                continue
            if self.any_suspends(self.trigger_list("enter", zone) + self.trigger_list("change", zone)):
                return True
        return False

    def block(self, stmts) -> bool:
        return any(self.stmt(s) for s in stmts)

    def stmt(self, s: n.Node) -> bool:
        if isinstance(s, (n.Choose, n.UpTo)):
            return True
        if isinstance(s, n.CallStmt):
            return self.rules.get(s.name, False)
        if isinstance(s, n.Move):
            return self.zone_triggers_suspend(zone_root(s.source), zone_root(s.dest))
        if isinstance(s, n.Draw):
            return self.zone_triggers_suspend(zone_root(s.source), zone_root(s.dest))
        if isinstance(s, n.Put):
            return self.zone_triggers_suspend(zone_root(s.zone))
        if isinstance(s, n.Emit):
            answers = self.trigger_list("answer", s.event) if s.askers is not None else []
            if self.any_suspends(self.trigger_list("event", s.event) + answers):
                return True
        if isinstance(s, n.SpanBlock):
            if self.any_suspends(self.trigger_list("span_end", s.kind)):
                return True
        if isinstance(s, n.RunCode):
            return any(self.rules.get(name, False) for name in self.code_rules_of(s))
        return any(self.block(b) for b in children_blocks(s))


LOOPS = (n.For, n.Repeat, n.While, n.Loop, n.UpTo)


def escapes(s: n.Node, breaks: bool, cancels: bool) -> bool:
    """Does running s leave it by a `break` of a loop around it (when `breaks`) or a `cancel`
    (when `cancels`)?"""
    if isinstance(s, n.Break):
        return breaks
    if isinstance(s, n.Cancel):
        return cancels
    inner = breaks and not isinstance(s, LOOPS)
    return any(escapes(c, inner, cancels) for body in children_blocks(s) for c in body)


def free_names(e: n.Node, out: set) -> set:
    """Every Name used inside an expression (for capturing locals in modifiers)."""
    if isinstance(e, n.Name):
        out.add(e.name)
        return out
    if isinstance(e, n.String):
        for part in e.parts:
            if not isinstance(part, str):
                free_names(part, out)
        return out
    for name in getattr(type(e), "__dataclass_fields__", {}):
        _walk(getattr(e, name), out)
    return out


def _walk(value, out: set) -> None:
    if isinstance(value, n.Node):
        free_names(value, out)
    elif isinstance(value, tuple):
        for item in value:
            _walk(item, out)
