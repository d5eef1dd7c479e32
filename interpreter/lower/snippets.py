"""Lowering rules text written outside the rules files (a scenario's expression or statements)
against a game already compiled: a small compiler built from the compiled form's naming (what
the rules' names stood for), one per compiled game, owned by the game that asks."""
from __future__ import annotations

from rulebook.dsl import nodes as n
from rulebook.dsl.program import Program
from rulebook.dsl.snippets import parse_type

from ..ir import stmts as s
from ..ir.program import Function, GameIR
from ..ir.types import INT
from ..runtime import RulesRuntimeError
from .builder import Builder
from .context import Ctx
from .exprs import lower_expr
from .stmts import lower_body

class SnippetCompiler:
    """Lowers checked snippet nodes against one compiled game (its IR and checked program)."""

    def __init__(self, ir: GameIR, program: Program):
        self.ir = ir
        self.program = program
        self.builder = _builder(ir, program)

    def lower(self, nodes: tuple, params: dict, statements: bool) -> Function:
        return lower_snippet(self.builder, nodes, params, statements)

    def zone_of(self, node: n.Node):
        return zone_of(self.ir, node)


def _builder(ir: GameIR, program: Program) -> Builder:
    """A builder that knows the compiled game's names (it lowers; it adds nothing to the game)."""
    b = Builder(program, ir.options, ir.player_count)
    names = ir.naming
    b.layout = ir.layout
    b.kind_sizes, b.kind_names, b.kind_columns = names.kind_sizes, dict(ir.kind_names), names.kind_columns
    b.kind_keys, b.table_columns, b.table_keys = names.kind_keys, names.table_columns, names.table_keys
    b.consts = names.consts
    b.team_of, b.team_names, b.player_names = ir.team_of, ir.team_names, ir.player_names
    b.rule_fn, b.rule_block = dict(names.rule_functions), dict(names.rule_blocks)
    b.trigger_fn = {id(t): fn for t, fn in zip(program.triggers, names.trigger_functions) if fn >= 0}
    b.trigger_block = {id(t): blk for t, blk in zip(program.triggers, names.trigger_blocks) if blk >= 0}
    b.step_names, b.phase_names = list(ir.step_names), list(ir.phase_names)
    b.functions = list(ir.functions)
    b.dice = names.dice
    return b


def lower_snippet(b: Builder, nodes: tuple, params: dict, statements: bool) -> Function:
    """A function (params…) for checked snippet nodes: statements, or an expression's value."""
    program = b.p
    if statements and b.suspension.block(nodes):
        raise RulesRuntimeError(nodes[0].span, "this cannot make a decision (no choose here)")
    if statements and any(isinstance(node, n.Modify) for node in _walk(nodes)):
        raise RulesRuntimeError(nodes[0].span, "rules text outside the rules files cannot modify a value")
    scope = b.new_scope()
    where = nodes[0].span if nodes else n.NOWHERE
    for name, type_text in params.items():
        scope.bind(name, b.ir_type(parse_type(program, type_text, where)))
    if statements:
        body = lower_body(b, nodes, scope, Ctx())
        return Function("snippet", "rule", len(params), scope.locals.frozen(), body, INT, where)
    value = lower_expr(b, nodes[0], scope)
    return Function("snippet", "expression", len(params), scope.locals.frozen(), (s.Return(value, span=where),),
                    value.type, where)


def _walk(value):
    """Every node inside value (a node, or tuples of them)."""
    if isinstance(value, tuple):
        for item in value:
            yield from _walk(item)
    elif isinstance(value, n.Node):
        yield value
        for name in type(value).__dataclass_fields__:
            yield from _walk(getattr(value, name))


def zone_of(ir: GameIR, e: n.Node):
    """The zone layout a zone expression names."""
    while isinstance(e, n.Subscript):
        e = e.target
    if isinstance(e, n.Name) and e.name in ir.layout.zones:
        return ir.layout.zones[e.name]
    raise RulesRuntimeError(e.span, "not a zone")
