"""The tutorial docs/new-game.md (issue 27 item 6) works as written: its files, written into an
empty folder, make a game that every command it shows runs on, with the output it shows."""
from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from rulebook.cli import main

DOC = Path(__file__).resolve().parent.parent / "docs" / "new-game.md"
FENCE = re.compile(r"^```(\w+)([^\n]*)\n(.*?)^```", re.MULTILINE | re.DOTALL)


def fences() -> list[tuple[str, str, str]]:
    """(language, info after it, text) of each fenced block, in order."""
    return [(m.group(1), m.group(2).strip(), m.group(3)) for m in FENCE.finditer(DOC.read_text(encoding="utf-8"))]


def commands() -> list[tuple[str, list[str]]]:
    """Each `$ rulebook …` line of a console block, with the output lines shown under it."""
    found: list[tuple[str, list[str]]] = []
    for language, _, text in fences():
        if language != "console":
            continue
        for line in text.splitlines():
            if line.startswith("$ "):
                found.append((line[2:], []))
            elif line.strip() and found:
                found[-1][1].append(line.strip())
    return found


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("tutorial")
    for _, info, text in fences():
        named = re.search(r"\bfile=(\S+)", info)
        if named:
            (root / named.group(1)).parent.mkdir(parents=True, exist_ok=True)
            (root / named.group(1)).write_text(text, encoding="utf-8")
    return root


def test_the_tutorial_writes_a_whole_game() -> None:
    written = {re.search(r"\bfile=(\S+)", info).group(1) for _, info, _ in fences() if "file=" in info}
    assert {"summit/game.rules", "summit/cards.yaml", "summit/cards.schema.json", "summit/display.yaml",
            "summit/scenarios.yaml", "features/summit.feature"} <= written
    ran = {shlex.split(command)[1] for command, _ in commands()}
    assert {"check", "play", "test", "simulate", "compare"} <= ran


@pytest.mark.parametrize("command, shown", commands(), ids=[c for c, _ in commands()])
def test_each_command_runs_as_shown(folder: Path, command: str, shown: list[str], capsys, monkeypatch) -> None:
    monkeypatch.chdir(folder)
    words = shlex.split(command)
    assert words[0] == "rulebook"
    code = main(words[1:])
    out = capsys.readouterr().out
    assert code in (0, None), out
    for line in shown:
        assert line in out
