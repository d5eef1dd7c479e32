"""Every shipped game with every option set it can be played in, and one mod: what the research
adapters' tests run over (games that land later are picked up by themselves)."""
from __future__ import annotations

import itertools
from pathlib import Path

from rulebook.api import load_program_for, shipped_games
from rulebook.dsl.errors import RulebookError
from rulebook.interpreter.game import Game
from rulebook.interpreter.play.options import option_schema

ROOT = Path(__file__).resolve().parent.parent
MOD = ("eriantys", {"players": 2}, (str(ROOT / "examples" / "mods" / "short-game"),))
SMALL_LIST = 4  # list options over at most this many members are tried in every combination


def option_sets(name: str) -> list[dict]:
    """Each player count, each value of each yes/no and one-of option, each combination of small
    list options (the rules' own `require` lines drop those that cannot be played together)."""
    program = load_program_for(name)
    choices = []
    for option, prop in option_schema(program)["properties"].items():
        if option == "players":
            choices.append([(option, n) for n in range(prop["minimum"], prop["maximum"] + 1)])
        elif prop.get("type") == "boolean":
            choices.append([(option, False), (option, True)])
        elif "enum" in prop:
            choices.append([(option, value) for value in prop["enum"]])
        elif prop.get("type") == "array" and len(prop["items"]["enum"]) <= SMALL_LIST:
            members = prop["items"]["enum"]
            subsets = [list(c) for r in range(len(members) + 1) for c in itertools.combinations(members, r)]
            choices.append([(option, s) for s in subsets])
    found = []
    for combination in itertools.product(*choices):
        options = dict(combination)
        try:
            Game(program, options)
        except RulebookError:
            continue  # the rules refuse this combination
        found.append(options)
    return found


def modes() -> list[tuple]:
    """(game, options, mods) for every shipped game and option set, then the mod."""
    return [(name, options, ()) for name in shipped_games() for options in option_sets(name)] + [MOD]


def mode_id(mode: tuple) -> str:
    name, options, mods = mode
    shown = ",".join(f"{k}={'+'.join(v) if isinstance(v, list) else v}" for k, v in options.items())
    return f"{Path(name).name}[{shown}]" + ("+" + "+".join(Path(m).name for m in mods) if mods else "")


def toy_game_modes() -> list[tuple]:
    """(folder, no options, no mods) for each small game in tests/games: each exercises constructs
    (hidden hands, answers, dice, boards of ports, shuffled decks) the shipped games may not."""
    folder = ROOT / "tests" / "games"
    return [(str(p), {}, ()) for p in sorted(folder.iterdir()) if any(p.glob("*.rules"))]
