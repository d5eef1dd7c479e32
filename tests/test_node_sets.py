"""Sets of nodes the state keeps for a variable over a board (interpreter/passes/kinds.py): the
rules walk the nodes where the variable holds a value (`for a in nodes(b) where mark[a] == p`, in a
choice or a list), and the compiled game walks the set of those nodes kept as bits instead. These
tests play a toy whose moves write the variable every way the rules can (none to a player, a
player to none, one player to the other) on a board of more nodes than one word of bits holds,
and check the kept sets against the variable at every decision, through JSON and in a view."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from rulebook.api import load_game
from rulebook.interpreter.native import cgame, toolchain
from rulebook.interpreter.native.backend import DIGEST_START, move_digest, native_for, why_not
from rulebook.interpreter.ir import exprs as x
from rulebook.interpreter.ir.walk import walk_all
from rulebook.interpreter.layout import MAX_BIT_NODES
from rulebook.interpreter.play import derived
from rulebook.interpreter.play.views import view, view_state
from rulebook.sim.backend import native_games
from rulebook.sim.runner import outcome_of

RULES = '''game "Marks" version "1"
players 2..2 = 2
board b: grid 9 by 8
var mark[b]: player? = none
var rounds: int = 0

value mine(p: player) -> list of b = [x for x in nodes(b) where mark[x] == p]

setup:
  for x in nodes(b):
    if row_of(x) == 1:
      mark[x] = players[0]
    elif row_of(x) == 8:
      mark[x] = players[1]

flow:
  loop:
    for p in players:
      turn p:
        step move:
          choose:
            option "claim {x}" for x in nodes(b) where mark[x] == none:
              mark[x] = p
            option "drop {x}" for x in nodes(b) where mark[x] == p and row_of(x) > 1 and row_of(x) < 8:
              mark[x] = none
            option "give {x}" for x in mine(p) where column_of(x) == 1:
              mark[x] = next_player(p)
        rounds += 1
        if rounds >= 50:
          end game because "enough"
'''


def marks(tmp_path: Path):
    (tmp_path / "game.rules").write_text(RULES)
    return load_game(tmp_path)


def test_the_walks_over_a_players_nodes_read_the_kept_sets(tmp_path: Path) -> None:
    game = marks(tmp_path)
    layout = game.compiled.layout
    [held] = layout.var_bits
    assert (held.var, held.board, held.groups, held.low) == ("mark", "b", 2, 0)
    assert held.words == 2 and 72 > MAX_BIT_NODES  # 72 nodes: two words of bits per player
    ir = game.compiled.ir
    domains = [b.domain for site in ir.sites for c in site.choices for b in c.bindings]
    walked = [d for d in domains if any(isinstance(n, x.Helper) and n.name == "nodes_of_bits" for n in walk_all((d,)))]
    assert len(walked) == 2  # "drop" and "give" walk a player's set; "claim" (none) walks the board


def test_the_kept_sets_follow_every_write_of_play(tmp_path: Path) -> None:
    game = marks(tmp_path)
    layout = game.compiled.layout
    assert layout.var_bits  # (else every check below holds of nothing)
    moves = set()
    for seed in range(25):
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not game.is_terminal(state):
            assert game.check_invariants(state) == [], seed
            legal = game.legal_moves(state)
            player = state.data[0]
            marks_of = {q: [i for i in range(72) if state.data[layout.vars["mark"].base + i] == q] for q in (0, 1)}
            # the moves the kept sets give are the ones the rules say, in the board's order
            drops = [f"drop {'abcdefghi'[i % 9]}{i // 9 + 1}" for i in marks_of[player] if 9 <= i < 63]
            assert [str(m) for m in legal if str(m).startswith("drop")] == drops, seed
            move = rng.choice(legal)
            moves.add(str(move).split()[0])
            state = game.child(state, move)
        assert derived.check(layout, state.data) == []
        again = game.state_from_json(state.to_json())
        assert again.data == state.data
    assert moves == {"claim", "drop", "give"}  # every way of writing was played


def test_a_stale_set_is_reported_and_refresh_mends_it(tmp_path: Path) -> None:
    game = marks(tmp_path)
    state = game.new_initial_state(seed=3)
    state = game.child(state, game.legal_moves(state)[0])
    held = game.compiled.layout.var_bits[0]
    state.data[held.base + held.words] ^= 1 << 5  # a node of player 1's first word, wrongly
    assert any("the engine's sets of nodes kept for variable 'mark'" in w for w in game.check_invariants(state))
    game.refresh(state)
    assert game.check_invariants(state) == []


def test_a_view_keeps_the_sets_whole(tmp_path: Path) -> None:
    game = marks(tmp_path)
    state = game.new_initial_state(seed=5)
    rng = random.Random(5)
    for _ in range(12):
        state = game.child(state, rng.choice(game.legal_moves(state)))
    shown = view_state(game, view(game, state, 0))
    assert derived.check(game.compiled.layout, shown.data) == []


@pytest.mark.skipif(toolchain.find_compiler() is None, reason="no C compiler (pip install '.[fast]')")
@pytest.mark.parametrize("name", ["marks", "breakthrough"])
def test_the_native_back_end_walks_the_kept_sets_move_for_move(tmp_path: Path, name: str) -> None:
    """The native back-end walks a set kept as bits word after word (cemit's FOR_BITS) and plays
    the Python back-end's moves, seed for seed (breakthrough: 8 by 8, two words per player)."""
    game = marks(tmp_path) if name == "marks" else load_game(Path(__file__).resolve().parent.parent / "rules" / name)
    native = native_for(game)
    assert native is not None, why_not(game)
    source = cgame.CGame(game.compiled.ir).source
    # breakthrough's choices walk in place (a loop per binding); the toy's through play.c's enumerator
    assert re.search(r"FOR_BITS\(nb" if name == "breakthrough" else r"FOR_BITS\(nb0", source)
    digests: list = []
    outcomes = native_games(native, 0, 200, digests=digests)
    assert native.fallbacks == 0
    python, python_digests = [], []
    for seed in range(200):
        rng, state = random.Random(seed), game.new_initial_state(seed)
        digest, decisions = DIGEST_START, 0
        while not game.is_terminal(state):
            move = game.sample_move(state, rng)
            game.apply(state, move)
            digest = move_digest(native, digest, move)
            decisions += 1
        assert game.check_invariants(state) == []
        python.append(outcome_of(game, state, seed, decisions))
        python_digests.append(digest)
    assert outcomes == python
    assert digests == python_digests
