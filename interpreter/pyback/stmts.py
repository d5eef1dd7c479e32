"""The Python back-end, statements: one handler per statement class of the compiled form.

Lines are written through `Source`, which remembers for every generated line the span of the
rules statement it came from: a failure while playing is reported at that rule's file:line:col.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable, Optional

from rulebook.dsl.nodes import Span

from ..ir import exprs as x
from ..ir import stmts as s
from ..passes.linear import simplify
from .exprs import Env, domain, expr, truth
from .views import takes_views, view_lines

STATEMENTS: dict[type, Callable] = {}


def handles(cls: type):
    def register(fn: Callable) -> Callable:
        STATEMENTS[cls] = fn
        return fn
    return register


class Source:
    """Generated lines, with the rules span each one stands for."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.spans: list[Optional[Span]] = []

    def add(self, line: str, depth: int, span: Optional[Span] = None) -> None:
        self.lines.append("    " * depth + line)
        self.spans.append(span if span is not None and span.line else None)

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"

    def span_at(self, lineno: int) -> Optional[Span]:
        """The span of generated line `lineno` (1-based), or of the nearest line before it."""
        for i in range(min(lineno, len(self.spans)) - 1, -1, -1):
            if self.spans[i] is not None:
                return self.spans[i]
        return None


class Writer:
    """Writes statements at a depth into a Source."""

    def __init__(self, out: Source, env: Env, block_slots: tuple = ()):
        self.out = out
        self.env = env
        self.block_slots = block_slots  # how many locals each block's frame has

    def body(self, stmts, depth: int) -> None:
        if not stmts:
            self.out.add("pass", depth)
            return
        for st in stmts:
            STATEMENTS[type(st)](self, st, depth)

    def line(self, text: str, depth: int, st) -> None:
        self.out.add(text, depth, st.span)

    def e(self, e: x.Expr) -> str:
        return expr(e, self.env)


@handles(s.SetLocal)
def w_SetLocal(w: Writer, st: s.SetLocal, depth: int) -> None:
    w.line(f"{w.env.access(st.slot)} = {w.e(st.value)}", depth, st)


@handles(s.Store)
def w_Store(w: Writer, st: s.Store, depth: int) -> None:
    w.line(f"D[{w.e(st.addr)}] = {w.e(st.value)}", depth, st)


@handles(s.Update)
def w_Update(w: Writer, st: s.Update, depth: int) -> None:
    w.line(f"D[{w.e(st.addr)}] {st.op}= {w.e(st.value)}", depth, st)


@handles(s.UpdateLocal)
def w_UpdateLocal(w: Writer, st: s.UpdateLocal, depth: int) -> None:
    w.line(f"{w.env.access(st.slot)} {st.op}= {w.e(st.value)}", depth, st)


@handles(s.Do)
def w_Do(w: Writer, st: s.Do, depth: int) -> None:
    e = st.expr
    if isinstance(e, x.Helper) and e.name == "take" and isinstance(e.args[2], x.Const) and e.args[2].value >= 0:
        # take a known number of pieces: the helper only when too few are there (it says so)
        slot = w.e(simplify(x.Binary("+", e.args[0], e.args[1], type=e.args[0].type)))
        w.line(f"if D[{slot}] < {e.args[2].value}:", depth, st)
        w.line(w.e(e), depth + 1, st)
        w.line(f"D[{slot}] -= {e.args[2].value}", depth, st)
        return
    w.line(w.e(e), depth, st)


@handles(s.If)
def w_If(w: Writer, st: s.If, depth: int) -> None:
    views, env = view_lines(tuple(cond for cond, _ in st.branches), w.env)  # the tests run before any body
    if views and len(st.branches) == 1 and not st.otherwise:
        test, body = st.branches[0]
        head = _view_free_head(test)
        if head:  # `if A and B:` as `if A:` then `if B:`: B's view only taken when A holds
            w.line(f"if {truth(x.Logic('and', head, type=test.type), w.env)}:", depth, st)
            rest = test.items[len(head):]
            inner = rest[0] if len(rest) == 1 else replace(test, items=rest)
            w_If(w, replace(st, branches=((inner, body),)), depth + 1)
            return
    for line in views:
        w.line(line, depth, st)
    for i, (cond, body) in enumerate(st.branches):
        w.line(f"{'if' if i == 0 else 'elif'} {truth(cond, env)}:", depth, st)
        w.body(body, depth + 1)
    if st.otherwise:
        w.line("else:", depth, st)
        w.body(st.otherwise, depth + 1)


def _view_free_head(test: x.Expr) -> tuple:
    """The first items of an `and` that a view would not serve (no state read through a local)."""
    if not isinstance(test, x.Logic) or test.op != "and":
        return ()
    head: list = []
    for item in test.items[:-1]:
        if takes_views((item,)):
            break
        head.append(item)
    return tuple(head)


@handles(s.Reach)
def w_Reach(w: Writer, st: s.Reach, depth: int) -> None:
    w.line(f"R[{st.point}] = 1", depth, st)


@handles(s.ForEach)
def w_ForEach(w: Writer, st: s.ForEach, depth: int) -> None:
    if st.body and all(isinstance(b, s.Log) for b in st.body) and isinstance(st.domain, x.Const):
        # only lines for a log, over a fixed list (walking it costs no steps): no loop when nobody reads one
        w.line("if RT.sink is not None:", depth, st)
        depth += 1
    w.line(f"for {w.env.access(st.var)} in {domain(st.domain, w.env)}:", depth, st)
    w.body(st.body, depth + 1)


@handles(s.While)
def w_While(w: Writer, st: s.While, depth: int) -> None:
    w.line(f"while {truth(st.cond, w.env)}:", depth, st)
    w.body(st.body, depth + 1)


@handles(s.Break)
def w_Break(w: Writer, st: s.Break, depth: int) -> None:
    w.line("break", depth, st)


@handles(s.Tick)
def w_Tick(w: Writer, st: s.Tick, depth: int) -> None:
    w.line(f"RT.steps -= {w.e(st.steps)}", depth, st)
    w.line(f"if RT.steps < 0: runaway(RT, {w.env.k(st.span)})", depth, st)


@handles(s.Return)
def w_Return(w: Writer, st: s.Return, depth: int) -> None:
    w.line("return" if st.value is None else f"return {w.e(st.value)}", depth, st)


@handles(s.EndGame)
def w_EndGame(w: Writer, st: s.EndGame, depth: int) -> None:
    w.line(f"raise GameOver((tuple({w.e(st.winners)}), {st.by_player}), {w.e(st.reason)})", depth, st)


@handles(s.AddModifier)
def w_AddModifier(w: Writer, st: s.AddModifier, depth: int) -> None:
    captured = "".join(w.e(c) + ", " for c in st.captured)
    w.line(f"S.mods = S.mods + (({st.modifier}, ({captured}), {st.until}),)", depth, st)
    # Every value a modifier changes reads them all: their number is taken from the step budget.
    w.line("RT.steps -= len(S.mods)", depth, st)
    w.line(f"if RT.steps < 0: runaway(RT, {w.env.k(st.span)}, 'adding one more modifier')", depth, st)


@handles(s.EndSpan)
def w_EndSpan(w: Writer, st: s.EndSpan, depth: int) -> None:
    w.line(f"if S.mods: end_span(S, {st.until})", depth, st)


@handles(s.Log)
def w_Log(w: Writer, st: s.Log, depth: int) -> None:
    w.line("if RT.sink is not None:", depth, st)
    if st.audience is None:
        w.line(f"RT.sink(S, {w.e(st.text)})", depth + 1, st)
        return
    # A line for one player: a log kept for another viewer gets the public text, or nothing.
    w.line(f"if RT.viewer is None or RT.viewer == {w.e(st.audience)}:", depth + 1, st)
    w.line(f"RT.sink(S, {w.e(st.text)})", depth + 2, st)
    if st.public is not None:
        w.line("else:", depth + 1, st)
        w.line(f"RT.sink(S, {w.e(st.public)})", depth + 2, st)


@handles(s.PushAllow)
def w_PushAllow(w: Writer, st: s.PushAllow, depth: int) -> None:
    args = "".join(w.e(a) + ", " for a in st.args)
    w.line(f"S.allows = S.allows + (({st.action}, ({args}), {w.e(st.player)}),)", depth, st)


@handles(s.PopAllow)
def w_PopAllow(w: Writer, st: s.PopAllow, depth: int) -> None:
    w.line("S.allows = S.allows[:-1]", depth, st)


@handles(s.RunCell)
def w_RunCell(w: Writer, st: s.RunCell, depth: int) -> None:
    args = "".join(w.e(a) + ", " for a in st.args)
    w.line(f"run_cell(S, CELLS[{st.code}], {w.e(st.member)}, ({args}))", depth, st)


@handles(s.QueueFrame)
def w_QueueFrame(w: Writer, st: s.QueueFrame, depth: int) -> None:
    values = [w.e(a) for a in st.args] + ["None"] * (w.block_slots[st.block] - len(st.args))
    w.line(f"P.append([{st.block}, 0, [{', '.join(values)}]])", depth, st)


@handles(s.QueueCell)
def w_QueueCell(w: Writer, st: s.QueueCell, depth: int) -> None:
    args = "".join(w.e(a) + ", " for a in st.args)
    w.line(f"queue_cell(S, P, CELLS[{st.code}], CELL_BLOCKS[{st.code}], SLOTS, {w.e(st.member)}, ({args}))",
           depth, st)


@handles(s.CancelCaller)
def w_CancelCaller(w: Writer, st: s.CancelCaller, depth: int) -> None:
    w.line(f"S.frames[{w.env.access(st.depth)}][2][{w.env.access(st.flag)}] = True", depth, st)
