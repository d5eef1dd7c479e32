"""Answers, public texts and revealed zones, each on the smallest rules that show them: the parts
of `emit … answered by`, `log … to … public`, `choose … public` and `hidden|private unless`
that the Masks test game does not reach."""
from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.dsl.errors import RulesError
from test_engine_regressions import rules_game, texts

def test_answers_without_a_decision_are_asked_in_the_order_given(tmp_path: Path) -> None:
    game = rules_game(tmp_path, """var asked: list of player = []
var done: bool = false

when ask(p) answered by q:
  asked = asked + [q]

flow:
  emit ask(players[0]) answered by [players[1], players[0], players[1]]:
    done = true
  choose n in 1 .. 2
  end game
""")
    state = game.new_initial_state(1)
    assert (game.snippet("asked")(state), game.snippet("done")(state)) == ((1, 0, 1), True)


def test_the_first_cancel_stops_the_asking_and_the_default_action(tmp_path: Path) -> None:
    game = rules_game(tmp_path, """var asked: list of player = []
var done: bool = false

when ask(p, refuser) answered by q:
  asked = asked + [q]
  if q == refuser:
    cancel

flow:
  emit ask(players[0], players[1]) answered by [players[1], players[0], players[1]]:
    done = true
  choose n in 1 .. 2
  end game
""")
    state = game.new_initial_state(1)
    assert (game.snippet("asked")(state), game.snippet("done")(state)) == ((1,), False)


def test_an_ordinary_trigger_that_cancels_means_nobody_is_asked(tmp_path: Path) -> None:
    game = rules_game(tmp_path, """var asked: int = 0

when ask(p):
  cancel

when ask(p) answered by q:
  choose n in 1 .. 2 by q
  asked += 1

flow:
  emit ask(players[0]) answered by players
  choose n in 3 .. 4
  end game
""")
    state = game.new_initial_state(1)
    assert texts(game, state) == ["3", "4"]


def test_each_answer_trigger_is_its_own_question_and_a_decision_of_the_player_asked(tmp_path: Path) -> None:
    game = rules_game(tmp_path, """var log_of: list of int = []

when ask(p) answered by q:
  choose n in 1 .. 2 by q as "first {n}"
  log_of = log_of + [n]
  if n == 2:
    cancel

when ask(p) answered by q:
  choose n in 1 .. 2 by q as "second {n}"
  log_of = log_of + [10 * n]

flow:
  turn players[0]:
    emit ask(players[0]) answered by [players[1], players[0]]:
      log_of = log_of + [99]
    choose n in 3 .. 4
  end game
""")
    state = game.new_initial_state(1)
    seen = []
    for move in ("first 1", "second 1", "first 1", "second 2"):
        seen.append((game.current_player(state), texts(game, state)[0].split()[0]))
        assert state.data[0] == 0  # the turn stays the first player's
        game.apply(state, game.parse_move(state, move))
    assert seen == [(1, "first"), (1, "second"), (0, "first"), (0, "second")]
    assert game.snippet("log_of")(state) == (1, 10, 1, 20, 99)
    cancelled = game.new_initial_state(1)
    game.apply(cancelled, game.parse_move(cancelled, "first 2"))
    assert texts(game, cancelled) == ["3", "4"]  # no question after the cancel, no action
    assert game.snippet("log_of")(cancelled) == (2,)


def test_public_texts_of_menu_options_and_plain_choices(tmp_path: Path) -> None:
    game = rules_game(tmp_path, """kind card: ace, king
zone hand[player]: card private

flow:
  put 1 ace into hand[players[0]]
  turn players[0]:
    choose:
      option "shows {c}" for c in hand[players[0]]:
        pass
      option "hides {c}" public "hides a card" for c in hand[players[0]]:
        pass
      option "waits" public "thinks" where true:
        pass
  end game
""")
    state = game.new_initial_state(1)
    moves = {str(m): m for m in game.legal_moves(state)}
    assert [game.public_text(state, moves[t], 1) for t in ("shows ace", "hides ace", "waits")] == \
        ["shows ace", "hides a card", "thinks"]
    assert game.public_text(state, moves["hides ace"], None) == "hides a card"
    assert game.public_text(state, moves["hides ace"], 0) == "hides ace"


def test_a_hidden_variable_is_revealed_while_its_condition_holds(tmp_path: Path) -> None:
    game = rules_game(tmp_path, """var code[player]: int = 7 private unless opened
var opened: bool = false
zone safe: card hidden unless opened
kind card: key

flow:
  put 2 key into safe
  choose n in 1 .. 2
  opened = true
  choose m in 1 .. 2
  end game
""")
    state = game.new_initial_state(1)
    layout = game.compiled.layout
    code, safe = layout.vars["code"].base, layout.zones["safe"].base
    closed = game.view(state, 1)["data"]
    assert closed[code] == {"hidden": True} and closed[code + 1] == 7 and closed[safe] == {"hidden": 2}
    game.apply(state, game.parse_move(state, "1"))
    opened = game.view(state, 1)["data"]
    assert opened[code] == 7 and opened[safe] == 2


@pytest.mark.parametrize("text,message", [
    ("when ask(p) answered by q:\n  pass\nflow:\n  emit ask(players[0])\n  end game\n",
     "no 'emit ask(…) answered by …' asks anyone to answer 'ask'"),
    ("flow:\n  emit ask(1) answered by 3\n  end game\n", "who is asked to answer"),
    ("flow:\n  log \"x\" to 3\n  end game\n", "who reads the line"),
    ("var n: int = 0 hidden unless 4\nflow:\n  end game\n", "what reveals it"),
    ("var n: int = 0\nflow:\n  choose k in 1 .. 2 as \"k {k}\" public \"n {n}\"\n  end game\n",
     "a move's text can show only its own choices and constants, not 'n'"),
])
def test_mistakes_are_reported_at_their_place(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(RulesError) as err:
        rules_game(tmp_path, text)
    assert message in str(err.value)
    assert "game.rules:" in str(err.value)
