"""One error tree for everything a user can get wrong, printed gcc-style with a caret."""
from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Optional

from .nodes import Span


@dataclass(frozen=True)
class Diagnostic:
    """One message about one place: `path:line:column: message`, the line, and a caret."""

    span: Optional[Span]
    message: str
    severity: str = "error"  # "error" | "warning"
    source_line: Optional[str] = None

    def render(self) -> str:
        prefix = "warning: " if self.severity == "warning" else ""
        if self.span is None or self.span.line == 0:
            return f"{prefix}{self.message}"
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


_SOURCES: dict[str, list[str]] = {}


def remember_source(path: str, text: str) -> None:
    """Keep a file's text so diagnostics can quote its lines even for files not on disk."""
    _SOURCES[path] = text.splitlines()


def source_line(path: str, line: int) -> Optional[str]:
    lines = _SOURCES.get(path)
    if lines is None:
        try:
            lines = Path(path).read_text(encoding="utf-8").splitlines()
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
