"""The native back-end plays the same games as the Python back-end (issue 14, item 3).

Same seeds and bots → the same moves (compared as one digest per game, folded on both sides) and
outcomes (winners, reason, decisions, statistics) for 1,000 seeds of every shipped game and mode;
move by move, with the state converted to and from the Python
state at every decision; the bots' chance (CPython's MT19937) and the game's (splitmix64) bit for
bit. Skipped only where no C compiler exists (then the `fast` extra is not installed).
"""
from __future__ import annotations

import ctypes
import json
import platform
import random
import re
from pathlib import Path

import pytest

from rulebook.api import load_game
from rulebook.bots import RandomBot
from rulebook.sim.backend import native_games
from rulebook.interpreter.pyback import runtime
from rulebook.interpreter.native import cgame, mtcopy, toolchain
from rulebook.interpreter.native.backend import DIGEST_START, move_digest, native_for, why_not
from rulebook.sim.runner import outcome_of, play_one

ROOT = Path(__file__).resolve().parent.parent
SEEDS = 1000

pytestmark = pytest.mark.skipif(toolchain.find_compiler() is None, reason="no C compiler (pip install '.[fast]')")

MODES = [
    ("eriantys", {"players": 2}), ("eriantys", {"players": 3}), ("eriantys", {"players": 4}),
    ("eriantys", {"players": 2, "expert": True}), ("eriantys", {"players": 3, "expert": True}),
    ("eriantys", {"players": 4, "expert": True}),
    ("septachroma", {}), ("septachroma", {"variant": ["A"]}), ("septachroma", {"variant": ["B"]}),
    ("septachroma", {"variant": ["C"]}), ("septachroma", {"variant": ["A", "C"]}),
    ("septachroma", {"variant": ["B", "C"]}),
    ("ephyran", {"players": 2}), ("ephyran", {"players": 3}), ("ephyran", {"players": 4}),
    # every player count, and every set of the two options (each set at one player count: the
    # options' code does not depend on the count, and Python's side of a mode costs ~10 CPU-s)
    ("edenia", {"players": 2}), ("edenia", {"players": 3}), ("edenia", {"players": 4}),
    # (without the Law at 2 players: at 4, random play of seed 748 goes on past 100 000 decisions in
    # both back-ends — its sheep left seem unable to reach Edenia, and the rulings end no such game)
    ("edenia", {"players": 2, "little_lambs": True}), ("edenia", {"players": 2, "law_of_the_universe": False}),
    ("edenia", {"players": 3, "little_lambs": True, "law_of_the_universe": False}),
    # Classic games checked against OpenSpiel (issue 28): groups merged on a hex board, betting
    # rounds, lists of dice, a 52-card table, a sowing game ending on a repeated position.
    ("hex", {"board_size": 7}), ("leduc_poker", {}), ("liars_dice", {"numdice": 2}), ("hearts", {}),
    ("oware", {}),
]
# A game of secret choices, played on both back-ends in the sequential mode.
MODES += [("goofspiel", {}), ("goofspiel", {"num_cards": 6, "imp_info": True, "points_order": "descending"})]
TOYS = ["nim", "cards", "grid", "powers", "ring", "pot", "flank", "bridges", "throws", "shuttle"]


def _game(name: str, options: dict, counting: bool = False):
    folder = ROOT / "tests" / "games" / name if name in TOYS else ROOT / "rules" / name
    return load_game(folder, options, counting=counting)


def _ids(mode) -> str:
    name, options = mode
    return name + "".join(f"-{k}={v}" for k, v in options.items())


def _python_games(game, native, seeds) -> tuple[list, list]:
    """Random games on the Python back-end's playout path (Game.play_random, what random bots
    play): their outcomes and each game's moves folded into a digest, as the native code folds them."""
    outcomes, digests = [], []
    for seed in seeds:
        rng, state = random.Random(seed), game.new_initial_state(seed)
        digest, decisions = DIGEST_START, 0
        while not game.is_terminal(state):
            move = game.sample_move(state, rng)  # what play_random plays (it makes no Move: the hot path)
            game.apply(state, move)
            digest = move_digest(native, digest, move)
            decisions += 1
        outcomes.append(outcome_of(game, state, seed, decisions))
        digests.append(digest)
    return outcomes, digests


@pytest.mark.parametrize("mode", MODES + [(toy, {}) for toy in TOYS], ids=_ids)
def test_same_moves_and_outcomes_for_a_thousand_seeds(mode):
    game = _game(*mode)
    native = native_for(game)
    assert native is not None, why_not(game)
    digests: list = []
    outcomes = native_games(native, 0, SEEDS, digests=digests)
    assert native.fallbacks == 0  # every game finished natively
    python, python_digests = _python_games(game, native, range(SEEDS))
    assert outcomes == python
    assert digests == python_digests
    # simulate's own loop (bots choosing, Game.apply) gives these outcomes too
    assert [play_one(game, [RandomBot()] * game.player_count, seed) for seed in range(10)] == outcomes[:10]


@pytest.mark.parametrize("mode", [MODES[0], MODES[5], MODES[7], MODES[8], MODES[12], MODES[16], ("nim", {}),
                                  ("shuttle", {})], ids=_ids)
def test_same_moves_and_states_at_every_decision(mode):
    """Python state → native → Python is the identity at every decision, and one native random
    move from there reaches exactly the state (and bot chance) the Python back-end reaches."""
    game = _game(*mode)
    native = native_for(game)
    assert native is not None, why_not(game)
    for seed in range(3):
        state = game.new_initial_state(seed)
        assert native.new_state(seed) == state
        rng = random.Random(seed)
        while not game.is_terminal(state):
            native.write_state(state)
            assert native.read_state() == state
            twin, twin_rng = state.copy(), random.Random()
            twin_rng.setstate(rng.getstate())
            game.play_random(state, rng)
            assert native.play_random(twin, twin_rng, moves=1) == state
            assert twin_rng.getstate() == rng.getstate()


def test_bot_chance_is_cpythons_bit_for_bit():
    lib = native_for(_game("nim", {})).lib
    lib.rb_mt_below.restype, lib.rb_mt_below.argtypes = ctypes.c_int64, [ctypes.c_void_p, ctypes.c_int64]
    lib.rb_mt_bits.restype, lib.rb_mt_bits.argtypes = ctypes.c_uint64, [ctypes.c_void_p, ctypes.c_int]
    mt = ctypes.create_string_buffer(624 * 4 + 8)
    for seed in (0, 1, 7, 2**32 + 5, 123456789012):
        lib.rb_mt_seed_int(mt, seed)
        rng = random.Random(seed)
        for n in (1, 2, 3, 10, 1000, 2**31 - 1, 2**40 + 3):
            assert [lib.rb_mt_below(mt, n) for _ in range(50)] == [rng.randrange(n) for _ in range(50)]
        assert lib.rb_mt_bits(mt, 64) == rng.getrandbits(64)


class _OwnRandom(random.Random):
    """A subclass: its words cross through getstate()/setstate(), not as memory."""


@pytest.mark.parametrize("kind", [random.Random, _OwnRandom], ids=["random.Random", "subclass"])
def test_bot_chance_crosses_to_c_and_back_whole(kind):
    """mtcopy gives the C exactly getstate()'s 624 words and index (mid-stream, not at a twist), and
    brings them back so the generator draws on as the C left it."""
    rng = kind(11)
    for _ in range(500):
        rng.random()
    mt = ctypes.create_string_buffer(mtcopy.MT_WORDS.size)
    mtcopy.to_mt(rng, mt)
    assert mtcopy.MT_WORDS.unpack(mt.raw) == rng.getstate()[1]
    advanced = random.Random()
    advanced.setstate(rng.getstate())
    advanced.random()
    mtcopy.to_mt(advanced, mt)
    mtcopy.from_mt(mt, rng)  # rng takes the advanced words
    assert rng.getstate()[1] == advanced.getstate()[1]
    assert rng.random() == advanced.random()


def test_bot_chance_crosses_as_memory_on_cpython():
    """On CPython the words are copied as memory (the layout check passes): getstate()/setstate() cost
    as much as a hundred short playouts per call."""
    assert mtcopy.in_place() == (platform.python_implementation() == "CPython")


@pytest.mark.parametrize("mode", [("nim", {}), ("eriantys", {"players": 2}), ("ephyran", {"players": 3}),
                                  ("tic_tac_toe", {}),
                                  # a playout's copy of the state (lists and frames copied up to their
                                  # lengths), a choice's hoisted values kept per listing, zones walked in place
                                  ("hearts", {}), ("pig", {}), ("breakthrough", {"rows": 6, "columns": 6})],
                         ids=_ids)
def test_playouts_are_the_python_back_ends_rollouts(mode):
    """NativeGame.playouts (an MCTS leaf's evaluation, played in C) gives exactly the mean win returns
    of the same rollouts played by the Python back-end, and leaves the bots' chance where they do."""
    game = _game(*mode)
    native = native_for(game)
    state = game.new_initial_state(4)
    walk = random.Random(4)
    for _ in range(3):  # from a decision a few moves in
        game.apply(state, game.sample_move(state, walk))
    native_rng, python_rng = random.Random(9), random.Random(9)
    means = native.playouts(state, 25, native_rng)
    totals = [0.0] * game.player_count
    for _ in range(25):
        sample = state.copy()
        sample.rng = python_rng.getrandbits(64)
        while not game.is_terminal(sample):
            game.apply(sample, game.sample_move(sample, python_rng))
        totals = [t + r for t, r in zip(totals, game.win_returns(sample))]
    assert means == [t / 25 for t in totals]
    assert native_rng.getstate() == python_rng.getstate()


def test_game_chance_is_the_python_back_ends():
    """A native game's first decision comes after setup's draws: same state means same splitmix64."""
    game = _game("eriantys", {"players": 2})
    native = native_for(game)
    for seed in (0, 5, -3, 2**40):
        assert native.new_state(seed).rng == game.new_initial_state(seed).rng
    S = game.new_initial_state(0)
    assert [runtime.rand_below(S, 7) for _ in range(5)]  # the generator the native code mirrors


def test_a_straight_run_of_instructions_is_one_dispatch():
    """An instruction calls the later instruction it goes on to (cgame.py's _next), so run_frames
    dispatches once per straight run; a jump back (a loop) returns to run_frames, and a suspending
    instruction keeps its own place (it may have been called by one before it)."""
    source = native_for(_game("tic_tac_toe", {})).c.source
    bodies = dict(re.findall(r"static i64 (I0_\d+)\(St \*S, Frame \*F\) \{(.*)\}\n", source))
    ends = {name: body[body.rindex("return"):] for name, body in bodies.items()}
    forward = [name for name, end in ends.items() if re.search(r"I0_\d+\(S, F\)", end)]
    assert len(forward) >= 4  # the turn's straight run, from the players loop's test to the decision
    for name in forward:
        called = re.findall(r"I0_(\d+)\(S, F\)", ends[name])
        assert all(int(target) > int(name[3:]) for target in called), ends[name]
    suspending = [name for name, body in bodies.items() if "return SUSPEND;" in body]
    assert suspending and all(f"F->pc = {name[3:]};" in bodies[name] for name in suspending)
    assert any(re.fullmatch(r"return \d+; ", end) for end in ends.values())  # a loop goes back through run_frames


def test_a_listing_binds_on_the_frame_only_where_it_knows_every_local_it_touches():
    """cgame._listing_slots: a decision's choices are listed on the waiting frame itself, keeping the
    locals the listing's code names (its variables, the locals it reads) to put back after; a copy of
    the frame where that code names a list region or a local by a worked-out index."""
    listing = ["static void E(St *S, Frame *L) { L->L[3] = v0; if (!Q_2(S, L)) continue; }",
               "static i64 Q_2(St *S, Frame *F) { return (F->L[5] == 1); }"]
    assert cgame._listing_slots(listing, [3, 4]) == [3, 4, 5]
    assert cgame._listing_slots(["return lcontains((List)F->R[0], F->L[2]);"], [3]) is None
    assert cgame._listing_slots(["return F->L[F->L[2]];"], [3]) is None
    assert cgame._listing_slots(["static i64 Q_1(St *S, Frame *F) { return walk(S, F, 2); }"], [3]) is None
    source = native_for(_game("tic_tac_toe", {})).c.source
    assert "static const i64 SITE0_K[] = {1, 3};" in source  # the cell chosen: the only local listing touches


def test_compiled_code_is_cached_on_disk(tmp_path, monkeypatch):
    monkeypatch.setenv("RULEBOOK_CACHE", str(tmp_path))
    source = "long long rb_answer(void) { return 42; }\n"
    first = toolchain.build(source, "test")
    assert not first.cached and first.compile_seconds > 0
    assert list((tmp_path / "native").glob("*.so"))
    toolchain._LOADED.clear()
    second = toolchain.build(source, "test")
    assert second.cached and second.compile_seconds == 0.0


def _simulate(tmp_path, monkeypatch, backend: str, game: str, *args) -> dict:
    from rulebook.cli import main
    monkeypatch.setenv("RULEBOOK_BACKEND", backend)
    out = tmp_path / f"{backend}.json"
    assert main(["simulate", game, "--games", "60", "--workers", "1", "--json", str(out), *args]) == 0
    return json.loads(out.read_text())


@pytest.mark.parametrize("game, args", [
    ("eriantys", ["--players", "2"]), (str(ROOT / "tests/games/nim"), []),
    # what a mod and an option change, counted per game (rulebook/sim/reach.py): a counting build
    ("eriantys", ["--players", "3", "--expert", "--mod", str(ROOT / "examples/mods/the-bard"), "--standing-rate", "1"]),
], ids=["eriantys", "nim", "eriantys-mod-counted"])
def test_simulate_gives_the_same_summary_on_either_back_end(tmp_path, monkeypatch, capsys, game, args):
    native = _simulate(tmp_path, monkeypatch, "auto", game, *args)
    python = _simulate(tmp_path, monkeypatch, "python", game, *args)
    assert native.pop("run")["where"].endswith("native back-end")
    assert "Python back-end" in python.pop("run")["where"]
    assert native == python
    assert ("reached" in native) == ("--mod" in args)


@pytest.mark.parametrize("mode, bots, seeds", [
    (("eriantys", {"players": 2}), ("mcts:12", "random"), 3),
    (("cards", {"players": 2}), ("greedy", "random"), 40),
    (("cards", {"players": 3}), ("mcts:20", "greedy", "random"), 5),
    (("nim", {}), ("greedy", "mcts:30"), 30),
], ids=["eriantys-mcts", "cards-greedy", "cards-3p-mcts-greedy", "nim-greedy-mcts"])
def test_native_bots_play_the_python_bots_moves(mode, bots, seeds):
    """Greedy and MCTS seats choose natively exactly what rulebook/bots.py chooses."""
    from rulebook.bots import make_bot
    game = _game(*mode)
    native = native_for(game)
    assert native is not None, why_not(game)
    python = [play_one(game, [make_bot(b) for b in bots], seed) for seed in range(seeds)]
    assert native_games(native, 0, seeds, bots) == python
    assert native.fallbacks == 0


@pytest.mark.parametrize("mode, bots, seeds, rate", [
    (("eriantys", {"players": 3, "expert": True}), ("random",) * 3, 100, None),
    (("eriantys", {"players": 3, "expert": True}), ("random", "greedy", "random"), 30, 0.3),
    (("edenia", {"players": 3}), ("random",) * 3, 40, None),
    (("septachroma", {"variant": ["A", "C"]}), ("random",) * 2, 60, None),
    (("cards", {"players": 3}), ("mcts:20", "greedy", "random"), 5, None),
], ids=["eriantys-3p-expert", "eriantys-greedy-standing", "edenia-3p", "septachroma-AC", "cards-mcts-greedy"])
def test_a_counting_build_reaches_the_same_points_on_both_back_ends(mode, bots, seeds, rate):
    """Issue 14 item 5's counters: per game, the reach points (rules coverage's) the game itself
    reached — setup, and each move's check and play, never a bot's look-ahead — are the same
    natively as on the Python back-end, for every point."""
    from rulebook.bots import make_bot
    game = _game(*mode, counting=True)
    native = native_for(game)
    assert native is not None, why_not(game)
    watch = tuple(range(len(game.reached)))
    masks: list = []
    outcomes = native_games(native, 0, seeds, bots, rate, watch=watch, masks=masks)
    assert native.fallbacks == 0
    python_masks: list = []
    python = [play_one(game, [make_bot(b, rate) for b in bots], seed, watch=watch, masks=python_masks)
              for seed in range(seeds)]
    assert outcomes == python
    assert masks == python_masks
    assert len(set(masks)) > 1 and all(m for m in masks)  # games differ in what they reach


def _uses(outcomes, game) -> int:
    labels = [label for label, _ in game.compiled.statistics]
    return sum(o[4][i] for o in outcomes for i, label in enumerate(labels) if label.startswith("uses of"))


def test_standing_rate_plays_the_same_on_both_back_ends():
    """--standing-rate P: random and greedy seats take a standing action (an `action` an `allow`
    offers) with probability P when one is open; natively the same moves as rulebook/bots.py."""
    from rulebook.bots import make_bot
    game = _game("eriantys", {"players": 3, "expert": True})
    native = native_for(game)
    bots = ("random", "greedy", "random")
    for rate in (0.0, 0.3, 1.0):
        python = [play_one(game, [make_bot(b, rate) for b in bots], seed) for seed in range(40)]
        assert native_games(native, 0, 40, bots, rate) == python
        if rate == 0.0:
            assert _uses(python, game) == 0  # never a standing action
        if rate == 1.0:
            assert _uses(python, game) > _uses(native_games(native, 0, 40, bots), game)


def test_standing_rate_out_of_range_is_one_clear_error(capsys):
    from rulebook.cli import main
    code = main(["simulate", str(ROOT / "tests/games/nim"), "--games", "5", "--standing-rate", "1.5"])
    err = capsys.readouterr().err
    assert code == 2 and "--standing-rate must be between 0 and 1" in err and "Traceback" not in err


def test_the_documented_playouts_example_runs():
    """docs/research.md's example of NativeGame.playouts gives a mean win return per player."""
    import re
    text = (ROOT / "docs" / "research.md").read_text(encoding="utf-8")
    code = re.search(r"```python\n(.*?)```", text[text.index("## Random playouts in C"):], re.S).group(1)
    found: dict = {}
    exec(compile(code, "docs/research.md", "exec"), found)
    assert len(found["means"]) == 2 and all(0 <= m <= 1 for m in found["means"]) and sum(found["means"]) > 0.9
