"""A public value changed by what a player may not see gives it away (a warning).

A hidden pile's order, a hand's cards, a hidden variable: the views keep them from the players who
may not see them. But a public counter, a public zone or a public log changed *because of* them —
inside an `if` that tests a card in the pile, or set from one — shows everyone what was hidden, and
no view can take that back. The checker points at each such change, with what it gives away.

What counts as reading something hidden: a hidden or private variable; what a hidden or private zone
holds (`c in hand[p]`, `deck[card]`, `top(deck)`, `deck[0]`, a loop or aggregate over it) — not how
many pieces it holds, which every player sees; a local set from such a read; a `value` whose body
reads one; the values of a move whose text others do not see (`public "…"`). A move's own values
are public: everyone sees the move. Drawing into a public zone shows the pieces on purpose, and is
not pointed at.
"""
from __future__ import annotations

from typing import Iterable, Optional

from . import nodes as n
from .check_base import CheckerBase
from .check_flow import rule_bodies

_SIZE_ONLY = {"count", "len"}  # a zone's size is public whatever it holds


class RevealChecks(CheckerBase):
    def reveal_checks(self) -> None:
        # Shown by the rules themselves: a zone or variable `hidden unless C` / `private unless C`, and
        # what a secret choice seals (the rules reveal it once everyone has chosen: that is its use).
        sealed = sealed_names(self.p)
        secret_zones = {name: decl for name, decl in self.p.zones.items()
                        if decl.visibility != "public" and decl.reveal is None and name not in sealed}
        secret_vars = {name for name, decl in self.p.vars.items()
                       if decl.visibility != "public" and decl.reveal is None and name not in sealed}
        if not secret_zones and not secret_vars:
            return
        walker = _Reveals(self, secret_zones, secret_vars)
        for decl in (self.p.setup, self.p.flow):
            if decl is not None:
                walker.body(decl.body, {}, None)
        for rule in self.p.rules.values():
            walker.body(rule.body, {}, None)
        for trigger in self.p.triggers:
            walker.body(trigger.body, {}, walker.reads(trigger.condition, {}))
        for action in self.p.actions.values():
            for option in action.options:
                walker.option(option, {}, None)


def sealed_names(program) -> set:
    """The variables and zones a secret choice (`each q in players chooses secretly:`) writes."""
    return {name for body in rule_bodies(program) for node in n.walk(body) if isinstance(node, n.Secretly)
            for name in node.writes()}


class _Reveals:
    def __init__(self, checker: CheckerBase, zones: dict, variables: set):
        self.c = checker
        self.p = checker.p
        self.zones = zones
        self.vars = variables
        # `public` written: the designer says every player is meant to see what it holds
        self.public_vars = {name for name, decl in self.p.vars.items()
                            if decl.visibility == "public" and not decl.said_public}
        self._values: dict[str, Optional[str]] = {}  # value name -> what secret its body reads

    # ------------------------------------------------------------ statements
    def body(self, stmts: Iterable[n.Node], secret: dict, because: Optional[str]) -> None:
        """`secret`: local name -> what secret it holds; `because`: the secret deciding that this runs.
        A variable set for an `end game` of the block (its winners, its reason) is not pointed at: the
        end shows its result to everyone. After a decision, what the block does is the
        move's doing: everyone sees the move (whether the decision was offered at all is another
        question)."""
        secret = dict(secret)
        stmts = tuple(stmts or ())
        shown = {name for node in n.walk(stmts) if isinstance(node, n.EndGame)
                 for name in (inner.name for inner in n.walk(node) if isinstance(inner, n.Name))}
        for st in stmts:
            if isinstance(st, n.Assign) and st.name in shown:
                continue
            self.statement(st, secret, because)
            if isinstance(st, (n.Choose, n.UpTo)):
                because = None
            if isinstance(st, n.Choose) and not st.menu:  # its variables stay bound for the rest of the block
                for option in st.options:
                    _bind(option, secret)

    def statement(self, st: n.Node, secret: dict, because: Optional[str]) -> None:
        if isinstance(st, n.Let):
            found = self.reads(st.value, secret)
            if found:
                secret[st.name] = found
            else:
                secret.pop(st.name, None)
        elif isinstance(st, n.Assign):
            if st.name in secret and st.name not in self.public_vars:  # a local assigned again
                secret.pop(st.name, None)
            found = self.reads(st.value, secret) or self._any_reads(st.indexes, secret)
            if st.name in self.public_vars and (found or because):
                self.warn(st, f"'{st.name}'", found or because)
            elif found and st.name not in self.public_vars and st.name not in self.p.vars:
                secret[st.name] = found
        elif isinstance(st, (n.Put, n.Move)):
            dest = st.zone if isinstance(st, n.Put) else st.dest
            zone = _root(dest)
            if zone in self.p.zones and zone not in self.zones and not self.p.zones[zone].said_public:
                found = self._any_reads(tuple(x for x in (st.count, st.kind) if x is not None), secret)
                if found or because:
                    self.warn(st, f"the zone '{zone}'", found or because)
        elif isinstance(st, n.Log):
            if st.audience is None and (because or self._text_reads(st.text, secret)):
                self.warn(st, "the log", self._text_reads(st.text, secret) or because)
        elif isinstance(st, n.If):
            deciding = because
            for condition, branch in st.branches:
                deciding = deciding or self.reads(condition, secret)
                self.body(branch, secret, deciding)
            if st.otherwise:
                self.body(st.otherwise, secret, deciding)
        elif isinstance(st, n.While):
            self.body(st.body, secret, because or self.reads(st.condition, secret))
        elif isinstance(st, n.For):
            over = self.content(st.domain, secret)
            inner = dict(secret)
            if over:
                inner[st.var] = over
            self.body(st.body, inner, because or over)
        elif isinstance(st, n.Repeat):
            self.body(st.body, secret, because or self.reads(st.count, secret))
        elif isinstance(st, n.Choose):
            for option in st.options:
                self.option(option, secret, because)
        elif isinstance(st, n.UpTo):
            self.option(st.option, secret, because)
        else:
            for block in _blocks(st):
                self.body(block, secret, because)

    def option(self, option: n.Option, secret: dict, because: Optional[str]) -> None:
        because = None  # the move decides what its block does
        inner = dict(secret)
        _bind(option, inner)
        self.body(option.body, inner, because)

    def warn(self, st: n.Node, what: str, secret: Optional[str]) -> None:
        if what == "the log":
            head, remedy, meant = ("this log line is read by every player", "write it `to` the player who may "
                                   "know it", "")
        else:
            head, remedy = f"{what} is public", f"make {what} hidden or private"
            meant = "; if they are, end its declaration with `public`"
        self.c.warn(st.span, f"{head}, but what it gets here depends on {secret}, so every player learns "
                             f"that; if they are not meant to, {remedy}, or decide by what every player sees{meant}")

    # ------------------------------------------------------------ expressions
    def reads(self, e: Optional[n.Node], secret: dict) -> Optional[str]:
        """What secret the expression reads (a description), or None."""
        if e is None:
            return None
        if isinstance(e, n.Name):
            if e.name in secret:
                return secret[e.name]
            if e.name in self.vars:
                return f"the secret variable '{e.name}'"
            return None
        if isinstance(e, n.Subscript):
            root = _root(e)
            if root in self.vars:
                return f"the secret variable '{root}'"
            if root in self.zones and _depth(e) > len(self.zones[root].index):
                return f"what the secret zone '{root}' holds"
        if isinstance(e, n.BinOp) and e.op in ("in", "not in"):
            found = self.content(e.right, secret)
            if found:
                return found
        if isinstance(e, n.Call):
            if e.name in _SIZE_ONLY:
                return self._any_reads(tuple(a for a in e.args if _root(a) not in self.zones), secret)
            if e.name == "top" and e.args and _root(e.args[0]) in self.zones:
                return f"what the secret zone '{_root(e.args[0])}' holds"
            if e.name in self.p.values:
                found = self.value(e.name)
                if found:
                    return found
        if isinstance(e, (n.Aggregate, n.ListComp)):
            g = e.generator
            over = self.content(g.domain, secret)
            if over and not (isinstance(e, n.Aggregate) and e.name == "count" and g.condition is None):
                return over
            inner = dict(secret)
            inner.pop(g.var, None)
            return self._any_reads((g.element, g.condition), inner)
        return self._any_reads(_children(e), secret)

    def content(self, e: n.Node, secret: dict) -> Optional[str]:
        """What secret iterating `e` (or testing membership in it) reads: a secret zone's pieces."""
        root = _root(e)
        if root in self.zones and _depth(e) <= len(self.zones[root].index):
            return f"what the secret zone '{root}' holds"
        return self.reads(e, secret)

    def value(self, name: str) -> Optional[str]:
        if name not in self._values:
            self._values[name] = None  # a value that needs itself: what else it reads decides
            self._values[name] = self.reads(self.p.values[name].body, {})
        return self._values[name]

    def _any_reads(self, parts: Iterable, secret: dict) -> Optional[str]:
        for part in parts:
            if isinstance(part, tuple):
                found = self._any_reads(part, secret)
            elif isinstance(part, n.Node):
                found = self.reads(part, secret)
            else:
                found = None
            if found:
                return found
        return None

    def _text_reads(self, text: Optional[n.String], secret: dict) -> Optional[str]:
        return self._any_reads(tuple(p for p in text.parts if isinstance(p, n.Node)), secret) if text else None


def _bind(option: n.Option, secret: dict) -> None:
    """A move's values are public, unless the others read another text (`public "…"`)."""
    for binder in option.binders:
        if option.public is not None:
            secret[binder.var] = f"the move's '{binder.var}', which only its chooser sees"
        else:
            secret.pop(binder.var, None)


def _children(e: n.Node) -> tuple:
    return tuple(getattr(e, name) for name in type(e).__dataclass_fields__ if name != "span")


def _root(e: Optional[n.Node]) -> Optional[str]:
    while isinstance(e, n.Subscript):
        e = e.target
    return e.name if isinstance(e, n.Name) else None


def _depth(e: n.Node) -> int:
    """How many indexes are written after a name (`hand[p][red]`: 2)."""
    depth = 0
    while isinstance(e, n.Subscript):
        depth += len(e.indexes)
        e = e.target
    return depth


def _blocks(st: n.Node) -> list:
    """The statement block inside any other statement (turns, steps, loops…)."""
    body = getattr(st, "body", None)
    return [body] if isinstance(body, tuple) and body else []
