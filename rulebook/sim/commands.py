"""The `rulebook simulate` and `rulebook compare` commands: what they do and print (their
arguments are in arguments.py)."""
from __future__ import annotations

import json
import sys
import math
from pathlib import Path

from rulebook.dsl.errors import OptionsError

from ..option_words import option_pairs
from .output import print_comparison, print_summary
from .runner import SimulationError
from .simulation import compare_options, simulate
from .summary import public


def _comma_options(text: str) -> dict:
    """`players=3,NAME=true`; a part without `=` continues the list before it:
    `NAMES=A,B,C,NAME=true`."""
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


def warn_peeking(game: str, mods: tuple, bots: str) -> None:
    """A bot that reads the whole position, in a game that hides anything, measures another game:
    said on stderr, with the fair bot to use instead."""
    from rulebook import api
    from rulebook.bots import sees_everything

    peeking = sorted({name.strip() for name in (bots or "random").split(",") if sees_everything(name)})
    if not peeking:
        return
    program = api.load_program_for(game, mods)
    hidden = any(z.visibility != "public" for z in program.zones.values()) or any(
        v.visibility != "public" for v in program.vars.values())
    if hidden:
        print(f"rulebook: warning: {', '.join(peeking)} read the whole position, what their player may not see "
              f"included: these figures are for players who peek (ismcts decides from its player's view)",
              file=sys.stderr)


def run_simulate(args) -> int:
    options = {**option_pairs(args.option), **args.game_options}
    if args.players is not None:
        options["players"] = args.players
    _check_outputs(args.json, args.report)
    if args.keep_records:
        try:
            Path(args.keep_records).mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise SimulationError(f"cannot make {args.keep_records}: {err.strerror or err}") from None
    warn_peeking(args.game, tuple(args.mod), args.bots)
    summary, run = simulate(args.game, options, args.games, args.seed, args.bots, args.workers,
                            args.cluster, progress=True, mods=tuple(args.mod), standing_rate=args.standing_rate,
                            keep_records=args.keep_records, check=args.check, failures=args.failures,
                            balance=args.balance)
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
    warn_peeking(args.game, tuple(args.a_mod), args.bots)
    rows, a, b = compare_options(args.game, options_a, options_b, args.games, args.seed, args.bots,
                                 args.workers, args.cluster, progress=True, mods_a=tuple(args.a_mod),
                                 mods_b=tuple(args.b_mod), standing_rate=args.standing_rate, balance=args.balance)
    print_comparison(rows, a, b, (_side(args.a, args.a_mod), _side(args.b, args.b_mod)))
    if args.json:
        data = {"a": {"given": args.a, **public(a)}, "b": {"given": args.b, **public(b)}, "figures": rows,
                "alpha": 0.05, "tests": {"rate": "two-proportion z-test (pooled, two-sided)",
                                         "mean": "Welch's t-test (two-sided)"}}
        _write(args.json, json.dumps(_json_safe(data), indent=1) + "\n")
    return 0
