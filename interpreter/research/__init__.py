"""Research surfaces built once per game: the fixed move space, chance space and observation spec,
and the bounds and length they rest on (Game offers them; research.py holds what it offers)."""
