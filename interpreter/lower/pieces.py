"""Lowering what moves pieces (move, draw, put, take) and the triggers that follow them."""
from __future__ import annotations

from dataclasses import replace

from rulebook.dsl import nodes as n

from ..ir import exprs as x
from ..ir import stmts as s
from ..ir.types import BOOL, INT, SLOT, List
from .builder import Builder
from .exprs import add, counted_walk, lower_expr, offset, total_of
from .scope import Scope


def zone_parts(b: Builder, e: n.Node, scope: Scope) -> tuple:
    """(zone layout, address expression) of a zone a statement moves pieces from or to."""
    zone = b.zone_of(e)
    t = b.dsl_type(e)
    if isinstance(t, tuple) and t[0] == "zones" and isinstance(e, n.Subscript):
        # Pieces moved to a group of nodes go on the node that names the group (one of its
        # nodes, whatever merged since): its zone, not every node's.
        return zone, offset(b, zone.dims, zone.width, zone.base, e.indexes, scope)
    return zone, lower_expr(b, e, scope)


def zone_index(zone, addr: x.Expr) -> x.Expr:
    """The index value of the zone instance at addr (for a trigger's bound name)."""
    if not zone.dims:
        return x.Const(None, type=INT)
    d = zone.dims[0]
    shifted = x.Binary("-", addr, x.Const(zone.base, type=INT), type=INT)
    position = x.Binary("//", shifted, x.Const(zone.width, type=INT), type=INT) if zone.width != 1 else shifted
    return add(position, x.Const(d.low, type=INT)) if d.low else position


def counted(zone, addr: x.Expr, op: str, amount: x.Expr) -> list:
    """Keep the zone instance's piece count in step with pieces added (+) or taken (-)."""
    total = total_of(zone, addr)
    return [] if total is None else [s.Update(total, op, amount)]


def call_trigger(b: Builder, t: n.TriggerDecl, args: tuple) -> s.Stmt:
    """Run a trigger now, or (inside a block, when it can stop) queue its frame."""
    block = b.trigger_block.get(id(t))
    if block is not None:
        return s.QueueFrame(block, args, span=t.span)
    return s.Do(x.CallFn(b.trigger_fn[id(t)], args, type=BOOL), span=t.span)


def entered(b: Builder, zone, addr: x.Expr, kind: x.Expr, where: n.Span) -> list:
    """Put one piece of `kind` into the zone at addr, then run its enter triggers."""
    if zone.ordered:  # a pile is copied to grow: its length is taken from the step budget
        pile = x.Load(addr, type=List(INT))
        grown = x.Concat(pile, x.MakeList((kind,), type=List(INT)), type=List(INT), span=b.metered_span(where))
        out: list = [s.Store(addr, grown)]
    else:
        one = x.Const(1, type=INT)
        out = [s.Update(add(addr, kind), "+", one)] + counted(zone, addr, "+", one)
    for t in b.triggers("enter", zone.name):
        out.append(call_trigger(b, t, (kind, zone_index(zone, addr))))
    return out


def changed(b: Builder, pairs) -> list:
    out = []
    for zone, addr in pairs:
        for t in b.triggers("change", zone.name):
            out.append(call_trigger(b, t, (zone_index(zone, addr),)))
    return out


def _fixed(scope: Scope, name: str, value: x.Expr, t=SLOT) -> tuple:
    """A temporary holding value (unless it is a constant): (statements, its expression)."""
    if isinstance(value, (x.Const, x.Local)):
        return [], value
    slot = scope.temp(name, t)
    return [s.SetLocal(slot, value)], x.Local(slot, type=t)


def _times(b: Builder, scope: Scope, count: x.Expr, body: list, where: n.Span) -> list:
    """body, count times (the count taken from the step budget: it may be huge)."""
    if isinstance(count, x.Const) and count.value == 1:
        return body
    slot = scope.temp("\0times", INT)
    rounds = x.IntRange(x.Const(1, type=INT), count, type=List(INT), span=b.metered_span(where))
    return [s.ForEach(slot, rounds, tuple(body))]


def _adds(b: Builder, zone, addr: x.Expr, kind: x.Expr, count: x.Expr, scope: Scope,
          where: n.Span, checked: bool = False) -> list:
    """count pieces of kind into the zone: one by one when anything watches them enter.
    `checked`: count is known not to be negative."""
    one = isinstance(count, x.Const) and count.value == 1
    if zone.ordered and not one and not b.triggers("enter", zone.name):  # at once, not copied each time
        piece = scope.temp("\0times", INT)  # the local a loop of single pieces would take: frames stay the same
        rounds = x.IntRange(x.Const(1, type=INT), count, type=List(INT), span=b.metered_span(where))
        return [_pile_grows(b, addr, x.Comp("list", piece, rounds, None, kind, type=List(INT)), where)]
    if b.triggers("enter", zone.name) or zone.ordered:
        return _times(b, scope, count, entered(b, zone, addr, kind, where), where)
    if not checked and not (isinstance(count, x.Const) and count.value >= 0):
        count = x.Helper("max", (count, x.Const(0, type=INT)), type=INT)  # as adding one by one would
    return [s.Update(add(addr, kind), "+", count)] + counted(zone, addr, "+", count)


def _pile_grows(b: Builder, addr: x.Expr, pieces: x.Expr, where: n.Span) -> s.Stmt:
    """The pile at addr with pieces put on top, in order (their number from the step budget)."""
    pile = x.Load(addr, type=List(INT))
    return s.Store(addr, x.Concat(pile, pieces, type=List(INT), span=b.metered_span(where)), span=where)


def lower_move(b: Builder, st: n.Move, scope: Scope) -> list:
    span = st.span
    src, src_addr = zone_parts(b, st.source, scope)
    dst, dst_addr = zone_parts(b, st.dest, scope)
    out, a = _fixed(scope, "\0from", src_addr)
    more, d = _fixed(scope, "\0to", dst_addr)
    out += more
    if st.kind is None:  # move all
        moves = _move_all(b, st, scope, src, dst, a, d)
        if src.name == dst.name:
            # from an instance of a zone to one of the same zone: to itself, nothing moves (else the
            # source, emptied after its pieces were added back, would lose them)
            moves = [s.If(((x.Binary("!=", a, d, type=BOOL), tuple(moves)),), span=span)]
        out += moves
    else:
        given = lower_expr(b, st.count, scope) if st.count is not None else x.Const(1, type=INT)
        more, kind = _fixed(scope, "\0kind", lower_expr(b, st.kind, scope), INT)
        out += more
        more, amount = _fixed(scope, "\0count", given, INT)
        out += more
        remover = "remove_from_pile" if src.ordered else "take"
        out.append(s.Do(x.Helper(remover, (a, kind, amount), span, type=INT), span=span))
        out += counted(src, a, "-", amount)
        out += _adds(b, dst, d, kind, amount, scope, st.span, checked=True)  # take refused a negative count
    return [_spanned(st, o) for o in out] + changed(b, [(src, a), (dst, d)])


def _move_all(b: Builder, st: n.Move, scope: Scope, src, dst, a: x.Expr, d: x.Expr) -> list:
    """`move all from` the zone instance at a to the one at d."""
    span = st.span
    out: list = []
    k = scope.temp("\0kind", INT)
    kind = x.Local(k, type=INT)
    if src.ordered:
        pieces = x.Helper("reversed", (x.Load(a, type=List(INT)),), type=List(INT))
        if dst.ordered and not b.triggers("enter", dst.name):
            out.append(_pile_grows(b, d, pieces, span))
        else:
            out.append(s.ForEach(k, pieces, tuple(entered(b, dst, d, kind, span)), span=span))
        out.append(s.Store(a, x.Const((), type=List(INT)), span=span))
    else:
        c = scope.temp("\0count", INT)
        count = x.Local(c, type=INT)
        body = [s.SetLocal(c, x.Load(add(a, kind), type=INT)), s.Store(add(a, kind), x.Const(0, type=INT))]
        body += _adds(b, dst, d, kind, count, scope, st.span, checked=True)  # a count is never negative
        total = total_of(src, a)
        kinds: x.Expr = x.IntRange(x.Const(0, type=INT), x.Const(src.kinds - 1, type=INT), type=List(INT))
        held = counted_walk(src, a)
        if held is not None and not b.triggers("enter", dst.name):
            # the kinds the source holds, not all of its kinds (a kind it has none of moves
            # nothing; its kept count ends the walk at its last piece). Not when a trigger runs
            # per piece: it might put pieces back, and the kinds are taken before the moves.
            kinds = x.Present(a, src.kinds, held, zone=src.name, type=List(INT))
        out.append(s.ForEach(k, kinds, tuple(body), span=span))
        if total is not None:
            out.append(s.Store(total, x.Const(0, type=INT), span=span))
    return out

def lower_draw(b: Builder, st: n.Draw, scope: Scope) -> list:
    src, src_addr = zone_parts(b, st.source, scope)
    dst, dst_addr = zone_parts(b, st.dest, scope)
    out, a = _fixed(scope, "\0from", src_addr)
    more, d = _fixed(scope, "\0to", dst_addr)
    out += more
    if not src.ordered and not dst.ordered and not b.triggers("enter", dst.name):
        # nothing watches the pieces come in: one helper draws them all, keeping the counts
        args = (a, x.Const(src.kinds, type=INT), total_of(src, a), d, total_of(dst, d), lower_expr(b, st.count, scope))
        out.append(s.Do(x.Helper("draw_into", args, type=INT), span=st.span))
        return [_spanned(st, o) for o in out] + changed(b, [(src, a), (dst, d)])
    k = scope.temp("\0kind", INT)
    kind = x.Local(k, type=INT)
    if src.ordered:
        take_one = x.Helper("pile_draw", (a,), st.span, type=INT)
    else:
        take_one = x.Helper("draw_one", (a, x.Const(src.kinds, type=INT)), type=INT)
    body = [s.SetLocal(k, take_one, span=st.span),
            s.If(((x.Binary("<", kind, x.Const(0, type=INT), type=BOOL), (s.Break(span=st.span),)),), span=st.span)]
    body += counted(src, a, "-", x.Const(1, type=INT))
    body += entered(b, dst, d, kind, st.span) + b.tick(st)  # a draw stops when the source is empty
    loop = scope.temp("\0times", INT)
    count = lower_expr(b, st.count, scope)
    out.append(s.ForEach(loop, x.IntRange(x.Const(1, type=INT), count, type=List(INT)), tuple(body)))
    return [_spanned(st, o) for o in out] + changed(b, [(src, a), (dst, d)])


def lower_put(b: Builder, st: n.Put, scope: Scope) -> list:
    zone, addr = zone_parts(b, st.zone, scope)
    out, a = _fixed(scope, "\0zone", addr)
    more, kind = _fixed(scope, "\0kind", lower_expr(b, st.kind, scope), INT)
    out += more
    more, count = _fixed(scope, "\0count", lower_expr(b, st.count, scope), INT)
    out += more
    if st.remove:
        remover = "remove_from_pile" if zone.ordered else "take"
        out.append(s.Do(x.Helper(remover, (a, kind, count), st.span, type=INT)))
        out += counted(zone, a, "-", count)
    else:
        out += _adds(b, zone, a, kind, count, scope, st.span)
    return [_spanned(st, o) for o in out] + changed(b, [(zone, a)])


def _spanned(node: n.Node, stmt: s.Stmt) -> s.Stmt:
    """The statement with the rules statement's span (unless it has its own)."""
    return stmt if stmt.span.line else replace(stmt, span=node.span)
