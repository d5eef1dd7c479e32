"""Data the state keeps about a zone's pieces per kind, so that reading it is one slot.

For a zone over one index (a board's nodes, the players), rules often ask
- how many pieces of kind k all its instances hold, or whether any holds one:
  `sum(Z[i][k] for i in …)`, `any(Z[i][k] > 0 for i in …)`;
- the same over the instances where a variable over the same index has value g:
  `sum(Z[i][k] for i in … where V[i] == g)`;
- whether a node's neighbours hold a piece of kind k: `any(Z[y][k] > 0 for y in neighbours(x))`.
Each visits many instances, at every decision. This pass finds those reads and adds to the state
what answers them (layout.KindTotals, layout.NeighbourCounts); the code that writes the zone or
the variable keeps it up to date (kept_writes.py); each read becomes one slot. Only public zones
and variables are followed (a view shows the kept data as it is), and only when every write of
them is one the writes' rewrite recognises.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Optional

from ..ir import exprs as x
from ..ir.program import GameIR
from ..ir.types import BOOL, COUNT, INT, SLOT, Int
from ..ir.walk import rebuild, walk, walk_all
from ..layout import KindTotals, Layout, NeighbourCounts
from .fold import map_code
from .kept_writes import Keeper, Unkept, folded, is_number, linear, plus, times

MAX_KINDS = 16  # a write to V moves an instance's pieces kind by kind, written out
MAX_GROUPS = 16


def keep_kind_data(ir: GameIR) -> GameIR:
    reads = _reads(ir)
    refused: set = set()
    while True:
        wanted = [m for m in reads.values() if m[1].name not in refused and (len(m) < 5 or m[2] not in refused)]
        if not wanted:
            return ir
        layout = ir.layout.copy()
        for zone_name, by in sorted({(m[1].name, m[2]) for m in wanted if m[0] == "total"},
                                    key=lambda p: (p[0], p[1] or "")):
            zone = layout.zones[zone_name]
            var_type = ir.slot_types[layout.vars[by].base] if by is not None else None
            groups, low = (var_type.size, var_type.low) if var_type is not None else (1, 0)
            layout.kind_totals.append(KindTotals(zone_name, by, layout.allocate(groups * zone.kinds), groups, low,
                                                 zone.kinds))
        for zone_name in sorted({m[1].name for m in wanted if m[0] == "near"}):
            zone = layout.zones[zone_name]
            board = layout.boards[zone.dims[0].board]
            layout.neighbour_counts.append(NeighbourCounts(zone_name, board.name,
                                                           layout.allocate(board.size * zone.kinds), zone.kinds))
        try:
            mapped = _rewritten(ir, Keeper(layout), reads)
        except Unkept as unkept:
            refused.add(unkept.name)
            continue
        added = layout.size - ir.layout.size
        return replace(mapped, layout=layout, slot_types=ir.slot_types + (COUNT,) * added,
                       initial=ir.initial + (0,) * added)


def keep_snippet_writes(layout: Layout, body: tuple, locals_: list) -> tuple:
    """A snippet's statements keeping the game's kept data as they move pieces (unchanged where
    they cannot: the engine works the kept data out anew after a snippet's statements)."""
    if not layout.kind_totals and not layout.neighbour_counts:
        return body
    try:
        return Keeper(layout, locals_).body(body)
    except Unkept:
        return body


# ---------------------------------------------------------------- reads
def _reads(ir: GameIR) -> dict:
    """id of each comprehension kept data would answer → ("total", zone, by, kind, group) or
    ("near", zone, kind, node index from 0)."""
    found = {}
    roots = tuple(f.body for f in ir.functions) + tuple((i.body, i.end) for b in ir.blocks for i in b.instrs) + \
        tuple((b.domain, b.condition) for site in ir.sites + ir.actions for c in site.choices for b in c.bindings)
    for node in walk_all(roots):
        if isinstance(node, x.Comp):
            match = _match(ir, node)
            if match is not None:
                found[id(node)] = match
    return found


def _match(ir: GameIR, e: x.Comp) -> Optional[tuple]:
    if e.hoisted:
        return None
    if e.form == "sum" and isinstance(e.element, x.Load):
        addr = e.element.addr
    elif e.form == "any" and isinstance(e.element, x.Binary) and e.element.op == ">" and \
            isinstance(e.element.left, x.Load) and is_number(e.element.right, 0):
        addr = e.element.left.addr
    else:
        return None
    found = _piece_of(ir, addr, e.var)
    if found is None:
        return None
    zone, kind = found
    d = zone.dims[0]
    if isinstance(e.domain, x.Const) and isinstance(e.domain.value, tuple):
        items = e.domain.value
        if len(items) != d.size or set(items) != set(range(d.low, d.low + d.size)):
            return None
        if e.cond is None:
            return "total", zone, None, kind, None
        grouped = _grouping(ir, e, d)
        return None if grouped is None else ("total", zone, grouped[0], kind, grouped[1])
    if e.form == "any" and e.cond is None and isinstance(e.domain, x.Index) and d.board is not None:
        board = ir.layout.boards[d.board]
        if isinstance(e.domain.seq, x.Const) and e.domain.seq.value == board.adjacency and board.edges < 0:
            return "near", zone, kind, e.domain.index
    return None


def _piece_of(ir: GameIR, addr, var: int) -> Optional[tuple]:
    """(zone, kind) when addr is the slot of kind's pieces in the instance `var` names, of a
    public multiset zone over one index."""
    const, terms = linear(addr)
    bound = [(c, t) for c, t in terms if _reads_local(t, var)]
    kinds = [(c, t) for c, t in terms if not _reads_local(t, var)]
    if len(bound) != 1 or not isinstance(bound[0][1], x.Local) or len(kinds) > 1:
        return None
    width = bound[0][0]
    for zone in ir.layout.zones.values():
        if zone.ordered or len(zone.dims) != 1 or zone.width != width or zone.visibility != "public" \
                or zone.kinds > MAX_KINDS or zone.totals < 0:
            continue
        k = const - (zone.base - zone.dims[0].low * width)
        if kinds:
            coef, term = kinds[0]
            if coef == 1 and k == 0 and isinstance(term.type, Int) and term.type.contains(0, zone.kinds):
                return zone, term
        elif 0 <= k < zone.kinds:
            return zone, x.Const(k, type=INT)
    return None


def _grouping(ir: GameIR, e: x.Comp, d) -> Optional[tuple]:
    """(variable name, group) when e's condition is `V[i] == g`, V a public variable over the same
    index whose values (and g's) lie in a known small range."""
    cond = e.cond
    if not isinstance(cond, x.Binary) or cond.op != "==":
        return None
    for read, group in ((cond.left, cond.right), (cond.right, cond.left)):
        if not isinstance(read, x.Load) or _reads_local(group, e.var):
            continue
        const, terms = linear(read.addr)
        if len(terms) != 1 or terms[0][0] != 1 or not isinstance(terms[0][1], x.Local) or terms[0][1].slot != e.var:
            continue
        for name, var in ir.layout.vars.items():
            if var.base != const + d.low or len(var.dims) != 1 or var.holds_list or var.visibility != "public":
                continue
            vd, t = var.dims[0], ir.slot_types[var.base]
            if (vd.low, vd.size) != (d.low, d.size) or not isinstance(t, Int) or t.low is None or t.size is None \
                    or t.size > MAX_GROUPS:
                continue
            if isinstance(group.type, Int) and group.type.contains(t.low, t.size):
                return name, group
    return None


def _reads_local(e, slot: int) -> bool:
    return any(isinstance(n, x.Local) and n.slot == slot for n in walk(e))


# ---------------------------------------------------------------- the rewrite
def _rewritten(ir: GameIR, keeper: Keeper, reads: dict) -> GameIR:
    layout = keeper.layout

    def read(node):
        match = reads.get(id(node)) if isinstance(node, x.Comp) else None  # (a matched one is never rebuilt)
        if match is None:
            return node
        if match[0] == "total":
            _, zone, by, kind, group = match
            table = next(t for t in layout.kind_totals if t.zone == zone.name and t.by == by)
            at = plus(x.Const(table.base, type=SLOT), kind)
            if group is not None:
                at = plus(at, times(plus(group, x.Const(-table.low, type=INT)), table.kinds))
        else:
            _, zone, kind, index = match
            counts = next(c for c in layout.neighbour_counts if c.zone == zone.name)
            at = plus(plus(times(index, counts.kinds), kind), x.Const(counts.base, type=SLOT))
        kept = x.Load(folded(at), type=COUNT)
        return kept if node.form == "sum" else x.Binary(">", kept, x.Const(0, type=INT), type=BOOL)

    def expr(e):
        return rebuild(e, read)

    def on_function(i, fn):
        keeper.locals = list(fn.locals)
        body = keeper.body(tuple(expr(st) for st in fn.body))
        return replace(fn, body=body, locals=tuple(keeper.locals))

    def on_block(i, block):
        keeper.locals = list(block.locals)
        instrs = tuple(replace(ins, body=keeper.body(tuple(expr(st) for st in ins.body)), end=expr(ins.end))
                       for ins in block.instrs)
        return replace(block, instrs=instrs, locals=tuple(keeper.locals)), expr
    return map_code(ir, on_function, on_block)
