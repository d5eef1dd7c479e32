"""YAML tables: loaded with the line and column of every value, validated against their JSON Schema."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError

from .errors import Diagnostic, RulesError, remember_source
from .nodes import Span


@dataclass(frozen=True)
class Table:
    """A list of rows (dicts) read from YAML, with where each row and cell was written."""

    name: str
    path: str
    rows: tuple
    row_spans: tuple
    key: str | None
    cell_spans: tuple = ()  # per row: {column: Span of where the cell's text starts}

    @property
    def columns(self) -> set[str]:
        names: set[str] = set()
        for row in self.rows:
            names.update(row)
        return names


class _Located:
    """Maps a JSON path (tuple of keys and indexes) to the YAML mark where its value starts."""

    def __init__(self, path: str, text: str = ""):
        self.path = path
        self.lines = text.splitlines()
        self.marks: dict[tuple, Span] = {}
        self.text_starts: dict[tuple, Span] = {}

    def build(self, node: yaml.Node, where: tuple = ()) -> Any:
        self.marks[where] = Span(self.path, node.start_mark.line + 1, node.start_mark.column + 1)
        if isinstance(node, yaml.MappingNode):
            result = {}
            for key_node, value_node in node.value:
                key = self.build(key_node, where + ("<key>",))
                if not isinstance(key, (str, int, float, bool)):
                    raise RulesError.at(self.marks[where + ("<key>",)], "a table key must be plain text")
                if key in result:
                    raise RulesError.at(Span(self.path, key_node.start_mark.line + 1,
                                             key_node.start_mark.column + 1), f"key '{key}' given twice")
                result[key] = self.build(value_node, where + (key,))
            return result
        if isinstance(node, yaml.SequenceNode):
            return [self.build(item, where + (i,)) for i, item in enumerate(node.value)]
        self.text_starts[where] = self._text_start(node)
        # A scalar: let the safe constructor give it its YAML type (int, bool, text, …).
        return _construct_scalar(node)

    def _text_start(self, node: yaml.Node) -> Span:
        """Where a scalar's text begins: for a `|` or `>` block, its first line and indentation."""
        line, column = node.start_mark.line + 1, node.start_mark.column + 1
        if node.style in ("|", ">"):
            for number in range(line + 1, len(self.lines) + 1):
                content = self.lines[number - 1]
                if content.strip():
                    return Span(self.path, number, len(content) - len(content.lstrip()) + 1)
        elif node.style in ('"', "'"):
            column += 1
        return Span(self.path, line, column)

    def span(self, where: tuple) -> Span:
        while where not in self.marks and where:
            where = where[:-1]
        return self.marks.get(where, Span(self.path, 1, 1))


def _construct_scalar(node: yaml.ScalarNode) -> Any:
    loader = yaml.SafeLoader("")
    try:
        return loader.construct_object(node, deep=True)
    finally:
        loader.dispose()


def load_yaml(path: Path) -> tuple[Any, _Located]:
    """Read YAML safely (never constructing Python objects), keeping every value's position."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as err:
        raise RulesError.at(Span(str(path), 1, 1), f"not UTF-8 text: {err.reason}") from None
    remember_source(str(path), text)
    located = _Located(str(path), text)
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        span = Span(str(path), mark.line + 1, mark.column + 1) if mark else Span(str(path), 1, 1)
        raise RulesError.at(span, f"bad YAML: {err.problem or err.context}") from None
    except yaml.YAMLError as err:
        raise RulesError.at(Span(str(path), 1, 1), f"bad YAML: {err}") from None
    if node is None:
        return None, located
    try:
        return located.build(node), located
    except yaml.constructor.ConstructorError as err:
        mark = err.problem_mark
        raise RulesError.at(Span(str(path), mark.line + 1, mark.column + 1) if mark else Span(str(path), 1, 1),
                            f"bad YAML value: {err.problem}") from None


def load_schema(path: Path, used_at: Span) -> dict:
    if not path.is_file():
        raise RulesError.at(used_at, f"no schema file '{path.name}' beside the table (every table has one)")
    try:
        schema = json.loads(path.read_text(encoding="utf-8"))
        Draft202012Validator.check_schema(schema)
    except json.JSONDecodeError as err:
        raise RulesError.at(Span(str(path), err.lineno, err.colno), f"bad JSON: {err.msg}") from None
    except SchemaError as err:
        raise RulesError.at(Span(str(path), 1, 1), f"not a valid JSON Schema: {err.message}") from None
    return schema


def _describe(error) -> str:
    """A jsonschema message, shortened to what a table author needs."""
    if error.validator == "required":
        return error.message.replace("is a required property", "is missing")
    if error.validator == "additionalProperties":
        return error.message.replace("Additional properties are not allowed", "unknown column")
    if error.validator == "type":
        return f"{error.instance!r} is not of type {error.validator_value!r}"
    return error.message


def load_table(name: str, path: Path, key: str | None, used_at: Span, schema_path: Path | None = None) -> Table:
    """Load `path` (a YAML list of rows) and check it against `<stem>.schema.json` beside it
    (or `schema_path`: a mod's rows are checked, row by row, against the base game's schema)."""
    if not path.is_file():
        raise RulesError.at(used_at, f"table file '{path.name}' not found")
    data, located = load_yaml(path)
    schema = load_schema(schema_path or path.with_name(path.stem + ".schema.json"), used_at)
    if schema_path is not None and isinstance(schema.get("items"), dict):
        # A mod adds a few rows: each must be a good row; the whole table is the base's concern.
        schema = dict(schema, type="array", items=schema["items"])
        schema.pop("minItems", None)
        schema.pop("maxItems", None)
    validator = Draft202012Validator(schema)
    errors = sorted(validator.iter_errors(data), key=lambda e: tuple(str(p) for p in e.absolute_path))
    if errors:
        raise RulesError([Diagnostic(located.span(tuple(e.absolute_path)), _describe(e)) for e in errors])
    if not isinstance(data, list) or not all(isinstance(r, dict) for r in data):
        raise RulesError.at(located.span(()), "a table is a list of rows (mappings)")
    spans = tuple(located.span((i,)) for i in range(len(data)))
    cells = tuple({column: located.text_starts.get((i, column), spans[i]) for column in row}
                  for i, row in enumerate(data))
    if key is not None:
        seen: dict[Any, int] = {}
        for i, row in enumerate(data):
            if key not in row:
                raise RulesError.at(spans[i], f"row has no key column '{key}'")
            if row[key] in seen:
                raise RulesError.at(located.span((i, key)), f"key {row[key]!r} is already used by row {seen[row[key]] + 1}")
            seen[row[key]] = i
    return Table(name, str(path), tuple(data), spans, key, cells)


def merge_rows(base: Table, extra: Table) -> Table:
    """A mod's rows over the base's: a row whose key the base has replaces it, others are added."""
    rows, spans = list(base.rows), list(base.row_spans)
    cells = list(base.cell_spans) or [{} for _ in rows]
    for row, span, cell in zip(extra.rows, extra.row_spans, extra.cell_spans or [{} for _ in extra.rows]):
        index = next((i for i, r in enumerate(rows) if base.key is not None and r.get(base.key) == row.get(base.key)), None)
        if index is None:
            rows.append(row), spans.append(span), cells.append(cell)
        else:
            rows[index], spans[index], cells[index] = row, span, cell
    return Table(base.name, base.path, tuple(rows), tuple(spans), base.key, tuple(cells))
