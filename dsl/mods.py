"""Mods: folders that layer rules and table rows over a base game without touching its files.

A mod folder holds `mod.yaml` (name, description, the game it extends and the version of that
game it was written for), `.rules` files whose declarations are added to the game's — or, written
`replace …`, take the place of the game's declaration of that name — and YAML files named like
the game's tables, whose rows are added (or replace the row with the same key).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional, Sequence

from jsonschema import Draft202012Validator

from . import nodes as n
from .errors import Diagnostic, MissingInput, RulesError, did_you_mean, plain_file_problem, whole_file
from .parser import parse_file
from .tables import load_yaml

MANIFEST = "mod.yaml"
SCHEMA = Path(__file__).with_name("mod.schema.json")
NOT_TABLES = {MANIFEST, "scenarios.yaml", "display.yaml"}  # beside the rules, not tables


@dataclass
class Mod:
    folder: Path
    name: str
    description: str
    game: str
    game_version: str
    manifest_span: n.Span
    version_span: n.Span
    game_span: n.Span
    modules: list = field(default_factory=list)
    tables: dict = field(default_factory=dict)  # table file name -> path in the mod


def read_mod(folder: Path | str) -> Mod:
    """Read a mod's manifest and parse its rules. Raises RulesError with file:line:column."""
    folder = Path(folder)
    manifest = folder / MANIFEST
    if not folder.is_dir():
        raise MissingInput(f"{folder}: no such mod folder")
    if not manifest.is_file():
        raise MissingInput(f"{folder}: not a mod (no {MANIFEST} in it)")
    data, located = load_yaml(manifest)
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    errors = sorted(Draft202012Validator(schema).iter_errors(data), key=lambda e: list(map(str, e.path)))
    if errors:
        raise RulesError([Diagnostic(located.span(tuple(e.absolute_path)), _said(e)) for e in errors])
    mod = Mod(folder, str(data["name"]), str(data.get("description", "")), str(data["game"]),
              str(data["game_version"]), located.span(()), located.span(("game_version",)),
              located.span(("game",)))
    problems: list[Diagnostic] = []
    for path in sorted(folder.glob("*.rules")):
        problem = plain_file_problem(path, folder)
        if problem:
            problems.append(Diagnostic(whole_file(path), f"'{path.name}' {problem}"))
            continue
        try:
            mod.modules.append(parse_file(path))
        except RulesError as err:
            problems.extend(err.diagnostics)
    for path in sorted(folder.glob("*.yaml")):
        if path.name not in NOT_TABLES:
            problem = plain_file_problem(path, folder)
            if problem:
                problems.append(Diagnostic(whole_file(path), f"'{path.name}' {problem}"))
            mod.tables[path.name] = path
    if problems:
        raise RulesError(problems)
    return mod


def _said(error) -> str:
    """A schema's complaint about a manifest, said with what the missing field is for."""
    if error.validator == "required":
        field = error.message.split("'")[1] if "'" in error.message else ""
        what = SCHEMA_FIELDS.get(field, "")
        return f"'{field}' is missing" + (f" ({what})" if what else "")
    if error.validator == "additionalProperties":
        return error.message.replace("Additional properties are not allowed", "unknown field")
    return error.message


SCHEMA_FIELDS = {"name": "the mod's name", "game": "the game it extends: a shipped game's name or a folder",
                 "game_version": "the version of that game it was written for"}


def _key(decl: n.Node) -> Optional[tuple]:
    """What a declaration names, for replacing: (what it is, its name)."""
    for kind, cls in (("rule", n.RuleDecl), ("value", n.ValueDecl), ("action", n.ActionDecl),
                      ("option", n.OptionDecl), ("const", n.ConstDecl)):
        if isinstance(decl, cls):
            return kind, decl.name
    return None


def layer(base: list, mods: Sequence[Mod], version: str, title: str) -> list:
    """The base modules with each mod's declarations added, or replacing the base's, in order.
    Raises RulesError for a version mismatch, a replaced name the game does not have, or two mods
    replacing the same name."""
    errors: list[Diagnostic] = []
    modules: list[list] = [list(m.decls) for m in base]
    where: dict[tuple, tuple] = {}  # (kind, name) -> (module index, declaration index)
    owners: dict[tuple, tuple] = {}  # a replaced name -> (the mod that replaced it, where)

    def index(i: int) -> None:
        for j, decl in enumerate(modules[i]):
            key = _key(decl)
            if key:
                where.setdefault(key, (i, j))

    for i in range(len(modules)):
        index(i)
    for mod in mods:
        if mod.game_version != version:
            errors.append(Diagnostic(mod.version_span, f"mod '{mod.name}' was written for {title} "
                                                       f"{mod.game_version}; this is {title} {version}"))
        for module in mod.modules:
            modules.append([d for d in module.decls if not isinstance(d, n.Replace)])
            index(len(modules) - 1)
            for decl in (d for d in module.decls if isinstance(d, n.Replace)):
                key = _key(decl.decl)
                assert key is not None  # the grammar lets `replace` take only declarations _key names
                if key not in where:
                    names = [name for kind, name in where if kind == key[0]]
                    at = getattr(decl.decl, "name_span", None) or decl.span  # the caret on the name
                    errors.append(Diagnostic(at, f"replaces {key[0]} '{key[1]}', which {title} does not "
                                                 f"have{did_you_mean(key[1], names)}"))
                elif key in owners:
                    other, span = owners[key]
                    errors.append(Diagnostic(decl.span, f"mods '{other}' ({span}) and '{mod.name}' both "
                                                        f"replace {key[0]} '{key[1]}'"))
                else:
                    owners[key] = (mod.name, decl.span)
                    i, j = where[key]
                    modules[i][j] = decl.decl
    if errors:
        raise RulesError(errors)
    return [n.Module(n.NOWHERE, "", tuple(decls)) for decls in modules]
