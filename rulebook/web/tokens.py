"""The table's private links: one unguessable token per person's seat, one for spectators."""
from __future__ import annotations

import secrets
from typing import Optional

TOKEN_BYTES = 18  # 144 random bits, written in 24 URL-safe characters


class Tokens:
    """Which seat a token stands for. A spectator's token stands for no seat (None): what everyone sees."""

    def __init__(self, people: list[int]):
        self.seats: dict[str, Optional[int]] = {secrets.token_urlsafe(TOKEN_BYTES): seat for seat in people}
        self.spectator = secrets.token_urlsafe(TOKEN_BYTES)
        self.seats[self.spectator] = None

    def token_of(self, seat: Optional[int]) -> str:
        return next(token for token, s in self.seats.items() if s == seat)

    def seat_of(self, token: object) -> tuple[bool, Optional[int]]:
        """(whether the token is one of this table's, the seat it stands for). Every token is
        compared in constant time, so the time taken tells nothing of how close a guess came."""
        if not isinstance(token, str):
            return False, None
        found: tuple[bool, Optional[int]] = (False, None)
        for known, seat in self.seats.items():
            if secrets.compare_digest(known.encode(), token.encode()):
                found = (True, seat)
        return found
