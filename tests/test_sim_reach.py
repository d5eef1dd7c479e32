"""`simulate` and `compare` count how many games reach what they compare — a mod's rules and rows,
the options set — and warn under 5% (issue 14 item 5: a card random players hardly take shows "no
difference" for the wrong reason). The counting is rules coverage's reach points (counting build)."""
from __future__ import annotations

import json
from pathlib import Path

from rulebook.cli import main
from rulebook.sim import reach, simulate
from rulebook.sim.simulation import compare_options

ROOT = Path(__file__).resolve().parent.parent
BARD = str(ROOT / "examples" / "mods" / "the-bard")
NIM = str(ROOT / "tests" / "games" / "nim")


def _values(summary: dict, label: str) -> list:
    return next(s["values"] for s in summary["statistics"] if s["label"] == label)


def test_a_mods_row_counts_the_games_that_play_it():
    """The Bard's row (a character card: a code table row) is reached in exactly the games in
    which someone uses the Bard — the game's own statistic counts the uses."""
    _, a, b = compare_options("eriantys", {"expert": True}, {"expert": True}, games=120, workers=1,
                              mods_b=(BARD,), standing_rate=1.0)
    assert "reached" not in a  # side A brings nothing compared: nothing counted
    # The mod brings its row and, in its row's effect, a choice (placed in the mod's own file).
    row, choice = b["reached"]
    assert row["what"] == "row Bard of character_cards (mod the-bard)"
    assert row["where"].endswith("the-bard/characters.yaml:2")
    assert choice["what"] == "choice 'bard: {…}' (mod the-bard)" and choice["where"].endswith("the-bard/characters.yaml:7")
    used = sum(1 for v in _values(b, "uses of the Bard") if v > 0)
    assert row["games"] == used and row["rate"] == used / 120 and choice["games"] == used


def test_compare_warns_when_a_compared_row_is_rarely_reached(capsys):
    code = main(["compare", "eriantys", "-o", "expert=true", "--b-mod", BARD, "--games", "40", "--workers", "1"])
    captured = capsys.readouterr()
    assert code == 0
    assert "row Bard of character_cards (mod the-bard)" in captured.out  # the table of what is compared
    assert "warning: row Bard of character_cards (mod the-bard)" in captured.err
    assert "under 5%" in captured.err and "--standing-rate" in captured.err


def test_an_option_compared_counts_where_the_rules_read_it(capsys, tmp_path):
    """Edenia's law_of_the_universe is read by `if law:` (end.rules:5, through `let law = …`):
    that arm runs in every game with the law, never without it; the comparison takes the side that
    reaches it more, so it does not warn."""
    out = tmp_path / "compare.json"
    code = main(["compare", "edenia", "--a", "law_of_the_universe=true", "--b", "law_of_the_universe=false",
                 "--games", "30", "--workers", "1", "--json", str(out)])
    captured = capsys.readouterr()
    assert code == 0 and "warning" not in captured.err
    data = json.loads(out.read_text())
    a, b = data["a"]["reached"], data["b"]["reached"]
    assert [(r["what"], r["rate"]) for r in a] == [("option law_of_the_universe", 1.0)]
    assert [(r["what"], r["rate"]) for r in b] == [("option law_of_the_universe", 0.0)]
    assert reach.rare(reach.combined(a, b)) == []


def test_nothing_is_counted_when_nothing_is_changed():
    summary, _ = simulate(NIM, {}, games=5, workers=1)
    assert "reached" not in summary
    summary, _ = simulate("edenia", {"law_of_the_universe": True}, games=3, workers=1)  # its default
    assert "reached" not in summary
    summary, _ = simulate("edenia", {"little_lambs": True}, games=3, workers=1)
    assert [r["what"] for r in summary["reached"]] == ["option little_lambs"]
