"""Edenia's data and its scenario coverage (issue 13): the tile and rim tables say what rulings D4–D7
say, every ruling D1–D40 is cited by a scenario, and the game's display and options work."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from rulebook.api import load_game
from rulebook.display import scene_of
from rulebook.dsl.errors import OptionsError

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "rules" / "edenia"
FEATURES = ROOT / "features" / "edenia"
RULINGS = range(1, 41)


@pytest.fixture(scope="module")
def game():
    return load_game(RULES, {"players": 2})


def _rows(game, table: str) -> list[dict]:
    return list(game.program.tables[table].rows)


def _ports(game, column: str, kind: str, member: int) -> list[tuple]:
    return [port for link in game.program.link_cells[(column, kind)][member] for port in link]


def test_every_ruling_is_cited_by_a_scenario() -> None:
    cited: set[int] = set()
    for feature in FEATURES.glob("*.feature"):
        for line in feature.read_text(encoding="utf-8").splitlines():
            if line.strip().startswith("Scenario"):
                for first, last in re.findall(r"D(\d+)(?:[–-]D(\d+))?", line):
                    cited.update(range(int(first), int(last or first) + 1))
    missing = [f"D{r}" for r in RULINGS if r not in cited]
    assert not missing, f"no scenario cites {', '.join(missing)}"


def test_every_exploration_tile_joins_each_of_its_12_ports_exactly_once(game) -> None:
    """D4, D7: tracks, tunnels with several exits and the hub use every port once."""
    for member, row in enumerate(_rows(game, "tile_faces")):
        if row["deck"] == "fixed":
            continue
        used = Counter(_ports(game, "tracks", "tile", member) + _ports(game, "tunnels", "tile", member)
                       + _ports(game, "exits", "tile", member))
        assert sorted(used) == sorted((side, path) for side in range(4) for path in range(3)), row["name"]
        assert set(used.values()) == {1}, row["name"]


def test_the_exploration_tiles_are_those_of_d7(game) -> None:
    rows = [r for r in _rows(game, "tile_faces") if r["deck"] != "fixed"]
    assert len(rows) == 22 and sum(r["deck"] == "start" for r in rows) == 3
    hubs = Counter(r["hub"] for r in rows)
    assert hubs == {"habitable planet": 6, "dwarf planet": 6, "teleporter": 6, "none": 4}
    assert Counter(r["colour"] for r in rows if r["hub"] == "teleporter") == {"blue": 2, "yellow": 2, "red": 2}


def test_hub_exits_follow_d5(game) -> None:
    """A habitable planet's exits come in straight pairs; a dwarf planet's are the four star ports."""
    star = 1
    for member, row in enumerate(_rows(game, "tile_faces")):
        exits = set(_ports(game, "exits", "tile", member))
        if row["hub"] == "habitable planet":
            assert all(((side + 2) % 4, path) in exits for side, path in exits), row["name"]
        if row["hub"] == "dwarf planet":
            assert exits == {(side, star) for side in range(4)}, row["name"]


def test_the_outer_rim_is_that_of_d6(game) -> None:
    rows = _rows(game, "rim_sides")
    assert sum("relay" in r for r in rows) == 9
    places = {r["place"] for r in rows}
    border = {f"{c}1 north" for c in "abcde"} | {f"{c}5 south" for c in "abcde"} | \
        {f"a{r} west" for r in "12345"} | {f"e{r} east" for r in "12345"}
    assert places == border - {"a1 north", "a1 west", "e5 south", "e5 east"}  # bare beside Arridis and Edenia
    for member, row in enumerate(rows):  # every port of the side is a relay station or in a rim tunnel
        ports = _ports(game, "relay", "rim_side", member) + _ports(game, "tunnels", "rim_side", member)
        assert len(ports) == len(set(ports)) == 3, row["place"]
    assert len({r["place"].split()[0] for r in rows if "relay" in r}) == 9  # no cell has two (D6)


def test_the_galaxy_is_drawn_by_the_display_not_logged() -> None:
    """The galaxy after setup (D2–D7): Arridis on a1, the Black Hole on c3, Edenia on e5, each
    cell's text from display.rules. The log tells what happens and draws no grid, so `rulebook
    play --board` shows the galaxy once."""
    game = load_game(RULES, {"players": 3}, ["Leo", "Lisa", "Max"])
    lines: list[str] = []
    game.set_log(lambda state, text: lines.append(text))
    try:
        state = game.new_initial_state(5)
        game.apply(state, game.parse_move(state, "skips his turn"))
    finally:
        game.set_log(None)
    assert any(line.startswith("Leo skips his turn") for line in lines)
    assert not any(line.split() == ["a", "b", "c", "d", "e"] for line in lines)
    cells = [item["text"] for item in scene_of(game, state, None)["sections"][0]["items"]]
    assert cells[0].startswith("ARR") and cells[12].startswith("(@)") and cells[24].startswith("EDN")
    assert sum(1 for c in cells if c.strip().startswith("·")) == 22


@pytest.mark.parametrize("options,words", [({"players": 5}, "players"), ({"little_lamb": True}, "little_lamb")])
def test_bad_options_are_refused_in_one_line(options: dict, words: str) -> None:
    with pytest.raises(OptionsError, match=words):
        load_game(RULES, options)
