"""Where a game's seed comes from (issue 18 item 4): with a person at the table and no --seed, from
the system's randomness, so nobody can work the seed out from the first position by trying small
ones; bots among themselves too (issue 25 item 2: else a player's record of their game could be
played again from seed 0, every hand in the open); simulate keeps seed 0, and a game to repeat
names its --seed; a full record keeps its seed, a player's record does not show it."""
from __future__ import annotations

import io
import json
from pathlib import Path

from rulebook.cli import main

ROOT = Path(__file__).resolve().parent.parent
NIM = str(ROOT / "tests" / "games" / "nim")


def record_of(monkeypatch, tmp_path: Path, name: str, *argv: str) -> dict:
    target = tmp_path / name
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", NIM, "--save", str(target), *argv]) == 0
    return json.loads(target.read_text(encoding="utf-8"))


def test_a_person_without_a_seed_gets_a_fresh_one_each_game(monkeypatch, tmp_path: Path, capsys) -> None:
    seeds = {record_of(monkeypatch, tmp_path, f"game{i}.json", "--human", "1")["seed"] for i in range(3)}
    assert len(seeds) == 3 and all(seed > 2 ** 20 for seed in seeds)  # not a small number to try


def test_a_human_seat_named_in_the_bots_list_counts_as_a_person(monkeypatch, tmp_path: Path, capsys) -> None:
    first = record_of(monkeypatch, tmp_path, "a.json", "--bots", "human,random")["seed"]
    second = record_of(monkeypatch, tmp_path, "b.json", "--bots", "human,random")["seed"]
    assert first != second


def test_bots_alone_get_a_fresh_seed_and_a_given_seed_is_kept(monkeypatch, tmp_path: Path, capsys) -> None:
    seeds = {record_of(monkeypatch, tmp_path, f"bots{i}.json")["seed"] for i in range(2)}
    assert len(seeds) == 2 and all(seed > 2 ** 20 for seed in seeds)
    assert record_of(monkeypatch, tmp_path, "given.json", "--human", "1", "--seed", "7")["seed"] == 7


def test_a_players_record_shows_no_seed(monkeypatch, tmp_path: Path, capsys) -> None:
    record = record_of(monkeypatch, tmp_path, "leo.json", "--names", "Leo,Lisa", "--human", "Leo", "--as", "Leo")
    assert "seed" not in record and record["kind"] == "player"


def test_neither_a_players_log_nor_record_shows_a_given_seed(monkeypatch, tmp_path: Path, capsys) -> None:
    capsys.readouterr()
    record = record_of(monkeypatch, tmp_path, "leo.json", "--names", "Leo,Lisa", "--human", "Leo", "--as", "Leo",
                       "--seed", "918273645")
    shown = capsys.readouterr()
    assert "918273645" not in json.dumps(record) + shown.out + shown.err
