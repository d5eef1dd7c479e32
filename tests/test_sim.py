"""Simulation and statistics (issue 8): figures, determinism over workers, compare, the two commands."""
from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

from rulebook.cli import main
from rulebook.sim import SimulationError, compare_options, simulate
from rulebook.sim.compare import compare
from rulebook.sim.stats import distribution, quantile, two_proportion_z, welch_t, wilson
from rulebook.sim.summary import public
from test_bots import race_folder

ROOT = Path(__file__).resolve().parent.parent
NIM = str(ROOT / "tests/games/nim")


def close(pair, expected, digits=4) -> bool:
    return all(round(x, digits) == round(y, digits) for x, y in zip(pair, expected))


# ------------------------------------------------------------ statistics on known numbers
def test_wilson_interval_known_values() -> None:
    assert close(wilson(50, 100), (0.4038, 0.5962))
    assert close(wilson(8, 10), (0.4902, 0.9433))  # Newcombe (1998), table I
    assert close(wilson(0, 20), (0.0, 0.1611))
    assert close(wilson(20, 20), (0.8389, 1.0))
    assert wilson(0, 0) == (0.0, 1.0)


def test_tests_known_values() -> None:
    z = two_proportion_z(60, 100, 40, 100)
    assert round(z.statistic, 4) == -2.8284 and round(z.p, 5) == 0.00468 and z.significant
    assert two_proportion_z(30, 60, 30, 60).p == 1.0 and not two_proportion_z(30, 60, 30, 60).significant
    assert two_proportion_z(0, 10, 0, 10).p == 1.0
    t = welch_t([1, 2, 3, 4, 5], [2, 4, 6, 8, 10, 12])  # scipy.stats.ttest_ind(equal_var=False) agrees
    assert round(t.statistic, 6) == 2.376354 and round(t.p, 6) == 0.049284 and t.significant
    assert welch_t([3, 3, 3], [3, 3]).p == 1.0 and welch_t([3, 3, 3], [4, 4]).p == 0.0


def test_distribution_summary() -> None:
    d = distribution(list(range(1, 11)))
    assert d["mean"] == 5.5 and d["median"] == 5.5 and d["min"] == 1 and d["max"] == 10
    assert math.isclose(d["p10"], 1.9) and math.isclose(d["p90"], 9.1)
    assert quantile([4.0], 0.9) == 4.0 and distribution([])["mean"] is None


# ------------------------------------------------------------ simulation
def test_summary_figures_for_nim() -> None:
    summary, run = simulate(NIM, {"stones": 4}, games=40, seed=5, workers=1)
    # With 4 stones the second player wins against any first move only if it plays well; at random
    # each game is won by one seat, never drawn, and ends with the rules' own words.
    assert summary["games"] == 40 and summary["first_seed"] == 5
    assert sum(s["count"] for s in summary["seats"]) == 40 and summary["draws"]["count"] == 0
    assert {r["reason"] for r in summary["end_reasons"]} == {"player 1 took the last stone",
                                                            "player 2 took the last stone"}
    assert sum(r["count"] for r in summary["end_reasons"]) == 40
    lengths = summary["length"]["decisions"]
    assert 2 <= lengths["min"] <= lengths["p10"] <= lengths["median"] <= lengths["p90"] <= lengths["max"] <= 4
    seat = summary["seats"][0]
    assert close(seat["ci95"], wilson(seat["count"], 40))
    assert run["games_per_second"] > 0


def test_declared_statistics_are_averaged(tmp_path) -> None:
    summary, _ = simulate(str(race_folder(tmp_path)), {"goal": 6}, games=30, seed=0, workers=1,
                          bots="greedy,random")
    labels = [s["label"] for s in summary["statistics"]]
    assert labels == ["turns taken", "leader's points", "final score, seat 1", "final score, seat 2"]
    turns = summary["statistics"][0]
    assert turns["mean"] == math.fsum(turns["values"]) / 30 == summary["length"]["decisions"]["mean"]
    assert summary["seats"][0]["rate"] == 1.0  # greedy always advances 3: first to 6 after 2 turns
    assert summary["statistics"][1]["min"] == 6


def test_same_results_whatever_the_number_of_workers() -> None:
    one, _ = simulate(NIM, {"stones": 9}, games=150, seed=3, workers=1)
    two, _ = simulate(NIM, {"stones": 9}, games=150, seed=3, workers=2)
    assert one == two
    one, _ = simulate("eriantys", {"players": 2}, games=12, seed=7, workers=1)
    two, _ = simulate("eriantys", {"players": 2}, games=12, seed=7, workers=2)
    assert one == two


def test_bad_requests() -> None:
    with pytest.raises(SimulationError, match="from 1 to 1,000,000"):
        simulate(NIM, {}, games=0)
    with pytest.raises(SimulationError, match="--workers must be at least 1"):
        simulate(NIM, {}, games=3, workers=0)


# ------------------------------------------------------------ compare
def test_compare_flags_a_real_difference() -> None:
    # 5 stones: taking 1 wins, and random play hands the first player most games; 8 stones
    # (a losing count for the mover) turns it around, and games are longer.
    rows, a, b = compare_options(NIM, {"stones": 5}, {"stones": 8}, games=300, seed=0, workers=1)
    by = {r["figure"]: r for r in rows}
    assert by["win rate, seat 1"]["significant"] and by["win rate, seat 1"]["test"] == "two-proportion z-test"
    assert by["win rate, seat 1"]["difference"] == b["seats"][0]["rate"] - a["seats"][0]["rate"] < 0
    assert by["mean decisions"]["significant"] and by["mean decisions"]["test"] == "Welch's t-test"
    assert by["draw rate"]["significant"] is False


def test_compare_does_not_flag_identical_runs() -> None:
    rows, a, b = compare_options(NIM, {"stones": 7}, {"stones": 7}, games=60, seed=0, workers=1)
    assert public(a) == public(b)
    assert all(r["significant"] is False and r["difference"] == 0 for r in rows)


def test_compare_two_and_three_players() -> None:
    a, _ = simulate("eriantys", {"players": 2}, games=4, seed=0, workers=1)
    b, _ = simulate("eriantys", {"players": 3}, games=4, seed=0, workers=1)
    rows = compare(a, b)
    third = next(r for r in rows if r["figure"] == "win rate, seat 3")
    assert third["a"] is None and third["b"] is not None and third["p"] is None


# ------------------------------------------------------------ the commands
def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exit_:
        code = exit_.code
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_command(capsys, tmp_path) -> None:
    target, page = tmp_path / "sim.json", tmp_path / "sim.html"
    code, out, err = run(capsys, "simulate", NIM, "-o", "stones=6", "--games", "50", "--seed", "2",
                         "--workers", "1", "--json", str(target), "--report", str(page))
    assert code == 0 and err == ""
    for heading in ("Win rate per seat", "Draws and shared victories", "How games ended", "Game length"):
        assert heading in out
    data = json.loads(target.read_text())
    assert data["games"] == 50 and data["options"] == {"stones": 6, "players": 2}
    assert len(data["seats"]) == 2 and data["seats"][0]["ci95"][0] < data["seats"][0]["rate"]
    assert data["run"]["where"].startswith("1 local worker, ")  # then the back-end that played
    html = page.read_text()
    assert html.startswith("<!DOCTYPE html>") and html.count("<svg") >= 3
    assert not re.search(r"<script|<link|src=|@import|url\(", html)  # self-contained


def test_compare_command(capsys, tmp_path) -> None:
    target = tmp_path / "cmp.json"
    code, out, err = run(capsys, "compare", NIM, "--a", "stones=5", "--b", "stones=8", "--games", "200",
                         "--workers", "1", "--json", str(target))
    assert code == 0 and err == ""
    assert "B compared with A" in out and "Welch's t-test" in out and "two-proportion z-test" in out
    data = json.loads(target.read_text())
    seat = next(f for f in data["figures"] if f["figure"] == "win rate, seat 1")
    assert seat["significant"] is True and data["a"]["options"]["stones"] == 5


@pytest.mark.parametrize("argv,message", [
    (["simulate", "nosuchgame", "--games", "3"], "no game 'nosuchgame'"),
    (["simulate", NIM, "--games", "0"], "--games must be from 1 to 1,000,000, not 0"),
    (["simulate", NIM, "--games", "10000000000000"], "--games must be from 1 to 1,000,000"),
    (["simulate", NIM, "--games", "3", "-o", "stone=3"], "unknown option 'stone'"),
    (["simulate", NIM, "--games", "3", "--bots", "clever"], "unknown bot 'clever'"),
    (["simulate", NIM, "--games", "3", "--workers", "0"], "--workers must be at least 1"),
    (["simulate", NIM, "--games", "x"], "invalid int value"),
    (["compare", NIM, "--a", "stones=500", "--b", "stones=3", "--games", "3"], "options A: option 'stones'"),
    (["compare", NIM, "--a", "stones", "--b", "stones=3", "--games", "3"], "must be written NAME=VALUE"),
])
def test_bad_values_get_one_line_and_exit_2(capsys, argv, message) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and message in err and err.count("\n") == 1 and "Traceback" not in err


def test_compare_options_text() -> None:
    from rulebook.sim.commands import _comma_options

    assert _comma_options("players=3, expert=true") == {"players": 3, "expert": True}
    # A part without '=' continues the list option before it.
    assert _comma_options("characters=Monk,Herald,Thief,expert=on") == {"characters": "Monk,Herald,Thief",
                                                                       "expert": True}


def test_a_players_statistic_gives_presence_and_win_rate() -> None:
    """`statistic "…": [p for p in players where …]` (issue 8: e.g. the win rate of a card's users)."""
    import random as _random

    from rulebook.api import load_game
    from rulebook.sim.simulation import simulate as _simulate

    summary, _ = _simulate(str(ROOT / "tests" / "games" / "powers"), {}, games=30, seed=0, workers=1)
    row = next(r for r in summary["picked_players"] if r["label"] == "players who used a power")
    game = load_game(ROOT / "tests" / "games" / "powers")
    named = wins = with_any = 0
    for seed in range(30):  # the same games, replayed here by hand
        state = game.new_initial_state(seed)
        rng = _random.Random(seed)
        while not game.is_terminal(state):
            game.apply(state, game.sample_move(state, rng))
        users = [p for p in range(game.player_count) if game.position(state).get("ever_used", p)]
        with_any += bool(users)
        named += len(users)
        wins += sum(1 for p in users if p in game.winning_players(state))
    assert row["named"] == named and row["games_with_any"]["count"] == with_any
    assert row["win_rate"]["count"] == wins
    assert [s["label"] for s in summary["statistics"]] == ["gems in the supply"]


def test_statistics_for_each_member_of_a_kind() -> None:
    """`statistic "… {c}" for c in …` declares one figure per member (expert Eriantys: each
    character's presence, uses, and the win rate of the players who used it)."""
    summary, _ = simulate("eriantys", {"expert": True, "characters": ["Monk", "Jester", "Minstrel"]},
                          games=12, seed=0, workers=1)
    labels = [s["label"] for s in summary["statistics"]]
    assert "Monk in play" in labels and "uses of the Thief" in labels and len(labels) == 24
    monk = next(s for s in summary["statistics"] if s["label"] == "Monk in play")
    thief = next(s for s in summary["statistics"] if s["label"] == "Thief in play")
    assert monk["mean"] == 1 and thief["mean"] == 0
    assert len(summary["picked_players"]) == 12
    easy, _ = simulate("eriantys", {}, games=4, seed=0, workers=1)
    assert easy["statistics"] == [] and easy["picked_players"] == []


def test_a_long_simulation_streams_its_work() -> None:
    """Issue 18 item 5: at most `window` pieces are submitted at once, each next one only when one
    finishes, and progress is told piece by piece — a million games are never queued up front."""
    import threading
    import time
    from concurrent.futures import ThreadPoolExecutor

    from rulebook.sim.runner import in_flight

    lock, outstanding, most, told = threading.Lock(), [0], [0], []

    def work(start: int, count: int) -> int:
        time.sleep(0.002)  # pieces take a while: work queued up front would pile up
        return start * 10 + count

    def done(_future) -> None:
        with lock:
            outstanding[0] -= 1

    with ThreadPoolExecutor(max_workers=2) as pool:
        def submit(start: int, count: int):
            with lock:
                outstanding[0] += 1
                most[0] = max(most[0], outstanding[0])
            future = pool.submit(work, start, count)
            future.add_done_callback(done)
            return future

        pieces = [(start, 3) for start in range(0, 300, 3)]
        results = in_flight(pieces, submit, window=4, advance=told.append)
    assert most[0] <= 4
    assert results == {start: start * 10 + 3 for start, _ in pieces}
    assert told == [3] * len(pieces)
