"""The optimised compiled form and the generated code are kept on disk (interpreter/ircache.py):
a second load reads them instead of running the passes, plays the same games, and a damaged or
unwritable cache only costs time."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from rulebook.api import load_game
from rulebook.interpreter import ircache

NIM = Path(__file__).resolve().parent / "games" / "nim"


def _moves(game, seed: int = 3) -> list:
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    played = []
    while not game.is_terminal(state):
        move = game.sample_move(state, rng)
        played.append(str(move))
        game.apply(state, move)
    return played + [str(state.result)]


@pytest.fixture
def cache(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.setenv("RULEBOOK_CACHE", str(tmp_path))
    return tmp_path / "compiled"


def test_a_second_load_reads_the_cache_and_plays_the_same(cache: Path, monkeypatch) -> None:
    first = load_game(NIM)
    kept = sorted(p.suffix for p in cache.iterdir())
    assert kept == [".code", ".pickle"]
    ran = []
    monkeypatch.setattr(ircache, "_write", lambda path, ir: ran.append(path))  # a miss would write again
    second = load_game(NIM)
    assert ran == []
    assert second.compiled.ir.blocks == first.compiled.ir.blocks
    assert second.compiled.ir.naming == first.compiled.ir.naming  # taken from the fresh lowering
    assert _moves(second) == _moves(first)


def test_damaged_files_are_made_again(cache: Path) -> None:
    expected = _moves(load_game(NIM))
    for path in cache.iterdir():
        path.write_bytes(b"not what was written")
    assert _moves(load_game(NIM)) == expected
    assert all(path.read_bytes() != b"not what was written" for path in cache.iterdir())


def test_a_folder_that_cannot_be_written_costs_only_time(tmp_path: Path, monkeypatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file where the cache folder would be")
    monkeypatch.setenv("RULEBOOK_CACHE", str(blocker))
    assert _moves(load_game(NIM)) == _moves(load_game(NIM))


def test_a_change_to_the_engine_is_a_new_key(cache: Path, monkeypatch) -> None:
    load_game(NIM)
    monkeypatch.setattr(ircache, "_ENGINE", [b"another engine"])
    load_game(NIM)
    assert len(list(cache.glob("*.pickle"))) == 2
