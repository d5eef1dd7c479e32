"""Lowering a whole checked program, for one set of options, into the compiled form (GameIR).

The order matters: kinds and constants first (everything after may use them), then who plays
and the layout of the state, then every function and block, then the values (last, because
only then are all the modifiers that may change them known).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Optional

from rulebook.dsl import nodes as n
from rulebook.dsl.errors import OptionsError
from rulebook.dsl.program import Program
from rulebook.dsl.types import PLAYER

from ..ir import exprs as x
from ..ir import stmts as s
from ..ir.program import Action, Choice, CodeTable, Function, GameIR, Naming, Payoff, Site, Value
from ..ir.types import BOOL, INT, Int, List, optional
from ..layout import (
    CURRENT_PHASE, CURRENT_PLAYER, CURRENT_STEP, grid_board, network_board, ports_board, ring_board,
)
from ..play.names import check_names
from ..analysis.program_walk import statement_roots, walk
from ..pyback.runtime import RulesRuntimeError
from ..analysis.reach import ReachMap
from ..play.validate import value_check
from . import marks
from .builder import Builder, frozen
from .context import Ctx
from .exprs import lower_expr
from .decisions import choice_marks, option_of
from .resumable import BlockBuilder, Label, branch, choice, place
from .stmts import lower_body


def build_game(program: Program, options: dict, player_count: int, player_names: tuple,
               team_of: Optional[tuple], evaluator: Callable, reach: Optional[ReachMap] = None) -> GameIR:
    """`reach`: make a counting build, which marks those reach points (lower/marks.py)."""
    b = Builder(program, options, player_count)
    b.evaluator = evaluator
    b.reach = reach
    b.player_names = tuple(player_names)
    kinds(b)
    for name, decl in program.consts.items():
        b.consts[name] = b.evaluate(decl.value)
    for decl in program.requirements:
        if not b.evaluate(decl.condition):
            raise OptionsError(decl.message)
    players(b, team_of)
    layout(b)
    history(b)
    reserve(b)
    blocks(b)
    functions(b)
    codes = code_tables(b)
    extras = results(b)
    paid = payoff(b)
    shown = reveals(b)
    values(b)
    return GameIR(
        title=program.title, options=options, player_count=player_count, layout=b.layout,
        slot_types=slot_types(b), initial=initial_data(b), player_names=b.player_names,
        team_names=b.team_names, team_of=b.team_of, kind_names=b.kind_names,
        functions=tuple(b.functions), blocks=tuple(b.blocks), sites=tuple(b.sites),
        actions=tuple(b.actions), modifiers=tuple(b.modifiers),
        values=tuple(Value(name, b.value_fn[name], tuple(b.modifiers_of[name])) for name in program.values),
        codes=codes, invariants=extras[0], score=extras[1], statistics=extras[2], payoff=paid,
        steps={k: tuple(v) for k, v in b.steps.items()}, calls={k: tuple(v) for k, v in b.calls.items()},
        step_names=tuple(b.step_names), phase_names=tuple(b.phase_names), naming=naming(b), reveals=shown,
        reach_points=len(reach) if reach is not None else 0)


# ---------------------------------------------------------------- what options fix
def kinds(b: Builder) -> None:
    for name, table in b.p.tables.items():
        key = table.key
        b.table_keys[name] = tuple(frozen(r.get(key)) for r in table.rows) if key else ()
        for column in table.columns:
            b.table_columns[(name, column)] = tuple(frozen(r.get(column)) for r in table.rows)
    for name, decl in b.p.kinds.items():
        if decl.table is None:
            b.kind_sizes[name] = len(decl.members)
            b.kind_names[name] = decl.members
            continue
        table = b.p.tables[decl.table]
        b.kind_sizes[name] = len(table.rows)
        key = table.key
        b.kind_names[name] = tuple(str(r.get(key, i + 1)) if key else str(i + 1) for i, r in enumerate(table.rows))
        b.kind_keys[name] = b.table_keys[decl.table]
        for column in table.columns:
            b.kind_columns[(name, column)] = b.table_columns[(decl.table, column)]


def players(b: Builder, seating: Optional[tuple]) -> None:
    p, count = b.p, b.player_count
    if p.teams is not None:
        team_of = tuple(b.evaluate(p.teams.team_of))
        if seating is not None:  # another seating of the same teams, chosen by the caller
            if sorted(seating) != sorted(team_of):
                raise OptionsError(f"this seating needs teams of sizes {sorted(team_of)}")
            team_of = tuple(seating)
        if len(team_of) != count or any(t.__class__ is not int or t < 0 for t in team_of):
            raise RulesRuntimeError(p.teams.span, f"teams must give a team number (from 0) to each of the {count} players")
        teams = max(team_of) + 1
        empty = [t for t in range(teams) if t not in team_of]
        if empty:
            raise RulesRuntimeError(p.teams.span, f"teams are numbered from 0 without gaps: no player "
                                                  f"is in team {empty[0]} (teams {list(team_of)})")
        b.team_of = team_of
        names = b.evaluate(p.teams.names) if p.teams.names is not None else None
        if names is not None and len(names) < teams:
            assert p.teams.names is not None  # the names were worked out from it
            raise RulesRuntimeError(p.teams.names.span, f"{teams} teams, but {len(names)} team names")
        b.team_names = tuple(names[:teams]) if names else tuple(f"team {t + 1}" for t in range(teams))
    else:
        b.team_of = tuple(range(count))
        b.team_names = b.player_names
    for type_name, decl in p.names.items():
        names = tuple(b.evaluate(decl.value))
        wanted = {"team": len(b.team_names), "player": count}.get(type_name, b.kind_sizes.get(type_name))
        if type_name == "player" and len(names) >= count:
            names = names[:count]  # a game for fewer players names only those seated
        if len(names) != wanted:
            raise RulesRuntimeError(decl.value.span, f"{len(names)} names for the {wanted} of '{type_name}'")
        check_names(names, decl.value.span)
        if type_name == "team":
            b.team_names = names
        elif type_name == "player":
            b.player_names = names
        else:
            b.kind_names[type_name] = names


def layout(b: Builder) -> None:
    # Boards of ports after the grids they lie on.
    for name, decl in sorted(b.p.boards.items(), key=lambda item: item[1].shape == "ports"):
        if decl.shape == "ports":
            assert decl.grid and decl.sides and decl.lanes  # the grammar gives all three
            b.layout.add_board(ports_board(name, b.layout.boards[decl.grid], b.kind_names[decl.sides],
                                           b.kind_names[decl.lanes]))
            continue
        sizes = [b.evaluate(size) for size in decl.sizes]
        nodes = 1
        for size in sizes:
            nodes *= size if size.__class__ is int else 0
        if any(v.__class__ is not int or v < 1 for v in sizes) or nodes > MAX_NODES:
            shown = " by ".join(map(repr, sizes))
            raise RulesRuntimeError(decl.span, f"board '{name}' cannot be {shown}: a board has from 1 to "
                                               f"{MAX_NODES:,} nodes")
        room(b, decl, 2 * nodes)
        if decl.shape == "ring":
            b.layout.add_board(ring_board(name, sizes[0]))
        elif decl.shape in ("grid", "hex"):
            b.layout.add_board(grid_board(name, sizes[0], sizes[1], decl.shape == "hex", decl.from_bottom,
                                          decl.diagonals))
        else:
            b.layout.add_board(network_board(name, sizes[0]))
    for zone in b.p.zones.values():
        dims = tuple(b.dim(part) for part in zone.index)
        room(b, zone, instances(dims) * (1 if zone.ordered else b.kind_sizes[zone.kind]))
        b.layout.add_zone(zone, dims, b.kind_sizes[zone.kind])
    for var in b.p.vars.values():
        dims = tuple(b.dim(part) for part in var.index)
        room(b, var, instances(dims))
        b.layout.add_var(var, dims, var.type.name == "list")
    for name, die in b.p.dice.items():
        faces = tuple(b.evaluate(die.faces))
        if not faces:
            raise RulesRuntimeError(die.span, f"die '{name}' has no faces")
        b.dice[name] = (b.layout.add_die(), faces)


def history(b: Builder) -> None:
    """Where the rules ask `repetitions()`: a slot for the digests of the positions played from,
    and the slots a position is made of — whose turn it is and the `position:` declaration's
    variables and zones, by default every public variable, zone and board grouping. Only public
    ones: the digests are in every player's view, so they must tell nothing a player may not see."""
    p = b.p
    roots = statement_roots(p) + [v.body for v in p.values.values()] + [i.condition for i in p.invariants] + \
        [s.value for s in p.statistics] + [d.value for d in (p.score, p.payoff) if d is not None]
    if not any(isinstance(node, n.Call) and node.name == "repetitions" for root in roots for node in walk(root)):
        return
    layout = b.layout
    layout.history = layout.allocate(1)
    layout.list_slots.append(layout.history)
    declared = b.p.position.names if b.p.position is not None else None
    slots = [CURRENT_PLAYER]  # whose turn it is: not the phase or step, which differ inside a turn
    for name, zone in layout.zones.items():
        if (zone.visibility == "public") if declared is None else name in declared:
            slots.extend(range(zone.base, zone.base + zone.width * zone.instances))
    for name, var in layout.vars.items():
        if (var.visibility == "public") if declared is None else name in declared:
            slots.extend(range(var.base, var.base + var.instances))
    if declared is None:
        for board in layout.boards.values():
            if board.roots >= 0:
                slots.extend(range(board.roots, board.roots + board.size))
            if board.edges >= 0:
                slots.extend(range(board.edges, board.edges + board.size))
    layout.position = tuple(slots)


# Limits that keep a state small enough to copy at every decision: nodes of one board, and
# places (counts, values) in a state.
MAX_NODES = 100_000
MAX_SLOTS = 1_000_000


def instances(dims: tuple) -> int:
    count = 1
    for d in dims:
        count *= d.size
    return count


def room(b: Builder, decl: n.Node, slots: int) -> None:
    """Refuse a declaration that would make every state of the game too big to handle."""
    if b.layout.size + slots > MAX_SLOTS:
        raise RulesRuntimeError(decl.span, f"'{getattr(decl, 'name', '')}' needs {slots:,} places in the state; "
                                           f"a game's state holds at most {MAX_SLOTS:,}")


def slot_types(b: Builder) -> tuple:
    """The type of every slot of the state's data."""
    types: list = [INT] * b.layout.size
    types[CURRENT_PLAYER] = b.ir_type(PLAYER)
    for zone in b.layout.zones.values():
        held = List(b.ir_type(("kind", zone.kind))) if zone.ordered else Int("count", 0)
        for slot in range(zone.base, zone.base + zone.width * zone.instances):
            types[slot] = held
        if zone.totals >= 0:
            types[zone.totals:zone.totals + zone.instances] = [Int("count", 0)] * zone.instances
    for name, var in b.layout.vars.items():
        decl = b.p.vars[name]
        t = b.ir_type(b.written_type(decl.type))
        if decl.type.optional:
            t = optional(t)
        for slot in range(var.base, var.base + var.instances):
            types[slot] = t
    for slot, faces in b.dice.values():
        types[slot] = List(INT)
    for board in b.layout.boards.values():
        if board.roots < 0:
            continue
        for node in range(board.size):
            types[board.roots + node] = b.ir_type(("group", board.name))
            if board.edges >= 0:
                types[board.edges + node] = List(b.ir_type(("node", board.name)))
    if b.layout.history >= 0:
        types[b.layout.history] = List(INT)
    return tuple(types)


def initial_data(b: Builder) -> tuple:
    data: list = [None] * b.layout.size
    data[CURRENT_PLAYER], data[CURRENT_PHASE], data[CURRENT_STEP] = 0, -1, -1
    for zone in b.layout.zones.values():
        empty = () if zone.ordered else 0
        for slot in range(zone.base, zone.base + zone.width * zone.instances):
            data[slot] = empty
        if zone.totals >= 0:
            data[zone.totals:zone.totals + zone.instances] = [0] * zone.instances
    for name, var in b.layout.vars.items():
        decl = b.p.vars[name]
        if decl.initial is not None:
            value = b.evaluate(decl.initial)
            if isinstance(value, (list, range)):
                value = tuple(value)
            fits, words = value_check(b.written_type(decl.type), b.player_count, len(b.team_names),
                                      b.kind_names, b.layout.boards)
            if not fits(value):
                raise RulesRuntimeError(decl.initial.span, f"'{name}' would start at {value!r}, not {words}")
        else:
            value = {"int": 0, "bool": False, "list": ()}.get(decl.type.name) if not decl.type.optional else None
        count = 1
        for d in var.dims:
            count *= d.size
        for slot in range(var.base, var.base + count):
            data[slot] = value
    for slot, _ in b.dice.values():
        data[slot] = ()
    for board in b.layout.boards.values():
        if board.roots < 0:
            continue
        for node in board.nodes:
            data[board.roots + node - board.low] = node
            if board.edges >= 0:
                data[board.edges + node - board.low] = ()
    if b.layout.history >= 0:
        data[b.layout.history] = ()
    return tuple(data)


# ---------------------------------------------------------------- functions and blocks
def trigger_params(t: n.TriggerDecl) -> list:
    if t.form == "enter":
        return [t.binds[0], t.binds[1]]
    if t.form == "change":
        return [t.binds[0]]
    if t.form in ("event", "answer"):
        return list(t.binds)
    return []


def reserve(b: Builder) -> None:
    """Number every function and block first: rules and triggers may call each other."""
    b.blocks.append(None)  # the flow
    for name in b.p.rules:
        if b.suspension.rules[name]:
            b.rule_block[name] = len(b.blocks)
            b.blocks.append(None)
        else:
            b.rule_fn[name] = b.reserve_function()
    for t in b.p.triggers:
        if b.suspension.triggers[id(t)]:
            b.trigger_block[id(t)] = len(b.blocks)
            b.blocks.append(None)
        else:
            b.trigger_fn[id(t)] = b.reserve_function()


def trigger_param_types(b: Builder, t: n.TriggerDecl) -> list:
    zone = b.layout.zones.get(t.name) if t.form in ("enter", "change") else None
    index_type = b.ir_type(b.dsl_index_type(zone)) if zone is not None else INT
    if t.form == "enter":
        return [b.ir_type(("kind", zone.kind)) if zone else INT, index_type]
    if t.form == "change":
        return [index_type]
    if t.form == "answer":  # the event's parameters, then the player asked
        return [INT] * (len(t.binds) - 1) + [b.ir_type(PLAYER)]
    return [INT] * len(t.binds)


def functions(b: Builder) -> None:
    for name, rule in b.p.rules.items():
        if name in b.rule_fn:
            scope = b.new_scope()
            for param in rule.params:
                scope.bind(param.name, b.param_type(param))
            statements = tuple(marks.block(b, rule)) + lower_body(b, rule.body, scope, Ctx())
            b.set_function(b.rule_fn[name], Function(f"rule {name}", "rule", len(rule.params),
                                                     scope.locals.frozen(), statements, INT, rule.span))
    for t in b.p.triggers:
        if id(t) not in b.trigger_fn:
            continue
        scope = b.new_scope()
        event = t.form in ("event", "answer")
        for name, ptype in zip(trigger_params(t), trigger_param_types(b, t)):
            scope.bind(name or "\0unused", ptype)
        params = len(scope.locals.infos)
        result = x.Const(False, type=BOOL) if event else None
        body: list = marks.block(b, t)
        if t.condition is not None:
            unless = x.Not(lower_expr(b, t.condition, scope), type=BOOL)
            body.append(s.If(((unless, (s.Return(result, span=t.span),)),), span=t.span))
        body += lower_body(b, t.body, scope, Ctx(handler=event))
        body.append(s.Return(result, span=t.span))
        b.set_function(b.trigger_fn[id(t)], Function(f"when {t.name}", "handler" if event else "trigger", params,
                                                     scope.locals.frozen(), tuple(body), BOOL, t.span))


def blocks(b: Builder) -> None:
    assert b.p.flow is not None  # the checker rejects a game without one
    flow = BlockBuilder(b, 0, "flow", b.p.flow.span)
    body = (b.p.setup.body if b.p.setup else ()) + b.p.flow.body
    place(flow, lower_body(b, body, flow.scope, Ctx()))
    b.blocks[0] = flow.finish(0)
    for name, index in b.rule_block.items():
        rule = b.p.rules[name]
        bb = BlockBuilder(b, index, f"rule {name}", rule.span)
        for param in rule.params:
            bb.scope.bind(param.name, b.param_type(param))
        bb.emit(marks.block(b, rule))
        place(bb, lower_body(b, rule.body, bb.scope, Ctx()))
        b.blocks[index] = bb.finish(len(rule.params))
    for t in b.p.triggers:
        if id(t) in b.trigger_block:
            trigger_block(b, t)
    actions(b)
    b.sites = [Site(block, tuple(resolved(c) for c in choices), span) for block, choices, span in b.sites]


def resolved(choice: Choice) -> Choice:
    """A choice whose target was a label (a `choose up to`'s done) names its instruction."""
    target = choice.target
    return replace(choice, target=target.pc) if hasattr(target, "pc") else choice


def trigger_block(b: Builder, t: n.TriggerDecl) -> None:
    index = b.trigger_block[id(t)]
    bb = BlockBuilder(b, index, f"when {t.name}", t.span)
    for name, ptype in zip(trigger_params(t), trigger_param_types(b, t)):
        bb.scope.bind(name or "\0unused", ptype)
    handler = t.form in ("event", "answer")
    if handler:  # where the emitter's frame is, and its flag a `cancel` sets
        bb.scope.bind("\0depth", INT)
        bb.scope.bind("\0flag", INT)
    params = len(bb.scope.locals.infos)
    bb.emit(marks.block(b, t))
    if t.condition is not None:
        go, stop = Label(), Label()
        branch(bb, lower_expr(b, t.condition, bb.scope), go, stop, t.span)
        bb.mark(stop)
        bb.end(s.Pop(span=t.span))
        bb.mark(go)
    place(bb, lower_body(b, t.body, bb.scope, Ctx(handler=handler)))
    b.blocks[index] = bb.finish(params)


def actions(b: Builder) -> None:
    """Each standing action is a block; its options are listed like a `choose:` menu's."""
    for name, decl in b.p.actions.items():
        index = len(b.blocks)
        b.blocks.append(None)
        bb = BlockBuilder(b, index, f"action {name}", decl.span)
        for param in decl.params:
            bb.scope.bind(param.name, b.param_type(param))
        choices = []
        for option in decl.options:
            inner = bb.scope.child()
            chosen = option_of(b, option, inner)
            choices.append(choice(chosen, bb.fresh()))
            place(bb, lower_body(b, option.body, inner, Ctx()))
            bb.end(s.Pop(span=option.span))
        # The action's block is entered through one of its choices.
        bb.mark_choices(choices, choice_marks(b, decl, [(o.binders, c.bindings) for o, c in zip(decl.options, choices)],
                                              tuple(marks.block(b, decl))))
        b.blocks[index] = bb.finish(len(decl.params))
        b.actions.append(Action(name, index, tuple(choices), decl.span))


def code_tables(b: Builder) -> tuple:
    tables = []
    for (column, kind), decl in b.p.codes.items():
        names = b.p.code_rules.get((column, kind), [])
        if decl.result is not None:  # an expression column: empty cells give the default
            scope = b.new_scope()
            for param in decl.params:
                scope.bind(param.name, b.param_type(param))
            value = lower_expr(b, decl.default, scope) if decl.default is not None else x.Const(None, type=INT)
            default = b.add_function(Function(f"default of {column}", "default", len(decl.params),
                                              scope.locals.frozen(), (s.Return(value, span=decl.span),),
                                              value.type, decl.span))
            fns = tuple(default if name is None else b.value_fn[name] for name in names)
            tables.append(CodeTable(column, kind, fns, tuple(-1 for _ in names), default))
            continue
        fns = tuple(b.rule_fn.get(name, -1) if name else -1 for name in names)
        blks = tuple(b.rule_block.get(name, -1) if name else -1 for name in names)
        tables.append(CodeTable(column, kind, fns, blks))
    return tuple(tables)


def expression_function(b: Builder, name: str, e: n.Node, scope, kind: str = "expression") -> int:
    params = len(scope.locals.infos)
    value = lower_expr(b, e, scope)
    return b.add_function(Function(name, kind, params, scope.locals.frozen(),
                                   (s.Return(value, span=e.span),), value.type, e.span))


def results(b: Builder) -> tuple:
    """Invariants, the score and the statistics, each a function."""
    invariants = tuple((decl.label, expression_function(b, f"invariant {decl.label}", decl.condition, b.new_scope()))
                       for decl in b.p.invariants)
    score = None
    if b.p.score is not None:
        scope = b.new_scope()
        scope.bind(b.p.score.player, b.ir_type(PLAYER))
        score = expression_function(b, "score", b.p.score.value, scope)
    statistics = []
    for stat in b.p.statistics:
        names_players = b.dsl_type(stat.value) == ("list", PLAYER)
        members = [None] if stat.domain is None else list(b.evaluate(stat.domain))
        for member in members:
            scope = b.new_scope()
            label_text: Any = stat.label
            if stat.var is not None:  # one figure per member: the member is fixed in its code
                assert stat.label_text is not None  # the parser sets it whenever `for` is given
                scope.fixed[stat.var] = member
                label_text = b.evaluator(lower_expr(b, stat.label_text, scope), (), stat.span)
            fn = expression_function(b, f"statistic {label_text}", stat.value, scope)
            statistics.append((label_text, fn, names_players))
    return invariants, score, tuple(statistics)


def payoff(b: Builder) -> Optional[Payoff]:
    """`payoff(p) …`: a function of the player, with its declared bounds and total worked out."""
    d = b.p.payoff
    if d is None:
        return None
    scope = b.new_scope()
    scope.bind(d.player, b.ir_type(PLAYER))
    fn = expression_function(b, "payoff", d.value, scope)
    low, high, total = (None if e is None else b.evaluate(e) for e in (d.low, d.high, d.total))
    if low is not None and high is not None and low > high:
        raise RulesRuntimeError(d.span, f"a payoff cannot lie in {low} .. {high}: the lowest is above the highest")
    return Payoff(fn, low, high, total, d.span)


def reveals(b: Builder) -> tuple:
    """`hidden|private unless C`: per zone or variable that has one, a function of the state."""
    return tuple((name, expression_function(b, f"reveal {name}", decl.reveal, b.new_scope()))
                 for name, decl in list(b.p.zones.items()) + list(b.p.vars.items()) if decl.reveal is not None)


def values(b: Builder) -> None:
    for name, decl in b.p.values.items():
        scope = b.new_scope()
        params = [x.Local(scope.bind(p.name, b.param_type(p)), type=b.param_type(p)) for p in decl.params]
        value = lower_expr(b, decl.body, scope)
        result = value
        if b.modifiers_of[name]:
            result = x.ApplyMods(b.value_fn[name], value, tuple(params), type=value.type)
        body = tuple(marks.block(b, decl)) + (s.Return(result, span=decl.span),)
        b.set_function(b.value_fn[name], Function(f"value {name}", "value", len(decl.params), scope.locals.frozen(),
                                                  body, value.type, decl.span))


def naming(b: Builder) -> Naming:
    return Naming(kind_sizes=b.kind_sizes, kind_columns=b.kind_columns, kind_keys=b.kind_keys,
                  table_columns=b.table_columns, table_keys=b.table_keys, consts=b.consts,
                  rule_functions=b.rule_fn, rule_blocks=b.rule_block,
                  trigger_functions=tuple(b.trigger_fn.get(id(t), -1) for t in b.p.triggers),
                  trigger_blocks=tuple(b.trigger_block.get(id(t), -1) for t in b.p.triggers),
                  const_rows={name: t[1] for name in b.p.consts for t in [b.p.symbols[name].type]
                              if isinstance(t, tuple) and t[0] == "row"},
                  dice=b.dice)
