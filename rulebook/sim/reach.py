"""How often a simulation's games reach what is being compared (issue 14 item 5).

A comparison shows a change only through the games that change takes part in: a card random
players take in one game of three hundred shows "no difference" for the wrong reason. So
`simulate` and `compare` count, for each rule, table row and decision option a mod brings and
each option that is set (or that differs between A and B), in how many games play reached it, and
warn when that is under 5% of them. The counting uses the reach points of rules coverage
(rulebook.interpreter.analysis.reach, one design for both) in a counting build, on either back-end: per
game a mask of the watched points (rulebook.sim.runner.play_one, or the native back-end's). A run
with no mod and no option set builds and counts nothing.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Optional

from rulebook.dsl import nodes as n
from rulebook.interpreter.play.options import resolve_options
from rulebook.interpreter.analysis.program_walk import walk as _nodes
from rulebook.interpreter.analysis.reach import BLOCK, OPTION, ReachMap

RARE = 0.05  # under this share of games, a difference hardly shows


@dataclass(frozen=True)
class Watched:
    """One thing a run counts: reached in a game when any of its points is."""

    what: str      # in the rules' words: "rule RULE (mod MOD)", "option OPTION"
    where: str     # file:line
    points: tuple  # reach points


def changed_options(program, given: dict) -> tuple:
    """The options `given` sets to something other than their default, by name."""
    chosen, _ = resolve_options(program, given)
    default, _ = resolve_options(program, {})
    return tuple(name for name in program.options if chosen.get(name) != default.get(name))


def differing_options(program, a: dict, b: dict, program_b=None) -> tuple:
    """The options two runs of one game set differently; each side's read by its own program
    (`program_b`, when B layers other mods: a row a mod adds may be named only there)."""
    first, _ = resolve_options(program, a)
    second, _ = resolve_options(program_b or program, b)
    return tuple(name for name in program.options if first.get(name) != second.get(name))


def watch_list(game, mods: Iterable, options: Iterable) -> list[Watched]:
    """What a run counts: what the mod folders `mods` bring (their rules, actions, decision
    options and table rows) and the rules that read each of `options` (the option's arms of an
    `if` whose condition reads it, else the statements, options and values that read it).
    `game` is a counting build (its reach_map numbers the points)."""
    reach: ReachMap = game.reach_map
    items: list[Watched] = []
    folders = [Path(m).resolve() for m in mods]
    if folders:
        items += _mod_items(reach, folders)
    for name in options:
        points = tuple(sorted(_OptionReads(reach, name).walk()))
        if points:  # an option read only while the game is built takes part in every game
            decl = game.program.options[name]
            items.append(Watched(f"option {name}", _place(decl.span), points))
    return items


def _place(span: n.Span) -> str:
    """file:line, the file as the user wrote it where it lies below the working folder."""
    path = Path(span.path)
    try:
        path = path.resolve().relative_to(Path.cwd().resolve())
    except (OSError, ValueError):
        pass
    return f"{path}:{span.line}"


def _mod_of(path: str, folders: list) -> Optional[Path]:
    try:
        resolved = Path(path).resolve()
    except (OSError, ValueError):
        return None
    return next((f for f in folders if resolved.is_relative_to(f)), None)


def _mod_items(reach: ReachMap, folders: list) -> list[Watched]:
    items: list[Watched] = []
    in_rows: set = set()
    for name, rows in sorted(reach.tables.items()):
        table = reach.program.tables[name]
        for i, span in enumerate(table.row_spans):
            folder = _mod_of(span.path, folders)
            if folder is None:
                continue
            chosen, read = reach.row(name, i, "chosen"), reach.row(name, i, "read")
            if rows.code:
                points = tuple(rows.code_blocks[i]) + (chosen,)
                in_rows.update(rows.code_blocks[i])
            else:
                points = (chosen,) if rows.chosen else (read,)
            key = table.rows[i].get(table.key, i + 1) if table.key else i + 1
            items.append(Watched(f"row {key} of {name} (mod {folder.name})", _place(span),
                                 tuple(p for p in points if p is not None)))
    for index, point in enumerate(reach.points):
        if point.kind in (BLOCK, OPTION) and index not in in_rows:
            folder = _mod_of(point.span.path, folders)
            if folder is not None:
                what = point.label if point.kind == BLOCK else f"choice '{point.label}'"
                items.append(Watched(f"{what} (mod {folder.name})", _place(point.span), (index,)))
    return items


class _OptionReads:
    """The reach points where play reads an option: the arm an `if` takes on a condition that
    reads it, else the innermost statement, decision option or declaration that does."""

    def __init__(self, reach: ReachMap, name: str):
        self.reach, self.found = reach, set()
        self.names = {name}  # the option and every constant worked out from it (`let law = OPTION and …`)
        consts = reach.program.consts
        while True:
            more = {c for c, decl in consts.items() if c not in self.names and self.reads(decl.value)}
            if not more:
                break
            self.names |= more

    def reads(self, value) -> bool:
        return any(isinstance(node, n.Name) and node.name in self.names for node in _nodes(value))

    def add(self, point: Optional[int]) -> None:
        if point is not None:
            self.found.add(point)

    def walk(self) -> set:
        p, r = self.reach.program, self.reach
        for block in (p.setup, p.flow):
            if block is not None:
                self.body(block.body, None)
        for rule in p.rules.values():
            self.body(rule.body, r.block(rule))
        for value in p.values.values():
            if self.reads(value.body):
                self.add(r.block(value))
        for trigger in p.triggers:
            if self.reads(trigger.condition):
                self.add(r.block(trigger))
            self.body(trigger.body, r.block(trigger))
        for action in p.actions.values():
            for i, option in enumerate(action.options):
                self.option(option, r.option(action, i))
        return self.found

    def body(self, stmts, within: Optional[int]) -> None:
        for st in stmts or ():
            self.statement(st, within)

    def statement(self, st: n.Node, within: Optional[int]) -> None:
        r = self.reach
        here = r.statement(st) or within
        if isinstance(st, n.If):
            for i, (condition, body) in enumerate(st.branches):
                if self.reads(condition):
                    self.add(r.arm(st, i))
                self.body(body, r.arm(st, i) or here)
            self.body(st.otherwise, r.arm(st, "else") or here)
        elif isinstance(st, n.Choose):
            for i, option in enumerate(st.options if st.menu else st.options[:1]):
                self.option(option, r.option(st, i) or here)
        elif isinstance(st, n.UpTo):
            if self.reads(st.count):
                self.add(here)
            self.option(st.option, r.option(st, 0) or here)
        else:
            for f in dataclasses.fields(st):
                if f.name == "body":
                    self.body(getattr(st, f.name), here)
                elif f.name != "span" and self.reads(getattr(st, f.name)):
                    self.add(here)

    def option(self, option: n.Option, point: Optional[int]) -> None:
        if self.reads((option.guard, tuple((b.domain, b.condition) for b in option.binders))):
            self.add(point)
        self.body(option.body, point)


def reached_rows(items: list, watch: tuple, masks: list, always: int) -> list[dict]:
    """Per watched item: in how many of the games (one mask each, bit j for watch[j]; `always`
    the bits set while the game was built, before any game) play reached it."""
    bit = {point: 1 << j for j, point in enumerate(watch)}
    games = len(masks)
    rows = []
    for item in items:
        wanted = sum(bit[p] for p in item.points)
        count = games if wanted & always else sum(1 for m in masks if m & wanted)
        rows.append({"what": item.what, "where": item.where, "games": count, "rate": count / games if games else 0.0})
    return rows


def watch_points(items: list) -> tuple:
    return tuple(sorted({p for item in items for p in item.points}))


def mask_of(marks, watch: tuple) -> int:
    """The build's marks as a mask over `watch`."""
    return sum(1 << j for j, point in enumerate(watch) if marks[point])


def rare(rows: list) -> list[dict]:
    return [row for row in rows if row["rate"] < RARE]


def warning(row: dict, games: int) -> str:
    return (f"{row['what']} ({row['where']}) was reached in {100 * row['rate']:.1f}% of games "
            f"({row['games']:,} of {games:,}): under {RARE:.0%}, what it changes hardly shows — "
            f"try --standing-rate, a bot that plays it, or more games")


def combined(a: list, b: list) -> list[dict]:
    """A comparison's rows: what both sides count, at the side that reaches it more (what only one
    side brings, at that side)."""
    out: dict = {}
    for row in list(a) + list(b):
        key = (row["what"], row["where"])
        if key not in out or row["rate"] > out[key]["rate"]:
            out[key] = row
    return list(out.values())
