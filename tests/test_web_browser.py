"""The web table in a real browser (issue 31 item 3): the server on a free port in a thread, two
headless Chromium sessions (the system's, tests/browser.py), one per seat, play an Eriantys game
and an Ephyran game to the end by clicking moves (and by searching and typing some), each
checking what its own page shows: its own hand and not the other's, whose decision it is, the
result."""
from __future__ import annotations

import re
import threading
import time
from contextlib import contextmanager

import pytest

from browser import chromium_or_skip
from rulebook.api import load_game
from rulebook.records import new_record
from rulebook.web.app import make_app
from rulebook.web.command import listen
from rulebook.web.host import Host
from rulebook.web.tokens import Tokens

PEOPLE = ["human", "human"]


@contextmanager
def serving(host: Host, tokens: Tokens):
    """The table served on a free port of 127.0.0.1 from a thread; gives its address."""
    import uvicorn

    sock = listen("127.0.0.1", 0)
    server = uvicorn.Server(uvicorn.Config(make_app(host, tokens), log_level="warning", lifespan="on", log_config=None))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 10
        while not server.started and time.monotonic() < deadline:
            time.sleep(0.02)
        assert server.started
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()


@pytest.fixture(scope="module")
def browsers():
    first = chromium_or_skip("the web table")
    try:
        second = chromium_or_skip("the web table")
    except BaseException:
        first.quit()
        raise
    yield first, second
    first.quit()
    second.quit()


def wait(condition, what: str, seconds: float = 10.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        got = condition()
        if got:
            return got
        time.sleep(0.005)
    raise AssertionError(f"the page did not show {what} within {seconds} s")


def counter(browser) -> int:
    return int(browser.execute_script("return document.body.dataset.counter || -1"))


def play_to_the_end(host: Host, pages: list, check=None) -> None:
    """Each move made in the browser of the seat whose decision it is (`check(seat, page,
    other)` called every 10th move), by clicking its first listed move (every 15th one found with the search box, every 20th typed), until the end."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    game = host.game
    while not host.over():
        seat = game.current_player(host.state)
        page, other = pages[seat], pages[1 - seat]
        at = host.counter
        wait(lambda: counter(page) == at, f"move {at + 1}")
        if at % 10 == 0:  # now and then: each page says whose decision it is, and only the decider's offers moves
            wait(lambda: counter(other) == at, f"move {at + 1} on the other page")
            assert page.find_element(By.ID, "turn").text == "Your decision"
            assert other.find_element(By.ID, "turn").text == f"{game.player_names[seat]} to decide"
            assert not other.find_element(By.ID, "decide").is_displayed()
            if check is not None:
                check(seat, page, other)
        buttons = page.find_elements(By.CSS_SELECTOR, "#moves button")
        if at % 20 == 19:
            box = page.find_element(By.ID, "typed")
            box.send_keys(buttons[0].get_attribute("data-move"), Keys.ENTER)
        elif at % 15 == 14 and len(buttons) > 1:
            wanted = buttons[-1].get_attribute("data-move")
            page.find_element(By.ID, "search").send_keys(wanted)
            shown = [b for b in page.find_elements(By.CSS_SELECTOR, "#moves button") if b.is_displayed()]
            words = wanted.lower().split()
            assert len(shown) < len(buttons) and all(w in b.text.lower() for b in shown for w in words)
            next(b for b in shown if b.get_attribute("data-move") == wanted).click()
        else:
            buttons[0].click()
        wait(lambda: host.counter > at, f"move {at + 1} played")
    for page in pages:
        wait(lambda: counter(page) == host.counter, "the end")
        assert page.find_element(By.ID, "result").text.startswith("Game over: ")
        assert not page.find_element(By.ID, "decide").is_displayed()


def open_pages(browsers, base: str, tokens: Tokens) -> list:
    for seat, browser in enumerate(browsers):
        browser.get(f"{base}/#seat={tokens.token_of(seat)}")
    return list(browsers)


def test_two_browsers_play_ephyran_to_the_end_each_seeing_only_its_own_hand(browsers) -> None:
    from selenium.webdriver.common.by import By

    game = load_game("ephyran", {"players": 2}, player_names=["Leo", "Lisa"])
    host = Host(game, new_record(game, "ephyran", [], 7, PEOPLE), PEOPLE)
    tokens = Tokens([0, 1])
    checked = []

    def hands(seat: int, page, other) -> None:
        """The decider's page shows its hand, and not the other's."""
        position = game.position(host.state)
        own = {str(c) for c in position.zone(("hand", seat))} - {"Dionysus"}
        theirs = {str(c) for c in position.zone(("hand", 1 - seat))} - own - {"Dionysus"}
        board = page.find_element(By.ID, "board").get_attribute("innerHTML")
        card = lambda c: re.search(re.escape(c) + r"(?!\d)", board)  # noqa: E731
        assert own and all(card(c) for c in own) and theirs and not any(card(c) for c in theirs)
        checked.append(host.counter)

    with serving(host, tokens) as base:
        pages = open_pages(browsers, base, tokens)
        play_to_the_end(host, pages, hands)
        assert pages[0].find_element(By.ID, "you").text == "You are Leo"
    assert len(checked) > 5 and host.record.result is not None


def test_two_browsers_play_eriantys_to_the_end(browsers) -> None:
    from selenium.webdriver.common.by import By

    game = load_game("eriantys", {"players": 2}, player_names=["Leo", "Lisa"])
    host = Host(game, new_record(game, "eriantys", [], 7, PEOPLE), PEOPLE)
    tokens = Tokens([0, 1])
    with serving(host, tokens) as base:
        pages = open_pages(browsers, base, tokens)
        # a page closed and opened again through its link goes on where the game stands
        wait(lambda: counter(pages[0]) == 0, "the start")
        pages[0].get("about:blank")
        pages[0].get(f"{base}/#seat={tokens.token_of(0)[::-1]}")  # a link that is not one of the table's
        wait(lambda: "not one of this table's" in pages[0].find_element(By.ID, "notice").text, "the refusal")
        assert pages[0].find_element(By.ID, "board").text == ""
        pages[0].get("about:blank")
        pages[0].get(f"{base}/#seat={tokens.token_of(0)}")
        play_to_the_end(host, pages)
        log = pages[1].find_element(By.ID, "log").text
        assert host.record.moves[-1]["move"] in log
    assert host.record.result is not None and len(host.record.moves) > 50
