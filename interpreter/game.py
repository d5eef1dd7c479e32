"""A game: a compiled program with options, building states and answering what can be played."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterator, Optional, Sequence

from rulebook.dsl.errors import OptionsError, RulebookError, source_line
from rulebook.dsl.program import Program
from rulebook.dsl.snippets import check_snippet

from . import chance as explicit
from .compile import compile_game
from .research import ResearchFacilities
from .machine import State, run
from .moves import IllegalMove, Move
from .options import resolve_options
from .placement import place
from .position import Position
from .runtime import RulesRuntimeError, seed_state


CHANCE_MODES = ("seeded", "explicit")
CHANCE = -2  # current_player() while chance decides (explicit chance only)


@dataclass(frozen=True)
class Result:
    winners: tuple  # indexes of winning teams (or players, when `by_player`)
    by_player: bool
    reason: str


class Game(ResearchFacilities):
    """Shared by every state of one game: the compiled rules, the boards, the names.

    >>> from rulebook.api import load_game
    >>> game = load_game("tests/games/nim")
    >>> state = game.new_initial_state(seed=1)
    >>> sorted(str(m) for m in game.legal_moves(state))[:2]
    ['take 1', 'take 2']
    """

    def __init__(self, program: Program, options: Optional[dict] = None,
                 player_names: Optional[Sequence[str]] = None, team_of: Optional[Sequence[int]] = None,
                 chance: str = "seeded", counting: bool = False):
        if chance not in CHANCE_MODES:
            raise OptionsError(f"chance must be one of {', '.join(CHANCE_MODES)}, not '{chance}'")
        self.program = program
        self.chance = chance
        self.options, self.player_count = resolve_options(program, options or {})
        names = tuple(player_names) if player_names else tuple(f"player {i + 1}" for i in range(self.player_count))
        if len(names) != self.player_count:
            raise OptionsError(f"{len(names)} player names given for {self.player_count} players")
        # A counting build marks every reach point play reaches in `reached` (interpreter/reach.py).
        self.compiled = compile_game(program, self.options, self.player_count, names,
                                     tuple(team_of) if team_of is not None else None, counting)
        c = self.compiled
        self._code, self._names, self._sites = c.code, c.block_names, c.sites
        self._list_slots = frozenset(c.layout.list_slots)
        self._initial_data = c.initial_data()
        self._snippets: dict = {}
        self._hidden_plans: dict = {}
        self._research_spaces: dict = {}
        self._lazy_piles: frozenset = frozenset()
        if chance == "explicit":
            layout = c.layout
            self._lazy_piles = frozenset(
                slot for name in explicit.lazily_shuffled_piles(program) for zone in [layout.zones[name]]
                for slot in range(zone.base, zone.base + zone.instances))

    @property
    def reached(self) -> Optional[bytearray]:
        """A counting build's marks, one per point of `reach_map` (None in a plain build)."""
        return self.compiled.reached

    @property
    def reach_map(self):
        return self.compiled.reach

    # ------------------------------------------------------------ names
    @property
    def title(self) -> str:
        return self.program.title

    @property
    def player_names(self) -> tuple:
        return self.compiled.player_names

    @property
    def team_names(self) -> tuple:
        return self.compiled.team_names

    def team_of(self, player: int) -> int:
        return self.compiled.team_of[player]

    def set_log(self, sink, viewer: Optional[int] = None) -> None:
        """Send every `log` line of the rules to sink(state, text); None turns logging off.
        With a viewer, a line the rules write `to` another player arrives in its public text (or
        not at all): the log as that player may read it."""
        self.compiled.RT.sink = sink
        self.compiled.RT.viewer = viewer

    # ------------------------------------------------------------ states
    def new_initial_state(self, seed: int = 0) -> State:
        """Set up the game (its `setup:` block) and play on to the first decision."""
        c = self.compiled
        rng = seed_state(seed) if self.chance == "seeded" else explicit.NO_CHANCE_YET
        S = State(self._initial_data[:], [[0, 0, [None] * c.block_slots[0]]], rng)
        self._run(S)
        return S

    def _run(self, S: State) -> None:
        if S.rng.__class__ is int:
            run(S, self.compiled)
        else:
            explicit.run_explicit(S, lambda state: run(state, self.compiled), self.compiled.RT,
                                  self._lazy_piles)

    def _nothing_to_choose(self, S: State) -> RulesRuntimeError:
        """A decision with no legal move is a mistake in the rules: say where."""
        return RulesRuntimeError(self._sites[S.decision].span,
                                 "a choice with nothing to choose from (guard it with an 'if')")

    def state_from_json(self, raw: Any) -> State:
        S = State.from_json(raw, self._list_slots)
        if len(S.data) != self.compiled.layout.size:
            raise RulebookError("not a saved state of this game: its size differs")
        return S

    def is_terminal(self, S: State) -> bool:
        return S.result is not None

    def current_player(self, S: State) -> int:
        """Whose decision it is (-1 once the game is over, CHANCE when chance decides next)."""
        if S.result is not None:
            return -1
        return CHANCE if S.decision < 0 else S.decider

    def result(self, S: State) -> Optional[Result]:
        return None if S.result is None else Result(*S.result)

    def winning_players(self, S: State) -> tuple:
        if S.result is None:
            return ()
        winners, by_player, _ = S.result
        if by_player:
            return tuple(winners)
        return tuple(p for p in range(self.player_count) if self.compiled.team_of[p] in winners)

    def returns(self, S: State) -> list[float]:
        """1 for each winner, 0 for the others; 0.5 each when nobody or everybody wins."""
        winners = self.winning_players(S)
        if not winners or len(winners) == self.player_count:
            return [0.5] * self.player_count
        return [1.0 if p in winners else 0.0 for p in range(self.player_count)]

    # ------------------------------------------------------------ moves
    def _pending(self, S: State):
        if S.result is not None:
            raise IllegalMove("the game is over")
        if S.decision < 0:
            raise IllegalMove("chance decides here, not a player (see chance_outcomes)")
        return self._sites[S.decision], S.frames[-1]

    def _choices(self, S: State) -> list:
        """The waiting decision's options, then those of standing actions the decider may take:
        (option, locals to bind into, action block or None) each, in move-option order."""
        site, frame = self._pending(S)
        choices = [(option, frame[2], None) for option in site.options]
        for action, args, player in S.allows:
            if player == S.decider:
                block, options, _ = self.compiled.action_sites[action]
                L = list(args) + [None] * (self.compiled.block_slots[block] - len(args))
                choices.extend((option, L, block) for option in options)
        return choices

    def choice_sources(self, S: State) -> list[tuple]:
        """Where each option of the waiting decision is written, in Move.option order: (span of the
        choose statement or of the standing action's declaration, the option's number in it)."""
        site, _ = self._pending(S)
        sources = [(site.span, i) for i in range(len(site.options))]
        for action, _, player in S.allows:
            if player == S.decider:
                _, options, span = self.compiled.action_sites[action]
                sources.extend((span, i) for i in range(len(options)))
        return sources

    def iter_legal_moves(self, S: State) -> Iterator[Move]:
        site, _ = self._pending(S)
        for index, (option, L, _) in enumerate(self._choices(S)):
            label = option.label
            if option.guard is not None and not option.guard(S, L):
                continue
            for values in option_values(S, L[:], option.bindings):
                yield Move(site.id, index, values, label)

    def legal_moves(self, S: State) -> list[Move]:
        """Every move allowed now, generated from the `choose` that is waiting (and any standing
        action the deciding player is allowed)."""
        if S.result is not None:
            return []
        moves = list(self.iter_legal_moves(S))
        if not moves:
            raise self._nothing_to_choose(S)
        return moves

    def sample_move(self, S: State, rng: random.Random) -> Move:
        """A uniformly random legal move, built without making every move object first: an
        option whose second variable does not depend on the first is counted, not listed."""
        site, _ = self._pending(S)
        option, _, _, index, values = self._sample(S, rng)
        return Move(site.id, index, values, option.label)

    def _sample(self, S: State, rng: random.Random) -> tuple:
        """(option, locals it binds into, action block or None, option number, values)."""
        site, frame = self._pending(S)
        options = site.options
        if len(options) == 1 and options[0].guard is None and not any(a[2] == S.decider for a in S.allows):
            option = options[0]
            space = option_space(S, frame[2][:], option.bindings)
            total = space_size(space)
            if total:
                return option, frame[2], None, 0, space_pick(space, rng.randrange(total))
        else:
            choices = self._choices(S)
            spaces = [option_space(S, L[:], option.bindings)
                      if option.guard is None or option.guard(S, L) else [] for option, L, _ in choices]
            sizes = [space_size(space) for space in spaces]
            total = sum(sizes)
            if total:
                pick = rng.randrange(total)
                for index, size in enumerate(sizes):
                    if pick < size:
                        option, L, block = choices[index]
                        return option, L, block, index, space_pick(spaces[index], pick)
                    pick -= size
        raise self._nothing_to_choose(S)

    def play_random(self, S: State, rng: random.Random) -> Move:
        """Sample a legal move and play it, skipping the legality check that sampling makes
        redundant (the hot path of random simulation). Gives the move played."""
        option, base, block, index, values = self._sample(S, rng)
        L = base[:]
        for binding, value in zip(option.bindings, values):
            L[binding.slot] = value
        for slot in option.clears:
            L[slot] = None
        if block is None:
            frame = S.frames[-1]
            frame[2] = L
            frame[1] = option.body
        else:
            S.frames.append([block, option.body, L])
        decision = S.decision
        S.decision = -1
        self._run(S)
        return Move(decision, index, values, option.label)

    def parse_move(self, S: State, text: str) -> Move:
        """The legal move whose text form is `text` (the inverse of str(move))."""
        wanted = " ".join(text.split())
        for move in self.iter_legal_moves(S):
            if str(move) == wanted:
                return move
        raise IllegalMove(f"'{text}' is not a legal move here")

    def move_from_json(self, S: State, raw: Any) -> Move:
        """A move from its JSON form (Move.to_json()) at the decision waiting in S."""
        try:
            decision, option, values = int(raw[0]), int(raw[1]), tuple(raw[2])
        except (TypeError, ValueError, IndexError, KeyError):
            raise IllegalMove(f"not a move: {raw!r}") from None
        choices = self._choices(S) if decision == S.decision else []
        label = choices[option][0].label if 0 <= option < len(choices) else None
        return Move(decision, option, values, label)

    def apply(self, S: State, move: Move) -> None:
        """Play `move` on S (changing it). An illegal move raises IllegalMove and changes nothing."""
        site, frame = self._pending(S)
        if move.decision != site.id:
            raise IllegalMove(f"'{move}' answers another decision than the one waiting ({site.span})")
        choices = self._choices(S) if any(a[2] == S.decider for a in S.allows) else \
            [(o, frame[2], None) for o in site.options]
        if not 0 <= move.option < len(choices):
            raise IllegalMove(f"'{move}' is not one of the choices here")
        option, base, block = choices[move.option]
        if option.guard is not None and not option.guard(S, base):
            raise IllegalMove(f"'{move}' is not allowed now")
        if len(move.values) != len(option.bindings):
            raise IllegalMove(f"'{move}' gives {len(move.values)} value(s), {len(option.bindings)} wanted")
        L = base[:]
        for binding, value in zip(option.bindings, move.values):
            if value not in binding.domain(S, L):
                raise IllegalMove(f"'{move}' is not a legal move: {value!r} is not one of the choices")
            L[binding.slot] = value
            if binding.condition is not None and not binding.condition(S, L):
                raise IllegalMove(f"'{move}' is not a legal move: the rules require "
                                  f"{_rule_text(site.span)}")
        for slot in option.clears:
            L[slot] = None
        if block is None:
            frame[2] = L
            frame[1] = option.body
        else:  # a standing action: run it, then come back to the same decision
            S.frames.append([block, option.body, L])
        S.decision = -1
        self._run(S)

    def child(self, S: State, move: Move) -> State:
        """A new state after `move`; S itself is unchanged."""
        new = S.copy()
        self.apply(new, move)
        return new

    # ------------------------------------------------------------ checks and views
    def check_invariants(self, S: State) -> list[str]:
        """The labels of every declared invariant that does not hold."""
        return [label for label, test in self.compiled.invariants if not test(S)]

    def public_text(self, S: State, move: Move, viewer: Optional[int] = None) -> str:
        """The text of `move` (legal at S, before it is played) as `viewer` may read it: the
        decider reads the move itself; the others (and viewer None, everyone) read the public
        text its `choose` declares, or the move itself when it declares none."""
        if viewer is not None and viewer == S.decider:
            return str(move)
        site, _ = self._pending(S)
        choices = self._choices(S) if move.decision == site.id else []
        if not 0 <= move.option < len(choices):
            raise IllegalMove(f"'{move}' is not one of the choices here")
        public = choices[move.option][0].public
        return str(move) if public is None else public(move.values)

    def hidden_zones(self, S: State, player: int) -> list:
        """(zone layout, first slot) of every zone instance `player` may not look into now:
        hidden ones, the private ones of the others, unless the rules reveal them (`unless`)."""
        plan = self._hidden_plans.get(player)
        if plan is None:
            plan = self._hidden_plans[player] = self._hidden_plan(player)
        reveals = self.compiled.reveals
        return [place for zone, places in plan if zone.name not in reveals or not reveals[zone.name](S)
                for place in places]

    def _hidden_plan(self, player: int) -> list:
        """Per zone that can hide anything from `player`: the (zone, first slot) pairs it hides."""
        plan = []
        for zone in self.compiled.layout.zones.values():
            if zone.visibility == "public":
                continue
            instances, width = zone.instances, zone.width
            per_player = instances // zone.dims[0].size if zone.dims else instances
            plan.append((zone, [(zone, zone.base + i * width) for i in range(instances)
                                if zone.visibility != "private" or i // per_player != player]))
        return plan

    def view(self, S: State, player: int) -> dict:
        """What `player` may see: hidden zones show only how many pieces they hold, private
        ones show theirs to their own player only, until the rules reveal them (`unless`);
        hidden variables show nothing; the chance generator is left out."""
        raw = S.to_json()
        data = list(raw["data"])
        for zone, start in self.hidden_zones(S, player):
            if zone.ordered:
                data[start] = {"hidden": len(data[start])}
                continue
            width = zone.kinds
            total = sum(data[start:start + width])
            data[start:start + width] = [None] * width
            data[start] = {"hidden": total}
        reveals = self.compiled.reveals
        for name, var in self.compiled.layout.vars.items():
            visibility = self.program.vars[name].visibility
            if visibility == "public" or (name in reveals and reveals[name](S)):
                continue
            count = 1
            for d in var.dims:
                count *= d.size
            per_player = count // var.dims[0].size if var.dims else count
            for instance in range(count):
                if visibility == "private" and instance // per_player == player:
                    continue
                data[var.base + instance] = {"hidden": True}
        raw["data"] = data
        raw["rng"] = None  # the generator would tell every future draw
        return raw

    def view_state(self, view: dict, filler: int = 0) -> State:
        """A state that holds only what `view` (from view()) shows: whatever it hides is filled
        in one fixed way — `filler` 0 or 1 gives two different fillings — and the generator, the
        flow and the modifiers are left out. Anything computed from it is computed from the view
        alone, so it cannot reveal what the view's player may not see; a value that differs
        between the two fillings depends on hidden information."""
        layout = self.compiled.layout
        data = list(view["data"])
        if len(data) != layout.size:
            raise RulebookError("not a view of this game: its size differs")
        for zone in layout.zones.values():
            if zone.visibility == "public":
                continue
            kind = 0 if filler == 0 else zone.kinds - 1
            for instance in range(zone.instances):
                start = zone.base + instance * zone.width
                marker = data[start]
                if not (isinstance(marker, dict) and "hidden" in marker):
                    continue
                total = int(marker["hidden"])
                if zone.ordered:
                    data[start] = [kind] * total
                else:
                    data[start:start + zone.width] = [0] * zone.width
                    data[start + kind] = total
        for var in layout.vars.values():
            count = 1
            for d in var.dims:
                count *= d.size
            for slot in range(var.base, var.base + count):
                if isinstance(data[slot], dict) and "hidden" in data[slot]:
                    data[slot] = _filling(self._initial_data[slot], filler)
        raw = {"data": data, "frames": [], "rng": 0, "mods": [], "decision": -1, "decider": -1,
               "result": view.get("result"), "allows": []}
        return State.from_json(raw, self._list_slots)

    def place_at(self, S: State, step: str, player: int) -> None:
        """Put S's flow at the first decision of `step` in `player`'s turn (for scenarios).
        Nothing else changes; raises PlacementError and leaves S as it was if that cannot be."""
        place(self, S, step, player)

    def position(self, S: State) -> Position:
        """Read and edit S by the rules' names, keeping totals whole (for scenarios and tools)."""
        return Position(self, S)

    def snippet(self, text: str, params: Optional[dict] = None, statements: bool = False,
                path: str = "<snippet>", line: int = 1, column: int = 1):
        """Compile rules text written outside the rules files, against this game.

        `params` maps names to types as written in rules (`player`, `colour`, `group of board`).
        Gives a function f(state, *values): an expression's value, or statements run on the state
        (they cannot make decisions). Raises RulesError with file:line:column on bad text (the
        text starting at `line` and `column` of `path`).
        """
        params = dict(params or {})
        key = (text, tuple(params.items()), statements)
        found = self._snippets.get(key)
        if found is None:
            nodes = check_snippet(self.program, text, params, statements, path, line, column)
            found = self.compiled.compile_snippet(self.program, nodes, params, statements)
            self._snippets[key] = found
        return found

    def zone_snippet(self, text: str, params: dict, path: str = "<snippet>", line: int = 1):
        """Like snippet() for an expression naming one zone: gives (f(state, *values) → the
        zone's slot, the zone's layout)."""
        nodes = check_snippet(self.program, text, params, False, path, line)
        t = self.program.type_of(nodes[0])
        if not (isinstance(t, tuple) and t[0] in ("zone", "pile")):
            raise RulebookError(f"{path}:{line}: '{text}' is not one zone")
        return self.snippet(text, params, False, path, line), self.compiled.zone_of(nodes[0])

    def score(self, S: State, player: int) -> Optional[int]:
        return self.compiled.score(S, player) if self.compiled.score else None

    def type_of(self, text: str, params: Optional[dict] = None, path: str = "<snippet>", line: int = 1,
                column: int = 1):
        """The static type of an expression written outside the rules (as snippet() takes it)."""
        nodes = check_snippet(self.program, text, dict(params or {}), False, path, line, column)
        return self.program.type_of(nodes[0])


def option_values(S: State, L: list, bindings: list) -> list:
    """Every tuple of values the bindings allow, in domain order (L is scratch space)."""
    if not bindings:
        return [()]
    first = bindings[0]
    condition = first.condition
    if len(bindings) == 1:
        domain = first.domain(S, L)
        if condition is None:
            return [(v,) for v in domain]
        out = []
        slot = first.slot
        for v in domain:
            L[slot] = v
            if condition(S, L):
                out.append((v,))
        return out
    rest = bindings[1:]
    # The rest's values can be listed once when they cannot depend on this variable.
    independent = len(rest) == 1 and not rest[0].dependent and rest[0].condition is None
    fixed = option_values(S, L, rest) if independent else None
    out = []
    slot = first.slot
    for v in first.domain(S, L):
        L[slot] = v
        if condition is not None and not condition(S, L):
            continue
        tails = fixed if fixed is not None else option_values(S, L, rest)
        out.extend((v,) + tail for tail in tails)
    return out


def option_space(S: State, L: list, bindings: list):
    """The values an option allows: a list of tuples, or — when a second variable's values
    cannot depend on the first — the pair (first values, second values) standing for their
    product, which is counted and indexed without being built."""
    if len(bindings) == 2:
        first, second = bindings
        if not second.dependent and second.condition is None:
            tail = second.domain(S, L)
            if not tail:
                return []
            condition = first.condition
            if condition is None:
                heads = first.domain(S, L)
            else:
                heads = []
                slot = first.slot
                for v in first.domain(S, L):
                    L[slot] = v
                    if condition(S, L):
                        heads.append(v)
            return (heads, tail)
    return option_values(S, L, bindings)


def space_size(space) -> int:
    return len(space[0]) * len(space[1]) if isinstance(space, tuple) else len(space)


def space_pick(space, index: int) -> tuple:
    if isinstance(space, tuple):
        heads, tail = space
        return (heads[index // len(tail)], tail[index % len(tail)])
    return space[index]


def _filling(start: Any, filler: int) -> Any:
    """A hidden variable's stand-in: its start value, or (filler 1) another value of its type."""
    if filler == 0:
        return start
    if isinstance(start, bool):
        return not start
    if isinstance(start, int):
        return start + 1
    if isinstance(start, (tuple, list)):
        return list(start) + [0]
    return 0 if start is None else None


def _rule_text(span) -> str:
    line = source_line(span.path, span.line)
    text = line.strip() if line else "its condition"
    return f"'{text}' ({span})"
