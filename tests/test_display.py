"""The board, drawn from the game's data (issue 15 item 2): each layout kind draws a toy game, the
shipped games declare theirs, the declaration is checked like rules, and a picture made for a
player holds nothing that player may not see."""
from __future__ import annotations

import random
import shutil
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from rulebook.api import load_game
from rulebook.display import display_for, draw_svg, scene_of, scene_text
from rulebook.display.scene import move_notes
from rulebook.dsl.errors import RulesError
from rulebook.testing import redeal_hidden

ROOT = Path(__file__).resolve().parent.parent
TOYS = ROOT / "tests" / "games"


def played(game, moves: int, seed: int = 3):
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_terminal(state):
            break
        game.apply(state, game.sample_move(state, rng))
    return state


def svg_tree(svg: str):
    return ElementTree.fromstring(svg)  # well-formed XML, or this raises


@pytest.mark.parametrize("toy, layout", [("ring", "ring"), ("grid", "grid"), ("hands", "rows"), ("roads", "network")])
def test_each_layout_kind_draws_a_toy_game(toy: str, layout: str) -> None:
    game = load_game(TOYS / toy)
    scene = scene_of(game, played(game, 8), 0)
    section = scene["sections"][0]
    assert section["layout"] == layout and section["items"]
    text = scene_text(scene)
    svg = draw_svg(scene)
    assert svg_tree(svg).tag.endswith("svg") and section["title"] in text
    if layout == "grid":
        assert {(i["col"], i["row"]) for i in section["items"]} == {(c, r) for c in range(1, 5) for r in range(1, 5)}
        assert "   a   b   c   d" in text and any("fill" in i for i in section["items"])
    if layout == "ring":
        assert sum(len(i["nodes"]) for i in section["items"]) == 10  # groups cover the ring once
        assert any(p["kind"] == "mark" for i in section["items"] for p in i["parts"])
    if layout == "network":
        assert {tuple(i["at"]) for i in section["items"]} == {(x, y) for x in range(3) for y in range(3)}
        assert any(i["links"] for i in section["items"]) and "<line " in svg
    if layout == "rows":
        assert [i["label"] for i in section["items"]] == ["player 1", "player 2"]


def test_eriantys_shows_islands_in_groups_clouds_and_schools() -> None:
    game = load_game("eriantys", {"players": 3, "expert": True, "characters": "Grandma Herbs,Monk,Knight"})
    state = played(game, 400, seed=2)
    scene = scene_of(game, state, None)
    titles = [s["title"] for s in scene["sections"]]
    assert titles == ["Islands", "Clouds", "Schools", "Characters"]
    islands = scene["sections"][0]["items"]
    assert sum(len(i["nodes"]) for i in islands) == 12
    position = game.position(state)
    assert len(islands) == len(position.groups("islands"))
    marks = [p["text"] for i in islands for p in i["parts"] if p["kind"] == "mark"]
    assert marks.count("Mother Nature") == 1 and any(m.endswith(" tower") for m in marks)
    students = sum(p["total"] for i in islands for p in i["parts"] if p["kind"] == "pieces")
    assert students == sum(sum(position.zone(("isle", n)).values()) for n in range(1, 13))
    assert len(scene["sections"][1]["items"]) == 3 and len(scene["sections"][2]["items"]) == 3
    school = scene["sections"][2]["items"][0]
    assert [p.get("label") for p in school["parts"]][:5] == ["entrance", "dining room", "professors",
                                                             "white towers", "coins"]
    characters = [i["label"] for i in scene["sections"][3]["items"]]
    assert sorted(characters) == ["Grandma Herbs", "Knight", "Monk"]
    assert "Islands" in scene_text(scene) and svg_tree(draw_svg(scene)) is not None


def test_eriantys_no_entry_tiles_show_where_they_lie() -> None:
    game = load_game("eriantys", {"players": 2, "expert": True, "characters": "Grandma Herbs,Monk,Knight"})
    state = played(game, 0)
    position = game.position(state)
    position.transfer("no_entry", 1, ("tiles_on", "Grandma Herbs"), ("blocked", 5))
    islands = scene_of(game, state, None)["sections"][0]["items"]
    five = next(i for i in islands if 5 in i["nodes"])
    assert {"kind": "mark", "text": "no entry", "count": 1} in five["parts"]


def test_septachroma_draws_its_grid_with_shades() -> None:
    game = load_game("septachroma")
    scene = scene_of(game, played(game, 30), 0)
    grid = scene["sections"][0]
    assert grid["layout"] == "grid" and len(grid["items"]) == 49
    assert {i.get("fill") for i in grid["items"]} >= {"#f3ead7", "#6b5a48"}
    assert "a   b   c   d   e   f   g" in scene_text(scene)
    # the picture leaves the terminal's letter codes out (issue 31 item 5): no cell text but the
    # column letters and row numbers; the terminal keeps them
    codes = {i["text"].strip() for i in grid["items"]}
    assert {"#", "."} <= codes and any(c[:1].isupper() for c in codes)
    island = svg_tree(draw_svg({**scene, "header": [], "sections": [grid]}))
    texts = {t.text for t in island.iter() if t.tag.endswith("text") and t.text}
    assert texts <= {scene["title"], "The island", *"abcdefg", *"1234567", *(str(n) for n in range(2, 10)), "—"}
    assert any(line.strip().startswith("1") and "#" in line for line in scene_text(scene).splitlines())


def test_a_game_without_a_declaration_gets_one_made_up() -> None:
    game = load_game(TOYS / "nim")
    text = scene_text(scene_of(game, game.new_initial_state(1), 0))
    assert "heap: pebble×15" in text


def test_a_player_sees_their_hand_and_only_the_number_of_the_others() -> None:
    game = load_game(TOYS / "hands")
    state = played(game, 3, seed=9)
    rows = scene_of(game, state, 0)["sections"][0]["items"]
    mine, theirs = rows[0]["parts"][0], rows[1]["parts"][0]
    assert not mine.get("hidden") and sum(p["count"] for p in mine["pieces"]) == mine["total"] == 3
    assert theirs["hidden"] and theirs["pieces"] == [] and theirs["total"] == 3


@pytest.mark.parametrize("folder", [TOYS / "hands", TOYS / "masks", ROOT / "rules" / "ephyran", ROOT / "rules" / "edenia"],
                         ids=lambda p: p.name)
def test_redealing_what_a_player_may_not_see_changes_nothing_they_are_shown(folder: Path) -> None:
    """Everything hidden from player 1 dealt anew (rulebook.testing.redeal_hidden): the same
    scene and the same picture for player 1, at positions all along a game."""
    if not folder.is_dir():
        pytest.skip(f"{folder.name} is not here")
    game = load_game(folder)
    rng = random.Random(1)
    changed = 0
    for moves in range(0, 120, 9):
        state = played(game, moves, seed=moves)
        other = redeal_hidden(game, state, 0, rng)
        assert scene_of(game, other, 0) == scene_of(game, state, 0), moves
        assert draw_svg(scene_of(game, other, 0)) == draw_svg(scene_of(game, state, 0))
        changed += scene_of(game, other, None) != scene_of(game, state, None) or \
            any(scene_of(game, other, p) != scene_of(game, state, p) for p in range(1, game.player_count))
    assert changed  # what was redealt is there, for whoever may see it


def test_ephyran_shows_each_city_its_tokens_face_down_and_the_hands() -> None:
    folder = ROOT / "rules" / "ephyran"
    if not folder.is_dir():
        pytest.skip("Ephyran is not here")
    game = load_game(folder, {"players": 3})
    state = played(game, 150, seed=3)
    scene = scene_of(game, state, 0)
    cities = [s for s in scene["sections"] if s["title"].endswith(")") and "'s city (" in s["title"]]
    assert len(cities) == 3 and all(len(c["items"]) == 4 for c in cities)
    tokens = [p for c in cities[1:] for i in c["items"] for p in i["parts"] if p["kind"] == "pieces"
              and p.get("hidden")]
    mine = [p for i in cities[0]["items"] for p in i["parts"] if p["kind"] == "pieces" and p.get("hidden")]
    assert tokens and not mine  # the others' tokens face down; player 1's own are shown
    hands = next(s for s in scene["sections"] if s["title"] == "Hands")["items"]
    assert not hands[0]["parts"][0].get("hidden") and hands[1]["parts"][0]["hidden"]


def _bad_display(tmp_path: Path, text: str) -> str:
    folder = tmp_path / "nim"
    shutil.copytree(TOYS / "nim", folder, dirs_exist_ok=True)
    (folder / "display.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(RulesError) as caught:
        display_for(load_game(folder))
    return str(caught.value)


def test_a_mistake_in_an_expression_is_reported_at_its_line_and_column(tmp_path: Path) -> None:
    message = _bad_display(tmp_path, "sections:\n  - layout: rows\n    parts:\n      - pieces: heep\n")
    assert message.startswith(f"{tmp_path / 'nim' / 'display.yaml'}:4:17: unknown name 'heep' (did you mean 'heap'?)")
    assert "^" in message


def test_a_mistake_in_the_shape_is_reported_by_the_schema(tmp_path: Path) -> None:
    message = _bad_display(tmp_path, "sections:\n  - layout: spiral\n")
    assert "display.yaml:2:13:" in message and "'spiral' is not one of" in message
    message = _bad_display(tmp_path, "sections:\n  - layout: rows\n    colour: red\n")
    assert "Additional properties are not allowed ('colour' was unexpected)" in message


def test_a_board_layout_needs_a_board_of_that_shape(tmp_path: Path) -> None:
    message = _bad_display(tmp_path, "sections:\n  - layout: ring\n    board: heap\n")
    assert "a ring needs a board of the game: one of none" in message
    folder = tmp_path / "ring"
    shutil.copytree(TOYS / "ring", folder)
    (folder / "display.yaml").write_text("sections:\n  - layout: grid\n    board: r\n", encoding="utf-8")
    with pytest.raises(RulesError, match="board 'r' is a ring, not a grid"):
        display_for(load_game(folder))


def test_every_shown_text_is_escaped_in_the_picture() -> None:
    scene = {"title": "<script>alert(1)</script>", "header": [{"kind": "value", "label": "a&b", "value": "'\"<>"}],
             "sections": [{"title": "</svg>", "layout": "rows", "items": [
                 {"key": "1", "label": "<b>", "parts": [{"kind": "mark", "text": "<i>", "count": 2}]}]}]}
    svg = draw_svg(scene)
    assert "<script>" not in svg and "<b>" not in svg and "<i>" not in svg
    assert svg.count("</svg>") == svg.count("<svg") and "&lt;/svg&gt;" in svg
    assert "&lt;script&gt;" in svg and svg_tree(svg) is not None


def test_the_documented_example_is_the_toy_games_own_file() -> None:
    doc = (ROOT / "docs" / "display.md").read_text(encoding="utf-8")
    example = doc.split("## An example")[1].split("```yaml\n")[1].split("```")[0]
    assert example in (TOYS / "ring" / "display.yaml").read_text(encoding="utf-8")


def test_a_mods_sections_are_added_and_replace_by_title(tmp_path: Path) -> None:
    mod = tmp_path / "extra"
    mod.mkdir()
    (mod / "mod.yaml").write_text("name: extra\ngame: eriantys\ngame_version: '1.0'\n", encoding="utf-8")
    (mod / "display.yaml").write_text("sections:\n  - title: Clouds\n    layout: rows\n    label: none at all\n"
                                      "  - title: Bag\n    layout: rows\n    parts:\n      - value: count(bag)\n",
                                      encoding="utf-8")
    game = load_game("eriantys", mods=[mod])
    display = display_for(game, [mod])
    assert [s.title for s in display.sections] == ["Islands", "Clouds", "Schools", "Characters", "Bag"]
    scene = scene_of(game, game.new_initial_state(1), 0)
    assert scene["sections"][1]["items"][0]["label"] == "none at all"


def test_a_section_drawn_once_per_player_with_what_each_may_see(tmp_path: Path) -> None:
    folder = tmp_path / "masks"
    shutil.copytree(TOYS / "masks", folder)
    (folder / "display.yaml").write_text(
        "sections:\n  - title: \"{q}'s vaults\"\n    per: q in players\n    layout: rows\n    for: i in 1 .. 3\n"
        "    label: \"vault {i}\"\n    parts:\n      - pieces: vault[q, i]\n", encoding="utf-8")
    game = load_game(folder)
    state = played(game, 30, seed=4)
    assert not game.is_terminal(state)  # the vaults are shown at the end
    scene = scene_of(game, state, 0)
    assert [s["title"] for s in scene["sections"]] == [f"player {n}'s vaults" for n in (1, 2, 3)]
    mine, theirs = scene["sections"][0]["items"], scene["sections"][1]["items"]
    position = game.position(state)
    assert [sum(p["count"] for p in i["parts"][0]["pieces"]) for i in mine] == \
        [sum(position.zone(("vault", 0, n)).values()) for n in (1, 2, 3)]
    assert all(i["parts"][0]["pieces"] == [] for i in theirs)
    assert [i["parts"][0].get("hidden", False) for i in theirs] == [False, True, False]  # a gem, face down


def test_edenia_shows_the_galaxy_as_a_grid_of_cells() -> None:
    folder = ROOT / "rules" / "edenia"
    if not folder.is_dir():
        pytest.skip("Edenia is not here")
    game = load_game(folder, {"players": 3})
    state = played(game, 80, seed=2)
    scene = scene_of(game, state, 0)
    galaxy = scene["sections"][0]
    assert galaxy["layout"] == "grid" and len(galaxy["items"]) == 25
    assert sum(1 for i in galaxy["items"] if i["text"].strip() not in ("·", "")) >= 3  # tiles laid
    sheep = [p for i in galaxy["items"] for p in i["parts"] if p["kind"] == "list"]
    assert sheep and all(item["name"].startswith("player ") for p in sheep for item in p["items"])
    players = next(s for s in scene["sections"] if s["title"] == "Players")["items"]
    assert len(players) == 3
    points = [next(p["value"] for p in row["parts"] if p.get("label") == "points") for row in players]
    assert points[0] != "?" and "?" in points[1:]  # the others' scores rest on their face-down artefacts
    svg = draw_svg(scene)  # the same declaration, as a picture: each laid tile's name in it
    laid = {i["text"].split()[0] for i in galaxy["items"] if i["text"].strip() not in ("·", "")}
    texts = {t.text for t in svg_tree(svg).iter() if t.tag.endswith("text") and t.text}
    assert laid <= {word for text in texts for word in text.split()} and "The galaxy" in texts


@pytest.mark.parametrize("name, first_row", [("tic_tac_toe", "1"), ("connect_four", "6")])
def test_the_classic_boards_draw_their_marks_with_a1_where_the_board_says(name: str, first_row: str) -> None:
    """Connect Four is named from the bottom left: its row 1 is drawn last; tic-tac-toe from the top."""
    from rulebook.api import load_game
    from rulebook.display import scene_of, scene_text

    game = load_game(name)
    state = game.new_initial_state(1)
    game.apply(state, game.legal_moves(state)[0])
    lines = [line for line in scene_text(scene_of(game, state, None)).splitlines() if line.strip()]
    grid_rows = [line for line in lines if line.strip()[:1].isdigit()]
    assert grid_rows[0].split()[0] == first_row
    assert sum(line.count("x") for line in grid_rows) == 1 and all("o" not in line for line in grid_rows)


def test_breakthrough_draws_black_on_the_top_rows_and_white_at_the_bottom() -> None:
    """Named from the bottom left, as OpenSpiel draws it: row 8 first, black's b there, white's w in row 1."""
    from rulebook.api import load_game
    from rulebook.display import scene_of, scene_text

    game = load_game("breakthrough", {"rows": 6, "columns": 6})
    state = game.new_initial_state(1)
    lines = [line for line in scene_text(scene_of(game, state, None)).splitlines() if line.strip()]
    grid_rows = [line.split() for line in lines if line.strip()[:1].isdigit()]
    assert [row[0] for row in grid_rows] == ["6", "5", "4", "3", "2", "1"]
    assert grid_rows[0][1:] == ["b"] * 6 and grid_rows[3][1:] == ["."] * 6 and grid_rows[5][1:] == ["w"] * 6


def test_kuhn_poker_shows_each_player_their_own_card_and_only_a_count_of_the_others() -> None:
    from rulebook.api import load_game
    from rulebook.display import scene_of, scene_text

    game = load_game("kuhn_poker")
    state = game.new_initial_state(3)
    cards = {"jack", "queen", "king"}
    for viewer in (0, 1):
        rows = [line for line in scene_text(scene_of(game, state, viewer)).splitlines() if "card:" in line]
        shown = [next((c for c in cards if f"card: {c}" in row), None) for row in rows]
        assert shown[viewer] in cards and shown[1 - viewer] is None and "1 hidden" in rows[1 - viewer]


def test_othello_draws_a1_at_the_top_left_with_the_four_centre_discs() -> None:
    from rulebook.api import load_game
    from rulebook.display import scene_of, scene_text

    game = load_game("othello")
    lines = [line for line in scene_text(scene_of(game, game.new_initial_state(1), None)).splitlines() if line.strip()]
    grid_rows = [line.split() for line in lines if line.strip()[:1].isdigit()]
    assert [row[0] for row in grid_rows] == [str(n) for n in range(1, 9)]
    assert grid_rows[3][1:] == list("---ox---") and grid_rows[4][1:] == list("---xo---")  # OpenSpiel's start


def test_a_hex_board_is_drawn_as_a_grid_with_each_row_half_a_cell_right_of_the_one_above() -> None:
    """Hex: a1 at the top left, row 2 starts half a cell further right (its cells touch two of row 1's),
    in the terminal and in the picture."""
    from rulebook.api import load_game

    game = load_game("hex", {"board_size": 5})
    state = game.new_initial_state(1)
    for cell in ("a1", "b1", "a2"):
        game.apply(state, game.parse_move(state, cell))
    scene = scene_of(game, state, None)
    lines = [line for line in scene_text(scene).splitlines() if line.strip()[:1].isdigit()]
    assert [line.split() for line in lines[:2]] == [["1", "x", "o", ".", ".", "."], ["2", "x", ".", ".", ".", "."]]
    assert lines[1].index("x") == lines[0].index("x") + 1 and lines[2].index(".") == lines[0].index("x") + 2
    rows: dict = {}
    for rect in svg_tree(draw_svg(scene)).iter("{http://www.w3.org/2000/svg}rect"):
        if rect.get("x") is not None and rect.get("y") is not None:
            rows.setdefault(float(rect.get("y")), []).append(float(rect.get("x")))
    first, second = [sorted(xs) for _, xs in sorted(rows.items()) if len(xs) == 5][:2]
    assert second[0] - first[0] == (first[1] - first[0]) / 2  # half a cell to the right


def test_leduc_poker_shows_the_face_up_card_to_both_and_each_hand_only_to_its_holder() -> None:
    from rulebook.api import load_game

    game = load_game("leduc_poker")
    state = game.new_initial_state(5)
    for move in ("call", "call"):  # two checks: the first round ends and a card turns face up
        game.apply(state, game.parse_move(state, move))
    for viewer in (0, 1):
        lines = scene_text(scene_of(game, state, viewer)).splitlines()
        face_up = next(line for line in lines if "face up:" in line)
        hands = [line for line in lines if "card:" in line]
        assert "_of_" in face_up and "hidden" not in face_up
        assert "_of_" in hands[viewer] and "_of_" not in hands[1 - viewer] and "1 hidden" in hands[1 - viewer]


def test_liars_dice_shows_each_player_their_own_dice_only_and_the_last_bid_to_both() -> None:
    from rulebook.api import load_game

    game = load_game("liars_dice", {"numdice": 2})
    state = game.new_initial_state(4)
    game.apply(state, game.parse_move(state, "2-3"))
    for viewer in (0, 1):
        lines = scene_text(scene_of(game, state, viewer)).splitlines()
        assert "dice: 2  of face: 3" in next(line for line in lines if "of face" in line)
        dice = [line.split("dice:")[1].strip() for line in lines if line.startswith("player")]
        assert dice[1 - viewer] == "?" and dice[viewer] != "?" and len(dice[viewer].split(",")) == 2


def test_oware_shows_each_row_of_houses_from_its_owners_left_and_the_stores() -> None:
    from rulebook.api import load_game

    game = load_game("oware")
    state = game.new_initial_state(1)
    game.apply(state, game.parse_move(state, "house 2"))  # B's four seeds go to C, D, E and F
    lines = [line for line in scene_text(scene_of(game, state, None)).splitlines() if "houses:" in line]
    assert "houses: 4, 0, 5, 5, 5, 5  store: 0" in lines[0] and "houses: 4, 4, 4, 4, 4, 4" in lines[1]


def test_hearts_shows_a_hand_only_to_its_holder_and_the_pass_to_all() -> None:
    from rulebook.api import load_game

    game = load_game("hearts")
    state = game.new_initial_state(4)
    for viewer in range(4):
        lines = scene_text(scene_of(game, state, viewer)).splitlines()
        hands = [line for line in lines if "hand:" in line]
        assert len(hands) == 4 and "pass:" in next(line for line in lines if "hearts broken" in line)
        assert all(("13 hidden" in row) == (seat != viewer) for seat, row in enumerate(hands))


def test_a_state_shows_its_board_as_text_and_in_jupyter_as_everyone_may_see_it() -> None:
    """Issue 31 item 6: str(state) is the terminal drawing and _repr_html_ the page's SVG, both of
    the public view; copies, children, states read back and pickles behave."""
    import pickle

    game = load_game(ROOT / "rules" / "ephyran", {"players": 2})
    state = played(game, 14, seed=4)
    text, picture = str(state), state._repr_html_()
    assert "object at 0x" not in text and text.strip()
    assert picture.startswith("<svg") and svg_tree(picture) is not None
    other = redeal_hidden(game, state, None, random.Random(2))  # what nobody may see, dealt anew
    assert str(other) == text and other._repr_html_() == picture
    assert str(state.copy()) == text and str(game.state_from_json(state.to_json())) == text
    child = game.child(state, game.legal_moves(state)[0])
    assert child.game is game and str(child) != "" and child._repr_html_().startswith("<svg")
    back = pickle.loads(pickle.dumps(state))
    assert back == state and back.game is None and "object at 0x" in str(back)  # a bare state: no game to draw


PATHS_DISPLAY = """\
colours:
  lane: {left: "#aa0000", right: "#0000aa"}
sections:
  - title: Field
    layout: grid
    board: field
    as: x
    paths: "[[q] + tracks(top(laid[x]), x, q) for q in tracks(top(laid[x]), x)] if count(laid[x]) > 0 else []"
"""


def test_a_grid_draws_the_paths_of_a_board_of_ports_where_each_port_lies(tmp_path: Path) -> None:
    """Issue 31 item 5: a grid section's `paths` (lists of ports) become lines across the cell,
    from each port's place on its side, once each, in its lane's colour."""
    folder = tmp_path / "paths"
    shutil.copytree(TOYS / "paths", folder)
    (folder / "display.yaml").write_text(PATHS_DISPLAY, encoding="utf-8")
    game = load_game(folder)
    cells, state = [], None
    for moves in range(0, 40):
        state = played(game, moves, seed=1)
        cells = [i for i in scene_of(game, state, None)["sections"][0]["items"] if i.get("paths")]
        if cells:
            break
    assert cells, "no tile laid"
    third = 1 / 3
    sides = {(third, 0.0), (2 * third, 0.0), (1.0, third), (1.0, 2 * third), (third, 1.0), (2 * third, 1.0),
             (0.0, third), (0.0, 2 * third)}
    for cell in cells:
        assert len(cell["paths"]) == 4  # every shipped tile of the toy has four tracks, each drawn once
        for path in cell["paths"]:
            assert len(path["points"]) == 2 and {tuple(round(v, 6) for v in p) for p in path["points"]} <= \
                {tuple(round(v, 6) for v in p) for p in sides}
            assert path["colour"] == {"left": "#aa0000", "right": "#0000aa"}[path["lane"]]
    svg = draw_svg(scene_of(game, state, None))
    assert svg.count("<path ") == 4 * len(cells) and "stroke='#aa0000'" in svg


def test_paths_must_be_lists_of_ports_of_the_grid(tmp_path: Path) -> None:
    folder = tmp_path / "paths"
    shutil.copytree(TOYS / "paths", folder)
    wrong = PATHS_DISPLAY.split("    paths:")[0] + '    paths: "[[x]]"\n'  # cells, not ports
    (folder / "display.yaml").write_text(wrong, encoding="utf-8")
    with pytest.raises(RulesError, match=r"display.yaml:8:\d+: '\[\[x\]\]' is .*, not a list of lists of ports of a "
                                         r"board of ports on 'field'"):
        display_for(load_game(folder))


def test_edenia_draws_each_laid_tiles_tracks_tunnels_and_exits() -> None:
    """Edenia (display.yaml `paths: tile_paths(x)`): a line per track, tunnel and exit of the
    tile on each cell (rules/edenia/tiles.yaml), none where no tile lies."""
    import yaml

    folder = ROOT / "rules" / "edenia"
    if not folder.is_dir():
        pytest.skip("Edenia is not here")
    rows = {row["name"]: row for row in yaml.safe_load((folder / "tiles.yaml").read_text(encoding="utf-8"))}
    game = load_game(folder, {"players": 3})
    state = played(game, 60, seed=2)
    galaxy = scene_of(game, state, None)["sections"][0]["items"]
    laid = game.position(state)
    checked = 0
    for item in galaxy:
        tiles = list(laid.zone(("laid", int(item["key"]))))
        if not tiles:
            assert not item["paths"]
            continue
        row = rows[tiles[-1]]
        assert len(item["paths"]) == sum(len(row.get(c, [])) for c in ("tracks", "tunnels", "exits")), row["name"]
        checked += 1
    assert checked >= 4 and draw_svg(scene_of(game, state, None)).count("<path ") >= checked


def test_eriantys_assistants_show_how_far_mother_nature_may_go() -> None:
    """Issue 31 item 5 (rulebook: Planning Phase): each assistant in hand reads value·moves, and
    a played one says how far Mother Nature may go (assistants.yaml)."""
    game = load_game("eriantys", {"players": 2})
    state = played(game, 2, seed=3)  # both assistants played: the action phase
    school = scene_of(game, state, None)["sections"][2]["items"][0]
    parts = {p.get("label"): p for p in school["parts"]}
    hand = parts["hand (value·Mother Nature's moves)"]
    assert {piece["name"] for piece in hand["pieces"]} <= {f"{v}·{(v + 1) // 2}" for v in range(1, 11)}
    assert len(hand["pieces"]) == 9
    played_value = int(parts["played"]["value"].split()[-1])
    assert parts["Mother Nature moves up to"]["value"] == str((played_value + 1) // 2)


# ------------------------------------------------------------------ move notes (docs/display.md)
def test_each_mother_nature_move_names_the_island_where_she_lands() -> None:
    """Issue 31 item 5 (rulebook: Action Phase 2, rules/eriantys/display.yaml `moves`): beside
    each Mother Nature move, the island she would land on — the island the board marks with her
    once the move is played (where no islands join)."""
    game = load_game("eriantys", {"players": 2})
    display = display_for(game)
    state, rng = game.new_initial_state(5), random.Random(5)
    checked = 0
    while checked < 6 and not game.is_terminal(state):
        moves = game.legal_moves(state)
        notes = move_notes(game, display, state, moves, game.current_player(state))
        if str(moves[0]).startswith("mother nature"):
            assert all(note and note.startswith("lands on island ") for note in notes)
            islands = len(scene_of(game, state, None)["sections"][0]["items"])
            for move, note in zip(moves, notes):
                after = scene_of(game, game.child(state, move), None)["sections"][0]["items"]
                if len(after) == islands:  # no islands joined: her island keeps its name
                    marked = [i["label"] for i in after if any(p.get("text") == "Mother Nature" for p in i["parts"])]
                    assert note == f"lands on island {marked[0].removeprefix('island ')}", (str(move), marked)
                    checked += 1
        else:
            assert notes == [None] * len(moves)
        game.apply(state, rng.choice(moves))
    assert checked >= 6


def test_a_note_resting_on_what_the_decider_may_not_see_shows_a_question_mark(tmp_path: Path) -> None:
    """A note is worked out on the decider's view (two fillings of what it hides), like the board:
    the deck's size is shown, the card on top of the hidden deck is not."""
    folder = tmp_path / "masks"
    shutil.copytree(TOYS / "masks", folder)
    (folder / "display.yaml").write_text(
        'moves:\n  - move: "claims with {c}"\n    note: "{count(deck)} in the deck, next {top(deck)}, {c} held"\n',
        encoding="utf-8")
    game = load_game(folder)
    state, rng = game.new_initial_state(2), random.Random(2)
    for _ in range(200):
        moves = game.legal_moves(state)
        notes = move_notes(game, display_for(game), state, moves, game.current_player(state))
        if any(notes):
            break
        game.apply(state, rng.choice(moves))
    deck = sum(game.position(state).zone(("deck",)).values())
    shown = [(str(m), note) for m, note in zip(moves, notes) if note]
    assert shown and all(note == "?" for _, note in shown)  # one hidden part hides the whole text
    (folder / "display.yaml").write_text(
        'moves:\n  - move: "claims with {c}"\n    note: "{count(deck)} in the deck, {c} held"\n', encoding="utf-8")
    game = load_game(folder)
    notes = move_notes(game, display_for(game), state, moves, game.current_player(state))
    assert [note for note in notes if note] == [f"{deck} in the deck, {text.removeprefix('claims with ')} held"
                                               for text, _ in shown]


def test_a_note_for_a_move_the_rules_do_not_write_is_a_mistake_at_its_place(tmp_path: Path) -> None:
    message = _bad_display(tmp_path, 'moves:\n  - move: "takes {n}"\n    note: "{n} of {count(heap)}"\n')
    assert "display.yaml:2:12: no move of the rules is written 'takes {n}'" in message
    message = _bad_display(tmp_path, 'moves:\n  - move: "take {n}"\n    note: "{m} of {count(heap)}"\n')
    assert "display.yaml:3:13: unknown name 'm'" in message
