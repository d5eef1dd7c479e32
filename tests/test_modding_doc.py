"""docs/modding.md cannot rot: its files are written out and its commands run, in a folder
outside the checkout, exactly as a newcomer would (issue 9 item 4)."""
from __future__ import annotations

import re
import shlex
from pathlib import Path


from rulebook.cli import main

DOC = Path(__file__).resolve().parent.parent / "docs" / "modding.md"
BLOCK = re.compile(r"```(\w+)([^\n]*)\n(.*?)```", re.S)


def blocks() -> list[tuple[str, str, str]]:
    return [(lang, info.strip(), body) for lang, info, body in BLOCK.findall(DOC.read_text(encoding="utf-8"))]


def test_the_walkthrough_runs(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    files = [(info, body) for lang, info, body in blocks() if info.startswith("file=")]
    commands = [line for lang, _, body in blocks() if lang == "sh" for line in body.splitlines() if line.strip()]
    assert len(files) >= 3 and len(commands) >= 4
    for info, body in files:
        target = tmp_path / info[len("file="):]
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(body, encoding="utf-8")
    for command in commands:
        words = shlex.split(command)
        assert words[0] == "rulebook", command
        code = main(words[1:])
        out = capsys.readouterr().out
        assert code == 0, f"{command} exited {code}"
        if words[1] == "test":
            assert out.rstrip().splitlines()[-1] == "1 passed, 0 failed"
