"""Mutation check for Edenia (issue 13): each one-line breakage of rules/edenia — still a game
`rulebook check` accepts, each changing what one rule means — makes a scenario fail."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rulebook import api
from mutation_support import mutate as mutate_copy, run_on, still_a_game

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "rules" / "edenia"
FEATURES = ROOT / "features" / "edenia"

# (id, ruling, rules file, exact old text (on one line), new text, feature files that must notice)
MUTATIONS = [
    ("skip_after_an_artefact", "D11", "turn.rules",
     'option "skips his turn" where not played_artefact:', 'option "skips his turn" where true:', ["turn"]),
    ("two_tiles_a_turn", "D14", "move.rules",
     "if not explored and count(deck) > 0:", "if count(deck) > 0:", ["exploring"]),
    ("planets_get_two_clovers", "D15", "places.rules", "let n = min(3, supply)", "let n = min(2, supply)",
     ["exploring"]),
    ("leap_with_as_many_clovers_as_leaps", "D16", "move.rules",
     "if clovers[p] > leaps:", "if clovers[p] >= leaps:", ["leapfrog"]),
    ("loops_go_on", "D17", "move.rules",
     "if q in visited:                                   # D17: a loop ends the move",
     "if q in visited and leaps > 99:", ["black_hole"]),
    ("the_die_is_ignored", "D18", "move.rules",
     "reach(p, s, port_at(x, order_side, face))", "reach(p, s, port_at(x, order_side, lane_of(q)))", ["black_hole"]),
    ("relays_keep_their_clover", "D19", "move.rules", "if relay_clover[b] > 0:", "if relay_clover[b] > 1:", ["rim"]),
    ("no_choice_between_clover_and_flag", "D20", "places.rules", 'option "raises a flag" where flag:',
     'option "raises a flag" where flag and not clover:', ["planets"]),
    ("artefacts_free_on_dwarf_planets", "D21", "places.rules",
     "where count(dwarf_hold[x]) > 0 and clovers[p] > 0:", "where count(dwarf_hold[x]) > 0 and clovers[p] >= 0:",
     ["dwarf_planets"]),
    ("teleporting_always_free", "D22", "turn.rules",
     "value teleport_cost(from: galaxy?, y: galaxy) -> int = 0 if from != none and colour(from) == colour(y) else 1",
     "value teleport_cost(from: galaxy?, y: galaxy) -> int = 0", ["teleporters"]),
    ("edenia_gives_the_lowest_token", "D23", "places.rules",
     "let token = best t in on_edenia by t.points", "let token = best t in on_edenia by -t.points",
     ["edenia_and_arridis"]),
    ("law_for_42_or_more", "D27", "end.rules",
     "let exact = [q for q in players where score_of(q) == 42]",
     "let exact = [q for q in players where score_of(q) >= 42]", ["ending"]),
    ("ties_ignore_the_flock", "D29", "end.rules",
     "let most = max(on_edenia_flock(q) for q in tied)", "let most = min(on_edenia_flock(q) for q in tied)",
     ["ending"]),
    ("turbo_needs_two", "D32", "places.rules",
     'elif kind == "habitable planet" and turbo > 0:', 'elif kind == "habitable planet" and turbo > 1:',
     ["artefacts"]),
    ("helmets_never_free", "D38", "artefacts.yaml",
     "send_to_teleporter(user, y, 0 if colour(y) == token.helmet else 1)", "send_to_teleporter(user, y, 1)",
     ["artefacts"]),
    ("little_lambs_get_artefacts", "D40", "places.rules",
     'elif hub(x) == "dwarf planet" and not little_lambs:', 'elif hub(x) == "dwarf planet":', ["variants"]),
]


def test_mutations_spread_over_the_rulings() -> None:
    assert len(MUTATIONS) >= 12
    assert len({ruling for _, ruling, *_ in MUTATIONS}) >= 8


@pytest.mark.parametrize("name,ruling,file,old,new,features", MUTATIONS, ids=[m[0] for m in MUTATIONS])
def test_mutant_is_caught(tmp_path: Path, capsys, name, ruling, file, old, new, features) -> None:
    mutant = tmp_path / "edenia"
    mutate_copy(RULES, mutant, file, old, new)
    still_a_game(mutant, {"players": 2})
    code, passed, failed = run_on("edenia", FEATURES, features, mutant, capsys)
    assert code == 1 and failed >= 1, f"mutant '{name}' ({ruling}) survived: {passed} scenarios passed"


def test_unmutated_copy_passes(tmp_path: Path, capsys) -> None:
    """The copy the mutants start from passes (every scenario runs on the shipped rules in
    tests/test_features.py; here two feature files check that a copy elsewhere is the same game)."""
    copy = tmp_path / "edenia"
    shutil.copytree(RULES, copy)
    code, passed, failed = run_on("edenia", FEATURES, ["rim", "black_hole"], copy, capsys)
    assert (code, failed) == (0, 0) and passed >= 10
