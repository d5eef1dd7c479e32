"""A game's options: their JSON Schema (made from the `option` declarations) and validation."""
from __future__ import annotations

from typing import Any

from rulebook.dsl import nodes as n
from rulebook.dsl.errors import OptionsError, did_you_mean
from rulebook.dsl.program import Program


def member_names(program: Program, kind: str) -> list[str]:
    """The names a kind's members go by: as listed, or its table's key column."""
    decl = program.kinds[kind]
    if decl.table is None:
        return list(decl.members)
    table = program.tables[decl.table]
    return [str(row.get(table.key, i + 1)) if table.key else str(i + 1) for i, row in enumerate(table.rows)]


def _literal(e) -> Any:
    """The value of a literal (option defaults and bounds are written as plain values)."""
    if isinstance(e, n.Number):
        return e.value
    if isinstance(e, n.Bool):
        return e.value
    if isinstance(e, n.Neg) and isinstance(e.operand, n.Number):
        return -e.operand.value
    if isinstance(e, n.Name):
        return e.name
    raise OptionsError(f"{e.span}: an option's default and bounds must be plain values")


def option_schema(program: Program) -> dict:
    """The JSON Schema (Draft 2020-12) of this game's options, `players` included."""
    properties: dict[str, dict] = {}
    if program.players is not None:
        low, high = _literal(program.players.counts.low), _literal(program.players.counts.high)
        default = _literal(program.players.default) if program.players.default is not None else low
        properties["players"] = {"type": "integer", "minimum": low, "maximum": high, "default": default,
                                 "description": "number of players"}
    for name, decl in program.options.items():
        prop: dict[str, Any] = {"description": decl.help} if decl.help else {}
        if decl.kind == "bool":
            prop["type"] = "boolean"
        elif decl.kind == "int":
            assert decl.bounds is not None  # the parser gives every int option a range
            prop.update(type="integer", minimum=_literal(decl.bounds.low), maximum=_literal(decl.bounds.high))
        elif decl.kind == "list":
            prop.update(type="array", uniqueItems=True,
                        items={"enum": member_names(program, decl.choices[0])})
            properties[name] = prop
            continue
        else:
            prop["enum"] = list(decl.choices)
        if decl.default is not None and decl.kind != "list":
            prop["default"] = _literal(decl.default)
        properties[name] = prop
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
            "properties": properties, "additionalProperties": False}


def resolve_options(program: Program, given: dict) -> tuple[dict, int]:
    """Fill in defaults and validate; give (option values, player count)."""
    from jsonschema import Draft202012Validator  # here: a load from the disk cache keeps the answer
    schema = option_schema(program)
    known = schema["properties"]
    given = {name: _as_list(value) if known.get(name, {}).get("type") == "array" else value
             for name, value in given.items()}
    for name in given:
        if name not in known:
            listing = ", ".join(sorted(known)) or "none"
            raise OptionsError(f"unknown option '{name}'{did_you_mean(name, known)}; "
                               f"{program.title} has: {listing}")
    for name, value in given.items():
        _check_value(program, name, known[name], value)
    errors = sorted(Draft202012Validator(schema).iter_errors(given), key=lambda e: list(map(str, e.path)))
    if errors:
        e = errors[0]
        where = f"option '{e.path[0]}': " if e.path else ""
        if e.validator == "enum":
            names = e.validator_value
            raise OptionsError(f"{where}no {e.instance!r}{did_you_mean(str(e.instance), names)}; "
                               f"the choices are {', '.join(names)}")
        raise OptionsError(f"{where}{e.message}")
    values = {name: given.get(name, prop.get("default")) for name, prop in known.items()}
    for name, prop in known.items():
        if prop.get("type") == "array":  # list options hold the members' numbers
            names = prop["items"]["enum"]
            values[name] = tuple(names.index(v) for v in (values[name] or ()))
    for name, value in values.items():
        if value is None:
            raise OptionsError(f"option '{name}' has no default; give it a value")
    player_count = values.pop("players", 2)
    return values, player_count


def _check_value(program: Program, name: str, prop: dict, value: Any) -> None:
    """One option's value against its kind, said in a player's words (JSON Schema would take
    5.0 for the whole number 5, and 1 for true)."""
    kind = prop.get("type")
    if kind == "integer":
        low, high = prop["minimum"], prop["maximum"]
        if value.__class__ is not int or not low <= value <= high:
            shown = repr(value) if isinstance(value, str) else str(value).lower() if isinstance(value, bool) else value
            if name == "players":
                raise OptionsError(f"{program.title} is played by {low} to {high} players, not {shown}")
            raise OptionsError(f"option '{name}' must be a whole number from {low} to {high}, not {shown}")
    elif kind == "boolean" and value.__class__ is not bool:
        raise OptionsError(f"option '{name}' is true or false, not {value!r}")
    elif kind == "array":
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise OptionsError(f"option '{name}' is a list of names (e.g. A,B), not {value!r}")
        twice = next((v for i, v in enumerate(value) if v in value[:i]), None)
        if twice is not None:
            raise OptionsError(f"option '{name}' names {twice!r} twice")


def _as_list(value: Any) -> Any:
    """`Monk,Herald` (as typed on a command line) → ['Monk', 'Herald']."""
    if isinstance(value, str):
        return [part.strip() for part in value.split(",") if part.strip()]
    if isinstance(value, tuple):
        return list(value)
    return value
