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


# Games whose folder (and README tour) already names no path outside the repository; a game's
# author adds theirs when its texts are done (issue 18 item 7).
SELF_CONTAINED = ("eriantys", "septachroma")
OUTSIDE = re.compile(r"\.\./shared|/work/|shared/(spec|rulebooks|DESIGN|bench)")


def test_readme_docs_and_rules_name_no_path_outside_the_repository() -> None:
    """A modder reads only the project: the sentences come from `rulebook games GAME`, the rulings
    from each game's RULINGS.md, in the project's own words."""
    texts = [ROOT / "README.md", ROOT / "features" / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    for game in SELF_CONTAINED:
        texts += [p for p in sorted((ROOT / "rules" / game).iterdir()) if p.suffix in (".rules", ".yaml", ".md", ".json")]
    found = []
    for path in texts:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if OUTSIDE.search(line) and not (path.name == "README.md" and _other_games_section(path, number)):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not found, "\n".join(found)


def _other_games_section(path: Path, number: int) -> bool:
    """Is this README line in the tour of a game not yet in SELF_CONTAINED?"""
    lines = path.read_text(encoding="utf-8").splitlines()[:number]
    heading = next((line for line in reversed(lines) if line.startswith("## ")), "")
    return heading.startswith("## A tour of `rules/") and not any(g in heading for g in SELF_CONTAINED)
