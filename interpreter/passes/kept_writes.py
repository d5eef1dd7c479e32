"""Writes that keep the data passes/kinds.py adds to the state: after each write of a kept zone's
pieces, its per-kind totals, its neighbour counts and its sets of nodes (kept as bits); around
each write of a grouping variable, the move of the instance's pieces from one group's totals to
the other's.

What this relies on: every write the lowering makes to a multiset zone's pieces comes with a
write to the zone's count (lower/pieces.py), so finding the count writes finds every piece
write. A count written in a way not recognised here raises Unkept: that zone keeps nothing.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Optional

from ..ir import exprs as x
from ..ir import stmts as s
from ..ir.program import LocalInfo
from ..ir.types import BOOL, COUNT, INT, SLOT, Int, List
from ..ir.walk import rebuild, walk
from ..layout import PRESENT_BITS, BoardLayout, KindTotals, Layout, NeighbourCounts, ZoneLayout, words_for
from .fold import fold_node
from .linear import linear as linear_form


class Unkept(Exception):
    """A write the pass cannot keep the data through: the zone or variable `name` keeps none."""

    def __init__(self, name: str):
        self.name = name


class Keeper:
    """Rewrites statements so that they keep the layout's kept data (kind totals, neighbour counts)
    as they write the zones and variables it follows."""

    def __init__(self, layout: Layout, locals_: Optional[list[Any]] = None):
        self.layout = layout
        # of the code being rewritten: temporaries join them
        self.locals: list[Any] = locals_ if locals_ is not None else []
        self.by_zone: dict[Any, Any] = {}  # zone name -> its kind totals
        self.by_var: dict[Any, Any] = {}  # variable name -> the kind totals it groups
        for t in layout.kind_totals:
            self.by_zone.setdefault(t.zone, []).append(t)
            if t.by is not None:
                self.by_var.setdefault(t.by, []).append(t)
        self.var_bits = {b.var: b for b in layout.var_bits}  # variable name -> its sets of nodes per value
        self.near = {c.zone: c for c in layout.neighbour_counts}  # zone name -> its neighbour counts
        self.bits = {b.zone: b for b in layout.node_bits}  # zone name -> its sets of nodes kept as bits
        self.kept_zones = set(self.by_zone) | set(self.near) | set(self.bits) | \
            {name for name, zone in layout.zones.items() if zone.present >= 0}

    def slot(self, table: KindTotals, group: Optional[x.Expr], kind: x.Expr) -> x.Expr:
        at = plus(x.Const(table.base, type=SLOT), kind)
        if group is not None:
            at = plus(at, times(plus(group, x.Const(-table.low, type=INT)), table.kinds))
        return folded(at)

    # -------------------------------------------------------- statements
    def body(self, body: tuple[Any, ...]) -> tuple[Any, ...]:
        out: list[Any] = []
        for st in body:
            st = self._inside(st)
            zone = self._total_written(st)
            if zone is not None:
                out.extend(self._piece_write(zone, st, out))
                out.extend(self._emptiness_told(zone, st))
                continue
            var = self._var_written(st)
            if var is not None:
                out.extend(self._var_write(var, st))
                continue
            out.append(st)
            out.extend(self._after_random_moves(st))
        return tuple(out)

    def _inside(self, st: Any) -> Any:
        if isinstance(st, s.If):
            return replace(st, branches=tuple((c, self.body(b)) for c, b in st.branches),
                           otherwise=self.body(st.otherwise))
        if isinstance(st, (s.ForEach, s.While)):
            return replace(st, body=self.body(st.body))
        return st

    def _total_written(self, st: Any) -> Optional[ZoneLayout]:
        """The kept zone whose count st writes."""
        if not isinstance(st, (s.Update, s.Store)):
            return None
        for name in self.kept_zones:
            zone = self.layout.zones[name]
            if _is_total(zone, st.addr):
                return zone
            if any(isinstance(n, x.Const) and n.value == zone.totals for n in walk(st.addr)):
                raise Unkept(name)  # a count written some other way: its pieces may be too
        return None

    def _piece_write(self, zone: ZoneLayout, st: Any, before: list[Any]) -> list[Any]:
        """st (a write of zone's count), with the totals kept for the pieces written before it."""
        prev = before[-1] if before else None
        if isinstance(st, s.Update) and isinstance(prev, s.Update) and prev.op == st.op and prev.value == st.value:
            return [st] + self._moved(zone, prev.addr, st.op, st.value)
        if isinstance(st, s.Update) and st.op == "-" and isinstance(prev, s.Do) and \
                isinstance(prev.expr, x.Helper) and prev.expr.name == "take" and prev.expr.args[2] == st.value:
            where, kind = prev.expr.args[0], prev.expr.args[1]
            return [st] + self._moved(zone, plus(where, kind), "-", st.value)
        if isinstance(st, s.Update) and st.op == "-" and is_number(st.value, 1) and len(before) >= 2 and \
                isinstance(before[-2], s.SetLocal) and isinstance(before[-2].value, x.Helper) and \
                before[-2].value.name == "draw_one":
            drawn, helper = before[-2], before[-2].value
            assert isinstance(helper, x.Helper)
            return [st] + self._moved(zone, plus(helper.args[0], x.Local(drawn.slot, type=INT)), "-", st.value)
        if isinstance(st, s.Store) and is_number(st.value, 0) and isinstance(prev, s.ForEach) and len(prev.body) >= 2 \
                and isinstance(prev.body[0], s.SetLocal) and isinstance(prev.body[1], s.Store) and \
                prev.body[0].value == x.Load(prev.body[1].addr, type=prev.body[0].value.type) and \
                is_number(prev.body[1].value, 0):
            count = prev.body[0]
            kept = self._moved(zone, prev.body[1].addr, "-", x.Local(count.slot, type=INT))
            before[-1] = replace(prev, body=prev.body[:2] + tuple(kept) + prev.body[2:])
            return [st]
        raise Unkept(zone.name)

    def _moved(self, zone: ZoneLayout, addr: x.Expr, op: str, amount: x.Expr) -> list[Any]:
        """What keeps zone's data after `amount` pieces were added (op +) or taken at piece slot addr."""
        instance, kind = self._instance_and_kind(zone, addr)
        out = self._presence_told(zone, addr, instance, kind, op, amount)
        for table in self.by_zone.get(zone.name, ()):
            group = None
            if table.by is not None:
                group = x.Load(folded(plus(instance, x.Const(self.layout.vars[table.by].base, type=SLOT))),
                               type=INT)
            out.append(s.Update(self.slot(table, group, kind), op, amount))
        return out

    def _instance_and_kind(self, zone: ZoneLayout, addr: x.Expr) -> tuple[Any, ...]:
        """The instance (from 0) and the kind of piece slot addr: read off `start + kind` when the
        address adds a member of the zone's kind to the rest (as the lowering writes it), else
        worked out by division."""
        const, terms = linear(addr)
        members = [t for c, t in terms if c == 1 and t.type == Int(f"kind {zone.kind}", 0, zone.kinds)]
        if len(members) == 1:
            start = folded(x.Binary("-", addr, members[0], type=SLOT))
            offset = plus(start, x.Const(-zone.base, type=SLOT))
            return folded(x.Binary("//", offset, x.Const(zone.width, type=INT), type=INT)), members[0]
        offset = plus(addr, x.Const(-zone.base, type=SLOT))
        return (folded(x.Binary("//", offset, x.Const(zone.width, type=INT), type=INT)),
                folded(x.Binary("%", offset, x.Const(zone.width, type=INT), type=INT)))

    def _presence_told(self, zone: ZoneLayout, addr: x.Expr, instance: x.Expr, kind: x.Expr, op: str,
                       amount: x.Expr) -> list[Any]:
        """When the instance's pieces of this kind went from none to some (or back): the kind
        joins (leaves) the instance's kinds present, its node joins (leaves) the set of nodes
        holding that kind, and each node that has it as a neighbour counts one more (one fewer)
        neighbour holding it."""
        counts, bits = self.near.get(zone.name), self.bits.get(zone.name)
        body: tuple[Any, ...] = ()
        if zone.present >= 0:
            body += (s.Update(_present_word(zone, instance, kind), op, _member_bit(zone.kinds, kind)),)
        if bits is not None and bits.held >= 0:
            board = self.layout.boards[bits.board]
            body += (s.Update(folded(plus(x.Const(bits.held, type=SLOT), kind)), op, _bit(board, instance)),)
        if counts is not None:
            body += (self._neighbours_told(zone, counts, kind, instance, op),)
        if not body:
            return []
        return [s.If(((_emptied_or_filled(addr, op, amount), body),))]

    def _neighbours_told(self, zone: ZoneLayout, counts: NeighbourCounts, kind: x.Expr, instance: x.Expr,
                         op: str) -> s.Stmt:
        board = self.layout.boards[counts.board]
        node_type = Int(f"node {board.name}", board.low, board.size)
        seen_from = tuple(tuple(n for n, near in zip(board.nodes, board.adjacency) if y in near) for y in board.nodes)
        near = x.Index(x.Const(seen_from, type=List(List(node_type))), instance, type=List(node_type))
        node = self._temp("\0near", x.Const(0, type=node_type))
        slot = folded(plus(plus(times(plus(node, x.Const(-board.low, type=INT)), counts.kinds), kind),
                           x.Const(counts.base, type=SLOT)))
        body: tuple[Any, ...] = (s.Update(slot, op, x.Const(1, type=INT)),)
        bits = self.bits.get(zone.name)
        if bits is not None and bits.near >= 0:  # the node joins (or leaves) the set of those near that kind
            now = x.Binary("==", x.Load(slot, type=COUNT), x.Const(1 if op == "+" else 0, type=INT), type=BOOL)
            bit = _bit(board, folded(plus(node, x.Const(-board.low, type=INT))))
            body += (s.If(((now, (s.Update(folded(plus(x.Const(bits.near, type=SLOT), kind)), op, bit),)),)),)
        return s.ForEach(node.slot, near, body)

    def _emptiness_told(self, zone: ZoneLayout, st: Any) -> list[Any]:
        """After st wrote the count of one of zone's instances: its node in (or out of) the set of
        empty nodes, as the count now says."""
        bits = self.bits.get(zone.name)
        if bits is None:
            return []
        board = self.layout.boards[bits.board]
        bit = _bit(board, folded(x.Binary("-", st.addr, x.Const(zone.totals, type=INT), type=INT)))
        empty = x.Const(bits.empty, type=SLOT)
        if isinstance(st, s.Update) and st.op in ("+", "-"):
            # a count that grew was empty only if it held none before; one that shrank was not
            changed = _emptied_or_filled(st.addr, st.op, st.value)
            return [s.If(((changed, (s.Update(empty, "-" if st.op == "+" else "+", bit),)),))]
        inside = x.Binary("%", x.Binary("//", x.Load(empty, type=INT), bit, type=INT), x.Const(2, type=INT), type=INT)
        held = x.Load(st.addr, type=COUNT)
        zero = x.Const(0, type=INT)
        enters = x.Logic("and", (x.Binary("==", held, zero, type=BOOL), x.Binary("==", inside, zero, type=BOOL)),
                         type=BOOL)
        leaves = x.Logic("and", (x.Binary("!=", held, zero, type=BOOL), x.Binary("!=", inside, zero, type=BOOL)),
                         type=BOOL)
        return [s.If(((enters, (s.Update(empty, "+", bit),)), (leaves, (s.Update(empty, "-", bit),))))]

    def _var_written(self, st: Any) -> Optional[str]:
        if not isinstance(st, (s.Update, s.Store)):
            return None
        for name in sorted(set(self.by_var) | set(self.var_bits)):
            var = self.layout.vars[name]
            const, terms = linear(st.addr)
            if not terms and var.base <= const < var.base + var.instances:
                return str(name)
            if any(isinstance(n, x.Const) and n.value in (var.base, var.base - var.dims[0].low)
                   for n in walk(st.addr)):
                return str(name)
        return None

    def _var_write(self, name: str, st: Any) -> list[Any]:
        """st (a write of V[i]) with V[i]'s pieces taken out of their group's totals before and put
        into the new group's after; V[i]'s node taken out of the set of the old value's nodes
        before and put into the new value's after."""
        var = self.layout.vars[name]
        d = var.dims[0]
        const, terms = linear(st.addr)
        if not isinstance(st, s.Store):
            raise Unkept(name)
        if not terms:
            index: x.Expr = x.Const(const - var.base + d.low, type=INT)
        elif len(terms) == 1 and terms[0][0] == 1 and const == var.base - d.low and \
                (isinstance(terms[0][1], x.Checked) and (terms[0][1].low, terms[0][1].size) == (d.low, d.size) or
                 isinstance(terms[0][1].type, Int) and terms[0][1].type.contains(d.low, d.size)):
            index = terms[0][1]
        else:
            raise Unkept(name)
        # the new value first (it may read the totals), then the pieces leave the old group
        value = self._temp("\0value", st.value)
        before: list[Any] = [s.SetLocal(value.slot, st.value, span=st.span)]
        if not isinstance(index, (x.Const, x.Local)):  # worked out once (a checked index can be long)
            before.append(s.SetLocal(self._temp("\0index", index).slot, index, span=st.span))
            index = x.Local(len(self.locals) - 1, type=index.type)
        addr = folded(plus(index, x.Const(var.base - d.low, type=SLOT)))
        group = x.Load(addr, type=INT)
        after: list[Any] = []
        bits = self.var_bits.get(name)
        if bits is not None:
            size = self.layout.boards[bits.board].size
            node = folded(plus(index, x.Const(-d.low, type=INT)))
            bit = _member_bit(size, node)
            at_word: x.Expr = x.Const(bits.base - bits.low * bits.words, type=SLOT)
            word = _member_word(size, node)
            if word is not None:
                at_word = plus(at_word, word)
            for sign, out in (("-", before), ("+", after)):
                value_now = x.Load(addr, type=INT)
                # the variable's values lie in the sets' range (kinds.py), or are none: in no set
                inside = x.Binary("!=", value_now, x.Const(None, type=value_now.type), type=BOOL)
                at = folded(plus(times(value_now, bits.words), at_word))
                out.append(s.If(((inside, (s.Update(at, sign, bit, span=st.span),)),), span=st.span))
        for table in self.by_var.get(name, ()):
            zone = self.layout.zones[table.zone]
            first = folded(plus(times(index, zone.width), x.Const(zone.base - d.low * zone.width, type=SLOT)))
            held = folded(plus(index, x.Const(zone.totals - d.low, type=SLOT)))
            for sign, out in (("-", before), ("+", after)):
                moves = tuple(s.Update(self.slot(table, group, x.Const(k, type=INT)), sign,
                                       x.Load(folded(plus(first, x.Const(k, type=SLOT))), type=COUNT),
                                       span=st.span) for k in range(zone.kinds))
                test = x.Binary("!=", x.Load(held, type=COUNT), x.Const(0, type=INT), type=BOOL)
                out.append(s.If(((test, moves),), span=st.span))
        return before + [replace(st, addr=addr, value=value)] + after

    def _temp(self, name: str, e: x.Expr) -> x.Local:
        """A new temporary local of the code being rewritten, for e's value."""
        self.locals.append(LocalInfo(name, e.type, False))
        return x.Local(len(self.locals) - 1, type=e.type)

    def _after_random_moves(self, st: Any) -> list[Any]:
        """After a helper that moves pieces at random (draw_into): the kinds present of each kept
        instance it wrote, worked out anew; the other kept data cannot be, so its zone keeps none."""
        out: list[Any] = []
        for node in walk(st):
            if not (isinstance(node, x.Helper) and node.name == "draw_into"):
                continue
            src, _, src_total, dst, dst_total, _ = node.args
            for name in self.kept_zones:
                zone = self.layout.zones[name]
                for addr, total in ((src, src_total), (dst, dst_total)):
                    if not (_is_total(zone, total) or (isinstance(total, x.Const) and total.value == zone.totals)):
                        continue
                    if name in self.by_zone or name in self.near or name in self.bits:
                        raise Unkept(name)
                    instance = x.Binary("//", plus(addr, x.Const(-zone.base, type=SLOT)),
                                        x.Const(zone.width, type=INT), type=INT)
                    out.append(s.Do(x.Helper("keep_present", (addr, x.Const(zone.kinds, type=INT),
                                                              _present_word(zone, instance, x.Const(0, type=INT))),
                                             type=INT), span=st.span))
        return out


def _emptied_or_filled(addr: x.Expr, op: str, amount: x.Expr) -> x.Expr:
    """Whether the count at addr, just written `op amount`, went from none to some (op +: what is
    there now is what came) or from some to none (op -)."""
    held = x.Load(addr, type=COUNT)
    nonzero = x.Binary("!=", amount, x.Const(0, type=INT), type=BOOL)
    now = amount if op == "+" else x.Const(0, type=INT)
    return folded(x.Logic("and", (x.Binary("==", held, now, type=BOOL), nonzero), type=BOOL))


def _bit(board: BoardLayout, index: x.Expr) -> x.Expr:
    """2 to the power index (index from 0 to the board's size), as a look-up in a fixed list."""
    return x.Index(x.Const(tuple(1 << i for i in range(board.size)), type=List(INT)), index, type=INT)


def _present_word(zone: ZoneLayout, instance: x.Expr, kind: x.Expr) -> x.Expr:
    """The slot of the presence word holding kind's bit for the instance (layout.ZoneLayout.present)."""
    first = plus(times(instance, zone.present_words), x.Const(zone.present, type=SLOT))
    word = _member_word(zone.kinds, kind)
    return folded(first if word is None else plus(first, word))


def _member_word(members: int, index: x.Expr) -> Optional[x.Expr]:
    """Which word of a set of `members` kept as bits (words of PRESENT_BITS) holds index's bit, as a
    look-up in a fixed list; None when the set is one word."""
    if words_for(members) == 1:
        return None
    return x.Index(x.Const(tuple(i // PRESENT_BITS for i in range(members)), type=List(INT)), index, type=INT)


def _member_bit(members: int, index: x.Expr) -> x.Expr:
    """index's bit in its word of a set of `members` kept as bits, as a look-up in a fixed list."""
    return folded(x.Index(x.Const(tuple(1 << (i % PRESENT_BITS) for i in range(members)), type=List(INT)), index,
                          type=INT))


def _is_total(zone: ZoneLayout, addr: x.Expr) -> bool:
    """Is addr the slot of one of zone's counts (as lower/pieces.py writes it)?"""
    if zone.totals < 0:
        return False
    if isinstance(addr, x.Const):
        return isinstance(addr.value, int) and zone.totals <= addr.value < zone.totals + zone.instances
    if not (isinstance(addr, x.Binary) and addr.op == "+" and is_number(addr.right, zone.totals)):
        return False
    shifted = addr.left
    if zone.width != 1:
        if not (isinstance(shifted, x.Binary) and shifted.op == "//" and is_number(shifted.right, zone.width)):
            return False
        shifted = shifted.left
    return isinstance(shifted, x.Binary) and shifted.op == "-" and is_number(shifted.right, zone.base)


def plus(a: x.Expr, b: x.Expr) -> x.Expr:
    return x.Binary("+", a, b, type=SLOT)


def times(a: x.Expr, k: int) -> x.Expr:
    return x.Binary("*", a, x.Const(k, type=INT), type=INT)


def folded(e: x.Expr) -> x.Expr:
    out: x.Expr = rebuild(e, fold_node)
    return out


def is_number(e: Any, value: int) -> bool:
    """Is e the number `value` (not a truth value)?"""
    return isinstance(e, x.Const) and e.value == value and not isinstance(e.value, bool)


def linear(e: x.Expr) -> tuple[Any, ...]:
    """e as (constant, [(coefficient, term), …]) (passes/linear.py's form); (0, [(1, e)]) when e is
    not integer arithmetic."""
    form = linear_form(e)
    if form is None:
        return 0, [(1, e)]
    terms, constant = form
    return constant, [(c, term) for term, c in terms]
