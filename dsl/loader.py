"""Load a rules folder: parse every .rules file, read its tables, check it all, give a Program."""
from __future__ import annotations

from pathlib import Path
from typing import Iterable, Optional, Sequence

from . import nodes as n
from .checker import BUILTIN_NAMES, Checker
from .errors import Diagnostic, RulesError, did_you_mean
from .parser import parse_file, parse_snippet
from .program import Program, Symbol
from .mods import layer, read_mod
from .tables import load_table, merge_rows
from .types import ANY, BOOL, INT, TEXT


def load_program(folder: Path | str, mods: Sequence[Path | str] = ()) -> Program:
    """Parse, load and check the rules in `folder`, with any mods layered over it in order.
    Raises RulesError listing every error (file:line:column)."""
    folder = Path(folder)
    if not folder.is_dir():
        raise RulesError.at(None, f"{folder}: not a rules folder")
    files = sorted(folder.glob("*.rules"))
    if not files:
        raise RulesError.at(None, f"{folder}: no .rules files here")
    modules = []
    errors: list[Diagnostic] = []
    for path in files:
        try:
            modules.append(parse_file(path))
        except RulesError as err:
            errors.extend(err.diagnostics)
    if errors:
        raise RulesError(errors)
    if not mods:
        return check_modules(modules, folder)
    layers = [read_mod(m) for m in mods]
    game = next((d for m in modules for d in m.decls if isinstance(d, n.GameDecl)), None)
    version = game.version if game else "0"
    title = game.title if game else folder.name
    modules = layer(modules, layers, version, title)
    tables: dict[str, list] = {}
    for mod in layers:
        for name, path in mod.tables.items():
            tables.setdefault(name, []).append(path)
    return check_modules(modules, folder, tables)


def check_modules(modules: Iterable[n.Module], folder: Path, mod_tables: Optional[dict] = None) -> Program:
    program, errors = _collect(list(modules), folder, mod_tables or {})
    if errors:
        raise RulesError(errors)
    diagnostics = Checker(program).run()
    errors = [d for d in diagnostics if d.severity == "error"]
    if errors:
        raise RulesError(errors)
    program.warnings = [d for d in diagnostics if d.severity == "warning"]
    return program


_SINGLE = {n.GameDecl: "game", n.PlayersDecl: "players", n.TeamsDecl: "teams"}


def _collect(modules: list[n.Module], folder: Path, mod_tables: dict) -> tuple[Program, list[Diagnostic]]:
    """Sort declarations by what they declare; report a name declared twice."""
    errors: list[Diagnostic] = []
    symbols: dict[str, Symbol] = {}
    singles: dict[str, n.Node] = {}
    p = Program(path=str(folder), title=folder.name, version="0", symbols=symbols, tables={},
                options={}, players=None, teams=None, names={}, kinds={}, boards={}, zones={},
                vars={}, consts={}, values={}, rules={}, triggers=[], invariants=[], setup=None,
                flow=None, score=None, statistics=[], events=set())

    def declare(name: str, kind: str, decl: n.Node, type_, index: int = 0) -> None:
        if name in symbols:
            first = symbols[name].decl
            where = f" (first declared at {first.span})" if first is not None else ""
            errors.append(Diagnostic(decl.span, f"'{name}' is declared twice{where}"))
            return
        if name in BUILTIN_NAMES:
            errors.append(Diagnostic(decl.span, f"'{name}' is a built-in name; choose another"))
            return
        symbols[name] = Symbol(kind, name, decl, type_, index)

    blocks: dict[str, n.BlockDecl] = {}
    for module in modules:
        for d in module.decls:
            single = _SINGLE.get(type(d))
            if single is not None:
                if single in singles:
                    errors.append(Diagnostic(d.span, f"'{single}' is declared twice (first at {singles[single].span})"))
                    continue
                singles[single] = d
            if isinstance(d, n.GameDecl):
                p.title, p.version = d.title, d.version
            elif isinstance(d, n.OptionDecl):
                p.options[d.name] = d
                option_type = ("list", ("kind", d.choices[0])) if d.kind == "list" else \
                    {"bool": BOOL, "int": INT}.get(d.kind, TEXT)
                declare(d.name, "option", d, option_type)
            elif isinstance(d, n.TableDecl):
                try:
                    table = load_table(d.name, folder / d.file, d.key, d.span)
                    schema = (folder / d.file).with_name(Path(d.file).stem + ".schema.json")
                    for extra in mod_tables.get(Path(d.file).name, []):
                        table = merge_rows(table, load_table(d.name, extra, d.key, d.span, schema))
                    p.tables[d.name] = table
                except RulesError as err:
                    errors.extend(err.diagnostics)
                    continue
                declare(d.name, "table", d, ("table", d.name))
            elif isinstance(d, n.ConstDecl):
                p.consts[d.name] = d
                declare(d.name, "const", d, ANY)
            elif isinstance(d, n.PlayersDecl):
                p.players = d
            elif isinstance(d, n.TeamsDecl):
                p.teams = d
            elif isinstance(d, n.NamesDecl):
                if d.type_name in p.names:
                    errors.append(Diagnostic(d.span, f"names for '{d.type_name}' are given twice"))
                p.names[d.type_name] = d
            elif isinstance(d, n.KindDecl):
                p.kinds[d.name] = d
                declare(d.name, "kind", d, ("kinds", d.name))
                for i, member in enumerate(d.members):
                    declare(member, "member", d, ("kind", d.name), i)
            elif isinstance(d, n.BoardDecl):
                p.boards[d.name] = d
                declare(d.name, "board", d, ("board", d.name))
            elif isinstance(d, n.ZoneDecl):
                p.zones[d.name] = d
                form = "pile" if d.ordered else "zone"
                declare(d.name, "zone", d, ("zonedecl", d.name) if d.index else (form, d.kind))
            elif isinstance(d, n.VarDecl):
                p.vars[d.name] = d
                declare(d.name, "var", d, ("vardecl", d.name) if d.index else ANY)
            elif isinstance(d, n.ValueDecl):
                p.values[d.name] = d
                declare(d.name, "value", d, ANY)
            elif isinstance(d, n.RuleDecl):
                p.rules[d.name] = d
                declare(d.name, "rule", d, ANY)
            elif isinstance(d, n.TriggerDecl):
                p.triggers.append(d)
                if d.form == "event":
                    p.events.add(d.name)
            elif isinstance(d, n.InvariantDecl):
                p.invariants.append(d)
            elif isinstance(d, n.BlockDecl):
                if d.kind in blocks:
                    errors.append(Diagnostic(d.span, f"'{d.kind}:' is declared twice (first at {blocks[d.kind].span})"))
                    continue
                blocks[d.kind] = d
                setattr(p, d.kind, d)
            elif isinstance(d, n.ScoreDecl):
                if p.score is not None:
                    errors.append(Diagnostic(d.span, f"'score' is declared twice (first at {p.score.span})"))
                p.score = d
            elif isinstance(d, n.StatisticDecl):
                p.statistics.append(d)
            elif isinstance(d, n.RequireDecl):
                p.requirements.append(d)
            elif isinstance(d, n.ActionDecl):
                p.actions[d.name] = d
                declare(d.name, "action", d, ANY)
            elif isinstance(d, n.CodeDecl):
                if (d.column, d.kind) in p.codes:
                    errors.append(Diagnostic(d.span, f"code '{d.column} of {d.kind}' is declared twice"))
                p.codes[(d.column, d.kind)] = d
                if d.result is not None:
                    declare(d.column, "codevalue", d, ANY)
    errors.extend(_code_cells(p))
    return p, errors


def _code_cells(p: Program) -> list[Diagnostic]:
    """Each cell of a `code` column becomes a rule of its own, named '<column> of <member>'."""
    errors: list[Diagnostic] = []
    for (column, kind_name), decl in p.codes.items():
        kind = p.kinds.get(kind_name)
        if kind is None or kind.table is None or kind.table not in p.tables:
            errors.append(Diagnostic(decl.span, f"'{kind_name}' is not a kind made from a table"))
            continue
        table = p.tables[kind.table]
        if column not in table.columns:
            errors.append(Diagnostic(decl.span, f"table '{table.name}' has no column '{column}'"
                                                f"{did_you_mean(column, table.columns)}"))
            continue
        if not decl.params or decl.params[0].type.name != kind_name:
            errors.append(Diagnostic(decl.span, f"the first parameter of 'code {column} of {kind_name}' "
                                                f"is the {kind_name} itself (e.g. 'card: {kind_name}')"))
            continue
        names = []
        for i, row in enumerate(table.rows):
            text = row.get(column)
            if text is None or (isinstance(text, str) and not text.strip()):
                if decl.result is not None and decl.default is None:
                    errors.append(Diagnostic(table.row_spans[i], f"no '{column}' here, and "
                                             f"'code {column} of {kind_name}' gives no default"))
                names.append(None)
                continue
            where = table.cell_spans[i].get(column, table.row_spans[i]) if table.cell_spans else table.row_spans[i]
            if not isinstance(text, str):
                errors.append(Diagnostic(where, f"the '{column}' cell must be rules text"))
                names.append(None)
                continue
            member = str(row.get(table.key, i + 1)) if table.key else str(i + 1)
            name = f"{column} of {member}"
            try:
                body = parse_snippet(text, table.path, decl.result is None, where.line, where.column)
            except RulesError as err:
                errors.extend(err.diagnostics)
                names.append(None)
                continue
            if decl.result is None:
                p.rules[name] = n.RuleDecl(where, name, decl.params, body)
            else:
                p.values[name] = n.ValueDecl(where, name, decl.params, decl.result, body[0])
            names.append(name)
        p.code_rules[(column, kind_name)] = names
    return errors
