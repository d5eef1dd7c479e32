"""A trace of why (issue 30 item 3): which rules a move ran, in order, with file:line — at the
table (`play --trace`), for one move of a record (`explain`), and under a failing scenario
(`test --trace`); a refused move says which decision refused it and what it offers."""
from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.api import load_game
from rulebook.cli import main
from rulebook.interpreter.play.moves import IllegalMove
from rulebook.interpreter.analysis.reach import VALUE, ReachMap
from rulebook.interpreter.play.trace import Tracer, ValueNames, _fold_cycles

NIM = str(Path(__file__).resolve().parent / "games" / "nim")


def test_a_move_s_trace_names_the_rules_it_ran_in_order() -> None:
    game = load_game(NIM)
    tracer = Tracer(game, seed=1)
    lines = tracer.play("take 2")
    statements = [line.split(":", 2)[2].strip() for line in lines]
    assert "chosen: take 2" in statements
    assert statements.index("take n pebble out of heap") < statements.index('log "{p} takes {n}, {count(heap)} left"')
    assert any(s.startswith("took else of `if count(heap) == 0:`") for s in statements)
    assert all(line.split(":")[0] == "game.rules" and line.split(":")[1].isdigit() for line in lines)


def test_an_if_s_trace_shows_the_values_that_decided_it() -> None:
    """Each side of the condition's comparison, as play saw it (15 stones, 2 taken)."""
    lines = Tracer(load_game(NIM), seed=1).play("take 2")
    assert "game.rules:20:     took else of `if count(heap) == 0:`, seeing count(heap) = 13" in lines


def test_the_values_seen_read_as_the_rules_write_them() -> None:
    """Players, members and cells by name, yes/no, none; an `if` of several parts shows each part
    once, and a lone test (`if law:`) shows nothing more than the arm it took."""
    names = ValueNames(("Leo", "Lisa"), {"colour": ("red", "blue")}, ("Lions",), {"board": (1, ("a1", "b1"))})
    shown = [names.text(1, "player"), names.text(-1, "player"), names.text(None, ("opt", ("kind", "colour"))),
             names.text(1, ("kind", "colour")), names.text(2, ("node", "board")), names.text(True, "bool"),
             names.text(-1, "int"), names.text([0, 1], ("list", "player")), names.text(0, "team")]
    assert shown == ["Lisa", "none", "none", "blue", "b1", "yes", "-1", "[Leo, Lisa]", "Lions"]
    game = load_game(str(Path(__file__).resolve().parents[1] / "rules" / "eriantys"))
    labels = {point.label for point in ReachMap(game.program, tracing=True).points if point.kind == VALUE}
    assert {"holder", "dining[leader][c]", "count(entrance[p])"} <= labels
    assert not any(label.startswith("any(") for label in labels)  # `if any(…):` alone


def test_only_a_tracing_build_has_value_points() -> None:
    """A coverage report counts the same points as before: values are a trace's alone."""
    game = load_game(NIM)
    assert not any(point.kind == VALUE for point in ReachMap(game.program).points)
    assert any(point.kind == VALUE for point in ReachMap(game.program, tracing=True).points)


def test_tracing_costs_a_plain_build_nothing() -> None:
    """Only the tracing twin carries marks; the game played is a plain build without any."""
    game = load_game(NIM)
    assert game.reached is None and "R[" not in game.compiled.source.text()
    assert game.tracing_twin().reached is not None and game.tracing_twin() is game.tracing_twin()


def test_a_refused_move_says_which_decision_refused_it() -> None:
    tracer = Tracer(load_game(NIM), seed=1)
    with pytest.raises(IllegalMove) as refused:
        tracer.play("take 9")
    text = str(refused.value)
    assert "refused by the decision at" in text and 'choose n in 1 .. min(3, count(heap)) as "take {n}"' in text
    assert "which offers: take 1, take 2, take 3" in text


def test_a_refused_move_shows_the_values_its_decision_read() -> None:
    """The end of the range was the heap, not the three a turn allows."""
    tracer = Tracer(load_game(NIM), seed=1)
    for move in ("take 3", "take 3", "take 3", "take 3", "take 1"):
        tracer.play(move)
    with pytest.raises(IllegalMove) as refused:
        tracer.play("take 3")
    assert "which offers: take 1, take 2\n  deciding by: min(3, count(heap)) = 2" in str(refused.value)
    lines = Tracer(load_game(NIM), seed=1).play("take 2")
    assert not any("min(3" in line and "seeing" in line for line in lines)  # an offer is no `if`


def test_a_loop_s_lines_are_shown_once_with_how_many_times() -> None:
    assert _fold_cycles(["a", "b", "c", "b", "c", "b", "c", "d"]) == ["a", "b   (this and the 1 below, 3 times)", "c", "d"]
    assert _fold_cycles(["x", "x", "x"]) == ["x   (this line, 3 times)"]


def test_play_trace_and_explain(capsys, tmp_path: Path) -> None:
    assert main(["play", NIM, "--seed", "3", "--trace"]) == 0
    out = capsys.readouterr().out
    assert "      game.rules:18:   take n pebble out of heap" in out
    record = tmp_path / "game.json"
    assert main(["play", "eriantys", "--seed", "2", "--quiet", "--save", str(record)]) == 0
    capsys.readouterr()
    assert main(["explain", str(record), "--at", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Move 3: ") and ".rules:" in out and "chosen: " in out
    assert main(["explain", str(record), "--at", "100000"]) == 2


def test_trace_is_refused_where_a_person_plays(capsys) -> None:
    assert main(["play", NIM, "--seed", "3", "--trace", "--human", "1", "--quiet"]) == 2
    assert "--trace shows the rules' workings" in capsys.readouterr().err


def test_a_failing_scenario_shows_what_its_when_ran(capsys, tmp_path: Path) -> None:
    feature = tmp_path / "wrong.feature"
    feature.write_text("""@game:septachroma
Feature: a wrong expectation
  Scenario: the bag after a turn
    Given a game of Septachroma between Leo and Lisa
    And Leo holds red, blue and green
    And the bag holds 2 yellow, 1 violet and 1 indigo
    When Leo places a red stone on c3
    And Leo places a blue stone on e5
    And Leo places a green stone on b6
    Then the bag holds 4 stones
""")
    assert main(["test", str(feature), "--trace"]) == 1
    out = capsys.readouterr().out
    assert "the When's move 'place green on b6' ran:" in out and "chosen: place green on b6" in out
    assert main(["test", str(feature)]) == 1
    assert "ran:" not in capsys.readouterr().out  # without --trace, the failure alone


def test_the_replay_says_why_for_one_who_sees_everything(capsys, tmp_path: Path) -> None:
    import io

    from rulebook.replay import Stepper, open_replay

    record = tmp_path / "game.json"
    assert main(["play", "eriantys", "--seed", "2", "--quiet", "--save", str(record)]) == 0
    out = io.StringIO()
    Stepper(open_replay(str(record)), io.StringIO("3\nwhy\nview everyone\nwhy\nq\n"), out).run()
    text = out.getvalue()
    assert "chosen: " in text.split("view everyone")[0]
    assert "'view everything' first" in text.split("view everyone")[1]
