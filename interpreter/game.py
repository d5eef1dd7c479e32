"""A game: a compiled program with options, building states and answering what can be played."""
from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from typing import Any, Iterator, Optional, Sequence

from rulebook.dsl.errors import OptionsError, RulebookError
from rulebook.dsl.nodes import Span
from rulebook.dsl.program import Program

from .play import chance as explicit
from .play.choices import option_values, sample_choice
from .compile import compile_game, lower_ir
from .play.failures import RULES_FAULTS, rules_error
from .ir.program import GameIR
from .ircache import cached_value
from .play import derived
from .play import payoffs
from .layout import Layout
from .play.machine import BOUND, NOTHING, POP, PUSHED, SUSPENDED, State, finish, run, run_on
from .play.move_check import check_move, move_of_json
from .research.research import Research
from .play.moves import IllegalMove, Move
from .play.names import check_names
from .play.options import resolve_options
from .play.placement import place
from .play.position import Position
from .pyback.runtime import GameOver, RulesRuntimeError, position_digest, seed_state
from .play.validate import StateChecker
from .play.views import hidden_plan, view, view_state
from .play import simultaneous
from .play.simultaneous import DECISION_MODES, SIMULTANEOUS, Sealed
from .play.snippet_calls import Snippets


CHANCE_MODES = ("seeded", "explicit")
CHANCE = -2  # current_player() while chance decides (explicit chance only)


def placing_faults(method):
    """A Python error inside the compiled rules, raised while `method` runs them, becomes one
    RulesRuntimeError that names the rule's place (errors a user can cause pass unchanged). Each
    call starts a fresh step budget: the budget counts steps between two decisions."""
    @functools.wraps(method)
    def placed(self, *args, **kwargs):
        meter = self.compiled.RT
        meter.steps = meter.budget
        try:
            return method(self, *args, **kwargs)
        except RulebookError:
            raise
        except RULES_FAULTS as err:
            raise rules_error(self.compiled, err) from None
    return placed


@dataclass(frozen=True)
class Result:
    winners: tuple  # indexes of winning teams (or players, when `by_player`)
    by_player: bool
    reason: str


class Game:
    """Shared by every state of one game: the compiled rules, the boards, the names.

    >>> from rulebook.api import load_game
    >>> game = load_game("tests/games/nim")
    >>> state = game.new_initial_state(seed=1)
    >>> sorted(str(m) for m in game.legal_moves(state))[:2]
    ['take 1', 'take 2']
    """

    def __init__(self, program: Program, options: Optional[dict] = None,
                 player_names: Optional[Sequence[str]] = None, team_of: Optional[Sequence[int]] = None,
                 chance: str = "seeded", counting: bool = False, optimised: bool = True, tracing: bool = False,
                 decisions: str = "sequential"):
        if chance not in CHANCE_MODES:
            raise OptionsError(f"chance must be one of {', '.join(CHANCE_MODES)}, not '{chance}'")
        if decisions not in DECISION_MODES:
            raise OptionsError(f"decisions must be one of {', '.join(DECISION_MODES)}, not '{decisions}'")
        self.decisions = decisions
        self.program = program
        self.chance = chance
        given = dict(options or {})
        self.options, self.player_count = cached_value(program.source_key, "options", given,
                                                       lambda: resolve_options(program, given))
        names = tuple(player_names) if player_names else tuple(f"player {i + 1}" for i in range(self.player_count))
        if len(names) != self.player_count:
            raise OptionsError(f"{len(names)} player names given for {self.player_count} players")
        check_names(names, None)
        # A counting build marks every reach point play reaches in `reached` (interpreter/analysis/reach.py).
        self.compiled = compile_game(program, self.options, self.player_count, names,
                                     tuple(team_of) if team_of is not None else None, counting or tracing,
                                     optimised=optimised, tracing=tracing)
        c = self.compiled
        self._code, self._names, self._sites, self._players = c.code, c.block_names, c.sites, c.players
        self._initial_data = c.initial_data()
        self.sealed = Sealed(program, self._sites)  # the secret choices (play/simultaneous.py)
        self._joint = decisions == "simultaneous" and bool(self.sealed.sites)  # SIMULTANEOUS nodes to say
        self.snippets = Snippets(self)  # rules text compiled against this game, each once
        self._state_checker: Optional[StateChecker] = None
        self._hidden_plans: dict = {}
        self.research = Research(self)  # the fixed spaces research tools use, built when first asked
        self._lazy_piles: frozenset = frozenset()
        self._tracing: Optional["Game"] = self if tracing else None
        self._history, self._position_slots = c.layout.history, c.layout.position  # -1: never asked
        if chance == "explicit":
            layout = c.layout
            self._lazy_piles = frozenset(
                slot for name in explicit.lazily_shuffled_piles(program) for zone in [layout.zones[name]]
                for slot in range(zone.base, zone.base + zone.instances))

    def lowered_ir(self) -> GameIR:
        """The compiled form as the lowering makes it, before the optimising passes (the research
        spaces are read from it)."""
        return lower_ir(self.program, self.options, self.player_count, self.player_names,
                        tuple(self.compiled.team_of))

    # ------------------------------------------------------------ research (research/research.py)
    def move_space(self):
        return self.research.move_space()

    def chance_space(self):
        return self.research.chance_space()

    def observation_spec(self, pile_depth: int = 4):
        return self.research.observation_spec(pile_depth)

    # ------------------------------------------------------------ explicit chance (play/chance.py)
    def is_chance_node(self, S: State) -> bool:
        """Whether chance decides next (only in a game made with chance="explicit")."""
        return explicit.waiting(S)

    def chance_outcomes(self, S: State) -> list[tuple]:
        """The waiting chance decision's outcomes with their probabilities: (outcome, p) each.
        An outcome is a piece kind's number for a draw or shuffle, the value itself for a pick."""
        return explicit.outcomes(S)

    def chance_event(self, S: State) -> tuple:
        """The waiting chance decision: (kind "draw" | "shuffle" | "pick", where, outcomes, weights);
        where is the zone's slot for a draw or shuffle, the statement's place for a pick."""
        return explicit.event(S)

    def apply_chance(self, S: State, outcome) -> None:
        """Let chance choose `outcome` and play on to the next decision (chance or a player's)."""
        explicit.choose(S, outcome)
        self._run(S)

    def tracing_twin(self) -> "Game":
        """This game as a tracing build (interpreter/play/trace.py: which rules a move runs), built once;
        its states are this game's (same layout), read through their JSON."""
        if self._tracing is None:
            self._tracing = Game(self.program, self.options, self.player_names, tuple(self.compiled.team_of),
                                 self.chance, tracing=True)
        return self._tracing

    def waiting_site(self, S: State):
        """The decision play waits at (its `choose`'s place is `.span`), or None."""
        if S.result is not None or S.decision < 0:
            return None
        return self._sites[S.decision]

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

    @property
    def kind_names(self) -> dict:
        """Each kind's members' names, in member order."""
        return self.compiled.kind_names

    @property
    def step_names(self) -> list:
        return self.compiled.step_names

    # ------------------------------------------------------------ the compiled game, for surfaces and tools
    # (what rulebook/ may read of it: nothing else of `compiled` is promised)
    @property
    def layout(self) -> Layout:
        """Where each zone, variable and board lives in a state's data."""
        return self.compiled.layout

    @property
    def ir(self) -> GameIR:
        """The compiled form the game plays (for analyses of play, such as which locals are live)."""
        return self.compiled.ir

    @property
    def block_names(self) -> tuple:
        """The name of each block of the compiled form (a state's frames name blocks by number)."""
        return self.compiled.block_names

    def decision_span(self, S: State) -> Span:
        """Where in the rules the waiting decision's `choose` stands."""
        return self.compiled.sites[S.decision].span

    def own_option_count(self, S: State) -> int:
        """How many options the waiting decision has of its own: moves with a higher option number
        are standing actions' (`allow`)."""
        return len(self.compiled.sites[S.decision].options)

    @property
    def has_score(self) -> bool:
        """Whether the rules declare a `score` (for bots that look ahead)."""
        return self.compiled.score is not None

    @property
    def has_payoff(self) -> bool:
        """Whether the rules declare a `payoff`."""
        return self.compiled.payoff is not None

    @property
    def statistic_labels(self) -> tuple:
        """The label of every statistic the rules declare, in order."""
        return tuple(label for label, _ in self.compiled.statistics)

    @property
    def statistics_naming_players(self) -> tuple:
        """Per statistic: is it a list of players?"""
        return self.compiled.statistics_naming_players

    @property
    def step_budget(self) -> int:
        """How many steps (loop turns, values ranged over, calls) play may take between two
        decisions before the rules are said to run away (runtime.DEFAULT_STEP_BUDGET)."""
        return self.compiled.RT.budget

    @step_budget.setter
    def step_budget(self, steps: int) -> None:
        if steps.__class__ is not int or steps < 1:
            raise OptionsError(f"a step budget is a whole number from 1, not {steps!r}")
        self.compiled.RT.budget = self.compiled.RT.steps = steps

    def set_log(self, sink, viewer: Optional[int] = None) -> None:
        """Send every `log` line of the rules to sink(state, text); None turns logging off.
        With a viewer, a line the rules write `to` another player arrives in its public text (or
        not at all): the log as that player may read it."""
        self.compiled.RT.sink = sink
        self.compiled.RT.viewer = viewer

    # ------------------------------------------------------------ states
    @placing_faults
    def new_initial_state(self, seed: int = 0) -> State:
        """Set up the game (its `setup:` block) and play on to the first decision."""
        if seed.__class__ is not int:
            raise OptionsError(f"a seed is a whole number, not {seed!r}")
        c = self.compiled
        rng = seed_state(seed) if self.chance == "seeded" else explicit.NO_CHANCE_YET
        S = State(self._initial_data[:], [[0, 0, [None] * c.block_slots[0]]], rng, game=self)
        self._run(S)
        return S

    def _run(self, S: State) -> None:
        """Run the rules on to the next decision or the end; a Python error inside them is the
        rules' mistake, said at its place."""
        try:
            if S.rng.__class__ is int:
                run(S, self.compiled)
            else:
                explicit.run_explicit(S, lambda state: run(state, self.compiled), self.compiled.RT,
                                      self._lazy_piles)
        except RULES_FAULTS as err:
            raise rules_error(self.compiled, err) from None
        if S.result is None and not S.frames:
            flow = self.program.flow
            raise RulesRuntimeError(flow.span if flow else None, "play came to the end of the flow without "
                                                                 "an 'end game'")

    def _nothing_to_choose(self, S: State) -> RulesRuntimeError:
        """A decision with no legal move is a mistake in the rules: say where."""
        return RulesRuntimeError(self._sites[S.decision].span,
                                 "a choice with nothing to choose from (guard it with an 'if')")

    @placing_faults
    def state_from_json(self, raw: Any) -> State:
        """The state a to_json() dict stands for, checked against this game: every slot holds
        what its declaration allows, the frames and decision exist, a result is one the rules
        can give, the invariants hold. Raises InvalidState (one line) otherwise."""
        if self._state_checker is None:
            self._state_checker = StateChecker(self)
        S = self._state_checker.read(raw)
        S.game = self
        return S

    def is_terminal(self, S: State) -> bool:
        return S.result is not None

    def current_player(self, S: State) -> int:
        """Whose decision it is (-1 once the game is over, CHANCE when chance decides next,
        SIMULTANEOUS at a secret choice nobody has made yet when decisions="simultaneous")."""
        if S.result is not None:
            return -1
        if S.decision < 0:
            return CHANCE
        if self._joint and self.sealed.opens(S):
            return SIMULTANEOUS
        return S.decider

    def is_simultaneous_node(self, S: State) -> bool:
        """Is S at a secret choice nobody has made yet (in either mode)?"""
        return self.sealed.opens(S)

    def chosen(self, S: State) -> tuple:
        """The players who have made their secret choice at the one S waits at (none elsewhere)."""
        return self.sealed.chosen(S)

    @placing_faults
    def player_legal_moves(self, S: State, player: int) -> list[Move]:
        """`player`'s legal moves: at a simultaneous node, their secret choice's; elsewhere the
        legal moves when they decide, else none."""
        return simultaneous.player_moves(self, S, player)

    @placing_faults
    def seat_state(self, S: State, player: int) -> State:
        """At a simultaneous node, the state at `player`'s own secret choice (S for the first)."""
        return simultaneous.seat_state(self, S, player)

    @placing_faults
    def apply_joint(self, S: State, moves: Sequence[Move]) -> None:
        """At a simultaneous node, play every player's move (seat order) at once: anything but one
        legal move per player raises IllegalMove and changes nothing."""
        simultaneous.apply_joint(self, S, moves)

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
        """Each player's payoff where the rules declare `payoff(p)`, else win_returns()."""
        paid = self.payoffs(S)
        return [float(v) for v in paid] if paid is not None else self.win_returns(S)

    def win_returns(self, S: State) -> list[float]:
        """1 for each winner, 0 for the others; 0.5 each when nobody or everybody of several wins
        (one player alone wins or loses). What bots play for, payoffs or not."""
        winners = self.winning_players(S)
        if self.player_count > 1 and (not winners or len(winners) == self.player_count):
            return [0.5] * self.player_count
        return [1.0 if p in winners else 0.0 for p in range(self.player_count)]

    @placing_faults
    def payoffs(self, S: State) -> Optional[tuple]:
        """At the end, each player's payoff where the rules declare one (checked against its
        declared bounds and total: a rules error placed at the declaration), else None."""
        fn, declared = self.compiled.payoff, self.compiled.ir.payoff
        if fn is None or declared is None or S.result is None:
            return None
        return payoffs.checked(declared, [fn(S, p) for p in range(self.player_count)], self.player_names)

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
        try:
            for index, (option, L, _) in enumerate(self._choices(S)):
                label = option.label
                if option.guard is not None and not option.guard(S, L):
                    continue
                for values in option_values(S, L[:], option.bindings):
                    yield Move(site.id, index, values, label)
        except RULES_FAULTS as err:
            raise rules_error(self.compiled, err) from None

    def legal_moves(self, S: State) -> list[Move]:
        """Every move allowed now, generated from the `choose` that is waiting (and any standing
        action the deciding player is allowed)."""
        if S.result is not None:
            return []
        moves = list(self.iter_legal_moves(S))
        if not moves:
            raise self._nothing_to_choose(S)
        return moves

    @placing_faults
    def sample_move(self, S: State, rng: random.Random) -> Move:
        """A uniformly random legal move, drawn by the decision's own sampler (which counts an
        option whose second variable does not depend on the first rather than list it)."""
        site, frame = self._pending(S)
        got = self.compiled.samplers[S.decision](S, frame[2], rng)
        if got is None:
            raise self._nothing_to_choose(S)
        if got is False:  # the decider may also take a standing action: the general sampler
            found = sample_choice(S, self._choices(S), rng)
            if found is None:
                raise self._nothing_to_choose(S)
            option, index, values = found
            return Move(site.id, index, values, option.label)
        index, values = got
        return Move(site.id, index, values, site.options[index].label)

    def play_random(self, S: State, rng: random.Random) -> None:
        """Sample a legal move and play it (the hot path of random playouts): the decision's own
        player binds the move into the waiting frame and runs on, with no Move made, no legality
        check (sampling gives only legal moves) and no way back should the rules fail (a playout
        that fails is thrown away). The same as apply(S, sample_move(S, rng)), faster."""
        if S.result is not None or S.decision < 0:
            self._pending(S)  # says why nothing can be played
        if self._history >= 0:
            self._remember(S)
        try:
            pc = self._players[S.decision](S, rng)  # it starts the step budget afresh
            if pc <= SUSPENDED:  # the usual case: play went on to the next decision
                S.frames[-1][1] = SUSPENDED - pc
                return
            if pc >= 0 or pc == POP or pc == PUSHED:
                run_on(S, self.compiled, pc)
        except GameOver as over:
            finish(S, over)
            return
        except RulebookError:
            raise
        except RULES_FAULTS as err:
            raise rules_error(self.compiled, err) from None
        if pc == BOUND:
            self._run(S)
        elif pc == NOTHING:
            raise self._nothing_to_choose(S)
        elif S.result is None and not S.frames:
            self._run(S)  # says the flow ended without `end game`

    @placing_faults
    def parse_move(self, S: State, text: str) -> Move:
        """The legal move whose text form is `text` (the inverse of str(move)); spaces between
        words do not count. Raises IllegalMove for any other text."""
        if not isinstance(text, str):
            raise IllegalMove(f"a move's text is a text, not {text!r}")
        wanted = " ".join(text.split())
        for move in self.iter_legal_moves(S):
            if str(move) == wanted:
                return move
        raise IllegalMove(f"'{text}' is not a legal move here")

    @placing_faults
    def move_from_json(self, S: State, raw: Any) -> Move:
        """The legal move whose JSON form (Move.to_json()) is raw; IllegalMove for anything else."""
        return move_of_json(self, S, raw)

    @placing_faults
    def apply(self, S: State, move: Move) -> None:
        """Play `move` on S (changing it). Anything but exactly a legal move raises IllegalMove
        and changes nothing; an error of the rules while playing it puts S back as it was and
        raises RulesRuntimeError, naming the rule's place."""
        option, L, block = check_move(self, S, move)
        saved = S.copy()
        try:
            if self._history >= 0:
                self._remember(S)
            _enter(S, option, L, block)
            self._run(S)
        except BaseException:
            S.restore(saved)
            raise

    def _remember(self, S: State) -> None:
        """Keep the digest of the position a move is played from (games that ask repetitions():
        a tuple, shared by copies until it grows, so a copy costs no more than before)."""
        D = S.data
        D[self._history] = D[self._history] + (position_digest(D, self._position_slots),)

    def child(self, S: State, move: Move) -> State:
        """A new state after `move`; S itself is unchanged."""
        new = S.copy()
        self.apply(new, move)
        return new

    # ------------------------------------------------------------ checks and views
    @placing_faults
    def check_invariants(self, S: State) -> list[str]:
        """The labels of every declared invariant that does not hold (and of the data the state
        keeps for speed, should it not follow from the rest: a mistake of the engine)."""
        return [label for label, test in self.compiled.invariants if not test(S)] + \
            [f"the engine's {what}" for what in derived.check(self.compiled.layout, S.data)]

    def refresh(self, S: State) -> None:
        """After editing S's data from outside the rules: work out anew what it keeps for speed
        (zone counts, board groups' nodes)."""
        derived.refresh(self.compiled.layout, S.data)

    @placing_faults
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
            plan = self._hidden_plans[player] = hidden_plan(self.compiled.layout, player)
        reveals = self.compiled.reveals
        return [place for zone, places in plan if zone.name not in reveals or not reveals[zone.name](S)
                for place in places]

    @placing_faults
    def view(self, S: State, player: int) -> dict:
        """What `player` may see of S (see views.py): the position with what is hidden from them
        masked (until the rules reveal it), whose decision it is, the result; never where play
        stands inside the rules, nor the chance generator."""
        return view(self, S, player)

    def view_state(self, view: dict, filler: int = 0) -> State:
        """A state that holds only what `view` (from view()) shows (see views.view_state)."""
        S = view_state(self, view, filler)
        S.game = self
        return S

    @placing_faults
    def place_at(self, S: State, step: str, player: int) -> None:
        """Put S's flow at the first decision of `step` in `player`'s turn (for scenarios).
        Nothing else changes; raises PlacementError and leaves S as it was if that cannot be."""
        place(self, S, step, player)

    def position(self, S: State) -> Position:
        """Read and edit S by the rules' names, keeping totals whole (for scenarios and tools)."""
        return Position(self, S)

    # ------------------------------------------------------------ snippets (play/snippet_calls.py)
    def snippet(self, text: str, params: Optional[dict] = None, statements: bool = False,
                path: str = "<snippet>", line: int = 1, column: int = 1):
        """Compile rules text written outside the rules files, against this game (see
        Snippets.snippet): f(state, *values)."""
        return self.snippets.snippet(text, params, statements, path, line, column)

    def zone_snippet(self, text: str, params: dict, path: str = "<snippet>", line: int = 1, column: int = 1):
        return self.snippets.zone_snippet(text, params, path, line, column)

    def type_of(self, text: str, params: Optional[dict] = None, path: str = "<snippet>", line: int = 1,
                column: int = 1):
        """The static type of an expression written outside the rules (as snippet() takes it)."""
        return self.snippets.type_of(text, params, path, line, column)

    @placing_faults
    def score(self, S: State, player: int) -> Optional[int]:
        return self.compiled.score(S, player) if self.compiled.score else None

    @placing_faults
    def statistic_values(self, S: State) -> tuple:
        """The value of every statistic the rules declare, in order (for simulation reports)."""
        return tuple(fn(S) for _, fn in self.compiled.statistics)


def _enter(S: State, option, L: list, block: Optional[int]) -> None:
    """Set play going on from a decision with the chosen option's locals."""
    for slot in option.clears:
        L[slot] = None
    if block is None:
        frame = S.frames[-1]
        frame[2] = L
        frame[1] = option.body
    else:  # a standing action: run it, then come back to the same decision
        S.frames.append([block, option.body, L])
    S.decision = -1
