"""Compile a checked program, for one set of options, into Python functions — once per game."""
from __future__ import annotations

from typing import Any, Optional

from rulebook.dsl.errors import OptionsError

from rulebook.dsl import nodes as n
from rulebook.dsl.check_base import CheckerBase
from rulebook.dsl.program import Program
from rulebook.dsl.types import PLAYER

from . import runtime
from .exprgen import Scope, TableValue, _frozen
from .failures import places
from .flatgen import FlatGen, resolve_pc
from .layout import (
    CURRENT_PHASE, CURRENT_PLAYER, CURRENT_STEP, Dim, grid_board, network_board, ring_board,
)
from .runtime import RulesRuntimeError, RunTime
from .stmtgen import Ctx
from .validate import value_check

_HELPERS = {name: getattr(runtime, name) for name in (
    "present", "take", "draw_one", "best", "index_of", "at", "row", "pile_draw", "shuffle", "groups",
    "tiles", "merge", "ring_step", "ring_group_step", "ring_group_neighbours", "graph_group_neighbours",
    "pick", "ix", "remove_from_pile", "connect", "network_group_neighbours", "end_span", "safe_div", "show", "GameOver",
    "runaway", "steps_range", "too_deep", "MAX_FRAMES",
)}


# Limits that keep a state small enough to copy at every decision: nodes of one board, and
# places (counts, values) in a state.
MAX_NODES = 100_000
MAX_SLOTS = 1_000_000


def _instances(dims: tuple) -> int:
    count = 1
    for d in dims:
        count *= d.size
    return count


class CompiledGame(FlatGen):
    """All the compiled pieces of one game with fixed options: code, decisions, layout, names."""

    def __init__(self, program: Program, options: dict[str, Any], player_count: int,
                 player_names: tuple, team_of: Optional[tuple] = None):
        super().__init__(program, options, player_count)
        self.player_names = tuple(player_names)
        self.seating = team_of
        self.RT = RunTime()
        self._failure_places: Optional[dict] = None
        self.namespace: dict[str, Any] = dict(_HELPERS, K=self.K, RT=self.RT)
        self.tables = {name: TableValue(name, table.rows, table.key) for name, table in program.tables.items()}
        self._kinds()
        self._consts()
        for decl in program.requirements:
            if not self.evaluate(decl.condition):
                raise OptionsError(decl.message)
        self._players()
        self._layout()
        self.setup_codegen()
        self.compile_flat_blocks()
        self.compile_native_callables()
        self.compile_values()
        self.compile_code_defaults()
        self._extras()
        self._assemble()

    # ------------------------------------------------------------ build-time values
    def evaluate(self, e: n.Node) -> Any:
        """Evaluate an expression that depends only on options, tables and constants."""
        source = self.expr(e, Scope(self, False))
        self.RT.steps = self.RT.budget
        try:
            return eval(compile(source, "<constant>", "eval"), self.namespace)  # our own code only
        except RulesRuntimeError:
            raise
        except Exception as err:  # noqa: BLE001 - turned into a rules error with its place
            raise RulesRuntimeError(e.span, f"cannot work this out before the game starts: {err}") from None

    def _kinds(self) -> None:
        for name, decl in self.p.kinds.items():
            if decl.table is None:
                self.kind_sizes[name] = len(decl.members)
                self.kind_names[name] = decl.members
                continue
            table = self.p.tables[decl.table]
            self.kind_sizes[name] = len(table.rows)
            key = table.key
            self.kind_names[name] = tuple(str(r.get(key, i + 1)) if key else str(i + 1)
                                          for i, r in enumerate(table.rows))
            self.kind_keys[name] = {r[key]: i for i, r in enumerate(table.rows)} if key else {}
            for column in table.columns:
                self.kind_columns[(name, column)] = tuple(_frozen(r.get(column)) for r in table.rows)

    def _consts(self) -> None:
        for name, decl in self.p.consts.items():
            self.consts[name] = self.evaluate(decl.value)

    def _players(self) -> None:
        count = self.player_count
        if self.p.teams is not None:
            team_of = tuple(self.evaluate(self.p.teams.team_of))
            if self.seating is not None:  # another seating of the same teams, chosen by the caller
                if sorted(self.seating) != sorted(team_of):
                    raise OptionsError(f"this seating needs teams of sizes {sorted(team_of)}")
                team_of = self.seating
            if len(team_of) != count or any(t.__class__ is not int or t < 0 for t in team_of):
                raise RulesRuntimeError(self.p.teams.span, f"teams must give a team number (from 0) to each of the {count} players")
            teams = max(team_of) + 1
            empty = [t for t in range(teams) if t not in team_of]
            if empty:
                raise RulesRuntimeError(self.p.teams.span, f"teams are numbered from 0 without gaps: no player "
                                                           f"is in team {empty[0]} (teams {list(team_of)})")
            self.team_of = team_of
            names = self.evaluate(self.p.teams.names) if self.p.teams.names is not None else None
            if names is not None and len(names) < teams:
                assert self.p.teams.names is not None  # names were worked out from it
                raise RulesRuntimeError(self.p.teams.names.span, f"{teams} teams, but {len(names)} team names")
            self.team_names = tuple(names[:teams]) if names else tuple(f"team {t + 1}" for t in range(teams))
        else:
            self.team_of = tuple(range(count))
            self.team_names = self.player_names
        for type_name, decl in self.p.names.items():
            names = tuple(self.evaluate(decl.value))
            wanted = {"team": len(self.team_names), "player": count}.get(type_name, self.kind_sizes.get(type_name))
            if type_name == "player" and len(names) >= count:
                names = names[:count]  # a game for fewer players names only those seated
            if len(names) != wanted:
                raise RulesRuntimeError(decl.value.span, f"{len(names)} names for the {wanted} of "
                                                         f"'{type_name}'")
            check_names(names, decl.value.span)
            if type_name == "team":
                self.team_names = names
            elif type_name == "player":
                self.player_names = names
            else:
                self.kind_names[type_name] = names

    def _dim(self, part: n.IndexPart) -> Dim:
        if part.type_name is None:
            assert part.low is not None and part.high is not None  # a range part has both ends
            low, high = self.evaluate(part.low), self.evaluate(part.high)
            return Dim(low, max(0, high - low + 1), "int")
        name = part.type_name
        if name == "player":
            return Dim(0, self.player_count, name)
        if name == "team":
            return Dim(0, len(self.team_names), name)
        if name in self.kind_sizes:
            return Dim(0, self.kind_sizes[name], name)
        board = self.layout.boards[name]
        return Dim(board.low, board.size, name, board=name)

    def _layout(self) -> None:
        for name, decl in self.p.boards.items():
            sizes = [self.evaluate(size) for size in decl.sizes]
            nodes = 1
            for size in sizes:
                nodes *= size if size.__class__ is int else 0
            if any(s.__class__ is not int or s < 1 for s in sizes) or nodes > MAX_NODES:
                shown = " by ".join(map(repr, sizes))
                raise RulesRuntimeError(decl.span, f"board '{name}' cannot be {shown}: a board has from 1 to "
                                                   f"{MAX_NODES:,} nodes")
            self._room(decl, 2 * nodes)
            if decl.shape == "ring":
                self.layout.add_board(ring_board(name, sizes[0]))
            elif decl.shape == "grid":
                self.layout.add_board(grid_board(name, sizes[0], sizes[1]))
            else:
                self.layout.add_board(network_board(name, sizes[0]))
        for zone in self.p.zones.values():
            dims = tuple(self._dim(p) for p in zone.index)
            self._room(zone, _instances(dims) * (1 if zone.ordered else self.kind_sizes[zone.kind]))
            self.layout.add_zone(zone, dims, self.kind_sizes[zone.kind])
        for var in self.p.vars.values():
            holds_list = var.type.name == "list"
            dims = tuple(self._dim(p) for p in var.index)
            self._room(var, _instances(dims))
            self.layout.add_var(var, dims, holds_list)

    def _room(self, decl: n.Node, slots: int) -> None:
        """Refuse a declaration that would make every state of the game too big to handle."""
        if self.layout.size + slots > MAX_SLOTS:
            name = getattr(decl, "name", "")
            raise RulesRuntimeError(decl.span, f"'{name}' needs {slots:,} places in the state; a game's "
                                               f"state holds at most {MAX_SLOTS:,}")

    def initial_data(self) -> list:
        data: list = [None] * self.layout.size
        data[CURRENT_PLAYER], data[CURRENT_PHASE], data[CURRENT_STEP] = 0, -1, -1
        for zone in self.layout.zones.values():
            empty = () if zone.ordered else 0
            for slot in range(zone.base, zone.base + zone.width * zone.instances):
                data[slot] = empty
        resolver = CheckerBase(self.p)
        for name, var in self.layout.vars.items():
            decl = self.p.vars[name]
            if decl.initial is not None:
                value = self.evaluate(decl.initial)
                if isinstance(value, (list, range)):
                    value = tuple(value)
                fits, words = value_check(self, resolver.resolve_type(decl.type))
                if not fits(value):
                    raise RulesRuntimeError(decl.initial.span, f"'{name}' would start at {value!r}, not {words}")
            else:
                value = {"int": 0, "bool": False, "list": ()}.get(decl.type.name) if not decl.type.optional else None
            count = 1
            for d in var.dims:
                count *= d.size
            for slot in range(var.base, var.base + count):
                data[slot] = value
        for board in self.layout.boards.values():
            for node in board.nodes:
                data[board.roots + node - board.low] = node
                if board.edges >= 0:
                    data[board.edges + node - board.low] = ()
        return data

    # ------------------------------------------------------------ invariants, score, statistics
    def _extras(self) -> None:
        self.invariant_names = []
        for i, decl in enumerate(self.p.invariants):
            self.source += [f"def INV{i}(S):", "    D = S.data",
                            f"    return {self.expr(decl.condition, Scope(self, False))}"]
            self.invariant_names.append(decl.label)
        if self.p.score is not None:
            scope = Scope(self, False)
            player = scope.bind(self.p.score.player)
            self.source += [f"def SCORE(S, {player}):", "    D = S.data",
                            f"    return {self.expr(self.p.score.value, scope)}"]
        self.statistic_entries = []  # (label, function name, names players?)
        for stat in self.p.statistics:
            names_players = self.p.type_of(stat.value) == ("list", PLAYER)
            members = [None] if stat.domain is None else list(self.evaluate(stat.domain))
            for member in members:
                scope = Scope(self, False)
                label = stat.label
                if stat.var is not None:  # one figure per member: the member is fixed in its code
                    assert stat.label_text is not None  # the parser sets it whenever `for` is given
                    scope.bind_as(stat.var, self.k(member))
                    label = eval(compile(self.expr(stat.label_text, scope), "<label>", "eval"), self.namespace)
                fn = self.fresh("STAT")
                self.places[fn] = (f"statistic '{stat.label}'", stat.span)
                self.source += [f"def {fn}(S):", "    D = S.data", f"    return {self.expr(stat.value, scope)}"]
                self.statistic_entries.append((label, fn, names_players))

    def compile_code_defaults(self) -> None:
        """For expression columns: a function giving the declared default, for empty cells."""
        for (column, kind), decl in self.p.codes.items():
            if decl.result is None:
                continue
            scope = Scope(self, False)
            params = [scope.bind(p.name) for p in decl.params]
            body = self.expr(decl.default, scope) if decl.default is not None else "None"
            index = list(self.p.codes).index((column, kind))
            self.source += [f"def DEFAULT_{index}(S, {', '.join(params)}):", "    D = S.data", f"    return {body}"]

    def _assemble(self) -> None:
        source = "\n".join(self.source + self.instruction_source()) + "\n"
        self.python_source = source
        exec(compile(source, f"<compiled rules of {self.p.title}>", "exec"), self.namespace)  # generated here
        ns = self.namespace
        mods_of: dict[str, dict] = {name: {} for name in self.p.values}
        for site, (value, fn) in enumerate(self.modifiers):
            mods_of[value][site] = ns[fn]
        ns["MODS_OF"] = mods_of
        ns["SLOTS"] = tuple(b.scope.slots for b in self.blocks)
        for table, names in self.code_tables.items():
            if table in self.code_defaults:  # an expression column: empty cells give the default
                default = ns["DEFAULT_" + table.split("_")[1]]
                ns[table] = tuple(default if name is None else ns[self.value_names[name]] for name in names)
                continue
            ns[table] = tuple(None if name is None or name in self.flat_rules else ns[self.rule_names[name]]
                              for name in names)
            ns[table + "_BLOCKS"] = tuple(self.flat_rules[name].id if name in self.flat_rules else -1
                                          for name in names)
        self.code = tuple(tuple(ns[f"I{b.id}_{pc}"] for pc in range(len(b.instrs))) for b in self.blocks)
        self.block_names = tuple(b.name for b in self.blocks)
        self.block_slots = tuple(b.scope.slots for b in self.blocks)
        for site_options in [site.options for site in self.sites] + [o for _, o, _ in self.action_sites]:
            for option in site_options:
                option.body = resolve_pc(option.body)
                option.guard = ns[option.guard] if option.guard else None
                option.label = ns[option.label] if option.label in ns else _constant_label(self, option.label)
                for binding in option.bindings:
                    binding.domain = ns[binding.domain]
                    binding.condition = ns[binding.condition] if binding.condition else None
        self.invariants = [(label, ns[f"INV{i}"]) for i, label in enumerate(self.invariant_names)]
        self.score = ns.get("SCORE")
        self.statistics = [(label, ns[fn]) for label, fn, _ in self.statistic_entries]
        self.statistics_naming_players = tuple(names for _, _, names in self.statistic_entries)
        resolve = lambda path: tuple(tuple(ns[x] if isinstance(x, str) and x in ns else x for x in e)
                                     for e in path)
        self.steps = {name: [(b, resolve(path), pc) for b, path, pc in sites]
                      for name, sites in self.step_sites.items()}
        self.calls = {callee: [(b, resolve(path), pc, ns[args]) for b, path, pc, args in sites]
                      for callee, sites in self.call_sites.items()}


    def failure_places(self) -> dict:
        """Compiled function name -> (what it compiles, where): read when the rules go wrong."""
        if self._failure_places is None:
            self._failure_places = places(self)
        return self._failure_places

    def compile_snippet(self, nodes: tuple, params: list[str], statements: bool):
        """A Python function (S, *params) for checked snippet nodes, in this game's namespace.
        Statements may not reach a decision; an expression's function returns its value."""
        if statements and self.suspension.block(nodes):
            raise RulesRuntimeError(nodes[0].span, "this cannot make a decision (no choose here)")
        name = self.fresh("SNIP")
        self.places[name] = ("this text", nodes[0].span)
        self.source = []
        if statements:
            self.native_function(name, params, nodes, Ctx())
        else:
            scope = Scope(self, False)
            accesses = [scope.bind(p) for p in params]
            self.source = [f"def {name}(S{''.join(', ' + a for a in accesses)}):", "    D = S.data",
                           f"    return {self.expr(nodes[0], scope)}"]
        exec(compile("\n".join(self.source) + "\n", f"<snippet of {self.p.title}>", "exec"), self.namespace)
        return self.namespace[name]


def check_names(names: tuple, span: Optional[n.Span]) -> None:
    """Names that stand for players (or teams, or members) are texts, each its own: scenarios
    and commands find them by name, whatever the case."""
    seen: dict[str, str] = {}
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise _names_error(span, f"a name must be a text that is not blank, not {name!r}")
        key = name.strip().lower()
        if key in seen:
            other = seen[key]
            same = f"'{name}' is given twice" if other == name else f"'{other}' and '{name}' differ only in case"
            raise _names_error(span, f"each name must be its own: {same}")
        seen[key] = name


def _names_error(span: Optional[n.Span], message: str) -> Exception:
    return RulesRuntimeError(span, message) if span is not None else OptionsError(message)


def _constant_label(game: CompiledGame, ref: str):
    """A fixed move text such as 'pass' (a K reference)."""
    index = int(ref[2:-1])
    text = game.K[index]
    return lambda values: text
