"""A walk over the kinds a zone holds (`for c in hand[p]`, `move all from played[q] to …`) carries the
address of the zone's kept piece count, so a back-end can stop after the last piece (a hand of 5
among 81 kinds, one card played among 52) instead of reading every kind (issue 28's Hearts gap).
Both back-ends playing the same games with it is tests/test_native.py's; this checks the lowering."""
from __future__ import annotations

from pathlib import Path

from rulebook.api import load_game
from rulebook.interpreter.ir import exprs as x
from rulebook.interpreter.ir import stmts as s
from rulebook.interpreter.ir.walk import walk_all

ROOT = Path(__file__).resolve().parent.parent


def _code(ir) -> list:
    """Every node of the game's compiled code (functions and blocks)."""
    bodies = [fn.body for fn in ir.functions] + [i.body for b in ir.blocks for i in b.instrs]
    return list(walk_all(tuple(bodies)))


def _zone_at(layout, addr: int):
    return next(z for z in layout.zones.values()
                if not z.ordered and z.base <= addr < z.base + z.width * z.instances)


def test_every_walk_of_a_zones_kinds_knows_where_its_piece_count_is() -> None:
    game = load_game(ROOT / "rules" / "hearts", {})
    ir = game.compiled.ir
    walks = [node for node in _code(ir) if isinstance(node, x.Present)]
    assert walks
    assert all(w.total is not None for w in walks)  # every zone of Hearts keeps its count
    fixed = [w for w in walks if isinstance(w.addr, x.Const)]
    assert fixed  # the trick's end reads played[q] for each q: constant addresses after folding
    for w in fixed:
        zone = _zone_at(ir.layout, w.addr.value)
        assert w.total == x.Const(zone.total_slot(w.addr.value), type=w.total.type)


def test_move_all_walks_only_the_kinds_its_source_holds() -> None:
    # Hearts' `move all from played[q] to taken[leader]`: a loop taking each kind's count out of
    # the source, over the kinds it holds (with its count and its bits), not over all 52 kinds of cards.
    ir = load_game(ROOT / "rules" / "hearts", {}).compiled.ir
    moves = [node for node in _code(ir) if isinstance(node, s.ForEach)
             and any(isinstance(st, s.Store) and st.value == x.Const(0, type=st.value.type) for st in node.body)
             and not any(isinstance(st, s.ForEach) for st in node.body)]  # (not the loop over the players)
    assert moves
    assert all(isinstance(m.domain, x.Present) and m.domain.total is not None and m.domain.bits is not None
               for m in moves)


def test_every_walk_of_a_zone_of_many_kinds_reads_the_bits_of_its_instance() -> None:
    # Hearts' zones of 52 kinds keep their kinds present as bits (one word an instance): each walk
    # points at its own instance's word, so it visits the cards held (13 of 52, 1 of 52), no more.
    ir = load_game(ROOT / "rules" / "hearts", {}).compiled.ir
    walks = [node for node in _code(ir) if isinstance(node, x.Present)]
    assert walks and all(w.bits is not None for w in walks)
    fixed = [w for w in walks if isinstance(w.addr, x.Const)]
    assert fixed
    for w in fixed:
        zone = _zone_at(ir.layout, w.addr.value)
        assert zone.present_words == 1
        assert w.bits == x.Const(zone.present_slots(w.addr.value).start, type=w.bits.type)
