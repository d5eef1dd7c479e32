"""Rulebook: rules-as-data for board games. Load a game with rulebook.api.load_game."""
from pathlib import Path as _Path

# Installed, the engine's layers are subpackages of this one (rulebook.dsl, rulebook.interpreter,
# rulebook.rules). In a source checkout they sit beside this folder (dsl/, interpreter/, rules/):
# let the same names find them there, so the checkout runs without an install.
_checkout = _Path(__file__).resolve().parent.parent
if not (_Path(__file__).parent / "dsl").is_dir() and (_checkout / "dsl" / "grammar.lark").is_file():
    __path__.append(str(_checkout))  # type: ignore[name-defined]  # a package's own search path
