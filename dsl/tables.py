"""YAML tables: loaded with the line and column of every value, validated against their JSON Schema."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, cast

import yaml
from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError
from referencing import Registry
from referencing.exceptions import Unresolvable

from .errors import Diagnostic, RulesError, read_text, remember_source
from .nodes import Span
from .program import Table
from .regex_safety import risky, schema_patterns

# YAML deeper than this is refused: reading it, checking it and building it all recurse per level.
MAX_YAML_DEPTH = 50
# Aliases can make a short file stand for a huge value; a table never needs more values than this.
MAX_YAML_VALUES = 100_000


class _Composer(yaml.SafeLoader):
    """The safe loader, refusing what would make building the value recurse or grow without end:
    an alias inside the value its anchor names, nesting deeper than MAX_YAML_DEPTH, and aliases
    that stand for more than MAX_YAML_VALUES values in all."""

    def __init__(self, stream: str):
        super().__init__(stream)
        self._open_anchors: set[str] = set()
        self._depth = 0
        self._total = 0  # values the document stands for, each alias counted as what it repeats
        self._sizes: dict[int, int] = {}  # id of an anchored node -> the values it holds

    def compose_node(self, parent, index):  # type: ignore[no-untyped-def]
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            # this loader is the pure-Python one: its marks are yaml.Mark, never libyaml's
            mark = cast(yaml.Mark, event.start_mark)
            if event.anchor in self._open_anchors:
                raise yaml.composer.ComposerError(
                    None, None, "an alias may not refer to a value that contains it", mark)
            node = super().compose_node(parent, index)
            self._grow(self._sizes.get(id(node), 1), mark)
            return node
        if self._depth >= MAX_YAML_DEPTH:
            raise yaml.composer.ComposerError(None, None, "nested too deeply", event.start_mark)
        anchor = getattr(event, "anchor", None)
        before = self._total
        self._grow(1, event.start_mark)
        if anchor is not None:
            self._open_anchors.add(anchor)
        self._depth += 1
        try:
            node = super().compose_node(parent, index)
        finally:
            self._depth -= 1
            self._open_anchors.discard(anchor)
        if anchor is not None:
            self._sizes[id(node)] = self._total - before
        return node

    def _grow(self, count: int, mark: yaml.Mark) -> None:
        self._total += count
        if self._total > MAX_YAML_VALUES:
            raise yaml.composer.ComposerError(None, None, "too many values (aliases expand too far)", mark)


class _Located:
    """Maps a JSON path (tuple of keys and indexes) to the YAML mark where its value starts."""

    def __init__(self, path: str, text: str = ""):
        self.path = path
        self.lines = text.splitlines()
        self.marks: dict[tuple, Span] = {}
        self.text_starts: dict[tuple, Span] = {}
        self.constructor = yaml.constructor.SafeConstructor()  # types scalars; builds no objects

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
        assert isinstance(node, yaml.ScalarNode)  # the composer makes only these three node kinds
        self.text_starts[where] = self._text_start(node)
        # A scalar: let the safe constructor give it its YAML type (int, bool, text, …).
        try:
            return self.constructor.construct_object(node, deep=True)
        except (ValueError, TypeError, OverflowError) as err:  # a bad date, a tagged number that is none
            raise RulesError.at(self.marks[where], f"bad YAML value: {err}") from None

    def _text_start(self, node: yaml.ScalarNode) -> Span:
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

    def text_spans(self, value: Any, where: tuple) -> dict:
        """Where each text inside `value` (the data read at `where`) is written: text -> its
        start (rules text in it is checked there, so its errors point at its own line and
        column; a text written twice is placed where it first is)."""
        found: dict = {}
        if isinstance(value, str):
            if where in self.text_starts:
                found[value] = self.text_starts[where]
        elif isinstance(value, (dict, list)):
            for key, item in (value.items() if isinstance(value, dict) else enumerate(value)):
                found.update({k: v for k, v in self.text_spans(item, where + (key,)).items() if k not in found})
        return found

    def span(self, where: tuple) -> Span:
        while where not in self.marks and where:
            where = where[:-1]
        return self.marks.get(where, Span(self.path, 1, 1))


def load_yaml(path: Path) -> tuple[Any, _Located]:
    """Read YAML safely (never constructing Python objects), keeping every value's position."""
    text = _read_text(path)
    remember_source(str(path), text)
    located = _Located(str(path), text)
    try:
        node = yaml.compose(text, Loader=_Composer)
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


def _read_text(path: Path) -> str:
    return read_text(path)


def load_schema(path: Path, used_at: Span) -> Any:
    """A table's JSON Schema (an object, or true/false), checked against the 2020-12 dialect."""
    if not path.is_file():
        raise RulesError.at(used_at, f"no schema file '{path.name}' beside the table (every table has one)")
    text = _read_text(path)
    remember_source(str(path), text)
    start = Span(str(path), 1, 1)
    try:
        schema = json.loads(text)
    except json.JSONDecodeError as err:
        raise RulesError.at(Span(str(path), err.lineno, err.colno), f"bad JSON: {err.msg}") from None
    except RecursionError:
        raise RulesError.at(start, "bad JSON: nested too deeply") from None
    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError as err:
        raise RulesError.at(start, f"not a valid JSON Schema: {err.message}") from None
    except RecursionError:
        raise RulesError.at(start, "not a valid JSON Schema: nested too deeply") from None
    for pattern in schema_patterns(schema):
        why = risky(pattern)
        if why:
            raise RulesError.at(_where_written(path, text, json.dumps(pattern)),
                                f"the pattern {json.dumps(pattern)} could take too long to match: {why}; "
                                f"write it without that") from None
    return schema


def _where_written(path: Path, text: str, literal: str) -> Span:
    """Where a JSON string is written in a file (its first place), or the file's start."""
    at = text.find(literal)
    if at < 0:
        return Span(str(path), 1, 1)
    line = text.count("\n", 0, at) + 1
    return Span(str(path), line, at - (text.rfind("\n", 0, at) + 1) + 1)


def _validate(data: Any, schema: Any, schema_path: Path) -> list:
    """The schema's complaints about data, in document order. An empty registry: a table's
    schema may not fetch other schemas from the network."""
    validator = Draft202012Validator(schema, registry=Registry())
    try:
        return sorted(validator.iter_errors(data), key=lambda e: tuple(str(p) for p in e.absolute_path))
    except Unresolvable as err:
        ref = _written_ref(schema, str(getattr(err, "ref", "")))
        raise RulesError.at(Span(str(schema_path), 1, 1),
                            f"not a valid JSON Schema: cannot resolve $ref '{ref}'") from None
    except RecursionError:
        raise RulesError.at(Span(str(schema_path), 1, 1),
                            "not a valid JSON Schema: it refers to itself without end") from None


def _written_ref(schema: Any, ref: str) -> str:
    """A `$ref` as the schema writes it (the error gives '#/$defs/row' as '/$defs/row')."""
    stack = [schema]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            written = item.get("$ref")
            if isinstance(written, str) and ref and written.endswith(ref):
                return written
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return ref


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
    schema_file = schema_path or path.with_name(path.stem + ".schema.json")
    schema = load_schema(schema_file, used_at)
    if schema_path is not None and isinstance(schema, dict) and isinstance(schema.get("items"), dict):
        # A mod adds a few rows: each must be a good row; the whole table is the base's concern.
        schema = dict(schema, type="array", items=schema["items"])
        schema.pop("minItems", None)
        schema.pop("maxItems", None)
    errors = _validate(data, schema, schema_file)
    if errors:
        raise RulesError([Diagnostic(located.span(tuple(e.absolute_path)), _describe(e)) for e in errors])
    if not isinstance(data, list) or not all(isinstance(r, dict) for r in data):
        raise RulesError.at(located.span(()), "a table is a list of rows (mappings)")
    spans = tuple(located.span((i,)) for i in range(len(data)))
    cells = tuple({column: located.text_starts.get((i, column), located.span((i, column))) for column in row}
                  for i, row in enumerate(data))
    if key is not None:
        _check_keys(data, key, located)
    return Table(name, str(path), tuple(data), spans, key, cells)


def _check_keys(rows: list, key: str, located: _Located) -> None:
    """Every row has a key, each a number or a text (the engine looks members up by it), used once."""
    seen: dict[Any, int] = {}
    for i, row in enumerate(rows):
        if key not in row:
            raise RulesError.at(located.span((i,)), f"row has no key column '{key}'")
        value = row[key]
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            raise RulesError.at(located.span((i, key)), f"key '{key}' must be a number or plain text, "
                                                        f"not {_as_yaml(value)}")
        if value in seen:
            raise RulesError.at(located.span((i, key)), f"key {value!r} is already used by row {seen[value] + 1}")
        # Members are named by their key's text (in moves, scenarios and records), so 1 and '1' are one name.
        same_text = next((other for other in seen if str(other) == str(value)), None)
        if same_text is not None:
            raise RulesError.at(located.span((i, key)), f"key {_as_yaml(value)} names the same member as "
                                                        f"key {_as_yaml(same_text)} of row {seen[same_text] + 1} "
                                                        f"(one is a number, the other text): write one kind of key")
        seen[value] = i


def _as_yaml(value: Any) -> str:
    """A value as a table author would write it: `[a, b]`, `true`, `null`."""
    text = yaml.safe_dump(value, default_flow_style=True, width=80).strip()
    return text.removesuffix("...").strip()


def merge_rows(base: Table, extra: Table) -> Table:
    """A mod's rows over the base's: a row whose key the base has replaces it, others are added."""
    rows, spans = list(base.rows), list(base.row_spans)
    cells = list(base.cell_spans) or [{} for _ in rows]
    for row, span, cell in zip(extra.rows, extra.row_spans, extra.cell_spans or [{} for _ in extra.rows]):
        index = next((i for i, r in enumerate(rows) if base.key is not None and r.get(base.key) == row.get(base.key)), None)
        if index is None:
            rows.append(row)
            spans.append(span)
            cells.append(cell)
        else:
            rows[index], spans[index], cells[index] = row, span, cell
    return Table(base.name, base.path, tuple(rows), tuple(spans), base.key, tuple(cells))
