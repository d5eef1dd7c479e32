"""`rulebook serve`: set up (or resume) a game, print the private links, and serve the table."""
from __future__ import annotations

import logging
import socket
import sys
from typing import Optional

from rulebook.dsl.errors import OptionsError

from .. import api
from ..option_words import option_pairs
from ..records import new_record
from ..seats import HUMAN, parse_table_seats
from ..session import check_folder, default_seed, open_to_resume

LOCAL = "127.0.0.1"


def prepare(args):
    """(game, record, seats) for the table: a new game from the command line, or a saved one."""
    names: Optional[list[str]] = None
    seats: list[str] = []
    if args.resume:
        game, record, _ = open_to_resume(args)
        seats = list(record.seats)  # people stay people, bots keep their kind and budget
        if args.seats:
            names, seats = parse_table_seats(args.seats)
            if names != list(game.player_names):
                raise OptionsError(f"--seats with --resume names the record's players in order: "
                                   f"{', '.join(game.player_names)}")
        return game, record, seats
    options = {**option_pairs(args.option), **args.game_options}
    if args.seats:
        names, seats = parse_table_seats(args.seats)
        if args.players is not None and args.players != len(names):
            raise OptionsError(f"--seats gives {len(names)} seats for --players {args.players}")
        options["players"] = len(names)
    elif args.players is not None:
        options["players"] = args.players
    seed = args.seed if args.seed is not None else default_seed()
    game = api.load_game(args.game, options, player_names=names, mods=args.mod)
    seats = seats or [HUMAN] * game.player_count
    return game, new_record(game, args.game, args.mod, seed, seats), seats


def listen(host: str, port: int) -> socket.socket:
    """The server's socket, bound before anything is printed, so a port in use is one clear line."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as err:
        sock.close()
        raise OptionsError(f"cannot listen on {host}:{port}: {err.strerror or err}") from None
    sock.listen(64)
    return sock


def links(base: str, game, seats: list[str], tokens) -> list[str]:
    lines = [f"  {name}: {base}/#seat={tokens.token_of(p)}" for p, name in enumerate(game.player_names)
             if seats[p] == HUMAN]
    lines.append(f"  spectators (what everyone sees): {base}/#seat={tokens.spectator}")
    return lines


class _Stderr(logging.StreamHandler):
    """Standard error as it is when a warning comes (not as it was when the table opened)."""

    def emit(self, record: logging.LogRecord) -> None:
        self.stream = sys.stderr
        super().emit(record)


def _warnings_to_stderr() -> None:
    server_log = logging.getLogger("uvicorn")
    if not server_log.handlers:
        handler = _Stderr()
        handler.setFormatter(logging.Formatter("%(levelname)s: %(message)s"))
        server_log.addHandler(handler)
        server_log.setLevel(logging.WARNING)


def run_serve(args) -> int:
    import uvicorn

    from .app import make_app
    from .host import Host
    from .tokens import Tokens

    check_folder(args.save)
    game, record, seats = prepare(args)
    host = Host(game, record, seats, args.save)
    where = args.host or LOCAL
    sock = listen(where, args.port)
    port = sock.getsockname()[1]
    tokens = Tokens([p for p, s in enumerate(seats) if s == HUMAN])
    shown = f"[{where}]" if ":" in where else where
    everywhere = where in ("0.0.0.0", "::")
    base = f"http://{'THIS-COMPUTER' if everywhere else shown}:{port}"
    reach = ("this computer only (--host 0.0.0.0 lets others on your network in)" if where in (LOCAL, "localhost", "::1")
             else ("every network this computer is on" if everywhere else "that address") +
             ": anyone who can reach it may open the page, and needs a link to play")
    print(f"{game.title}: serving on {where}:{port} — {reach}", flush=True)
    if "THIS-COMPUTER" in base:
        print("  (in the links, put this computer's name or address for THIS-COMPUTER)")
    print("Each link is private: it lets whoever has it play that seat. Send each person only theirs.")
    for line in links(base, game, seats, tokens):
        print(line)
    if args.save:
        print(f"The record is written to {args.save} after every move (resume with: rulebook serve --resume "
              f"{args.save})")
    print("Stop the table with Ctrl+C.", flush=True)
    # A browser sends a move or a typed line: a websocket message over 64 KiB comes from no player
    # log_config=None: uvicorn's own dictConfig would close every logging handler the process has
    # (a notebook's, a test runner's); its warnings reach standard error through one handler of ours
    config = uvicorn.Config(make_app(host, tokens), log_level="warning", lifespan="on", ws_max_size=1 << 16,
                            log_config=None)
    _warnings_to_stderr()
    try:
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        sock.close()
    print(f"Stopped after {host.counter} moves" + (f"; the record is in {args.save}" if args.save else ""),
          file=sys.stderr)
    return 0
