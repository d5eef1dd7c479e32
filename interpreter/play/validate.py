"""Could this game have reached this state? Checks of a state read from outside (a saved JSON)
against the game's layout, decisions and rules, and of the values a slot may hold.

Every slot of the flat data list gets a check made once per game from its declaration: counts
are whole numbers from 0, a player is one of the seats, a node lies on its board, and so on.
"""
from __future__ import annotations

import json
import re
from typing import Any, Callable, Iterator, Optional

from rulebook.dsl import nodes as n
from rulebook.dsl.errors import RulebookError
from rulebook.dsl.types import Type

from ..analysis.analysis import children_blocks
from ..ir.stmts import Suspend
from ..layout import CURRENT_PHASE, CURRENT_PLAYER, CURRENT_STEP
from .machine import State
from ..pyback.runtime import MASK64

FIELDS = ("data", "frames", "rng", "mods", "decision", "decider", "result", "allows")


class InvalidState(RulebookError):
    """A saved state this game could not have reached (or not a saved state at all)."""

    def __init__(self, why: str):
        super().__init__(f"not a saved state of this game: {why}")


# ---------------------------------------------------------------- values by type
def _whole(v: Any) -> bool:
    return v.__class__ is int


def value_check(t: Type, players: int, teams: int, kind_names: dict,
                boards: dict) -> tuple[Callable[[Any], bool], str]:
    """(does a value fit checker type t?, the type in words) — `none` fits every type but bool,
    as in the rules, where any variable but a truth value may be set to none."""
    test, words = _exact_check(t, players, teams, kind_names, boards)
    if t == "bool":
        return test, words
    return (lambda v: v is None or test(v)), words


def _exact_check(t: Type, players: int, teams: int, kind_names: dict,
                 boards: dict) -> tuple[Callable[[Any], bool], str]:
    if t == "int":
        return _whole, "a whole number"
    if t == "bool":
        return (lambda v: v is True or v is False), "true or false"
    if t == "text":
        return (lambda v: isinstance(v, str)), "a text"
    if t in ("player", "team"):
        count = players if t == "player" else teams
        return _below(count), f"a {t} (0 to {count - 1})"
    if isinstance(t, tuple) and t[0] == "kind":
        names = kind_names.get(t[1], ())
        return _below(len(names)), f"a member of '{t[1]}' (0 to {len(names) - 1})"
    if isinstance(t, tuple) and t[0] in ("node", "group"):
        board = boards[t[1]]
        low, high = board.low, board.low + board.size - 1
        return (lambda v: _whole(v) and low <= v <= high), f"a node of '{t[1]}' ({low} to {high})"
    if isinstance(t, tuple) and t[0] == "list":
        inner, words = value_check(t[1], players, teams, kind_names, boards)
        return (lambda v: isinstance(v, tuple) and all(inner(x) for x in v)), f"a list of {words}"
    return plain_value, "a plain value"


def _below(count: int) -> Callable[[Any], bool]:
    return lambda v: _whole(v) and 0 <= v < count


def plain_value(v: Any) -> bool:
    """What JSON gives back once frozen: numbers, texts, truth values, none, tuples, rows."""
    if v is None or v.__class__ in (int, bool, str):
        return True
    if isinstance(v, tuple):
        return all(plain_value(x) for x in v)
    if isinstance(v, dict):
        return all(isinstance(k, str) and plain_value(x) for k, x in v.items())
    return False


# ---------------------------------------------------------------- the slots of the data list
class SlotChecks:
    """Per run of slots: (first, end, test, words, name of the slot at an offset)."""

    def __init__(self, game) -> None:
        c = game.compiled
        self.compiled = c
        self.runs: list[tuple[int, int, Callable, str, Callable[[int], str]]] = []
        flow = ((CURRENT_PLAYER, _below(game.player_count), f"a player (0 to {game.player_count - 1})", "whose turn"),
                (CURRENT_PHASE, _from_minus_one(len(c.phase_names)), f"a phase (-1 to {len(c.phase_names) - 1})",
                 "the phase"),
                (CURRENT_STEP, _from_minus_one(len(c.step_names)), f"a step (-1 to {len(c.step_names) - 1})",
                 "the step"))
        for slot, test, words, name in flow:
            self.runs.append((slot, slot + 1, test, words, _named(name)))
        for zone in c.layout.zones.values():
            end = zone.base + zone.width * zone.instances
            if zone.ordered:
                self.runs.append((zone.base, end, _tuple_of(_below(zone.kinds)), f"a pile of '{zone.kind}' pieces",
                                  _zone_slot(c, zone)))
            else:
                self.runs.append((zone.base, end, _count, "a count from 0", _zone_slot(c, zone)))
        from rulebook.dsl.check_base import CheckerBase  # here: playing a cached game needs no checker
        resolver = CheckerBase(game.program)
        for name, var in c.layout.vars.items():
            decl = game.program.vars[name]
            test, words = value_check(resolver.resolve_type(decl.type), game.player_count, len(c.team_names),
                                      c.kind_names, c.layout.boards)
            count = 1
            for d in var.dims:
                count *= d.size
            self.runs.append((var.base, var.base + count, test, words, _var_slot(c, var)))
        for board in c.layout.boards.values():
            if board.roots < 0:  # fixed geometry: nothing of it is in the state
                continue
            node = _whole_between(board.low, board.low + board.size - 1)
            self.runs.append((board.roots, board.roots + board.size, node, f"a node of '{board.name}'",
                              _node_slot(board, "the group")))
            if board.edges >= 0:
                self.runs.append((board.edges, board.edges + board.size, _tuple_of(node),
                                  f"a list of nodes of '{board.name}'", _node_slot(board, "the links")))

        covered = {slot for first, end, *_ in self.runs for slot in range(first, end)}
        for slot in range(c.layout.size):  # the rest (a die's loaded rolls): plain values
            if slot not in covered:
                self.runs.append((slot, slot + 1, plain_value, "a plain value", _named(f"place {slot}")))

    def check(self, data: list) -> None:
        for first, end, test, words, name in self.runs:
            chunk = data[first:end]
            if test is _count and chunk and set(map(type, chunk)) == _INT and min(chunk) >= 0:
                continue  # the most common run, checked at C speed
            for offset, value in enumerate(chunk):
                if not test(value):
                    raise InvalidState(f"{name(offset)} holds {_shown(value)}, not {words}")
        for board in self.compiled.layout.boards.values():
            if board.roots >= 0:
                _check_groups(data, board)


_INT = {int}


def _count(v: Any) -> bool:
    return v.__class__ is int and v >= 0


def _tuple_of(item: Callable[[Any], bool]) -> Callable[[Any], bool]:
    return lambda v: isinstance(v, tuple) and all(map(item, v))


def _named(name: str) -> Callable[[int], str]:
    return lambda offset: name


def _node_slot(board, what: str) -> Callable[[int], str]:
    return lambda offset: f"{what} of node {board.labels[offset]} of '{board.name}'"


def _from_minus_one(count: int) -> Callable[[Any], bool]:
    return lambda v: _whole(v) and -1 <= v < count


def _whole_between(low: int, high: int) -> Callable[[Any], bool]:
    return lambda v: _whole(v) and low <= v <= high


def _index_words(compiled, dims: tuple, instance: int) -> str:
    """`[player 2, 5]`: the index values of one instance of an indexed zone or variable."""
    if not dims:
        return ""
    parts = []
    for d in reversed(dims):
        instance, value = divmod(instance, d.size)
        if d.type_name == "player":
            parts.append(compiled.player_names[value])
        elif d.type_name == "team":
            parts.append(compiled.team_names[value])
        elif d.type_name in compiled.kind_names:
            parts.append(compiled.kind_names[d.type_name][value])
        elif d.board is not None:
            parts.append(compiled.layout.boards[d.board].labels[value])
        else:
            parts.append(str(d.low + value))
    return "[" + ", ".join(reversed(parts)) + "]"


def _zone_slot(compiled, zone) -> Callable[[int], str]:
    def name(offset: int) -> str:
        instance, kind = divmod(offset, zone.width)
        where = f"zone '{zone.name}{_index_words(compiled, zone.dims, instance)}'"
        if zone.ordered:
            return where
        return f"{where} ({compiled.kind_names[zone.kind][kind]})"
    return name


def _var_slot(compiled, var) -> Callable[[int], str]:
    return lambda offset: f"variable '{var.name}{_index_words(compiled, var.dims, offset)}'"


def _check_groups(data: list, board) -> None:
    """Each node's group is named by the group's smallest node, which names itself."""
    for i, node in enumerate(board.nodes):
        group = data[board.roots + i]
        if group > node or data[board.roots + group - board.low] != group:
            raise InvalidState(f"the groups of '{board.name}' do not hold together (node {board.labels[i]})")
    if board.edges >= 0:
        for i, node in enumerate(board.nodes):
            for other in data[board.edges + i]:
                if other == node or node not in data[board.edges + other - board.low]:
                    raise InvalidState(f"the links of '{board.name}' do not go both ways (node {board.labels[i]})")


def _shown(value: Any) -> str:
    """A value as the saved JSON writes it (so it can be found there), cut short."""
    try:
        text = json.dumps(value, default=str)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# ---------------------------------------------------------------- the whole state
class StateChecker:
    """Everything a saved state of one game must satisfy, built once per game."""

    def __init__(self, game):
        self.game = game
        self.slots = SlotChecks(game)
        self.endings = _endings(game.program)
        ir = game.compiled.ir
        # Where each decision waits: the instruction of its Suspend.
        self.waits_at = {instr.end.site: (block, pc) for block, b in enumerate(ir.blocks)
                         for pc, instr in enumerate(b.instrs) if isinstance(instr.end, Suspend)}

    def read(self, raw: Any) -> State:
        """The state a to_json() dict stands for; InvalidState (one line) if it is not one this
        game could reach."""
        if not isinstance(raw, dict):
            raise InvalidState(f"a saved state is a JSON object with {', '.join(FIELDS)}")
        unknown = sorted(set(raw) - set(FIELDS))
        missing = [f for f in FIELDS if f not in raw and f != "allows"]
        if unknown or missing:
            raise InvalidState(f"unknown field '{unknown[0]}'" if unknown else f"no '{missing[0]}'")
        try:
            S = State.from_json(raw)
        except RulebookError as err:
            raise InvalidState(str(err).removeprefix("not a saved state of this game: ")) from None
        self.check(S)
        return S

    def check(self, S: State) -> None:
        c = self.game.compiled
        if not isinstance(S.data, list) or len(S.data) != c.layout.size:
            raise InvalidState(f"its data holds {len(S.data)} values; this game's states hold {c.layout.size}")
        self.slots.check(S.data)
        if self.game.chance == "seeded" and not (_whole(S.rng) and 0 <= S.rng <= MASK64):
            raise InvalidState(f"its chance generator is {_shown(S.rng)}, not a whole number from 0 to 2**64 - 1")
        if self.game.chance != "seeded" and not isinstance(S.rng, tuple):
            raise InvalidState("its chance is not an explicit-chance record, as this game's is")
        self.frames(S)
        self.mods(S)
        self.allows(S)
        self.game.refresh(S)  # what the engine keeps for speed is worked out anew, never read from a save
        chance_waits = S.result is None and S.decision == -1 and self.game.is_chance_node(S)
        if chance_waits:
            return  # play stands inside a run, waiting for chance: only a decision's state is whole
        if S.result is None:
            self.decision(S)
        else:
            self.result(S)
        try:
            broken = self.game.check_invariants(S)
        except RulebookError as err:
            raise InvalidState(f"the rules cannot read it ({err})") from None
        if broken:
            raise InvalidState(f"it breaks the invariant '{broken[0]}'")

    def frames(self, S: State) -> None:
        c = self.game.compiled
        for i, frame in enumerate(S.frames):
            block, pc, locals_ = frame
            if not (_whole(block) and 0 <= block < len(c.code)):
                raise InvalidState(f"frame {i} runs block {_shown(block)}; this game has blocks 0 to {len(c.code) - 1}")
            if not (_whole(pc) and 0 <= pc < len(c.code[block]) and c.code[block][pc] is not None):
                raise InvalidState(f"frame {i} stands at {_shown(pc)} in {c.block_names[block]}, where "
                                   f"play cannot stand")
            if len(locals_) != c.block_slots[block] or not all(map(plain_value, locals_)):
                raise InvalidState(f"frame {i} does not hold the {c.block_slots[block]} local values of "
                                   f"{c.block_names[block]}")

    def mods(self, S: State) -> None:
        count = len(self.game.compiled.ir.modifiers)
        for mod in S.mods:
            site, captured, span = mod
            if not (_whole(site) and 0 <= site < count and _whole(span) and 0 <= span <= 4
                    and plain_value(captured)):
                raise InvalidState(f"modifier {_shown(list(mod))} is not one of this game's")

    def allows(self, S: State) -> None:
        c = self.game.compiled
        for entry in S.allows:
            action, args, player = entry
            if not (_whole(action) and 0 <= action < len(c.action_sites)) \
                    or len(args) != len(list(self.game.program.actions.values())[action].params) \
                    or not plain_value(args) or not (_whole(player) and -1 <= player < self.game.player_count):
                raise InvalidState(f"standing action {_shown(list(entry))} is not one of this game's")

    def decision(self, S: State) -> None:
        c = self.game.compiled
        if not S.frames:
            raise InvalidState("it is neither over nor waiting for a decision (no frames)")
        if not (_whole(S.decision) and 0 <= S.decision < len(c.sites)):
            raise InvalidState(f"decision {_shown(S.decision)} is not one of this game's (0 to {len(c.sites) - 1})")
        site = c.sites[S.decision]
        top = S.frames[-1]
        if (top[0], top[1]) != self.waits_at.get(S.decision):
            raise InvalidState(f"decision {S.decision} ({site.span}) is not where its play stands")
        players = self.game.player_count
        if not (_whole(S.decider) and 0 <= S.decider < players):
            raise InvalidState(f"the decider {_shown(S.decider)} is not a player (0 to {players - 1})")

    def result(self, S: State) -> None:
        assert S.result is not None  # called for a state that is over
        winners, by_player, reason = S.result
        if S.frames or S.decision != -1 or S.decider != -1 or S.allows:
            raise InvalidState("it is over, yet play still stands somewhere (frames, a decision or actions)")
        count = self.game.player_count if by_player else len(self.game.team_names)
        if not all(_whole(w) and 0 <= w < count for w in winners) or len(set(winners)) != len(winners):
            raise InvalidState(f"its winners {_shown(list(winners))} are not distinct "
                               f"{'players' if by_player else 'teams'} (0 to {count - 1})")
        if not any(pattern.fullmatch(reason) and players == by_player for pattern, players in self.endings):
            raise InvalidState(f"no 'end game' of the rules ends a game {reason!r}")


def _endings(program) -> list[tuple[re.Pattern, bool]]:
    """For each `end game` of the rules: the reasons it can give (a pattern) and whether its
    winners are players (rather than teams)."""
    found = []
    for stmt in _statements(program):
        if not isinstance(stmt, n.EndGame):
            continue
        if stmt.reason is None:
            pattern = re.compile("")
        else:
            pattern = re.compile("".join(re.escape(p) if isinstance(p, str) else ".*" for p in stmt.reason.parts),
                                 re.DOTALL)
        players = stmt.winners is not None and program.type_of(stmt.winners) == ("list", "player")
        found.append((pattern, players))
    return found


def _statements(program) -> Iterator[n.Node]:
    """Every statement of the rules, nested ones included."""
    bodies: list = [d.body for d in (program.setup, program.flow) if d is not None]
    bodies += [r.body for r in program.rules.values()] + [t.body for t in program.triggers]
    bodies += [o.body for a in program.actions.values() for o in a.options]
    stack = [s for body in bodies for s in body]
    while stack:
        stmt = stack.pop()
        yield stmt
        stack.extend(s for block in children_blocks(stmt) for s in block)


