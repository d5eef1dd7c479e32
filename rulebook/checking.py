"""What `rulebook check` finds in a rules folder (and the language server on save), as diagnostics."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

from rulebook.dsl.errors import Diagnostic, RulesError


def check_game(path: str | Path, options: dict, mods: Sequence[str | Path] = ()) -> tuple[Path, list[Diagnostic]]:
    """The rules folder and its warnings, once it loads, compiles for these options (the defaults
    find what only shows with real numbers), sets up with its invariants holding and, where it
    declares a display, draws the first position. Raises RulesError (or a RulebookError placed in
    the rules) for what stops it."""
    from . import api
    from .display import display_for, scene_of

    folder = api.find_rules(path)
    # Without the optimising passes: they raise nothing (every rules error comes from lowering, or
    # from what the setup does), and they are most of a cold build.
    game = api.load_game(folder, options, mods=mods, optimised=False)
    first = game.new_initial_state(0)  # the setup runs, and the invariants hold after it
    broken = [decl for decl in game.program.invariants if decl.label in game.check_invariants(first)]
    if broken:
        raise RulesError([Diagnostic(decl.span, f"invariant '{decl.label}' does not hold after the setup")
                          for decl in broken])
    if any((Path(p) / "display.yaml").is_file() for p in (folder, *mods)):
        display_for(game, mods)
        scene_of(game, first, None)  # the display works out on a real position
    return folder, list(game.program.warnings)  # after the display: what its rules text uses is not unused
