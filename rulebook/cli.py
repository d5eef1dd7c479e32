"""The `rulebook` command: check rules, play (alone, against bots, with friends), replay, simulate.

Only argparse is imported up front, so `rulebook --help` answers at once; the engine is imported
when a command runs. No traceback reaches the user.
"""
from __future__ import annotations

import argparse
import difflib
import os
import sys
from typing import Optional, Sequence

from .sim.arguments import BOTS_HELP, add_parsers as add_simulation_parsers

GAME_OPTION_COMMANDS = ("play", "serve", "check", "simulate", "compare")
# What each bot reads of the position (issue 25): until the bots play fair, a person should know.
BOTS_SEE = ("What they see: random sees only its legal moves; greedy and mcts read the whole position, hidden "
            "cards and piles included (greedy tries each move on it, coming draws too), like a player who "
            "peeks; ismcts decides from its player's view alone (it searches positions drawn to fit what that "
            "player sees).")


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage mistake is one clear line and exit code 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        print(f"rulebook: {message} (see 'rulebook {self.prog.split()[-1]} --help')"
              if " " in self.prog else f"rulebook: {message} (see 'rulebook --help')", file=sys.stderr)
        raise SystemExit(2)


class _Version(argparse.Action):
    """--version, looked up only when asked for."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, help=None):
        super().__init__(option_strings, dest, nargs=0, default=default, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"rulebook {version()}")
        parser.exit()


def version() -> str:
    from importlib.metadata import PackageNotFoundError, version as installed

    try:
        return installed("rulebook-engine")
    except PackageNotFoundError:
        return "(not installed: a source checkout)"


def _game_arguments(parser) -> None:
    parser.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option (repeatable), e.g. -o NAME=true; or as a flag: --NAME")
    parser.add_argument("--mod", action="append", default=[], metavar="PATH",
                        help="layer this mod over the game (repeatable, in order)")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="rulebook", description="Rules-as-data for board games: check rules, play, "
                                                  "replay and simulate games.")
    parser.add_argument("--version", action=_Version, help="print Rulebook's version and exit")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    check = commands.add_parser("check", help="load and check a rules folder; print every error and warning",
                                description="Load and check a rules folder (and its display.yaml). "
                                            "Exits 1 if there is an error.")
    check.add_argument("path", help="a rules folder, or the name of a shipped game")
    _game_arguments(check)

    play = commands.add_parser(
        "play", help="play a game: against bots, with friends at one screen, or bots alone",
        description="Play a whole game and print its log. Seats are bots (random by default) unless "
                    "--human takes them; a person sees the position as they may see it and the legal moves "
                    "numbered (type 'help' at the prompt). A game's own options are flags too: --NAME [VALUE] "
                    "(--NAME for a true/false option, --NAME A,B,C for a list; 'rulebook games GAME' lists them).")
    play.add_argument("game", nargs="?", help="a shipped game's name (see 'rulebook games') or a rules folder")
    play.add_argument("--players", type=int, help="number of players (the game says which counts it allows)")
    play.add_argument("--names", metavar="A,B,…", help="the players' names, one per seat (sets --players)")
    play.add_argument("--human", action="append", default=[], metavar="SEAT",
                      help="a seat a person plays: its number (from 1) or its player's name (repeatable)")
    play.add_argument("--bots", metavar="BOTS", help=BOTS_HELP.replace("(default random)", "(default random); "
                                                                       "'human' in the list seats a person. "
                                                                       + BOTS_SEE))
    play.add_argument("--seed", type=int, help="seed for the game's chance and the bots (default: a fresh one from "
                                               "the system, kept in a full record; give one to repeat a game)")
    _game_arguments(play)
    play.add_argument("--as", dest="as_player", metavar="PLAYER",
                      help="print the log as this player may see it; --save/--json then write their record "
                           "(with a person at the table, only that person's own seat)")
    play.add_argument("--save", metavar="FILE", help="write the game's record to FILE (also when it is left "
                                                     "unfinished)")
    play.add_argument("--json", metavar="FILE", help="the same as --save ('-' for standard output, which then holds the "
                                                     "record alone: the log goes to standard error)")
    play.add_argument("--resume", metavar="FILE", help="go on with a saved game (from its full record)")
    play.add_argument("--board", action="store_true",
                      help="draw the position after each bot's turn (as the log's reader may see it)")
    play.add_argument("--quiet", action="store_true", help="print only the result")
    play.add_argument("--trace", action="store_true",
                      help="after each move, the rules it ran, in order, with their file:line (the rules' own "
                           "workings, hidden information included: only with bots alone and no --as)")

    serve = commands.add_parser(
        "serve", help="play in browsers with friends: a private link per person, each seeing only their view",
        description="Open a web table: each person plays in their own browser through a private link, seeing the "
                    "board, the log and the legal moves as only their seat may see them (click a move, search "
                    "the moves, or type one as at the terminal); bots take the seats given to them; moves made "
                    "anywhere appear everywhere at once. A person who closes the page comes back through the "
                    "same link. The server listens on 127.0.0.1 (this computer only) unless --host says "
                    "otherwise. A game's own options are flags too: --NAME [VALUE].")
    serve.add_argument("game", nargs="?", help="a shipped game's name (see 'rulebook games') or a rules folder")
    serve.add_argument("--seats", metavar="A,B,…",
                       help="who sits at each seat, in order: a person's name (they get a link), bot:KIND for a "
                            "bot (random, greedy, mcts:N, ismcts:N), NAME=bot:KIND to name it; e.g. "
                            "--seats Leo,Lisa,bot:ismcts:200 (sets the player count; default: a person at every "
                            "seat). " + BOTS_SEE)
    serve.add_argument("--players", type=int, help="number of players, when --seats does not say")
    serve.add_argument("--seed", type=int, help="seed for the game's chance and the bots (default: a fresh one "
                                                "from the system, kept in the record)")
    _game_arguments(serve)
    serve.add_argument("--port", type=int, default=8000, help="the port to listen on (default 8000; 0: any free one)")
    serve.add_argument("--host", metavar="ADDRESS",
                       help="the address to listen on (default 127.0.0.1, this computer only; 0.0.0.0 lets "
                            "others on your network in — each still needs their link to play)")
    serve.add_argument("--save", metavar="FILE", help="write the game's full record to FILE after every move "
                                                      "(the format of play --save: every hand in it, keep it "
                                                      "from the players)")
    serve.add_argument("--resume", metavar="FILE", help="go on with a saved game (a full record from serve "
                                                        "--save or play --save); its seats stay as they were "
                                                        "unless --seats gives them again")

    replay = commands.add_parser(
        "replay", help="step through a game's record, or write it as an HTML page",
        description="Step through a record (from play --save, play --json or simulate --keep-records) in "
                    "the terminal — next, back, jump, any player's view — or write it as one self-contained "
                    "HTML page with the board at every step.")
    replay.add_argument("record", metavar="FILE", help="a game record")
    replay.add_argument("--as", dest="as_player", metavar="PLAYER",
                        help="only this player's view (the page then holds nothing they may not see)")
    replay.add_argument("--reveal", action="store_true",
                        help="an unfinished game's full record shows only what everyone sees (its players may "
                             "still be at the table); --reveal shows everything and every player's view")
    replay.add_argument("--html", metavar="PAGE", help="write the replay as one HTML page to PAGE")
    replay.add_argument("--at", type=int, metavar="N", help="start at move N (0: the start)")

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
    test.add_argument("--trace", action="store_true",
                      help="a failing Then shows the rules the When's moves ran, in order, with their file:line")
    test.add_argument("--optimised", action="store_true",
                      help="build the games with the optimising passes, as play and simulate do (slower to "
                           "build; by default scenarios run on a build without them, which plays the same games)")
    test.add_argument("--coverage", action="store_true",
                      help="report which rules lines, branches, choices and table rows the scenarios reached")
    test.add_argument("--coverage-html", metavar="DIR",
                      help="also write the rules files with reached and missed lines marked as HTML pages in DIR")

    scenario = commands.add_parser(
        "scenario", help="write a feature file that shows one move of a game record",
        description="Write a complete feature file from a full game record (play --save, simulate --keep-records): "
                    "Given steps in the game's own sentences set up the position before move N, the move is the "
                    "When, and Then steps state what it changed. Moves are counted from 1.")
    scenario.add_argument("record", metavar="RECORD", help="a full game record (JSON)")
    scenario.add_argument("--at", type=int, required=True, metavar="N", help="the move to show (from 1)")
    scenario.add_argument("-o", "--output", metavar="FILE", help="write the feature file here (default: print it)")
    scenario.add_argument("--reveal", action="store_true",
                          help="write it from a game people left unfinished too (it states what they hide)")

    add_simulation_parsers(commands)

    games = commands.add_parser("games", help="list the shipped games; or one game's options and sentences",
                                description="Without GAME: each shipped game with its player counts and "
                                            "options. With GAME: every option (type, default, allowed values) "
                                            "and the scenario sentences the game declares.")
    games.add_argument("game", nargs="?", help="a shipped game's name or a rules folder")
    games.add_argument("--mod", action="append", default=[], metavar="PATH", help="with this mod (repeatable)")

    explain = commands.add_parser(
        "explain", help="the rules one move of a record ran, in order, with their file:line",
        description="Replay a full game record and show, for move N, every rule, statement, branch, choice "
                    "and table row the move ran, in the order play met them, each with its file:line. Shows "
                    "the rules' workings whole, hidden information included: a full record holds it anyway.")
    explain.add_argument("record", metavar="RECORD", help="a full game record (play --save, simulate --keep-records)")
    explain.add_argument("--at", type=int, required=True, metavar="N", help="the move to explain (from 1)")

    conform = commands.add_parser(
        "conform", help="play a game against OpenSpiel's implementation of it, comparing every state",
        description="Play random games of GAME side by side with the pyspiel game its openspiel.yaml names "
                    "(needs the rl extra) and compare, at every state, whose decision it is, the legal moves, "
                    "chance outcomes and their probabilities, the end and the returns, and that one OpenSpiel "
                    "information state gives one Rulebook view. The first difference is printed with its seed "
                    "and moves; exit 1 then.")
    conform.add_argument("game", help="a shipped game's name or a rules folder with an openspiel.yaml")
    conform.add_argument("--games", type=int, default=100, metavar="N", help="random games per variant (default 100)")
    conform.add_argument("--seed", type=int, default=0, help="game i uses seed SEED+i (default 0)")

    commands.add_parser("lsp", help="a language server for editors, over standard input and output",
                        description="Speak the Language Server Protocol on standard input and output: "
                                    "diagnostics as you type, hover, go to definition, references, completion "
                                    "and an outline for .rules files, a game's tables and mods. Editors start "
                                    "it themselves (docs/editors.md says how to set one up).")
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    if extra and args.command not in GAME_OPTION_COMMANDS:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    if args.command in ("play", "serve") and args.game is None and args.resume is None:
        play = _subparser(parser, args.command)
        play.print_usage(sys.stderr)
        play.error("give the GAME to play (a shipped game's name or a rules folder; 'rulebook games' lists "
                   "them) or --resume FILE")
    from rulebook.dsl.errors import MissingInput, OptionsError, RulebookError, RulesError

    try:
        args.game_options = _game_options(parser, args, extra)
        return _run(args)
    except RulesError as err:
        for diagnostic in err.diagnostics:
            print(diagnostic.render(), file=sys.stderr)
        return 1
    except (OptionsError, MissingInput) as err:  # a bad value, or an input that is not there
        print(f"rulebook: {err}", file=sys.stderr)
        return 2
    except RulebookError as err:  # placed in the rules (file:line:column, the line, a caret), or one line
        print(err.render() if getattr(err, "span", None) else f"rulebook: {err}", file=sys.stderr)
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


def _run(args) -> int:
    command = args.command
    if command == "check":
        return _check(args)
    if command == "play":
        from .session import run_play

        return run_play(args)
    if command == "serve":
        from .web.command import run_serve  # starlette and uvicorn are only needed for this command

        return run_serve(args)
    if command == "replay":
        return _replay(args)
    if command == "conform":
        return _conform(args)
    if command == "explain":
        return _explain(args)
    if command == "lsp":
        from .lsp.server import serve

        return serve()
    if command == "games":
        from .catalog import run_games

        return run_games(args)
    if command == "scenario":
        from .scenarios.write_command import run_scenario

        return run_scenario(args)
    if command == "test":
        from .scenarios.runner import run_features  # pytest is only needed for this command

        extra = ["-k", args.k] if args.k else []
        coverage = None
        if args.coverage or args.coverage_html:
            from .coverage.session import CoverageSession

            coverage = CoverageSession(args.coverage_html)
        return run_features(args.paths, args.game, args.vocabulary, extra, args.quiet, args.mod, coverage,
                            args.optimised, args.trace)
    from .sim.commands import run_compare, run_simulate

    return run_simulate(args) if command == "simulate" else run_compare(args)


def _game_options(parser: argparse.ArgumentParser, args, extra: list) -> dict:
    """The game's own options given as flags (`--NAME`), once each is known to be one: a flag
    that is neither the command's nor the game's is reported as a mistyped flag when it is close
    to one of the command's, else as neither."""
    from rulebook.dsl.errors import OptionsError

    from .option_words import game_flags

    options = game_flags(extra)
    if not options:
        return options
    game = getattr(args, "game", None) or getattr(args, "path", None)
    command = args.command
    if game is None:
        raise OptionsError(f"unrecognized arguments: {' '.join(extra)}" +
                           (" (with --resume, the options come from the record)" if getattr(args, "resume", None) else ""))
    from . import api

    program = api.load_program_for(game, getattr(args, "mod", []))
    known = set(program.options) | {"players"}
    flags = _flags_of(parser, command)
    for name in options:
        if name in known:
            continue
        flag = "--" + name.replace("_", "-")
        close = difflib.get_close_matches(flag, flags, 1, 0.75)
        if close:
            raise OptionsError(f"unknown flag {flag} (did you mean {close[0]}?); see 'rulebook {command} --help'")
        near = difflib.get_close_matches(name, sorted(known), 1, 0.6)
        hint = f" (did you mean --{near[0].replace('_', '-')}?)" if near else ""
        listing = ", ".join("--" + o.replace("_", "-") for o in sorted(program.options)) or "none"
        raise OptionsError(f"unknown flag {flag}{hint}: 'rulebook {command}' has no such flag and {program.title} "
                           f"no such option (its options: {listing}; see 'rulebook games {game}')")
    return options


def _subparser(parser: argparse.ArgumentParser, command: str) -> argparse.ArgumentParser:
    for action in parser._subparsers._group_actions:  # type: ignore[union-attr]
        sub = action.choices.get(command) if isinstance(action.choices, dict) else None
        if sub is not None:
            return sub
    raise KeyError(command)


def _flags_of(parser: argparse.ArgumentParser, command: str) -> list[str]:
    return sorted(f for f in _subparser(parser, command)._option_string_actions if f.startswith("--"))


def _replay(args) -> int:
    from .replay import Stepper, open_replay

    replay = open_replay(args.record, args.as_player, args.reveal)
    if args.reveal and replay.record.kind == "full" and not replay.record.finished:
        print("rulebook: warning: --reveal shows what the players of this unfinished game hide from each other; "
              "keep it from them", file=sys.stderr)
    if args.html:
        from .page import write_page

        write_page(replay, args.html)
        print(f"Wrote {args.html}: {replay.steps} moves, views: {', '.join(v.label for v in replay.viewers)}")
        return 0
    Stepper(replay, sys.stdin, sys.stdout).run(args.at or 0)
    return 0


def _conform(args) -> int:
    from .conformance import check_conformance

    report = check_conformance(args.game, args.games, args.seed)
    for variant, difference in report.differences:
        print(f"difference ({variant.options or 'default options'}; OpenSpiel {variant.parameters or 'defaults'}): "
              f"{difference}")
    print(f"{report.games} games, {report.states} states compared: "
          f"{len(report.differences) or 'no'} difference{'s' if len(report.differences) != 1 else ''}")
    return 1 if report.differences else 0


def _explain(args) -> int:
    from rulebook.dsl.errors import OptionsError

    from .records import RecordError, open_record
    from rulebook.interpreter.play.trace import explain_move

    game, record = open_record(args.record)
    if record.kind != "full":
        raise RecordError(f"{args.record}: a player's record holds no seed: its moves cannot be played again")
    if not 1 <= args.at <= len(record.moves):
        raise OptionsError(f"--at {args.at}: the record has moves 1 to {len(record.moves)}")
    entry = record.moves[args.at - 1]
    print(f"Move {args.at}: {entry['player']}: {entry['move']}")
    for line in explain_move(game, record.seed, [m["move"] for m in record.moves], args.at):
        print("  " + line)
    return 0


def _check(args) -> int:
    from .checking import check_game
    from .option_words import option_pairs

    folder, warnings = check_game(args.path, {**option_pairs(args.option), **args.game_options}, args.mod)
    for warning in warnings:
        print(warning.render())
    count = len(warnings)
    print(f"{folder}: ok" + (f" ({count} warning{'s' if count != 1 else ''})" if count else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
