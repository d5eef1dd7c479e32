"""Per-kind data the state keeps (interpreter/passes/kinds.py): the rules add up a zone over a
board's nodes — all of it, or the nodes where a variable has one value — look at a node's
neighbours, or list the nodes that are empty, hold a kind or are next to one, and the compiled
game reads kept totals, counts or sets of nodes (as bits) instead. These tests play a toy whose moves write the zone and the variable
every way the rules can (move one piece in and out, move all, repaint a node holding pieces) and
check the kept totals against the pieces at every decision, through JSON and in a view."""
from __future__ import annotations

import random
from pathlib import Path

from rulebook.api import load_game
from rulebook.interpreter.play import derived
from rulebook.interpreter.ir import exprs as x
from rulebook.interpreter.ir.walk import walk_all
from rulebook.interpreter.play.views import view, view_state

RULES = '''game "Tints" version "1"
players 2..2 = 2
board b: grid 3 by 3
kind colour: red, blue, green
kind tint: pale, deep
zone supply: colour
zone cell[b]: colour
var tint_of[b]: tint = pale
var rounds: int = 0

value on_tint(c: colour, s: tint) -> int = sum(cell[x][c] for x in nodes(b) where tint_of[x] == s)
value anywhere(c: colour) -> bool = any(cell[x][c] > 0 for x in nodes(b))
value touching(c: colour, x: b) -> bool = any(cell[y][c] > 0 for y in neighbours(x))
value holding(c: colour) -> list of b = [x for x in nodes(b) where cell[x][c] > 0]
value spots(c: colour) -> list of b = ([x for x in nodes(b) where count(cell[x]) == 0 and touching(c, x)]
    if any(count(cell[x]) == 0 and touching(c, x) for x in nodes(b))
    else [x for x in nodes(b) where count(cell[x]) == 0 and not corner(x)])

setup:
  for c in colour:
    put 4 c into supply
  for x in nodes(b):
    if row_of(x) == 2 or corner(x):
      tint_of[x] = deep

flow:
  let p = players[0]
  loop:
    turn p:
      step play:
        choose:
          option "put {c} on {x}" for c in supply, x in (nodes(b) if rounds % 4 == 3 else spots(c)):
            move c from supply to cell[x]
          option "take {c} off {x}" for c in colour, x in holding(c) where anywhere(c):
            move c from cell[x] to supply
          option "clear {x}" for x in nodes(b) where count(cell[x]) > 1:
            move all from cell[x] to supply
          option "repaint {x}" for x in nodes(b) where count(cell[x]) > 0:
            tint_of[x] = pale if tint_of[x] == deep else deep
        rounds += 1
        if on_tint(red, deep) >= 3 or rounds >= 40:
          end game because "enough"
    p = next_player(p)
'''


def tints(tmp_path: Path):
    (tmp_path / "game.rules").write_text(RULES)
    return load_game(tmp_path)


def test_the_sums_and_tests_over_the_board_read_kept_totals(tmp_path: Path) -> None:
    game = tints(tmp_path)
    kept = {(t.zone, t.by) for t in game.compiled.layout.kind_totals}
    assert kept == {("cell", None), ("cell", "tint_of")}
    assert [c.zone for c in game.compiled.layout.neighbour_counts] == ["cell"]
    assert [bits.zone for bits in game.compiled.layout.node_bits] == ["cell"]
    ir = game.compiled.ir
    for name in ("on_tint", "anywhere", "touching", "holding", "spots"):
        fn = next(f for f in ir.functions if f.name == f"value {name}")
        assert not [n for n in walk_all(fn.body) if isinstance(n, x.Comp)], name  # one slot, no scan


def test_the_kept_totals_follow_every_write_of_play(tmp_path: Path) -> None:
    game = tints(tmp_path)
    layout = game.compiled.layout
    moves = set()
    for seed in range(40):
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not game.is_terminal(state):
            assert derived.check(layout, state.data) == [], seed
            legal = game.legal_moves(state)
            move = rng.choice(legal)
            moves.add(str(move).split()[0])
            state = game.child(state, move)
        assert derived.check(layout, state.data) == []
        again = game.state_from_json(state.to_json())
        assert again.data == state.data
    assert moves == {"put", "take", "clear", "repaint"}  # every way of writing was played


def test_a_stale_total_is_reported_and_refresh_mends_it(tmp_path: Path) -> None:
    game = tints(tmp_path)
    state = game.new_initial_state(seed=3)
    state = game.child(state, game.legal_moves(state)[0])
    table = next(t for t in game.compiled.layout.kind_totals if t.by == "tint_of")
    state.data[table.base] += 1
    assert any("totals per kind kept for zone 'cell' by 'tint_of'" in w for w in game.check_invariants(state))
    game.refresh(state)
    assert game.check_invariants(state) == []


def test_a_view_keeps_the_totals_whole(tmp_path: Path) -> None:
    game = tints(tmp_path)
    state = game.new_initial_state(seed=5)
    rng = random.Random(5)
    for _ in range(12):
        if not game.is_terminal(state):
            state = game.child(state, rng.choice(game.legal_moves(state)))
    shown = view_state(game, view(game, state, 0))
    assert derived.check(game.compiled.layout, shown.data) == []


def test_a_zone_drawn_into_at_random_keeps_no_totals(tmp_path: Path) -> None:
    (tmp_path / "game.rules").write_text(RULES.replace(
        '            move c from supply to cell[x]', '            draw 1 from supply to cell[x]'))
    game = load_game(tmp_path)
    layout = game.compiled.layout
    assert layout.kind_totals == layout.neighbour_counts == layout.node_bits == []
    state = game.new_initial_state(seed=1)
    rng = random.Random(1)
    while not game.is_terminal(state):
        state = game.child(state, rng.choice(game.legal_moves(state)))
    assert derived.check(game.compiled.layout, state.data) == []


def test_the_rth_node_of_a_set_kept_as_bits_is_the_rth_listed() -> None:
    """runtime.nth_node, which a sampler uses to pick within a set of nodes kept as bits, agrees
    with listing the set (runtime.nodes_of_bits) for sparse, dense and full sets of up to 64 nodes."""
    import random as _random
    from rulebook.interpreter.pyback.runtime import nodes_of_bits, nth_node
    rng = _random.Random(14)
    sets = [0b1, 1 << 63, (1 << 64) - 1, (1 << 49) - 1] + [rng.getrandbits(64) & rng.getrandbits(64) for _ in range(300)]
    for bits in sets:
        for low in (0, 1):
            nodes = nodes_of_bits(low, bits)
            assert [nth_node(low, bits, r) for r in range(len(nodes))] == list(nodes)
