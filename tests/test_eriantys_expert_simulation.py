"""The random-simulation suite for expert Eriantys (2, 3 and 4 players; issue 6 item 4).

Random players here are eager: they use a character whenever they may (7 times in 10) and send
students to their dining room more often (for coins), so that every character is used; every
other choice, a character's own included, is uniformly random among the legal moves. The
contract checks of rulebook.testing run at every decision; the rules' invariants add 20 coins
and 4 no-entry tiles in all, and E7's professor rule.
"""
from __future__ import annotations

import collections
import random

import pytest

from rulebook.api import load_game
from rulebook.testing import random_playthrough

from gamecache import ROOT

# Three characters of one cost per game, so coins are saved for the dear ones too.
CHARACTER_SETS = [["Herald", "Centaur", "Thief"], ["Mushroom Merchant", "Thief", "Herald"],
                  ["Farmer", "Grandma Herbs", "Knight"], ["Spoiled Princess", "Knight", "Farmer"],
                  ["Monk", "Magic Mailman", "Jester"], ["Minstrel", "Monk", "Jester"], []]
GAMES_PER_SET = 3
TWELVE = {"Monk", "Farmer", "Herald", "Magic Mailman", "Grandma Herbs", "Centaur", "Jester", "Knight",
          "Mushroom Merchant", "Minstrel", "Spoiled Princess", "Thief"}
_used: collections.Counter = collections.Counter()


def eager(game, state, rng: random.Random):
    moves = game.legal_moves(state)
    uses = [m for m in moves if str(m).startswith("use ")]
    if uses and rng.random() < 0.7:
        return rng.choice(uses)
    dining = [m for m in moves if str(m).endswith("-> dining room")]
    if dining and rng.random() < 0.6:
        return rng.choice(dining)
    return rng.choice(moves)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_expert_games_keep_the_contract(players: int) -> None:
    for number, characters in enumerate(CHARACTER_SETS):
        game = load_game(ROOT / "rules" / "eriantys", {"players": players, "expert": True,
                                                      "characters": characters})
        for seed in range(GAMES_PER_SET):
            record = random_playthrough(game, 1000 * number + seed, policy=eager)
            assert record.winners or "draw" in record.reason
            for move in record.moves:
                if move.startswith("use "):
                    _used[move[4:]] += 1


def test_every_character_is_used_in_the_suite() -> None:
    if not _used:
        for players in (2, 3, 4):
            test_expert_games_keep_the_contract(players)
    print("character uses across the suite:", dict(_used))
    assert set(_used) == TWELVE, f"never used: {TWELVE - set(_used)}"
