"""Rulebook: rules-as-data for board games. Load a game with rulebook.api.load_game."""
