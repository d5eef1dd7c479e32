"""The compiled form printed as pseudo-code, for a person reading what a pass made
(`RULEBOOK_DUMP_IR=PASS`, passes/pipeline.py; the notation is in docs/engine.md).

A local prints as its name and slot (`count#2`), the state's data as `D[addr]`, a function call
as `f3 name(args)`, a helper as `name!(args)`; a block's instructions are numbered and each ends
in an arrow: `-> jump 4`, `-> if c then 4 else 7`, `-> suspend site 2 for p#0`,
`-> run queued frames, resume 5`, `-> pop`. Long constants (a table's column) are cut short.
"""
from __future__ import annotations

from dataclasses import fields
from typing import Any, Callable

from . import exprs as x
from . import stmts as s
from .program import Block, Function, GameIR
from .types import show as show_type

SPANS = ("turn", "round", "phase", "step", "game")  # AddModifier.until / EndSpan.until
LONGEST_CONSTANT = 60


class Names:
    """The locals of the function or block being printed."""

    def __init__(self, locals_: tuple[Any, ...]) -> None:
        self.locals = locals_

    def local(self, slot: int) -> str:
        name = self.locals[slot].name if 0 <= slot < len(self.locals) else "?"
        return f"{name}#{slot}"


def expr(e: Any, names: Names) -> str:
    if e is None:
        return "-"
    if isinstance(e, tuple):
        return ", ".join(expr(item, names) for item in e)
    show = _EXPRS.get(type(e))
    if show is None:  # a class this printer does not know yet: its fields
        return f"{type(e).__name__}({', '.join(f'{f.name}={_field(getattr(e, f.name), names)}' for f in fields(e) if f.name != 'type')})"
    return show(e, names)


def _field(value: Any, names: Names) -> str:
    return expr(value, names) if isinstance(value, (x.Expr, tuple)) else repr(value)


def _const(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= LONGEST_CONSTANT else text[:LONGEST_CONSTANT - 5] + " …" + text[-4:]


def _comp(e: Any, names: Names, head: str) -> str:
    cond = f" if {expr(e.cond, names)}" if e.cond is not None else ""
    hoisted = "".join(f" with {names.local(slot)} = {expr(v, names)}" for slot, v in getattr(e, "hoisted", ()))
    return f"{head} for {names.local(e.var)} in {expr(e.domain, names)}{cond}{hoisted}"


_EXPRS: dict[type[Any], Callable[[Any, Names], str]] = {
    x.Const: lambda e, n: _const(e.value),
    x.Local: lambda e, n: n.local(e.slot),
    x.Load: lambda e, n: f"D[{expr(e.addr, n)}]",
    x.Binary: lambda e, n: f"({expr(e.left, n)} {e.op} {expr(e.right, n)})",
    x.Logic: lambda e, n: "(" + f" {e.op} ".join(expr(i, n) for i in e.items) + ")",
    x.Not: lambda e, n: f"not {expr(e.operand, n)}",
    x.Neg: lambda e, n: f"-{expr(e.operand, n)}",
    x.Cond: lambda e, n: f"({expr(e.then, n)} if {expr(e.test, n)} else {expr(e.other, n)})",
    x.Checked: lambda e, n: f"checked({expr(e.value, n)} in {e.low}..{e.low + e.size - 1})",
    x.CallFn: lambda e, n: f"f{e.fn}({expr(e.args, n)})",
    x.Helper: lambda e, n: f"{e.name}!({expr(e.args, n)})",
    x.MakeList: lambda e, n: f"[{expr(e.items, n)}]",
    x.Concat: lambda e, n: f"({expr(e.left, n)} ++ {expr(e.right, n)})",
    x.Index: lambda e, n: f"{expr(e.seq, n)}[{expr(e.index, n)}]",
    x.Length: lambda e, n: f"len({expr(e.seq, n)})",
    x.Contains: lambda e, n: f"({expr(e.item, n)} {'not in' if e.negate else 'in'} {expr(e.seq, n)})",
    x.IntRange: lambda e, n: f"range({expr(e.low, n)}..{expr(e.high, n)})",
    x.Comp: lambda e, n: _comp(e, n, f"{e.form}({expr(e.element, n)}") + ")",
    x.BestOf: lambda e, n: _comp(e, n, f"best({expr(e.key, n)}") + ")",
    x.SortBy: lambda e, n: f"sort({names_of(e, n)} by {expr(e.keys, n)})",
    x.ZoneTotal: lambda e, n: f"total(D[{expr(e.addr, n)} +{e.width}])",
    x.Present: lambda e, n: f"present(D[{expr(e.addr, n)} +{e.kinds}]"
                            + (f", bits D[{expr(e.bits, n)}]" if e.bits is not None else "") + ")",
    x.Format: lambda e, n: "text(" + expr(e.parts, n) + ")",
    x.Show: lambda e, n: f"show({expr(e.value, n)})",
    x.NoMods: lambda e, n: "no_modifiers",
    x.ApplyMods: lambda e, n: f"modified{e.value}({expr(e.base, n)}; {expr(e.args, n)})",
    x.CellValue: lambda e, n: f"cell{e.code}[{expr(e.member, n)}]({expr(e.args, n)})",
    x.OrElse: lambda e, n: f"({expr(e.first, n)} or_else {expr(e.other, n)})",
    x.Select: lambda e, n: "select(" + ", ".join(f"{expr(i, n)} if {expr(c, n)}" for i, c in zip(e.items, e.conds)) + ")",
    x.FrameIndex: lambda e, n: "frame_index",
    x.Reached: lambda e, n: f"reached{e.point}({expr(e.value, n)})",
}


def names_of(e: x.SortBy, n: Names) -> str:
    return f"{n.local(e.var)} in {expr(e.domain, n)}"


def statements(body: tuple[Any, ...], names: Names, depth: int) -> list[str]:
    out: list[str] = []
    for st in body:
        out += statement(st, names, depth)
    return out


def statement(st: Any, names: Names, depth: int) -> list[str]:
    pad = "    " * depth
    if isinstance(st, s.If):
        out = []
        for number, (cond, body) in enumerate(st.branches):
            out.append(f"{pad}{'if' if number == 0 else 'elif'} {expr(cond, names)}:")
            out += statements(body, names, depth + 1) or [pad + "    pass"]
        if st.otherwise:
            out += [f"{pad}else:"] + statements(st.otherwise, names, depth + 1)
        return out
    if isinstance(st, s.ForEach):
        return [f"{pad}for {names.local(st.var)} in {expr(st.domain, names)}:"] + \
            (statements(st.body, names, depth + 1) or [pad + "    pass"])
    if isinstance(st, s.While):
        return [f"{pad}while {expr(st.cond, names)}:"] + (statements(st.body, names, depth + 1) or [pad + "    pass"])
    show = _STMTS.get(type(st))
    if show is None:
        return [f"{pad}{expr(st, names)}"]
    return [pad + show(st, names)]


def _log(st: s.Log, n: Names) -> str:
    audience = f" to {expr(st.audience, n)}" if st.audience is not None else ""
    public = f" (others: {expr(st.public, n)})" if st.public is not None else ""
    return f"log {expr(st.text, n)}{audience}{public}"


_STMTS: dict[type[Any], Callable[[Any, Names], str]] = {
    s.SetLocal: lambda st, n: f"{n.local(st.slot)} = {expr(st.value, n)}",
    s.Store: lambda st, n: f"D[{expr(st.addr, n)}] = {expr(st.value, n)}",
    s.Update: lambda st, n: f"D[{expr(st.addr, n)}] {st.op}= {expr(st.value, n)}",
    s.UpdateLocal: lambda st, n: f"{n.local(st.slot)} {st.op}= {expr(st.value, n)}",
    s.Do: lambda st, n: f"do {expr(st.expr, n)}",
    s.Break: lambda st, n: "break",
    s.Tick: lambda st, n: f"tick {expr(st.steps, n)}",
    s.Return: lambda st, n: "return" + (f" {expr(st.value, n)}" if st.value is not None else ""),
    s.EndGame: lambda st, n: f"end game: {'players' if st.by_player else 'teams'} {expr(st.winners, n)} win, "
                             f"{expr(st.reason, n)}",
    s.AddModifier: lambda st, n: f"add modifier {st.modifier}({expr(st.captured, n)}) until end of {SPANS[st.until]}",
    s.EndSpan: lambda st, n: f"end of {SPANS[st.until]}",
    s.Log: _log,
    s.PushAllow: lambda st, n: f"allow action {st.action}({expr(st.args, n)}) for {expr(st.player, n)}",
    s.PopAllow: lambda st, n: "end allow",
    s.RunCell: lambda st, n: f"run cell{st.code}[{expr(st.member, n)}]({expr(st.args, n)})",
    s.Reach: lambda st, n: f"reach point {st.point}",
    s.QueueFrame: lambda st, n: f"queue block {st.block}({expr(st.args, n)})",
    s.QueueCell: lambda st, n: f"queue cell{st.code}[{expr(st.member, n)}]({expr(st.args, n)})",
    s.CancelCaller: lambda st, n: f"cancel the caller (frame {n.local(st.depth)}, flag {n.local(st.flag)})",
    s.Jump: lambda st, n: f"-> jump {st.target}",
    s.Branch: lambda st, n: f"-> if {expr(st.cond, n)} then {st.then} else {st.other}",
    s.Suspend: lambda st, n: f"-> suspend site {st.site} for {expr(st.decider, n)}",
    s.PushFrames: lambda st, n: f"-> run queued frames, resume {st.resume}",
    s.Pop: lambda st, n: "-> pop",
}


def _locals(locals_: tuple[Any, ...], params: int) -> str:
    shown = [f"{'frame ' if info.frame else ''}{info.name}#{slot}: {show_type(info.type)}"
             for slot, info in enumerate(locals_)]
    return f"params ({', '.join(shown[:params])}); locals ({', '.join(shown[params:])})"


def function(number: int, fn: Function) -> list[str]:
    names = Names(fn.locals)
    return [f"function f{number} {fn.name} [{fn.kind}] -> {show_type(fn.result)}",
            f"    {_locals(fn.locals, fn.params)}"] + (statements(fn.body, names, 1) or ["    pass"])


def block(number: int, blk: Block, ir: GameIR) -> list[str]:
    names = Names(blk.locals)
    out = [f"block b{number} {blk.name}", f"    {_locals(blk.locals, blk.params)}"]
    for position, instr in enumerate(blk.instrs):
        out.append(f"  {position}:")
        out += statements(instr.body, names, 2)
        out.append("        " + _STMTS[type(instr.end)](instr.end, names))
    for site_number, site in enumerate(ir.sites):
        if site.block == number:
            out.append(f"  site {site_number}:")
            for choice in site.choices:
                binds = ", ".join(f"{names.local(b.var)} in {expr(b.domain, names)}"
                                  + (f" if {expr(b.condition, names)}" if b.condition is not None else "")
                                  for b in choice.bindings)
                guard = f" when {expr(choice.guard, names)}" if choice.guard is not None else ""
                out.append(f"        {expr(choice.label, names)}{guard} [{binds}] -> {choice.target}")
    return out


def render(ir: GameIR) -> str:
    """The whole compiled form: functions, then blocks with their decisions."""
    out = [f"# {ir.title}: {ir.player_count} players, {len(ir.functions)} functions, {len(ir.blocks)} blocks"]
    for number, fn in enumerate(ir.functions):
        out += function(number, fn)
    for number, blk in enumerate(ir.blocks):
        out += block(number, blk, ir)
    return "\n".join(out)
