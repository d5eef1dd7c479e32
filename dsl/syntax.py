"""Text → lark tree: the parser built from grammar.lark, and its failures said in a rules author's words."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Optional

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.indenter import DedentError, Indenter

from .errors import RulesError
from .nodes import Span

GRAMMAR_PATH = Path(__file__).with_name("grammar.lark")

# Deeper trees than this are refused: the tree-to-node pass, the checker and the engine's
# compiler all recurse once per level, and the shipped games stay under 30 levels.
MAX_DEPTH = 100
# Longer literals are refused: no count in a game needs them, and Python's int() stops at 4300.
MAX_DIGITS = 18


class _RulesIndenter(Indenter):
    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR", "LSQB"]
    CLOSE_PAREN_types = ["RPAR", "RSQB"]
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 8


class _FusedNumber(Exception):
    """A number written against a name (`2pebble`): refused as soon as the lexer reads it, since
    the parser would otherwise read a count and a name, or fail further on."""

    def __init__(self, token: Token):
        self.token = token


def _whole_number(token: Token) -> Token:
    if not token.isdigit():
        raise _FusedNumber(token)
    return token


@lru_cache(maxsize=1)
def _lark() -> Lark:
    return Lark(
        GRAMMAR_PATH.read_text(encoding="utf-8"),
        parser="lalr",
        postlex=_RulesIndenter(),
        propagate_positions=True,
        start=["start", "expr", "snippet"],
        maybe_placeholders=True,
        lexer_callbacks={"NUMBER": _whole_number},
    )


@dataclass(frozen=True)
class Origin:
    """Where a piece of text sits in its file. Text lifted out of a YAML cell, or a `{placeholder}`
    inside a quoted text, starts at (line, column) of the file rather than at 1:1."""

    path: str
    line: int = 1
    column: int = 1
    every_line: bool = False  # a YAML block: every line, not just the first, is indented

    def span(self, line: int, column: int, end_line: int = 0, end_column: int = 0) -> Span:
        """The file span of a position counted from the start of the text."""
        if not end_line:
            end_line, end_column = line, column
        return Span(self.path, line + self.line - 1, column + self._shift(line),
                    end_line + self.line - 1, end_column + self._shift(end_line))

    def _shift(self, line: int) -> int:
        return self.column - 1 if line == 1 or self.every_line else 0


def parse_tree(text: str, start: str, origin: Origin) -> Tree:
    """Parse with the grammar's `start` rule and check the nesting. Raises RulesError
    (file:line:column) on any syntax error."""
    tree = read_tree(text, start, origin)
    check_depth(tree, origin)
    return tree


def read_tree(text: str, start: str, origin: Origin) -> Tree:
    """Parse with the grammar's `start` rule, the nesting unchecked."""
    try:
        return _lark().parse(text, start=start)
    except (UnexpectedInput, DedentError) as err:
        raise syntax_error(err, text, origin) from None
    except _FusedNumber as fused:
        token = fused.token
        digits = len(token) - len(token.lstrip("0123456789"))
        raise RulesError.at(origin.span(token.line or 1, token.column or 1),
                            f"'{token}' is not a number: write a space between a number and a name "
                            f"('{token[:digits]} {token[digits:]}')") from None


# ---------------------------------------------------------------- syntax errors
# What the parser expected, in words a rules author knows.
_TOKEN_WORDS = {
    "NAME": "a name", "NUMBER": "a number", "STRING": "a quoted text", "_NL": "end of line",
    "_INDENT": "an indented block", "_DEDENT": "the end of the block", "COLON": "':'",
    "LPAR": "'('", "RPAR": "')'", "LSQB": "'['", "RSQB": "']'", "COMMA": "','", "EQUAL": "'='",
    "$END": "end of file", "DOT": "'.'",
}
_UNTERMINATED = "unterminated text: a quoted text must end with '\"' on the same line"


def syntax_error(err: Exception, text: str, origin: Origin) -> RulesError:
    """One clear diagnostic for whatever lark or the indenter refused."""
    if isinstance(err, UnexpectedCharacters):
        return RulesError.at(origin.span(err.line, err.column), _bad_character(text, err.pos_in_stream or 0))
    if isinstance(err, UnexpectedToken):
        line, column = _token_position(err.token, text)
        return RulesError.at(origin.span(line, column),
                             f"unexpected {_token_text(err.token)}{_describe_expected(_expected(err))}")
    if isinstance(err, UnexpectedEOF):
        return RulesError.at(origin.span(_last_line(text), 1),
                             f"unexpected end of file{_describe_expected(err.expected)}")
    if isinstance(err, DedentError):
        return RulesError.at(origin.span(_dedent_line(text), 1), "indentation does not match any outer block")
    line, column = getattr(err, "line", 1) or 1, getattr(err, "column", 1) or 1
    return RulesError.at(origin.span(line, column), "cannot read this")


def _bad_character(text: str, pos: int) -> str:
    char = text[pos]
    end_of_line = text.find("\n", pos)
    rest = text[pos + 1:end_of_line if end_of_line >= 0 else len(text)]
    if char == '"' and '"' not in rest:
        return _UNTERMINATED
    return f"unexpected character {char!r}"


def _token_position(token: Token, text: str) -> tuple[int, int]:
    """Where the unexpected token is. The indenter gives an indentation token the position of the
    line break before it; the indentation itself ends where the break's token ends."""
    if token.type == "$END":
        return _last_line(text), 1
    if token.type in ("_INDENT", "_DEDENT") and token.end_line is not None:
        return token.end_line, token.end_column or 1
    return token.line or 1, token.column or 1


def _expected(err: UnexpectedToken) -> Iterable[str]:
    """What the parser could take here. The contextual lexer's own list also holds tokens it
    always lets through (a line break), so ask the parser when it can say."""
    parser = err.interactive_parser
    if parser is not None:
        try:
            return parser.accepts()
        except Exception:  # noqa: BLE001 - a best effort; the lexer's list is the fallback
            pass
    return err.expected


def _describe_expected(expected: Iterable[str]) -> str:
    words = sorted({_TOKEN_WORDS.get(t, t.lower().strip('"') if not t.isupper() else t.lower())
                    for t in expected})
    words = [w for w in words if not w.startswith("__")]
    if not words:
        return ""
    if len(words) > 6:
        words = words[:6] + ["…"]
    return " (expected " + ", ".join(words) + ")"


def _token_text(token: Token) -> str:
    if token.type == "_NL":
        return "end of line"
    if token.type in ("_INDENT", "_DEDENT"):
        return "indentation"
    if token.type == "$END":
        return "end of file"
    return repr(str(token))


def _last_line(text: str) -> int:
    return max(text.count("\n"), 1)


def _dedent_line(text: str) -> int:
    """The first line whose indentation matches no enclosing block (for DedentError)."""
    stack = [0]
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.lstrip(" \t")
        if not stripped or stripped.startswith("#"):
            continue
        width = len(line.expandtabs(8)) - len(stripped.expandtabs(8))
        if width > stack[-1]:
            stack.append(width)
        else:
            while width < stack[-1]:
                stack.pop()
            if width != stack[-1]:
                return number
    return 1


# ---------------------------------------------------------------- nesting
# The frame around expressions (declarations, statements, blocks): a too-deep path is blamed on
# its outermost expression, unless the frame itself is most of the depth.
_STRUCTURE_SUFFIXES = ("_stmt", "_decl", "_clause", "_pattern", "_block")
_STRUCTURE = {"start", "snippet", "block", "option", "guarded_option", "kind_list", "kind_table",
              "params", "param", "binders", "binder"}


def check_depth(tree: Tree, origin: Origin) -> None:
    """Refuse a tree nested deeper than MAX_DEPTH, without recursing (a deep tree is the problem)."""
    stack: list[tuple[Tree, tuple]] = [(tree, ())]
    while stack:
        node, path = stack.pop()
        path = path + (node,)
        if len(path) > MAX_DEPTH:
            line, column = _nesting_start(path)
            raise RulesError.at(origin.span(line, column), "too deeply nested")
        stack.extend((child, path) for child in node.children if isinstance(child, Tree))


def _nesting_start(path: tuple) -> tuple[int, int]:
    """Where the nesting goes too deep: the outermost expression on the path when the expression
    is most of it; else the deepest statement (blocks nested in blocks)."""
    first = next((i for i, t in enumerate(path) if not _is_structure(t)), len(path))
    if len(path) - first > first:
        candidates = path[first:]
    else:  # a block starts at the line break before it: say the statement that holds it
        candidates = tuple(t for t in reversed(path[:first]) if t.data != "block")
    where: Optional[Tree] = next((t for t in candidates if _has_position(t)), None)
    if where is None:
        return 1, 1
    return where.meta.line, where.meta.column


def _is_structure(tree: Tree) -> bool:
    data = str(tree.data)
    return data in _STRUCTURE or data.endswith(_STRUCTURE_SUFFIXES)


def _has_position(tree: Tree) -> bool:
    return not getattr(tree.meta, "empty", True)
