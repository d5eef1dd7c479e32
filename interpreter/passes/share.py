"""Reads of the state a statement makes more than once, made once.

After inlining and unrolling, one statement often reads the same slot through the same address
many times over — a group's nodes read through the group a node is in, once per term of a sum
unrolled over kinds and players. Within one statement nothing changes the state (expressions
have no effects), so such a read gives the same value every time: it is worked out once, into a
new temporary set just before the statement, and read from there.

Only a read the statement works out whenever it runs (not one behind an `and`, an `if`, or in a
comprehension's element) is made before it, so nothing is worked out — and nothing can fail —
that the rules would not have worked out; a statement that calls anything that may change the
state or draw is left as it is.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any, Callable, Iterator, Optional

from rulebook.dsl.nodes import Span

from ..ir import exprs as x
from ..ir import stmts as s
from ..ir.helpers import HELPERS
from ..ir.program import Block, Function, GameIR, Instr, LocalInfo
from ..ir.walk import PAIR_FIELDS, SLOT_FIELDS, children, rebuild, walk_all
from .fold import ExprMap, is_const, map_code
from .unswitch import split_on_mods

_BINDERS = (x.Comp, x.BestOf, x.SortBy)
_CALLS = (x.CallFn, x.ApplyMods, x.CellValue)
MIN_NODES = 4  # a read this size or more (D[t + 2] and up) is worth a temporary when read twice


def share_game(ir: GameIR) -> GameIR:
    def on_function(index: int, fn: Function) -> Function:
        sharer = _Sharer(fn.locals)
        body = sharer.body(fn.body)
        return replace(fn, body=body, locals=tuple(sharer.locals))

    def on_block(index: int, block: Block) -> tuple[Block, ExprMap]:
        sharer = _Sharer(block.locals)
        instrs = tuple(Instr(sharer.body(i.body), i.end) for i in block.instrs)
        return replace(block, instrs=instrs, locals=tuple(sharer.locals)), lambda e: e
    return map_code(ir, on_function, on_block)


class _Sharer:
    """Shares within one function or block, adding the new temporaries to its locals."""

    def __init__(self, locals_: tuple[Any, ...]):
        self.locals = list(locals_)
        self.facts: dict[int, tuple[Any, _Facts]] = {}  # each statement's (see _facts)

    def body(self, stmts: tuple[Any, ...]) -> tuple[Any, ...]:
        out: list[Any] = []
        for st in stmts:
            if isinstance(st, s.If):
                (cond, body), *rest = st.branches
                lets, (cond,) = self.share((cond,), st.span)
                branches = ((cond, self.body(body)),) + tuple((c, self.body(b)) for c, b in rest)
                st = replace(st, branches=branches, otherwise=self.body(st.otherwise))
            elif isinstance(st, s.ForEach):
                lets, (domain,) = self.share((st.domain,), st.span)
                st = replace(st, domain=domain, body=self.body(st.body))
            elif isinstance(st, s.While):
                lets, st = [], replace(st, body=self.body(st.body))  # its test runs at every turn
            elif isinstance(st, (s.SetLocal, s.UpdateLocal, s.Store, s.Update, s.Return)):
                names = _EXPR_FIELDS[type(st)]
                split = split_on_mods(st, names)
                if split is not None:  # each side reads plainly: share within each
                    out.extend(self.body((split,)))
                    continue
                lets, values = self.share(tuple(getattr(st, n) for n in names), st.span)
                st = replace(st, **dict(zip(names, values)))
            else:
                lets = []
            out.extend(lets)
            out.append(st)
        return self.addresses(out)

    def cost(self, e: Any) -> int:
        """About the steps working e out takes (a frame local is read out of the frame's list)."""
        return sum(3 if n.__class__ is x.Local and self.locals[n.slot].frame else 1 for n in walk_all((e,)))

    def addresses(self, stmts: list[Any]) -> tuple[Any, ...]:
        """Address arithmetic over locals (`p * 5 + 143 + k`) that statements in a row work out
        more than once is worked out once, before the first that always does, into a new
        temporary read up to the statement that sets one of those locals."""
        facts: list[Optional[_Facts]] = [None] * len(stmts)  # each statement's, worked out when first needed

        def fact(j: int) -> _Facts:
            found = facts[j]
            if found is None:
                found = facts[j] = _facts(stmts[j], self.facts)
            return found
        i = 0
        while i < len(stmts):
            found = None
            heads = _heads(stmts[i])
            arithmetic = _facts(heads, self.facts).arithmetic if heads else {}
            for e in _always(heads) if arithmetic else ():
                if id(e) in arithmetic:
                    end = _run_end(fact, i, len(stmts), _locals_read(e))
                    uses = sum(fact(j).counts[e] for j in range(i, end))
                    cost = self.cost(e)
                    if uses * cost - (cost + 1 + uses) >= 2 and (found is None or cost > self.cost(found[0])):
                        found = (e, end)
            if found is None:
                i += 1
                continue
            e, end = found
            slot = len(self.locals)
            self.locals.append(LocalInfo("\0shared", e.type, False))
            local = x.Local(slot, type=e.type)
            changed = [s.SetLocal(slot, e, span=stmts[i].span)] + [
                rebuild(st, lambda n: local if n.__class__ is x.Binary and n == e else n) for st in stmts[i:end]]
            stmts[i:end] = changed
            facts[i:end] = [None] * len(changed)
        return tuple(stmts)

    def share(self, exprs: tuple[Any, ...], span: Span) -> tuple[Any, ...]:
        """(temporaries to set first, exprs reading them)."""
        if any(n is not None and _calls(n) for n in exprs):
            return [], exprs
        bound = _bound(exprs)
        lets: list[Any] = []  # (slot, value), in the order they are set
        while True:
            parts = tuple(v for _, v in lets) + exprs
            read = _best(parts, bound)
            if read is None:
                break
            slot = len(self.locals)
            self.locals.append(LocalInfo("\0shared", read.type, False))
            local = x.Local(slot, type=read.type)
            lets = [(slot, read)] + [(k, _replaced(v, read, local)) for k, v in lets]
            exprs = tuple(_replaced(e, read, local) if e is not None else None for e in exprs)
        return [s.SetLocal(k, v, span=span) for k, v in lets], exprs


_EXPR_FIELDS = {s.SetLocal: ("value",), s.UpdateLocal: ("value",), s.Store: ("addr", "value"),
                s.Update: ("addr", "value"), s.Return: ("value",)}


_ARITHMETIC = ("+", "-", "*")


def _heads(st: Any) -> tuple[Any, ...]:
    """The expressions of st worked out whenever it runs."""
    if isinstance(st, s.If):
        return (st.branches[0][0],)
    if isinstance(st, s.ForEach):
        return (st.domain,)
    if isinstance(st, s.Do):
        return (st.expr,)
    return tuple(getattr(st, name) for name in _EXPR_FIELDS.get(type(st), ()))


@dataclass
class _Facts:
    """What one walk of a statement finds: the locals it sets, those comprehensions in it bind,
    and its integer arithmetic over locals and numbers (nodes by id, and how often each reads)."""

    sets: set[Any]
    binds: set[Any]
    arithmetic: dict[Any, Any]
    counts: Counter[Any]


def _facts(st: Any, memo: dict[int, tuple[Any, _Facts]]) -> _Facts:
    """st's facts (st: a statement, or a tuple of expressions). A statement's are kept in memo
    (id → (statement, facts)): they are asked again for each statement around it."""
    if st.__class__ is tuple:
        facts = _Facts(set(), set(), {}, Counter())
        _add_expression_facts(facts, st)
        return facts
    found = memo.get(id(st))
    if found is not None and found[0] is st:
        return found[1]
    facts = _Facts({getattr(st, name) for name in SLOT_FIELDS.get(st.__class__, ())}, set(), {}, Counter())
    exprs = []
    for part in children(st):
        if isinstance(part, s.Stmt):
            inner = _facts(part, memo)
            facts.sets |= inner.sets
            facts.binds |= inner.binds
            facts.arithmetic.update(inner.arithmetic)
            facts.counts.update(inner.counts)
        else:
            exprs.append(part)
    _add_expression_facts(facts, tuple(exprs))
    memo[id(st)] = (st, facts)
    return facts


def _add_expression_facts(facts: _Facts, exprs: tuple[Any, ...]) -> None:
    plain: dict[Any, Any] = {}  # id of a node -> (is arithmetic over locals and numbers, reads a local)
    for n in reversed(list(walk_all(exprs))):  # each node after everything inside it
        cls = n.__class__
        if cls is x.Local:
            plain[id(n)] = (True, True)
        elif cls is x.Const:
            plain[id(n)] = (n.value.__class__ is int, False)
        elif cls is x.Binary and n.op in _ARITHMETIC:
            (a, la), (b, lb) = plain[id(n.left)], plain[id(n.right)]
            plain[id(n)] = (a and b, la or lb)
            if a and b and (la or lb):
                facts.arithmetic[id(n)] = n
                facts.counts[n] += 1
        else:
            plain[id(n)] = (False, False)
            if isinstance(n, _BINDERS):
                facts.binds.update(getattr(n, name) for name in SLOT_FIELDS[cls])
                for name in PAIR_FIELDS.get(cls, ()):
                    facts.binds.update(slot for slot, _ in getattr(n, name))


def _locals_read(e: Any) -> set[Any]:
    return {n.slot for n in walk_all((e,)) if n.__class__ is x.Local}


def _run_end(fact: Callable[[int], _Facts], start: int, count: int, reads: set[Any]) -> int:
    """Where a value read from `reads` stops being the same: after the first statement that sets
    one of them — or at it, if a comprehension inside it binds one (as its variable)."""
    for j in range(start, count):
        if fact(j).binds & reads:
            return j
        if fact(j).sets & reads:
            return j + 1
    return count


def _calls(e: Any) -> bool:
    """Does working e out call anything that may change the state or draw?"""
    for n in walk_all((e,)):
        if isinstance(n, _CALLS):
            return True
        if isinstance(n, x.Helper) and n.name in HELPERS and (HELPERS[n.name].changes or HELPERS[n.name].chance):
            return True
    return False


def _bound(exprs: tuple[Any, ...]) -> set[Any]:
    """The locals comprehensions inside exprs bind."""
    out: set[Any] = set()
    for n in walk_all(exprs):
        if isinstance(n, _BINDERS):
            out.update(getattr(n, name) for name in SLOT_FIELDS[type(n)])
            for name in PAIR_FIELDS.get(type(n), ()):
                out.update(slot for slot, _ in getattr(n, name))
    return out


def _best(parts: tuple[Any, ...], bound: set[Any]) -> Any:
    """The read worth most to share: read at least twice, at least once wherever parts run."""
    counts: Counter[Any] = Counter()
    sizes: dict[Any, Any] = {}
    for n in walk_all(parts):
        if isinstance(n, x.Load) and not is_const(n.addr):
            counts[n] += 1
    if not any(count > 1 for count in counts.values()):
        return None  # no read is made twice (most statements)
    found = None
    for read in _always(parts):
        if read.__class__ is not x.Load or counts[read] < 2 or read in sizes:
            continue
        size = sum(1 for _ in walk_all((read,)))
        sizes[read] = size
        if size < MIN_NODES or any(isinstance(n, x.Local) and n.slot in bound for n in walk_all((read,))):
            continue
        gain = (counts[read] - 1) * (size - 1)
        if found is None or gain > found[0]:
            found = (gain, read)
    return found[1] if found is not None else None


def _always(parts: tuple[Any, ...]) -> Iterator[Any]:
    """The expressions worked out whenever parts are (not those behind a test)."""
    stack = [p for p in parts if p is not None]
    while stack:
        e = stack.pop()
        yield e
        if isinstance(e, x.Logic):
            stack.append(e.items[0])
        elif isinstance(e, x.Cond):
            stack.append(e.test)
        elif isinstance(e, x.OrElse):
            stack.append(e.first)
        elif isinstance(e, _BINDERS):
            stack.append(e.domain)
        elif not isinstance(e, x.Select):
            stack.extend(children(e))


def _replaced(e: Any, read: x.Load, local: x.Local) -> Any:
    return rebuild(e, lambda n: local if n.__class__ is x.Load and n == read else n)
