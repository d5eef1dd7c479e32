"""Lark tree → program nodes: one small method per grammar rule, so no later layer sees a lark tree."""
from __future__ import annotations

import re
from typing import Any

from lark import Token, Transformer, Tree, v_args
from lark.exceptions import VisitError

from . import nodes as n
from .errors import RulesError
from .syntax import MAX_DIGITS, Origin, check_depth, parse_tree, read_tree


def build(text: str, start: str, origin: Origin) -> Any:
    """Parse `text` from the grammar rule `start` and turn it into nodes. Raises RulesError."""
    return to_nodes(parse_tree(text, start, origin), origin)


def to_nodes(tree: Tree, origin: Origin) -> Any:
    try:
        return _ToNodes(origin).transform(tree)
    except VisitError as err:
        if isinstance(err.orig_exc, RulesError):
            raise err.orig_exc from None
        raise


_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")


def parse_string(token: Token, origin: Origin) -> n.String:
    """A quoted text; each `{expr}` inside it is parsed as an expression with its own span."""
    raw = str(token)[1:-1]
    parts: list[Any] = []
    last = 0
    for match in _PLACEHOLDER.finditer(raw):
        if match.start() > last:
            parts.append(raw[last:match.start()])
        # A quoted text never spans lines, so the placeholder is on the token's line.
        where = origin.span(_line(token), _column(token) + 1 + match.start(1))
        parts.append(_parse_placeholder(match.group(1), Origin(origin.path, where.line, where.column)))
        last = match.end()
    if last < len(raw):
        parts.append(raw[last:])
    span = _token_span(token, origin)
    if any(isinstance(p, str) and ("{" in p or "}" in p) for p in parts):
        raise RulesError.at(span, "unbalanced '{' or '}' in text")
    return n.String(span, tuple(parts))


def _parse_placeholder(source: str, origin: Origin) -> n.Node:
    try:
        tree = read_tree(source, "expr", origin)
    except RulesError:
        raise RulesError.at(origin.span(1, 1), f"cannot read '{{{source}}}' as an expression") from None
    check_depth(tree, origin)
    return to_nodes(tree, origin)


def _token_span(token: Token, origin: Origin) -> n.Span:
    return origin.span(_line(token), _column(token), token.end_line or _line(token), token.end_column or _column(token))


# The lexer always places the tokens it makes; only tokens built by hand have no position.
def _line(token: Token) -> int:
    return token.line or 1


def _column(token: Token) -> int:
    return token.column or 1


@v_args(meta=True, inline=True)
class _ToNodes(Transformer):
    """Each method builds one node; `meta` gives the span."""

    def __init__(self, origin: Origin):
        super().__init__()
        self.origin = origin
        self.path = origin.path

    def _span(self, meta) -> n.Span:
        if getattr(meta, "empty", True):
            return self.origin.span(1, 1)
        return self.origin.span(meta.line, meta.column, meta.end_line, meta.end_column)

    def _from_token(self, token: Token, meta) -> n.Span:
        """From a token to the end of the rule it starts (messages quote the whole call)."""
        if getattr(meta, "empty", True):
            return self._tspan(token)
        return self.origin.span(_line(token), _column(token), meta.end_line, meta.end_column)

    def _tspan(self, token: Token) -> n.Span:
        return self.origin.span(_line(token), _column(token))

    def _str(self, token):
        return parse_string(token, self.origin) if token is not None else None

    # ------------------------------------------------------------ module
    def snippet(self, meta, *stmts):
        return tuple(stmts)

    def start(self, meta, *decls):
        return n.Module(n.Span(self.path, 1, 1), self.path, tuple(decls))

    def game_decl(self, meta, title, version):
        return n.GameDecl(self._span(meta), str(title)[1:-1], str(version)[1:-1] if version else "0")

    def option_decl(self, meta, name, kind, default, help_text):
        kind_name, bounds, choices = kind
        return n.OptionDecl(self._span(meta), str(name), kind_name, bounds, choices, default,
                            str(help_text)[1:-1] if help_text else "", self._tspan(name))

    def bool_option(self, meta):
        return ("bool", None, ())

    def int_option(self, meta, bounds):
        if not isinstance(bounds, n.Range):
            raise RulesError.at(self._span(meta), "an int option needs a range, e.g. 'int 2..4'")
        return ("int", bounds, ())

    def choice_option(self, meta, *names):
        return ("choice", None, tuple(str(x) for x in names))

    def list_option(self, meta, kind):
        return ("list", None, (str(kind),))

    def replace_decl(self, meta, decl):
        return n.Replace(self._span(meta), decl)

    def require_decl(self, meta, condition, message):
        return n.RequireDecl(self._span(meta), condition, str(message)[1:-1])

    def table_decl(self, meta, name, file, key):
        return n.TableDecl(self._span(meta), str(name), str(file)[1:-1], str(key) if key else None,
                           self._tspan(file))

    def const_decl(self, meta, name, value):
        return n.ConstDecl(self._span(meta), str(name), value, self._tspan(name))

    def players_decl(self, meta, counts, default):
        if not isinstance(counts, n.Range):
            counts = n.Range(counts.span, counts, counts)
        return n.PlayersDecl(self._span(meta), counts, default)

    def teams_decl(self, meta, team_of, names):
        return n.TeamsDecl(self._span(meta), team_of, names)

    def names_decl(self, meta, type_name, value):
        return n.NamesDecl(self._span(meta), str(type_name), value)

    def kind_list(self, meta, name, *members):
        return n.KindDecl(self._span(meta), str(name), tuple(str(m) for m in members), None)

    def kind_table(self, meta, name, table):
        return n.KindDecl(self._span(meta), str(name), (), str(table), self._tspan(table))

    def board_decl(self, meta, name, shape):
        return n.BoardDecl(self._span(meta), str(name), *shape)

    def ring_shape(self, meta, size):
        return ("ring", (size,))

    def grid_shape(self, meta, width, height, diagonals, bottom_left):
        return ("grid", (width, height), None, None, None, diagonals is not None, bottom_left is not None)

    def hex_shape(self, meta, width, height, bottom_left):
        return ("hex", (width, height), None, None, None, False, bottom_left is not None)

    def diagonals(self, meta):  # `with diagonals` (grid_shape reads whether it is there)
        return True

    def bottom_left(self, meta):  # `from bottom left`
        return True

    def network_shape(self, meta, capacity):
        return ("network", (capacity,))

    def ports_shape(self, meta, grid, sides, lanes):
        return ("ports", (), str(grid), str(sides), str(lanes))

    def links_decl(self, meta, column, kind, board):
        return n.LinksDecl(self._span(meta), str(column), str(kind), str(board))

    def die_decl(self, meta, name, faces):
        return n.DieDecl(self._span(meta), str(name), faces)

    def zone_decl(self, meta, form, name, index, kind, visibility):
        shown, reveal, said = visibility or ("public", None, False)
        return n.ZoneDecl(self._span(meta), str(name), index or (), str(kind), str(form) == "pile",
                          shown, self._tspan(kind), reveal, said)

    def var_decl(self, meta, name, index, type_, initial, visibility):
        shown, reveal, said = visibility or ("public", None, False)
        return n.VarDecl(self._span(meta), str(name), index or (), type_, initial, shown, reveal, said)

    def visibility(self, meta, kind, reveal):
        return str(kind), reveal, False

    def said_public(self, meta):
        return "public", None, True

    def reveal(self, meta, condition):
        return condition

    def index(self, meta, *parts):
        return tuple(parts)

    def index_type(self, meta, name):
        return n.IndexPart(self._span(meta), str(name))

    def index_range(self, meta, low, high):
        return n.IndexPart(self._span(meta), None, low, high)

    def simple_type(self, meta, name):
        return n.TypeRef(self._span(meta), str(name))

    def list_type(self, meta, inner):
        return n.TypeRef(self._span(meta), "list", inner)

    def group_type(self, meta, board):
        return n.TypeRef(self._span(meta), "group", n.TypeRef(self._tspan(board), str(board)))

    def optional_type(self, meta, inner):
        return n.TypeRef(inner.span, inner.name, inner.arg, True)

    def value_decl(self, meta, name, params, result, body):
        return n.ValueDecl(self._span(meta), str(name), params or (), result, body, self._tspan(name))

    def rule_decl(self, meta, name, params, body):
        return n.RuleDecl(self._span(meta), str(name), params or (), body, self._tspan(name))

    def params(self, meta, *items):
        return tuple(items)

    def param(self, meta, name, type_):
        return n.Param(self._span(meta), str(name), type_)

    def action_decl(self, meta, name, params, *options):
        return n.ActionDecl(self._span(meta), str(name), params or (), tuple(options), self._tspan(name))

    def code_decl(self, meta, column, kind, params, result, default):
        return n.CodeDecl(self._span(meta), str(column), str(kind), params or (), result, default)

    def allow_stmt(self, meta, action, args, player, condition, body):
        return n.Allow(self._span(meta), str(action), args or (), player, body, condition)

    def run_stmt(self, meta, column, member, args):
        return n.RunCode(self._span(meta), str(column), member, args or ())

    def trigger_decl(self, meta, pattern, condition, body):
        form, name, binds, name_span = pattern
        return n.TriggerDecl(self._span(meta), form, name, binds, condition, body, name_span)

    # A pattern gives (form, the name it watches, the names it binds, where that name is written).
    def enter_pattern(self, meta, kind_var, zone, index_var):
        return ("enter", str(zone), (str(kind_var), str(index_var) if index_var else None), self._tspan(zone))

    def change_pattern(self, meta, zone, index_var):
        return ("change", str(zone), (str(index_var) if index_var else None,), self._tspan(zone))

    def event_pattern(self, meta, event, names):
        return ("event", str(event), names or (), self._tspan(event))

    def answer_pattern(self, meta, event, names, asked):
        return ("answer", str(event), (names or ()) + (str(asked),), self._tspan(event))

    def span_end_pattern(self, meta, span_name):
        return ("span_end", str(span_name), (), self._tspan(span_name))

    def names(self, meta, *items):
        return tuple(str(i) for i in items)

    def invariant_decl(self, meta, label, condition):
        return n.InvariantDecl(self._span(meta), str(label)[1:-1], condition)

    def setup_decl(self, meta, body):
        return n.BlockDecl(self._span(meta), "setup", body)

    def flow_decl(self, meta, body):
        return n.BlockDecl(self._span(meta), "flow", body)

    def score_decl(self, meta, player, value):
        return n.ScoreDecl(self._span(meta), str(player), value)

    def position_decl(self, meta, *names):
        return n.PositionDecl(self._span(meta), tuple(str(name) for name in names))

    def payoff_decl(self, meta, player, low, high, total, value):
        return n.PayoffDecl(self._span(meta), str(player), value, low, high, total)

    def statistic_decl(self, meta, label, var, domain, value):
        text = self._str(label) if var is not None else None
        return n.StatisticDecl(self._span(meta), str(label)[1:-1], value, str(var) if var else None, domain, text)

    # ------------------------------------------------------------ statements
    def block(self, meta, *stmts):
        return tuple(stmts)

    def let_stmt(self, meta, name, value):
        return n.Let(self._span(meta), str(name), value)

    def assign_stmt(self, meta, target, op, value):
        name, indexes = target
        return n.Assign(self._span(meta), name, indexes, str(op), value)

    def name_target(self, meta, name):
        return (str(name), ())

    def index_target(self, meta, target, indexes):
        name, previous = target
        return (name, previous + (indexes,))

    def call_stmt(self, meta, name, args):
        return n.CallStmt(self._span(meta), str(name), args or ())

    def move_stmt(self, meta, count, kind, source, dest):
        return n.Move(self._span(meta), count, kind, source, dest)

    def move_all_stmt(self, meta, source, dest):
        return n.Move(self._span(meta), None, None, source, dest)

    def draw_stmt(self, meta, count, source, dest):
        return n.Draw(self._span(meta), count, source, dest)

    def put_stmt(self, meta, count, kind, zone):
        return n.Put(self._span(meta), count, kind, zone, False)

    def take_stmt(self, meta, count, kind, zone):
        return n.Put(self._span(meta), count, kind, zone, True)

    def shuffle_stmt(self, meta, zone):
        return n.Shuffle(self._span(meta), zone)

    def load_stmt(self, meta, die, faces):
        return n.LoadDie(self._span(meta), str(die), faces)

    def merge_stmt(self, meta, first, second):
        return n.Merge(self._span(meta), first, second)

    def connect_stmt(self, meta, first, second):
        return n.Connect(self._span(meta), first, second)

    def end_stmt(self, meta, winners, reason):
        return n.EndGame(self._span(meta), winners, self._str(reason))

    def emit_stmt(self, meta, event, args, askers):
        return n.Emit(self._span(meta), str(event), args or (), None, askers)

    def emit_block(self, meta, event, args, askers, body):
        return n.Emit(self._span(meta), str(event), args or (), body, askers)

    def answered(self, meta, askers):
        return askers

    def cancel_stmt(self, meta):
        return n.Cancel(self._span(meta))

    def modify_stmt(self, meta, value, params, op, amount, condition, span_name):
        return n.Modify(self._span(meta), str(value), params or (), str(op), amount, condition,
                        str(span_name), self._tspan(value), self._tspan(span_name))

    def log_stmt(self, meta, text, audience, public):
        return n.Log(self._span(meta), self._str(text), audience, self._str(public))

    def break_stmt(self, meta):
        return n.Break(self._span(meta))

    def pass_stmt(self, meta):
        return n.Pass(self._span(meta))

    def choose_stmt(self, meta, binders, chooser, optional, label, public):
        span = self._span(meta)
        text = self._str(label) if label else None
        option = n.Option(span, text, binders, (), public=public)
        return n.Choose(span, (option,), chooser, optional is not None, False)

    def public_text(self, meta, text):
        return self._str(text)

    def pick_stmt(self, meta, var, domain, condition):
        return n.Pick(self._span(meta), str(var), domain, condition)

    def upto_stmt(self, meta, count, binders, chooser, label, body):
        span = self._span(meta)
        option = n.Option(span, self._str(label) if label else None, binders, body)
        return n.UpTo(span, count, option, chooser)

    def menu_stmt(self, meta, chooser, *options):
        return n.Choose(self._span(meta), tuple(options), chooser, False, True)

    def option(self, meta, label, public, binders, body):
        return n.Option(self._span(meta), self._str(label), binders or (), body, public=public)

    def guarded_option(self, meta, label, public, guard, body):
        return n.Option(self._span(meta), self._str(label), (), body, guard, public)

    def binders(self, meta, *items):
        return tuple(items)

    def binder(self, meta, var, domain, condition):
        return n.Binder(self._span(meta), str(var), domain, condition)

    def if_stmt(self, meta, condition, body, *rest):
        branches = [(condition, body)]
        otherwise = None
        for item in rest:
            if item is None:
                continue
            if item[0] == "elif":
                branches.append((item[1], item[2]))
            else:
                otherwise = item[1]
        return n.If(self._span(meta), tuple(branches), otherwise)

    def elif_clause(self, meta, condition, body):
        return ("elif", condition, body)

    def else_clause(self, meta, body):
        return ("else", body)

    def for_stmt(self, meta, var, domain, body):
        return n.For(self._span(meta), str(var), domain, body)

    def secret_stmt(self, meta, var, domain, body):
        return n.Secretly(self._span(meta), str(var), domain, body)

    def repeat_stmt(self, meta, count, body):
        return n.Repeat(self._span(meta), count, body)

    def while_stmt(self, meta, condition, body):
        return n.While(self._span(meta), condition, body)

    def loop_stmt(self, meta, body):
        return n.Loop(self._span(meta), body)

    def turn_stmt(self, meta, player, body):
        return n.SpanBlock(self._span(meta), "turn", "turn", player, body)

    def phase_stmt(self, meta, name, body):
        return n.SpanBlock(self._span(meta), "phase", str(name), None, body)

    def round_stmt(self, meta, body):
        return n.SpanBlock(self._span(meta), "round", "round", None, body)

    def step_stmt(self, meta, name, body):
        return n.SpanBlock(self._span(meta), "step", str(name), None, body)

    # ------------------------------------------------------------ expressions
    def exprs(self, meta, *items):
        return tuple(items)

    def cond_expr(self, meta, then, condition, otherwise):
        return n.Conditional(self._span(meta), then, condition, otherwise)

    def or_expr(self, meta, *operands):
        return n.BoolOp(self._span(meta), "or", tuple(operands))

    def and_expr(self, meta, *operands):
        return n.BoolOp(self._span(meta), "and", tuple(operands))

    def not_expr(self, meta, operand):
        return n.Not(self._span(meta), operand)

    def compare(self, meta, left, op, right):
        return n.BinOp(self._span(meta), str(op), left, right)

    def member(self, meta, left, right):
        return n.BinOp(self._span(meta), "in", left, right)

    def not_member(self, meta, left, right):
        return n.BinOp(self._span(meta), "not in", left, right)

    def range(self, meta, low, high):
        return n.Range(self._span(meta), low, high)

    def add(self, meta, left, right):
        return n.BinOp(self._span(meta), "+", left, right)

    def sub(self, meta, left, right):
        return n.BinOp(self._span(meta), "-", left, right)

    def mul(self, meta, left, right):
        return n.BinOp(self._span(meta), "*", left, right)

    def div(self, meta, left, right):
        return n.BinOp(self._span(meta), "/", left, right)

    def mod(self, meta, left, right):
        return n.BinOp(self._span(meta), "%", left, right)

    def neg(self, meta, operand):
        return n.Neg(self._span(meta), operand)

    def attribute(self, meta, target, name):
        return n.Attribute(self._span(meta), target, str(name))

    def subscript(self, meta, target, indexes):
        return n.Subscript(self._span(meta), target, indexes)

    def call(self, meta, name, args):
        return n.Call(self._from_token(name, meta), str(name), args or ())

    def aggregate(self, meta, name, generator):
        return n.Aggregate(self._from_token(name, meta), str(name), generator)

    def number(self, meta, token):
        if len(token) > MAX_DIGITS:
            raise RulesError.at(self._tspan(token), "number too large")
        return n.Number(self._tspan(token), int(token))

    def string(self, meta, token):
        return self._str(token)

    def true(self, meta):
        return n.Bool(self._span(meta), True)

    def false(self, meta):
        return n.Bool(self._span(meta), False)

    def none(self, meta):
        return n.NoneLit(self._span(meta))

    def name(self, meta, token):
        return n.Name(_token_span(token, self.origin), str(token))  # its end: messages quote it

    def list_expr(self, meta, items):
        return n.ListExpr(self._span(meta), items or ())

    def list_comp(self, meta, generator):
        return n.ListComp(self._span(meta), generator)

    def best(self, meta, var, domain, key, condition):
        return n.Best(self._span(meta), str(var), domain, key, condition)

    def sort(self, meta, var, domain, keys):
        return n.Sort(self._span(meta), str(var), domain, keys)

    def generator(self, meta, element, var, domain, condition):
        return n.Generator(self._span(meta), element, str(var), domain, condition)
