"""Mutation check: the Eriantys scenarios notice deliberate one-line breakages of the rules.

Each mutant is a copy of rules/eriantys with one line changed (a wrong tie-break, a missing
neighbour, a forgotten refund…); running the feature files that cover that rule against it must
fail at least one scenario, while the unchanged copy passes them all.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rulebook import api
from mutation_support import mutate as mutate_copy, run_on, still_a_game

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "rules" / "eriantys"
FEATURES = ROOT / "features" / "eriantys"

# (id, rules file, exact old line text, new text, feature files that must notice)
MUTATIONS = [
    ("professor_taken_on_a_tie", "action.rules",
     "let leader = best q in players by dining[q][c]",
     "let leader = best q in players by dining[q][c] * 10 - index(players, q)",
     ["professors"]),
    ("professor_steal_needs_one_more", "action.rules",
     "if holder == none or dining[leader][c] > dining[holder][c]:",
     "if holder == none or dining[leader][c] > dining[holder][c] + 1:",
     ["professors"]),
    ("dining_row_limit_unchecked", "action.rules",
     "where dining[p][c] < 10:",
     "where dining[p][c] < 11:",
     ["students", "professors"]),
    ("mother_nature_one_step_fewer", "action.rules",
     "choose n in 1 .. max_moves(p) as",
     "choose n in 1 .. max_moves(p) - 1 as",
     ["mother_nature"]),
    ("empty_cloud_may_be_chosen", "action.rules",
     "choose c in 1 .. mode.clouds where count(cloud[c]) > 0 as",
     "choose c in 1 .. mode.clouds as",
     ["clouds"]),
    ("turn_order_ties_by_seat", "action.rules",
     "sort p in players by played[p].value, play_position[p]",
     "sort p in players by played[p].value",
     ["turn_order"]),
    ("influence_ties_won_by_first_team", "islands.rules",
     "let winner = best t in teams by influence(t, g)",
     "let winner = best t in teams by influence(t, g) * 10 - index(teams, t)",
     ["influence"]),
    ("tower_counted_twice", "islands.rules",
     "= student_influence(t, g) + tower_influence(t, g)",
     "= student_influence(t, g) + 2 * tower_influence(t, g)",
     ["conquest"]),
    ("professors_of_any_team_count", "islands.rules",
     "isle[g][c] for c in colour where colour_counts(c) and professor[c] != none and team(professor[c]) == t)",
     "isle[g][c] for c in colour where colour_counts(c) and professor[c] != none)",
     ["influence"]),
    ("conquest_keeps_loser_towers", "islands.rules",
     "towers_left[tower[i]] += 1",
     "pass",
     ["conquest"]),
    ("conqueror_places_more_than_it_has", "islands.rules",
     "if towers_left[winner] > 0:",
     "if true:",
     ["conquest"]),
    # E10: a conqueror short of towers still sends every loser's tower on the group back (the
    # rules once replaced tile by tile while the conqueror had towers, leaving the rest standing).
    ("conqueror_short_of_towers_leaves_the_losers", "islands.rules",
     "    for i in tiles(g):\n      if tower[i] != none:\n        towers_left[tower[i]] += 1\n        tower[i] = none\n"
     "    for i in tiles(g):\n      if towers_left[winner] > 0:\n        tower[i] = winner\n",
     "    for i in tiles(g):\n      if towers_left[winner] > 0:\n        if tower[i] != none:\n"
     "          towers_left[tower[i]] += 1\n        tower[i] = winner\n",
     ["conquest"]),
    ("last_tower_does_not_end", "islands.rules",
     "if towers_left[winner] == 0:",
     "if towers_left[winner] < 0:",
     ["end_of_game"]),
    ("neighbours_on_one_side_only", "islands.rules",
     "for h in neighbours(g):",
     "for h in [neighbours(g)[0]]:",
     ["unification"]),
    ("three_groups_end_off", "islands.rules",
     "if count(groups(islands)) <= 3:",
     "if count(groups(islands)) <= 2:",
     ["end_of_game"]),
    ("no_professor_tie_break", "islands.rules",
     "value leaders() -> list of team = [t for t in tied_teams() where professors_of(t) == max(professors_of(u) for u in tied_teams())]",
     "value leaders() -> list of team = tied_teams()",
     ["end_of_game"]),
    ("same_card_rule_ignored", "round.rules",
     "value may_play(p: player, a: assistant) -> bool = not already_played(a) or all(already_played(b) for b in hand[p])",
     "value may_play(p: player, a: assistant) -> bool = true",
     ["planning"]),
    ("same_card_exception_missing", "round.rules",
     "= not already_played(a) or all(already_played(b) for b in hand[p])",
     "= not already_played(a)",
     ["planning"]),
    ("last_round_does_not_end", "round.rules",
     "    if last_round:",
     "    if last_round and round_number < 0:",
     ["end_of_game"]),
    ("empty_bag_not_last_round", "round.rules",
     "if count(bag) == 0:",
     "if count(bag) < 0:",
     ["clouds"]),
    ("end_names_the_last_cause", "round.rules",
     "  if not last_round:",
     "  if true:",
     ["end_of_game"]),
    ("next_round_starts_with_first_seat", "round.rules",
     "first_player = action_order()[0]",
     "first_player = players[0]",
     ["turn_order"]),
    # ---- expert mode: coins, costs and each of the twelve characters (E13, E16–E21)
    ("first_use_leaves_no_coin_on_the_card", "expert.rules",
     "supply += cost(c) - (0 if raised[c] else 1)",
     "supply += cost(c)",
     ["expert_characters"]),
    ("cost_never_rises", "expert.rules",
     "    raised[c] = true",
     "    raised[c] = false",
     ["expert_characters"]),
    ("cost_rises_by_two", "expert.rules",
     "= c.cost + (1 if raised[c] else 0)",
     "= c.cost + (2 if raised[c] else 0)",
     ["expert_characters"]),
    ("two_characters_a_turn", "expert.rules",
     "    character_used = true",
     "    character_used = false",
     ["expert_characters"]),
    ("coin_on_the_wrong_spaces", "expert.rules",
     "if dining[p][c] % 3 == 0 and supply > 0:",
     "if dining[p][c] % 3 == 1 and supply > 0:",
     ["expert_coins"]),
    ("coin_from_an_empty_supply", "expert.rules",
     "if dining[p][c] % 3 == 0 and supply > 0:",
     "if dining[p][c] % 3 == 0 and supply >= 0:",
     ["expert_coins"]),
    ("card_refill_keeps_the_round", "expert.rules",
     "  if count(bag) == 0:",
     "  if count(bag) < 0:",
     ["characters/monk"]),
    ("card_does_not_refill", "expert.rules",
     "  draw 1 from bag to on_card[c]",
     "  pass",
     ["characters/monk", "characters/spoiled_princess"]),
    ("monk_student_to_the_bag", "characters.yaml",
     "move s from on_card[card] to isle[g]",
     "move s from on_card[card] to bag",
     ["characters/monk"]),
    ("farmer_ties_for_the_others", "characters.yaml",
     "modify takes_on_tie(q) := true where q == user",
     "modify takes_on_tie(q) := true where q != user",
     ["characters/farmer"]),
    ("herald_ignores_no_entry_tiles", "characters.yaml",
     "    resolve(g)",
     "    build_or_conquer(g)",
     ["characters/herald"]),
    ("mailman_one_extra_step", "characters.yaml",
     "modify max_moves(q) += 2",
     "modify max_moves(q) += 1",
     ["characters/magic_mailman"]),
    ("grandma_herbs_tile_lost", "characters.yaml",
     "move no_entry from tiles_on[card] to blocked[g]",
     "move no_entry from tiles_on[card] to tiles_out_of_play",
     ["characters/grandma_herbs"]),
    ("no_entry_tile_does_not_come_back", "islands.rules",
     "move no_entry from blocked[i] to tiles_on[[c for c in character where c.tiles != none][0]]",
     "take 1 no_entry out of blocked[i]",
     ["characters/grandma_herbs"]),
    ("one_no_entry_tile_stops_nothing", "islands.rules",
     "if count(blocked[g]) > 0:",
     "if count(blocked[g]) > 1:",
     ["characters/grandma_herbs"]),
    ("centaur_keeps_towers", "characters.yaml",
     "modify tower_influence(t, g) := 0",
     "modify tower_influence(t, g) += 0",
     ["characters/centaur"]),
    ("jester_four_swaps", "characters.yaml",
     "choose up to 2 s2",
     "choose up to 3 s2",
     ["characters/jester"]),
    ("knight_one_more", "characters.yaml",
     "modify influence(t, g) += 2 where t == team(user)",
     "modify influence(t, g) += 1 where t == team(user)",
     ["characters/knight"]),
    ("mushroom_merchant_spares_the_colour", "characters.yaml",
     "modify colour_counts(x) := false where x == c",
     "modify colour_counts(x) := false where x != c",
     ["characters/mushroom_merchant"]),
    ("minstrel_overfills_a_row", "characters.yaml",
     'd in dining[user] where e == d or dining[user][e] < 10 by user as "minstrel: {e} for {d}"',
     'd in dining[user] by user as "minstrel: {e} for {d}"',
     ["characters/minstrel"]),
    ("minstrel_three_swaps", "characters.yaml",
     "choose up to 1 e2",
     "choose up to 2 e2",
     ["characters/minstrel"]),
    ("princess_overfills_a_row", "characters.yaml",
     "choose s in on_card[card] where dining[user][s] < 10 by user",
     "choose s in on_card[card] by user",
     ["characters/spoiled_princess"]),
    ("thief_robs_only_the_user", "characters.yaml",
     "    for q in players:",
     "    for q in [user]:",
     ["characters/thief"]),
    ("thief_takes_them_all", "characters.yaml",
     "move (min(3, dining[q][c])) c",
     "move (dining[q][c]) c",
     ["characters/thief"]),
    ("thief_returns_checked_one_by_one", "characters.yaml",
     "    dining_change_under_way = true",
     "    pass",
     ["characters/thief"]),
    # E18: the Minstrel's dining-room student leaves first, and professors are checked once a swap
    # is complete — the order the engine once had (entrance student first) pays coins in the wrong
    # rows; checks after each move take a professor from a tied holder.
    ("minstrel_entrance_student_first", "expert.rules",
     "  move d from dining[p] to entrance[p]\n  move e from entrance[p] to dining[p]\n",
     "  move e from entrance[p] to dining[p]\n  move d from dining[p] to entrance[p]\n",
     ["characters/minstrel"]),
    ("minstrel_professors_checked_after_each_move", "expert.rules",
     "  dining_change_under_way = true",
     "  pass",
     ["characters/minstrel"]),
    ("setup_skips_the_wrong_island", "setup.rules",
     "if k != mode.islands / 2:",
     "if k != mode.islands / 2 - 1:",
     ["setup"]),
]


def mutate(target: Path, file: str, old: str, new: str) -> None:
    mutate_copy(RULES, target, file, old, new)


def run(features: list, rules: Path, capsys) -> tuple[int, int, int]:
    return run_on("eriantys", FEATURES, features, rules, capsys)


def test_unmutated_rules_pass_every_scenario(tmp_path: Path, capsys) -> None:
    copy = tmp_path / "eriantys"
    shutil.copytree(RULES, copy)
    names = sorted(p.relative_to(FEATURES).with_suffix("").as_posix() for p in FEATURES.rglob("*.feature"))
    code, passed, failed = run(names, copy, capsys)
    assert (code, failed) == (0, 0) and passed >= 150


@pytest.mark.parametrize("name,file,old,new,features", MUTATIONS, ids=[m[0] for m in MUTATIONS])
def test_mutant_is_caught(tmp_path: Path, capsys, name, file, old, new, features) -> None:
    mutant = tmp_path / "eriantys"
    mutate(mutant, file, old, new)
    still_a_game(mutant, *({"players": p, "expert": e} for p in (2, 3, 4) for e in (False, True)))
    code, passed, failed = run(features, mutant, capsys)
    assert code == 1 and failed >= 1, f"mutant '{name}' survived: {passed} scenarios passed, none failed"
