"""Game records (issue 15 item 3): one format from play --save/--json, the `save` command and
simulate --keep-records; full records resume, players' records hide what their player may not
see; a record whose rules or mods changed, or that was tampered with, is refused in one line."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from rulebook.cli import main
from rulebook.records import RecordError, checksum, open_record, read_record, states, views

ROOT = Path(__file__).resolve().parent.parent
HANDS = ROOT / "tests" / "games" / "hands"
CARDS = [row.split("name: ")[1].split(",")[0] for row in (HANDS / "cards.yaml").read_text().splitlines()
         if row.startswith("- {name:")]


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def saved(capsys, tmp_path: Path, *argv, name: str = "game.json") -> dict:
    target = tmp_path / name
    code, _, err = run(capsys, "play", *argv, "--quiet", "--save", str(target))
    assert code == 0, err
    return json.loads(target.read_text(encoding="utf-8"))


def rewrite(path: Path, data: dict, keep_checksum: bool = False) -> None:
    if not keep_checksum:
        data["checksum"] = checksum(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def test_a_full_record_names_everything_it_belongs_to(capsys, tmp_path: Path) -> None:
    data = saved(capsys, tmp_path, "eriantys", "--names", "Leo,Lisa,Max", "--expert", "--seed", "5",
                 "--bots", "greedy,random,random")
    assert data["record"] == "rulebook game record" and data["kind"] == "full" and data["format"] == 1
    assert data["game"] == "eriantys" and data["title"] == "Eriantys" and data["seed"] == 5
    assert data["options"]["players"] == 3 and data["options"]["expert"] is True
    assert len(data["options"]["characters"]) == 0 or all(isinstance(c, str) for c in data["options"]["characters"])
    assert data["players"] == ["Leo", "Lisa", "Max"] and data["seats"] == ["greedy", "random", "random"]
    assert set(data["rules"]["files"]) >= {"game.rules", "action.rules", "modes.yaml", "modes.schema.json",
                                           "characters.yaml"}
    assert "display.yaml" not in data["rules"]["files"] and "scenarios.yaml" not in data["rules"]["files"]
    assert data["moves"][0]["player"] in data["players"] and data["result"]["outcome"]
    assert data["checksum"] == checksum(data)


def test_every_move_replays_from_the_seed_to_the_same_result(capsys, tmp_path: Path) -> None:
    saved(capsys, tmp_path, "septachroma", "--variant", "A", "--seed", "4")
    game, record = open_record(tmp_path / "game.json")
    final = list(states(game, record))[-1][0]
    assert game.is_terminal(final) and len(record.moves) > 20


def test_json_is_the_same_record(capsys, tmp_path: Path) -> None:
    code, out, _ = run(capsys, "play", "tests/games/nim", "--seed", "2", "--quiet", "--json", "-")
    record = json.loads(out[out.index("{"):])
    assert code == 0 and record["kind"] == "full" and record["checksum"] == checksum(record)


def test_json_to_standard_output_is_the_record_alone_and_the_log_goes_to_standard_error(capsys) -> None:
    code, out, err = run(capsys, "play", "tests/games/nim", "--seed", "2", "--json", "-")  # not --quiet
    record = json.loads(out)  # nothing before or after it (issue 31 item 6)
    assert code == 0 and record["kind"] == "full" and record["moves"]
    assert record["moves"][0]["move"] in err and "Game over" in err


def test_resume_takes_everything_from_the_record(capsys, tmp_path: Path) -> None:
    target = tmp_path / "half.json"
    code, out, _ = run(capsys, "play", "tests/games/nim", "--names", "Ann,Bob", "--seed", "3", "--human", "Ann",
                       "--save", str(target))  # standard input is empty: Ann quits at once
    data = json.loads(target.read_text())
    assert code == 0 and data["result"] is None and data["moves"] == []
    code, out, err = run(capsys, "play", "--resume", str(target))
    assert code == 0, err  # Ann's seat is still a person's (issue 25 item 2): she quits again at once
    assert "Resuming Nim after 0 moves" in out and "──── Ann to decide (move 1) ────" in out
    code, out, err = run(capsys, "play", "--resume", str(target), "--bots", "random")  # unless told otherwise
    assert code == 0, err
    assert "Resuming Nim after 0 moves" in out and "Game over:" in out and ("Ann" in out and "Bob" in out)


def test_resume_refuses_what_the_record_already_says(capsys, tmp_path: Path) -> None:
    saved(capsys, tmp_path, "tests/games/nim", "--seed", "3")
    code, _, err = run(capsys, "play", "--resume", str(tmp_path / "game.json"), "--seed", "4")
    assert code == 2 and "leave out --seed" in err and err.count("\n") == 1


def test_a_finished_game_is_not_resumed(capsys, tmp_path: Path) -> None:
    saved(capsys, tmp_path, "tests/games/nim", "--seed", "3")
    code, _, err = run(capsys, "play", "--resume", str(tmp_path / "game.json"))
    assert code == 2 and "that game is over" in err


@pytest.mark.parametrize("change, message", [
    (lambda d: d["moves"][3].update(move="take 9"), "was changed after it was written"),
    (lambda d: d.update(seed=d["seed"] + 1), "was changed after it was written"),
    (lambda d: d["moves"].pop(), "was changed after it was written"),
])
def test_a_tampered_record_is_refused_in_one_line(capsys, tmp_path: Path, change, message) -> None:
    data = saved(capsys, tmp_path, "tests/games/nim", "--seed", "3")
    change(data)
    rewrite(tmp_path / "game.json", data, keep_checksum=True)
    code, out, err = run(capsys, "replay", str(tmp_path / "game.json"))
    assert code == 1 and message in err and err.count("\n") == 1 and out == ""


@pytest.mark.parametrize("change, message", [
    (lambda d: d["moves"][3].update(move="take 9"), "move 4 'take 9' is not a legal move there"),
    (lambda d: d["moves"][0].update(player="player 2"), "move 1 'take 1' is given to player 2, but it is player 1's decision"),
    (lambda d: d["result"].update(outcome="player 2 wins"), "result does not follow from its moves"),
    (lambda d: d["moves"].append({"player": "player 1", "move": "take 1"}), "comes after the end of the game"),
    (lambda d: d.update(kind="player"), "not a valid game record"),
    (lambda d: d.pop("rules"), "not a valid game record: 'rules' is a required property"),
])
def test_a_record_that_does_not_add_up_is_refused_even_with_a_fresh_checksum(capsys, tmp_path: Path, change,
                                                                          message) -> None:
    data = saved(capsys, tmp_path, "tests/games/nim", "--seed", "3")
    change(data)
    rewrite(tmp_path / "game.json", data)
    with pytest.raises(RecordError, match=message.replace("(", r"\(").replace(")", r"\)")):
        open_record(tmp_path / "game.json")


def test_not_a_record_at_all(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(RecordError, match="not a game record"):
        read_record(path)
    path.write_text('{"a": 1}', encoding="utf-8")
    with pytest.raises(RecordError, match="not a game record of Rulebook"):
        read_record(path)


def test_changed_rules_are_named_and_nothing_is_loaded(capsys, tmp_path: Path) -> None:
    folder = tmp_path / "nim"
    shutil.copytree(ROOT / "tests" / "games" / "nim", folder)
    saved(capsys, tmp_path, str(folder), "--seed", "3")
    rules = folder / "game.rules"
    rules.write_text(rules.read_text().replace("1 .. min(3,", "1 .. min(4,"), encoding="utf-8")
    code, out, err = run(capsys, "play", "--resume", str(tmp_path / "game.json"))
    assert code == 1 and out == ""
    assert "the rules of Nim changed since the record was made (game.rules)" in err and err.count("\n") == 1
    (folder / "extra.rules").write_text("value spare() -> int = 1\n", encoding="utf-8")
    with pytest.raises(RecordError, match=r"\(extra.rules \(new\), game.rules\)"):
        open_record(tmp_path / "game.json")


def test_a_changed_mod_is_named(capsys, tmp_path: Path) -> None:
    mods = sorted(p for p in (ROOT / "examples" / "mods").iterdir()
                  if (p / "mod.yaml").is_file() and "game: eriantys" in (p / "mod.yaml").read_text())
    mod = tmp_path / mods[0].name
    shutil.copytree(mods[0], mod)
    data = saved(capsys, tmp_path, "eriantys", "--mod", str(mod), "--seed", "1",
                 *(["--expert"] if "expert" in (mod / "mod.yaml").read_text() + "".join(
                     p.read_text() for p in mod.glob("*.rules")) else []))
    assert data["mods"][0]["path"] == str(mod.resolve()) and data["mods"][0]["hash"].startswith("sha256:")
    target = sorted(mod.glob("*.yaml"))[-1]
    target.write_text(target.read_text() + "\n# changed\n", encoding="utf-8")
    with pytest.raises(RecordError, match=f"the mod '{data['mods'][0]['name']}' changed since the record was made "
                                          rf"\({target.name}\)"):
        open_record(tmp_path / "game.json")


def test_a_players_record_holds_only_what_they_may_see(capsys, tmp_path: Path) -> None:
    data = saved(capsys, tmp_path, str(HANDS), "--names", "Leo,Lisa", "--seed", "918273", "--as", "Leo")
    assert data["kind"] == "player" and data["viewer"] == "Leo" and "seed" not in data
    assert "918273" not in json.dumps(data)
    full = saved(capsys, tmp_path, str(HANDS), "--names", "Leo,Lisa", "--seed", "918273", name="full.json")
    game, record = open_record(tmp_path / "full.json")
    leo_saw = set()
    kept = views(read_record(tmp_path / "game.json"))
    for step, (state, _) in enumerate(states(game, record)):
        assert kept[step]["data"] == json.loads(json.dumps(game.view(state, 0)["data"]))  # Leo's view, no more
        seen = game.position(state)
        leo_saw |= set(seen.zone(("hand", 0))) | {c for q in (0, 1) for c in seen.zone(("laid", q))}
    never = set(CARDS) - leo_saw
    assert never and not any(card in json.dumps(data) for card in never)
    assert [m["move"] for m in data["moves"]] == [m["move"] for m in full["moves"]]  # laying a card is public


def test_a_players_record_is_replayed_not_resumed(capsys, tmp_path: Path) -> None:
    saved(capsys, tmp_path, str(HANDS), "--names", "Leo,Lisa", "--seed", "7", "--as", "Lisa")
    code, _, err = run(capsys, "play", "--resume", str(tmp_path / "game.json"))
    assert code == 2 and "is Lisa's record" in err and "not resumed" in err
    code, out, err = run(capsys, "replay", str(tmp_path / "game.json"))
    assert code == 0 and "as Lisa" in out
    code, _, err = run(capsys, "replay", str(tmp_path / "game.json"), "--as", "Leo")
    assert code == 2 and "can only be seen as Lisa" in err


def test_simulate_keeps_every_games_record(capsys, tmp_path: Path) -> None:
    folder = tmp_path / "records"
    code, _, err = run(capsys, "simulate", "tests/games/nim", "--games", "5", "--seed", "10", "--workers", "1",
                       "--keep-records", str(folder))
    assert code == 0, err
    files = sorted(folder.glob("*.json"))
    assert [f.name for f in files] == [f"game-{seed}.json" for seed in range(10, 15)]
    game, record = open_record(files[2])
    assert record.seed == 12 and record.finished and record.seats == ["random", "random"]


def test_others_hidden_moves_are_in_their_public_form_in_a_players_record(capsys, tmp_path: Path) -> None:
    masks = str(ROOT / "tests" / "games" / "masks")
    mine = saved(capsys, tmp_path, masks, "--names", "Leo,Lisa,Max", "--seed", "3", "--as", "Leo")
    full = saved(capsys, tmp_path, masks, "--names", "Leo,Lisa,Max", "--seed", "3", name="full.json")
    pairs = list(zip(full["moves"], mine["moves"]))
    kept = [(f["move"], m["move"]) for f, m in pairs if f["move"].startswith("keeps")]
    assert any(m == "keeps a card" and f != m for f, m in kept)                  # the others' keeps
    assert all(m["move"] == f["move"] for f, m in pairs if f["player"] == "Leo")  # Leo's own, in full


def test_a_missing_record_is_a_missing_input(capsys, tmp_path: Path) -> None:
    code, _, err = run(capsys, "replay", str(tmp_path / "nothing.json"))
    assert code == 2 and err == f"rulebook: no record {tmp_path / 'nothing.json'}: no such file\n"
    code, _, err = run(capsys, "play", "--resume", str(tmp_path))
    assert code == 2 and "it is a folder" in err


# ---------------------------------------------------------------- issue 25 items 2 and 3
def test_a_forged_result_is_refused_naming_where_the_moves_end(capsys, tmp_path: Path) -> None:
    """A record is checked by replaying it, not by its checksum (anyone can compute that anew):
    a result that does not follow is named against the replayed one, after the last move."""
    data = saved(capsys, tmp_path, "tests/games/nim", "--seed", "3")
    moves, result = len(data["moves"]), data["result"]
    data["result"] = None
    rewrite(tmp_path / "game.json", data)
    code, out, err = run(capsys, "replay", str(tmp_path / "game.json"))
    assert code == 1 and out == "" and err.count("\n") == 1
    assert (f"the record's result does not follow from its moves: after move {moves} the game is over: "
            f"{result['outcome']} ({result['reason']}), but the record says the game goes on") in err


@pytest.fixture()
def unfinished(capsys, tmp_path: Path) -> Path:
    """A hot-seat game of Hands saved after two moves, its players still at the table."""
    import io
    import sys

    target = tmp_path / "mid.json"
    old, sys.stdin = sys.stdin, io.StringIO(f"\n1\n\n1\n\nsave {target}\nquit\n")
    try:
        assert main(["play", str(HANDS), "--names", "Leo,Lisa", "--human", "Leo", "--human", "Lisa"]) == 0
    finally:
        sys.stdin = old
    capsys.readouterr()
    return target


def hands_named(text: str, game, state, seats) -> set:
    position = game.position(state)
    return {card for q in seats for card in position.zone(("hand", q)) if card in text}


def test_an_unfinished_game_replays_only_what_everyone_sees(capsys, unfinished: Path) -> None:
    import io
    import sys

    old, sys.stdin = sys.stdin, io.StringIO("view Leo\nview everything\nend\nq\n")
    try:
        code, out, err = run(capsys, "replay", str(unfinished))
    finally:
        sys.stdin = old
    game, record = open_record(unfinished)
    final = list(states(game, record))[-1][0]
    assert code == 0 and "as what everyone sees" in out and "no view 'Leo'" in out
    assert "this record can be seen as everyone" in out and not hands_named(out, game, final, (0, 1))
    code, _, err = run(capsys, "replay", str(unfinished), "--as", "Leo")
    assert code == 2 and "is an unfinished game" in err and "add --reveal" in err and err.count("\n") == 1


def test_reveal_shows_an_unfinished_game_with_a_warning(capsys, unfinished: Path, tmp_path: Path) -> None:
    page = tmp_path / "all.html"
    code, out, err = run(capsys, "replay", str(unfinished), "--reveal", "--html", str(page))
    assert code == 0 and "views: everything (nothing hidden), what everyone sees, Leo, Lisa" in out
    assert err.startswith("rulebook: warning: --reveal shows what the players of this unfinished game hide")


def test_a_players_record_is_shown_as_unverified(capsys, tmp_path: Path) -> None:
    import io
    import sys

    code, _, err = run(capsys, "play", str(HANDS), "--names", "Leo,Lisa", "--seed", "2", "--as", "Leo", "--quiet",
                       "--save", str(tmp_path / "leo.json"))
    assert code == 0, err
    old, sys.stdin = sys.stdin, io.StringIO("q\n")
    try:
        code, out, _ = run(capsys, "replay", str(tmp_path / "leo.json"))
    finally:
        sys.stdin = old
    assert code == 0 and "(unverified: a player's record cannot be played again from the start" in out
    saved(capsys, tmp_path, str(HANDS), "--seed", "2", name="full.json")
    old, sys.stdin = sys.stdin, io.StringIO("q\n")
    try:
        code, out, _ = run(capsys, "replay", str(tmp_path / "full.json"))
    finally:
        sys.stdin = old
    assert code == 0 and "unverified" not in out


@pytest.mark.parametrize("undone, message", [
    ([{"by": "Zed", "from": 1, "to": 2}], "its list of undone moves does not fit"),
    ([{"by": "player 1", "from": 3, "to": 2}], "its list of undone moves does not fit"),
    ([{"by": "player 1", "from": 0, "to": 2}], "not a valid game record: undone/0/from"),
    ([{"by": "player 1", "from": 1}], "not a valid game record: undone/0: 'to' is a required property"),
])
def test_a_records_undone_list_is_checked(capsys, tmp_path: Path, undone, message) -> None:
    data = saved(capsys, tmp_path, "tests/games/nim", "--seed", "3")
    data["undone"] = undone
    rewrite(tmp_path / "game.json", data)
    with pytest.raises(RecordError, match=message):
        open_record(tmp_path / "game.json")
