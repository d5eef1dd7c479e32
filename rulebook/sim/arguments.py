"""The arguments of `rulebook simulate` and `rulebook compare` (light: nothing of the engine is
imported, so `rulebook --help` answers at once)."""
from __future__ import annotations

import argparse

BOTS_HELP = ("random, greedy (one move ahead on the game's score), mcts[:ITERATIONS] (default 100; it reads "
             "the whole position, hidden cards included) or ismcts[:ITERATIONS or SECONDSs] (fair: from its "
             "player's view alone); one for every seat, or a comma list with one per seat (default random)")


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
    parser.add_argument("--balance", action="store_true",
                        help="also trace every game (played in Python, slower): mean legal moves per decision, "
                             "lead changes and how early the winner leads for good on the declared score, and for "
                             "each row of a table players choose from (characters, cards) how often it was used "
                             "and the win rate of its users against the other players, with a test")


def add_parsers(commands) -> None:
    """Add `simulate` and `compare` to the `rulebook` command's subparsers."""
    sim = commands.add_parser(
        "simulate", help="play many games with bots; win rates, end reasons, lengths, statistics",
        description="Play N games (game i with seed S+i) with bots and report win rates per seat and team with "
                    "95% Wilson intervals, draws, how games ended, game length and every statistic the game "
                    "declares, and balance: the first seat's advantage and whether wins spread evenly over the "
                    "seats, each with its test (more with --balance; see docs/balance.md). The figures do not depend on --workers or --cluster. With a mod or an option set "
                    "otherwise than its default, it also counts the games that reach what they change (their "
                    "rules, rows, choices; the rules reading the option) and warns when that is under 5%.")
    _common(sim)
    sim.add_argument("--players", type=int, help="number of players (the game says which counts it allows)")
    sim.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE",
                     help="a game option (repeatable), e.g. -o NAME=true; or as a flag: --NAME")
    sim.add_argument("--report", metavar="FILE.html", help="also write a self-contained HTML page with plots")
    sim.add_argument("--keep-records", metavar="DIR",
                     help="write each game's full record (rulebook replay, rulebook play --resume) into DIR")
    sim.add_argument("--check", action="store_true",
                     help="check the rules' invariants after every step (slower: games are played in Python); "
                          "a game that breaks one stops the run, its record saved with the scenario command that shows it")
    sim.add_argument("--failures", metavar="DIR", default="rulebook-failures",
                     help="where the record of a game that breaks an invariant or makes the rules fail is saved "
                          "(default: ./rulebook-failures)")
    sim.add_argument("--mod", action="append", default=[], metavar="PATH",
                     help="layer this mod over the game (repeatable, in order)")

    cmp = commands.add_parser(
        "compare", help="simulate two sets of options under the same seeds and test each difference",
        description="Simulate the game with options A and with options B (same seeds, same bots) and show, for "
                    "each figure, the difference B - A and whether it is significant (p < 0.05): a two-proportion "
                    "z-test for rates, Welch's t-test for means. It counts the games that reach what differs "
                    "(a mod's rules, rows and choices; the rules reading an option) and warns under 5%.")
    _common(cmp)
    cmp.add_argument("--a", default="", metavar="OPTIONS", help="options A: NAME=VALUE,NAME=VALUE (e.g. players=2)")
    cmp.add_argument("--b", default="", metavar="OPTIONS", help="options B, written the same way")
    cmp.add_argument("--a-mod", action="append", default=[], metavar="PATH", help="a mod for side A only (repeatable)")
    cmp.add_argument("--b-mod", action="append", default=[], metavar="PATH", help="a mod for side B only (repeatable)")
    cmp.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE",
                     help="an option for both A and B (repeatable); or as a flag: --NAME")
