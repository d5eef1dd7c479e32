"""Every node of a checked program's statements, in source order: for analyses that read the rules."""
from __future__ import annotations

from pathlib import Path

from rulebook.dsl import nodes as n
from rulebook.dsl.node_exprs import walk as walk  # the engine's analyses import it from here
from rulebook.dsl.program import Program


def statement_roots(program: Program) -> list:
    """The blocks of statements a game runs: setup, flow, rules (with table code), triggers, actions."""
    roots: list = []
    if program.setup is not None:
        roots.append(program.setup.body)
    if program.flow is not None:
        roots.append(program.flow.body)
    roots.extend(rule.body for rule in program.rules.values())
    roots.extend(t.body for t in program.triggers)
    roots.extend(action.options for action in program.actions.values())
    return roots


def program_nodes(program: Program, *types: type) -> list:
    """Every node of the given types in the program's statements, sorted by where it is written
    (so the order is the same on every run, whatever order the compiler numbers things in)."""
    found = {}
    for root in statement_roots(program):
        for node in walk(root):
            if isinstance(node, types):
                found[span_key(node.span)] = node
    return [found[key] for key in sorted(found)]


def portable_place(span: n.Span, program: Program) -> str:
    """`file:line:column` with the file relative to the game's folder when it lies inside it, so
    the text is the same wherever the game is installed."""
    path = Path(span.path)
    try:
        shown = path.resolve().relative_to(Path(program.path).resolve()).as_posix()
    except ValueError:
        shown = span.path
    return f"{shown}:{span.line}:{span.column}"


def span_key(span: n.Span) -> tuple:
    """A sortable, hashable key for a place in the rules."""
    return (span.path, span.line, span.column)
