"""Boards of ports, links columns and dice (tests/games/paths): where ports lie and head, what a
tile joins, loaded and random rolls, the checker's words for their mistakes, and random games."""
from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from rulebook.dsl.errors import RulebookError, RulesError
from rulebook.dsl.loader import load_program
from rulebook.interpreter.game import Game
from rulebook.interpreter.pyback.runtime import load_die
from rulebook.testing import random_playthrough
from test_engine_support import load

PATHS = Path(__file__).resolve().parent / "games" / "paths"


@pytest.fixture(scope="module")
def paths() -> Game:
    return load("paths")


def label(game: Game, port: int) -> str:
    return game.compiled.layout.boards["port"].labels[port - 1]


def value(game: Game, text: str, state=None):
    return game.snippet(text)(state if state is not None else game.new_initial_state(1))


# ---------------------------------------------------------------- where ports lie
def test_a_port_heads_out_of_its_cell_and_is_shared_with_the_neighbour(paths: Game) -> None:
    east = value(paths, 'port_at(5, side["east"], right)')          # b2's east side, its lower port
    assert label(paths, east) == "b2 east right heading east"
    back = value(paths, 'turned(port_at(5, side["east"], right))')
    assert label(paths, back) == "c2 west right heading west"
    assert back == value(paths, 'port_at(6, side["west"], right)')   # the same port, from c2
    assert value(paths, 'ahead(port_at(5, side["east"], right))') == 6
    assert value(paths, 'behind(port_at(5, side["east"], right))') == 5
    assert value(paths, 'heading(turned(port_at(5, side["east"], right)))') == 3  # west
    assert value(paths, 'lane_of(port_at(5, side["north"], left))') == 0
    assert value(paths, 'turned(turned(port_at(5, side["south"], left)))') == \
        value(paths, 'port_at(5, side["south"], left)')


def test_ports_on_the_border_lead_off_the_board_and_back(paths: Game) -> None:
    out = value(paths, 'port_at(1, side["west"], left)')
    assert value(paths, 'ahead(port_at(1, side["west"], left))') is None
    inward = value(paths, 'turned(port_at(1, side["west"], left))')
    assert label(paths, inward) == "a1 west left heading east"
    assert value(paths, 'behind(turned(port_at(1, side["west"], left)))') is None
    assert value(paths, 'ahead(turned(port_at(1, side["west"], left)))') == 1
    assert inward != out
    board = paths.compiled.layout.boards["port"]
    assert board.size == 2 * (3 * 4 * 2) * 3 // 2 + 2 * 12  # 9 cells × 8 ports out, 12 border ports × 2 ways in
    assert len(set(board.labels)) == board.size


def test_every_port_turned_twice_is_itself_and_heads_the_other_way() -> None:
    board = load("paths").compiled.layout.boards["port"]
    geometry = board.ports
    for node in board.nodes:
        other = geometry.turned[node - 1]
        assert other != node and geometry.turned[other - 1] == node
        assert geometry.heading[other - 1] == (geometry.heading[node - 1] + 2) % 4
        assert geometry.ahead[other - 1] == geometry.behind[node - 1]
        assert geometry.lane[other - 1] == geometry.lane[node - 1]


# ---------------------------------------------------------------- links
def test_a_track_joins_the_port_it_is_entered_by_to_the_other_end(paths: Game) -> None:
    # bends: Nl-Wl; entering b2 by its north left port (heading south) leaves by its west left.
    joined = value(paths, 'tracks(tile["bends"], 5, turned(port_at(5, side["north"], left)))')
    assert [label(paths, p) for p in joined] == ["b2 west left heading west"]
    # Either way across the edge names the same port; a port on no track gives nothing.
    assert joined == value(paths, 'tracks(tile["bends"], 5, port_at(5, side["north"], left))')
    assert value(paths, 'tracks(tile["whirl"], 5, port_at(5, side["north"], left))') == ()
    # Ports written in full read like the initials.
    crossing = value(paths, 'tracks(tile["crossing"], 1, port_at(1, side["north"], left))')
    assert [label(paths, p) for p in crossing] == ["a1 east right heading east"]


def test_every_port_a_column_names_on_a_cell_heading_out(paths: Game) -> None:
    ports = value(paths, 'whirl(tile["whirl"], 9)')
    assert [label(paths, p) for p in ports][:3] == ["c3 north left heading north", "c3 north right heading north",
                                                    "c3 east left heading east"]
    assert len(ports) == 8
    assert value(paths, 'whirl(tile["straight"], 9)') == ()
    assert value(paths, 'tracks(top(laid[5]), 5, port_at(5, side["north"], left))') == ()  # no tile there


# ---------------------------------------------------------------- dice
def rolls(game: Game, state, times: int) -> list[str]:
    """Roll the toy's die `times` times on state; the faces shown."""
    roll = game.snippet("pick s in spin\nlog \"{s}\"", statements=True)
    lines: list[str] = []
    game.set_log(lambda s, text: lines.append(text))
    try:
        for _ in range(times):
            roll(state)
    finally:
        game.set_log(None)
    return lines


def test_a_loaded_die_rolls_its_loaded_faces_first_then_chance(paths: Game) -> None:
    state = paths.new_initial_state(4)
    paths.snippet('load spin with [side["east"], side["west"]]', statements=True)(state)
    lines = rolls(paths, state, 400)
    assert lines[:2] == ["east", "west"]
    counts = Counter(lines[2:])
    assert set(counts) == {"north", "east", "south", "west"}
    assert counts["north"] > max(counts["east"], counts["south"], counts["west"])  # two faces of five


def test_the_same_seed_rolls_the_same_and_a_die_is_its_faces_as_a_list(paths: Game) -> None:
    def seeded(seed: int) -> list[str]:
        return rolls(paths, paths.new_initial_state(seed), 20)

    assert seeded(9) == seeded(9) and seeded(9) != seeded(10)
    assert value(paths, "count(spin)") == 5


def test_loading_a_face_the_die_lacks_is_refused() -> None:
    with pytest.raises(RulebookError, match="not a face of this die"):
        load_die((0, 7), (0, 1, 2), None)


# ---------------------------------------------------------------- the checker's words
def broken(tmp_path: Path, old: str, new: str, file: str = "game.rules") -> str:
    copy = tmp_path / f"paths{len(list(tmp_path.iterdir()))}"
    shutil.copytree(PATHS, copy)
    path = copy / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(RulesError) as err:
        load_program(copy)
    return str(err.value)


def test_a_port_a_tile_cannot_have_is_reported_at_its_cell(tmp_path: Path) -> None:
    message = broken(tmp_path, "tracks: [Nl-Sl, Nr-Sr", "tracks: [Nl-Sx, Nr-Sr", "tiles.yaml")
    assert "tiles.yaml:5:" in message and "'Sx' is not a port" in message
    message = broken(tmp_path, "tracks: [Nl-Sl, Nr-Sr", "tracks: [Nl-Sl, Nl-Sr", "tiles.yaml")
    assert "port 'Nl' is joined twice" in message


@pytest.mark.parametrize("old,new,words", [
    ("board port: ports of field by side, lane", "board port: ports of deck by side, lane", "is not a grid board"),
    ("kind lane: left, right", "kind lane: left, right\nkind three: a, b, c",
     None),  # a harmless addition: used below to give a board three sides
    ("links whirl of tile on port", "links whirl of tile on field", "is not a board of ports"),
    ("links whirl of tile on port", "links whirls of tile on port", "has no column 'whirls'"),
    ("pick s in spin", "pick s in spin where s != side[\"north\"]", "takes no 'where'"),
    ("let x = ahead(at[p])", "let x = group(at[p])", "does not work on 'port', a board of ports"),
    ("at[p] = tracks(t, x, at[p])[0]", "at[p] = tracks(p, x, at[p])[0]", "the first argument of 'tracks' is a tile"),
])
def test_mistakes_with_ports_links_and_dice_are_explained(tmp_path: Path, old: str, new: str, words) -> None:
    if words is None:
        message = broken(tmp_path, "board port: ports of field by side, lane\n",
                         "board port: ports of field by side, lane\nkind three: a, b, c\n"
                         "board wrong: ports of field by three, lane\n")
        assert "must be four: north, east, south and west" in message
        return
    assert words in broken(tmp_path, old, new)


def test_loading_a_die_with_the_wrong_faces_is_a_type_mistake(tmp_path: Path) -> None:
    message = broken(tmp_path, "      pick s in spin", "      load spin with [1, 2]\n      pick s in spin")
    assert "the next rolls of 'spin' must be list of side" in message


# ---------------------------------------------------------------- whole games
@pytest.mark.parametrize("players", [2, 3])
def test_random_games_keep_the_contract(players: int) -> None:
    game = load("paths", {"players": players})
    reasons = Counter()
    for seed in range(25):
        record = random_playthrough(game, seed, replay_every=7)
        reasons[record.reason.split(" ", 2)[-1] if "last on" in record.reason else record.reason] += 1
    assert sum(reasons.values()) == 25


def test_the_whirl_spins_by_the_die_and_a_loaded_die_decides_it() -> None:
    game = load("paths")
    state = game.new_initial_state(2)
    # Lay a whirl ahead of the first marker (a1, from the west), load the die, and travel.
    setup = game.snippet(
        'move all from hand[players[0]] to deck\n'
        'put 1 tile["whirl"] into hand[players[0]]\n'
        'load spin with [side["south"]]', statements=True)
    setup(state)
    lines: list[str] = []
    game.set_log(lambda s, text: lines.append(text))
    try:
        game.apply(state, game.parse_move(state, "lay whirl"))
    finally:
        game.set_log(None)
    assert "player 1 spins south in a1" in lines
    assert label(game, value(game, "at[players[0]]", state)) == "a1 south left heading south"
