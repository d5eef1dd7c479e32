"""The disk cache (interpreter/ircache.py): the checked program, the compiled game, the optimised
compiled form and the generated code are kept on disk. A second load reads them instead of
parsing, checking and compiling, and plays the same games; a changed file is read again, a rules
error is reported every time (never kept), and a damaged or unwritable cache only costs time."""
from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rulebook import api
from rulebook.api import load_game
from rulebook.dsl import mods
from rulebook.dsl.errors import OptionsError, RulesError
from rulebook.interpreter import ircache

GAMES = Path(__file__).resolve().parent / "games"
NIM = GAMES / "nim"


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
    monkeypatch.setenv("RULEBOOK_CACHE", str(tmp_path / "cache"))
    api._program.cache_clear()  # each load below reads its rules as a new process would
    yield tmp_path / "cache" / "compiled"
    api._program.cache_clear()


def _copy(game: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(game, tmp_path / game.name))


def _fresh(folder: Path, options: dict | None = None, mods: tuple = ()):
    """A load as a new process makes it (the in-process memory of parsed rules forgotten)."""
    api._program.cache_clear()
    return load_game(folder, options, mods=mods)


def _error(folder: Path, mods: tuple = ()) -> str:
    with pytest.raises(RulesError) as caught:
        _fresh(folder, mods=mods)
    return str(caught.value)


def test_a_second_load_reads_the_cache_and_plays_the_same(cache: Path, monkeypatch) -> None:
    first = _fresh(NIM)
    assert sorted(p.suffix for p in cache.iterdir()) == [".code", ".game", ".pickle", ".program", ".value"]

    def refused(*args, **kwargs):
        raise AssertionError("parsed, checked or compiled again")
    with monkeypatch.context() as patched:
        patched.setattr("rulebook.dsl.loader.load_program", refused)
        patched.setattr("rulebook.interpreter.game.resolve_options", refused)
        patched.setattr("rulebook.interpreter.compile.compile_ir", refused)
        patched.setattr(ircache, "_write_bytes", refused)
        second = _fresh(NIM)
    assert second.program is not first.program and second.program.source_key == first.program.source_key
    assert second.compiled.ir == first.compiled.ir
    assert _moves(second) == _moves(first)
    assert _moves(second.__class__(second.program, {"stones": 9})) != _moves(second)  # other options: compiled
    assert len(list(cache.glob("*.game"))) == 2


def test_the_kept_program_knows_its_expression_types(cache: Path) -> None:
    fresh = _fresh(NIM).program
    kept = _fresh(NIM).program
    assert kept is not fresh
    assert len(kept.types) == len(fresh.types) > 0
    value = kept.flow.body[0].value  # `let p = players[0]`: types are kept by node, not by id
    assert value is not fresh.flow.body[0].value and value == fresh.flow.body[0].value
    assert kept.type_of(value) == fresh.type_of(fresh.flow.body[0].value) == "player"


def test_an_edited_rules_file_is_read_again(cache: Path, tmp_path: Path) -> None:
    nim = _copy(NIM, tmp_path)
    assert _fresh(nim).options["stones"] == 15
    rules = nim / "game.rules"
    rules.write_text(rules.read_text().replace("int 1..100 = 15", "int 1..100 = 7"))
    assert _fresh(nim).options["stones"] == 7


def test_a_new_rules_file_is_read(cache: Path, tmp_path: Path) -> None:
    nim = _copy(NIM, tmp_path)
    _fresh(nim)
    (nim / "more.rules").write_text("invariant \"also\": count(heap) >= nothing_declared\n")
    assert "nothing_declared" in _error(nim)


def test_an_edited_table_or_schema_is_read_again(cache: Path, tmp_path: Path) -> None:
    cards = _copy(GAMES / "cards", tmp_path)

    def total() -> int:
        game = _fresh(cards)
        return game.snippet("total_cards()", {})(game.new_initial_state(1))
    before = total()
    table = cards / "cards.yaml"
    table.write_text(table.read_text().replace("copies: 5", "copies: 6", 1))
    assert total() == before + 1
    schema = cards / "cards.schema.json"
    schema.write_text(schema.read_text().replace('"minimum": 0}', '"minimum": 0, "maximum": 5}', 1))
    assert "6 is greater than the maximum of 5" in _error(cards)


def test_an_edited_mod_is_read_again(cache: Path, tmp_path: Path) -> None:
    nim = _copy(NIM, tmp_path)
    mod = tmp_path / "mod"
    mod.mkdir()
    (mod / "mod.yaml").write_text('name: Fine\ngame: ../nim\ngame_version: "1.0"\n')
    (mod / "more.rules").write_text("invariant \"fine\": count(heap) >= 0\n")
    assert [label for label, _ in _fresh(nim, mods=(mod,)).compiled.invariants] == ["never negative", "fine"]
    (mod / "more.rules").write_text("invariant \"fine\": count(heap) >= nothing_declared\n")
    assert "nothing_declared" in _error(nim, mods=(mod,))


def test_options_are_checked_whatever_was_kept(cache: Path) -> None:
    assert _fresh(NIM, {"stones": 9}).options["stones"] == 9
    for wrong in ({"stones": 900}, {"stones": 9.0}, {"stones": "9"}, {"stone": 9}):
        with pytest.raises(OptionsError):
            _fresh(NIM, wrong)
    assert _fresh(NIM, {"stones": 9}).options["stones"] == 9


def test_a_game_from_the_cache_imports_no_parser_checker_or_schema_library(cache: Path) -> None:
    _fresh(NIM)
    probe = ("import sys; from rulebook.api import load_game; load_game(sys.argv[1]); "
             "print(sorted({m.split('.')[0] for m in sys.modules} & {'lark', 'yaml', 'jsonschema', 'networkx'}), "
             "sorted(m for m in sys.modules if m.startswith(('rulebook.dsl.check', 'rulebook.interpreter.lower'))))")
    done = subprocess.run([sys.executable, "-c", probe, str(NIM)], capture_output=True, text=True, check=True,
                          env={**os.environ, "RULEBOOK_CACHE": str(cache.parent)})
    assert done.stdout.split() == ["[]", "[]"]
    assert api.MANIFEST == mods.MANIFEST  # the one name api knows without importing the mod reader


def test_a_rules_error_is_never_kept(cache: Path, tmp_path: Path) -> None:
    nim = _copy(NIM, tmp_path)
    (nim / "game.rules").write_text((nim / "game.rules").read_text() + "invariant \"x\": count(heap) >= nope\n")
    first = _error(nim)
    assert "nope" in first
    assert not list(cache.glob("*.program")) and not list(cache.glob("*.game"))
    assert _error(nim) == first  # found and said again, the same way


def test_damaged_files_are_made_again(cache: Path) -> None:
    expected = _moves(_fresh(NIM))
    for path in cache.iterdir():
        path.write_bytes(b"not what was written")
    assert _moves(_fresh(NIM)) == expected
    assert all(path.read_bytes() != b"not what was written" for path in cache.iterdir())


def test_a_folder_that_cannot_be_written_costs_only_time(tmp_path: Path, monkeypatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file where the cache folder would be")
    monkeypatch.setenv("RULEBOOK_CACHE", str(blocker))
    assert _moves(_fresh(NIM)) == _moves(_fresh(NIM))


def test_a_change_to_the_engine_is_a_new_key(cache: Path, monkeypatch) -> None:
    _fresh(NIM)
    monkeypatch.setattr(ircache, "_ENGINE", [b"another engine"])
    _fresh(NIM)
    assert len(list(cache.glob("*.pickle"))) == 2
    assert len(list(cache.glob("*.program"))) == 2


def test_equal_parts_are_kept_once() -> None:
    from rulebook.interpreter.ir import exprs as x
    from rulebook.interpreter.ir.types import INT
    one, other = x.Binary("+", x.Const(1, type=INT), x.Local(0, type=INT), type=INT), \
        x.Binary("+", x.Const(1, type=INT), x.Local(0, type=INT), type=INT)
    true = x.Binary("+", x.Const(True, type=INT), x.Local(0, type=INT), type=INT)
    made = ircache.shared((one, other, true, [one]), {})
    assert made[0] is made[1] and made[0] == one
    assert made[2] is not made[0]  # True is not 1 here: atoms are equal only within their class
    assert made[3] == [one] and made[3][0] is one  # a list is left as it is


def test_the_folder_is_trimmed_to_what_was_used_last(tmp_path: Path) -> None:
    folder = tmp_path / "compiled"
    folder.mkdir()
    for i in range(8):  # 8 files of 1 KB, file 0 written longest ago
        path = folder / f"{i}.pickle"
        path.write_bytes(b"x" * 1024)
        os.utime(path, (1_000_000 + i, 1_000_000 + i))
    assert ircache._read_bytes(folder / "0.pickle") == b"x" * 1024  # read now: used last
    assert ircache.trim(folder, 8 * 1024) == 0  # not over the limit: nothing goes
    assert ircache.trim(folder, 4 * 1024) == 5  # over it: down to three quarters, oldest use first
    assert sorted(p.name for p in folder.iterdir()) == ["0.pickle", "6.pickle", "7.pickle"]


def test_a_process_trims_the_folder_when_it_first_writes(cache: Path, monkeypatch, capsys) -> None:
    cache.mkdir(parents=True, exist_ok=True)
    old = cache / "old.pickle"
    old.write_bytes(b"x" * 3 * 1024 * 1024)
    os.utime(old, (1_000_000, 1_000_000))
    monkeypatch.setattr(ircache, "_TRIMMED", [])
    monkeypatch.setenv("RULEBOOK_CACHE_MB", "2")
    load_game(NIM)
    assert not old.exists() and any(cache.iterdir())  # the old file went, the new ones stay


def test_a_cache_limit_that_is_not_a_number_is_said(cache: Path, monkeypatch, capsys) -> None:
    monkeypatch.setattr(ircache, "_TRIMMED", [])
    monkeypatch.setenv("RULEBOOK_CACHE_MB", "lots")
    load_game(NIM)
    assert "RULEBOOK_CACHE_MB='lots' is not a whole number of megabytes" in capsys.readouterr().err
