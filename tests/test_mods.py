"""Mods (issue 9): layering rules and rows over a base game, and every mistake a mod can make
reported once, with file:line:column. The base game's files are never edited."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from rulebook.dsl.errors import RulesError
from rulebook.api import load_game
from rulebook.cli import main

ROOT = Path(__file__).resolve().parent.parent
MODS = ROOT / "examples" / "mods"
MANIFEST = 'name: {name}\ngame: eriantys\ngame_version: "{version}"\n'


def make_mod(folder: Path, name: str, files: dict, version: str = "1.0") -> Path:
    folder.mkdir(parents=True)
    (folder / "mod.yaml").write_text(MANIFEST.format(name=name, version=version))
    for file, text in files.items():
        (folder / file).write_text(text)
    return folder


def first_error(mods: list) -> str:
    with pytest.raises(RulesError) as caught:
        load_game("eriantys", {}, mods=mods)
    return caught.value.diagnostics[0].render().splitlines()[0]


def test_a_replaced_value_changes_the_game() -> None:
    game = load_game("eriantys", {}, mods=[MODS / "towers-count-double"])
    state = game.new_initial_state(1)
    position = game.position(state)
    position.set("tower", 4, 0)
    assert game.snippet("influence(t, group(4))", {"t": "team"})(state, 0) == 2


def test_a_table_row_replaces_the_base_row() -> None:
    game = load_game("eriantys", {"players": 2}, mods=[MODS / "short-game"])
    assert len(game.compiled.layout.boards["islands"].nodes) == 9
    three = load_game("eriantys", {"players": 3}, mods=[MODS / "short-game"])
    assert len(three.compiled.layout.boards["islands"].nodes) == 12  # other rows untouched


def test_mods_stack_in_order() -> None:
    game = load_game("eriantys", {}, mods=[MODS / "short-game", MODS / "towers-count-double"])
    assert len(game.compiled.layout.boards["islands"].nodes) == 9
    state = game.new_initial_state(1)
    game.position(state).set("tower", 4, 0)
    assert game.snippet("influence(t, group(4))", {"t": "team"})(state, 0) == 2  # both mods apply


def test_replacing_a_name_the_base_lacks(tmp_path: Path) -> None:
    mod = make_mod(tmp_path / "m", "Typo", {"x.rules": "replace value infuence(t: team) -> int = 1\n"})
    assert first_error([mod]) == (f"{mod / 'x.rules'}:1:15: replaces value 'infuence', which Eriantys "
                                  f"does not have (did you mean 'influence'?)")


def test_two_mods_replacing_one_name(tmp_path: Path) -> None:
    text = "replace value max_moves(p: player) -> int = 1\n"
    a = make_mod(tmp_path / "a", "A", {"a.rules": text})
    b = make_mod(tmp_path / "b", "B", {"b.rules": text})
    assert first_error([a, b]) == (f"{b / 'b.rules'}:1:1: mods 'A' ({a / 'a.rules'}:1:1) and 'B' both "
                                   f"replace value 'max_moves'")


def test_a_version_mismatch(tmp_path: Path) -> None:
    mod = make_mod(tmp_path / "old", "Old", {}, version="0.9")
    assert first_error([mod]) == (f"{mod / 'mod.yaml'}:3:15: mod 'Old' was written for Eriantys 0.9; "
                                  f"this is Eriantys 1.0")


def test_a_row_that_breaks_the_base_schema(tmp_path: Path) -> None:
    mod = make_mod(tmp_path / "bad", "Bad", {"assistants.yaml": "- {value: 11, moves: zero}\n"})
    assert first_error([mod]) == f"{mod / 'assistants.yaml'}:1:22: 'zero' is not of type 'integer'"


def test_a_manifest_missing_a_field(tmp_path: Path) -> None:
    folder = tmp_path / "m"
    folder.mkdir()
    (folder / "mod.yaml").write_text("name: M\ngame: eriantys\n")
    assert first_error([folder]) == f"{folder / 'mod.yaml'}:1:1: 'game_version' is missing (the version of that game it was written for)"


def test_a_mod_for_another_game(tmp_path: Path) -> None:
    folder = make_mod(tmp_path / "m", "M", {})
    (folder / "mod.yaml").write_text('name: M\ngame: septachroma\ngame_version: "1.0"\n')
    assert first_error([folder]).startswith(f"{folder / 'mod.yaml'}:2:7: mod 'M' extends 'septachroma', not eriantys")


def test_the_base_files_are_untouched(tmp_path: Path) -> None:
    before = {p: p.read_bytes() for p in (ROOT / "rules" / "eriantys").iterdir() if p.is_file()}
    load_game("eriantys", {}, mods=[MODS / "short-game", MODS / "towers-count-double"])
    assert before == {p: p.read_bytes() for p in (ROOT / "rules" / "eriantys").iterdir() if p.is_file()}


@pytest.mark.parametrize("argv", [
    ["play", "eriantys", "--quiet", "--mod", str(MODS / "short-game")],
    ["check", "eriantys", "--mod", str(MODS / "short-game")],
    ["simulate", "eriantys", "--games", "4", "--workers", "1", "--mod", str(MODS / "short-game")],
])
def test_mod_flag_on_commands(capsys, argv) -> None:
    assert main(argv) == 0


def test_compare_mods_per_side(capsys, tmp_path: Path) -> None:
    out = tmp_path / "c.json"
    code = main(["compare", "eriantys", "--b-mod", str(MODS / "short-game"), "--games", "20", "--workers", "1",
                 "--json", str(out)])
    assert code == 0
    figures = {row["figure"]: row for row in json.loads(out.read_text())["figures"]}
    assert figures["mean decisions"]["b"] < figures["mean decisions"]["a"]


@pytest.mark.parametrize("mod", sorted(p.name for p in MODS.iterdir() if (p / "features").is_dir()))
def test_each_example_mod_passes_its_own_features(capsys, tmp_path: Path, mod: str) -> None:
    """Run from a folder outside the checkout, as a modder would."""
    copy = tmp_path / mod
    shutil.copytree(MODS / mod, copy)
    assert main(["test", str(copy / "features"), "--mod", str(copy), "--quiet"]) == 0
    assert capsys.readouterr().out.rstrip().splitlines()[-1].endswith(" 0 failed")


def test_a_mod_names_its_game_by_a_path_from_the_current_folder(capsys, tmp_path: Path, monkeypatch) -> None:
    """Issue 25 item 8: `game: rules/eriantys` in a mod kept elsewhere, run from the checkout."""
    shutil.copytree(MODS / "the-bard", tmp_path / "bard")
    manifest = tmp_path / "bard" / "mod.yaml"
    manifest.write_text(manifest.read_text().replace("game: eriantys", "game: rules/eriantys"))
    monkeypatch.chdir(ROOT)
    assert main(["check", str(tmp_path / "bard")]) == 0
    monkeypatch.chdir(tmp_path)  # from here, rules/eriantys is nowhere
    assert main(["check", str(tmp_path / "bard")]) == 1
    assert "neither a folder (from the mod's folder or the current one)" in capsys.readouterr().err


def test_check_a_copy_of_the_shipped_game_with_a_mod_of_it(capsys, tmp_path: Path) -> None:
    """Issue 25 item 8: `rulebook check rules/eriantys --mod M` for a mod whose `game:` names the
    shipped game, where the folder checked is another copy of it (an installed package's games
    live elsewhere than a checkout's rules/)."""
    copy = tmp_path / "eriantys"
    shutil.copytree(ROOT / "rules" / "eriantys", copy)
    assert main(["check", str(copy), "--mod", str(MODS / "the-bard")]) == 0
    with open(copy / "islands.rules", "a") as rules:
        rules.write("# changed\n")
    assert main(["check", str(copy), "--mod", str(MODS / "the-bard")]) == 1
    assert "the rules files of" in capsys.readouterr().err


def test_a_mods_features_without_the_mod_name_the_unknown_name(capsys, tmp_path: Path) -> None:
    """Issue 25 item 8: which name is unknown, and the --mod that would know it."""
    copy = tmp_path / "the-bard"
    shutil.copytree(MODS / "the-bard", copy)
    assert main(["test", str(copy / "features"), "--quiet"]) == 1
    out = capsys.readouterr().out
    assert "'Bard' is not a character of Eriantys" in out
    assert f"run with --mod {copy.resolve()}" in out


def test_every_shipped_game_has_an_example_mod_with_scenarios() -> None:
    """Issue 31 item 7: at least one mod in examples/mods for each shipped game, with features
    (run by test_each_example_mod_passes_its_own_features)."""
    import yaml

    from rulebook.api import shipped_games

    modded = {yaml.safe_load((p / "mod.yaml").read_text(encoding="utf-8"))["game"]
              for p in MODS.iterdir() if (p / "features").is_dir()}
    assert set(shipped_games()) <= modded, set(shipped_games()) - modded


def test_compare_puts_a_mods_new_card_against_an_existing_one(capsys, tmp_path: Path) -> None:
    """Issue 31 item 7: side B names the mod's card, checked against B's rules (A's rules do not
    know it); figures with one value in every game of both sides are left out of the table
    (named below it) and kept in the JSON."""
    out = tmp_path / "c.json"
    code = main(["compare", "eriantys", "--a", "expert=true,characters=Knight,Monk,Farmer",
                 "--b", "expert=true,characters=Bard,Monk,Farmer", "--b-mod", str(MODS / "the-bard"),
                 "--games", "4", "--workers", "1", "--json", str(out)])
    printed = capsys.readouterr().out
    assert code == 0
    figures = {row["figure"]: row for row in json.loads(out.read_text())["figures"]}
    assert figures["mean Monk in play"]["constant"] is True and figures["mean Knight in play"]["constant"] is False
    assert figures["mean Knight in play"]["difference"] == -1 and "constant" not in figures["mean Bard in play"]
    table = printed.split("Left out")[0]
    assert "mean Knight in play" in table and "mean Bard in play" in table
    assert "mean Monk in play" not in table and "mean Herald in play" not in table
    assert "Left out, the same value in every game on both sides: " in printed
    assert main(["compare", "eriantys", "--a", "expert=true,characters=Bard,Monk,Farmer", "--b-mod",
                 str(MODS / "the-bard"), "--games", "2", "--workers", "1"]) == 2
    assert "options A: option 'characters': no 'Bard'" in capsys.readouterr().err
