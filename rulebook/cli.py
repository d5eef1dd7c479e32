"""The `rulebook` command: check a rules folder, play a game. No traceback reaches the user."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Optional, Sequence

from rulebook.dsl.errors import OptionsError, RulebookError, RulesError

from . import api
from .option_words import game_flags as _game_flags, option_pairs as _option_pairs
from .play import play_game, write_json_log
from .sim.commands import add_parsers as add_simulation_parsers, run_compare, run_simulate


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage mistake is one clear line and exit code 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        print(f"rulebook: {message} (see 'rulebook {self.prog.split()[-1]} --help')"
              if " " in self.prog else f"rulebook: {message} (see 'rulebook --help')", file=sys.stderr)
        raise SystemExit(2)


GAME_OPTION_COMMANDS = ("play", "check", "simulate", "compare")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="rulebook", description="Rules-as-data for board games: check rules, play games.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    check = commands.add_parser("check", help="load and check a rules folder; print every error and warning",
                                description="Load and check a rules folder. Exits 1 if there is an error.")
    check.add_argument("path", help="a rules folder, or the name of a shipped game")
    check.add_argument("--mod", action="append", default=[], metavar="PATH",
                       help="check with this mod layered over the game (repeatable, in order)")
    check.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE",
                       help="also compile with this option (repeatable)")

    play = commands.add_parser("play", help="play a whole game with random players and print its log",
                               description="Play a whole game with random players and print a readable log. "
                                           "A game's own options can also be given as flags: --NAME [VALUE] "
                                           "(e.g. --expert, --characters Monk,Herald,Thief).")
    play.add_argument("game", help="a shipped game's name (see 'rulebook games') or a rules folder")
    play.add_argument("--players", type=int, help="number of players (the game says which counts it allows)")
    play.add_argument("--seed", type=int, default=0, help="seed for the game's chance and the random players (default 0)")
    play.add_argument("--names", metavar="A,B,…", help="the players' names, one per seat in order (sets --players)")
    play.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE",
                      help="a game option, e.g. -o expert=true (repeatable)")
    play.add_argument("--mod", action="append", default=[], metavar="PATH",
                      help="layer this mod over the game (repeatable, in order)")
    play.add_argument("--quiet", action="store_true", help="print only the result")
    play.add_argument("--json", metavar="FILE", help="write the full move log and result as JSON to FILE")

    test = commands.add_parser("test", help="run .feature scenarios against the step library",
                               description="Run any .feature files or folders of them against the shipped "
                                           "scenario step library; ends with a line 'N passed, N failed'.")
    test.add_argument("paths", nargs="+", metavar="PATH", help=".feature files or folders")
    test.add_argument("--game", action="append", default=[], metavar="NAME=PATH",
                      help="use the rules at PATH for @game:NAME; a bare PATH replaces the default game")
    test.add_argument("--vocabulary", action="append", default=[], metavar="FILE",
                      help="an extra scenario vocabulary (scenarios.yaml) to use (repeatable)")
    test.add_argument("--mod", action="append", default=[], metavar="PATH",
                      help="layer this mod over the game (repeatable, in order)")
    test.add_argument("-k", metavar="EXPRESSION", help="only scenarios whose names match (as pytest -k)")
    test.add_argument("--quiet", action="store_true", help="one character per scenario")

    add_simulation_parsers(commands)

    games = commands.add_parser("games", help="list the games shipped with Rulebook")
    games.set_defaults(command="games")
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    if extra and args.command not in GAME_OPTION_COMMANDS:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        args.game_options = _game_flags(extra)
    except OptionsError as err:
        print(f"rulebook: {err}", file=sys.stderr)
        return 2
    try:
        return {"check": _check, "play": _play, "test": _test, "games": _games,
                "simulate": run_simulate, "compare": run_compare}[args.command](args)
    except RulesError as err:
        for diagnostic in err.diagnostics:
            print(diagnostic.render(), file=sys.stderr)
        return 1
    except (OptionsError, api.GameNotFound) as err:
        print(f"rulebook: {err}", file=sys.stderr)
        return 2
    except RulebookError as err:
        print(f"rulebook: {err}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("rulebook: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as err:  # noqa: BLE001 - a bug of ours: one line, never a traceback
        if os.environ.get("RULEBOOK_DEBUG"):
            raise
        print(f"rulebook: internal error: {type(err).__name__}: {err} "
              "(set RULEBOOK_DEBUG=1 to see where; please report it)", file=sys.stderr)
        return 70


def _check(args) -> int:
    folder = api.find_rules(args.path)
    program = api.load_program_for(folder, args.mod)
    for warning in program.warnings:
        print(warning.render())
    # Compiling for the default options (and any given) finds what only shows with real numbers.
    api.load_game(folder, {**_option_pairs(args.option), **args.game_options}, mods=args.mod)
    count = len(program.warnings)
    print(f"{folder}: ok" + (f" ({count} warning{'s' if count != 1 else ''})" if count else ""))
    return 0


def _play(args) -> int:
    options = {**_option_pairs(args.option), **args.game_options}
    names = [n.strip() for n in args.names.split(",")] if args.names else None
    if names and (not all(names) or len(set(names)) != len(names)):
        raise OptionsError(f"--names needs distinct names separated by commas, not '{args.names}'")
    if args.players is not None:
        options["players"] = args.players
    elif names:
        options["players"] = len(names)
    game = api.load_game(args.game, options, names, mods=args.mod)
    out = None if args.quiet else sys.stdout
    record = play_game(game, args.seed, out)
    print(record.summary)
    if args.json:
        try:
            write_json_log(Path(args.json), game, args.seed, options, record)
        except OSError as err:
            print(f"rulebook: cannot write {args.json}: {err.strerror}", file=sys.stderr)
            return 2
    return 0


def _test(args) -> int:
    from .scenarios.runner import run_features  # pytest is only needed for this command

    extra = ["-k", args.k] if args.k else []
    return run_features(args.paths, args.game, args.vocabulary, extra, args.quiet, args.mod)


def _games(args) -> int:
    for name in api.shipped_games():
        print(name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
