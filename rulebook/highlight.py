"""Rules text in colour: a Pygments lexer for `.rules` files, its words read from the grammar.

Installed as the Pygments lexer `rulebook` (aliases `rules`), so `pygmentize -l rulebook FILE`,
Sphinx and MkDocs colour rules text; `editors/vscode/` has the same colouring for editors that read
TextMate grammars. Keywords are the quoted words of `dsl/grammar.lark` (the language's one source of
truth), sorted into declarations, types, constants, word operators and the rest (statements and
their connecting words), so a keyword added to the grammar is coloured with no change here.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from pygments.lexer import RegexLexer, bygroups, words
from pygments.token import (Comment, Keyword, Name, Number, Operator, Punctuation, String, Text,
                            Whitespace)

# How the grammar's words are coloured; every other keyword is a statement's or a connecting word.
DECLARATIONS = frozenset({"game", "option", "table", "kind", "board", "zone", "pile", "var", "value", "rule",
                          "action", "allow", "code", "when", "invariant", "setup", "flow", "score", "payoff",
                          "position", "statistic",
                          "require", "replace", "links", "die", "names", "players", "teams", "version"})
TYPES = frozenset({"bool", "int", "list", "optional", "ring", "grid", "hex", "network", "ports"})
CONSTANTS = frozenset({"true", "false", "none"})
WORD_OPERATORS = frozenset({"and", "or", "not", "in"})


def grammar_path() -> Path:
    import rulebook.dsl

    return Path(rulebook.dsl.__file__).with_name("grammar.lark")


@lru_cache(maxsize=1)
def grammar_keywords() -> tuple[str, ...]:
    """Every word the grammar spells out in quotes (`"choose"`), in order of first appearance."""
    text = grammar_path().read_text(encoding="utf-8")
    found = dict.fromkeys(re.findall(r'"([a-z][a-z_]*)"', text))
    return tuple(found)


def keyword_groups() -> dict[str, tuple[str, ...]]:
    """The grammar's words by how they are coloured (the TextMate grammar is checked against this)."""
    every = grammar_keywords()
    groups = {"declaration": DECLARATIONS, "type": TYPES, "constant": CONSTANTS, "operator": WORD_OPERATORS}
    sorted_out = {name: tuple(w for w in every if w in chosen) for name, chosen in groups.items()}
    placed = set().union(*groups.values())
    sorted_out["statement"] = tuple(w for w in every if w not in placed)
    return sorted_out


def _rules() -> dict:
    kinds = keyword_groups()
    return {
        "root": [
            (r"[ \t]+", Whitespace),
            (r"\r?\n", Whitespace),
            (r"\\[ \t]*\r?\n", Text),  # a line continued
            (r"#.*", Comment.Single),
            (r'"', String.Double, "string"),
            (words(kinds["declaration"], suffix=r"\b"), Keyword.Declaration),
            (words(kinds["type"], suffix=r"\b"), Keyword.Type),
            (words(kinds["constant"], suffix=r"\b"), Keyword.Constant),
            (words(kinds["operator"], suffix=r"\b"), Operator.Word),
            (words(kinds["statement"], suffix=r"\b"), Keyword),
            (r"([A-Za-z_]\w*)(\s*)(\()", bygroups(Name.Function, Whitespace, Punctuation)),
            (r"[A-Za-z_]\w*", Name),
            (r"[0-9]\w*", Number.Integer),
            (r"\.\.|->|\+=|-=|:=|==|!=|<=|>=|[-+*/%<>=?]", Operator),
            (r"[()\[\]{},:.…^]", Punctuation),
        ],
        "string": [
            (r'"', String.Double, "#pop"),
            (r"\{[^{}\"\n]*\}", String.Interpol),  # `{p}` in a log line or a move's text
            (r'[^"{\n]+', String.Double),
            (r"\{", String.Double),
            (r"\n", String.Double, "#pop"),  # an unclosed string ends with its line, as the parser says
        ],
    }


class RulesLexer(RegexLexer):
    """Rulebook's rules language (`.rules` files and the rules text in tables' code columns)."""

    name = "Rulebook rules"
    aliases = ["rulebook", "rules"]
    filenames = ["*.rules"]
    mimetypes = ["text/x-rulebook"]
    url = "https://pypi.org/project/rulebook-engine/"
    tokens = _rules()
