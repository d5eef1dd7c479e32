"""Payoffs (issue 27 item 1): `payoff(p) [in LOW .. HIGH] [total T] = …` — what each player gets at
the end besides who won, in returns, adapters and simulation reports; bounds and totals checked."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from rulebook.api import load_game
from rulebook.dsl.errors import RulebookError
from rulebook.interpreter import payoffs
from rulebook.interpreter.runtime import RulesRuntimeError
from rulebook.sim.compare import compare
from rulebook.sim.simulation import simulate

ROOT = Path(__file__).resolve().parent.parent
POT = ROOT / "tests" / "games" / "pot"

# A game of two moves: the first player gains 2 chips, the second loses 2.
GAME = """game "T" version "1"
players 2..2 = 2
var chips[player]: int = 3
flow:
  chips[players[0]] += 2
  chips[players[1]] -= 2
  end game winners [players[0]]
"""


def _game(tmp_path: Path, payoff_line: str, players: str = ""):
    folder = tmp_path / "g"
    folder.mkdir(exist_ok=True)
    text = GAME if not players else GAME.replace("players 2..2 = 2", players)
    (folder / "game.rules").write_text(text + payoff_line + "\n", encoding="utf-8")
    return load_game(folder)


def _played(game, seed: int = 0):
    rng, state = random.Random(seed), game.new_initial_state(seed)
    while not game.is_terminal(state):
        game.apply(state, game.sample_move(state, rng))
    return state


def test_returns_are_the_payoffs_where_declared_and_bots_still_see_the_result(tmp_path):
    game = _game(tmp_path, "payoff(p) in -5 .. 5 total 0 = chips[p] - 3")
    state = _played(game)
    assert game.payoffs(state) == (2, -2)
    assert game.returns(state) == [2.0, -2.0]
    assert game.win_returns(state) == [1.0, 0.0]


def test_without_payoffs_returns_are_win_draw_loss(tmp_path):
    game = _game(tmp_path, "")
    state = _played(game)
    assert game.payoffs(state) is None and game.returns(state) == [1.0, 0.0]


def test_a_payoff_outside_its_declared_bounds_is_a_rules_error_at_the_declaration(tmp_path):
    game = _game(tmp_path, "payoff(p) in -1 .. 1 = chips[p] - 3")
    state = _played(game)
    with pytest.raises(RulesRuntimeError) as err:
        game.returns(state)
    assert err.value.span.line == 8 and "player 1's payoff is 2, outside the declared -1 .. 1" in err.value.message


def test_payoffs_not_adding_up_to_the_declared_total_are_a_rules_error(tmp_path):
    game = _game(tmp_path, "payoff(p) total 1 = chips[p] - 3")
    with pytest.raises(RulesRuntimeError, match="add up to 0, not the declared total 1"):
        game.payoffs(_played(game))


@pytest.mark.parametrize("line, message", [
    ("payoff(p) = chips[p] > 3", "a payoff"),
    ("payoff(p) in 0 .. chips[players[0]] = chips[p]", "highest value"),
    ("payoff(p) total chips[players[0]] = chips[p]", "total"),
    ("payoff(p) = chips[p]\npayoff(q) = 0", "'payoff' is declared twice"),
    ("payoff(p) in 5 .. 1 = chips[p]", "the lowest is above the highest"),
])
def test_bad_payoff_declarations_are_refused(tmp_path, line, message):
    with pytest.raises(RulebookError, match=message):
        _game(tmp_path, line)


def test_the_toy_game_is_zero_sum_and_its_payoffs_follow_who_took_more():
    game = load_game(POT)
    for seed in range(20):
        state = _played(game, seed)
        paid = game.payoffs(state)
        assert sum(paid) == 0
        assert [p for p in range(2) if paid[p] > 0] == list(game.winning_players(state))
    assert payoffs.utility_kind(game.compiled.ir.payoff) == payoffs.ZERO_SUM
    assert payoffs.payoff_bounds(game) == (-20, 20)


def test_bounds_are_worked_out_where_not_declared(tmp_path):
    game = _game(tmp_path, "payoff(p) = min(3, max(0, chips[p])) - 1", players="players 2..3 = 2")
    assert payoffs.payoff_bounds(game) == (-1, 2)
    assert payoffs.utility_kind(game.compiled.ir.payoff) == payoffs.GENERAL_SUM


@pytest.mark.parametrize("ending, returns", [("end game winners [players[0]]", [1.0]), ("end game", [0.0])])
def test_one_player_alone_wins_or_loses(tmp_path, ending, returns):
    (tmp_path / "game.rules").write_text(f'game "A" version "1"\nplayers 1..1 = 1\nflow:\n  {ending}\n',
                                         encoding="utf-8")
    alone = load_game(tmp_path)
    assert alone.win_returns(_played(alone)) == returns  # a loss used to read ½, as a draw would


def test_simulate_reports_each_seats_mean_payoff_and_compare_tests_it():
    a, _ = simulate(str(POT), {}, games=60, workers=1)
    b, _ = simulate(str(POT), {"chips": 8}, games=60, workers=1)
    seats = a["payoffs"]
    assert [s["seat"] for s in seats] == [1, 2] and seats[0]["n"] == 60
    assert seats[0]["mean"] == pytest.approx(-seats[1]["mean"])
    low, high = seats[0]["ci95"]
    assert low < seats[0]["mean"] < high
    rows = {r["figure"]: r for r in compare(a, b)}
    assert rows["mean payoff, seat 1"]["a"] == pytest.approx(seats[0]["mean"])
    assert rows["mean payoff, seat 1"]["p"] is not None


def test_a_game_without_payoffs_reports_none():
    summary, _ = simulate(str(ROOT / "tests" / "games" / "nim"), {}, games=5, workers=1)
    assert summary["payoffs"] == []


def test_openspiel_reports_the_utility_kind_bounds_and_payoffs(tmp_path):
    pyspiel = pytest.importorskip("pyspiel")
    from rulebook.adapters.openspiel import load
    game = load(POT)
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-20.0, 20.0, 0.0)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])  # take 1 each time: 4 chips for player 1, 3 for player 2
    assert state.returns() == [1.0, -1.0]
    unbounded = tmp_path / "unbounded"
    unbounded.mkdir()
    (unbounded / "game.rules").write_text(GAME + "payoff(p) = chips[p]\n", encoding="utf-8")
    with pytest.raises(Exception, match=r"declare them, as in `payoff\(p\) in -10 .. 10"):
        load(unbounded)


def test_pettingzoo_final_rewards_are_the_payoffs():
    pytest.importorskip("pettingzoo")
    from rulebook.adapters.pettingzoo import rulebook_env
    env = rulebook_env(str(POT), chips=3)
    env.reset(seed=0)
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        _, reward, termination, truncation, _ = env.last()
        totals[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        env.step(int(env.action_space(agent).sample(env.observe(agent)["action_mask"])))
    assert sorted(totals.values()) in ([-3.0, 3.0], [-1.0, 1.0])
    assert sum(totals.values()) == 0.0


def test_the_native_back_end_gives_the_same_payoffs_and_the_same_error(tmp_path):
    from rulebook.interpreter.native import toolchain
    from rulebook.interpreter.native.backend import native_for
    from rulebook.sim.backend import native_games
    if toolchain.find_compiler() is None:
        pytest.skip("no C compiler")
    pot = load_game(POT)
    outcomes = native_games(native_for(pot), 0, 5)
    assert [o[6] for o in outcomes] == [pot.payoffs(_played(pot, seed)) for seed in range(5)]
    game = _game(tmp_path, "payoff(p) in -1 .. 1 = chips[p] - 3")
    with pytest.raises(RulesRuntimeError, match="outside the declared -1 .. 1"):
        native_games(native_for(game), 0, 1)
