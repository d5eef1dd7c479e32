"""Simultaneous decisions (`each q in players chooses secretly:`): the one node, its views, the
joint move, the sequential mode, determinization, the checks, and the adapters and records."""
from __future__ import annotations

import random
import warnings
from pathlib import Path

import pytest

from rulebook.api import load_game
from rulebook.dsl.errors import RulebookError
from rulebook.interpreter.game import SIMULTANEOUS
from rulebook.interpreter.play.determinize import determinize
from rulebook.interpreter.play.moves import IllegalMove

ROOT = Path(__file__).resolve().parent.parent
THROWS = ROOT / "tests" / "games" / "throws"
SIGNS = ["rock", "paper", "scissors"]


@pytest.fixture(scope="module")
def joint():
    return load_game(THROWS, decisions="simultaneous")


@pytest.fixture(scope="module")
def turns():
    return load_game(THROWS)


def _move(game, S, text, player=None):
    moves = game.legal_moves(S) if player is None else game.player_legal_moves(S, player)
    return next(m for m in moves if str(m) == text)


def _after_first(game, sign: str):
    """The state where player 1 has made their secret choice (`sign`) and player 2 is to choose."""
    S = game.new_initial_state(seed=5)
    game.apply(S, _move(game, S, sign))
    return S


def test_the_node_is_simultaneous_only_in_that_mode(joint, turns):
    S = joint.new_initial_state(seed=1)
    assert joint.current_player(S) == SIMULTANEOUS
    assert turns.current_player(turns.new_initial_state(seed=1)) == 0  # the sequential mode: one seat at a time
    assert [[str(m) for m in joint.player_legal_moves(S, p)] for p in (0, 1)] == [SIGNS, SIGNS]


def test_a_view_while_the_other_chooses_shows_that_they_chose_never_what(turns):
    """Two states differing only in player 1's sealed sign give player 2 the same view (and the
    view says player 1 has chosen); their data does differ."""
    rock, paper = _after_first(turns, "rock"), _after_first(turns, "paper")
    assert rock.data != paper.data
    assert turns.view(rock, 1) == turns.view(paper, 1)
    assert turns.view(rock, 1)["chosen"] == [0] and turns.chosen(rock) == (0,)
    assert turns.view(rock, 0) != turns.view(paper, 0)  # the chooser sees their own
    assert turns.view(turns.new_initial_state(seed=5), 0)["chosen"] == []  # nobody yet


def test_the_others_read_chooses_secretly(turns):
    S = turns.new_initial_state(seed=1)
    move = _move(turns, S, "rock")
    assert turns.public_text(S, move, 1) == "chooses secretly"
    assert turns.public_text(S, move, None) == "chooses secretly"
    assert turns.public_text(S, move, 0) == "rock"


def test_the_joint_move_applies_at_once(joint):
    S = joint.new_initial_state(seed=1)
    joint.apply_joint(S, [_move(joint, S, "rock", 0), _move(joint, S, "paper", 1)])
    shown = joint.compiled.layout.vars["shown"].base
    won = joint.compiled.layout.vars["won"].base
    assert S.data[shown:shown + 2] == [0, 1]  # both revealed together
    assert S.data[won:won + 2] == [0, 1]  # paper beats rock
    assert joint.current_player(S) == SIMULTANEOUS  # the next throw


def test_a_wrong_joint_move_changes_nothing(joint):
    S = joint.new_initial_state(seed=1)
    before = S.copy()
    rock = _move(joint, S, "rock", 0)
    with pytest.raises(IllegalMove, match="one move per player: 2, not 1"):
        joint.apply_joint(S, [rock])
    with pytest.raises(IllegalMove):
        joint.apply_joint(S, [rock, rock.__class__(rock.decision, rock.option, (7,), rock.label)])
    assert S == before
    T = S.copy()
    joint.apply(T, rock)  # the sequential mode still plays one seat at a time
    with pytest.raises(IllegalMove, match="no simultaneous decision waits here"):
        joint.apply_joint(T, [rock, rock])


def test_sequential_mode_gives_the_same_games_as_joint_moves(joint, turns):
    for seed in range(30):
        rng = random.Random(seed)
        A, B = joint.new_initial_state(seed), turns.new_initial_state(seed)
        while not joint.is_terminal(A):
            assert joint.current_player(A) == SIMULTANEOUS
            picks = [rng.choice(joint.player_legal_moves(A, p)) for p in range(2)]
            joint.apply_joint(A, picks)
            for pick in picks:
                turns.apply(B, _move(turns, B, str(pick)))
            assert A == B
        assert joint.returns(A) == turns.returns(B)


def test_a_sample_redraws_the_sealed_choice_and_keeps_the_view(turns):
    rock, paper = _after_first(turns, "rock"), _after_first(turns, "paper")
    held = turns.compiled.layout.vars["held"].base
    samples = [determinize(turns, rock, 1, random.Random(i)) for i in range(40)]
    assert {s.data[held] for s in samples} == {0, 1, 2}  # any sign, whatever player 1 chose
    assert all(turns.view(s, 1) == turns.view(rock, 1) for s in samples)
    # the same draws from either state: nothing of the sealed sign reaches the sample
    assert [determinize(turns, paper, 1, random.Random(i)).data for i in range(10)] == [s.data for s in samples[:10]]
    assert all(determinize(turns, rock, 0, random.Random(i)).data[held] == 0 for i in range(10))  # one's own


RULES = """game "Secret"
players 2..2 = 2
kind sign: rock, paper
var held[player]: sign? = none private
var open_sign[player]: sign? = none
rule note(q: player):
  pass
flow:
  each q in players chooses secretly:
    BODY
  end game
"""


@pytest.mark.parametrize("body, message", [
    ("choose s in sign\n    open_sign[q] = s", "writes only what q alone sees"),
    ("choose s in sign\n    held[next_player(q)] = s", "writes only what q alone sees"),
    ("choose s in sign\n    choose t in sign", "holds one `choose`"),
    ("choose s in sign by next_player(q)", "leave out `by`"),
    ("choose s in sign\n    note(q)", "anything else could show the choice"),
    ("choose s in sign\n    log \"{s}\"", "logs only to q"),
    ("pass", "holds one `choose`"),
    ("choose s in sign where s != held[next_player(q)]\n    held[q] = s", "reads only q's own held"),
    ("choose s in sign\n    if held[players[0]] == rock:\n      held[q] = s", "reads only q's own held"),
])
def test_a_secret_choice_that_could_show_is_refused(tmp_path, body, message):
    (tmp_path / "game.rules").write_text(RULES.replace("BODY", body), encoding="utf-8")
    with pytest.raises(RulebookError, match=message):
        load_game(tmp_path)


def test_a_secret_choice_is_made_by_every_player(tmp_path):
    text = RULES.replace("BODY", "choose s in sign\n    held[q] = s").replace("each q in players", "each q in [players[0]]")
    (tmp_path / "game.rules").write_text(text, encoding="utf-8")
    with pytest.raises(RulebookError, match=r"write `each q in players chooses secretly:`"):
        load_game(tmp_path)


def test_a_public_text_of_the_rules_is_kept(tmp_path):
    text = RULES.replace("BODY", "choose s in sign as \"{s}\" public \"holds a sign\"\n    held[q] = s")
    (tmp_path / "game.rules").write_text(text, encoding="utf-8")
    game = load_game(tmp_path)
    S = game.new_initial_state(0)
    assert game.public_text(S, game.legal_moves(S)[0], 1) == "holds a sign"


def test_openspiel_plays_it_as_a_simultaneous_game():
    pyspiel = pytest.importorskip("pyspiel")
    from rulebook.adapters.openspiel import load

    game = load(str(THROWS))
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    state = game.new_initial_state()
    assert state.current_player() == pyspiel.PlayerId.SIMULTANEOUS
    assert state.legal_actions(0) == state.legal_actions(1) and len(state.legal_actions(1)) == 3
    state.apply_actions([state.legal_actions(0)[0], state.legal_actions(1)[1]])  # rock, paper
    assert state.information_state_string(0).startswith("player 1: rock\nplayer 2: chooses secretly\n")
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)
    assert load(str(ROOT / "tests" / "games" / "pot")).get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL


def test_pettingzoo_offers_a_parallel_env():
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import parallel_api_test

    from rulebook.adapters.pettingzoo_parallel import rulebook_parallel_env

    env = rulebook_parallel_env(str(THROWS))
    observations, _ = env.reset(seed=3)
    assert all(observations[a]["action_mask"].sum() == 3 for a in env.possible_agents)  # both choose
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_api_test(env, num_cycles=100)
        parallel_api_test(rulebook_parallel_env(str(ROOT / "tests" / "games" / "pot")), num_cycles=100)


def test_a_players_record_shows_the_others_choice_sealed_then_revealed(turns):
    from rulebook.records import Record, for_player, record_move

    S = turns.new_initial_state(seed=2)
    record = Record("full", str(THROWS), turns.title, {}, {}, [], list(turns.player_names), ["human"] * 2, seed=2)
    for text in ["scissors", "rock"]:
        move = _move(turns, S, text)
        record_move(record, turns, S, move)
        turns.apply(S, move)
    shown = turns.compiled.layout.vars["shown"].base
    mine = for_player(turns, record, 0)
    assert [m["move"] for m in mine.moves] == ["scissors", "chooses secretly"]
    assert [shown + 1, None] not in mine.views[1]["changed"]  # before the reveal: nothing of it
    assert [shown, 2] in mine.views[2]["changed"] and [shown + 1, 0] in mine.views[2]["changed"]  # revealed
    theirs = for_player(turns, record, 1)
    assert [m["move"] for m in theirs.moves] == ["chooses secretly", "rock"]
    assert theirs.views[1]["changed"] == [[0, 1]]  # player 1 chose: player 2 sees whose turn it is, no sign


def test_the_terminal_asks_each_seat_in_turn_behind_the_hand_over(capsys, monkeypatch):
    """Two people at one screen: each chooses behind a hand-over prompt; the second is told the
    first has chosen, never what; the log shows both signs only once both have chosen."""
    import io

    from rulebook.cli import main

    monkeypatch.setattr("sys.stdin", io.StringIO("\nrock\n\npaper\n"))
    assert main(["play", str(THROWS), "--names", "Leo,Lisa", "--human", "Leo", "--human", "Lisa",
                 "--seed", "1", "-o", "throws=1"]) == 0
    out = capsys.readouterr().out
    turns = out.split("──── Hand over to ")
    assert turns[1].startswith("Leo ────") and turns[2].startswith("Lisa ────")
    lisa = turns[2]
    before = lisa.split("Lisa> ")[0]  # Lisa's screen before she chooses
    assert "Chosen secretly: Leo" in before and "Leo   held: ?" in before and "shows rock" not in before
    assert "  Leo: chooses secretly" in turns[1]
    assert "Leo shows rock, Lisa shows paper" in lisa


def test_a_fair_bot_choosing_second_cannot_see_the_first_choice():
    """In the sequential mode the second player decides after the first: ISMCTS, which searches
    samples drawn from its own view, wins about a third of the throws against a random first
    player; MCTS, which reads the whole state (it says so), sees the sealed sign and wins them all."""
    from rulebook.bots import make_bot

    def wins(bot_name: str) -> int:
        bots, won, game = [make_bot("random"), make_bot(bot_name)], 0, load_game(THROWS, {"throws": 1})
        for seed in range(30):
            rng = random.Random(seed)
            S = game.new_initial_state(seed)
            while not game.is_terminal(S):
                game.apply(S, bots[game.current_player(S)].choose(game, S, rng))
            won += game.winning_players(S) == (1,)
        return won

    assert wins("mcts:40") == 30
    assert wins("ismcts:40") <= 20


def test_openspiel_refuses_a_serialized_joint_move_that_is_not_legal():
    pytest.importorskip("pyspiel")
    import json

    from rulebook.adapters.openspiel import load

    game = load(str(THROWS))
    state = game.new_initial_state()
    state.apply_actions([0, 1])
    text = state.serialize()
    assert game.deserialize_state(text).serialize() == text
    header, body = text.split("\n", 1)
    raw = json.loads(body)
    raw["history"] = [[1, 1], [0, 0]]  # the players out of seat order
    with pytest.raises(ValueError, match="joint move at move 1"):
        game.deserialize_state(header + "\n" + json.dumps(raw))
