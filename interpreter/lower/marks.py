"""A counting build's marks (rules coverage, interpreter/analysis/reach.py): what lowering adds, and where.

Every function here gives nothing in a plain build (`b.reach` is None), so a plain build's
compiled form — and its generated code — is exactly what it would be without them. In a counting
build: a `Reach` statement before each statement, at the start of each arm of an `if` (the
`else` it leaves out included), at the entry of every rule, value, trigger and action; each arm
of `a if c else b` and each read of a table's column marks as it is worked out; each choice of a
decision resumes through an instruction that marks it (and the row a variable over a table's kind
took): see resumable.py's `BlockBuilder.resume_through_marks`.
"""
from __future__ import annotations

from typing import Optional

from rulebook.dsl import nodes as n
from rulebook.dsl.types import element_of

from ..ir import exprs as x
from ..ir import stmts as s
from ..ir.types import element
from ..analysis.reach import ROW_CHOSEN, ROW_READ
from .builder import Builder


def mark(point: Optional[int], span: n.Span = n.NOWHERE) -> list:
    return [] if point is None else [s.Reach(point, span=span)]


def statement(b: Builder, st: n.Node) -> list:
    return mark(b.reach.statement(st), st.span) if b.reach is not None else []


def arm(b: Builder, st: n.If, which) -> list:
    """An `if`'s arm: its branch number, or "else"."""
    return mark(b.reach.arm(st, which), st.span) if b.reach is not None else []


def block(b: Builder, decl: n.Node) -> list:
    """A rule, value, trigger or action entered."""
    return mark(b.reach.block(decl), decl.span) if b.reach is not None else []


def conditional(b: Builder, e: n.Conditional, then: x.Expr, other: x.Expr) -> tuple:
    """The two arms of `a if c else b`, each marking as it is worked out."""
    points = (b.reach.arm(e, "then"), b.reach.arm(e, "else")) if b.reach is not None else (None, None)
    if points[0] is None or points[1] is None:
        return then, other
    return x.Reached(points[0], then, type=then.type), x.Reached(points[1], other, type=other.type)


def row_read(b: Builder, table: Optional[str], row: x.Expr) -> x.Expr:
    """A row of `table` whose cell is read: marked read as it is."""
    first = b.reach.rows_base(table, ROW_READ) if b.reach is not None and table else None
    return row if first is None else x.Reached(first, row, offset=True, type=row.type)


def chosen(b: Builder, binders, bindings) -> list:
    """For a choice's variables over a table's kind: the row each took."""
    if b.reach is None:
        return []
    out: list = []
    for binder, binding in zip(binders, bindings):
        taken = element_of(b.dsl_type(binder.domain))
        if isinstance(taken, tuple) and taken[0] == "kind" and taken[1] in b.p.kinds:
            first = b.reach.rows_base(b.p.kinds[taken[1]].table or "", ROW_CHOSEN)
            if first is not None:
                local = x.Local(binding.var, type=element(binding.domain.type))
                out.append(s.Do(x.Reached(first, local, offset=True, type=local.type), span=binder.span))
    return out
