"""Bots that play fair (issue 29 items 1, 2, 5): determinization from a player's view for any game,
and the information-set MCTS bot, whose choices never depend on what its player may not see."""
from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

import rl_modes
from rulebook.api import load_game
from rulebook.bots import make_bot, sees_everything, UnknownBot
from rulebook.cli import main
from rulebook.interpreter.play.determinize import determinize
from rulebook.testing import redeal_hidden

# Each shipped game with its first option set, Eriantys expert too, and every test game.
_FIRSTS: dict = {}
for _mode in rl_modes.modes():
    _FIRSTS.setdefault(_mode[0], _mode)
MODES = list(_FIRSTS.values()) + [("eriantys", {"players": 3, "expert": True}, ())] + rl_modes.toy_game_modes()


def decisions(game, seed: int, count: int = 10) -> list:
    """States a random game passes through, every few decisions."""
    state, rng, seen = game.new_initial_state(seed), random.Random(seed), []
    while not game.is_terminal(state) and len(seen) < count * 4:
        seen.append(state.copy())
        game.apply(state, game.sample_move(state, rng))
    return seen[::4]


@pytest.mark.parametrize("mode", MODES, ids=rl_modes.mode_id)
def test_a_sample_keeps_what_its_player_sees_and_every_invariant(mode) -> None:
    name, options, mods = mode
    game = load_game(name, options, mods=mods)
    rng = random.Random(5)
    for state in decisions(game, 11):
        if game.is_terminal(state):
            continue
        for player in range(game.player_count):
            sample = determinize(game, state, player, rng)
            assert game.view(sample, player) == game.view(state, player)
            assert game.check_invariants(sample) == game.check_invariants(state)
            # The deciding player's samples offer the same moves. Another player's sample may contradict
            # what the rules imply from public facts (Hearts: whoever leads the first trick holds the
            # two of clubs, yet the sample deals that card anew), so its moves are not asked for.
            assert game.current_player(state) != player or game.legal_moves(sample) == game.legal_moves(state)


def test_samples_reach_every_hand_the_view_allows() -> None:
    """Over many samples, each card Leo has not seen turns up in Lisa's hand (the draw is not stuck)."""
    game = load_game("ephyran", {"players": 2})
    state = decisions(game, 3, 3)[-1]
    hand = game.compiled.layout.zones["hand"]
    lisa = hand.base + 1 * hand.width
    seen_in_her_hand: Counter = Counter()
    rng = random.Random(1)
    for _ in range(300):
        sample = determinize(game, state, 0, rng)
        held = sample.data[lisa]
        seen_in_her_hand.update(held if hand.ordered else
                                [k for k, n in enumerate(sample.data[lisa:lisa + hand.kinds]) if n])
    hidden_pool = set()
    for zone, start in game.hidden_zones(state, 0):
        if zone.kind == hand.kind:
            hidden_pool.update(state.data[start] if zone.ordered else
                               [k for k, n in enumerate(state.data[start:start + zone.kinds]) if n])
    assert hidden_pool and hidden_pool <= set(seen_in_her_hand)


@pytest.mark.parametrize("name,options", [("ephyran", {"players": 2}), ("eriantys", {"players": 2}),
                                          ("eriantys", {"players": 2, "expert": True})])
def test_ismcts_chooses_the_same_whatever_its_player_cannot_see(name, options) -> None:
    game = load_game(name, options)
    bot = make_bot("ismcts:40")
    for state in decisions(game, 7, 4):
        if game.is_terminal(state) or len(game.legal_moves(state)) < 2:
            continue
        player = game.current_player(state)
        chosen = bot.choose(game, state, random.Random(3))
        for k in range(3):
            other = redeal_hidden(game, state, player, random.Random(k))
            assert game.view(other, player) == game.view(state, player)
            assert bot.choose(game, other, random.Random(3)) == chosen


def test_ismcts_plays_whole_games_and_its_budget_reads_two_ways() -> None:
    game = load_game("tests/games/nim")
    state, rng = game.new_initial_state(1), random.Random(1)
    bot = make_bot("ismcts:30")
    while not game.is_terminal(state):
        game.apply(state, bot.choose(game, state, rng))
    assert str(make_bot("ismcts:0.05s")) == "ismcts:0.05s" and str(make_bot("ismcts")) == "ismcts:100"
    for bad in ("ismcts:0", "ismcts:-2s", "ismcts:lots"):
        with pytest.raises(UnknownBot):
            make_bot(bad)
    assert sees_everything("mcts:200") and sees_everything("mcts-sees-all:5") and not sees_everything("ismcts:5")
    assert str(make_bot("mcts-sees-all:20")) == "mcts:20"


def test_simulate_warns_when_a_bot_peeks_at_a_hidden_game(capsys) -> None:
    nim = str(Path(__file__).resolve().parent / "games" / "nim")
    assert main(["simulate", nim, "--games", "2", "--workers", "1", "--bots", "mcts:5"]) == 0
    assert "warning" not in capsys.readouterr().err  # nothing hidden in Nim
    assert main(["simulate", "ephyran", "--players", "2", "--games", "1", "--workers", "1",
                 "--bots", "mcts:2,ismcts:2"]) == 0
    err = capsys.readouterr().err
    assert "warning: mcts:2 read the whole position" in err and "ismcts:2" not in err.split("warning")[1].split(":")[0]


NATIVE_HIDDEN = [("ephyran", {"players": 2}), ("eriantys", {"players": 2, "expert": True}),
                 ("hearts", {}), ("leduc_poker", {})]


@pytest.mark.parametrize("name,options", NATIVE_HIDDEN)
def test_a_native_sample_keeps_what_its_player_sees_and_every_invariant(name, options) -> None:
    """The samples the native search draws in C (ismcts.c, from determinize's plan) hold to the
    view as the Python ones do; and the native search is the one the fair bot uses there."""
    from rulebook.interpreter.native.backend import native_for
    from rulebook.interpreter.native.sampling import native_sample
    from rulebook.ismcts import _native_search

    game = load_game(name, options)
    native = native_for(game)
    if native is None:
        pytest.skip("no native back-end here")
    rng = random.Random(5)
    drawn = 0
    for state in decisions(game, 11):
        if game.is_terminal(state):
            continue
        decider = game.current_player(state)
        assert _native_search(game, state, decider, 0.7, 20) is not None
        for player in range(game.player_count):
            sample = native_sample(native, state, player, rng)
            assert sample is not None
            drawn += 1
            assert game.view(sample, player) == game.view(state, player)
            assert game.check_invariants(sample) == game.check_invariants(state)
            assert decider != player or game.legal_moves(sample) == game.legal_moves(state)
    assert drawn


def test_native_samples_reach_every_hand_the_view_allows_and_are_drawn() -> None:
    """Over many native samples each card Leo has not seen turns up in Lisa's hand, and her hand
    differs from one sample to the next (the C sampler is not stuck)."""
    from rulebook.interpreter.native.backend import native_for
    from rulebook.interpreter.native.sampling import native_sample

    game = load_game("ephyran", {"players": 2})
    native = native_for(game)
    if native is None:
        pytest.skip("no native back-end here")
    state = decisions(game, 3, 3)[-1]
    hand = game.compiled.layout.zones["hand"]
    lisa = hand.base + 1 * hand.width
    seen, hands = Counter(), set()
    rng = random.Random(1)
    for _ in range(300):
        held = tuple(native_sample(native, state, 0, rng).data[lisa:lisa + hand.kinds])
        hands.add(held)
        seen.update(k for k, n in enumerate(held) if n)
    hidden_pool = {k for zone, start in game.hidden_zones(state, 0) if zone.kind == hand.kind
                   for k, n in enumerate(state.data[start:start + zone.kinds] if not zone.ordered else ()) if n}
    hidden_pool |= {k for zone, start in game.hidden_zones(state, 0) if zone.kind == hand.kind and zone.ordered
                    for k in state.data[start]}
    assert hidden_pool and hidden_pool <= set(seen) and len(hands) > 100


FAIR_NATIVE = [(("eriantys", {"players": 2, "expert": True}), ("ismcts:20", "random"), 3),
               (("leduc_poker", {}), ("random", "ismcts:20"), 12),
               (("hearts", {}), ("ismcts:4", "random", "random", "random"), 1),
               (("edenia", {"players": 2}), ("ismcts:10", "random"), 2)]  # a declared score: playouts cut off


@pytest.mark.parametrize("mode, bots, seeds", FAIR_NATIVE, ids=["eriantys-expert", "leduc", "hearts", "edenia"])
def test_native_games_seat_the_fair_bot_and_play_its_moves(mode, bots, seeds) -> None:
    """Where the hidden parts are fixed for the whole game, simulate plays the fair bot's games
    natively (ismcts.c works each decision's plan out itself): the same games, seed for seed, as the
    Python back-end's fair bot (whose search also runs in C, from determinize's plan in Python); and
    the plan the C works out is, word for word, the one Python works out."""
    from rulebook.interpreter.native.backend import native_for
    from rulebook.interpreter.native.sampling import native_plan, plan_in_c
    from rulebook.sim.backend import native_games, native_player
    from rulebook.sim.runner import play_one

    game = load_game(*mode)
    if native_for(game) is None:
        pytest.skip("no native back-end here")
    native = native_player(game, bots)
    assert native is not None
    python = [play_one(game, [make_bot(b) for b in bots], seed) for seed in range(seeds)]
    assert native_games(native, 0, seeds, bots) == python and native.fallbacks == 0
    for state in decisions(game, 4, 6):
        if not game.is_terminal(state):
            for player in range(game.player_count):
                assert plan_in_c(native, state, player) == native_plan(native, state, player)


def test_a_game_whose_hidden_parts_change_plays_the_fair_bot_from_python() -> None:
    """Ephyran reveals the tokens on its cards in play: what is hidden from whom changes, so its
    games with the fair bot play in Python (the search still in C), and with a time budget too."""
    from rulebook.interpreter.native.backend import native_for
    from rulebook.sim.backend import choose, native_player

    game = load_game("ephyran", {"players": 2})
    if native_for(game) is None:
        pytest.skip("no native back-end here")
    assert native_player(game, ("ismcts:5", "random")) is None
    assert "fair bot" in choose(game, ("ismcts:5", "random")).reason
    eriantys = load_game("eriantys", {"players": 2})
    assert native_player(eriantys, ("ismcts:5", "random")) is not None
    assert native_player(eriantys, ("ismcts:0.01s", "random")) is None
    state = decisions(game, 2, 2)[-1]
    move = make_bot("ismcts:0.02s").choose(game, state, random.Random(1))
    assert move in game.legal_moves(state)


def test_a_cut_playout_is_judged_by_the_declared_score_in_c_as_in_python(monkeypatch) -> None:
    """Where the rules declare a score (Ephyran), the fair bot's playouts stop after PLAYOUT_CUTOFF
    random moves and each player's return is their lead in the score, put on 0..1: the C playout
    (ismcts.c's ism_returns) and the Python one (_returns) judge a position alike; a game without
    a score (Eriantys) still plays to the end and returns wins."""
    from rulebook import ismcts
    from rulebook.interpreter.native import backend
    from rulebook.interpreter.native.sampling import native_playout

    game = load_game("ephyran", {"players": 2})
    native = backend.native_for(game)
    if native is None:
        pytest.skip("no native back-end here")
    rng = random.Random(3)
    margins = set()
    for state in decisions(game, 7, 12):
        if game.is_terminal(state):
            continue
        judged = ismcts._returns(game, state)
        assert native_playout(native, state, 0, rng) == pytest.approx(judged)
        margins.add(tuple(judged))
        cut = native_playout(native, state, ismcts.PLAYOUT_CUTOFF, rng)
        assert sum(cut) == pytest.approx(1.0) and all(0 < r < 1 for r in cut)  # judged, not played out
    assert len(margins) > 2  # the score's margin, not a win or a draw
    eriantys = load_game("eriantys", {"players": 2})
    state = decisions(eriantys, 2, 2)[-1]
    assert native_playout(backend.native_for(eriantys), state, 0, rng) in ([1.0, 0.0], [0.0, 1.0], [0.5, 0.5])
    monkeypatch.setattr(backend, "native_for", lambda game: None)  # the search's Python rollout
    start = game.new_initial_state(1)
    assert all(0 < r < 1 for r in ismcts._rollout_for(game, ismcts.PLAYOUT_CUTOFF)(start, rng))
