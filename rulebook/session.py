"""The `rulebook play` command: set up (or resume) a game, seat bots and people, play, save."""
from __future__ import annotations

import random
import secrets
import sys
from pathlib import Path
from typing import Optional, TextIO

from rulebook.dsl.errors import OptionsError, RulebookError

from . import api
from .option_words import option_pairs
from .play import EVERYTHING, Table, summary
from .records import final_state, for_player, new_record, open_record, write_record
from .seats import HUMAN, parse_names, plan_seats, seat_of


def run_play(args, inp: Optional[TextIO] = None, out: Optional[TextIO] = None) -> int:
    inp = inp or sys.stdin
    # A record written to standard output stands alone there (play --json - | jq): the log, the
    # board and any prompts go to standard error.
    out = out or (sys.stderr if "-" in (args.save, args.json) else sys.stdout)
    for target in (args.save, args.json):
        check_folder(target)
    game, record, state, seed = _resume(args) if args.resume else _start(args)
    # A game people saved stays theirs when bots go on with it: no log, --as or board shows more
    # than those people could see at their table.
    people_then = [p for p, s in enumerate(record.seats) if s == HUMAN] if args.resume else []
    if args.resume and not args.human and not args.bots:
        seats = list(record.seats)  # the seats as they were: people stay people, bots keep kind and budget
    else:
        seats = plan_seats(game.player_names, args.human, args.bots, record.seats if args.resume else None)
    record.seats = seats
    viewer = seat_of(args.as_player, game.player_names, "--as") if args.as_player else None
    humans = [p for p, s in enumerate(seats) if s == HUMAN]
    _check_view(game, viewer, humans or people_then)
    if viewer is not None:
        log_viewer: object = viewer
    elif len(humans) == 1:
        log_viewer = humans[0]
    elif humans or people_then:
        log_viewer = None  # several people at one screen (or their game, bots going on): what everyone sees
    else:
        log_viewer = EVERYTHING
    shown = None if args.quiet else out
    table = Table(game, seats, record, shown, log_viewer=log_viewer, rng=random.Random(seed))
    if getattr(args, "trace", False):
        table.tracer = _tracer(game, record, seed, log_viewer)
    if args.board and shown is not None:
        from .display import display_for

        display_for(game, [m["path"] for m in record.mods])
        table.board = _board(game, out)
    if humans:
        from .display import display_for

        display_for(game, [m["path"] for m in record.mods])  # the mods' sections too, from here on
        table.people = _people(game, inp, out, seats, record)
    if args.resume and shown is not None:
        print(f"Resuming {record.title} after {len(record.moves)} moves", file=out)
    state = table.play(state)
    if humans and game.is_terminal(state):
        _board(game, out)(state, viewer if viewer is not None else (humans[0] if len(humans) == 1 else None))
    print(summary(record), file=out)
    target = args.save or args.json
    if target:
        write_record(target, for_player(game, record, viewer) if viewer is not None else record)
        if target != "-" and humans:
            print(f"Saved the record to {target}", file=out)
    return 0


def check_folder(target: Optional[str]) -> None:
    """A record to be written to `target` ('-': standard output) has a folder to go to: said
    before a game, not after it."""
    if target and target != "-" and not Path(target).resolve().parent.is_dir():
        raise OptionsError(f"cannot write {target}: no folder {Path(target).parent}")


def _tracer(game, record, seed: int, log_viewer: object):
    """Follows the game to say what each move ran; only where the log shows everything (bots alone,
    no --as): a trace shows the rules' inner workings, what a player may not see included."""
    from rulebook.interpreter.play.trace import Tracer

    if log_viewer != EVERYTHING:
        raise OptionsError("--trace shows the rules' workings, hidden information included: it is for games "
                           "bots play alone, without --as")
    tracer = Tracer(game, seed)
    for entry in record.moves:  # a resumed game: the moves so far
        tracer.follow(entry["move"])
    return tracer


def _check_view(game, viewer: Optional[int], humans: list) -> None:
    """With people in the game (`humans`: at the table now, or who saved it), `--as` may only name
    the one person's own seat: the log (and the record --save writes) would show any other seat's
    secrets on that person's screen; several people share one screen, which shows what everyone
    may see."""
    if viewer is None or not humans or humans == [viewer]:
        return
    name = game.player_names[viewer]
    if len(humans) > 1:
        raise OptionsError(f"--as {name}: several people play this game at one screen, which shows only what "
                           f"everyone may see; leave out --as")
    person = game.player_names[humans[0]]
    raise OptionsError(f"--as {name}: a person plays {person} in this game, and may see only that seat's view "
                       f"(--as {person}, or leave out --as)")


def _start(args):
    options = {**option_pairs(args.option), **args.game_options}
    names = parse_names(args.names)
    if args.players is not None:
        options["players"] = args.players
    elif names:
        options["players"] = len(names)
    if names and args.players is not None and len(names) != args.players:
        raise OptionsError(f"--names gives {len(names)} names for --players {args.players}")
    seed = args.seed if args.seed is not None else default_seed()
    game = api.load_game(args.game, options, player_names=names, mods=args.mod)
    record = new_record(game, args.game, args.mod, seed, [])
    return game, record, lambda: game.new_initial_state(seed), seed


def default_seed() -> int:
    """The seed when none is given: a fresh one from the system's randomness. With a person at the
    table, from the first position they could otherwise try small seeds until one fits, and then
    know every draw to come; with bots alone, a player's record of the game (`--as`, no seed)
    could otherwise be played again from a seed anyone can guess, every hand in the open. A game
    to repeat names its --seed (the full record keeps the seed it drew)."""
    return secrets.randbits(63)


def _resume(args):
    game, record, state = open_to_resume(args)
    return game, record, state, record.seed


def open_to_resume(args):
    """(game, record, its last state) of the saved game `args.resume` names (`play` and `serve`):
    a full record of a game that goes on, with nothing on the command line that the record says."""
    given = [flag for flag, value in (("GAME", args.game), ("--players", args.players), ("--seed", args.seed),
                                      ("--names", getattr(args, "names", None)), ("--option", args.option),
                                      ("--mod", args.mod), ("game options", args.game_options)) if value]
    if given:
        raise OptionsError(f"--resume takes the game, options, mods, names and seed from the record; "
                           f"leave out {', '.join(given)}")
    game, record = open_record(args.resume)
    if record.kind != "full":
        raise OptionsError(f"{args.resume} is {record.viewer}'s record: it holds no seed, so it can be "
                           f"replayed (rulebook replay) but not resumed")
    state = final_state(game, record)
    if game.is_terminal(state):
        raise OptionsError(f"{args.resume}: that game is over ({record.result['outcome']}); "
                           f"see it with: rulebook replay {args.resume}")
    return game, record, state


def hides_between_players(game) -> bool:
    """Whether some player may see what another may not (then people hand the screen over)."""
    program = game.program
    if any(d.visibility == "private" for d in (*program.zones.values(), *program.vars.values())):
        return True
    state = game.new_initial_state(0)
    return any(game.view(state, p) != game.view(state, 0) for p in range(1, game.player_count))


def _board(game, out: TextIO):
    """show(state, viewer): the position as a player (or None: everyone) may see it, or
    (EVERYTHING) all of it, drawn in the terminal or as plain text into a pipe."""
    from .display import display_for, draw_scene, make_scene, scene_text

    terminal = out.isatty()

    def show(state, player) -> None:
        view = state.to_json() if player == EVERYTHING else game.view(state, player)
        scene = make_scene(game, display_for(game), view)
        if terminal:
            draw_scene(scene, out)
        else:
            out.write("\n".join(line.rstrip() for line in scene_text(scene).splitlines()) + "\n")
    return show


def _people(game, inp: TextIO, out: TextIO, seats: list, record):
    from .human import People

    def save(path: str) -> None:
        try:
            write_record(path, record)
        except RulebookError as err:
            print(f"rulebook: {err}", file=out)
            return
        print(f"Saved {len(record.moves)} moves to {path} (resume with: rulebook play --resume {path})", file=out)

    terminal = inp.isatty() and out.isatty()
    return People(game, inp, out, _board(game, out), save, hides_between_players(game), seats, terminal,
                  _notes(game))


def _notes(game):
    """notes(state, moves, player): each move's note (display.yaml's `moves`) as the player may see it."""
    from .display import display_for
    from .display.scene import move_notes

    return lambda state, moves, player: move_notes(game, display_for(game), state, moves, player)
