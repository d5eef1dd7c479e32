"""`rulebook games`: the shipped games with their player counts and options; one game in full —
every option with its type, default and allowed values, and the scenario sentences it declares."""
from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.table import Table

from rulebook.interpreter.play.options import option_schema

from . import api


def run_games(args) -> int:
    # Into a pipe or a file, lines are not wrapped at 80 columns: a sentence stays on one line.
    console = Console(highlight=False, markup=False, emoji=False, soft_wrap=True)
    if args.game is None:
        _list(console)
    else:
        _describe(console, args.game, args.mod)
    return 0


def players_text(schema: dict) -> str:
    players = schema["properties"].get("players")
    if players is None:
        return "2 players"
    low, high = players["minimum"], players["maximum"]
    return f"{low} players" if low == high else f"{low}–{high} players"


def _list(console: Console) -> None:
    table = Table(box=None, show_header=True, header_style="bold", pad_edge=False)
    for column in ("game", "title", "players", "options"):
        table.add_column(column)
    for name in api.shipped_games():
        program = api.load_program_for(name)
        schema = option_schema(program)
        options = ", ".join("--" + o.replace("_", "-") for o in program.options) or "—"
        table.add_row(name, program.title, players_text(schema), options)
    console.print(table)
    console.print("More on one game: rulebook games GAME")


def option_rows(schema: dict) -> list[tuple[str, str, str, str]]:
    """(flag, type, default, help and allowed values) for every option, `players` first."""
    rows = []
    for name, prop in schema["properties"].items():
        flag = "--" + name.replace("_", "-")
        kind = prop.get("type")
        allowed = ""
        if kind == "boolean":
            type_text = "true/false"
        elif kind == "integer":
            type_text = f"whole number {prop['minimum']}..{prop['maximum']}"
        elif kind == "array":
            type_text = "list (comma-separated)"
            allowed = "allowed: " + ", ".join(prop["items"]["enum"])
        else:
            type_text = "one of"
            allowed = "allowed: " + ", ".join(prop["enum"])
        default = prop.get("default", [] if kind == "array" else None)
        default_text = _value_text(default)
        about = "; ".join(t for t in (prop.get("description", ""), allowed) if t)
        rows.append((flag, type_text, default_text, about))
    return rows


def _value_text(value) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ",".join(value) if value else "(none)"
    return str(value)


def _describe(console: Console, game: str, mods: list) -> None:
    folder = api.find_rules(game)
    program = api.load_program_for(folder, mods)
    schema = option_schema(program)
    console.print(f"{program.title} (version {program.version}) — {players_text(schema)}; rules in {folder}")
    console.print()
    console.print("Options — as flags (--NAME, --NAME VALUE, --NAME A,B for a list) or -o NAME=VALUE:")
    table = Table(box=None, show_header=True, header_style="bold", pad_edge=False)
    for column in ("option", "type", "default", "about"):
        table.add_column(column, overflow="fold")
    for row in option_rows(schema):
        table.add_row(*row)
    console.print(table)
    _sentences(console, Path(folder), program)


def _sentences(console: Console, folder: Path, program) -> None:
    from .scenarios.vocabulary import load_vocabulary

    vocabulary = load_vocabulary(folder, program)
    if not vocabulary.steps:
        console.print("\nNo scenario sentences are declared (scenarios.yaml).")
        return
    console.print(f"\nScenario sentences ({folder / 'scenarios.yaml'}): {{name:type}} is a placeholder")
    for keyword in ("given", "when", "then"):
        sentences = vocabulary.sentences(keyword)
        if sentences:
            console.print(f"\n{keyword.capitalize()}:")
            for sentence in dict.fromkeys(sentences):
                console.print(f"  {keyword.capitalize()} {sentence}")
