"""Lowering: a checked program and its options become the compiled form (lower.game.build_game)."""
