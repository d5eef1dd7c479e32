"""One error tree for everything a user can get wrong, printed gcc-style with a caret."""
from __future__ import annotations

import difflib
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator, Mapping, Optional

from .nodes import Span

# Texts an editor holds that are not saved yet, by resolved path: reading a rules folder inside
# `editor_texts(...)` sees them instead of the files (the language server checks as one types).
_EDITOR_TEXTS: ContextVar[Mapping[str, str]] = ContextVar("editor_texts", default={})


@contextmanager
def editor_texts(texts: Mapping[str, str]) -> Iterator[None]:
    """Read these texts (by path) instead of the files on disk, within the block."""
    token = _EDITOR_TEXTS.set({str(Path(path).resolve()): text for path, text in texts.items()})
    try:
        yield
    finally:
        _EDITOR_TEXTS.reset(token)


def read_text(path: Path) -> str:
    """A UTF-8 file's text (without the byte-order mark some editors write first), or the text an
    editor holds for it (editor_texts). Raises RulesError at the line and column of the first byte
    that is not UTF-8."""
    held = _EDITOR_TEXTS.get()
    if held:
        text = held.get(str(Path(path).resolve()))
        if text is not None:
            return text.removeprefix("\ufeff")
    data = path.read_bytes()
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        column = err.start - (data.rfind(b"\n", 0, err.start) + 1) + 1
        raise RulesError.at(Span(str(path), line, column), f"not UTF-8 text: byte 0x{data[err.start]:02x} "
                                                           f"here ({err.reason})") from None


def whole_file(path: Path | str) -> Span:
    """The span of a file as a whole (a link, a folder, a file that should not be there)."""
    return Span(str(path), 0, 0)


def plain_file_problem(path: Path, folder: Path) -> Optional[str]:
    """Why `path` cannot be read as one of `folder`'s own files, or None: it must be a plain
    file, not a link or a folder, and lie inside the folder."""
    if path.is_symlink():
        return "is a link; a rules folder holds its files themselves"
    if not path.is_file():
        return "is not a file" + (" (a folder)" if path.is_dir() else "")
    try:
        path.resolve().relative_to(folder.resolve())
    except ValueError:
        return "lies outside the rules folder"
    return None


@dataclass(frozen=True)
class Diagnostic:
    """One message about one place: `path:line:column: message`, the line, and a caret."""

    span: Optional[Span]
    message: str
    severity: str = "error"  # "error" | "warning"
    source_line: Optional[str] = None
    unused: Optional[str] = None  # a warning that this rule or value is never used: its name

    def render(self) -> str:
        prefix = "warning: " if self.severity == "warning" else ""
        if self.span is None or self.span.path == "<builtin>":
            return f"{prefix}{self.message}"
        if self.span.line == 0:  # about a file as a whole: `path: message`
            return f"{self.span.path}: {prefix}{self.message}"
        head = f"{self.span}: {prefix}{self.message}"
        line = self.source_line
        if line is None:
            line = source_line(self.span.path, self.span.line)
        if line is None:
            return head
        caret = " " * (max(self.span.column, 1) - 1) + "^"
        return f"{head}\n    {line}\n    {caret}"


class RulebookError(Exception):
    """Base of every error a user can cause; never shown with a traceback."""

    def render(self) -> str:
        """The message as a command prints it (with the rules line and a caret, where placed)."""
        return str(self)


class RulesError(RulebookError):
    """One or more diagnostics that stop a rules folder from loading."""

    def __init__(self, diagnostics: Iterable[Diagnostic]):
        self.diagnostics = [d for d in diagnostics]
        super().__init__("\n".join(d.render() for d in self.diagnostics))

    @classmethod
    def at(cls, span: Optional[Span], message: str) -> "RulesError":
        return cls([Diagnostic(span, message)])


class OptionsError(RulebookError):
    """A game option that the game's option schema refuses."""


class MissingInput(RulebookError):
    """A file or folder named as input that is not there (or not of the kind asked for)."""


_SOURCES: dict[str, list[str]] = {}


def remember_source(path: str, text: str) -> None:
    """Keep a file's text so diagnostics can quote its lines even for files not on disk."""
    _SOURCES[path] = text.splitlines()


def source_line(path: str, line: int) -> Optional[str]:
    lines = _SOURCES.get(path)
    if lines is None:
        try:
            lines = Path(path).read_text(encoding="utf-8", errors="replace").splitlines()
        except (OSError, UnicodeDecodeError):
            return None
        _SOURCES[path] = lines
    if 1 <= line <= len(lines):
        return lines[line - 1].rstrip()
    return None


def did_you_mean(name: str, known: Iterable[str]) -> str:
    """` (did you mean 'x'?)` for the closest known name, or nothing."""
    close = difflib.get_close_matches(name, sorted(set(known)), n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""
