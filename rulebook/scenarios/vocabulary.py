"""A game's scenario vocabulary: the sentences its .feature files may use and what each one does,
read from `scenarios.yaml` beside its rules. Nothing in here knows any game."""
from __future__ import annotations

import copy
import difflib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from jsonschema import Draft202012Validator

from rulebook.dsl.errors import Diagnostic, MissingInput, RulesError
from rulebook.dsl.nodes import Span
from rulebook.dsl.program import Program
from rulebook.dsl.tables import load_yaml

from .patterns import PatternError, compile_pattern, split_list
from .position import read_position

SCHEMA_PATH = Path(__file__).with_name("vocabulary.schema.json")
VOCABULARY_FILE = "scenarios.yaml"
KEYWORDS = ("given", "when", "then")
PLACEHOLDER_TYPES = {"int": "int", "number": "int", "ints": "list of int", "player": "player", "team": "team",
                     "players": "list of player", "word": "text", "text": "text"}


@dataclass
class StepDef:
    """One sentence (in one or more wordings) and its actions."""

    keyword: str
    patterns: list  # of Pattern
    tries: list  # patterns of the "tries to" form (When only)
    actions: list  # of (action name, argument) in order
    types: dict  # placeholder name -> rules type, for the snippets
    span: Span
    docstring: Optional[Any] = None  # the Placeholder the step's docstring is read as, if it takes one
    text_spans: dict = field(default_factory=dict)  # each text of the entry -> where it is written


@dataclass
class Vocabulary:
    path: Path
    steps: list = field(default_factory=list)
    synonyms: dict = field(default_factory=dict)  # kind -> {word: member name}
    pieces: dict = field(default_factory=dict)  # kind -> [piece words]
    alone: dict = field(default_factory=dict)  # kind -> [member words that may stand without the kind's noun]
    start: list = field(default_factory=list)  # actions after every new game
    position: list = field(default_factory=list)  # how sentences describe a position (position.py)
    kinds: dict = field(default_factory=dict)  # kind -> member names

    # what patterns need to know about words
    def kind_words(self, kind: str) -> list[str]:
        if kind not in self.kinds:
            raise PatternError(f"unknown kind '{kind}'")
        return list(self.kinds[kind]) + list(self.synonyms.get(kind, {}))

    def piece_words(self, kind: str) -> list[str]:
        return self.pieces.get(kind, ["piece", "pieces"])

    def alone_words(self, kind: str) -> list[str]:
        return self.alone.get(kind, [])

    def noun_words(self, kind: str) -> list[str]:
        """The words a sentence puts before a member of the kind (`card 17`, `cards 3 and 17`):
        the kind's name, its plural, and its piece words."""
        return [kind, kind + "s"] + list(self.pieces.get(kind, []))

    def sentences(self, keyword: str) -> list[str]:
        return [p.text for s in self.steps if s.keyword == keyword for p in s.patterns + s.tries]

    def find(self, keyword: str, text: str) -> Optional[tuple]:
        """(step, captured words, tries?) for the first pattern that matches the sentence."""
        for step in self.steps:
            if step.keyword != keyword:
                continue
            for tries, patterns in ((False, step.patterns), (True, step.tries)):
                for pattern in patterns:
                    captured = pattern.match(text)
                    if captured is not None:
                        return step, captured, tries
        return None

    def unknown_names(self, keyword: str, text: str) -> list[tuple[str, str]]:
        """(kind, name) for each name in a sentence that no step matches but that would match one
        if that name were a member of its kind: a name this game does not have (often a mod's)."""
        found: list[tuple[str, str]] = []
        for step in self.steps:
            if step.keyword != keyword:
                continue
            for pattern in step.patterns + step.tries:
                slots = [p for p in pattern.placeholders if p.type.partition(":")[0] in ("kind", "kinds", "pieces")]
                if not slots:
                    continue
                captured = compile_pattern(pattern.text, _AnyMember(self)).match(text)
                if captured is None:
                    continue
                for slot in slots:
                    kind = slot.type.partition(":")[2]
                    known = {w.lower() for w in self.kind_words(kind)}
                    for word in split_list(captured[slot.name]):
                        bare = re.sub(r"^(?:the|an?|\d+)\s+", "", word.strip(), flags=re.IGNORECASE)
                        if bare.lower() not in known and (kind, bare) not in found:
                            found.append((kind, bare))
                if found:
                    return found
        return found

    def closest(self, keyword: str, text: str, n: int = 3) -> list[str]:
        pool = self.sentences(keyword) or [p.text for s in self.steps for p in s.patterns]
        return difflib.get_close_matches(text, pool, n=n, cutoff=0.0)


class _AnyMember:
    """A lexicon whose kinds take any name: patterns compiled with it say where a name stands."""

    def __init__(self, vocabulary: Vocabulary):
        self.vocabulary = vocabulary

    def kind_words(self, kind: str) -> None:
        self.vocabulary.kind_words(kind)  # an unknown kind is still an error
        return None

    def piece_words(self, kind: str) -> list[str]:
        return self.vocabulary.piece_words(kind)


def load_vocabulary(folder: Path, program: Program, extra: Optional[list] = None) -> Vocabulary:
    """Read and check `scenarios.yaml` in a rules folder (and any extra vocabulary files)."""
    vocabulary = Vocabulary(folder / VOCABULARY_FILE)
    vocabulary.kinds = {name: _member_names(program, name) for name in program.kinds}
    own = folder / VOCABULARY_FILE  # a game may have no sentences of its own
    for path in ([own] if own.is_file() else []) + list(extra or []):
        if not path.is_file():
            raise MissingInput(f"{path}: no such vocabulary file")
        _read(path, vocabulary, program)
    return vocabulary


def _member_names(program: Program, kind: str) -> list[str]:
    decl = program.kinds[kind]
    if decl.table is None:
        return list(decl.members)
    table = program.tables[decl.table]
    return [str(row.get(table.key, i + 1)) for i, row in enumerate(table.rows)] if table.key else []


def check_vocabulary_file(path: Path) -> tuple:
    """A vocabulary file's YAML and shape (its schema); gives (data, positions). Raises RulesError
    at the file's line and column."""
    data, located = load_yaml(path)
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    errors = sorted(Draft202012Validator(schema).iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))
    if errors:
        raise RulesError([Diagnostic(located.span(tuple(e.absolute_path)), _said(e)) for e in errors])
    return data, located


def _said(error) -> str:
    """A schema's complaint about a vocabulary, shortened (a step is one of several shapes)."""
    if error.validator == "unevaluatedProperties" or error.validator == "additionalProperties":
        return error.message.replace("Unevaluated properties are not allowed", "unknown field") \
            .replace("Additional properties are not allowed", "unknown field")
    if error.validator == "required":
        return error.message.replace("is a required property", "is missing")
    return error.message


def _read(path: Path, vocabulary: Vocabulary, program: Program) -> None:
    data, located = check_vocabulary_file(path)
    for kind, words in (data.get("synonyms") or {}).items():
        vocabulary.synonyms.setdefault(kind, {}).update({str(k).lower(): str(v) for k, v in words.items()})
    for kind, words in (data.get("pieces") or {}).items():
        vocabulary.pieces[kind] = [str(w) for w in words]
    for kind, words in (data.get("alone") or {}).items():
        vocabulary.alone.setdefault(kind, []).extend(str(w) for w in words)
    problems: list[Diagnostic] = []
    for kind in list(vocabulary.synonyms) + list(vocabulary.pieces):
        if kind not in vocabulary.kinds:
            problems.append(Diagnostic(located.span(("synonyms",)), f"unknown kind '{kind}'"))
    for kind, words in (data.get("alone") or {}).items():  # members that may stand without the noun
        if kind not in vocabulary.kinds:
            problems.append(Diagnostic(located.span(("alone", kind)), f"unknown kind '{kind}'"))
            continue
        known = {w.lower() for w in vocabulary.kind_words(kind)}
        problems += [Diagnostic(located.span(("alone", kind, i)), f"no {kind} called '{word}'")
                     for i, word in enumerate(words) if str(word).lower() not in known]
    if "start" in data:
        vocabulary.start.extend(_actions(data["start"]))
    for i, entry in enumerate(data.get("steps") or []):
        span = located.span(("steps", i))
        if "rows" in entry:
            vocabulary.steps.extend(_row_steps(entry, vocabulary, program, located, i, problems))
            continue
        try:
            vocabulary.steps.append(_step(entry, vocabulary, span, located, i))
        except PatternError as err:
            problems.append(Diagnostic(span, str(err)))
    vocabulary.position.extend(read_position(data.get("position"), vocabulary, located, problems))
    if problems:
        raise RulesError(problems)


ACTION_ORDER = ("new_game", "refused_game", "set_zone", "run", "place", "play", "random_state", "expect_zone",
                "expect", "expect_view", "at_step", "legal_moves", "legal", "result", "invariants", "rejected",
                "unchanged")


def _actions(entry: dict) -> list:
    if "do" in entry:
        return [(name, value) for item in entry["do"] for name, value in item.items()]
    return [(name, entry[name]) for name in ACTION_ORDER if name in entry]


def _step(entry: dict, vocabulary: Vocabulary, span: Span, located, index: int) -> StepDef:
    keyword = next(k for k in KEYWORDS if k in entry)
    texts = entry[keyword] if isinstance(entry[keyword], list) else [entry[keyword]]
    tries = entry.get("tries", [])
    tries = tries if isinstance(tries, list) else [tries]
    patterns = [compile_pattern(t, vocabulary) for t in texts]
    try_patterns = [compile_pattern(t, vocabulary) for t in tries]
    docstring = None
    if "docstring" in entry:  # `docstring: "{name:type}"`: the step's docstring, read as that placeholder
        found = compile_pattern(entry["docstring"], vocabulary).placeholders
        if len(found) != 1:
            raise PatternError(f"a docstring is read as one placeholder, like '{{rows:kinds:K}}', "
                               f"not '{entry['docstring']}'")
        docstring = found[0]
    types = {}
    for placeholder in patterns[0].placeholders + ([docstring] if docstring else []):
        base, _, arg = placeholder.type.partition(":")
        if base in PLACEHOLDER_TYPES:
            types[placeholder.name] = PLACEHOLDER_TYPES[base]
        elif base in ("kind", "node"):
            types[placeholder.name] = arg
        elif base in ("kinds", "nodes"):
            types[placeholder.name] = f"list of {arg}"
    types.update(entry.get("types", {}))
    actions = _actions(entry)
    step = StepDef(keyword, patterns, try_patterns, actions, types, span, docstring)
    step.text_spans = located.text_spans(entry, ("steps", index))
    return step


_ROW_CELL = re.compile(r"\{row\.(\w+)\}")
_ROW_WORDS = "{row}"


def _row_steps(entry: dict, vocabulary: Vocabulary, program: Program, located, index: int,
               problems: list) -> list:
    """An entry with `rows:` stands for one step per row of a table of the rules: `{row}` in its
    sentences is the row's words (its `words` column, else its key), `{row.COLUMN}` anywhere in
    the entry is that cell, and a row's `moves` column, when it has one, is what it plays."""
    spec = entry["rows"]
    span = located.span(("steps", index, "rows"))
    table = program.tables.get(spec["table"])
    if table is None:
        known = difflib.get_close_matches(spec["table"], list(program.tables), n=1)
        hint = f" (did you mean '{known[0]}'?)" if known else ""
        problems.append(Diagnostic(span, f"unknown table '{spec['table']}'{hint}"))
        return []
    words_column, moves_column = spec.get("words"), spec.get("moves")
    template = {k: v for k, v in entry.items() if k != "rows"}
    steps = []
    for r, row in enumerate(table.rows):
        cells = table.cell_spans[r] if r < len(table.cell_spans) else {}
        where = cells.get(words_column) or table.row_spans[r]
        try:
            one = _fill_row(copy.deepcopy(template), row)
            default = "{row." + table.key + "}" if table.key else None
            words = row.get(words_column) if words_column else None
            words = _fill_row(words if words is not None else default, row)
            if words is None:
                raise PatternError(f"table '{table.name}' has no key: give each row's words in a column")
            for keyword in KEYWORDS + ("tries",):
                if keyword in one:
                    texts = one[keyword] if isinstance(one[keyword], list) else [one[keyword]]
                    one[keyword] = [t.replace(_ROW_WORDS, words) for t in texts]
            if moves_column and row.get(moves_column) is not None:
                moves = _fill_row(copy.deepcopy(row[moves_column]), row)
                if "do" in one:  # the row's moves take the place of the entry's own `play`
                    plays = [item for item in one["do"] if "play" in item]
                    for item in plays:
                        item["play"] = moves
                    if not plays:
                        one["do"].append({"play": moves})
                else:
                    one["play"] = moves
            steps.append(_step(one, vocabulary, span, located, index))
        except PatternError as err:
            name = row.get(table.key, r + 1) if table.key else r + 1
            problems.append(Diagnostic(where, f"table '{table.name}', row '{name}': {err}"))
    return steps


def _fill_row(value: Any, row: dict) -> Any:
    """`{row.COLUMN}` in every string of value, replaced by the row's cell."""
    if isinstance(value, str):
        def cell(match: re.Match) -> str:
            if match.group(1) not in row:
                raise PatternError(f"no column '{match.group(1)}' in this row")
            return str(row[match.group(1)])
        return _ROW_CELL.sub(cell, value)
    if isinstance(value, list):
        return [_fill_row(v, row) for v in value]
    if isinstance(value, dict):
        return {k: _fill_row(v, row) for k, v in value.items()}
    return value
