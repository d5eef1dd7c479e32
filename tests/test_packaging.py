"""The distribution installs one top-level package, `rulebook`, holding every layer (issue 18)."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]


def _package_folders() -> set[str]:
    """Every folder with an __init__.py under the layers, as the dotted name it installs as."""
    found = set()
    for prefix, folder in CONFIG["package-dir"].items():
        base = ROOT / folder
        for init in base.rglob("__init__.py"):
            relative = init.parent.relative_to(base).parts
            found.add(".".join((prefix, *relative)))
    return found


def test_every_package_folder_is_listed() -> None:
    listed = set(CONFIG["packages"])
    assert _package_folders() - listed == set()


def test_every_listed_package_installs_inside_rulebook() -> None:
    assert all(name == "rulebook" or name.startswith("rulebook.") for name in CONFIG["packages"])


def test_the_distribution_name_is_not_the_import_name() -> None:
    # "rulebook" on the public index is another project; ours installs as rulebook-engine.
    name = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["name"]
    assert name == "rulebook-engine"


# A path a reader outside this machine cannot follow (issue 18 item 7): no game's folder, nor the
# README or docs, names one.
OUTSIDE = re.compile(r"\.\./shared|/work/|shared/(spec|rulebooks|DESIGN|bench)|\bspec/\w+-(steps|rulings)\.md|rulebooks/\w+\.txt")


def test_readme_docs_and_rules_name_no_path_outside_the_repository() -> None:
    """A modder reads only the project: the sentences come from `rulebook games GAME`, the rulings
    from each game's RULINGS.md, in the project's own words."""
    texts = [ROOT / "README.md", ROOT / "features" / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    for game in sorted(p for p in (ROOT / "rules").iterdir() if (p / "game.rules").is_file()):  # every game
        texts += [p for p in sorted(game.iterdir()) if p.suffix in (".rules", ".yaml", ".md", ".json")]
    found = []
    for path in texts:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if OUTSIDE.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not found, "\n".join(found)

