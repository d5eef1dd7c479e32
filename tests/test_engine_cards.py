"""Cards (tests/games/cards): modifiers that expire, events another player cancels, hidden and
private zones in views, an end-of-turn trigger, choose up to N, menus, pick, shuffle and teams."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml

from rulebook.interpreter.game import Game
from rulebook.interpreter.play.machine import State
from rulebook.interpreter.play.moves import Move
from test_engine_support import GAMES_DIR, load, move_texts, player_index, walk, zone_count, zone_slot

CARDS = {row["name"]: row for row in yaml.safe_load(Path(GAMES_DIR / "cards" / "cards.yaml").read_text())}
SEEDS = range(60)


@pytest.fixture(scope="module", params=[{}, {"players": 2}, {"players": 3}], ids=["4p", "2p", "3p"])
def cards(request) -> Game:
    return load("cards", request.param)


def is_turn_start(texts: list[str]) -> bool:
    return "draw" in texts and "gamble" in texts


def is_reaction(texts: list[str]) -> bool:
    return "pass" in texts and any(t.startswith("block with") for t in texts)


def team_points(game: Game, state: State, player: int) -> int:
    return game.score(state, player)


def test_a_boost_lasts_until_the_end_of_the_turn(cards: Game) -> None:
    boosts = 0  # boosts played by the current player in this turn
    boosted_plays = plain_plays_after_a_boosted_turn = 0
    boosted_turn_ended = False
    for before, move, after in walk(cards, SEEDS):
        texts = move_texts(cards, before)
        if is_turn_start(texts):
            boosted_turn_ended = boosted_turn_ended or boosts > 0
            boosts = 0
        text = str(move)
        if text == "play boost":
            boosts += 1
        elif text.startswith("play ") and CARDS[text[5:]]["effect"] == "score":
            player = cards.current_player(before)
            gained = team_points(cards, after, player) - team_points(cards, before, player)
            assert gained == CARDS[text[5:]]["points"] + 2 * boosts, f"{text} after {boosts} boost(s)"
            boosted_plays += boosts > 0
            plain_plays_after_a_boosted_turn += boosts == 0 and boosted_turn_ended
    assert boosted_plays > 0 and plain_plays_after_a_boosted_turn > 0


def reactions(game: Game) -> list[tuple[State, int, int]]:
    """(state waiting for the reaction, attacker, victim) for every attack a shield could block."""
    found = []
    for before, move, after in walk(game, SEEDS):
        if str(move).startswith("attack ") and not game.is_terminal(after) \
                and is_reaction(move_texts(game, after)):
            found.append((after, game.current_player(before), player_index(game, str(move)[7:])))
    assert found, "no attack met a shield"
    return found


def test_the_attacked_player_decides_the_reaction(cards: Game) -> None:
    for state, attacker, victim in reactions(cards):
        assert cards.current_player(state) == victim != attacker
        assert cards.team_of(victim) != cards.team_of(attacker)
        for text in ("pass", "block with shield"):
            after = cards.child(state, cards.parse_move(state, text))
            next_texts = move_texts(cards, after)
            if "done" in next_texts or any(t.startswith("discard ") for t in next_texts):
                # The turn (or its end-of-turn trigger) goes on for the attacker once the reaction is settled.
                assert cards.current_player(after) == attacker


def test_a_block_cancels_the_attack_and_a_pass_lets_it_happen(cards: Game) -> None:
    for state, attacker, victim in reactions(cards):
        hand = zone_count(cards, state, "hand", victim)
        shields = zone_count(cards, state, "hand", victim, member="shield")
        points = team_points(cards, state, attacker)

        blocked = cards.child(state, cards.parse_move(state, "block with shield"))
        assert zone_count(cards, blocked, "hand", victim) == hand - 1
        assert zone_count(cards, blocked, "hand", victim, member="shield") == shields - 1
        assert team_points(cards, blocked, attacker) == points  # the default body did not run

        passed = cards.child(state, cards.parse_move(state, "pass"))
        assert zone_count(cards, passed, "hand", victim) == hand - min(2, hand)
        assert team_points(cards, passed, attacker) == points + 1


def test_hidden_and_private_zones_in_views(cards: Game) -> None:
    for before, _, _ in walk(cards, range(5)):
        deck, _ = zone_slot(cards, "deck")
        discard, _ = zone_slot(cards, "discard")
        for viewer in range(cards.player_count):
            view = cards.view(before, viewer)
            assert view["data"][deck] == {"hidden": zone_count(cards, before, "deck")}
            assert tuple(view["data"][discard]) == before.data[discard]  # public
            for owner in range(cards.player_count):
                start, width = zone_slot(cards, "hand", owner)
                shown = view["data"][start:start + width]
                if owner == viewer:
                    assert shown == before.data[start:start + width]
                else:
                    assert shown == [{"hidden": zone_count(cards, before, "hand", owner)}] + [None] * (width - 1)


def test_the_end_of_turn_trigger_discards_down_to_four(cards: Game) -> None:
    turn_player = -1
    discards = 0
    for before, move, _ in walk(cards, SEEDS):
        texts = move_texts(cards, before)
        if is_turn_start(texts):
            turn_player = cards.current_player(before)
            assert all(zone_count(cards, before, "hand", p) <= 4 for p in range(cards.player_count))
        if str(move).startswith("discard "):
            discards += 1
            assert cards.current_player(before) == turn_player
            assert zone_count(cards, before, "hand", turn_player) > 4
    assert discards > 0


def test_up_to_two_plays_a_turn_and_done_is_always_offered(cards: Game) -> None:
    plays = Counter()
    turn = 0
    for before, move, _ in walk(cards, SEEDS):
        texts = move_texts(cards, before)
        if is_turn_start(texts):
            turn += 1
        if any(t.startswith("play ") for t in texts):
            assert "done" in texts
        if str(move).startswith("play "):
            plays[turn] += 1
    assert max(plays.values()) == 2


def test_gamble_draws_zero_to_two_cards(cards: Game) -> None:
    drawn = set()
    for before, move, after in walk(cards, range(30)):
        if str(move) == "gamble":
            player = cards.current_player(before)
            drawn.add(zone_count(cards, after, "hand", player) - zone_count(cards, before, "hand", player))
    assert drawn == {0, 1, 2}


def test_shuffle_and_pick_depend_on_the_seed_only(cards: Game) -> None:
    deck, _ = zone_slot(cards, "deck")
    decks = {cards.new_initial_state(seed).data[deck] for seed in range(6)}
    assert len(decks) > 1
    assert cards.new_initial_state(3) == cards.new_initial_state(3)
    starters = {cards.current_player(cards.new_initial_state(seed)) for seed in range(30)}
    assert starters == set(range(cards.player_count))


def test_teams_share_points_and_returns() -> None:
    game = load("cards")
    assert game.team_names == ("north-south", "east-west")
    assert [game.team_of(p) for p in range(4)] == [0, 1, 0, 1]
    assert load("cards", {"players": 3}).team_names == ("north-south", "east-west", "centre")
    for before, _, after in walk(game, range(10)):
        assert game.score(after, 0) == game.score(after, 2) and game.score(after, 1) == game.score(after, 3)
        if game.is_terminal(after):
            returns = game.returns(after)
            assert returns[0] == returns[2] and returns[1] == returns[3]


def test_a_move_from_an_earlier_decision_is_refused(cards: Game) -> None:
    state = cards.new_initial_state(1)
    draw = cards.parse_move(state, "draw")
    cards.apply(state, draw)
    before = state.copy()
    with pytest.raises(ValueError, match="another decision"):
        cards.apply(state, draw)
    assert state == before
    assert isinstance(draw, Move) and draw.to_json()[2] == []
