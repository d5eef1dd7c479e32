"""Lowering statements where play cannot stop: one handler per statement node of the language.

Each handler takes the builder, the node, the scope and the context, and gives a list of
statements of the compiled form. Statements that can stop for a decision are lowered by
flow.py into a block's instructions instead; `choose` and `choose up to` always are.
"""
from __future__ import annotations

from typing import Callable

from rulebook.dsl import nodes as n
from rulebook.dsl.types import PLAYER, element_of

from ..analysis import free_names
from ..program_walk import portable_place
from ..ir import exprs as x
from ..ir import stmts as s
from ..ir.program import Function, Modifier
from ..ir.types import BOOL, INT, SLOT, TEXT, List, element
from ..layout import CURRENT_PHASE, CURRENT_PLAYER, CURRENT_STEP
from . import marks
from .builder import Builder
from .context import Ctx
from .exprs import domain, lower_expr, offset
from .pieces import call_trigger, lower_draw, lower_move, lower_put
from .scope import Scope

STATEMENTS: dict[type, Callable] = {}


def handles(cls: type):
    def register(fn: Callable) -> Callable:
        STATEMENTS[cls] = fn
        return fn
    return register


def lower_body(b: Builder, body, scope: Scope, ctx: Ctx) -> tuple:
    out: list = []
    for st in body:
        out.extend(marks.statement(b, st))
        out.extend(STATEMENTS[type(st)](b, st, scope, ctx))
    return tuple(out)


def at(slot: int) -> x.Expr:
    return x.Const(slot, type=SLOT)


@handles(n.Let)
def s_Let(b: Builder, st: n.Let, scope: Scope, ctx: Ctx):
    value = lower_expr(b, st.value, scope)
    return [s.SetLocal(scope.bind(st.name, value.type), value, span=st.span)]


@handles(n.Assign)
def s_Assign(b: Builder, st: n.Assign, scope: Scope, ctx: Ctx):
    value = lower_expr(b, st.value, scope)
    op = st.op[0]
    local = scope.lookup(st.name)
    if local is not None:
        if st.op == "=":
            return [s.SetLocal(local, value, span=st.span)]
        return [s.UpdateLocal(local, op, value, span=st.span)]
    var = b.layout.vars[st.name]
    indexes = [e for group in st.indexes for e in group]
    addr = offset(b, var.dims, 1, var.base, indexes, scope) if indexes else at(var.base)
    if st.op == "=":
        return [s.Store(addr, value, span=st.span)]
    return [s.Update(addr, op, value, span=st.span)]


@handles(n.CallStmt)
def s_CallStmt(b: Builder, st: n.CallStmt, scope: Scope, ctx: Ctx):
    args = tuple(lower_expr(b, a, scope) for a in st.args)
    return [s.Do(x.CallFn(b.rule_fn[st.name], args, type=INT), span=st.span)]


@handles(n.Pass)
def s_Pass(b, st, scope, ctx):
    return []


def span_exits(b: Builder, ctx: Ctx) -> list:
    """Leaving spans by `break` still ends them (and an `allow` stops allowing)."""
    out: list = []
    for span in reversed(ctx.spans):
        if isinstance(span, n.Allow):
            out.append(s.PopAllow(span=span.span))
        else:
            out += span_exit(b, span, ctx)
    return out


@handles(n.Break)
def s_Break(b: Builder, st: n.Break, scope: Scope, ctx: Ctx):
    assert ctx.loop == "native"  # a break out of a block's loop is lowered by flow.py
    return span_exits(b, ctx) + [s.Break(span=st.span)]


@handles(n.Cancel)
def s_Cancel(b: Builder, st: n.Cancel, scope: Scope, ctx: Ctx):
    assert ctx.handler == "native"  # cancelling from a handler that is a block: flow.py
    return [s.Return(x.Const(True, type=BOOL), span=st.span)]


@handles(n.Log)
def s_Log(b: Builder, st: n.Log, scope: Scope, ctx: Ctx):
    audience = lower_expr(b, st.audience, scope) if st.audience is not None else None
    public = lower_expr(b, st.public, scope) if st.public is not None else None
    return [s.Log(lower_expr(b, st.text, scope), audience, public, span=st.span)]


@handles(n.EndGame)
def s_EndGame(b: Builder, st: n.EndGame, scope: Scope, ctx: Ctx):
    winners = lower_expr(b, st.winners, scope) if st.winners is not None else x.Const((), type=List(INT))
    by_player = st.winners is not None and b.dsl_type(st.winners) == ("list", PLAYER)
    reason = lower_expr(b, st.reason, scope) if st.reason is not None else x.Const("", type=TEXT)
    return [s.EndGame(winners, by_player, reason, span=st.span)]


@handles(n.Merge)
def s_Merge(b: Builder, st: n.Merge, scope: Scope, ctx: Ctx):
    board = b.board_of(st.first)
    args = (b.const(board.roots), b.const(board.nodes, List(INT)), b.const(board.low),
            lower_expr(b, st.first, scope), lower_expr(b, st.second, scope))
    return [s.Do(x.Helper("merge", args, st.span, type=INT), span=st.span)]


@handles(n.Connect)
def s_Connect(b: Builder, st: n.Connect, scope: Scope, ctx: Ctx):
    board = b.layout.boards[b.dsl_type(st.first)[1]]
    args = (b.const(board.edges), b.const(board.low), lower_expr(b, st.first, scope),
            lower_expr(b, st.second, scope))
    return [s.Do(x.Helper("connect", args, st.span, type=INT), span=st.span)]


@handles(n.Pick)
def s_Pick(b: Builder, st: n.Pick, scope: Scope, ctx: Ctx):
    where = b.const(portable_place(st.span, b.p), TEXT)  # names the statement to explicit chance
    die = b.die_of(st.domain, scope)
    if die is not None:  # a roll: its next loaded face, else a face at random
        slot, faces = die
        t = b.type_of(st.domain)
        rolled = x.Helper("roll", (at(slot), b.const(faces, t), where), type=element(t))
        return [s.SetLocal(scope.bind(st.var, element(t)), rolled, span=st.span)]
    dom = domain(b, st.domain, scope)
    inner = scope.child()
    var = inner.temp(st.var, element(dom.type))
    cond = lower_expr(b, st.condition, inner) if st.condition is not None else None
    items = x.Comp("list", var, dom, cond, x.Local(var, type=element(dom.type)), type=dom.type)
    picked = x.Helper("pick", (items, where), type=element(dom.type))
    return [s.SetLocal(scope.bind(st.var, element(dom.type)), picked, span=st.span)]


@handles(n.LoadDie)
def s_LoadDie(b: Builder, st: n.LoadDie, scope: Scope, ctx: Ctx):
    slot, faces = b.dice[st.die]
    t = List(b.ir_type(b.dsl_type(st.faces)[1] if isinstance(b.dsl_type(st.faces), tuple) else "int"))
    rolls = x.Helper("load_die", (lower_expr(b, st.faces, scope), b.const(faces, t)), st.span, type=t)
    return [s.Store(at(slot), rolls, span=st.span)]


@handles(n.Shuffle)
def s_Shuffle(b: Builder, st: n.Shuffle, scope: Scope, ctx: Ctx):
    return [s.Do(x.Helper("shuffle", (lower_expr(b, st.zone, scope),), type=INT), span=st.span)]


@handles(n.If)
def s_If(b: Builder, st: n.If, scope: Scope, ctx: Ctx):
    branches = tuple((lower_expr(b, cond, scope), tuple(marks.arm(b, st, i)) + lower_body(b, body, scope.child(), ctx))
                     for i, (cond, body) in enumerate(st.branches))
    otherwise = lower_body(b, st.otherwise, scope.child(), ctx) if st.otherwise is not None else ()
    otherwise = tuple(marks.arm(b, st, "else")) + otherwise  # a counting build marks an else left out too
    return [s.If(branches, otherwise, span=st.span)]


@handles(n.For)
def s_For(b: Builder, st: n.For, scope: Scope, ctx: Ctx):
    dom = domain(b, st.domain, scope)
    inner = scope.child()
    var = inner.bind(st.var, element(dom.type), frame=False)
    body = b.tick(st) + list(lower_body(b, st.body, inner, ctx.looping("native")))
    return [s.ForEach(var, dom, tuple(body), span=st.span)]


@handles(n.Repeat)
def s_Repeat(b: Builder, st: n.Repeat, scope: Scope, ctx: Ctx):
    count = lower_expr(b, st.count, scope)
    inner = scope.child()
    var = inner.temp("\0repeat", INT)
    rounds = x.IntRange(x.Const(1, type=INT), count, type=List(INT), span=b.metered_span(st.span))
    return [s.ForEach(var, rounds, lower_body(b, st.body, inner, ctx.looping("native")), span=st.span)]


@handles(n.While)
def s_While(b: Builder, st: n.While, scope: Scope, ctx: Ctx):
    cond = lower_expr(b, st.condition, scope)
    body = b.tick(st) + list(lower_body(b, st.body, scope.child(), ctx.looping("native")))
    return [s.While(cond, tuple(body), span=st.span)]


@handles(n.Loop)
def s_Loop(b: Builder, st: n.Loop, scope: Scope, ctx: Ctx):
    body = b.tick(st) + list(lower_body(b, st.body, scope.child(), ctx.looping("native")))
    return [s.While(x.Const(True, type=BOOL), tuple(body), span=st.span)]



# ---------------------------------------------------------------- spans of play
def span_enter(b: Builder, st: n.SpanBlock, scope: Scope) -> list:
    if st.kind == "turn":
        assert st.player is not None  # `turn P:` always names its player
        return [s.Store(at(CURRENT_PLAYER), lower_expr(b, st.player, scope), span=st.span)]
    if st.kind == "phase":
        if st.name not in b.phase_names:
            b.phase_names.append(st.name)
        return [s.Store(at(CURRENT_PHASE), b.const(b.phase_names.index(st.name)), span=st.span)]
    if st.kind == "step":
        if st.name not in b.step_names:
            b.step_names.append(st.name)
        return [s.Store(at(CURRENT_STEP), b.const(b.step_names.index(st.name)), span=st.span)]
    return []


def span_exit_common(b: Builder, st: n.SpanBlock) -> list:
    out: list = [s.EndSpan(b.span_code(st.kind), span=st.span)]
    if st.kind == "step":
        out.append(s.Store(at(CURRENT_STEP), b.const(-1), span=st.span))
    return out


def span_exit(b: Builder, st: n.SpanBlock, ctx: Ctx) -> list:
    return span_exit_common(b, st) + [call_trigger(b, t, (), ctx) for t in b.triggers("span_end", st.kind)]


@handles(n.SpanBlock)
def s_SpanBlock(b: Builder, st: n.SpanBlock, scope: Scope, ctx: Ctx):
    body = lower_body(b, st.body, scope.child(), ctx.inside(st))
    return span_enter(b, st, scope) + list(body) + span_exit(b, st, ctx)


def allow_push(b: Builder, st: n.Allow, scope: Scope) -> s.PushAllow:
    args = tuple(lower_expr(b, a, scope) for a in st.args)
    player = lower_expr(b, st.player, scope) if st.player is not None else x.Load(at(CURRENT_PLAYER), type=INT)
    if st.condition is not None:  # not allowed: an entry nobody matches keeps push and pop paired
        player = x.Cond(lower_expr(b, st.condition, scope), player, b.const(-1), type=INT)
    return s.PushAllow(list(b.p.actions).index(st.action), args, player, span=st.span)


@handles(n.Allow)
def s_Allow(b: Builder, st: n.Allow, scope: Scope, ctx: Ctx):
    body = lower_body(b, st.body, scope.child(), ctx.inside(st))
    return [allow_push(b, st, scope)] + list(body) + [s.PopAllow(span=st.span)]


def code_of(b: Builder, st: n.RunCode) -> int:
    return b.code_index[(st.column, b.dsl_type(st.member)[1])]


@handles(n.RunCode)
def s_RunCode(b: Builder, st: n.RunCode, scope: Scope, ctx: Ctx):
    member = lower_expr(b, st.member, scope)
    args = tuple(lower_expr(b, a, scope) for a in st.args)
    return [s.RunCell(code_of(b, st), member, args, span=st.span)]


# ---------------------------------------------------------------- modifiers, pieces, events
@handles(n.Modify)
def s_Modify(b: Builder, st: n.Modify, scope: Scope, ctx: Ctx):
    names = free_names(st.amount, set()) | (free_names(st.condition, set()) if st.condition else set())
    captured = sorted(name for name in names if name not in st.params and scope.lookup(name) is not None)
    inner = b.new_scope()
    for name in captured:
        inner.bind(name, scope.local(name).type)
    value = b.p.values[st.value]
    result_type = lower_result_type(b, st.value)
    r = inner.bind("\0result", result_type)
    for name, param in zip(st.params, value.params):
        inner.bind(name, b.ir_type(b.written_type(param.type)))
    params = len(inner.locals.infos)
    amount = lower_expr(b, st.amount, inner)
    current = x.Local(r, type=result_type)
    new = {"+=": x.Binary("+", current, amount, type=INT), "-=": x.Binary("-", current, amount, type=INT),
           ":=": amount}[st.op]
    body: list = []
    if st.condition is not None:
        cond = lower_expr(b, st.condition, inner)
        body.append(s.If(((x.Not(cond, type=BOOL), (s.Return(current, span=st.span),)),), span=st.span))
    body.append(s.Return(new, span=st.span))
    fn = b.add_function(Function(f"modifier of {st.value}", "modifier", params,
                                 inner.locals.frozen(), tuple(body), result_type, st.span))
    site = len(b.modifiers)
    b.modifiers.append(Modifier(b.value_fn[st.value], fn, len(captured)))
    b.modifiers_of[st.value].append(site)
    values = tuple(scope.local(name) for name in captured)
    return [s.AddModifier(site, values, b.span_code(st.span_name), span=st.span)]


def lower_result_type(b: Builder, value_name: str):
    decl = b.p.values[value_name]
    return b.ir_type(b.written_type(decl.result)) if decl.result is not None else b.type_of(decl.body)


@handles(n.Move)
def s_Move(b: Builder, st: n.Move, scope: Scope, ctx: Ctx):
    return lower_move(b, st, scope, ctx)


@handles(n.Draw)
def s_Draw(b: Builder, st: n.Draw, scope: Scope, ctx: Ctx):
    return lower_draw(b, st, scope, ctx)


@handles(n.Put)
def s_Put(b: Builder, st: n.Put, scope: Scope, ctx: Ctx):
    return lower_put(b, st, scope, ctx)


@handles(n.Emit)
def s_Emit(b: Builder, st: n.Emit, scope: Scope, ctx: Ctx):
    args = tuple(lower_expr(b, a, scope) for a in st.args)
    flag = scope.temp("\0cancelled", BOOL)
    cancelled = x.Local(flag, type=BOOL)
    out: list = [s.SetLocal(flag, x.Const(False, type=BOOL), span=st.span)]
    for t in b.triggers("event", st.event):
        call = x.CallFn(b.trigger_fn[id(t)], args, type=BOOL)
        out.append(s.If(((call, (s.SetLocal(flag, x.Const(True, type=BOOL)),)),), span=st.span))
    answers = b.triggers("answer", st.event) if st.askers is not None else []
    if answers and st.askers is not None:  # each player asked in turn runs them, until one cancels
        asked = scope.temp("\0asked", b.ir_type(PLAYER))
        who = x.Local(asked, type=b.ir_type(PLAYER))
        ask: list = []
        for t in answers:
            call = x.CallFn(b.trigger_fn[id(t)], args + (who,), type=BOOL)
            test = x.Logic("and", (x.Not(cancelled, type=BOOL), call), type=BOOL)
            ask.append(s.If(((test, (s.SetLocal(flag, x.Const(True, type=BOOL)),)),), span=st.span))
        ask.append(s.If(((cancelled, (s.Break(span=st.span),)),), span=st.span))
        out.append(s.ForEach(asked, lower_expr(b, st.askers, scope), tuple(ask), span=st.span))
    if st.body is not None:
        body = lower_body(b, st.body, scope.child(), ctx)
        out.append(s.If(((x.Not(cancelled, type=BOOL), body),), span=st.span))
    return out


def binder_element_type(b: Builder, binder: n.Binder):
    """The checker type of what a choice's variable takes (for showing it in the move's text)."""
    return element_of(b.dsl_type(binder.domain)) or "any"
