"""Balance reports (issue 29 item 4): first-seat advantage, balance across seats, branching, lead
changes, how early the winner leads, and the rows of per-player tables, in simulate and compare."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulebook.cli import main
from rulebook.sim import compare_options, simulate
from rulebook.sim.balance import first_seat_advantage, seat_balance
from rulebook.sim.stats import chi_square_sf
from rulebook.sim.usage import lead_figures

ROOT = Path(__file__).resolve().parent.parent
NIM = str(ROOT / "tests/games/nim")
CROWN = str(ROOT / "tests/games/crown")  # rigged: whoever picks the Crown wins


def test_chi_square_known_values() -> None:
    # scipy.stats.chi2.sf agrees: the 5% critical values, and two more
    assert round(chi_square_sf(3.841458820694124, 1), 6) == 0.05
    assert round(chi_square_sf(5.991464547107979, 2), 6) == 0.05
    assert round(chi_square_sf(1, 3), 6) == 0.801252 and round(chi_square_sf(20, 3), 7) == 0.0001697
    assert chi_square_sf(0, 4) == 1.0


def test_first_seat_and_seat_balance_on_known_counts() -> None:
    even = first_seat_advantage([50, 50], 100)
    assert even["advantage"] == 0 and not even["significant"]
    ahead = first_seat_advantage([70, 30], 100)  # z = 0.2 / sqrt(.25/100) = 4
    assert round(ahead["advantage"], 6) == 0.2 and round(ahead["statistic"], 6) == 4.0 and ahead["significant"]
    assert ahead["ci95"][0] > 0
    assert seat_balance([70, 30])["statistic"] == 16.0 and seat_balance([70, 30])["significant"]
    assert not seat_balance([34, 33, 33])["significant"] and seat_balance([34, 33, 33])["df"] == 2


def test_nim_with_one_stone_gives_seat_one_a_significant_advantage() -> None:
    rigged, _ = simulate(NIM, {"stones": 1}, games=30, seed=0, workers=1)  # seat 1 takes it and wins
    first = rigged["balance"]["first_seat"]
    assert first["seat_1_rate"] == 1.0 and first["advantage"] == 0.5 and first["significant"]
    assert rigged["balance"]["seats"]["significant"] and not rigged["balance"]["traced"]
    fair, _ = simulate(NIM, {"stones": 2}, games=60, seed=0, workers=1)  # at random: a coin toss
    assert not fair["balance"]["first_seat"]["significant"] and not fair["balance"]["seats"]["significant"]


def test_lead_figures() -> None:
    points = [(0, 0), (1, 0), (1, 2), (3, 2), (4, 2)]  # seat 1 leads, seat 2, then seat 1 for good
    assert lead_figures(points, {0}, 2) == {"lead_changes": 2, "winner_leads_from": 0.75}
    assert lead_figures(points, {1}, 2)["winner_leads_from"] is None  # the score does not tell the winner
    assert lead_figures([(0, 0), (2, 0)], {0}, 2)["winner_leads_from"] == 1.0  # ahead only at the end
    assert lead_figures([(1, 0), (2, 0)], {0}, 2)["winner_leads_from"] == 0.0  # ahead from the start
    assert lead_figures([], {0}, 2) == {"lead_changes": None, "winner_leads_from": None}


def test_traced_figures_and_a_rigged_row() -> None:
    summary, _ = simulate(CROWN, {}, games=40, seed=0, workers=1, balance=True)
    balance = summary["balance"]
    assert balance["traced"] and balance["branching"]["mean"] == 4  # four cards to pick from, every decision
    assert balance["lead_changes"]["n"] == 40
    rows = {r["row"]: r for r in balance["rows"]}
    assert set(rows) == {"Crown", "Sword", "Shield", "Coin"} and {r["kind"] for r in rows.values()} == {"card"}
    crown = rows["Crown"]
    assert crown["users_win_rate"] == 1.0 and crown["significant"] and crown["difference"] > 0.5
    assert 0 < crown["use_rate"] <= 1 and crown["users"] + crown["others"] == 80
    assert not rows["Shield"]["significant"]


def test_untraced_runs_keep_the_native_speed_and_have_no_rows() -> None:
    summary, run = simulate(CROWN, {}, games=10, seed=0, workers=1)
    assert "rows" not in summary["balance"] and "tracing" not in run["where"]


def test_compare_tests_each_rows_users_win_rate(tmp_path) -> None:
    mod = tmp_path / "sceptre"
    mod.mkdir()
    (mod / "mod.yaml").write_text('name: Sceptre\ndescription: a second card that wins\n'
                                  f'game: {CROWN}\ngame_version: "1.0"\n')
    (mod / "cards.yaml").write_text("- name: Sceptre\n  power: 0\n")
    rows, a, b = compare_options(CROWN, {}, {}, games=40, seed=0, workers=1, mods_b=(str(mod),), balance=True)
    figures = {r["figure"]: r for r in rows}
    sceptre = figures["win rate of card Sceptre's users"]
    assert sceptre["a"] is None and sceptre["b"] == 1.0 and sceptre["p"] is None  # only B has it: no test
    coin = figures["win rate of card Coin's users"]
    assert coin["p"] is not None and coin["a"] is not None and coin["b"] is not None


def test_simulate_command_writes_balance_to_json_and_report(tmp_path, capsys) -> None:
    out, page = tmp_path / "s.json", tmp_path / "s.html"
    assert main(["simulate", CROWN, "--games", "20", "--workers", "1", "--balance", "--json", str(out),
                 "--report", str(page)]) == 0
    printed = capsys.readouterr().out
    assert "first-seat advantage" in printed and "Crown" in printed
    data = json.loads(out.read_text())
    assert data["balance"]["rows"][0]["row"] == "Crown" and "p" in data["balance"]["seats"]
    assert "Rows of per-player tables" in page.read_text() and "first-seat advantage" in page.read_text()


def test_the_designers_page_commands_run(capsys, monkeypatch) -> None:
    """docs/balance.md: every `rulebook …` command of its worked example runs and prints what the
    page reads from it."""
    monkeypatch.chdir(ROOT)  # the page's paths are from the project's folder
    page = (ROOT / "docs/balance.md").read_text(encoding="utf-8")
    commands = [line.split()[1:] for line in page.splitlines() if line.startswith("rulebook ")]
    assert len(commands) == 2
    for words in commands:
        assert main(words) == 0
    printed = capsys.readouterr().out
    assert "character   Bard" in printed and "first-seat advantage" in printed
    assert "win rate of character Minstrel's users" in printed and "win rate of character Bard's users" in printed
