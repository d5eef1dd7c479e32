"""Masks (tests/games/masks): answers asked in seat order on another player's turn (`emit …
answered by`), zones whose pieces only their holder sees until the rules reveal them (`private
unless`), a hidden ordered deck and private hands seen as counts, a move's public text and log
lines written to one player."""
from __future__ import annotations

import random

import pytest

from rulebook.interpreter.game import Game
from rulebook.interpreter.play.machine import State
from rulebook.testing import redeal_hidden
from test_engine_support import load, move_texts, player_index, walk, zone_count, zone_slot

SEEDS = range(40)


@pytest.fixture(scope="module", params=[{}, {"players": 2}, {"players": 4}], ids=["3p", "2p", "4p"])
def masks(request) -> Game:
    return load("masks", request.param)


def is_answer(texts: list[str]) -> bool:
    return "lets it pass" in texts


def claims(game: Game) -> list[tuple[State, int, str]]:
    """(state right after the claim, claimer, card) for every claim of the random games."""
    found = [(after, game.current_player(before), str(move)[len("claims with "):])
             for before, move, after in walk(game, SEEDS) if str(move).startswith("claims with ")]
    assert found
    return found


def answer_order(game: Game, state: State, decline_all: bool) -> list[int]:
    """Who is asked, in order (playing on `state`), while every one of them lets the claim pass
    (or, unless decline_all, until the first who can vetoes)."""
    asked = []
    while not game.is_terminal(state) and is_answer(move_texts(game, state)):
        asked.append(game.current_player(state))
        texts = move_texts(game, state)
        veto = [t for t in texts if t.startswith("vetoes")]
        move = veto[0] if veto and not decline_all else "lets it pass"
        game.apply(state, game.parse_move(state, move))
    return asked


def test_the_others_are_asked_in_seat_order_from_the_left_whatever_their_hands(masks: Game) -> None:
    count = masks.player_count
    for state, claimer, _ in claims(masks):
        wanted = [(claimer + i) % count for i in range(1, count)]
        assert answer_order(masks, state.copy(), decline_all=True) == wanted
        assert state.data[0] == claimer  # still the claimer's turn while the others answer


def test_a_veto_cancels_the_claim_and_nobody_after_is_asked(masks: Game) -> None:
    vetoed = passed = 0
    for state, claimer, card in claims(masks):
        points = masks.score(state, claimer)
        all_pass = state.copy()
        answer_order(masks, all_pass, decline_all=True)
        if not masks.is_terminal(all_pass):
            gained = {"one": 1, "two": 2, "three": 3}[card]
            assert masks.score(all_pass, claimer) == points + gained
            passed += 1
        first_veto = state.copy()
        asked = answer_order(masks, first_veto, decline_all=False)
        vetoers = [q for q in asked if zone_count(masks, state, "hand", q, member="veto") > 0]
        if vetoers:
            assert asked[-1] == vetoers[0], "asking goes on after a veto"
            assert masks.score(first_veto, claimer) == points
            vetoed += 1
    assert vetoed and passed


def test_gems_are_seen_by_their_holder_only_until_the_rules_show_them(masks: Game) -> None:
    seen_hidden = seen_open = 0
    for before, _, after in walk(masks, range(10)):
        for state in (before, after):
            for owner in range(masks.player_count):
                for vault in (1, 2, 3):
                    start, width = zone_slot(masks, "vault", owner, vault)
                    held = list(state.data[start:start + width])
                    for viewer in range(masks.player_count):
                        shown = masks.view(state, viewer)["data"][start:start + width]
                        if viewer == owner or masks.is_terminal(state):
                            assert shown == held
                            seen_open += viewer != owner
                        else:
                            assert shown == [{"hidden": sum(held)}] + [None] * (width - 1)
                            seen_hidden += sum(held)
    assert seen_hidden and seen_open


def test_the_deck_and_the_hands_show_only_their_counts(masks: Game) -> None:
    for before, _, _ in walk(masks, range(4)):
        deck, _ = zone_slot(masks, "deck")
        for viewer in range(masks.player_count):
            view = masks.view(before, viewer)
            assert view["data"][deck] == {"hidden": zone_count(masks, before, "deck")}
            assert "rng" not in view and "frames" not in view  # no chance, no locals
            for owner in range(masks.player_count):
                start, width = zone_slot(masks, "hand", owner)
                if owner != viewer:
                    assert view["data"][start] == {"hidden": zone_count(masks, before, "hand", owner)}


def test_the_kept_card_is_shown_to_its_player_only(masks: Game) -> None:
    keeps = 0
    for before, move, _ in walk(masks, range(6)):
        decider = masks.current_player(before)
        for viewer in [None] + list(range(masks.player_count)):
            text = masks.public_text(before, move, viewer)
            if viewer == decider or not str(move).startswith("keeps "):
                assert text == str(move)
            else:
                assert text == "keeps a card"
                keeps += 1
    assert keeps


def test_a_line_written_to_one_player_reaches_the_others_in_its_public_text(masks: Game) -> None:
    state = masks.new_initial_state(5)
    rng = random.Random(5)
    logs = {viewer: [] for viewer in [None] + list(range(masks.player_count))}
    moves = []
    while not masks.is_terminal(state):
        move = masks.sample_move(state, rng)
        moves.append(move)
        for viewer, lines in logs.items():
            copy = state.copy()
            masks.set_log(lambda _, text, lines=lines: lines.append(text), viewer)
            try:
                masks.apply(copy, move)
            finally:
                masks.set_log(None)
        masks.apply(state, move)
    everything = logs[None]
    assert any(" keeps " in line and "a card" not in line for line in everything)
    for viewer in range(masks.player_count):
        name = masks.player_names[viewer]
        lines = logs[viewer]
        assert len(lines) == len(everything)
        for full, seen in zip(everything, lines):
            if full.startswith(name) or not (" keeps " in full or " draws a " in full):
                assert seen == full
            else:
                assert seen in (f"{full.split(' keeps ')[0]} keeps a card", f"{full.split(' draws ')[0]} draws a gem")


def test_what_is_hidden_from_a_player_does_not_change_their_view_or_their_moves(masks: Game) -> None:
    rng = random.Random(11)
    changed = 0
    for before, _, _ in walk(masks, range(8)):
        for viewer in range(masks.player_count):
            other = redeal_hidden(masks, before, viewer, rng)
            changed += other.data != before.data
            assert masks.view(other, viewer) == masks.view(before, viewer)
            if masks.current_player(before) == viewer:
                assert move_texts(masks, other) == move_texts(masks, before)
    assert changed


def test_a_claim_is_answered_by_name_in_the_move_text(masks: Game) -> None:
    for state, claimer, _ in claims(masks)[:5]:
        asked = masks.current_player(state)
        assert asked != claimer
        assert player_index(masks, masks.player_names[asked]) == asked
