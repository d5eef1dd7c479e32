"""Standing actions (`action` + `allow`), code in table cells (`code … of …` + `run`), and
modifiers that end with the turn — the concepts a card usable "at any point of your turn" needs."""
from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.dsl.errors import RulesError
from rulebook.api import load_game
from rulebook.testing import random_playthrough

GAMES = Path(__file__).parent / "games"


@pytest.fixture(scope="module")
def game():
    return load_game(GAMES / "powers")


def texts(game, state) -> list[str]:
    return [str(m) for m in game.legal_moves(state)]


def play(game, state, *moves: str) -> None:
    for text in moves:
        game.apply(state, game.parse_move(state, text))


def test_a_standing_action_is_offered_at_every_decision_of_the_turn(game) -> None:
    state = game.new_initial_state(1)
    assert texts(game, state) == ["walk 1", "use Boost", "use Steal", "use Nothing"]
    play(game, state, "walk 1")
    assert texts(game, state) == ["rest", "use Boost", "use Steal", "use Nothing"]


def test_after_the_action_play_returns_to_the_same_decision(game) -> None:
    state = game.new_initial_state(1)
    play(game, state, "use Boost")
    assert texts(game, state) == ["walk 1", "walk 2", "walk 3"]  # once per turn; Boost's +2 applies


def test_a_cell_effect_can_make_a_decision_for_its_user(game) -> None:
    state = game.new_initial_state(1)
    play(game, state, "walk 1", "rest")  # player 2's turn
    play(game, state, "use Steal")
    assert game.current_player(state) == 1 and texts(game, state) == ["steal from player 1"]
    play(game, state, "steal from player 1")
    position = game.position(state)
    assert position.count(("pool", 0)) == 2 and position.count(("pool", 1)) == 3 - 2 + 1


def test_the_modifier_ends_with_the_turn(game) -> None:
    state = game.new_initial_state(1)
    play(game, state, "use Boost", "walk 3", "rest")
    assert state.mods == () and texts(game, state)[0] == "walk 1"


def test_the_allowance_is_not_offered_to_other_players_or_outside_the_block(game) -> None:
    state = game.new_initial_state(1)
    assert all(a[2] == game.current_player(state) for a in state.allows)
    play(game, state, "walk 1", "rest")
    assert [a[2] for a in state.allows] == [1]


def test_placing_inside_an_allow_block_allows_the_action(game) -> None:
    state = game.new_initial_state(3)
    game.place_at(state, "rest", 1)
    assert texts(game, state) == ["rest", "use Boost", "use Steal", "use Nothing"]


def test_random_games_keep_the_contract(game) -> None:
    for seed in range(20):
        random_playthrough(game, seed)


def test_a_code_cell_error_points_into_the_table(tmp_path: Path) -> None:
    folder = tmp_path / "powers"
    folder.mkdir()
    for source in (GAMES / "powers").iterdir():
        (folder / source.name).write_text(source.read_text())
    table = folder / "powers.yaml"
    table.write_text(table.read_text().replace("modify reach(q) += 2", "modify rech(q) += 2"))
    with pytest.raises(RulesError) as caught:
        load_game(folder)
    first = caught.value.diagnostics[0].render()
    assert first.startswith(f"{table}:6:12: unknown value 'rech' (did you mean 'reach'?)")


def test_random_playouts_take_standing_actions_as_sample_move_and_apply_do(game) -> None:
    """play_random's decision players count the allowed standing actions' moves after the
    decision's own, as legal_moves lists them: the same move for the same draw, frame started."""
    import random
    taken = 0
    for seed in range(10):
        fast, checked = game.new_initial_state(seed), game.new_initial_state(seed)
        fast_rng, checked_rng = random.Random(seed), random.Random(seed)
        while not game.is_terminal(fast):
            move = game.sample_move(checked, checked_rng)
            taken += str(move).startswith("use ")
            game.apply(checked, move)
            game.play_random(fast, fast_rng)
            assert fast == checked
    assert taken > 10
