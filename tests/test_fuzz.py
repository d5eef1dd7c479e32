"""Fuzzing the front end: whatever text it is given, loading gives a Program or a RulesError.

(a) random character and line mutations of the shipped rules files (and their YAML tables);
(b) expressions generated from the grammar's own `expr` rule, embedded in a small valid program.
Any other exception, or a load that takes too long, is a bug in dsl/.
"""
from __future__ import annotations

import os
import re
import signal
import tempfile
from contextlib import contextmanager
from functools import lru_cache
from math import inf
from pathlib import Path
from typing import Iterator

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import LarkStrategy, from_lark
from lark import Lark
from lark.grammar import NonTerminal
from lark.lexer import PatternStr

from rulebook.dsl.errors import RulesError
from rulebook.dsl.loader import load_program
from rulebook.dsl.parser import GRAMMAR_PATH, parse_text

ROOT = Path(__file__).resolve().parent.parent
GAMES = {"nim": ROOT / "tests" / "games" / "nim", "eriantys": ROOT / "rules" / "eriantys"}


def _snapshot(folder: Path) -> dict[str, str]:
    """A game folder's rules, tables and schemas, read once: generation must not depend on the disk."""
    return {path.name: path.read_text(encoding="utf-8") for path in sorted(folder.iterdir())
            if path.suffix in (".rules", ".yaml", ".json")}


FILES = {game: _snapshot(folder) for game, folder in GAMES.items()}
TABLE_FILES = {game: {file for name, text in files.items() if name.endswith(".rules")
                      for file in re.findall(r'^table \w+: "([^"]+)"', text, re.MULTILINE)}
               for game, files in FILES.items()}
# What gets mutated: every rules file, and every YAML file a `table` declaration reads.
SOURCES = sorted((game, name) for game, files in FILES.items() for name in files
                 if name.endswith(".rules") or name in TABLE_FILES[game])

# RULEBOOK_FUZZ_SCALE=50 runs fifty times as many examples (a longer campaign than the test run's).
SCALE = int(os.environ.get("RULEBOOK_FUZZ_SCALE", "1"))
FUZZ = settings(max_examples=60 * SCALE, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Turn a hang into a failure (hypothesis's deadline only reports once a call returns)."""
    if not hasattr(signal, "setitimer"):
        yield
        return

    def expired(signum, frame):  # noqa: ARG001 - signal handler signature
        raise TimeoutError(f"loading took more than {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def load_or_rules_error(folder: Path) -> None:
    """Load a folder; a RulesError is a fine answer, anything else propagates and fails the test."""
    with time_limit(10):
        try:
            load_program(folder)
        except RulesError as err:
            assert err.diagnostics, "a RulesError must carry at least one diagnostic"
            for d in err.diagnostics:
                d.render()


# ---------------------------------------------------------------- (a) mutations of real files
@st.composite
def mutated_text(draw: st.DrawFn, text: str) -> str:
    """`text` after 1–4 random edits: delete, duplicate or swap characters or lines, or insert one."""
    for _ in range(draw(st.integers(1, 4))):
        if not text:
            break
        op = draw(st.sampled_from(["del_char", "dup_char", "swap_chars", "insert_char",
                                   "del_line", "dup_line", "swap_lines"]))
        if op.endswith("line") or op.endswith("lines"):
            lines = text.splitlines(keepends=True)
            i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
            if op == "del_line":
                del lines[i]
            elif op == "dup_line":
                lines.insert(i, lines[i])
            else:
                lines[i], lines[j] = lines[j], lines[i]
            text = "".join(lines)
        else:
            i = draw(st.integers(0, len(text) - 1))
            if op == "del_char":
                text = text[:i] + text[i + 1:]
            elif op == "dup_char":
                text = text[:i] + text[i] + text[i:]
            elif op == "swap_chars" and i + 1 < len(text):
                text = text[:i] + text[i + 1] + text[i] + text[i + 2:]
            elif op == "insert_char":
                char = draw(st.sampled_from(list(":()[]{}\"#=.,-+ \t\n\\?") + ["x", "1", "é"]))
                text = text[:i] + char + text[i:]
    return text


@st.composite
def mutated_source(draw: st.DrawFn) -> tuple[str, str, str]:
    game, name = draw(st.sampled_from(SOURCES))
    return game, name, draw(mutated_text(FILES[game][name]))


@FUZZ
@given(mutated_source())
def test_mutated_rules_text_parses_or_fails_cleanly(source: tuple[str, str, str]) -> None:
    game, name, text = source
    if not name.endswith(".rules"):
        return
    with time_limit(10):
        try:
            parse_text(text, f"{game}/{name}")
        except RulesError:
            pass


@FUZZ
@given(mutated_source())
def test_mutated_rules_folder_loads_or_fails_cleanly(source: tuple[str, str, str]) -> None:
    game, name, text = source
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for other, content in FILES[game].items():
            (folder / other).write_text(text if other == name else content, encoding="utf-8")
        load_or_rules_error(folder)


# ---------------------------------------------------------------- (b) generated expressions
HARNESS = '''game "Fuzz"
players 2..4
option rich: bool = false
table cards: "cards.yaml" key name
kind colour: red, blue
kind card from cards
board ring_board: ring 6
zone bag: colour
zone hand[player]: colour
pile deck: colour
var points[player]: int = 0
var flag: bool = false
value double(n: int) -> int = n * 2

flow:
  let x = {expr}
  end game
'''
TABLE = "- {name: knight, cost: 2}\n- {name: bard, cost: 1}\n"
SCHEMA = '{"type": "array", "items": {"type": "object"}}\n'
# Names the harness knows (and a few it does not, for the did-you-mean paths).
VOCABULARY = ["players", "player_count", "current_player", "teams", "colour", "red", "blue", "card",
              "cards", "bag", "hand", "deck", "points", "flag", "rich", "double", "ring_board", "count",
              "len", "min", "max", "sum", "any", "all", "nodes", "groups", "group", "tiles", "step",
              "neighbours", "top", "abs", "index", "seats", "team", "name", "cost", "i", "p", "c", "x",
              "hep", "colours", "zz"]


def _padded(strategy: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return strategy.map(lambda token: f" {token} ")


class _BoundedLarkStrategy(LarkStrategy):
    """`from_lark`'s strategy with a size budget: once `budget` rules have been expanded, every
    rule takes one of its smallest expansions, so the expression closes quickly. (The plain
    strategy almost never finishes on this grammar: one level of expression is a chain of ten
    rules, most of them recursive, and nearly every draw hits hypothesis's size limits.)"""

    def __init__(self, grammar: Lark, start: str, explicit: dict, budget: int):
        super().__init__(grammar, start, explicit, st.characters(codec="utf-8"))
        _, rules, _ = grammar.grammar.compile([start], ())

        def cost(rule, least: dict) -> float:  # symbols written: prefer `7` to `f()`
            return 1 + sum(least.get(s.name, inf) if isinstance(s, NonTerminal) else 1 for s in rule.expansion)

        least: dict[str, float] = {}
        changed = True
        while changed:  # fixed point: the fewest symbols each nonterminal needs to end
            changed = False
            for rule in rules:
                if cost(rule, least) < least.get(rule.origin.name, inf):
                    least[rule.origin.name], changed = cost(rule, least), True
        shallow: dict[str, list] = {}
        for rule in rules:
            if cost(rule, least) == least[rule.origin.name]:
                shallow.setdefault(rule.origin.name, []).append(tuple(rule.expansion))
        self.free = self.nonterminal_strategies
        self.closing = {**self.free, **{name: st.sampled_from(options) for name, options in shallow.items()}}
        self.budget = budget
        self.expanded = 0

    def do_draw(self, data):  # noqa: ANN001, ANN201 - hypothesis's signature
        self.expanded = 0
        self.nonterminal_strategies = self.free
        return super().do_draw(data)

    def draw_symbol(self, data, symbol, draw_state) -> None:  # noqa: ANN001 - hypothesis's signature
        if isinstance(symbol, NonTerminal):
            self.expanded += 1
            if self.expanded == self.budget:
                self.nonterminal_strategies = self.closing
        super().draw_symbol(data, symbol, draw_state)


@lru_cache(maxsize=1)
def expressions() -> st.SearchStrategy[str]:
    """Texts derived from the grammar's `expr` rule, every token padded so none run together."""
    grammar = Lark(GRAMMAR_PATH.read_text(encoding="utf-8"), parser="lalr", start="expr")
    terminals, _, _ = grammar.grammar.compile(["expr"], ())
    explicit: dict[str, st.SearchStrategy[str]] = {"_INDENT": st.just(""), "_DEDENT": st.just(""),
                                                   "__IGNORE_0": st.just(" "), "__IGNORE_1": st.just("\\\n")}
    for t in terminals:
        if isinstance(t.pattern, PatternStr):
            explicit[t.name] = st.just(f" {t.pattern.value} ")
        elif t.name != "_NL" and not t.name.startswith("__"):
            explicit[t.name] = _padded(st.from_regex(t.pattern.to_regexp(), fullmatch=True,
                                                     alphabet=st.characters(codec="ascii")))
    explicit["NAME"] = _padded(st.sampled_from(VOCABULARY))
    explicit["NUMBER"] = _padded(st.integers(0, 10**6).map(str))
    explicit["STRING"] = _padded(st.one_of(
        st.from_regex(r'"[a-z {}+0-9]{0,8}"', fullmatch=True),
        st.sampled_from(VOCABULARY).map(lambda name: f'"has {{{name}}}"')))
    from_lark(grammar, start="expr", explicit=explicit).validate()  # the public entry point accepts it
    return _BoundedLarkStrategy(grammar, "expr", explicit, budget=25)


@settings(max_examples=150 * SCALE, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data())
def test_generated_expression_loads_or_fails_cleanly(data: st.DataObject) -> None:
    expr = data.draw(expressions(), label="expr")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "game.rules").write_text(HARNESS.replace("{expr}", expr), encoding="utf-8")
        (folder / "cards.yaml").write_text(TABLE, encoding="utf-8")
        (folder / "cards.schema.json").write_text(SCHEMA, encoding="utf-8")
        load_or_rules_error(folder)


def test_harness_is_valid() -> None:
    """The expression harness itself loads, so failures come from the generated expression."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "game.rules").write_text(HARNESS.replace("{expr}", "double(1)"), encoding="utf-8")
        (folder / "cards.yaml").write_text(TABLE, encoding="utf-8")
        (folder / "cards.schema.json").write_text(SCHEMA, encoding="utf-8")
        load_program(folder)
