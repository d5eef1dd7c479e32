"""The compiled form of a game: typed expressions and statements, blocks, decisions (see program.py)."""
