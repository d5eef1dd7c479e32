"""From a failure to a scenario: a game that breaks an invariant or makes the rules fail is saved
as a full record, and the message says how to see it as a scenario (`rulebook scenario`).

Used by `rulebook simulate` (always for a rules error, after every step with `--check`) and by
the random-simulation test suites (rulebook/testing.py).
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Optional, Sequence

from rulebook.dsl.errors import RulebookError

DEFAULT_FOLDER = "rulebook-failures"


class GameFailure(RulebookError):
    """A game that went wrong while played: its record is saved (the message says where)."""


def failures_folder(given: Optional[str] = None) -> Path:
    """Where failed games' records go: the folder given, else $RULEBOOK_FAILURES, else
    `rulebook-failures` in the system's temporary folder."""
    if given:
        return Path(given)
    return Path(os.environ.get("RULEBOOK_FAILURES") or Path(tempfile.gettempdir()) / DEFAULT_FOLDER)


def save_failure(game, game_ref, mods: Sequence, seed: int, seats: Sequence[str], moves: Sequence,
                 folder: Path, what: str) -> str:
    """Write the record of a failed game (its moves so far, as (player, move) pairs, the last one
    the move that failed or broke something) and give the message that says what happened,
    where the record is and the scenario command that shows it."""
    from .records import game_reference, new_record, write_record

    record = new_record(game, game_ref, mods, seed, list(seats))
    record.moves = [{"player": game.player_names[player], "move": str(move)} for player, move in moves]
    name = Path(game_reference(game_ref)[0]).name
    folder.mkdir(parents=True, exist_ok=True)
    path = (folder / f"{name}-seed{seed}.json").resolve()
    write_record(path, record)
    if moves:
        player, move = moves[-1]
        where = f"seed {seed}, move {len(moves)} ({game.player_names[player]}: {move})"
        show = f"\n  as a scenario: rulebook scenario {path} --at {len(moves)}"
    else:
        where, show = f"seed {seed}, at setup", ""
    return f"{where}: {what}\n  its record: {path}{show}"


def invariants_broken(game, state) -> Optional[str]:
    broken = game.check_invariants(state)
    return f"invariant broken: {'; '.join(broken)}" if broken else None


def rules_error(err: Exception) -> str:
    text = str(err).strip()
    return "the rules fail: " + (text.splitlines()[0] if text else type(err).__name__)
