"""Reach points: the places of a checked program that play can reach, numbered once per program.

A *counting build* of a game (`Game(..., counting=True)`) marks `reached[i] = 1` whenever play
reaches point i; a plain build's code has no marks at all. Points are found from the program's
own nodes — never from generated code — so every back-end counts the same numbered points, and
the numbering is the same on every run (sorted by where each point is written):

- `block`: a rule, value, trigger or standing action (table code cells included), reached when it
  is entered;
- `statement`: every statement, reached when it starts;
- `branch`: an arm of an `if` (the `else` an `if` does not write included) or of `a if c else b`;
- `option`: an entry of a decision: a plain `choose` (and its `pass`), a menu's options, `choose
  up to` (and its `done`), a standing action's options — reached when a move of it is played;
- `row`: a row of a table, marked `read` (a cell of it read while building or playing) or
  `chosen` (its member was a value of a move played); code cells count through their blocks;
- `value` (tracing builds only, so a coverage report never counts them): an operand of an `if`'s
  condition, whose value a trace shows beside the arm the condition chose.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Optional

from rulebook.dsl import nodes as n
from rulebook.dsl.errors import source_line
from rulebook.dsl.program import Program
from rulebook.dsl.types import element_of

from .program_walk import walk

BLOCK, STATEMENT, BRANCH, OPTION, ROW_READ, ROW_CHOSEN = "block", "statement", "branch", "option", "read", "chosen"
VALUE = "value"
OFFERING = "offering"  # a value point's detail when it decides what a decision offers, not an `if`
COMPARISONS = frozenset({"==", "!=", "<", "<=", ">", ">=", "in", "not in"})


@dataclass(frozen=True)
class Point:
    """One reach point. `label` says what it is in the rules' words (a rule's name, an option's
    text, a row's key); `detail` which part (`else`, `then`, `pass`…); `table`/`row` for rows."""

    kind: str
    span: n.Span
    label: str = ""
    detail: str = ""
    table: str = ""
    row: int = -1
    within: int = 0  # a branch's or option's statement (or block): the line it is written on
    value_type: object = field(default=None, compare=False)  # a `value` point: its operand's checked type

    @property
    def key(self) -> tuple:
        """Stable across programs and runs: kind, place, and which part."""
        return (self.kind, self.span.path, self.span.line, self.span.column, self.detail, self.table, self.row)


@dataclass(frozen=True)
class TableRows:
    """How a table's rows are reached: `code` — the table has statement cells (a row whose effect is rules text),
    and a row counts when one of its cells ran (`code_blocks`, per row) or it was chosen;
    `chosen` — its kind is a value of some decision, and a row counts when chosen; otherwise a
    row counts when it was read."""

    name: str
    path: str
    code: bool
    chosen: bool
    code_blocks: tuple  # per row: the block points of its statement cells

    @property
    def rule(self) -> str:
        return "code" if self.code else "chosen" if self.chosen else "read"


class ReachMap:
    """The numbered reach points of one program, and the point of each node that has one."""

    def __init__(self, program: Program, tracing: bool = False):
        self.program = program
        found: list[tuple[Point, tuple]] = []  # (point, (what, id(node), part))
        walker = _Walker(program, found, tracing)
        walker.walk()
        found.sort(key=lambda item: (item[0].span.path, item[0].span.line, item[0].span.column,
                                     item[0].kind, item[0].detail))
        found += walker.rows()  # last, each table's rows consecutive (per `how`), in row order
        self.points: tuple[Point, ...] = tuple(point for point, _ in found)
        self._ids: dict[tuple, int] = {ref: i for i, (_, ref) in enumerate(found)}
        self.tables: dict[str, TableRows] = {name: self._table_rows(name, walker.chosen_kinds)
                                             for name in program.tables}

    def _table_rows(self, name: str, chosen_kinds: set) -> TableRows:
        p = self.program
        table = p.tables[name]
        kinds = [k for k, decl in p.kinds.items() if decl.table == name]
        cells = [rules for (column, kind), rules in p.code_rules.items()
                 if kind in kinds and p.codes[(column, kind)].result is None]
        blocks = tuple(tuple(self.block(p.rules[rules[i]]) for rules in cells if rules[i] in p.rules)
                       for i in range(len(table.rows)))
        return TableRows(name, table.path, bool(cells), any(k in chosen_kinds for k in kinds), blocks)

    def __len__(self) -> int:
        return len(self.points)

    def _get(self, what: str, node, part=None) -> Optional[int]:
        return self._ids.get((what, id(node), part))

    def block(self, decl: n.Node) -> Optional[int]:
        return self._get(BLOCK, decl)

    def statement(self, stmt: n.Node) -> Optional[int]:
        return self._get(STATEMENT, stmt)

    def arm(self, node: n.Node, index) -> Optional[int]:
        """An `if`'s arm (its branch number, or "else"), or `then`/`else` of a conditional."""
        return self._get(BRANCH, node, index)

    def value(self, operand: n.Node) -> Optional[int]:
        """An operand of an `if`'s condition whose value a tracing build notes (None elsewhere)."""
        return self._get(VALUE, operand)

    def option(self, node: n.Node, index: int) -> Optional[int]:
        """Entry `index` of a decision (a Choose, UpTo or ActionDecl), numbered as its moves are."""
        return self._get(OPTION, node, index)

    def row(self, table: str, row: int, how: str) -> Optional[int]:
        """A table row's point for `how` = "read" or "chosen"."""
        return self._ids.get((how, table, row))

    def rows_base(self, table: str, how: str) -> Optional[int]:
        """The point of row 0 (rows of one table are numbered consecutively) or None."""
        return self.row(table, 0, how)


class _Walker:
    def __init__(self, program: Program, found: list, tracing: bool = False):
        self.p = program
        self.found = found
        self.tracing = tracing
        self.within = 0  # the line of the statement or block being walked
        self.chosen_kinds: set = set()  # kinds some decision's variable ranges over

    def add(self, point: Point, what: str, node, part=None) -> None:
        if point.kind in (BRANCH, OPTION):
            point = dataclasses.replace(point, within=self.within)
        self.found.append((point, (what, id(node), part)))

    def block_point(self, decl: n.Node, label: str) -> None:
        self.add(Point(BLOCK, decl.span, label), BLOCK, decl)
        self.within = decl.span.line

    def walk(self) -> None:
        p = self.p
        for block in (p.setup, p.flow):
            if block is not None:
                self.body(block.body)
        for name, rule in p.rules.items():
            self.block_point(rule, f"rule {name}")
            self.body(rule.body)
        for name, value in p.values.items():
            self.block_point(value, f"value {name}")
            self.expressions(value.body)
        for trigger in p.triggers:
            self.block_point(trigger, f"when {trigger.name}")
            self.expressions(trigger.condition)
            self.body(trigger.body)
        for name, action in p.actions.items():
            self.block_point(action, f"action {name}")
            for i, option in enumerate(action.options):
                self.add(Point(OPTION, option.span, _option_text(option), str(i)), OPTION, action, i)
                self.option_parts(option)
                self.within = action.span.line

    def rows(self) -> list:
        out = []
        for name in sorted(self.p.tables):
            table = self.p.tables[name]
            for how in (ROW_READ, ROW_CHOSEN):
                for i, row in enumerate(table.rows):
                    span = table.row_spans[i] if i < len(table.row_spans) else n.NOWHERE
                    label = str(row.get(table.key, i + 1)) if table.key else str(i + 1)
                    out.append((Point(how, span, label, how, name, i), (how, name, i)))
        return out

    def body(self, stmts) -> None:
        within = self.within
        for stmt in stmts or ():
            self.within = stmt.span.line
            self.statement(stmt)
        self.within = within

    def statement(self, st: n.Node) -> None:
        self.add(Point(STATEMENT, st.span, type(st).__name__), STATEMENT, st)
        if isinstance(st, n.If):
            for i, (condition, body) in enumerate(st.branches):
                self.expressions(condition)
                if self.tracing:
                    for operand in deciding_operands(condition):
                        self.add(Point(VALUE, operand.span, _written(operand), value_type=self.p.type_of(operand)),
                                 VALUE, operand)
                self.add(Point(BRANCH, body[0].span if body else st.span, "if", f"arm {i + 1}"), BRANCH, st, i)
                self.body(body)
            written = st.otherwise[0].span if st.otherwise else st.span  # an `else` not written: the `if`
            self.add(Point(BRANCH, written, "if", "else"), BRANCH, st, "else")
            self.body(st.otherwise)
            return
        if isinstance(st, n.Choose):
            if st.menu:
                for i, option in enumerate(st.options):
                    self.add(Point(OPTION, option.span, _option_text(option), str(i)), OPTION, st, i)
                    self.option_parts(option)
            else:
                option = st.options[0]
                self.add(Point(OPTION, st.span, _option_text(option), "0"), OPTION, st, 0)
                self.option_parts(option)
                if st.optional:
                    self.add(Point(OPTION, st.span, "pass", "pass"), OPTION, st, 1)
            return
        if isinstance(st, n.UpTo):
            self.add(Point(OPTION, st.span, _option_text(st.option), "0"), OPTION, st, 0)
            self.add(Point(OPTION, st.span, "done", "done"), OPTION, st, 1)
            self.option_parts(st.option)
            return
        for f in dataclasses.fields(st):
            if f.name == "span":
                continue
            value = getattr(st, f.name)
            if f.name == "body":
                self.body(value)
            else:
                self.expressions(value)

    def option_parts(self, option: n.Option) -> None:
        if self.tracing:  # what offered or refused a move: a refusal shows them (play/trace.py)
            for operand in offering_operands(option):
                self.add(Point(VALUE, operand.span, _written(operand), OFFERING, value_type=self.p.type_of(operand)),
                         VALUE, operand)
        for binder in option.binders:
            element = element_of(self.p.type_of(binder.domain))
            if isinstance(element, tuple) and element[0] == "kind":
                self.chosen_kinds.add(element[1])
            self.expressions(binder.domain)
            self.expressions(binder.condition)
        self.expressions(option.guard)
        self.body(option.body)

    def expressions(self, value) -> None:
        """Conditional expressions anywhere inside value: each gets a `then` and an `else` arm."""
        for node in walk(value):
            if isinstance(node, n.Conditional):
                self.add(Point(BRANCH, node.then.span, "conditional", "then"), BRANCH, node, "then")
                self.add(Point(BRANCH, node.otherwise.span, "conditional", "else"), BRANCH, node, "else")


def deciding_operands(condition: n.Node, alone: bool = True) -> list:
    """What decided a condition, as a reader would ask: each side of a comparison (a literal left
    out), through `and`, `or` and `not`, where any other part is its own operand. A condition that
    is one such part alone (`if law:`) has none: the arm taken already says its value."""
    if isinstance(condition, n.BoolOp):
        return [found for operand in condition.operands for found in deciding_operands(operand, False)]
    if isinstance(condition, n.Not):
        return deciding_operands(condition.operand, alone)
    if isinstance(condition, n.BinOp) and condition.op in COMPARISONS:
        return [side for side in (condition.left, condition.right) if not _literal(side)]
    return [] if alone or _literal(condition) else [condition]


def offering_operands(option: n.Option) -> list:
    """What decides which moves an entry offers: the ends of a range its variables take, and the
    parts of its `where` conditions."""
    found: list = []
    for binder in option.binders:
        if isinstance(binder.domain, n.Range):
            found += [end for end in (binder.domain.low, binder.domain.high) if not _literal(end)]
        if binder.condition is not None:
            found += deciding_operands(binder.condition, alone=False)
    return found + (deciding_operands(option.guard, alone=False) if option.guard is not None else [])


def _literal(node: n.Node) -> bool:
    return isinstance(node, (n.Number, n.String, n.Bool, n.NoneLit))


def _written(node: n.Node) -> str:
    """A node's text as written (one line), else its kind."""
    span = node.span
    if span.end_line == span.line and span.end_column > span.column:
        text = (source_line(span.path, span.line) or "")[span.column - 1:span.end_column - 1].strip()
        if text:
            return text
    return type(node).__name__


def _option_text(option: n.Option) -> str:
    """How a report names a decision's entry: its move text as written, else its variables."""
    if option.label is not None:
        return "".join(part if isinstance(part, str) else "{…}" for part in option.label.parts)
    return "choose " + ", ".join(b.var for b in option.binders)


# ---------------------------------------------------------------- run-time helpers of a counting build
def counting_namespace(marks: bytearray) -> dict:
    """What a counting build's generated code names: its marks and the two helpers below (marks
    that note values — a trace's — bring their own `reached_value`)."""
    return {"R": marks, "reach_row": reach_row, "reached_value": getattr(type(marks), "reached_value", reached_value)}


def reach_row(reached: bytearray, first: int, member):
    """Mark the row of `member` (points of a table's rows are consecutive) and give the member."""
    if member is not None:
        reached[first + member] = 1
    return member


def reached_value(reached: bytearray, point: int, value):
    """Mark a point reached by working out an expression, and give its value."""
    reached[point] = 1
    return value
