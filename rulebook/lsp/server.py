"""The language server (pygls): diagnostics as one types, hover, definitions, references,
completion and an outline, for `.rules` files, a game's YAML tables and mods.

A change is checked after a short quiet spell (DEBOUNCE seconds), a save at once and also as
`rulebook check` would (compiled for the default options, the setup played): that costs a build,
so it runs beside the editor's requests, which are answered from the last analysis. No text — a
half-typed file, binary junk, a file outside any game — makes the server fail: a request it
cannot answer gets an empty answer, and what went wrong goes to the client's log.
"""
from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any, Callable, Optional

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from rulebook.dsl.errors import Diagnostic, RulebookError, editor_texts

from .analysis import Analysis, Declared, Parses, analyse
from .keywords import keyword_entries
from .project import Project, find_project

DEBOUNCE = 0.25  # seconds of quiet after a keystroke before the project is checked again
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

SYMBOL_KINDS = {"rule": lsp.SymbolKind.Function, "value": lsp.SymbolKind.Function, "action": lsp.SymbolKind.Method,
                "zone": lsp.SymbolKind.Array, "var": lsp.SymbolKind.Variable, "option": lsp.SymbolKind.Property,
                "constant": lsp.SymbolKind.Constant, "kind": lsp.SymbolKind.Enum, "member": lsp.SymbolKind.EnumMember,
                "board": lsp.SymbolKind.Struct, "table": lsp.SymbolKind.File, "die": lsp.SymbolKind.Object,
                "code": lsp.SymbolKind.Field, "step": lsp.SymbolKind.Event, "phase": lsp.SymbolKind.Event,
                "turn": lsp.SymbolKind.Event, "round": lsp.SymbolKind.Event, "flow": lsp.SymbolKind.Module,
                "setup": lsp.SymbolKind.Module}


class RulesServer(LanguageServer):
    """The server's state: each project's last analysis, the files' last parses, pending checks."""

    def __init__(self) -> None:
        from rulebook.cli import version

        super().__init__("rulebook", version())
        self.analyses: dict[Project, Analysis] = {}
        self.parses = Parses()
        self.pending: dict[Project, asyncio.Task] = {}

    # ------------------------------------------------------------ checking
    def project_of(self, uri: str) -> Optional[Project]:
        path = to_fs_path(uri)
        return find_project(Path(path)) if path else None

    def open_texts(self) -> dict[str, str]:
        return {to_fs_path(uri): doc.source for uri, doc in self.workspace.text_documents.items()
                if to_fs_path(uri)}

    def check(self, project: Project, full: bool = False) -> Analysis:
        """Analyse a project with the open texts; `full` also builds and sets up the game."""
        texts = self.open_texts()
        analysis = analyse(project, texts, self.parses)
        if full and analysis.program is not None and project.lost_mod is None:
            _check_built(analysis, texts)
        self.analyses[project] = analysis
        return analysis

    def publish(self, analysis: Analysis, also: tuple = ()) -> None:
        """Diagnostics for every file of the project (and `also`): a file without any gets an
        empty list, which clears what the client showed."""
        paths = {str(p.resolve()) for p in analysis.project.files()} | set(analysis.diagnostics) | set(also)
        for path in sorted(paths):
            found = analysis.diagnostics.get(path, [])
            self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(
                uri=from_fs_path(path) or path, diagnostics=[_diagnostic(d, self._lines(path)) for d in found]))

    def _lines(self, path: str) -> list[str]:
        uri = from_fs_path(path)
        document = self.workspace.text_documents.get(uri) if uri else None
        if document is not None:
            return document.source.splitlines()
        try:
            return Path(path).read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            return []

    def analysis_for(self, uri: str) -> Optional[Analysis]:
        project = self.project_of(uri)
        if project is None:
            return None
        return self.analyses.get(project) or self.check(project)


def _check_built(analysis: Analysis, texts: dict) -> None:
    """What `rulebook check` adds to loading: compiling for the default options, the setup and
    its invariants, the display."""
    from rulebook.checking import check_game

    project = analysis.project
    with editor_texts(texts):
        try:
            _, warnings = check_game(project.folder, {}, project.mods)
        except RulebookError as err:
            diagnostics = getattr(err, "diagnostics", None) or [Diagnostic(getattr(err, "span", None),
                                                                           getattr(err, "message", str(err)))]
            analysis.diagnostics.clear()
            for d in diagnostics:
                path = str(Path(d.span.path).resolve()) if d.span else str(project.folder / "game.rules")
                analysis.diagnostics.setdefault(path, []).append(d)
            return
    analysis.diagnostics.clear()
    for d in warnings:
        analysis.diagnostics.setdefault(str(Path(d.span.path).resolve()), []).append(d)


def _diagnostic(d: Diagnostic, lines: list[str]) -> lsp.Diagnostic:
    span = d.span
    line = max((span.line if span else 1) - 1, 0)
    start = max((span.column if span else 1) - 1, 0)
    if span is not None and span.end_line:
        end = lsp.Position(span.end_line - 1, max(span.end_column - 1, 0))
    else:
        text = lines[line] if line < len(lines) else ""
        word = WORD.match(text, start)
        end = lsp.Position(line, word.end() if word else (len(text) if span and span.line == 0 else start + 1))
    severity = lsp.DiagnosticSeverity.Warning if d.severity == "warning" else lsp.DiagnosticSeverity.Error
    return lsp.Diagnostic(range=lsp.Range(lsp.Position(line, start), end), message=d.message, severity=severity,
                          source="rulebook", tags=[lsp.DiagnosticTag.Unnecessary] if d.unused else None)


def _word_at(server: RulesServer, uri: str, position: lsp.Position) -> str:
    document = server.workspace.get_text_document(uri)
    lines = document.source.splitlines()
    if position.line >= len(lines):
        return ""
    text = lines[position.line]
    for found in WORD.finditer(text):
        if found.start() <= position.character <= found.end():
            return found.group()
    return ""


def _location(declared: Declared) -> lsp.Location:
    start = lsp.Position(declared.line - 1, declared.column - 1)
    return lsp.Location(uri=from_fs_path(declared.path) or declared.path,
                        range=lsp.Range(start, lsp.Position(start.line, start.character + len(declared.name))))


def _safely(fallback: Any) -> Callable:
    """A handler that answers `fallback` (and logs why) instead of failing on what it was given."""
    def wrap(handler: Callable) -> Callable:
        def safe(server: RulesServer, params):
            try:
                return handler(server, params)
            except Exception as err:  # noqa: BLE001 - any text at all must leave the server standing
                server.window_log_message(lsp.LogMessageParams(
                    type=lsp.MessageType.Error, message=f"rulebook: {handler.__name__}: {type(err).__name__}: {err}"))
                return fallback
        safe.__name__ = handler.__name__
        return safe
    return wrap


server = RulesServer()


async def _later(project: Project, delay: float, full: bool, also: tuple) -> None:
    await asyncio.sleep(delay)
    loop = asyncio.get_running_loop()
    try:
        analysis = await loop.run_in_executor(None, server.check, project, full)
    except Exception as err:  # noqa: BLE001 - a bug of ours: said in the client's log, the server goes on
        import traceback

        server.window_log_message(lsp.LogMessageParams(type=lsp.MessageType.Error, message=(
            f"rulebook: checking failed: {type(err).__name__}: {err} (please report it)\n{traceback.format_exc()}")))
        return
    server.publish(analysis, also)


def _schedule(uri: str, delay: float, full: bool = False) -> None:
    project = server.project_of(uri)
    if project is None:
        return
    waiting = server.pending.pop(project, None)
    if waiting is not None:
        waiting.cancel()
    path = to_fs_path(uri)
    server.pending[project] = asyncio.get_event_loop().create_task(
        _later(project, delay, full, (str(Path(path).resolve()),) if path else ()))


@server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
@_safely(None)
def did_open(ls: RulesServer, params: lsp.DidOpenTextDocumentParams) -> None:
    _schedule(params.text_document.uri, 0)


@server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
@_safely(None)
def did_change(ls: RulesServer, params: lsp.DidChangeTextDocumentParams) -> None:
    _schedule(params.text_document.uri, DEBOUNCE)


@server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
@_safely(None)
def did_save(ls: RulesServer, params: lsp.DidSaveTextDocumentParams) -> None:
    _schedule(params.text_document.uri, 0, full=True)


@server.feature(lsp.TEXT_DOCUMENT_HOVER)
@_safely(None)
def hover(ls: RulesServer, params: lsp.HoverParams) -> Optional[lsp.Hover]:
    word = _word_at(ls, params.text_document.uri, params.position)
    if not word:
        return None
    analysis = ls.analysis_for(params.text_document.uri)
    declared = analysis.definition(word) if analysis else None
    if declared is not None:
        text = _declared_text(declared, analysis)
    else:
        text = _builtin_text(word) or keyword_entries().get(word)
    return lsp.Hover(contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=text)) if text else None


def _declared_text(declared: Declared, analysis: Analysis) -> str:
    where = f"{Path(declared.path).name}:{declared.line}"
    if declared.row is not None:
        values = "\n".join(f"- **{k}**: `{v}`" for k, v in declared.row.items() if not isinstance(v, str) or "\n" not in v)
        return f"**{declared.name}** — {declared.detail} ({where})\n\n{values}"
    symbol = analysis.program.symbols.get(declared.name) if analysis.program else None
    shown = _type_text(symbol.type) if symbol is not None and symbol.type else "any"
    typed = f" — type `{shown}`" if shown != "any" else ""  # a value's or rule's type is on its line
    return f"**{declared.kind}** `{declared.name}`{typed} ({where})\n\n```rulebook\n{declared.detail}\n```"


def _builtin_text(word: str) -> Optional[str]:
    from rulebook.dsl.types import BUILTINS

    found = BUILTINS.get(word)
    return f"**built-in function** `{found[2].split(':')[0]}`\n\n{found[2].split(':', 1)[1].strip()}" if found else None


def _type_text(type_: Any) -> str:
    if isinstance(type_, tuple):
        return " ".join(_type_text(t) for t in type_)
    return str(type_)


@server.feature(lsp.TEXT_DOCUMENT_DEFINITION)
@_safely(None)
def definition(ls: RulesServer, params: lsp.DefinitionParams) -> Optional[lsp.Location]:
    word = _word_at(ls, params.text_document.uri, params.position)
    analysis = ls.analysis_for(params.text_document.uri) if word else None
    declared = analysis.definition(word) if analysis else None
    return _location(declared) if declared else None


@server.feature(lsp.TEXT_DOCUMENT_REFERENCES)
@_safely([])
def references(ls: RulesServer, params: lsp.ReferenceParams) -> list[lsp.Location]:
    """Every place a declared name is written in the project's rules files and tables."""
    word = _word_at(ls, params.text_document.uri, params.position)
    analysis = ls.analysis_for(params.text_document.uri) if word else None
    if analysis is None or analysis.definition(word) is None:
        return []
    texts = ls.open_texts()
    found = []
    pattern = re.compile(rf"(?<![A-Za-z0-9_]){re.escape(word)}(?![A-Za-z0-9_])")
    for path in analysis.project.files():
        key = str(path.resolve())
        text = texts.get(key) or texts.get(str(path))
        if text is None:
            text = path.read_text(encoding="utf-8", errors="replace")
        for number, line in enumerate(text.splitlines()):
            code = line.split("#", 1)[0] if path.suffix == ".rules" else line
            for match in pattern.finditer(code):
                start = lsp.Position(number, match.start())
                found.append(lsp.Location(uri=from_fs_path(key) or key,
                                          range=lsp.Range(start, lsp.Position(number, match.end()))))
    return found


@server.feature(lsp.TEXT_DOCUMENT_COMPLETION, lsp.CompletionOptions(trigger_characters=[".", "[", "("]))
@_safely(None)
def completion(ls: RulesServer, params: lsp.CompletionParams) -> lsp.CompletionList:
    from rulebook.highlight import grammar_keywords

    analysis = ls.analysis_for(params.text_document.uri)
    items: dict[str, lsp.CompletionItem] = {}
    for declared in (analysis.declared if analysis else []):
        if declared.kind in ("step", "phase", "turn", "round", "flow", "setup"):
            continue
        items.setdefault(declared.name, lsp.CompletionItem(
            label=declared.name, detail=declared.kind, kind=_completion_kind(declared.kind),
            documentation=declared.detail))
    program = analysis.program if analysis else None
    for table in (program.tables.values() if program else []):
        for column in sorted(table.columns):
            items.setdefault(column, lsp.CompletionItem(label=column, detail=f"column of {table.name}",
                                                        kind=lsp.CompletionItemKind.Field))
    for word in grammar_keywords():
        items.setdefault(word, lsp.CompletionItem(label=word, kind=lsp.CompletionItemKind.Keyword))
    from rulebook.dsl.types import BUILTINS

    for name in _builtins():
        described = BUILTINS.get(name)
        items.setdefault(name, lsp.CompletionItem(label=name, detail=described[2] if described else "built in",
                                                  kind=lsp.CompletionItemKind.Function))
    return lsp.CompletionList(is_incomplete=False, items=list(items.values()))


def _completion_kind(kind: str) -> lsp.CompletionItemKind:
    return {"rule": lsp.CompletionItemKind.Function, "value": lsp.CompletionItemKind.Function,
            "action": lsp.CompletionItemKind.Method, "option": lsp.CompletionItemKind.Property,
            "constant": lsp.CompletionItemKind.Constant, "kind": lsp.CompletionItemKind.Enum,
            "member": lsp.CompletionItemKind.EnumMember}.get(kind, lsp.CompletionItemKind.Variable)


def _builtins() -> list[str]:
    """The built-in names (`players`) and functions (`count`)."""
    from rulebook.dsl.check_base import BUILTIN_NAMES
    from rulebook.dsl.types import BUILTINS

    return sorted({*BUILTIN_NAMES, *BUILTINS})


@server.feature(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
@_safely([])
def document_symbols(ls: RulesServer, params: lsp.DocumentSymbolParams) -> list[lsp.SymbolInformation]:
    analysis = ls.analysis_for(params.text_document.uri)
    path = to_fs_path(params.text_document.uri)
    if analysis is None or not path:
        return []
    return [lsp.SymbolInformation(name=d.name, kind=SYMBOL_KINDS.get(d.kind, lsp.SymbolKind.Variable),
                                  location=_location(d), container_name=d.kind)
            for d in analysis.in_file(str(Path(path).resolve()))]


def serve() -> int:
    """Answer an editor over standard input and output until it says exit."""
    server.start_io()
    return 0
