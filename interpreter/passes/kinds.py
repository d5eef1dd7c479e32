"""Data the state keeps about a zone's pieces per kind, so that reading it is one slot.

For a zone over one index (a board's nodes, the players), rules often ask
- how many pieces of kind k all its instances hold, or whether any holds one:
  `sum(Z[i][k] for i in …)`, `any(Z[i][k] > 0 for i in …)`;
- the same over the instances where a variable over the same index has value g:
  `sum(Z[i][k] for i in … where V[i] == g)`;
- whether a node's neighbours hold a piece of kind k: `any(Z[y][k] > 0 for y in neighbours(x))`;
- the nodes of a board where the instance is empty, holds kind k, or is next to one holding k,
  and perhaps where something fixed holds (`[x for x in nodes(B) where count(Z[x]) == 0 and …]`).
Each visits many instances, at every decision. This pass finds those reads and adds to the state
what answers them (layout.KindTotals, layout.NeighbourCounts, layout.NodeBits: sets of nodes as
bits, for boards of up to MAX_BIT_NODES nodes); the code that writes the zone or the variable
keeps it up to date (kept_writes.py); each read becomes one slot (a set of nodes: the bits the
sets share, listed). Only public zones
and variables are followed (a view shows the kept data as it is), and only when every write of
them is one the writes' rewrite recognises.

Rules also walk the kinds a zone of many kinds holds (`for c in hand[p]`, `choose c in hand[p]`, a
`move all`): a hand of 13 cards among 52 kinds. For such zones (those whose walks the lowering
counts, lower/exprs.py's COUNTED_WALK_KINDS) the state keeps which kinds each instance holds as
bits (layout.ZoneLayout.present), and each walk (`x.Present`) carries its instance's words, so a
back-end visits the kinds held alone. Hidden and private zones keep them too: a view masks an
instance's words with its pieces (play/views.py).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Optional

from ..ir import exprs as x
from ..ir.program import Binding, Block, Function, GameIR
from ..ir.types import BOOL, COUNT, INT, SLOT, Int, Opt
from ..ir.walk import rebuild, replace_top_down, walk, walk_all
from ..layout import MAX_BIT_NODES, KindTotals, Layout, NeighbourCounts, NodeBits, VarBits
from .fold import ExprMap, fold_node, map_code
from .kept_writes import Keeper, Unkept, folded, is_number, linear, plus, times

MAX_KINDS = 16  # a write to V moves an instance's pieces kind by kind, written out
MAX_GROUPS = 16
MAX_HELD_WORDS = 4  # a set of the nodes holding a value: words of MAX_BIT_NODES nodes each


def keep_kind_data(ir: GameIR) -> GameIR:
    reads = _reads(ir)
    refused: set[Any] = set()
    while True:
        wanted = [m for m in reads.values() if m[1].name not in refused and (m[0] != "total" or m[2] not in refused)]
        if not wanted:
            return ir
        layout = ir.layout.copy()
        initial = list(ir.initial)
        for zone_name, by in sorted({(m[1].name, m[2]) for m in wanted if m[0] == "total"},
                                    key=lambda p: (p[0], p[1] or "")):
            zone = layout.zones[zone_name]
            var_type = ir.slot_types[layout.vars[by].base] if by is not None else None
            groups, low = (var_type.size, var_type.low) if var_type is not None else (1, 0)
            layout.kind_totals.append(KindTotals(zone_name, by, layout.allocate(groups * zone.kinds), groups, low,
                                                 zone.kinds))
        for zone_name in sorted({m[1].name for m in wanted if m[0] == "near" or
                                 m[0] == "nodes" and any(test[0] == "near" for test in m[2])}):
            zone = layout.zones[zone_name]
            board = layout.boards[zone.dims[0].board]
            layout.neighbour_counts.append(NeighbourCounts(zone_name, board.name,
                                                           layout.allocate(board.size * zone.kinds), zone.kinds))
        initial += [0] * (layout.size - len(initial))
        types = list(ir.slot_types) + [COUNT] * (layout.size - len(ir.slot_types))
        for zone_name in sorted({m[1].name for m in wanted if m[0] == "nodes"}):
            zone = layout.zones[zone_name]
            board = layout.boards[zone.dims[0].board]
            counted = any(c.zone == zone_name for c in layout.neighbour_counts)
            bits = NodeBits(zone_name, board.name, layout.allocate(1), layout.allocate(zone.kinds),
                            layout.allocate(zone.kinds) if counted else -1, zone.kinds)
            layout.node_bits.append(bits)
            initial += [(1 << board.size) - 1] + [0] * (layout.size - len(initial) - 1)  # every node empty at first
            types += [INT] * (layout.size - len(types))
        for var_name in sorted({m[1].name for m in wanted if m[0] == "held by"}):
            var = layout.vars[var_name]
            board = layout.boards[var.dims[0].board]
            t = _values(ir, var.base)
            words = -(-board.size // MAX_BIT_NODES)
            vb = VarBits(var_name, board.name, layout.allocate(t.size * words), t.size, t.low, words)
            layout.var_bits.append(vb)
            initial += [0] * (layout.size - len(initial))
            for i in range(board.size):  # the sets of the values the variable starts with
                value = initial[var.base + i]
                if isinstance(value, int) and not isinstance(value, bool) and 0 <= value - vb.low < vb.groups:
                    initial[vb.slot(value, i)] |= 1 << i % MAX_BIT_NODES
            types += [INT] * (layout.size - len(types))
        for zone_name in sorted({m[1].name for m in wanted if m[0] == "present"}):
            zone = layout.zones[zone_name]
            zone = layout.zones[zone_name] = replace(zone, present=layout.allocate(zone.instances * zone.present_words))
            initial += [0] * (layout.size - len(initial))
            for i in range(zone.instances):
                zone.keep_present(initial, zone.base + i * zone.width)
            types += [INT] * (layout.size - len(types))
        chosen = {id(m) for m in wanted}
        try:
            mapped = _rewritten(ir, Keeper(layout), {key: m for key, m in reads.items() if id(m) in chosen})
        except Unkept as unkept:
            refused.add(unkept.name)
            continue
        return replace(mapped, layout=layout, slot_types=tuple(types), initial=tuple(initial))


def keep_snippet_writes(layout: Layout, body: tuple[Any, ...], locals_: list[Any]) -> tuple[Any, ...]:
    """A snippet's statements keeping the game's kept data as they move pieces (unchanged where
    they cannot: the engine works the kept data out anew after a snippet's statements)."""
    if not layout.keeps_data():
        return body
    try:
        return Keeper(layout, locals_).body(body)
    except Unkept:
        return body


# ---------------------------------------------------------------- reads
def _reads(ir: GameIR) -> dict[Any, Any]:
    """id of each comprehension kept data would answer → ("total", zone, by, kind, group) or
    ("near", zone, kind, node index from 0) or ("nodes", …); id of each walk of a zone's kinds
    that the zone's bits would answer → ("present", zone)."""
    found = {}
    roots = tuple(f.body for f in ir.functions) + tuple((i.body, i.end) for b in ir.blocks for i in b.instrs) + \
        tuple((b.domain, b.condition) for site in ir.sites + ir.actions for c in site.choices for b in c.bindings)
    for node in walk_all(roots):
        if isinstance(node, x.Comp):
            match = _match(ir, node)
            if match is not None:
                found[id(node)] = match
        elif isinstance(node, x.Present) and node.total is not None and node.bits is None:
            # a walk over a zone of many kinds (the lowering counts those walks): its kinds held
            # kept as bits, so the walk visits the pieces' kinds alone
            found[id(node)] = ("present", ir.layout.zones[node.zone])
    for site in ir.sites + ir.actions:
        for choice in site.choices:
            for binding in choice.bindings:
                match = _held_by(ir, binding.domain, binding.condition, binding.var)
                if match is not None:
                    found[id(binding)] = match
    return found


def _match(ir: GameIR, e: x.Comp) -> Optional[tuple[Any, ...]]:
    if e.hoisted:
        return None
    if e.form == "list" and isinstance(e.element, x.Local) and e.element.slot == e.var:
        held = _held_by(ir, e.domain, e.cond, e.var)
        if held is not None:
            return held
    return _total_or_near(ir, e) or _node_set(ir, e)


def _held_by(ir: GameIR, domain: x.Expr, cond: Optional[x.Expr], var: int) -> Optional[tuple[Any, ...]]:
    """("held by", variable, group, the rest of the condition) when a walk over domain with
    condition cond visits a board's nodes (every one, in order) where a variable over them holds
    value g (`nodes(b) where V[x] == g`, maybe `and` more tests after it): the set of nodes
    holding g, kept as bits, lists them."""
    if cond is None or not (isinstance(domain, x.Const) and isinstance(domain.value, tuple)) or \
            not 0 < len(domain.value) <= MAX_HELD_WORDS * MAX_BIT_NODES:
        return None
    items = cond.items if isinstance(cond, x.Logic) and cond.op == "and" else (cond,)
    found = _var_group(ir, items[0], var, optional=True)
    if found is None:
        return None
    board = ir.layout.boards.get(ir.layout.vars[found[0]].dims[0].board or "")
    if board is None or domain.value != tuple(range(board.low, board.low + board.size)):
        return None
    rest = items[1:]
    left = None if not rest else rest[0] if len(rest) == 1 else x.Logic("and", rest, type=BOOL)
    return "held by", ir.layout.vars[found[0]], found[1], left


def _total_or_near(ir: GameIR, e: x.Comp) -> Optional[tuple[Any, ...]]:
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


def _node_set(ir: GameIR, e: x.Comp) -> Optional[tuple[Any, ...]]:
    """("nodes", zone, tests, fixed bits) when e lists (or asks whether there is) a board's nodes
    where the zone's instance is empty, or a neighbour holds a kind, and maybe something fixed
    for each node: an intersection of sets of nodes the state can keep as bits."""
    if not (isinstance(e.domain, x.Const) and isinstance(e.domain.value, tuple)) or \
            not 0 < len(e.domain.value) <= MAX_BIT_NODES:
        return None
    if e.form == "list" and isinstance(e.element, x.Local) and e.element.slot == e.var and e.cond is not None:
        cond = e.cond
    elif e.form == "any" and e.cond is None:
        cond = e.element
    else:
        return None
    items = cond.items if isinstance(cond, x.Logic) and cond.op == "and" else (cond,)
    zones, tests, fixed = set(), [], None
    for item in items:
        test = _node_test(ir, item, e.var)
        if test is None:
            mask = _fixed_bits(item, e.var, e.domain.value)
            if mask is None:
                return None
            fixed = mask if fixed is None else fixed & mask
            continue
        zones.add(test[0].name)
        tests.append(test)
    if len(zones) != 1:
        return None
    zone = tests[0][0]
    board = ir.layout.boards.get(zone.dims[0].board or "")
    if board is None or board.size > MAX_BIT_NODES or e.domain.value != tuple(range(board.low, board.low + board.size)):
        return None
    return "nodes", zone, tuple(t[1:] for t in tests), fixed


def _node_test(ir: GameIR, item: x.Expr, var: int) -> Optional[tuple[Any, ...]]:
    """(zone, "empty") for `count(Z[x]) == 0`, (zone, "held", kind) for `Z[x][k] > 0`, (zone,
    "near", kind) for `any(Z[y][k] > 0 for y in neighbours(x))`, x the comprehension's node."""
    if isinstance(item, x.Binary) and item.op == ">" and is_number(item.right, 0) and isinstance(item.left, x.Load):
        found = _piece_of(ir, item.left.addr, var)
        if found is not None and found[0].dims[0].board is not None:
            return found[0], "held", found[1]
    if isinstance(item, x.Binary) and item.op == "==" and is_number(item.right, 0) and isinstance(item.left, x.Load):
        const, terms = linear(item.left.addr)
        if len(terms) == 1 and terms[0][0] == 1 and isinstance(terms[0][1], x.Local) and terms[0][1].slot == var:
            for zone in ir.layout.zones.values():
                if zone.totals >= 0 and len(zone.dims) == 1 and zone.dims[0].board is not None and \
                        zone.visibility == "public" and const == zone.totals - zone.dims[0].low:
                    return zone, "empty"
    if isinstance(item, x.Comp):
        near = _total_or_near(ir, item)
        if near is not None and near[0] == "near":
            _, zone, kind, index = near
            const, terms = linear(index)
            if len(terms) == 1 and terms[0] == (1, x.Local(var, type=terms[0][1].type)) and \
                    const == -zone.dims[0].low:
                return zone, "near", kind
    return None


def _fixed_bits(item: x.Expr, var: int, nodes: tuple[Any, ...]) -> Optional[int]:
    """The bits of the nodes for which item, worked out with the node in place of var, is true —
    when it is fixed for every node (before play), else None."""
    def put(node: Any) -> Any:
        def change(n: Any) -> Any:
            if isinstance(n, x.Local) and n.slot == var:
                return x.Const(node, type=n.type)
            return fold_node(n)
        return rebuild(item, change)
    mask = 0
    for i, node in enumerate(nodes):
        value = put(node)
        if not (isinstance(value, x.Const) and isinstance(value.value, bool)):
            return None
        mask |= value.value << i
    return mask


def _piece_of(ir: GameIR, addr: x.Expr, var: int) -> Optional[tuple[Any, ...]]:
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


def _grouping(ir: GameIR, e: x.Comp, d: Any) -> Optional[tuple[Any, ...]]:
    """(variable name, group) when e's condition is `V[i] == g`, V a public variable over the same
    index whose values (and g's) lie in a known small range."""
    found = _var_group(ir, e.cond, e.var) if e.cond is not None else None
    if found is None or ir.layout.vars[found[0]].dims[0].low != d.low or \
            ir.layout.vars[found[0]].dims[0].size != d.size:
        return None
    return found


def _var_group(ir: GameIR, cond: x.Expr, var_slot: int, optional: bool = False) -> Optional[tuple[Any, ...]]:
    """(variable name, g) when cond is `V[i] == g` (either way round), i the local var_slot, V a
    public variable over one index whose values (and g's) lie in a known small range (or are
    none, when optional)."""
    if not isinstance(cond, x.Binary) or cond.op != "==":
        return None
    for read, group in ((cond.left, cond.right), (cond.right, cond.left)):
        if not isinstance(read, x.Load) or _reads_local(group, var_slot):
            continue
        const, terms = linear(read.addr)
        if len(terms) != 1 or terms[0][0] != 1 or not isinstance(terms[0][1], x.Local) or \
                terms[0][1].slot != var_slot:
            continue
        for name, var in ir.layout.vars.items():
            if len(var.dims) != 1 or var.base != const + var.dims[0].low or var.holds_list or \
                    var.visibility != "public":
                continue
            t = _values(ir, var.base) if optional else ir.slot_types[var.base]
            if not isinstance(t, Int) or t.low is None or t.size is None or t.size > MAX_GROUPS:
                continue
            if isinstance(group.type, Int) and group.type.contains(t.low, t.size):
                return name, group
    return None


def _values(ir: GameIR, slot: int) -> Any:
    """The type of the values slot holds other than none."""
    t = ir.slot_types[slot]
    return t.inner if isinstance(t, Opt) else t


def _reads_local(e: Any, slot: int) -> bool:
    return any(isinstance(n, x.Local) and n.slot == slot for n in walk(e))


# ---------------------------------------------------------------- the rewrite
def _rewritten(ir: GameIR, keeper: Keeper, reads: dict[Any, Any]) -> GameIR:
    layout = keeper.layout

    def read(node: Any) -> Any:
        match = reads.get(id(node)) if isinstance(node, (x.Comp, x.Present)) else None
        if match is None:
            return node
        if match[0] == "present":
            zone = layout.zones[match[1].name]
            instance = x.Binary("//", plus(node.addr, x.Const(-zone.base, type=SLOT)), x.Const(zone.width, type=INT),
                                type=INT)
            return replace(node, bits=folded(plus(times(instance, zone.present_words),
                                                  x.Const(zone.present, type=SLOT))))
        if match[0] == "nodes":
            return _kept_nodes(layout, node, match)
        if match[0] == "held by":
            rest = replace_top_down(match[3], read) if match[3] is not None else None
            if rest is None:
                return _kept_held(layout, match, node.type)
            return replace(node, domain=_kept_held(layout, match, node.domain.type), cond=rest)
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

    def expr(e: Any) -> Any:
        return replace_top_down(e, read)  # the outermost read first: its id is the one _reads saw

    def on_function(i: int, fn: Function) -> Function:
        keeper.locals = list(fn.locals)
        body = keeper.body(tuple(expr(st) for st in fn.body))
        return replace(fn, body=body, locals=tuple(keeper.locals))

    def on_block(i: int, block: Block) -> tuple[Block, ExprMap]:
        keeper.locals = list(block.locals)
        instrs = tuple(replace(ins, body=keeper.body(tuple(expr(st) for st in ins.body)), end=expr(ins.end))
                       for ins in block.instrs)
        return replace(block, instrs=instrs, locals=tuple(keeper.locals)), expr
    return map_code(_held_bindings(ir, layout, reads), on_function, on_block)


def _held_bindings(ir: GameIR, layout: Layout, reads: dict[Any, Any]) -> GameIR:
    """ir with each choice binding that walks the nodes where a variable holds a value walking
    the set of those nodes kept as bits (its condition's other tests left as they were)."""
    def binding(b: Binding, earlier: set[int]) -> Binding:
        match = reads.get(id(b))
        if match is None:
            return b
        dependent = b.dependent or any(_reads_local(match[2], slot) for slot in earlier)  # g names one
        return replace(b, domain=_kept_held(layout, match, b.domain.type), condition=match[3], dependent=dependent)

    def site(site: Any) -> Any:
        return replace(site, choices=tuple(replace(c, bindings=tuple(binding(b, {e.var for e in c.bindings[:i]})
                                                                     for i, b in enumerate(c.bindings)))
                                           for c in site.choices))
    return replace(ir, sites=tuple(site(t) for t in ir.sites), actions=tuple(site(a) for a in ir.actions))


def _kept_held(layout: Layout, match: tuple[Any, ...], type_: Any) -> x.Expr:
    """The nodes where match's variable holds its value, from the set kept as bits."""
    _, var, group, _ = match
    bits = next(b for b in layout.var_bits if b.var == var.name)
    first = plus(times(group, bits.words), x.Const(bits.base - bits.low * bits.words, type=SLOT))
    low = layout.boards[bits.board].low
    out: Optional[x.Expr] = None
    for w in range(bits.words):  # word after word, the nodes in order
        at = folded(plus(first, x.Const(w, type=SLOT)))
        nodes = x.Helper("nodes_of_bits", (x.Const(low + w * MAX_BIT_NODES, type=INT), x.Load(at, type=INT)),
                         type=type_)
        out = nodes if out is None else x.Concat(out, nodes, type=type_)
    assert out is not None
    return out


def _kept_nodes(layout: Layout, e: x.Comp, match: tuple[Any, ...]) -> x.Expr:
    """The nodes e lists (or whether there is one), from the sets kept as bits."""
    _, zone, tests, fixed = match
    bits = next(b for b in layout.node_bits if b.zone == zone.name)
    sets: list[x.Expr] = [x.Load(x.Const(bits.empty, type=SLOT), type=INT) if test[0] == "empty" else
            x.Load(folded(plus(x.Const(bits.held if test[0] == "held" else bits.near, type=SLOT), test[1])),
                   type=INT) for test in tests]
    if fixed is not None:
        sets.append(x.Const(fixed, type=INT))
    every = x.Const(-1, type=INT)
    common: x.Expr = sets[0]
    for i in range(1, len(sets), 2):
        common = x.Helper("common_bits", (common, sets[i], sets[i + 1] if i + 1 < len(sets) else every), type=INT)
    if e.form == "any":
        return x.Binary("!=", common, x.Const(0, type=INT), type=BOOL)
    low = layout.boards[bits.board].low
    return x.Helper("nodes_of_bits", (x.Const(low, type=INT), common), type=e.type)
