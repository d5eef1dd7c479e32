"""Check a piece of rules text written outside the rules files (an expression or statements)
against a loaded program, with named parameters of declared types."""
from __future__ import annotations

from typing import Mapping

from . import nodes as n
from .checker import Checker, Scope
from .errors import RulesError
from .parser import parse_snippet
from .program import Program
from .types import Type


def parse_type(program: Program, text: str, where: n.Span, keep_optional: bool = False) -> Type:
    """A type written as text: `player`, `colour`, `board`, `group of board`, `list of int`;
    `player?` is player unless `keep_optional` (as the checker holds it: it may be none)."""
    words = text.strip()
    optional = words.endswith("?")
    words = words.rstrip("?").strip()
    if words.startswith("list of "):
        inner = parse_type(program, words[len("list of "):], where, keep_optional)
        return ("list", inner)
    checker = Checker(program)
    if words.startswith("group of "):
        ref = n.TypeRef(where, "group", n.TypeRef(where, words[len("group of "):].strip()))
    else:
        ref = n.TypeRef(where, words, None, optional)
    t = checker.resolve_type(ref, keep_optional)
    if checker.diagnostics:
        raise RulesError(checker.diagnostics)
    return t


def check_snippet(program: Program, text: str, params: Mapping[str, str], statements: bool,
                  path: str = "<snippet>", line: int = 1, column: int = 1) -> tuple:
    """Parse and check text that starts at (line, column) of `path`; give the nodes. Raises
    RulesError with file:line:column."""
    nodes = parse_snippet(text, path, statements, line, column)
    checker = Checker(program)
    scope = Scope()
    span = n.Span(path, line, column)
    for name, type_text in params.items():
        scope.names[name] = parse_type(program, type_text, span, keep_optional=True)
    if statements:
        checker.block(nodes, scope)
    else:
        checker.maybe(nodes[0], scope)  # a value to show or compare: none is welcome
    errors = [d for d in checker.diagnostics if d.severity == "error"]
    if errors:
        raise RulesError(errors)
    # Rules text in the folder's data (a display, a scenario vocabulary) uses rules and values too.
    used = checker.used_rules | checker.used_values
    if used and program.warnings:
        program.warnings = [w for w in program.warnings if w.unused not in used]
    return nodes
