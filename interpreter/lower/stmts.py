"""Lowering statements: one handler per statement node of the language.

Each handler takes the builder, the node, the scope and the context, and gives a list of
structured statements: the straight forms of ir/stmts.py, or — in a block, where play can stop
inside the statement (`resumes`) — one of ir/resumable.py's, which the resumable pass
(resumable.py) lays out into the block's instructions. The statement's frame locals are bound
here, in the order the rules bind them. Decisions (`choose`, `choose up to`): decisions.py.
A new statement needs one handler here; if play can stop inside it, its straight statements
(or a form of ir/resumable.py, with its rule in the pass) are laid out by resumable.py.
"""
from __future__ import annotations

from typing import Callable, Union

from rulebook.dsl import nodes as n
from rulebook.dsl.types import PLAYER

from ..analysis.analysis import escapes, free_names
from ..analysis.program_walk import portable_place
from ..ir import exprs as x
from ..ir import resumable as r
from ..ir import stmts as s
from ..ir.program import ForEntry, Function, Modifier, PhaseEntry, RepeatEntry, TurnEntry
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


def resumes(b: Builder, st: n.Node, scope: Scope, ctx: Ctx) -> bool:
    """Lowered in a block, can play stop inside this statement, or leave the block's instruction
    by it (a `break` of a loop play can stop in, a `cancel` from a handler that is a block)?"""
    if not scope.locals.in_block:
        return False
    return b.suspension.stmt(st) or escapes(st, breaks=bool(ctx.loop), cancels=ctx.handler)


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
    if st.name in b.rule_block:  # a rule that can stop: its frame runs, then play resumes here
        return [r.Call(b.rule_block[st.name], args, span=st.span)]
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
            out += span_exit(b, span)
    return out


@handles(n.Break)
def s_Break(b: Builder, st: n.Break, scope: Scope, ctx: Ctx):
    return span_exits(b, ctx) + [s.Break(span=st.span)]


@handles(n.Cancel)
def s_Cancel(b: Builder, st: n.Cancel, scope: Scope, ctx: Ctx):
    assert ctx.handler  # the checker allows `cancel` only in an event's handler
    return [s.Return(x.Const(True, type=BOOL), span=st.span)]  # a handler's "cancelled"


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
    t = element(dom.type)
    if not resumes(b, st, scope, ctx):
        var = inner.bind(st.var, t, frame=False)
        body = tuple(b.tick(st)) + lower_body(b, st.body, inner, ctx.looping(False))
        return [s.ForEach(var, dom, body, span=st.span)]
    items, position, var = inner.bind("\0items", List(t)), inner.bind("\0at", INT), inner.bind(st.var, t)
    items_e, at_e = x.Local(items, type=List(t)), x.Local(position, type=INT)
    init = (s.SetLocal(items, dom, span=st.span), s.SetLocal(position, x.Const(0, type=INT), span=st.span))
    more = x.Binary("<", at_e, x.Length(items_e, type=INT), type=BOOL)
    before = (s.SetLocal(var, x.Index(items_e, at_e, type=t), span=st.span),
              s.UpdateLocal(position, "+", x.Const(1, type=INT), span=st.span))
    body = lower_body(b, st.body, inner, ctx.looping(True))
    return [r.Loop(init, more, before, body, tuple(b.tick(st)), ForEntry(items, position, var, dom), span=st.span)]


@handles(n.Secretly)
def s_Secretly(b: Builder, st: n.Secretly, scope: Scope, ctx: Ctx):
    """A loop of turns (the sequential mode; game.py offers its decisions as one simultaneous
    node); its choose shows the others `chooses secretly` unless it gives a public text."""
    b.sealing = True
    try:
        return s_For(b, st.as_loop(), scope, ctx)
    finally:
        b.sealing = False


@handles(n.Repeat)
def s_Repeat(b: Builder, st: n.Repeat, scope: Scope, ctx: Ctx):
    inner = scope.child()
    if not resumes(b, st, scope, ctx):
        count = lower_expr(b, st.count, scope)
        var = inner.temp("\0repeat", INT)
        rounds = x.IntRange(x.Const(1, type=INT), count, type=List(INT), span=b.metered_span(st.span))
        return [s.ForEach(var, rounds, lower_body(b, st.body, inner, ctx.looping(False)), span=st.span)]
    counter = inner.bind("\0count", INT)  # the rounds left, in the frame
    count = lower_expr(b, st.count, scope)
    left = x.Binary(">", x.Local(counter, type=INT), x.Const(0, type=INT), type=BOOL)
    before = (s.UpdateLocal(counter, "-", x.Const(1, type=INT), span=st.span),)
    rest = x.Binary("-", count, x.Const(1, type=INT), type=INT)
    body = lower_body(b, st.body, inner, ctx.looping(True))
    return [r.Loop((s.SetLocal(counter, count, span=st.span),), left, before, body, tuple(b.tick(st)),
                   RepeatEntry(counter, rest), span=st.span)]


@handles(n.While)
def s_While(b: Builder, st: n.While, scope: Scope, ctx: Ctx):
    cond = lower_expr(b, st.condition, scope)
    if resumes(b, st, scope, ctx):
        body = lower_body(b, st.body, scope.child(), ctx.looping(True))
        return [r.Loop((), cond, (), body, tuple(b.tick(st)), span=st.span)]
    body = tuple(b.tick(st)) + lower_body(b, st.body, scope.child(), ctx.looping(False))
    return [s.While(cond, body, span=st.span)]


@handles(n.Loop)
def s_Loop(b: Builder, st: n.Loop, scope: Scope, ctx: Ctx):
    if resumes(b, st, scope, ctx):
        body = lower_body(b, st.body, scope.child(), ctx.looping(True))
        return [r.Loop((), None, (), body, tuple(b.tick(st)), span=st.span)]
    body = tuple(b.tick(st)) + lower_body(b, st.body, scope.child(), ctx.looping(False))
    return [s.While(x.Const(True, type=BOOL), body, span=st.span)]


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


def span_exit(b: Builder, st: n.SpanBlock) -> list:
    return span_exit_common(b, st) + [call_trigger(b, t, ()) for t in b.triggers("span_end", st.kind)]


@handles(n.SpanBlock)
def s_SpanBlock(b: Builder, st: n.SpanBlock, scope: Scope, ctx: Ctx):
    if not resumes(b, st, scope, ctx):
        body = lower_body(b, st.body, scope.child(), ctx.inside(st))
        return span_enter(b, st, scope) + list(body) + span_exit(b, st)
    enter = span_enter(b, st, scope)
    entry: Union[TurnEntry, PhaseEntry, None] = None  # where play stands inside it
    if st.kind == "turn":
        assert st.player is not None  # `turn P:` always names its player
        entry = TurnEntry(lower_expr(b, st.player, scope))
    elif st.kind == "phase":
        entry = PhaseEntry(b.phase_names.index(st.name))
    body = lower_body(b, st.body, scope.child(), ctx.inside(st))
    step = st.name if st.kind == "step" else None
    return [r.Span(tuple(enter), body, tuple(span_exit(b, st)), step, entry, span=st.span)]


def allow_push(b: Builder, st: n.Allow, scope: Scope) -> s.PushAllow:
    args = tuple(lower_expr(b, a, scope) for a in st.args)
    player = lower_expr(b, st.player, scope) if st.player is not None else x.Load(at(CURRENT_PLAYER), type=INT)
    if st.condition is not None:  # not allowed: an entry nobody matches keeps push and pop paired
        player = x.Cond(lower_expr(b, st.condition, scope), player, b.const(-1), type=INT)
    return s.PushAllow(list(b.p.actions).index(st.action), args, player, span=st.span)


@handles(n.Allow)
def s_Allow(b: Builder, st: n.Allow, scope: Scope, ctx: Ctx):
    allowed = allow_push(b, st, scope)  # in a block, play stopped inside stands in the allow
    body = lower_body(b, st.body, scope.child(), ctx.inside(st))
    return [allowed] + list(body) + [s.PopAllow(span=st.span)]


def code_of(b: Builder, st: n.RunCode) -> int:
    return b.code_index[(st.column, b.dsl_type(st.member)[1])]


@handles(n.RunCode)
def s_RunCode(b: Builder, st: n.RunCode, scope: Scope, ctx: Ctx):
    member = lower_expr(b, st.member, scope)
    args = tuple(lower_expr(b, a, scope) for a in st.args)
    if resumes(b, st, scope, ctx):  # a cell's rule that can stop runs as a frame of its own
        return [r.Queued((s.QueueCell(code_of(b, st), member, args, span=st.span),), span=st.span)]
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


PIECES: dict[type, Callable[..., list]] = {n.Move: lower_move, n.Draw: lower_draw, n.Put: lower_put}


@handles(n.Move)
@handles(n.Draw)
@handles(n.Put)
def s_pieces(b: Builder, st, scope: Scope, ctx: Ctx):
    out = PIECES[type(st)](b, st, scope)
    if resumes(b, st, scope, ctx):  # triggers that can stop were queued: they run first
        return [r.Queued(tuple(out), span=st.span)]
    return out


@handles(n.Emit)
def s_Emit(b: Builder, st: n.Emit, scope: Scope, ctx: Ctx):
    args = tuple(lower_expr(b, a, scope) for a in st.args)
    if resumes(b, st, scope, ctx):
        return [resumable_emit(b, st, scope, ctx, args)]
    flag = scope.temp("\0cancelled", BOOL)
    cancelled = x.Local(flag, type=BOOL)
    out: list = [s.SetLocal(flag, x.Const(False, type=BOOL), span=st.span)]
    for t in b.triggers("event", st.event):
        out.append(cancels(b, t, args, flag, st.span))
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


def cancels(b: Builder, t: n.TriggerDecl, args: tuple, flag: int, where: n.Span) -> s.Stmt:
    """A handler run: one that can stop is queued (and told where the flag is), one that cannot
    is called (and sets the flag if it cancelled)."""
    block = b.trigger_block.get(id(t))
    if block is not None:
        return s.QueueFrame(block, args + (x.FrameIndex(type=INT), x.Const(flag, type=INT)), span=where)
    call = x.CallFn(b.trigger_fn[id(t)], args, type=BOOL)
    return s.If(((call, (s.SetLocal(flag, x.Const(True, type=BOOL)),)),), span=where)


def resumable_emit(b: Builder, st: n.Emit, scope: Scope, ctx: Ctx, args: tuple) -> r.Emit:
    """An emit play can stop in: the flag is in the frame, handlers that can stop are frames."""
    flag = scope.child().bind("\0cancelled", BOOL)
    cancelled = x.Local(flag, type=BOOL)
    first = (s.SetLocal(flag, x.Const(False, type=BOOL), span=st.span),) + tuple(
        cancels(b, t, args, flag, st.span) for t in b.triggers("event", st.event))
    answers = b.triggers("answer", st.event) if st.askers is not None else []
    ask = asking(b, st, scope, args, answers, flag) if answers else None
    body = lower_body(b, st.body, scope.child(), ctx) if st.body is not None else ()
    return r.Emit(first, cancelled, ask, body, span=st.span)


def asking(b: Builder, st: n.Emit, scope: Scope, args: tuple, answers: list, flag: int) -> r.Ask:
    """`answered by ORDER` in a block: one (player, answer trigger) pair at a time, each asked
    only while nothing has cancelled the event; a trigger that can decide runs as a frame."""
    assert st.askers is not None  # only an emit with `answered by` gets here
    player = b.ir_type(PLAYER)
    cancelled = x.Local(flag, type=BOOL)
    inner = scope.child()
    askers = lower_expr(b, st.askers, scope)
    items = inner.bind("\0askers", askers.type)
    position = inner.bind("\0asked_at", INT)
    asked = inner.bind("\0asked", player)
    init = (s.SetLocal(items, askers, span=st.span), s.SetLocal(position, x.Const(0, type=INT), span=st.span))
    count = len(answers)
    at_e = x.Local(position, type=INT)
    rounds = x.Binary("*", x.Length(x.Local(items, type=askers.type), type=INT), x.Const(count, type=INT), type=INT)
    over = x.Logic("or", (cancelled, x.Binary(">=", at_e, rounds, type=BOOL)), type=BOOL)
    which = x.Binary("//", at_e, x.Const(count, type=INT), type=INT)
    pick = (s.SetLocal(asked, x.Index(x.Local(items, type=askers.type), which, type=player), span=st.span),
            s.UpdateLocal(position, "+", x.Const(1, type=INT), span=st.span))
    turn = x.Binary("%", x.Binary("-", at_e, x.Const(1, type=INT), type=INT), x.Const(count, type=INT), type=INT)
    who = x.Local(asked, type=player)
    runs = tuple(s.If(((x.Binary("==", turn, x.Const(k, type=INT), type=BOOL), (cancels(b, t, args + (who,), flag, st.span),)),),
                      span=st.span) for k, t in enumerate(answers))
    return r.Ask(init, over, pick, runs)

