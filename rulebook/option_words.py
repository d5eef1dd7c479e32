"""Game options as written on a command line: `-o NAME=VALUE` pairs and `--NAME [VALUE]` flags."""
from __future__ import annotations

from typing import Sequence

from rulebook.dsl.errors import OptionsError


def option_pairs(pairs: Sequence[str]) -> dict:
    """`-o name=value` pairs; values read as int, true/false, or text."""
    options: dict = {}
    for pair in pairs:
        if "=" not in pair:
            raise OptionsError(f"option '{pair}' must be written NAME=VALUE")
        name, value = pair.split("=", 1)
        options[name.strip()] = value_of(value.strip())
    return options


def game_flags(tokens: Sequence[str]) -> dict:
    """A game's own options as flags: `--NAME` (true), `--NAME VALUE`, `--NAME A,C` (a list)."""
    options: dict = {}
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if not token.startswith("--") or len(token) < 3:
            raise OptionsError(f"unrecognized argument '{token}'")
        name, eq, value = token[2:].partition("=")
        name = name.replace("-", "_")
        if eq:
            options[name] = value_of(value)
        elif i + 1 < len(tokens) and not tokens[i + 1].startswith("--"):
            options[name] = value_of(tokens[i + 1])
            i += 1
        else:
            options[name] = True
        i += 1
    return options


def value_of(text: str):
    lowered = text.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    try:
        return int(text)
    except ValueError:
        return text
