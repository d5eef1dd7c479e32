"""Write OpenSpiel playthroughs (a whole random game, every observation on the way) of games.

    python -m rulebook.adapters.playthroughs tests/playthroughs            # every shipped game
    python -m rulebook.adapters.playthroughs out/ GAME OTHER_GAME

Each file is `rulebook_<game>.txt`, the game with its default options, seed 1; OpenSpiel's
`generate_playthrough.replay(file)` plays it again and must give the same text.
"""
from __future__ import annotations

import sys
from pathlib import Path

from open_spiel.python.algorithms import generate_playthrough

from rulebook.api import shipped_games

from .openspiel import register


def write_playthrough(folder: Path, name: str, seed: int = 1) -> Path:
    short = register(name)
    path = folder / f"{short}.txt"
    path.write_text(generate_playthrough.playthrough(short, None, seed=seed))
    return path


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    folder = Path(argv[0])
    folder.mkdir(parents=True, exist_ok=True)
    for name in argv[1:] or shipped_games():
        print(write_playthrough(folder, name))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
