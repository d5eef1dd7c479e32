"""The engine knows no game (DESIGN.md): no shipped game's name or title appears in the engine's
source — dsl/, interpreter/, rulebook/ (code, comments, grammar, schemas, pages). A game's meaning
lives in rules/<game>/; an example in an engine docstring uses a made-up game."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ("dsl", "interpreter", "rulebook")
SOURCES = (".py", ".c", ".h", ".lark", ".json", ".js", ".html", ".css")
# Words that are also the language's own general concepts (a hex board is a board shape), or plain
# English that a game's name starts with.
GENERAL = {"hex", "connect", "tic", "liars"}


def game_names() -> set[str]:
    names = set()
    for folder in (ROOT / "rules").iterdir():
        if not folder.is_dir():
            continue
        names.add(folder.name.replace("_", " "))
        names.add(folder.name.split("_")[0])  # "Kuhn playouts" names the game as well
        for rules in folder.glob("*.rules"):
            title = re.search(r'^game\s+"([^"]+)"', rules.read_text(encoding="utf-8"), re.M)
            if title:
                names.update(part.strip() for part in re.split(r"[:(]", title.group(1).replace(")", "")) if part.strip())
    return {n.lower() for n in names} - GENERAL


def engine_files() -> list[Path]:
    found = []
    for part in ENGINE:
        base = ROOT / part if (ROOT / part).is_dir() else ROOT / "rulebook" / part
        found += [p for p in base.rglob("*") if p.suffix in SOURCES and "rules" not in p.relative_to(ROOT).parts[:2]]
    return found


def pattern(name: str) -> re.Pattern:
    words = [re.escape(w) for w in re.split(r"[\s_-]+", name)]
    return re.compile(r"\b" + r"[\s_-]*".join(words) + r"\b", re.I)


def test_no_game_is_named_in_the_engine() -> None:
    names = game_names()
    assert {"eriantys", "hearts", "kuhn poker", "septachroma"} <= names  # the list is read, not empty
    found = []
    for path in engine_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        for name in names:
            for m in pattern(name).finditer(text):
                line = text.count("\n", 0, m.start()) + 1
                found.append(f"{path.relative_to(ROOT)}:{line}: {m.group(0)}")
    assert not found, "\n".join(found)
