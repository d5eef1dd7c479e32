"""Mutation check for Ephyran (issue 12): each one-line breakage of rules/ephyran still passes
`rulebook check` and changes one rule's meaning, and at least one of its scenarios notices."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rulebook import api
from mutation_support import mutate as mutate_copy, run_on, still_a_game

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "rules" / "ephyran"
FEATURES = ROOT / "features" / "ephyran"

# (id, ruling, rules file, exact old text (on one line), new text, feature files that must notice)
MUTATIONS = [
    ("zone_order_ignored", "Y13", "city.rules",
     "x.number == 1 or filled(q, place[x.below])", "x.number >= 1 or filled(q, place[x.below])", ["city"]),
    ("only_zone_3_is_ever_covered", "Y15", "city.rules",
     "x.number < 4 and filled(q, place[x.above])", "x.number < 2 and filled(q, place[x.above])", ["city"]),
    ("exchanged_zone_keeps_its_token", "Y16", "city.rules",
     "  move all from token_on[p, x] to tokens_out", "  pass", ["city"]),
    ("a_dionysus_may_be_exchanged_out", "Y22", "city.rules",
     "and open_zone(q, x) and card_on(q, x) != dionysus", "and open_zone(q, x)", ["dionysus"]),
    ("discard_taken_back_the_same_turn", "Y18", "turn.rules",
     "count(discard_pile) > 0 and not put_on_discard", "count(discard_pile) > 0", ["draw"]),
    ("recovery_without_a_zone_to_add", "Y21", "turn.rules",
     "y in place where may_add(p, y):", "y in place where not filled(p, y):", ["dionysus"]),
    ("replay_may_be_a_reinforcement", "Y24", "reinforcements.rules",
     "take_action(p, false)", "take_action(p, true)", ["draw_reinforcements"]),
    ("the_graeae_draw_two", "Y25", "reinforcements.rules",
     "draw 3 from draw_pile to graeae[p]", "draw 2 from draw_pile to graeae[p]", ["draw_reinforcements"]),
    ("exchange_with_hand_discards_the_city_card", "Y26", "reinforcements.rules",
     "move old from city[p, x] to hand[p]", "move old from city[p, x] to discard_pile", ["athena_and_ares"]),
    ("destruction_of_a_covered_zone", "Y28", "reinforcements.rules",
     "value may_destroy(q: player, x: place) -> bool = uncovered(q, x)",
     "value may_destroy(q: player, x: place) -> bool = filled(q, x)", ["athena_and_ares"]),
    ("asked_in_table_order_not_from_the_left", "Y30", "game.rules",
     "[q for q in seats(next_player(p)) where q != p]", "[q for q in players where q != p]", ["answers"]),
    ("exchange_answered_by_hecate", "Y30", "reinforcements.yaml",
     '- {name: "Territory Exchange", type: Athena, answered_by: "Athena\'s Shield"}',
     '- {name: "Territory Exchange", type: Athena, answered_by: "Hecate\'s Magic"}', ["answers"]),
    ("answer_refills_to_four", "Y31", "reinforcements.rules",
     "while count(hand[q]) < 5 and count(draw_pile) > 0:", "while count(hand[q]) < 4 and count(draw_pile) > 0:",
     ["answers"]),
    ("an_answer_cancels_nothing", "Y31", "reinforcements.rules",
     "      cancel", "      pass", ["answers"]),
    ("locks_protect_nothing", "Y32", "city.rules",
     "value open_zone(q: player, x: place) -> bool = not locked(q, territory_of(x))",
     "value open_zone(q: player, x: place) -> bool = true", ["locks"]),
    ("token_values_seen_by_all", "Y35", "game.rules",
     "zone token_on[player, place]: token private unless revealed", "zone token_on[player, place]: token", ["tokens"]),
    ("sixteenth_card_ends_nothing", "Y36", "city.rules",
     "if city_size(p) == 16:", "if city_size(p) == 17:", ["end_of_game"]),
    ("rounds_end_with_the_first_seat", "Y37", "turn.rules",
     "if turn_of == athena:", "if turn_of == players[0]:", ["end_of_game"]),
    ("creature_bonus_needs_five", "Y39", "scoring.rules",
     "1 if creatures(q, t) == 4 and", "1 if creatures(q, t) == 5 and", ["scoring"]),
    ("dionysus_scores_in_every_territory", "Y40", "scoring.rules",
     "    and t == [u for u in scoring_order(q) where holds_dionysus(q, u)][0] else 0)", "    else 0)", ["scoring"]),
    ("helmet_gives_a_point", "Y41", "tokens.yaml",
     "points: -1", "points: 1", ["scoring"]),
    ("own_territory_not_doubled", "Y42", "scoring.rules",
     "* (2 if t == own_territory(q) else 1))", "* (1 if t == own_territory(q) else 1))", ["scoring"]),
    ("every_complete_city_scores_three", "Y43", "scoring.rules",
     "(3 if first_complete == q else 1)", "(3 if first_complete == q else 3)", ["end_of_game"]),
]


def run(features: list, rules: Path, capsys) -> tuple[int, int, int]:
    return run_on("ephyran", FEATURES, features, rules, capsys)


def test_the_mutations_break_enough_rulings() -> None:
    assert len(MUTATIONS) >= 12 and len({m[1] for m in MUTATIONS}) >= 8


def test_unmutated_rules_pass(tmp_path: Path, capsys) -> None:
    copy = tmp_path / "ephyran"
    shutil.copytree(RULES, copy)
    code, passed, failed = run(sorted(p.stem for p in FEATURES.glob("*.feature")), copy, capsys)
    assert (code, failed) == (0, 0) and passed >= 45


@pytest.mark.parametrize("name,ruling,file,old,new,features", MUTATIONS, ids=[m[0] for m in MUTATIONS])
def test_mutant_is_caught(tmp_path: Path, capsys, name, ruling, file, old, new, features) -> None:
    mutant = tmp_path / "ephyran"
    mutate_copy(RULES, mutant, file, old, new)
    still_a_game(mutant, {})
    code, passed, failed = run(features, mutant, capsys)
    assert code == 1 and failed >= 1, f"mutant '{name}' ({ruling}) survived: {passed} scenarios passed"
