"""Rules text in colour (issue 30 item 2): the Pygments lexer and the TextMate grammar colour every
shipped rules file without an error token or an uncoloured gap, and both take their keywords from
the language's grammar."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pygments.token import Error

from rulebook.highlight import RulesLexer, grammar_keywords, keyword_groups

ROOT = Path(__file__).resolve().parent.parent
TEXTMATE = ROOT / "editors" / "vscode" / "syntaxes" / "rulebook.tmLanguage.json"
RULES_FILES = sorted([*ROOT.glob("rules/*/*.rules"), *ROOT.glob("tests/games/*/*.rules"),
                      *ROOT.glob("examples/**/*.rules")])


@pytest.mark.parametrize("path", RULES_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_lexer_colours_every_rules_file_without_an_error(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    tokens = list(RulesLexer().get_tokens(text))
    assert [value for kind, value in tokens if kind is Error] == []
    assert "".join(value for _, value in tokens) == text if text.endswith("\n") else text + "\n"


def test_the_lexer_tells_declarations_statements_and_strings_apart() -> None:
    text = 'rule give(p: player):\n  choose c in hand[p] as "give {c}"  # why\n'
    kinds = {value: str(kind) for kind, value in RulesLexer().get_tokens(text) if value.strip()}
    assert kinds["rule"] == "Token.Keyword.Declaration" and kinds["choose"] == "Token.Keyword"
    assert kinds["{c}"] == "Token.Literal.String.Interpol" and kinds["# why"] == "Token.Comment.Single"
    assert kinds["give"] == "Token.Name.Function" and kinds["in"] == "Token.Operator.Word"


def test_the_lexer_is_installed_for_pygments() -> None:
    from pygments.lexers import get_lexer_by_name, get_lexer_for_filename

    assert isinstance(get_lexer_by_name("rulebook"), RulesLexer)
    assert isinstance(get_lexer_for_filename("flow.rules"), RulesLexer)


def _textmate() -> dict:
    return json.loads(TEXTMATE.read_text(encoding="utf-8"))


def test_the_textmate_grammar_has_the_grammars_keywords() -> None:
    """Each keyword pattern of the TextMate grammar lists exactly one colour group of the grammar's words."""
    patterns = _textmate()["repository"]["keywords"]["patterns"]
    listed = [set(re.fullmatch(r"\\b\(\?:(.*)\)\\b", p["match"]).group(1).split("|")) for p in patterns]
    groups = keyword_groups()
    assert listed == [set(groups[g]) for g in ("declaration", "type", "constant", "operator", "statement")]
    assert set().union(*listed) == set(grammar_keywords())


def _uncoloured(line: str, grammar: dict) -> list[str]:
    """What no rule of the TextMate grammar matches in a line, scanning as an editor would: at each
    place the first rule of the top-level patterns that matches there (a string runs to its `"`)."""
    repository = grammar["repository"]
    rules = []
    for include in grammar["patterns"]:
        rule = repository[include["include"].lstrip("#")]
        grouped = "patterns" in rule and "begin" not in rule  # a group of rules, not a region with rules inside
        rules.extend(rule["patterns"] if grouped else [rule])
    gaps, at = [], 0
    while at < len(line):
        if line[at].isspace():
            at += 1
            continue
        for rule in rules:
            if "begin" in rule:
                opened = re.compile(rule["begin"]).match(line, at)
                if opened:
                    closed = re.compile(rule["end"]).search(line, opened.end())
                    at = closed.end() if closed and closed.end() > at else len(line)
                    break
            else:
                found = re.compile(rule["match"]).match(line, at)
                if found and found.end() > at:
                    at = found.end()
                    break
        else:
            gaps.append(line[at])
            at += 1
    return gaps


@pytest.mark.parametrize("path", RULES_FILES[::3], ids=lambda p: str(p.relative_to(ROOT)))
def test_the_textmate_grammar_colours_every_rules_file_without_a_gap(path: Path) -> None:
    grammar = _textmate()
    gaps = {c for line in path.read_text(encoding="utf-8").splitlines() for c in _uncoloured(line, grammar)}
    # Punctuation is left to the editor's default colour: only it may stay uncoloured.
    assert gaps <= set("()[]{},:.…^\\")
