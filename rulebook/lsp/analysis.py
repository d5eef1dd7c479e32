"""What the language server knows of a project: its diagnostics, and every name it declares.

Checking reads the editor's unsaved texts in place of the files (dsl.errors.editor_texts). The
index of names comes from each file parsed on its own, so a file that does not parse yet keeps
the names of its last good version, and a game that does not check still has an outline.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Mapping, Optional

from rulebook.dsl import nodes as n
from rulebook.dsl.errors import Diagnostic, RulebookError, RulesError, editor_texts, read_text
from rulebook.dsl.parser import parse_text
from rulebook.dsl.program import Program

from .project import Project

# What each declaration is called in an outline and a hover.
DECLARATION_KINDS = {n.OptionDecl: "option", n.TableDecl: "table", n.ConstDecl: "constant", n.KindDecl: "kind",
                     n.BoardDecl: "board", n.ZoneDecl: "zone", n.VarDecl: "var", n.ValueDecl: "value",
                     n.RuleDecl: "rule", n.ActionDecl: "action", n.DieDecl: "die", n.CodeDecl: "code"}


@dataclass(frozen=True)
class Declared:
    """A name a project declares, where its name is written, and its declaration's first line."""

    name: str
    kind: str  # option, table, constant, kind, member, board, zone, var, value, rule, action, die, code, step…
    path: str
    line: int  # 1-based, as the rules' spans
    column: int
    detail: str
    replaces: bool = False  # a mod's `replace`: the base game's declaration of the name is the definition
    row: Optional[dict] = None  # a table row (for a member made from a table): its values


@dataclass
class Analysis:
    """One project's state after a check: diagnostics by file and the names it declares."""

    project: Project
    diagnostics: dict[str, list[Diagnostic]] = field(default_factory=dict)
    declared: list[Declared] = field(default_factory=list)
    program: Optional[Program] = None

    def definition(self, name: str) -> Optional[Declared]:
        """Where a name is declared: the base game's declaration before a mod's replacement."""
        found = [d for d in self.declared if d.name == name and d.kind not in ("step", "phase")]
        return next((d for d in found if not d.replaces), found[0] if found else None)

    def in_file(self, path: str) -> list[Declared]:
        return [d for d in self.declared if d.path == path]


class Parses:
    """Each file's last module that parsed, so names survive a half-typed file."""

    def __init__(self) -> None:
        self._modules: dict[str, tuple[str, n.Module]] = {}  # path -> (text, module)

    def module(self, path: str, text: str) -> Optional[n.Module]:
        kept = self._modules.get(path)
        if kept is not None and kept[0] == text:
            return kept[1]
        try:
            module = parse_text(text, path)
        except RulebookError:
            return kept[1] if kept else None
        except RecursionError:  # text nested beyond reason: keep what was there
            return kept[1] if kept else None
        self._modules[path] = (text, module)
        return module


def analyse(project: Project, texts: Mapping[str, str], parses: Parses) -> Analysis:
    """Check the project with the editor's texts over its files; index its names either way."""
    analysis = Analysis(project)
    with editor_texts(texts):
        try:
            analysis.program = _load(project)
        except RulesError as err:
            _add(analysis, err.diagnostics)
        except RulebookError as err:  # a folder or mod that is not there: said on the project's first file
            files = project.files()
            where = n.Span(str(files[0]) if files else str(project.folder), 1, 1)
            _add(analysis, [Diagnostic(where, str(err))])
        else:
            _add(analysis, analysis.program.warnings)
        analysis.declared = list(_declarations(project, parses, analysis.program))
    return analysis


def _load(project: Project) -> Program:
    from rulebook.dsl.loader import load_program

    if project.lost_mod is not None:  # its manifest's own error says which game it names
        from rulebook.api import check_mods_extend

        check_mods_extend(project.lost_mod, [project.lost_mod])
    return load_program(project.folder, list(project.mods))


def _add(analysis: Analysis, diagnostics: Iterable[Diagnostic]) -> None:
    for diagnostic in diagnostics:
        path = str(Path(diagnostic.span.path).resolve()) if diagnostic.span else str(analysis.project.folder)
        analysis.diagnostics.setdefault(path, []).append(diagnostic)


def _declarations(project: Project, parses: Parses, program: Optional[Program]) -> Iterable[Declared]:
    for path in project.files():
        if path.suffix != ".rules":
            continue
        try:
            text = read_text(path)
        except (RulebookError, OSError):
            continue
        module = parses.module(str(path.resolve()), text)
        if module is None:
            continue
        lines = text.splitlines()
        for decl in module.decls:
            yield from _declared(decl, str(path.resolve()), lines)
    if program is not None:
        yield from _table_members(program)


def _declared(decl: n.Node, path: str, lines: list, replaces: bool = False) -> Iterable[Declared]:
    if isinstance(decl, n.Replace):
        yield from _declared(decl.decl, path, lines, True)
        return
    kind = DECLARATION_KINDS.get(type(decl))
    name = getattr(decl, "name", None) if kind else None
    if kind == "code":
        name = f"{decl.column} of {decl.kind}"
    if isinstance(decl, n.BlockDecl):  # `setup:` and `flow:`
        kind, name = decl.kind, decl.kind
    if isinstance(name, str):
        yield _at(name, kind, decl.span, path, lines, replaces)
    if isinstance(decl, n.KindDecl):
        for member in decl.members:
            yield _at(member, "member", decl.span, path, lines, False, after=decl.name)
    for node in n.walk(getattr(decl, "body", ())):  # named stretches of play, for the outline
        if isinstance(node, n.SpanBlock) and node.name:
            yield _at(node.name, node.kind, node.span, path, lines, False)


def _at(name: str, kind: str, span: n.Span, path: str, lines: list, replaces: bool, after: str = "") -> Declared:
    """Where `name` is written on its declaration's line (after `after`, for a kind's members)."""
    line = lines[span.line - 1] if 0 < span.line <= len(lines) else ""
    start = max(span.column - 1, 0)
    if after:
        found = re.search(rf"\b{re.escape(after)}\b", line[start:])
        start += found.end() if found else 0
    found = re.search(rf"\b{re.escape(name)}\b", line[start:])
    column = start + found.start() + 1 if found else span.column
    return Declared(name, kind, path, span.line, column, line.strip(), replaces)


def _table_members(program: Program) -> Iterable[Declared]:
    """A kind made from a table: each member is declared where its row's key is written."""
    for kind in program.kinds.values():
        table = program.tables.get(kind.table) if kind.table else None
        if table is None or table.key is None:
            continue
        for row, span, cells in zip(table.rows, table.row_spans, table.cell_spans or [{}] * len(table.rows)):
            where = cells.get(table.key, span)
            yield Declared(str(row.get(table.key)), "member", str(Path(where.path).resolve()), where.line,
                           where.column, f"a {kind.name} (row of table {table.name})", row=dict(row))
