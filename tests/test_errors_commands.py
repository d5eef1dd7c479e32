"""The error corpus, part two: bad input given to the `rulebook` command gives exactly the
expected message and exit code, never a traceback (issue 18 items 5 and 6).

tests/errors/commands.yaml lists the cases. Each has `run` (the command's arguments; `{games}` is
tests/games), `files` (written into an empty folder the command runs in: text, bytes, or
`{link: target}`), `exit`, `stderr` (exactly; `{tmp}` stands for that folder, `{games}` and
`{root}` for the checkout's) and, for a command that succeeds, `stdout`.
Exit codes: 2 for a bad value or an input that is not there, 1 for a mistake in the rules, a
table, a mod, a feature file or a vocabulary (placed at its file:line:column), 0 for success.
"""
from __future__ import annotations

import io
from pathlib import Path

import pytest
import yaml

from rulebook.cli import main

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "tests" / "games"
CASES = yaml.safe_load((ROOT / "tests" / "errors" / "commands.yaml").read_text(encoding="utf-8"))


def write_files(folder: Path, files: dict) -> None:
    for name, content in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, dict):
            path.symlink_to(content["link"])
        elif isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")


def shown(text: str, folder: Path) -> str:
    """Output with the machine's paths written as the corpus writes them."""
    for path, name in ((folder.resolve(), "{tmp}"), (folder, "{tmp}"), (GAMES, "{games}"), (ROOT, "{root}")):
        text = text.replace(str(path), name)
    return text


def run_case(case: dict, folder: Path, monkeypatch, capsys) -> tuple:
    write_files(folder, case.get("files", {}))
    monkeypatch.chdir(folder)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    try:
        code = main(case["run"].format(games=GAMES).split())
    except SystemExit as stop:  # argparse's own usage errors
        code = stop.code
    captured = capsys.readouterr()
    return code, shown(captured.out, folder), shown(captured.err, folder)


def test_the_corpus_has_every_kind_of_command() -> None:
    names = [case["name"] for case in CASES]
    assert len(names) == len(set(names)) and len(names) >= 40
    assert {case["exit"] for case in CASES} == {0, 1, 2}
    assert {case["run"].split()[0] for case in CASES} >= {"play", "check", "test", "simulate", "compare", "replay"}


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_a_bad_command_gets_its_message(case: dict, tmp_path: Path, monkeypatch, capsys) -> None:
    code, out, err = run_case(case, tmp_path, monkeypatch, capsys)
    assert "Traceback" not in out + err and "internal error" not in out + err
    assert (code, err) == (case["exit"], case["stderr"])
    if "stdout" in case:
        assert out == case["stdout"]
