"""A person at the table (issue 15 item 1): `rulebook play GAME --human SEAT`, driven here through
standard input — numbered moves, a move's text or a unique start of it, the commands, hot-seat
hand-overs with each person's own view, every shipped game, a mod."""
from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from rulebook.api import shipped_games
from rulebook.cli import main
from rulebook.human import choose_move, columns

ROOT = Path(__file__).resolve().parent.parent
HANDS = str(ROOT / "tests" / "games" / "hands")
NIM = str(ROOT / "tests" / "games" / "nim")


def play(capsys, monkeypatch, typed: str, *argv) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    code = main(["play", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


class Text:
    """A move with a text form, for choose_move."""

    def __init__(self, text: str):
        self.text = text

    def __str__(self) -> str:
        return self.text


def test_a_number_wins_over_a_move_text_starting_with_it() -> None:
    moves = [Text("2 red"), Text("1 blue"), Text("12 green")]
    assert str(choose_move(moves, "1")[0]) == "2 red"
    assert str(choose_move(moves, " 3 ")[0]) == "12 green"
    assert choose_move(moves, "4") == (None, "there is no move 4: the moves are numbered 1 to 3")


def test_a_move_text_or_a_unique_start_of_it() -> None:
    moves = [Text("student red -> island 4"), Text("student red -> dining room"), Text("student blue -> island 1")]
    assert str(choose_move(moves, "Student  RED -> dining room")[0]) == "student red -> dining room"
    assert str(choose_move(moves, "student b")[0]) == "student blue -> island 1"
    move, why = choose_move(moves, "student red")
    assert move is None and why.startswith("'student red' could be 2 moves: 1 student red -> island 4, 2 student red")
    assert choose_move(moves, "pass")[1].startswith("no move starts with 'pass'")


def test_many_moves_are_listed_in_columns() -> None:
    lines = columns([f"{i:>3}  move {i}" for i in range(1, 31)], 60)
    assert len(lines) < 30 and all(len(line) <= 60 for line in lines) and "  1  move 1" in lines[0]


def test_a_person_plays_nim_against_a_bot(capsys, monkeypatch) -> None:
    code, out, err = play(capsys, monkeypatch, "help\n9\nta\ntake 3\n1\nboard\n" + "1\n" * 20, NIM,
                          "--names", "Leo,Lisa", "--human", "Leo", "--seed", "3")
    assert code == 0, err
    assert "──── Leo to decide (move 1) ────" in out and "  1  take 1" in out and "Leo> " in out
    assert "board         show the position again" in out                     # help
    assert "there is no move 9: the moves are numbered 1 to 3" in out          # a number out of range
    assert "'ta' could be 3 moves" in out                                      # an ambiguous start
    assert "  Leo: take 3" in out and "  Lisa: " in out and "Game over:" in out
    assert "heap: pebble×15" in out and "heap: pebble×11" in out               # the position, at each decision


def test_the_end_of_the_input_is_quit_and_the_record_is_kept(capsys, monkeypatch, tmp_path: Path) -> None:
    target = tmp_path / "left.json"
    code, out, _ = play(capsys, monkeypatch, "1\n", NIM, "--human", "1", "--seed", "3", "--save", str(target))
    assert code == 0 and "Game left unfinished after 2 moves" in out
    record = json.loads(target.read_text())
    assert record["result"] is None and len(record["moves"]) == 2 and record["seats"] == ["human", "random"]


def test_undo_goes_back_to_the_previous_decision(capsys, monkeypatch) -> None:
    code, out, _ = play(capsys, monkeypatch, "1\nundo\nundo\n3\nquit\n", NIM, "--human", "1", "--seed", "3")
    assert "Back to player 1's previous decision (move 1)." in out
    assert "Nothing to undo" in out
    assert out.count("──── player 1 to decide (move 1) ────") == 3 and "  player 1: take 3" in out


def test_save_in_the_middle_then_resume_with_other_seats(capsys, monkeypatch, tmp_path: Path) -> None:
    target = tmp_path / "mid.json"
    code, out, _ = play(capsys, monkeypatch, f"2\nsave {target}\nquit\n", NIM, "--human", "1", "--seed", "5")
    assert f"Saved 2 moves to {target}" in out
    code, out, _ = play(capsys, monkeypatch, "1\n" * 20, "--resume", str(target), "--human", "2")
    assert code == 0 and "──── player 2 to decide (move 4) ────" in out and "Game over:" in out


def test_hot_seat_hands_over_and_shows_each_their_own_hand(capsys, monkeypatch) -> None:
    typed = "\n1\n\n1\n\n1\nquit\n"
    code, out, _ = play(capsys, monkeypatch, typed, HANDS, "--names", "Leo,Lisa", "--human", "Leo",
                        "--human", "Lisa", "--seed", "2")
    assert code == 0
    turns = out.split("──── Hand over to ")
    assert len(turns) >= 4 and turns[1].startswith("Leo ────") and turns[2].startswith("Lisa ────")
    leo, lisa = turns[1], turns[2]  # Leo too gets a hand-over before the first decision (issue 31 item 4)
    assert "Leo   hand: 3 hidden" not in leo and "Lisa  hand: 3 hidden" in leo
    assert "Leo   hand: 3 hidden" in lisa and "Lisa  hand: 3 hidden" not in lisa
    assert "Lisa, press Enter when only you can see the screen:" in lisa


def test_a_game_without_secrets_between_players_needs_no_hand_over(capsys, monkeypatch) -> None:
    code, out, _ = play(capsys, monkeypatch, "1\n" * 6, NIM, "--human", "1", "--human", "2", "--seed", "1")
    assert "Hand over" not in out and "──── player 2 to decide" in out


@pytest.mark.parametrize("game", shipped_games())
def test_every_shipped_game_can_be_played_to_the_end_by_a_person(capsys, monkeypatch, game: str) -> None:
    code, out, err = play(capsys, monkeypatch, "1\n" * 6000, game, "--human", "1", "--seed", "2")
    assert code == 0, err
    assert "player 1> 1" in out and "Game over:" in out


def test_with_a_mod(capsys, monkeypatch, tmp_path: Path) -> None:
    mod = next(p for p in sorted((ROOT / "examples" / "mods").iterdir()) if (p / "mod.yaml").is_file()
               and "eriantys" in (p / "mod.yaml").read_text())
    expert = any("expert" in p.read_text() for p in mod.glob("*.rules"))
    code, out, err = play(capsys, monkeypatch, "1\n" * 2000, "eriantys", "--mod", str(mod), "--human", "2",
                          "--bots", "greedy", *(["--expert"] if expert else []), "--seed", "4",
                          "--save", str(tmp_path / "game.json"))
    assert code == 0, err
    assert "player 2> 1" in out and "Game over:" in out
    record = json.loads((tmp_path / "game.json").read_text())
    assert [Path(m["path"]) for m in record["mods"]] == [mod.resolve()] and record["result"] is not None


@pytest.mark.parametrize("argv, message", [
    (["--human", "3"], "--human 3: seats are numbered 1 to 2"),
    (["--human", "Bob"], "--human 'Bob': no player of that name; the players are player 1, player 2"),
    (["--names", "Ann,Ann"], "--names: 'Ann' is given twice"),
    (["--names", "Ann,2"], "'2' is a number, which stands for a seat"),
    (["--names", "Ann,Bob,Cy", "--players", "2"], "--names gives 3 names for --players 2"),
    (["--bots", "random,greedy,random"], "--bots lists 3 players for 2 seats"),
    (["--bots", "clever"], "unknown bot 'clever'"),
    (["--as", "Zed"], "--as 'Zed': no player of that name"),
    (["--save", "/no/such/folder/game.json"], "cannot write /no/such/folder/game.json: no folder /no/such/folder"),
])
def test_bad_seats_get_one_line(capsys, monkeypatch, argv, message) -> None:
    code, out, err = play(capsys, monkeypatch, "", NIM, *argv)
    assert code == 2 and message in err and err.count("\n") == 1


def test_from_a_real_pipe_without_a_terminal(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "rulebook.cli", "play", NIM, "--human", "1", "--seed", "3"],
                          input="take 2\n2\n", capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "player 1> take 2" in done.stdout and "Game left unfinished" in done.stdout
    assert "\x1b[" not in done.stdout  # no colour codes into a pipe


def test_as_a_player_the_log_shows_what_they_may_see(capsys, monkeypatch) -> None:
    code, out, _ = play(capsys, monkeypatch, "", HANDS, "--names", "Leo,Lisa", "--as", "Leo", "--seed", "2")
    assert code == 0 and "  Leo: lay " in out and "  Lisa: lay " in out and "Game over:" in out


def test_board_draws_the_position_after_each_turn_as_the_log_reader_sees_it(capsys, monkeypatch) -> None:
    code, out, _ = play(capsys, monkeypatch, "", HANDS, "--names", "Leo,Lisa", "--seed", "2", "--board")
    assert code == 0 and out.count("cards in the deck:") == 8 and "hidden" not in out  # everything
    code, out, _ = play(capsys, monkeypatch, "", HANDS, "--names", "Leo,Lisa", "--seed", "2", "--board", "--as", "Leo")
    assert out.count("Lisa  hand: 3 hidden") >= 6 and "Leo   hand: 3 hidden" not in out


@pytest.mark.parametrize("bot", ["greedy", "mcts:20"])
def test_a_bots_look_ahead_writes_nothing_into_the_log(capsys, monkeypatch, bot: str) -> None:
    """Greedy and MCTS try moves on copies of the position; the log shows only the moves played
    (a line a tried move would write could also tell what lies in a hidden pile)."""
    code, out, err = play(capsys, monkeypatch, "", str(ROOT / "tests" / "games" / "cards"), "--bots", bot, "--seed", "1")
    assert code == 0, err
    lines = out.splitlines()
    scored = [i for i, line in enumerate(lines) if " scores " in line and not line.startswith("  ")]
    assert scored and all(": play " in lines[i - 1] for i in scored)  # each right after the card played


# ---------------------------------------------------------------- issue 25: undo, seats and views at the table
def test_undo_never_takes_back_a_move_that_showed_something_hidden(capsys, monkeypatch, tmp_path: Path) -> None:
    """Hands (tests/games/hands: a card laid from a private hand, one drawn from the hidden deck):
    undoing would let Leo see Lisa's laid card and his own draw, then play otherwise. Refused, with
    the move named, and play goes on where it was."""
    target = tmp_path / "game.json"
    code, out, _ = play(capsys, monkeypatch, "1\nundo\nquit\n", HANDS, "--names", "Leo,Lisa", "--human", "Leo",
                        "--seed", "2", "--save", str(target))
    assert code == 0
    assert "Cannot undo past move 2 (Lisa: lay " in out and "it showed Leo something that was hidden before." in out
    assert out.count("──── Leo to decide (move 3) ────") == 2 and "Back to" not in out
    record = json.loads(target.read_text())
    assert len(record["moves"]) == 2 and "undone" not in record


def test_undo_stops_at_a_chance_event() -> None:
    """Eriantys (rules/eriantys: the clouds are refilled from the bag): a move after which chance
    drew something cannot be taken back; a move that shows nothing hidden can."""
    from rulebook.api import load_game
    from rulebook.undo import shows_the_hidden
    import random

    game = load_game("eriantys")
    state, rng = game.new_initial_state(3), random.Random(1)
    reasons = []
    while not game.is_terminal(state) and len(reasons) < 60:
        move, before = game.sample_move(state, rng), state.copy()
        game.apply(state, move)
        reasons.append((before.rng != state.rng, shows_the_hidden(game, before, move, state)))
    assert any(drew for drew, _ in reasons) and any(not drew for drew, _ in reasons)
    assert all(why == ("chance decided something there" if drew else None) for drew, why in reasons)


def test_in_hot_seat_undo_never_takes_back_another_persons_move(capsys, monkeypatch) -> None:
    code, out, _ = play(capsys, monkeypatch, "1\n1\nundo\nquit\n", NIM, "--names", "Leo,Lisa", "--human", "Leo",
                        "--human", "Lisa", "--seed", "1")
    assert code == 0
    assert ("Cannot undo: Lisa has decided since your last decision, and undo takes back only your own moves "
            "(and the bots' after them).") in out
    assert out.count("──── Leo to decide (move 3) ────") == 2


def test_an_undo_is_kept_in_the_record_and_shown_by_replay(capsys, monkeypatch, tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    code, out, _ = play(capsys, monkeypatch, "1\nundo\n3\n" + "1\n" * 20, NIM, "--names", "Leo,Lisa",
                        "--human", "Leo", "--seed", "3", "--save", str(target))
    assert code == 0 and "Back to Leo's previous decision (move 1)." in out
    record = json.loads(target.read_text())
    assert record["undone"] == [{"by": "Leo", "from": 1, "to": 2}] and record["moves"][0]["move"] == "take 3"
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["replay", str(target)]) == 0
    assert "Leo took back moves 1 to 2 here (undo)" in capsys.readouterr().out


def test_a_resumed_game_keeps_its_people_and_its_bots(capsys, monkeypatch, tmp_path: Path) -> None:
    """The exact command `save` then `play --resume FILE`: Leo and Lisa are still people, each
    with a hand-over prompt; a searching bot keeps its kind and budget."""
    target, again = tmp_path / "mid.json", tmp_path / "again.json"
    code, out, _ = play(capsys, monkeypatch, f"1\nsave {target}\nquit\n", "eriantys", "--players", "3",
                        "--names", "Leo,Lisa,Max", "--human", "Leo", "--human", "Lisa", "--bots", "mcts:7", "--seed", "2")
    assert code == 0 and f"moves to {target}" in out
    code, out, _ = play(capsys, monkeypatch, "quit\n", "--resume", str(target), "--save", str(again))
    assert code == 0 and ("──── Leo to decide" in out or "──── Lisa to decide" in out)
    assert json.loads(again.read_text())["seats"] == ["human", "human", "mcts:7"]
    code, out, _ = play(capsys, monkeypatch, "\n1\n\n1\nquit\n", "--resume", str(again), "--human", "Leo",
                        "--human", "Lisa", "--save", str(again))
    assert code == 0 and json.loads(again.read_text())["seats"] == ["human", "human", "mcts:7"]


def test_hot_seat_after_a_resume_still_hands_over(capsys, monkeypatch, tmp_path: Path) -> None:
    target = tmp_path / "mid.json"
    code, out, _ = play(capsys, monkeypatch, f"\n1\n\nsave {target}\nquit\n", HANDS, "--names", "Leo,Lisa",
                        "--human", "Leo", "--human", "Lisa", "--seed", "2")
    assert code == 0 and f"Saved 1 moves to {target}" in out
    code, out, _ = play(capsys, monkeypatch, "\n1\n\nquit\n", "--resume", str(target))
    assert code == 0 and "──── Hand over to Lisa ────" in out and "──── Hand over to Leo ────" in out
    lisa = out.split("──── Hand over to Leo ────")[0]
    assert "Leo   hand: 3 hidden" in lisa and "Lisa  hand: 3 hidden" not in lisa


@pytest.mark.parametrize("argv, message", [
    (["--human", "Leo", "--as", "Lisa"], "--as Lisa: a person plays Leo in this game, and may see only that "
                                         "seat's view"),
    (["--human", "Leo", "--human", "Lisa", "--as", "Leo"], "--as Leo: several people play this game at one screen"),
])
def test_a_person_cannot_see_another_seat_with_as(capsys, monkeypatch, argv, message) -> None:
    code, out, err = play(capsys, monkeypatch, "", HANDS, "--names", "Leo,Lisa", *argv)
    assert code == 2 and message in err and err.count("\n") == 1 and out == ""


# ---------------------------------------------------------------- issue 31 item 4: the terminal table
def test_a_hand_over_clears_the_scrollback_and_tells_what_happened_since(capsys, monkeypatch) -> None:
    from rulebook.api import load_game
    from rulebook.human import People

    out = io.StringIO()
    people = People(load_game(HANDS, {}, player_names=["Leo", "Lisa"]), io.StringIO("\n"), out, None, None,
                    True, ["human", "human"], terminal=True)
    assert people.hand_over(1) and out.getvalue().startswith("\x1b[2J\x1b[3J\x1b[H")  # the scrollback too
    code, text, _ = play(capsys, monkeypatch, "\n1\n\n1\n\nquit\n", HANDS, "--names", "Leo,Lisa", "--human", "Leo",
                         "--human", "Lisa", "--seed", "2")
    second = text.split("──── Hand over to Leo ────")[2]
    assert code == 0 and second.split("──── Leo to decide")[0].splitlines()[2:] == [
        "Since your last decision:", "  Lisa: lay glimmerfox", ""]


def test_enter_plays_the_only_legal_move(capsys, monkeypatch) -> None:
    code, out, _ = play(capsys, monkeypatch, "\n", NIM, "--stones", "1", "--human", "1", "--seed", "1")
    assert code == 0 and "(the only legal move: Enter plays it)" in out
    assert "  player 1: take 1" in out and "Game over: player 1 wins" in out


def test_undo_tells_a_look_from_a_move_made_face_down() -> None:
    """Ephyran (rules/ephyran: the Graeae's cards are private, the draw pile face down): a card
    drawn shows its drawer what was hidden; a card kept from the Graeae, read by the others as
    "keeps a card", shows nobody anything new, so it can be taken back."""
    from rulebook.api import load_game
    from rulebook.undo import shows_the_hidden
    import random

    game = load_game("ephyran")
    state, rng = game.new_initial_state(3), random.Random(1)
    seen: dict = {}
    for _ in range(200):
        if game.is_terminal(state):
            break
        move, before = game.sample_move(state, rng), state.copy()
        game.apply(state, move)
        seen.setdefault(str(move).split()[0], set()).add(shows_the_hidden(game, before, move, state))
    assert seen["keeps"] == {None}
    assert "it showed player 2 something that was hidden before" in seen["draws"] | seen["discards"]


def test_a_number_that_is_also_a_value_in_the_moves_asks_which_was_meant() -> None:
    from rulebook.human import number_clash

    moves = [Text("plays card 3"), Text("plays card 26"), Text("discards card 1"), Text("passes")]
    assert number_clash(moves, "3") == ("'3' is move 3 (discards card 1), but 3 is also in 1 plays card 3: type 3 "
                                        "again (or #3) for move 3, or type the move you mean")
    assert number_clash(moves, "4") == "" and number_clash(moves, "#3") == ""  # no move names 4; #3 is move 3
    assert str(choose_move(moves, "#3")[0]) == "discards card 1"
    nim = [Text("take 1"), Text("take 2"), Text("take 3")]
    assert all(number_clash(nim, str(n)) == "" for n in (1, 2, 3))  # move N names N itself: nothing to ask


def test_a_person_is_asked_once_and_the_number_again_plays_it(capsys, monkeypatch) -> None:
    """Ephyran (rules/ephyran: moves name cards by their numbers): a move's number that is also a
    card's number in another move asks; the same number again plays the numbered move."""
    from rulebook.api import load_game
    from rulebook.human import number_clash

    game = load_game("ephyran", {})
    for seed in range(100):  # a deal where a card's number is also a move's
        moves = game.legal_moves(game.new_initial_state(seed))
        clashing = [n for n in range(1, len(moves) + 1) if number_clash(moves, str(n))]
        if clashing and game.current_player(game.new_initial_state(seed)) == 0:
            break
    n = clashing[0]
    code, out, _ = play(capsys, monkeypatch, f"{n}\n{n}\nquit\n", "ephyran", "--human", "1", "--seed", str(seed))
    assert code == 0 and f"'{n}' is move {n} ({moves[n - 1]}), but {n} is also in " in out
    assert f"  player 1: {moves[n - 1]}" in out


def test_bots_going_on_with_a_peoples_game_show_no_more_than_the_people_could_see(capsys, monkeypatch,
                                                                                   tmp_path: Path) -> None:
    """Resuming Leo and Lisa's save with bots in their seats prints what everyone sees, not their
    hands, and --as is still only a person's own seat."""
    target = tmp_path / "mid.json"
    play(capsys, monkeypatch, f"\n1\n\nsave {target}\nquit\n", HANDS, "--names", "Leo,Lisa", "--human", "Leo",
         "--human", "Lisa", "--seed", "2")
    code, out, _ = play(capsys, monkeypatch, "", "--resume", str(target), "--bots", "random", "--board")
    assert code == 0 and "Game over:" in out and "Leo   hand: 3 hidden" in out and "Lisa  hand: 3 hidden" in out
    code, _, err = play(capsys, monkeypatch, "", "--resume", str(target), "--bots", "random", "--as", "Lisa")
    assert code == 2 and "--as Lisa: several people play this game at one screen" in err


def test_each_move_is_listed_with_its_note_from_the_display(capsys, monkeypatch) -> None:
    """Issue 31 item 5: the moves list shows display.yaml's move notes (Eriantys: where Mother
    Nature lands) beside the move texts, which stay what is typed."""
    code, out, err = play(capsys, monkeypatch, "1\n" * 14, "eriantys", "--names", "Leo,Lisa", "--human", "Leo",
                          "--seed", "3")
    assert code == 0, err
    assert "  1  mother nature 1 (lands on island " in out and "  Leo (white): mother nature 1" in out
