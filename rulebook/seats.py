"""Who sits at each seat: players' names (`--names`), human seats (`--human`), bots (`--bots`)."""
from __future__ import annotations

from typing import Optional, Sequence

from rulebook.dsl.errors import OptionsError

HUMAN = "human"


def parse_names(text: Optional[str]) -> Optional[list[str]]:
    """`Leo,Lisa,Max` → the players' names, in seat order. Each is used once, and is not a number
    (numbers are seats)."""
    if text is None:
        return None
    names = [part.strip() for part in text.split(",")]
    if any(not name for name in names):
        raise OptionsError(f"--names '{text}': a name is empty; write --names Leo,Lisa")
    for name in names:
        if name.isdigit():
            raise OptionsError(f"--names: '{name}' is a number, which stands for a seat; give players words for names")
        if names.count(name) > 1:
            raise OptionsError(f"--names: '{name}' is given twice")
    return names


def seat_of(token: str, names: Sequence[str], option: str = "--human") -> int:
    """A seat from its number (from 1) or its player's name (case does not matter)."""
    text = token.strip()
    if text.isdigit():
        seat = int(text)
        if not 1 <= seat <= len(names):
            raise OptionsError(f"{option} {text}: seats are numbered 1 to {len(names)}")
        return seat - 1
    for i, name in enumerate(names):
        if name.lower() == text.lower():
            return i
    listing = ", ".join(names)
    raise OptionsError(f"{option} '{text}': no player of that name; the players are {listing} (or give a seat number)")


def plan_seats(names: Sequence[str], humans: Sequence[str], bots: Optional[str],
               before: Optional[Sequence[str]] = None) -> list[str]:
    """What plays each seat: 'human' or a bot's name. `bots` is one bot for every seat not taken
    by a human, or a comma list with one per seat (where 'human' may stand too). Without `bots`,
    a seat not taken by a human keeps its bot from `before` (a resumed game's seats), else random."""
    from .bots import make_bot

    count = len(names)
    seats: list[Optional[str]] = [None] * count
    for token in humans:
        seats[seat_of(token, names)] = HUMAN
    if bots:
        parts = [p.strip() for p in bots.split(",")]
    elif before:
        parts = [seat if seat != HUMAN else "random" for seat in before]  # a person not back: a bot plays on
    else:
        parts = ["random"]
    if len(parts) == 1:
        parts = parts * count
    elif len(parts) != count:
        raise OptionsError(f"--bots lists {len(parts)} players for {count} seats: give one for all, or one per seat")
    for i, part in enumerate(parts):
        if seats[i] == HUMAN:
            continue
        if part.lower() == HUMAN:
            seats[i] = HUMAN
            continue
        seats[i] = str(make_bot(part))  # checks the name now, before any game is played
    return [s for s in seats if s is not None]


def parse_table_seats(text: str) -> tuple[list[str], list[str]]:
    """`Leo,Lisa,bot:ismcts:200` (for `rulebook serve`) → (the players' names, what plays each
    seat): a name is a person's seat; `bot:KIND` a bot's, named `Bot N` after its seat, or
    `NAME=bot:KIND` to name it."""
    from .bots import make_bot

    names, seats = [], []
    for number, part in enumerate((p.strip() for p in text.split(",")), 1):
        name, equals, kind = part.partition("=")
        if not equals:
            name, kind = ("", part) if part.lower().startswith("bot:") else (part, "")
        if kind:
            if not kind.lower().startswith("bot:"):
                raise OptionsError(f"--seats '{part}': write a person's name, bot:KIND or NAME=bot:KIND")
            seats.append(str(make_bot(kind[4:])))  # checks the bot's name now, before the table opens
            names.append(name.strip() or f"Bot {number}")
        else:
            seats.append(HUMAN)
            names.append(name.strip())
    return parse_names(",".join(names)) or [], seats
