"""The engine facilities the research adapters stand on, over every shipped game and option set:
the fixed move space, the observation spec, explicit chance, the game-length bound (issue 16)."""
from __future__ import annotations

import doctest
import importlib
import json
import random
from pathlib import Path

import pytest

from rl_modes import MOD, ROOT, mode_id, modes, toy_game_modes
from rulebook.api import load_game
from rulebook.testing import redeal_hidden
from rulebook.interpreter.research.length import game_length_bound
from rulebook.interpreter.research.movespace import MoveSpaceError
from rulebook.interpreter.play.moves import IllegalMove

MODES = modes()
TEST_GAMES = toy_game_modes()


def play_explicit(game, rng: random.Random, check=lambda S: None, limit: int = 3000):
    """A whole game with chance decided by rng at each chance decision, per its probabilities."""
    S = game.new_initial_state()
    for _ in range(limit):
        if game.is_terminal(S):
            return S
        check(S)
        if game.is_chance_node(S):
            outcomes = game.chance_outcomes(S)
            game.apply_chance(S, rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            game.apply(S, rng.choice(game.legal_moves(S)))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("mode", MODES, ids=mode_id)
def test_every_legal_move_has_its_own_index_and_comes_back_from_it(mode):
    name, options, mods = mode
    game = load_game(name, options, mods=mods)
    space = game.move_space()
    rng = random.Random(5)
    S = game.new_initial_state(seed=5)
    seen = 0
    while not game.is_terminal(S) and seen < 150:
        legal = space.legal(S)
        assert len(legal) == len(game.legal_moves(S))  # one index per legal move, none shared
        for index, move in legal.items():
            assert 0 <= index < space.size
            assert space.move(S, index) == move
            assert space.values_of(index) == move.values
        game.apply(S, legal[rng.choice(list(legal))])
        seen += 1


@pytest.mark.parametrize("mode", MODES[:1] + [MOD], ids=mode_id)
def test_the_move_space_is_the_same_on_every_load_and_seed(mode):
    name, options, mods = mode
    first = load_game(name, options, mods=mods).move_space()
    again = load_game(name, dict(options), mods=mods).move_space()
    assert first.size == again.size
    assert [first.describe(i) for i in range(first.size)] == [again.describe(i) for i in range(again.size)]


def test_the_move_space_is_read_from_the_rules():
    space = load_game("eriantys", {"players": 3, "expert": True}).move_space()
    texts = {space.describe(i) for i in range(space.size)}
    # every assistant, every Mother Nature move up to 5 plus the Magic Mailman's 2, every character
    assert {f"assistant {v}" for v in range(1, 11)} <= texts
    assert {f"mother nature {n}" for n in range(1, 8)} <= texts and "mother nature 8" not in texts
    assert "use Magic Mailman" in texts and "student red -> island 12" in texts
    with pytest.raises(MoveSpaceError):
        space.describe(space.size)


def test_a_move_whose_option_is_not_offered_is_refused():
    game = load_game("eriantys", {"players": 2})
    space = game.move_space()
    S = game.new_initial_state(seed=1)  # planning: an assistant is wanted, not a cloud
    cloud = next(i for i in range(space.size) if space.describe(i) == "cloud 1")
    with pytest.raises(IllegalMove):
        space.move(S, cloud)


def test_a_range_without_a_bound_in_the_rules_is_refused_clearly(tmp_path: Path):
    (tmp_path / "game.rules").write_text(
        'game "Count"\nplayers 2..2\nkind stone: pebble\nzone heap: stone\n'
        'setup:\n  put 5 pebble into heap\n'
        'flow:\n  turn players[0]:\n    choose n in 1 .. count(heap) as "take {n}"\n  end game\n')
    game = load_game(tmp_path)
    with pytest.raises(MoveSpaceError, match=r"game.rules:9:.*no bound that can be read from the rules"):
        game.move_space()


@pytest.mark.parametrize("mode", MODES, ids=mode_id)
def test_observations_have_a_fixed_size_and_stay_in_bounds(mode):
    name, options, mods = mode
    game = load_game(name, options, mods=mods)
    spec = game.observation_spec()
    low, high = spec.bounds()
    assert sum(p.size for p in spec.parts) == spec.size == len(low)
    rng = random.Random(2)
    S = game.new_initial_state(seed=2)
    for step in range(60):
        if game.is_terminal(S):
            break
        for player in range(game.player_count):
            numbers = spec.encode(S, player)
            assert len(numbers) == spec.size
            assert all(lo <= x <= hi for x, lo, hi in zip(numbers, low, high))
        game.play_random(S, rng)


@pytest.mark.parametrize("name", ["eriantys", "septachroma"])
def test_observations_never_show_what_is_hidden(name):
    """Two states that differ only in a hidden zone's pieces (same totals) look the same to all."""
    game = load_game(name)
    spec = game.observation_spec()
    S = game.new_initial_state(seed=4)
    bag = game.compiled.layout.zones["bag"]
    other = S.copy()
    counts = other.data[bag.base:bag.base + bag.kinds]
    k = max(range(bag.kinds), key=lambda i: counts[i])
    other.data[bag.base + k] -= 1
    other.data[bag.base + (k + 1) % bag.kinds] += 1
    for player in range(game.player_count):
        assert spec.encode(S, player) == spec.encode(other, player)
    assert spec.encode(S, 0) != spec.encode(S, 1)  # and the viewer is told apart


@pytest.mark.parametrize("mode", MODES + TEST_GAMES, ids=mode_id)
def test_an_observation_is_the_same_whatever_its_player_may_not_see(mode):
    """Redeal every piece hidden from a player (rulebook.testing.redeal_hidden): what that player
    observes must not change."""
    name, options, mods = mode
    game = load_game(name, options, mods=mods)
    spec = game.observation_spec()
    rng = random.Random(9)
    S = game.new_initial_state(seed=9)
    changed = 0
    for step in range(40):
        if game.is_terminal(S):
            break
        if step % 4 == 0:
            for player in range(game.player_count):
                redealt = redeal_hidden(game, S, player, rng)
                changed += redealt.data != S.data
                assert spec.encode(redealt, player) == spec.encode(S, player)
        game.play_random(S, rng)
    if Path(name).name in ("cards", "masks"):  # hands hidden from each other: the redeal changes them
        assert changed


def test_private_zones_show_their_pieces_to_their_owner_only():
    game = load_game(ROOT / "tests" / "games" / "cards")
    spec = game.observation_spec()
    part = next(p for p in spec.parts if p.name == "zone hand")
    S = game.new_initial_state(seed=3)
    kinds = part.shape[-1] - 1  # a count per card, then the total
    own = spec.encode(S, 0)[part.offset:part.offset + part.shape[-1]]
    seen_by_other = spec.encode(S, 1)[part.offset:part.offset + part.shape[-1]]
    assert sum(own[:kinds]) == own[kinds] == seen_by_other[kinds] == 3
    assert sum(seen_by_other[:kinds]) == 0


@pytest.mark.parametrize("mode", MODES + TEST_GAMES, ids=mode_id)
def test_explicit_chance_plays_whole_games_and_saves_at_every_decision(mode):
    name, options, mods = mode
    game = load_game(name, options, mods=mods, chance="explicit")

    def check(S):
        if game.is_chance_node(S):
            outcomes = game.chance_outcomes(S)
            assert outcomes and abs(sum(p for _, p in outcomes) - 1) < 1e-9
            assert all(p > 0 for _, p in outcomes)
        assert game.state_from_json(json.loads(json.dumps(S.to_json()))) == S

    S = play_explicit(game, random.Random(11), check)
    assert game.result(S) is not None


def test_the_same_chance_outcomes_give_the_same_game():
    game = load_game("eriantys", {"players": 3, "expert": True}, chance="explicit")
    first = play_explicit(game, random.Random(8))
    second = play_explicit(game, random.Random(8))
    assert first == second


def test_a_draw_is_one_chance_decision_per_piece_weighted_by_count():
    game = load_game("eriantys", {"players": 2}, chance="explicit")
    S = game.new_initial_state()
    kind, _, outcomes, weights = game.chance_event(S)
    assert kind == "pick" and len(outcomes) == 12  # Mother Nature's island: 1 in 12 each
    game.apply_chance(S, outcomes[0])
    kind, _, outcomes, weights = game.chance_event(S)
    assert kind == "draw" and outcomes == (0, 1, 2, 3, 4) and weights == (2, 2, 2, 2, 2)
    with pytest.raises(IllegalMove):
        game.apply_chance(S, 9)
    with pytest.raises(IllegalMove):
        game.legal_moves(S)


SHUFFLED = '''game "Deck"
players 2..2
kind card: low, high
pile deck: card hidden
zone hand[player]: card private
setup:
  put 2 low into deck
  put 1 high into deck
  shuffle deck
flow:
  {read}
  draw 1 from deck to hand[players[0]]
  end game
'''


def test_a_shuffle_decides_each_card_only_when_drawn(tmp_path: Path):
    (tmp_path / "game.rules").write_text(SHUFFLED.format(read="pass"))
    game = load_game(tmp_path, chance="explicit")
    S = game.new_initial_state()
    assert game.chance_event(S)[0] == "draw"  # the shuffle itself decided nothing
    assert sorted(game.chance_outcomes(S)) == [(0, 2 / 3), (1, 1 / 3)]


def test_a_shuffled_pile_read_otherwise_is_put_in_order_card_by_card(tmp_path: Path):
    (tmp_path / "game.rules").write_text(SHUFFLED.format(read='log "{top(deck)}"'))
    game = load_game(tmp_path, chance="explicit")
    S = game.new_initial_state()
    events = []
    while game.is_chance_node(S):
        events.append(game.chance_event(S)[0])
        game.apply_chance(S, game.chance_outcomes(S)[0][0])
    assert events == ["shuffle", "shuffle", "shuffle"]  # one decision per card, at the shuffle


def test_logs_are_sent_once_under_explicit_chance():
    game = load_game("eriantys", {"players": 2}, chance="explicit")
    lines: list = []
    game.set_log(lambda state, text: lines.append(text))
    try:
        play_explicit(game, random.Random(1))
    finally:
        game.set_log(None)
    assert lines.count("Round 1") == 1


def test_the_length_bound_is_read_from_the_rules(tmp_path: Path):
    (tmp_path / "game.rules").write_text(
        'game "Three picks"\nplayers 2..3\nkind gem: ruby, opal\nzone pile[player]: gem\n'
        'flow:\n  repeat 3:\n    for p in players:\n      turn p:\n'
        '        choose g in gem as "take {g}"\n        put 1 g into pile[p]\n  end game\n')
    assert game_length_bound(load_game(tmp_path, {"players": 3})) == 9
    assert game_length_bound(load_game("eriantys")) is None  # rounds until the rules say stop: a loop


@pytest.mark.parametrize("module", ["movespace", "observation", "length"])
def test_the_examples_in_the_modules_run(module, monkeypatch):
    monkeypatch.chdir(ROOT)  # they load tests/games/nim
    found = doctest.testmod(importlib.import_module(f"rulebook.interpreter.research.{module}"))
    assert found.attempted > 0 and found.failed == 0
