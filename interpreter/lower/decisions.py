"""Lowering decisions: `choose` (one option, or a menu), `choose up to`, and what an action's
options share with them (bindings, the move's text, a counting build's marks of each choice).

A decision is a structured statement (ir/resumable.py Decide, UpTo) with its site numbered and
its decider, options and bodies lowered; the resumable pass ends an instruction there.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Optional

from rulebook.dsl import nodes as n
from rulebook.dsl.types import element_of

from ..analysis.analysis import free_names
from ..ir import exprs as x
from ..ir import resumable as r
from ..ir.program import Binding
from ..ir.types import INT, TEXT, element
from ..layout import CURRENT_PLAYER
from . import marks
from .builder import Builder

SEALED_TEXT = "chooses secretly"  # a secret choice as the others read it
from .context import Ctx
from .exprs import domain, lower_expr
from .scope import Scope
from .stmts import handles, lower_body


def bindings(b: Builder, binders, scope: Scope) -> tuple:
    result = []
    earlier: set = set()
    for binder in binders:
        dependent = bool(free_names(binder.domain, set()) & earlier)
        earlier.add(binder.var)
        dom = domain(b, binder.domain, scope)
        slot = scope.bind(binder.var, element(dom.type))
        cond = lower_expr(b, binder.condition, scope) if binder.condition is not None else None
        result.append(Binding(slot, dom, cond, dependent))
    return tuple(result)


def binder_element_type(b: Builder, binder: n.Binder):
    """The checker type of what a choice's variable takes (for showing it in the move's text)."""
    return element_of(b.dsl_type(binder.domain)) or "any"


def label(b: Builder, option: n.Option, binds: tuple, scope: Scope) -> x.Expr:
    """The move's text: as written, or the chosen values by name, separated by spaces."""
    if option.label is not None:
        return lower_expr(b, option.label, scope)
    parts: list = []
    for binder, binding in zip(option.binders, binds):
        if parts:
            parts.append(b.const(" "))
        shown = b.shower(binder_element_type(b, binder))
        parts.append(x.Show(x.Local(binding.var, type=element(binding.domain.type)), shown, type=TEXT))
    if not parts:
        return b.const("")
    return x.Format(tuple(parts), type=TEXT)


def public_label(b: Builder, option: n.Option, scope: Scope) -> Optional[x.Expr]:
    """The move's text for the players not deciding, if the rules declare one (`public "…"`);
    in a secret choice, `chooses secretly` unless they do."""
    if option.public is None:
        return b.const(SEALED_TEXT) if b.sealing else None
    return lower_expr(b, option.public, scope)


def option_of(b: Builder, option: n.Option, scope: Scope, guarded: bool = True) -> r.Option:
    """A choice's bindings, text, guard (`guarded`) and public text, in the scope of its body."""
    binds = bindings(b, option.binders, scope)
    text = label(b, option, binds, scope)
    guard = lower_expr(b, option.guard, scope) if guarded and option.guard is not None else None
    return r.Option(text, binds, guard, public_label(b, option, scope))


def choice_marks(b: Builder, decision: n.Node, binders: list, extra: tuple = ()) -> tuple:
    """A counting build: what each choice of a decision (a Choose, UpTo or action) marks as play
    resumes through it — its reach point, the rows its variables over a table's kind took, `extra`."""
    if b.reach is None:
        return ()
    return tuple(tuple(marks.mark(b.reach.option(decision, i), decision.span) + marks.chosen(b, names, binds)
                       + list(extra)) for i, (names, binds) in enumerate(binders))


def decision(b: Builder, st, scope: Scope) -> tuple:
    """The decision's site (numbered now, made once the block is laid out) and who decides."""
    site = len(b.sites)
    b.sites.append(None)
    decider = lower_expr(b, st.chooser, scope) if st.chooser is not None else \
        x.Load(x.Const(CURRENT_PLAYER, type=INT), type=INT)
    return site, decider


@handles(n.Choose)
def s_Choose(b: Builder, st: n.Choose, scope: Scope, ctx: Ctx):
    site, decider = decision(b, st, scope)
    if not st.menu:  # play goes on after the decision, whatever was chosen
        option = st.options[0]
        chosen = option_of(b, option, scope, guarded=False)
        options = [chosen]
        if st.optional:
            options.append(r.Option(b.const("pass"), (), clears=tuple(d.var for d in chosen.bindings)))
        binders = [(option.binders, chosen.bindings), ((), ())][:len(options)]
        return [r.Decide(site, decider, tuple(options), False, choice_marks(b, st, binders), span=st.span)]
    options = []
    for option in st.options:
        inner = scope.child()
        chosen = option_of(b, option, inner)
        options.append(replace(chosen, body=lower_body(b, option.body, inner, ctx)))
    binders = [(option.binders, o.bindings) for option, o in zip(st.options, options)]
    return [r.Decide(site, decider, tuple(options), True, choice_marks(b, st, binders), span=st.span)]


@handles(n.UpTo)
def s_UpTo(b: Builder, st: n.UpTo, scope: Scope, ctx: Ctx):
    inner = scope.child()
    counter = inner.bind("\0count", INT)
    count = lower_expr(b, st.count, scope)
    site, decider = decision(b, st, scope)
    binds = bindings(b, st.option.binders, inner)
    option = r.Option(label(b, st.option, binds, inner), binds,
                      body=lower_body(b, st.option.body, inner, ctx.looping(True)))
    marked = choice_marks(b, st, [(st.option.binders, binds), ((), ())])
    return [r.UpTo(counter, count, site, decider, option, b.const("done"), marked, span=st.span)]
