"""The `rulebook simulate` and `rulebook compare` commands: their arguments and what they print."""
from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

from rulebook.dsl.errors import OptionsError

from ..option_words import option_pairs
from .output import print_comparison, print_summary
from .runner import SimulationError
from .simulation import compare_options, simulate
from .summary import public

BOTS_HELP = ("random, greedy (one move ahead on the game's score) or mcts[:ITERATIONS] (default 100); "
             "one for every seat, or a comma list with one per seat (default random)")


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="a shipped game's name (see 'rulebook games') or a rules folder")
    parser.add_argument("--games", type=int, required=True, metavar="N", help="how many games to play")
    parser.add_argument("--seed", type=int, default=0, help="game i uses seed SEED+i (default 0)")
    parser.add_argument("--bots", default="random", metavar="BOTS", help=BOTS_HELP)
    parser.add_argument("--workers", type=int, metavar="W",
                        help="local worker processes (default: every core); results do not depend on it")
    parser.add_argument("--cluster", metavar="tcp://HOST:PORT",
                        help="play on the Dask scheduler at this address instead of local processes")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON to FILE")
    parser.add_argument("--standing-rate", type=float, metavar="P",
                        help="random and greedy players take a standing action the rules allow (an `action` "
                             "an `allow` block offers) with probability P whenever one is allowed, so cards "
                             "and powers get used (default: uniform over every legal move)")


def add_parsers(commands) -> None:
    """Add `simulate` and `compare` to the `rulebook` command's subparsers."""
    sim = commands.add_parser(
        "simulate", help="play many games with bots; win rates, end reasons, lengths, statistics",
        description="Play N games (game i with seed S+i) with bots and report win rates per seat and team with "
                    "95% Wilson intervals, draws, how games ended, game length and every statistic the game "
                    "declares. The figures do not depend on --workers or --cluster.")
    _common(sim)
    sim.add_argument("--players", type=int, help="number of players (the game says which counts it allows)")
    sim.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE",
                     help="a game option, e.g. -o expert=true (repeatable); or as a flag: --expert")
    sim.add_argument("--report", metavar="FILE.html", help="also write a self-contained HTML page with plots")
    sim.add_argument("--mod", action="append", default=[], metavar="PATH",
                     help="layer this mod over the game (repeatable, in order)")

    cmp = commands.add_parser(
        "compare", help="simulate two sets of options under the same seeds and test each difference",
        description="Simulate the game with options A and with options B (same seeds, same bots) and show, for "
                    "each figure, the difference B - A and whether it is significant (p < 0.05): a two-proportion "
                    "z-test for rates, Welch's t-test for means.")
    _common(cmp)
    cmp.add_argument("--a", default="", metavar="OPTIONS", help="options A: NAME=VALUE,NAME=VALUE (e.g. players=2)")
    cmp.add_argument("--b", default="", metavar="OPTIONS", help="options B, written the same way")
    cmp.add_argument("--a-mod", action="append", default=[], metavar="PATH", help="a mod for side A only (repeatable)")
    cmp.add_argument("--b-mod", action="append", default=[], metavar="PATH", help="a mod for side B only (repeatable)")
    cmp.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE",
                     help="an option for both A and B (repeatable); or as a flag: --expert")


def _comma_options(text: str) -> dict:
    """`players=3,expert=true`; a part without `=` continues the list before it:
    `characters=Monk,Herald,Thief,expert=true`."""
    pairs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        if "=" not in part and pairs:
            pairs[-1] += "," + part
        else:
            pairs.append(part)
    if not pairs:
        raise OptionsError("give options as NAME=VALUE,NAME=VALUE")
    return option_pairs(pairs)


def _side(options: str, mods: list) -> str:
    parts = [options] if options else []
    parts += [f"mod {Path(m).name}" for m in mods]
    return ", ".join(parts) or "as given"


def _write(path: str, text: str) -> None:
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as err:
        raise SimulationError(f"cannot write {path}: {err.strerror or err}") from None


def _check_outputs(*paths) -> None:
    """Refuse an unwritable output file before playing, not after an hour of games."""
    for path in paths:
        if path and not Path(path).resolve().parent.is_dir():
            raise SimulationError(f"cannot write {path}: no folder {Path(path).parent}")


def _json_safe(value):
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _json_safe(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_json_safe(v) for v in value]
    return value


def run_simulate(args) -> int:
    options = {**option_pairs(args.option), **args.game_options}
    if args.players is not None:
        options["players"] = args.players
    _check_outputs(args.json, args.report)
    summary, run = simulate(args.game, options, args.games, args.seed, args.bots, args.workers,
                            args.cluster, progress=True, mods=tuple(args.mod), standing_rate=args.standing_rate)
    print_summary(summary, run)
    if args.json:
        _write(args.json, json.dumps(_json_safe(dict(public(summary), run=run)), indent=1) + "\n")
    if args.report:
        from .report import html_report

        _write(args.report, html_report(summary, run))
    return 0


def run_compare(args) -> int:
    common = {**option_pairs(args.option), **args.game_options}
    if not (args.a or args.b or args.a_mod or args.b_mod):
        raise OptionsError("give what differs: --a/--b options and/or --a-mod/--b-mod")
    options_a = dict(common, **(_comma_options(args.a) if args.a else {}))
    options_b = dict(common, **(_comma_options(args.b) if args.b else {}))
    _check_outputs(args.json)
    rows, a, b = compare_options(args.game, options_a, options_b, args.games, args.seed, args.bots,
                                 args.workers, args.cluster, progress=True, mods_a=tuple(args.a_mod),
                                 mods_b=tuple(args.b_mod), standing_rate=args.standing_rate)
    print_comparison(rows, a, b, (_side(args.a, args.a_mod), _side(args.b, args.b_mod)))
    if args.json:
        data = {"a": {"given": args.a, **public(a)}, "b": {"given": args.b, **public(b)}, "figures": rows,
                "alpha": 0.05, "tests": {"rate": "two-proportion z-test (pooled, two-sided)",
                                         "mean": "Welch's t-test (two-sided)"}}
        _write(args.json, json.dumps(_json_safe(data), indent=1) + "\n")
    return 0
