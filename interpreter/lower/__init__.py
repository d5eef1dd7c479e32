"""Lowering: a checked program and its options become the compiled form (lower.game.build_game)."""
# The statements' handlers register in STATEMENTS as their modules load: stmts.py's, then the
# decisions' (decisions.py builds on stmts.py, which does not import it back).
from . import decisions, stmts  # noqa: F401
