"""Rules text → program nodes. The grammar in grammar.lark is the only statement of the syntax;
syntax.py reads text into lark trees and transform.py turns them into frozen nodes."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from . import nodes as n
from .errors import RulesError, read_text, remember_source
from .syntax import GRAMMAR_PATH, Origin
from .transform import build

__all__ = ["GRAMMAR_PATH", "parse_file", "parse_snippet", "parse_text"]

_BOM = "\ufeff"


def parse_text(text: str, path: str) -> n.Module:
    """Parse one rules file. Raises RulesError with file:line:column on any syntax error."""
    text = text.removeprefix(_BOM)  # editors may start UTF-8 files with a byte-order mark
    remember_source(path, text)
    if not text.endswith("\n"):
        text += "\n"
    return _parsed(text, path)


@lru_cache(maxsize=256)
def _parsed(text: str, path: str) -> n.Module:
    """The nodes are frozen, so a file read again unchanged (the language server checks a whole game
    at every pause in typing; a test loads a game many times) is not parsed again."""
    return build(text, "start", Origin(path))


def parse_file(path: Path) -> n.Module:
    return parse_text(read_text(path), str(path))


def parse_snippet(text: str, path: str, statements: bool, line: int = 1, column: int = 1) -> tuple:
    """Parse an expression (statements=False) or a list of statements written outside any rules
    file — in a table cell or a scenario vocabulary, say — whose text starts at (line, column) of
    `path`; every line of it is indented by `column - 1`, as in a YAML block."""
    if not Path(path).is_file():  # text of a file on disk is quoted from the file itself
        remember_source(path, "\n" * (line - 1) + text)
    if statements:
        source = text if text.endswith("\n") else text + "\n"
        return build(source, "snippet", Origin(path, line, column, every_line=True))
    # Leading blank lines and trailing space would read as line breaks; spaces before the
    # expression are kept, so columns stay those of the text.
    body = text.rstrip()
    blank = len(body) - len(body.lstrip("\r\n \t"))
    skipped = body[:blank].rfind("\n") + 1
    origin = Origin(path, line + body[:skipped].count("\n"), column, every_line=True)
    return (build(body[skipped:], "expr", origin),)
