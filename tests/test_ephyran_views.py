"""Hidden information in Ephyran holds at every decision (issue 12, item 3; Y35), and on the board.

Over 200 seeded random games (2, 3 and 4 players), at every decision and for every player p:
- a state differing only in what p may not see — the other hands with the draw pile (and the cards
  the Graeae show another player) redealt, token values shuffled among the places p cannot look
  into, another chance generator — gives p the same view, and, where p decides, the same legal
  moves; and p's moves are the same on the position p's view shows, what it hides filled in one
  fixed way (game.view_state), with the flow of the decision being made;
- at a sample of decisions, changing something p may see — a card of p's hand, a city card, the
  discard pile, the size of another hand — changes p's view.
"""
from __future__ import annotations

import random
import re

import pytest

from rulebook.api import load_game
from rulebook.interpreter.game import Game
from rulebook.testing import redeal_hidden

GAMES = {2: 100, 3: 60, 4: 40}  # 200 games in all
SAMPLE_EVERY = 9  # decisions between two checks that visible changes show


@pytest.fixture(scope="module", params=sorted(GAMES), ids=lambda n: f"{n}p")
def ephyran(request) -> tuple[Game, int]:
    return load_game("ephyran", {"players": request.param}), GAMES[request.param]


EDITS = {
    "a card of the viewer's hand": """
let cs = [c for c in hand[v] where c != dionysus]
if len(cs) > 0 and count(draw_pile) > 0:
  let d = draw_pile[count(draw_pile) - 1]
  move cs[0] from hand[v] to draw_pile
  move d from draw_pile to hand[v]""",
    "a city card": """
let xs = [x for x in place where filled(v, x)]
if len(xs) > 0:
  move all from city[v, xs[0]] to out_of_play""",
    "the discard pile": """
if count(draw_pile) > 0:
  move draw_pile[count(draw_pile) - 1] from draw_pile to discard_pile""",
    "another hand's size": """
if count(draw_pile) > 0:
  move draw_pile[count(draw_pile) - 1] from draw_pile to hand[next_player(v)]""",
}


def visible_changes(game: Game) -> dict:
    """Edits of what a viewer `v` may see, each a function (state, v) making it in place."""
    return {name: game.snippet(text.strip(), {"v": "player"}, statements=True) for name, text in EDITS.items()}


def from_view(game: Game, view: dict, state):
    """The position p's view shows — what it hides filled in one fixed way (view_state), no chance
    generator — with the flow of `state`: where play stands inside the rules, which the view does
    not carry (interpreter/play/views.py), is the rules' own bookkeeping of the decision p is making."""
    made = state.copy()
    made.data = game.view_state(view).data
    made.rng = 0
    return made


def test_what_a_player_may_not_see_changes_neither_their_view_nor_their_moves(ephyran) -> None:
    game, games = ephyran
    rng = random.Random(2024)
    checked = changed = 0
    for seed in range(games):
        state = game.new_initial_state(seed)
        play = random.Random(seed)
        decision = 0
        while not game.is_terminal(state):
            decision += 1
            decider = game.current_player(state)
            for viewer in range(game.player_count):
                other = redeal_hidden(game, state, viewer, rng)
                changed += other.data != state.data
                seen = game.view(state, viewer)
                assert game.view(other, viewer) == seen, \
                    f"seed {seed}, decision {decision}: {game.player_names[viewer]}'s view shows a hidden piece"
                if viewer == decider:
                    legal = game.legal_moves(state)
                    assert game.legal_moves(other) == legal, \
                        f"seed {seed}, decision {decision}: the moves depend on what the decider cannot see"
                    assert game.legal_moves(from_view(game, seen, state)) == legal, \
                        f"seed {seed}, decision {decision}: the decider's moves cannot be worked out from their view"
                checked += 1
            game.apply(state, game.sample_move(state, play))
    assert checked > games * 50 and changed > checked // 2


def test_what_a_player_may_see_changes_their_view(ephyran) -> None:
    game, games = ephyran
    seen = {}
    for seed in range(min(games, 20)):
        state = game.new_initial_state(seed)
        play = random.Random(seed)
        decision = 0
        while not game.is_terminal(state):
            decision += 1
            if decision % SAMPLE_EVERY == 0 and game.snippet("count(draw_pile) > 0")(state):
                for viewer in range(game.player_count):
                    before = game.view(state, viewer)
                    for name, edit in visible_changes(game).items():
                        copy = state.copy()
                        edit(copy, viewer)
                        if copy.data != state.data:
                            assert game.view(copy, viewer) != before, f"seed {seed}: {name} is not in the view"
                            seen[name] = seen.get(name, 0) + 1
            game.apply(state, game.sample_move(state, play))
    assert set(seen) == {"a card of the viewer's hand", "a city card", "the discard pile", "another hand's size"}


def test_the_board_shows_each_player_what_their_view_holds() -> None:
    """rules/ephyran/display.yaml (rulebook play --board, replay, the page): a city's token shows its
    value to its holder only, others' hands only their counts; redealing what p may not see changes
    nothing p is shown."""
    from rulebook.display import scene_of, scene_text

    game = load_game("ephyran", {"players": 3})
    tokens_somewhere = game.snippet("[q for q in players where any(count(token_on[q, x]) > 0 for x in place)]")
    rng = random.Random(5)
    shown = 0
    for seed in range(12):
        state = game.new_initial_state(seed)
        play = random.Random(seed)
        while not game.is_terminal(state) and not tokens_somewhere(state):
            game.apply(state, game.sample_move(state, play))
        if game.is_terminal(state):
            continue
        holder = tokens_somewhere(state)[0]
        for viewer in range(game.player_count):
            scene = scene_of(game, state, viewer)
            assert scene_of(game, redeal_hidden(game, state, viewer, rng), viewer) == scene
            city = scene_text(scene).split("\nHands")[0].split("'s city")[holder + 1].split("\n")
            # a card's own text (in brackets) names its printed magic object, which everyone sees
            tokens = [re.sub(r"\([^)]*\)", "", line) for line in city]
            values = [line for line in tokens if any(k in line for k in ("thunderbolt", "trident", "owl", "helmet"))]
            assert bool(values) == (viewer == holder), f"seed {seed}: token values shown to player {viewer}"
        shown += 1
    assert shown >= 3
