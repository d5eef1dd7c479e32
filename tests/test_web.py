"""The web table (issue 31 items 1 and 2), in-process over Starlette's TestClient websockets:
whole Ephyran games played by two browsers, no message to a seat holding anything that seat may
not see; tokens acting for their own seat only; stale, forged, illegal and malformed moves
refused with a clear message and nothing changed; bots, saving, resuming, coming back."""
from __future__ import annotations

import json
import random
import re
from contextlib import ExitStack
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from rulebook.api import load_game
from rulebook.cli import main
from rulebook.human import number_clash
from rulebook.records import new_record, open_record, read_record
from rulebook.seats import parse_table_seats
from rulebook.testing import redeal_hidden
from rulebook.web.app import NOT_OURS, make_app
from rulebook.web.host import Host
from rulebook.web.messages import state_message
from rulebook.web.tokens import Tokens

LEO, LISA = 0, 1
CITY = [("city", q, f"{place} {zone}") for q in range(2) for place in ("lagoon", "lands", "forest", "mountain")
        for zone in range(1, 5)]


def table(name: str, seats: list[str], seed: int, names=("Leo", "Lisa"), save=None, options=None):
    game = load_game(name, {"players": len(seats), **(options or {})}, player_names=list(names))
    host = Host(game, new_record(game, name, [], seed, seats), seats, save)
    tokens = Tokens([p for p, s in enumerate(seats) if s == "human"])
    return game, host, tokens, make_app(host, tokens)


def hello(sockets: ExitStack, client: TestClient, token: str):
    """A browser's websocket, its token sent; closed when `sockets` is (before the client: the
    client waits for every open one)."""
    socket = sockets.enter_context(client.websocket_connect("/ws"))
    socket.send_text(json.dumps({"type": "hello", "token": token}))
    return socket


def send(socket, kind: str, counter, text) -> None:
    socket.send_text(json.dumps({"type": kind, "counter": counter, "text" if kind == "typed" else "move": text}))


def named(text: str, cards: set) -> set:
    """The cards of `cards` that `text` names ("card 2" is not "card 23")."""
    return {card for card in cards if re.search(re.escape(card) + r"(?!\d)", text)}


class Seen:
    """The Ephyran cards Leo has seen so far, or heard named by a move or a log line written for him."""

    def __init__(self) -> None:
        self.cards: set[str] = set()

    def hidden_now(self, game, state) -> set[str]:
        position = game.position(state)
        for zone in [("hand", LEO), ("graeae", LEO), ("discard_pile",), ("tartarus",), *CITY]:
            self.cards |= set(position.zone(zone))
        return set(position.zone(("draw_pile",))).union(position.zone(("hand", LISA)),
                                                         position.zone(("graeae", LISA))) - self.cards

    def heard(self, game, state, text: str) -> None:
        """A move about to be played in the open (its text the same for Leo as for its player):
        the cards it names are told to everyone (a card laid from a hand is named as it goes)."""
        move = game.parse_move(state, text)
        if game.public_text(state, move, LEO) == text:
            self.cards |= named(text, set(game.kind_names["card"]))


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_whole_ephyran_games_send_leo_nothing_he_may_not_see(seed: int) -> None:
    """Ephyran (rules/ephyran/game.rules: the draw pile face down, hands and the Graeae's cards
    private, tokens private to their holder): two browsers play a whole game, half the moves
    clicked and half typed. Every message to Leo is the one built from a state redealt in all Leo
    may not see (rulebook.testing.redeal_hidden, the engine's view test) — so no hidden card or
    token value can be in it — and names no card then hidden from Leo that he has not seen; his
    log never holds what the rules write to Lisa alone; the spectator's holds nobody's secrets."""
    game, host, tokens, app = table("ephyran", ["human", "human"], seed)
    rng = random.Random(seed)
    seen = Seen()
    checked = 0
    with TestClient(app) as client, ExitStack() as sockets:
        leo, lisa = hello(sockets, client, tokens.token_of(LEO)), hello(sockets, client, tokens.token_of(LISA))
        watcher = hello(sockets, client, tokens.spectator)
        while True:
            to_leo, to_lisa, to_all = leo.receive_json(), lisa.receive_json(), watcher.receive_json()
            assert to_leo["counter"] == to_lisa["counter"] == to_all["counter"] == host.counter
            redealt = redeal_hidden(game, host.state, LEO, rng)
            assert to_leo == state_message(game, redealt, LEO, host.logs[LEO], host.counter, host.seats)
            hidden = seen.hidden_now(game, host.state)
            assert not named(json.dumps(to_leo), hidden), host.counter
            assert not any(re.match(r"\s*Lisa (sees|draws card|draws Dionysus|takes (?!a magic object))", line)
                           for line in to_leo["log"] + to_all["log"])
            assert to_all["moves"] == [] and to_all["you"] is None and not to_all["yours"]
            checked += 1
            if to_leo["result"]:
                assert to_lisa["result"] == to_all["result"] == to_leo["result"]
                break
            mover, message = (leo, to_leo) if to_leo["yours"] else (lisa, to_lisa)
            assert message["moves"] and not (to_lisa if mover is leo else to_leo)["moves"]
            choice = rng.randrange(len(message["moves"]))
            seen.heard(game, host.state, message["moves"][choice])
            if rng.random() < 0.5:
                send(mover, "move", message["counter"], message["moves"][choice])
            else:
                send(mover, "typed", message["counter"], f"#{choice + 1}")
    assert checked == host.counter + 1 > 60 and host.record.result is not None
    assert any(line.startswith("  Leo holds card") for line in host.logs[LEO])
    assert any(line == "  Lisa holds 5 cards" for line in host.logs[LEO])


def test_a_token_acts_only_for_its_seat_and_bad_moves_change_nothing() -> None:
    game, host, tokens, app = table("ephyran", ["human", "human"], 5)
    with TestClient(app) as client, ExitStack() as sockets:
        with pytest.raises(WebSocketDisconnect) as closed:
            token = tokens.token_of(LEO)  # one character changed (a random token may end in "x" already)
            stranger = hello(sockets, client, token[:-1] + ("y" if token.endswith("x") else "x"))
            stranger.receive_json()
        assert closed.value.code == NOT_OURS
        leo, lisa = hello(sockets, client, tokens.token_of(LEO)), hello(sockets, client, tokens.token_of(LISA))
        watcher = hello(sockets, client, tokens.spectator)
        first, theirs, _ = leo.receive_json(), lisa.receive_json(), watcher.receive_json()
        assert first["yours"] and first["turn"] == "Leo" and not theirs["yours"]
        before, moves = host.state.to_json(), list(host.record.moves)

        def refused(socket, raw: str, why: str) -> None:
            socket.send_text(raw)
            answer = socket.receive_json()
            assert answer["type"] == "refused" and why in answer["why"], answer
            if socket is not watcher and answer["why"] != "not a message this table understands":
                assert socket.receive_json()["counter"] == host.counter  # where the game stands, again
            assert host.state.to_json() == before and host.record.moves == moves

        move = first["moves"][0]
        refused(lisa, json.dumps({"type": "move", "counter": 0, "move": move}), "it is Leo's decision, not yours")
        refused(watcher, json.dumps({"type": "move", "counter": 0, "move": move}), "a spectator watches")
        refused(leo, json.dumps({"type": "move", "counter": 3, "move": move}), "the game has moved on to move 1")
        refused(leo, json.dumps({"type": "move", "counter": "0", "move": move}), "needs the move counter")
        refused(leo, json.dumps({"type": "move", "counter": 0, "move": move + " and win"}), "is not a legal move here")
        # Leo's move with a card of Lisa's hand in it: a move Lisa could make, never Leo
        mine = next(m for m in first["moves"] if re.search(r"card \d+", m))
        hidden_card = sorted(str(c) for c in game.position(host.state).zone(("hand", LISA)) if "card" in str(c))[0]
        forged = re.sub(r"card \d+", hidden_card, mine, count=1)
        assert forged not in first["moves"]
        refused(leo, json.dumps({"type": "move", "counter": 0, "move": forged}), "is not a legal move here")
        refused(leo, json.dumps({"type": "typed", "counter": 0, "text": "fly away"}), "no move starts with 'fly away' (click a move, or type its number")
        refused(leo, json.dumps({"type": "typed", "counter": 0, "text": "999"}), "there is no move 999")
        refused(leo, "{not json", "not a message this table understands")
        refused(leo, json.dumps({"type": "resign"}), "not a message this table understands")
        # the move itself, sent right, is played, and everyone hears of it at once
        send(leo, "move", 0, move)
        after = [s.receive_json() for s in (leo, lisa, watcher)]
        assert all(m["counter"] == 1 for m in after) and host.record.moves[0]["move"] == move
        # sent again for the position it was chosen at: stale
        send(leo, "move", 0, move)
        assert "moved on" in leo.receive_json()["why"]


def test_a_typed_number_that_is_also_a_value_is_asked_about_once() -> None:
    """As at the terminal (rulebook.human.number_clash): 26 typed where card 26 is in another
    move's text is asked about; typed again, it is move 26."""
    game, host, tokens, app = table("ephyran", ["human", "human"], 5)
    rng = random.Random(5)
    while True:
        seat = game.current_player(host.state)
        moves = host.messages[seat]["moves"]
        clash = [n for n in range(1, len(moves) + 1) if number_clash(moves, str(n))]
        if clash:
            break
        assert host.submit(seat, host.counter, rng.choice(moves)) is None
    at, number = host.counter, clash[0]
    assert host.submit(seat, at, str(number), typed=True).startswith(f"'{number}' is move {number}")
    assert host.counter == at
    assert host.submit(seat, at, str(number), typed=True) is None
    assert host.record.moves[at]["move"] == moves[number - 1]


def test_bots_take_their_seats_and_a_seat_comes_back_through_its_link(tmp_path: Path) -> None:
    """Leo against a random bot: the bot moves on its own (off the event loop), Leo closes the page
    mid-game and opens his link again, the game goes on from the server's state; --save's record
    is written after every move and is a full record that replays to the same result."""
    save = tmp_path / "web.json"
    game, host, tokens, app = table("ephyran", ["human", "random"], 21, save=str(save))
    rng = random.Random(3)
    with TestClient(app) as client, ExitStack() as sockets:
        leo = hello(sockets, client, tokens.token_of(LEO))
        message = leo.receive_json()
        for _ in range(6):
            while not message["yours"]:
                message = leo.receive_json()
            send(leo, "move", message["counter"], rng.choice(message["moves"]))
            message = leo.receive_json()
        while not message["yours"]:  # the bot has moved: the game waits for Leo
            message = leo.receive_json()
        leo.close()
        assert read_record(save).moves == host.record.moves  # saved as it went
        assert any(entry["player"] == "Lisa" for entry in host.record.moves)
        back = hello(sockets, client, tokens.token_of(LEO))
        message = back.receive_json()
        assert message["counter"] == host.counter and message["log"] == host.logs[LEO]
        while not message["result"]:
            if message["yours"]:
                send(back, "move", message["counter"], rng.choice(message["moves"]))
            message = back.receive_json()
    game2, record = open_record(save)  # replayed from the seed: every move legal, the result follows
    assert record.kind == "full" and record.seats == ["human", "random"] and record.result == host.record.result


def test_a_bot_with_the_first_decision_moves_before_anyone_connects() -> None:
    game, host, tokens, app = table("ephyran", ["random", "human"], 4)
    assert host.bot_to_move()
    with TestClient(app) as client, ExitStack() as sockets:
        lisa = hello(sockets, client, tokens.token_of(LISA))
        message = lisa.receive_json()
        while not message["yours"]:
            message = lisa.receive_json()
        assert message["counter"] >= 1 and host.record.moves[0]["player"] == "Leo"


def test_the_server_answers_while_a_bot_thinks() -> None:
    """A bot's search runs off the event loop: while it thinks (here: until the test lets it go),
    a browser still connects and is answered."""
    import threading

    game, host, tokens, app = table("ephyran", ["random", "human"], 4)
    go = threading.Event()
    bot = host.bots[LEO]
    think = bot.choose
    bot.choose = lambda *args: (go.wait(5), think(*args))[1]  # type: ignore[method-assign]
    with TestClient(app) as client, ExitStack() as sockets:
        lisa = hello(sockets, client, tokens.token_of(LISA))
        first = lisa.receive_json()
        assert first["counter"] == 0 and first["turn"] == "Leo" and not go.is_set()
        go.set()
        assert lisa.receive_json()["counter"] == 1


def test_a_saved_table_resumes_with_its_seats_and_each_seats_log(tmp_path: Path) -> None:
    save = tmp_path / "mid.json"
    game, host, _, _ = table("ephyran", ["human", "human"], 8, save=str(save))
    rng = random.Random(8)
    for _ in range(12):
        seat = game.current_player(host.state)
        assert host.submit(seat, host.counter, rng.choice(host.messages[seat]["moves"])) is None
    game2, record = open_record(save)
    again = Host(game2, record, list(record.seats))
    assert again.counter == 12 and again.logs == host.logs and again.messages == host.messages


def test_serve_resume_keeps_the_records_people_and_refuses_what_the_record_says(
        capsys, monkeypatch, tmp_path: Path) -> None:
    import uvicorn

    save = tmp_path / "mid.json"
    game, host, _, _ = table("ephyran", ["human", "random"], 8, save=str(save))
    while host.counter < 5:
        if not host.bot_step():
            assert host.submit(LEO, host.counter, host.messages[LEO]["moves"][0]) is None
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: None)
    assert main(["serve", "--resume", str(save), "--port", "0"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^  Leo: http://127\.0\.0\.1:\d+/#seat=", out, re.M) and "  Lisa:" not in out
    assert main(["serve", "--resume", str(save), "--seed", "3"]) == 2
    assert "leave out --seed" in capsys.readouterr().err
    assert main(["serve", "--resume", str(save), "--seats", "Ann,Bob"]) == 2
    assert "names the record's players in order: Leo, Lisa" in capsys.readouterr().err


def test_seats_on_the_command_line() -> None:
    assert parse_table_seats("Leo,Lisa,bot:ismcts:200") == (["Leo", "Lisa", "Bot 3"], ["human", "human", "ismcts:200"])
    assert parse_table_seats("Max=bot:random,Ann") == (["Max", "Ann"], ["random", "human"])
    from rulebook.dsl.errors import OptionsError

    for bad, why in (("Leo,bot:chess", "unknown bot 'chess'"), ("Leo,Leo", "'Leo' is given twice"),
                     ("Leo,Max=human", "write a person's name, bot:KIND or NAME=bot:KIND"), ("Leo,,Lisa", "empty")):
        with pytest.raises(OptionsError, match=re.escape(why)):
            parse_table_seats(bad)


def test_serve_binds_this_computer_only_says_so_and_prints_a_link_per_person(capsys, monkeypatch, tmp_path) -> None:
    import logging

    import uvicorn

    kept = logging.FileHandler(tmp_path / "kept.log")  # the process's own logging (a notebook's, pytest's)
    logging.getLogger().addHandler(kept)

    served = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: served.append(sockets[0].getsockname()))
    assert main(["serve", "ephyran", "--seats", "Leo,Lisa,bot:random", "--port", "0", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert served and served[0][0] == "127.0.0.1"
    assert f"serving on 127.0.0.1:{served[0][1]} — this computer only" in out
    assert not kept.stream.closed and kept in logging.getLogger().handlers  # uvicorn's dictConfig closed them all
    logging.getLogger().removeHandler(kept)
    kept.close()
    links = re.findall(r"^  (\S[^:]*): http://127\.0\.0\.1:\d+/#seat=([\w-]{24})$", out, re.M)
    assert [who for who, _ in links] == ["Leo", "Lisa", "spectators (what everyone sees)"]
    assert len({token for _, token in links}) == 3 and "Bot 3:" not in out


def test_serve_says_what_is_wrong_in_one_line(capsys) -> None:
    import socket

    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen(1)
    try:
        port = taken.getsockname()[1]
        assert main(["serve", "ephyran", "--port", str(port)]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"rulebook: cannot listen on 127.0.0.1:{port}:") and err.count("\n") == 1
    finally:
        taken.close()
    assert main(["serve", "ephyran", "--seats", "Leo,bot:chess"]) == 2
    assert "unknown bot 'chess'" in capsys.readouterr().err
    assert main(["serve", "ephyran", "--save", "no/such/folder/game.json"]) == 2
    assert "cannot write no/such/folder/game.json: no folder no/such/folder" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["serve"])
    assert "give the GAME to play" in capsys.readouterr().err


def test_serve_help_says_how_to_play_with_friends(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    for words in ("private link", "127.0.0.1", "--seats", "bot:KIND", "--resume", "--save", "--host"):
        assert words in out


def test_the_deciding_seat_gets_each_moves_note_and_the_others_none() -> None:
    """Issue 31 item 5: beside the moves, display.yaml's notes (Eriantys: where Mother Nature would
    land), worked out on the deciding seat's view; a seat not deciding gets no moves and no notes."""
    game = load_game("eriantys", {"players": 2}, player_names=["Leo", "Lisa"])
    state, rng = game.new_initial_state(3), random.Random(3)
    while not str(game.legal_moves(state)[0]).startswith("mother nature"):
        game.apply(state, rng.choice(game.legal_moves(state)))
    decider = game.current_player(state)
    mine = state_message(game, state, decider, [], 0, ["human", "human"])
    theirs = state_message(game, state, 1 - decider, [], 0, ["human", "human"])
    assert len(mine["notes"]) == len(mine["moves"]) > 0
    assert all(note.startswith("lands on island ") for note in mine["notes"])
    assert theirs["moves"] == theirs["notes"] == []
