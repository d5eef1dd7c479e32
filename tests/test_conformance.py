"""Games written as rules, checked move for move against OpenSpiel's own implementations (issue 28):
300 random games each with no difference, and a deliberately wrong rule caught."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")

from rulebook.cli import main  # noqa: E402
from rulebook.conformance import check_conformance, read_map  # noqa: E402
from rulebook.dsl.errors import OptionsError, RulesError  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CHECKED = ["tic_tac_toe", "connect_four", "pig", "breakthrough", "kuhn_poker", "othello", "goofspiel", "hex",
           "leduc_poker", "liars_dice", "oware", "hearts"]
# One changed line each, which OpenSpiel's implementation must tell apart.
WRONG = {
    # Diagonals not counted.
    "tic_tac_toe": (" or run(p, c, up_left) + run(p, c, down_right) >= 2", ""),
    # A disc that stays where it is dropped, with a gap below it.
    "connect_four": ("(neighbour(c, down) == none or disc[neighbour(c, down)] != none)",
                     "(neighbour(c, down) == none or true)"),
    # A take straight ahead too, as some play it: OpenSpiel takes only diagonally.
    "breakthrough": ("b in [neighbour(a, d) for d in diagonals(p)] where b != none and piece[b] != none",
                     "b in [neighbour(a, d) for d in diagonals(p)] + [neighbour(a, straight(p))] "
                     "where b != none and piece[b] != none"),
    # The queen above the king.
    "kuhn_poker": ("3 if c == king else (2 if c == queen else 1)", "3 if c == queen else (2 if c == king else 1)"),
    # Flanked lines turning across and up only, never diagonally.
    "othello": ("            for d in way:", "            for d in [up, right, down, left]:"),
    # Common play's rule: roll on even when stopping would win (OpenSpiel offers only the stop).
    # o joining the top and bottom rows as x does, not the left and right columns.
    "hex": ("row_of(c) if p == players[0] else column_of(c)", "row_of(c)"),
    # A pair with the face-up card not counted: the higher card always wins.
    "leduc_poker": ("+ (10 if rank(top(hand[p])) == rank(top(face_up)) else 0)", "+ 0"),
    # No wild face: a 6 counts only as a 6.
    "liars_dice": ("where x == f or x == dice_sides)", "where x == f)"),
    # The grand slam taken, as some play it: OpenSpiel captures nothing then.
    "oware": ("if len(won) > 0 and sum(seeds[x] for x in won) < seeds_on(next_player(p)):", "if len(won) > 0:"),
    # The queen of spades not breaking hearts (OpenSpiel's qs_breaks_hearts, on by default).
    "hearts": ('if c.suit == "hearts" or (qs_breaks_hearts and c == card["QS"]):', 'if c.suit == "hearts":'),
    "pig": ("d == stop or score[p] + turn_total < winscore", "d == stop or score[p] >= 0"),
    # A tie for the highest bid going to the first player, instead of to nobody.
    "goofspiel": ("best q in players by bid_value(q)\n",
                  "best q in players by 2 * bid_value(q) + (1 if q == players[0] else 0)\n"),
}


@pytest.mark.parametrize("name", CHECKED)
def test_three_hundred_random_games_without_a_difference(name: str) -> None:
    report = check_conformance(name, games=300, seed=0)
    variants = len(read_map(ROOT / "rules" / name).variants)  # 300 games for each option set
    assert report.games == 300 * variants and report.states > report.games * 5
    assert report.differences == [], str(report.differences[0][1])


def edited_copy(tmp_path: Path, name: str, file: str, old: str, new: str) -> Path:
    """A copy of the shipped game `name` with `old` replaced by `new` in one of its files (which
    must hold `old`, so an edit that no longer applies fails here rather than testing nothing)."""
    copy = tmp_path / name
    shutil.copytree(ROOT / "rules" / name, copy)
    edited = copy / file
    text = edited.read_text()
    assert old in text, f"{name}/{file} no longer holds {old!r}"
    edited.write_text(text.replace(old, new))
    return copy


@pytest.mark.parametrize("name", sorted(WRONG))
def test_a_wrong_rule_is_caught(name: str, tmp_path: Path) -> None:
    copy = edited_copy(tmp_path, name, "game.rules", *WRONG[name])
    report = check_conformance(copy, games=300, seed=0)
    assert report.differences
    difference = report.differences[0][1]
    assert "seed" in str(difference) and difference.what in ("the legal moves", "whether the game is over",
                                                             "the returns at the end")


def test_the_command_says_how_it_went(capsys, tmp_path: Path) -> None:
    assert main(["conform", "tic_tac_toe", "--games", "20"]) == 0
    assert capsys.readouterr().out.strip().endswith("no differences")
    copy = edited_copy(tmp_path, "tic_tac_toe", "game.rules", *WRONG["tic_tac_toe"])
    assert main(["conform", str(copy), "--games", "50"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("difference (") and "Rulebook:" in out and "OpenSpiel:" in out


def test_a_bad_map_is_refused_with_its_place(tmp_path: Path) -> None:
    copy = edited_copy(tmp_path, "tic_tac_toe", "openspiel.yaml", "mark b1: 1", "mark b1: 0")
    mapping = copy / "openspiel.yaml"
    with pytest.raises(RulesError) as refused:
        read_map(copy)
    assert "action 0 is given to 'mark a1' and 'mark b1'" in str(refused.value)
    mapping.unlink()
    with pytest.raises(OptionsError):
        read_map(copy)


def test_a_variant_has_its_own_moves_where_the_action_ids_depend_on_its_parameters(tmp_path: Path) -> None:
    """Breakthrough's action ids count cells of the board: 8x8 and 6x6 each map their own moves."""
    big, small = read_map(ROOT / "rules" / "breakthrough").variants
    assert big.parameters == {"rows": 8, "columns": 8} and small.parameters == {"rows": 6, "columns": 6}
    # pyspiel's first legal moves: a7a6 is 98 on 8x8, a5a4 is 74 on 6x6 (and 290 on 8x8)
    assert (big.moves["a7a6"], small.moves["a5a4"], big.moves["a5a4"]) == (98, 74, 290) and "a7a6" not in small.moves
    assert read_map(ROOT / "rules" / "pig").variants[1].moves == {"roll": 0, "stop": 1}  # the map's, shared
    copy = edited_copy(tmp_path, "breakthrough", "openspiel.yaml", '"a6a5": 2', '"a6a5": 4')
    with pytest.raises(RulesError) as refused:
        read_map(copy)
    assert "action 4 is given to 'a6a5' and 'a6b5'" in str(refused.value) and "openspiel.yaml:" in str(refused.value)


# What each hidden-information game hides, and the same line showing it to everyone.
SHOWN = {
    "kuhn_poker": ("pile hand[player]: card private", "pile hand[player]: card"),
    "leduc_poker": ("pile hand[player]: card private", "pile hand[player]: card"),
    "liars_dice": ("var dice[player]: list of int = [] private", "var dice[player]: list of int = []"),
    # No information state of a hearts player comes back in 300 games: the twin history catches it.
    "hearts": ("zone hand[player]: card private", "zone hand[player]: card"),
}


@pytest.mark.parametrize("name", sorted(SHOWN))
def test_a_hand_shown_that_openspiel_hides_is_caught_across_games(name: str, tmp_path: Path) -> None:
    """A hand face up: one information state of a player (their own hand, the bets) is met in games
    with different hands behind it, and the view differs: a leak."""
    copy = edited_copy(tmp_path, name, "game.rules", *SHOWN[name])
    report = check_conformance(copy, games=300, seed=0, variant=0)  # the game as shipped: CHECKED's test
    assert report.differences, "a face-up hand went unnoticed"
    difference = report.differences[0][1]
    assert difference.what.startswith("what seat") and "OpenSpiel hides" in difference.what
    assert ("swap places" in difference.what) == (name == "hearts")


def test_a_secret_bid_shown_with_imp_info_is_caught(tmp_path: Path) -> None:
    """Goofspiel with `imp_info` but the cards bid face up: one information state of a player
    (their hand and bids, who won each point card) is met with different bids behind it."""
    copy = edited_copy(tmp_path, "goofspiel", "game.rules", "zone spent[player]: card private unless not imp_info",
                       "zone spent[player]: card")
    report = check_conformance(copy, games=300, seed=0)
    assert report.differences, "bids shown face up went unnoticed"
    variant, difference = report.differences[0]
    assert variant.options.get("imp_info") is True
    assert difference.what.startswith("what seat") and "OpenSpiel hides" in difference.what


def test_twin_histories_are_compared_where_information_states_are_too_many_to_meet_twice() -> None:
    """A twin swaps two chance outcomes the deciding player cannot see: most of Hearts' games have
    one, none of Kuhn poker's (every swap changes a player's own card)."""
    assert check_conformance("hearts", games=60, seed=0).twins > 30
    assert check_conformance("kuhn_poker", games=60, seed=0).twins == 0


def test_chance_maps_may_number_outcomes_afresh_for_each_kind_of_chance_event(tmp_path: Path) -> None:
    """Hearts draws the pass's direction (OpenSpiel's outcomes 0 to 3), then deals cards (0 to 51): a
    list of maps, each checked on its own; and `views:` names whose views the leak check compares."""
    spiel_map = read_map(ROOT / "rules" / "hearts")
    directions, deal = spiel_map.variants[0].chance
    assert directions["chance: way = left"] == 1 and deal["chance: 2D drawn from deck"] == 1
    assert spiel_map.views == "deciding_player" and read_map(ROOT / "rules" / "kuhn_poker").views == "every_player"
    copy = edited_copy(tmp_path, "hearts", "openspiel.yaml", '"chance: 2D drawn from deck": 1',
                       '"chance: 2D drawn from deck": 0')
    mapping = copy / "openspiel.yaml"
    with pytest.raises(RulesError) as refused:
        read_map(copy)
    assert "action 0 is given to 'chance: 2C drawn from deck' and 'chance: 2D drawn from deck'" in str(refused.value)
    mapping.write_text((ROOT / "rules" / "hearts" / "openspiel.yaml").read_text().replace("views: deciding_player",
                                                                                          "views: everyone"))
    with pytest.raises(RulesError) as refused:
        read_map(copy)
    assert "views is one of every_player, deciding_player, not 'everyone'" in str(refused.value)
