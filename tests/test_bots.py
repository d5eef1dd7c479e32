"""Bots (issue 8 item 1): random, greedy on the declared score, MCTS — on any game."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from rulebook.api import load_game
from rulebook.bots import GreedyBot, MCTSBot, RandomBot, UnknownBot, bots_for_seats, make_bot, play

ROOT = Path(__file__).resolve().parent.parent

RACE = """\
# Race: in turn, players advance 1 to 3 points; the first to reach the goal wins.
game "Race" version "1.0"
players 2..3 = 2
option goal: int 1..50 = 10 "points to win"

var points[player]: int = 0
var turns: int = 0

score(p) = points[p]
statistic "turns taken": turns
statistic "leader's points": max(points[q] for q in players)

flow:
  let p = players[0]
  loop:
    turn p:
      step advance:
        choose n in 1 .. 3 as "advance {n}"
        points[p] += n
        turns += 1
        if points[p] >= goal:
          end game winners [p] because "{p} reached the goal"
    p = next_player(p)
"""


def race_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "race"
    folder.mkdir(exist_ok=True)
    (folder / "game.rules").write_text(RACE)
    return folder


@pytest.fixture
def race(tmp_path):
    return race_folder(tmp_path)


GAMES = [("tests/games/nim", {}), ("tests/games/grid", {}), ("tests/games/cards", {}),
         ("tests/games/ring", {}), ("eriantys", {"players": 3})]


@pytest.mark.parametrize("ref,options", GAMES, ids=[g[0].split("/")[-1] for g in GAMES])
@pytest.mark.parametrize("name", ["random", "greedy", "mcts:8"])
def test_bots_choose_legal_moves(ref, options, name) -> None:
    game = load_game(ROOT / ref if "/" in ref else ref, options)
    bot = make_bot(name)
    rng = random.Random(3)
    state = game.new_initial_state(seed=3)
    limit = 12 if name.startswith("mcts") else 400
    for _ in range(limit):
        if game.is_terminal(state):
            break
        move = bot.choose(game, state, rng)
        assert move in game.legal_moves(state)
        game.apply(state, move)


def test_greedy_uses_the_declared_score(race) -> None:
    game = load_game(race)
    state = game.new_initial_state(seed=0)
    bot = GreedyBot()
    rng = random.Random(0)
    chosen = []
    while not game.is_terminal(state):
        move = bot.choose(game, state, rng)
        chosen.append(str(move))
        game.apply(state, move)
    # The most points every time, but for the winning move, where any move that wins is as good.
    assert chosen[:-1] == ["advance 3"] * (len(chosen) - 1)


def test_greedy_without_a_score_plays_at_random() -> None:
    game = load_game(ROOT / "tests/games/nim")
    assert game.compiled.score is None
    state = game.new_initial_state(seed=0)
    seen = {str(GreedyBot().choose(game, state, random.Random(seed))) for seed in range(30)}
    assert seen == {"take 1", "take 2", "take 3"}


def test_mcts_finds_the_winning_nim_move() -> None:
    # With 4 stones left the mover loses against perfect play; with 5, taking 1 wins.
    game = load_game(ROOT / "tests/games/nim", {"stones": 5})
    state = game.new_initial_state(seed=0)
    wins = sum(str(MCTSBot(300).choose(game, state, random.Random(seed))) == "take 1" for seed in range(5))
    assert wins >= 4


def test_mcts_beats_random_at_race(race) -> None:
    game = load_game(race)
    bots = [MCTSBot(40), RandomBot()]
    won = sum(game.winning_players(play(game, bots, seed)) == (0,) for seed in range(20))
    assert won >= 17


def test_mcts_handles_more_than_two_players(race) -> None:
    game = load_game(race, {"players": 3})
    state = play(game, [MCTSBot(20), RandomBot(), RandomBot()], seed=1)
    assert game.is_terminal(state)


def test_bot_names() -> None:
    assert [str(b) for b in bots_for_seats("random", 3)] == ["random"] * 3
    assert [str(b) for b in bots_for_seats("mcts:50, greedy", 2)] == ["mcts:50", "greedy"]
    assert make_bot("MCTS").iterations == 100
    for bad, message in [("foo", "unknown bot 'foo'"), ("mcts:0", "from 1 to 1,000,000 iterations a move, not 0"), ("mcts:x", "bad MCTS budget"),
                         ("random:3", "unknown bot")]:
        with pytest.raises(UnknownBot, match=message):
            make_bot(bad)
    with pytest.raises(UnknownBot, match="3 bots for 2 players"):
        bots_for_seats("random,random,random", 2)
