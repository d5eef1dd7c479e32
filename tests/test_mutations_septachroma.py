"""Mutation check for Septachroma (issue 7): each one-line breakage of rules/septachroma makes at
least one of its scenarios fail, as the Eriantys check does for Eriantys."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rulebook import api
from mutation_support import mutate as mutate_copy, run_on, still_a_game

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "rules" / "septachroma"
FEATURES = ROOT / "features" / "septachroma"

# (id, rules file, exact old text (on one line), new text, feature files that must notice)
MUTATIONS = [
    ("first_stone_may_go_in_a_corner", "turn.rules",
     "[x for x in nodes(island) where empty(x) and not corner(x)] if",
     "[x for x in nodes(island) where empty(x)] if", ["placement"]),
    ("no_adjacency_needed", "turn.rules",
     "else (growth(t) if may_grow(t) else",
     "else (first_places() if may_grow(t) else", ["placement"]),
    ("diagonals_count_as_adjacent", "turn.rules",
     "value touches(t: tribe, x: island) -> bool = any(area[y][t] > 0 for y in neighbours(x))",
     "value touches(t: tribe, x: island) -> bool = any(area[y][t] > 0 for y in nodes(island))", ["placement"]),
    ("advantage_needs_five", "advantage.rules",
     "stones_on(t, s) >= 4:", "stones_on(t, s) >= 5:", ["advantage"]),
    ("win_needs_five_tokens", "advantage.rules",
     "if count(tokens[q]) >= 4:", "if count(tokens[q]) >= 5:", ["advantage"]),
    ("draw_one_too_few", "turn.rules",
     "draw 3 - count(hand[p]) from bag to hand[p]",
     "draw 2 - count(hand[p]) from bag to hand[p]", ["turn"]),
    ("rush_gives_no_fourth_ring_stone", "turn.rules",
     "value ring_take() -> int = 4 if rushed else 3",
     "value ring_take() -> int = 3", ["variants"]),
    ("ring_left_end_is_the_right_end", "turn.rules",
     "        move all from ring to ring_turned             # turned end for end: the left end on top",
     "        pass", ["variants"]),
    ("two_rushes_a_turn", "turn.rules",
     "value may_rush(p: player) -> bool = variant_c and rush_tokens[p] > 0 and not rushed",
     "value may_rush(p: player) -> bool = variant_c and rush_tokens[p] > 0", ["variants"]),
]


def mutate(target: Path, file: str, old: str, new: str) -> None:
    mutate_copy(RULES, target, file, old, new)


def run(features: list, rules: Path, capsys) -> tuple[int, int, int]:
    return run_on("septachroma", FEATURES, features, rules, capsys)


def test_unmutated_rules_pass(tmp_path: Path, capsys) -> None:
    copy = tmp_path / "septachroma"
    shutil.copytree(RULES, copy)
    code, passed, failed = run(sorted(p.stem for p in FEATURES.glob("*.feature")), copy, capsys)
    assert (code, failed) == (0, 0) and passed >= 50


@pytest.mark.parametrize("name,file,old,new,features", MUTATIONS, ids=[m[0] for m in MUTATIONS])
def test_mutant_is_caught(tmp_path: Path, capsys, name, file, old, new, features) -> None:
    mutant = tmp_path / "septachroma"
    mutate(mutant, file, old, new)
    still_a_game(mutant, {})
    code, passed, failed = run(features, mutant, capsys)
    assert code == 1 and failed >= 1, f"mutant '{name}' survived: {passed} scenarios passed"
