"""Load a rules folder: parse every .rules file, read its tables, check it all, give a Program."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Callable, Iterable, Optional, Sequence

from . import nodes as n
from .checker import BUILTIN_NAMES, Checker
from .errors import Diagnostic, MissingInput, RulesError, did_you_mean, plain_file_problem, whole_file
from .links import link_cells
from .mods import layer, read_mod
from .parser import parse_file, parse_snippet
from .program import Program, Symbol
from .tables import Table, load_table, merge_rows
from .types import ANY, BOOL, INT, TEXT, Type


def load_program(folder: Path | str, mods: Sequence[Path | str] = ()) -> Program:
    """Parse, load and check the rules in `folder`, with any mods layered over it in order.
    Raises RulesError listing every error (file:line:column)."""
    folder = Path(folder)
    if not folder.is_dir():
        raise MissingInput(f"{folder}: no such folder" if not folder.exists() else f"{folder}: not a rules folder")
    files = sorted(folder.glob("*.rules"))
    if not files:
        raise MissingInput(f"{folder}: not a rules folder (no .rules files in it)")
    modules = []
    errors: list[Diagnostic] = []
    for path in files:
        problem = plain_file_problem(path, folder)
        if problem:
            errors.append(Diagnostic(whole_file(path), f"'{path.name}' {problem}"))
            continue
        try:
            modules.append(parse_file(path))
        except RulesError as err:
            errors.extend(err.diagnostics)
    if errors:
        raise RulesError(errors)
    sources = [str(path) for path in files]
    if not mods:
        return check_modules(modules, folder, sources=sources)
    layers = [read_mod(m) for m in mods]
    game = next((d for m in modules for d in m.decls if isinstance(d, n.GameDecl)), None)
    version = game.version if game else "0"
    title = game.title if game else folder.name
    modules = layer(modules, layers, version, title)
    tables: dict[str, list] = {}
    for mod in layers:
        sources.extend(m.path for m in mod.modules)
        for name, path in mod.tables.items():
            tables.setdefault(name, []).append(path)
    return check_modules(modules, folder, tables, sources)


def check_modules(modules: Iterable[n.Module], folder: Path, mod_tables: Optional[dict] = None,
                  sources: Sequence[str] = ()) -> Program:
    collector = _Collector(folder, mod_tables or {})
    collector.program.sources = list(sources)
    for module in modules:
        for decl in module.decls:
            collector.collect(decl)
    collector.errors.extend(_code_cells(collector.program, collector.unreadable_tables))
    collector.errors.extend(collector.unread_mod_tables())
    collector.errors.extend(link_cells(collector.program))
    if collector.errors:
        raise RulesError(collector.errors)
    program = collector.program
    diagnostics = Checker(program).run()
    errors = [d for d in diagnostics if d.severity == "error"]
    if errors:
        raise RulesError(errors)
    program.warnings = [d for d in diagnostics if d.severity == "warning"]
    return program


def _empty_program(folder: Path) -> Program:
    return Program(path=str(folder), title=folder.name, version="0", symbols={}, tables={},
                   options={}, players=None, teams=None, names={}, kinds={}, boards={}, zones={},
                   vars={}, consts={}, values={}, rules={}, triggers=[], invariants=[], setup=None,
                   flow=None, score=None, statistics=[], events=set())


class _Collector:
    """Sorts declarations by what they declare into a Program; reports a name declared twice."""

    def __init__(self, folder: Path, mod_tables: dict):
        self.folder = folder
        self.mod_tables = mod_tables  # table file name -> the mods' files of rows for it
        self.program = _empty_program(folder)
        self.errors: list[Diagnostic] = []
        self.firsts: dict[str, n.Node] = {}  # game, players, teams, flow:, setup:, score
        self.read_files: set[str] = set()  # the file names tables were read from
        self.unreadable_tables: set[str] = set()  # tables whose file or rows had errors
        self.handlers: dict[type, Callable] = {
            n.GameDecl: self.game, n.OptionDecl: self.option, n.TableDecl: self.table,
            n.ConstDecl: self.const, n.PlayersDecl: self.players, n.TeamsDecl: self.teams,
            n.NamesDecl: self.names, n.KindDecl: self.kind, n.BoardDecl: self.board,
            n.ZoneDecl: self.zone, n.VarDecl: self.var, n.ValueDecl: self.value, n.RuleDecl: self.rule,
            n.TriggerDecl: self.trigger, n.InvariantDecl: self.invariant, n.BlockDecl: self.block,
            n.ScoreDecl: self.score, n.PayoffDecl: self.payoff, n.PositionDecl: self.position, n.StatisticDecl: self.statistic, n.RequireDecl: self.require,
            n.ActionDecl: self.action, n.CodeDecl: self.code, n.Replace: self.replace,
            n.LinksDecl: self.links, n.DieDecl: self.die,
        }

    def unread_mod_tables(self) -> list[Diagnostic]:
        """A mod's YAML file must add rows to a table of the game (or be one the mod declares)."""
        errors: list[Diagnostic] = []
        for name, paths in self.mod_tables.items():
            if name not in self.read_files:
                hint = did_you_mean(name, self.read_files)
                errors.extend(Diagnostic(whole_file(path), f"'{name}' is not a table of the game, so its rows "
                                                           f"would be ignored{hint}") for path in paths)
        return errors

    def collect(self, decl: n.Node) -> None:
        self.handlers[type(decl)](decl)

    def error(self, span: Optional[n.Span], message: str) -> None:
        self.errors.append(Diagnostic(span, message))

    def declare(self, name: str, kind: str, decl: n.Node, type_: Type, index: int = 0) -> None:
        symbols = self.program.symbols
        if name in symbols:
            first = symbols[name].decl
            if first is decl and isinstance(decl, n.KindDecl):  # twice in one kind's declaration
                what = "the name of its kind" if name == decl.name else "named twice"
                self.error(decl.span, f"member '{name}' of kind '{decl.name}' is {what}")
                return
            where = f" (first declared at {first.span})" if first is not None else ""
            self.error(decl.span, f"'{name}' is declared twice{where}")
        elif name in BUILTIN_NAMES:
            self.error(decl.span, f"'{name}' is a built-in name; choose another")
        else:
            symbols[name] = Symbol(kind, name, decl, type_, index)

    def once(self, what: str, decl: n.Node) -> bool:
        """Declarations a game has at most one of; False (and an error) for a second."""
        first = self.firsts.setdefault(what, decl)
        if first is not decl:
            self.error(decl.span, f"'{what}' is declared twice (first declared at {first.span})")
            return False
        return True

    # ------------------------------------------------------------ one handler per declaration
    def game(self, d: n.GameDecl) -> None:
        if self.once("game", d):
            self.program.title, self.program.version = d.title, d.version

    def option(self, d: n.OptionDecl) -> None:
        self.program.options[d.name] = d
        option_type: Type = ("list", ("kind", d.choices[0])) if d.kind == "list" else \
            {"bool": BOOL, "int": INT}.get(d.kind, TEXT)
        self.declare(d.name, "option", d, option_type)

    def table(self, d: n.TableDecl) -> None:
        try:
            self.program.tables[d.name] = self.read_table(d)
        except RulesError as err:
            self.errors.extend(err.diagnostics)
            self.unreadable_tables.add(d.name)  # what reads it is not checked: its errors would follow from these
            return
        self.declare(d.name, "table", d, ("table", d.name))

    def read_table(self, d: n.TableDecl) -> Table:
        """A table's rows, with the rows of the mods' files of the same name over them. The file
        is found beside the rules file that declares it, and may not lie outside that folder."""
        home = Path(d.span.path).parent if d.span.path else self.folder
        where = d.file_span or d.span
        relative = os.path.normpath(d.file)
        if os.path.isabs(relative) or relative == os.pardir or relative.startswith(os.pardir + os.sep):
            raise RulesError.at(where, f"table file '{d.file}' is outside the rules folder; "
                                       f"keep tables beside the rules")
        path = home / relative
        schema = path.with_name(path.stem + ".schema.json")
        for file in (path, schema):
            problem = plain_file_problem(file, home) if file.exists() or file.is_symlink() else None
            if problem:
                raise RulesError.at(where, f"'{d.file if file == path else schema.name}' {problem}")
        table = load_table(d.name, path, d.key, where)
        self.read_files.add(path.name)
        for extra in self.mod_tables.get(path.name, []):
            if Path(extra).resolve() != path.resolve():  # a mod's own table is not rows over itself
                table = merge_rows(table, load_table(d.name, extra, d.key, where, schema))
        return table

    def const(self, d: n.ConstDecl) -> None:
        self.program.consts[d.name] = d
        self.declare(d.name, "const", d, ANY)

    def players(self, d: n.PlayersDecl) -> None:
        if self.once("players", d):
            self.program.players = d

    def teams(self, d: n.TeamsDecl) -> None:
        if self.once("teams", d):
            self.program.teams = d

    def names(self, d: n.NamesDecl) -> None:
        if d.type_name in self.program.names:
            self.error(d.span, f"names for '{d.type_name}' are given twice")
        self.program.names[d.type_name] = d

    def kind(self, d: n.KindDecl) -> None:
        self.program.kinds[d.name] = d
        self.declare(d.name, "kind", d, ("kinds", d.name))
        for i, member in enumerate(d.members):
            self.declare(member, "member", d, ("kind", d.name), i)

    def board(self, d: n.BoardDecl) -> None:
        self.program.boards[d.name] = d
        self.declare(d.name, "board", d, ("board", d.name))

    def zone(self, d: n.ZoneDecl) -> None:
        self.program.zones[d.name] = d
        form = "pile" if d.ordered else "zone"
        self.declare(d.name, "zone", d, ("zonedecl", d.name) if d.index else (form, d.kind))

    def var(self, d: n.VarDecl) -> None:
        self.program.vars[d.name] = d
        self.declare(d.name, "var", d, ("vardecl", d.name) if d.index else ANY)

    def value(self, d: n.ValueDecl) -> None:
        self.program.values[d.name] = d
        self.declare(d.name, "value", d, ANY)

    def rule(self, d: n.RuleDecl) -> None:
        self.program.rules[d.name] = d
        self.declare(d.name, "rule", d, ANY)

    def trigger(self, d: n.TriggerDecl) -> None:
        self.program.triggers.append(d)
        if d.form == "event":
            self.program.events.add(d.name)

    def invariant(self, d: n.InvariantDecl) -> None:
        self.program.invariants.append(d)

    def block(self, d: n.BlockDecl) -> None:
        if self.once(f"{d.kind}:", d):
            setattr(self.program, d.kind, d)

    def score(self, d: n.ScoreDecl) -> None:
        if self.once("score", d):
            self.program.score = d

    def position(self, d: n.PositionDecl) -> None:
        if self.once("position", d):
            self.program.position = d

    def payoff(self, d: n.PayoffDecl) -> None:
        if self.once("payoff", d):
            self.program.payoff = d

    def statistic(self, d: n.StatisticDecl) -> None:
        self.program.statistics.append(d)

    def require(self, d: n.RequireDecl) -> None:
        self.program.requirements.append(d)

    def action(self, d: n.ActionDecl) -> None:
        self.program.actions[d.name] = d
        self.declare(d.name, "action", d, ANY)

    def code(self, d: n.CodeDecl) -> None:
        codes = self.program.codes
        if (d.column, d.kind) in codes:
            self.error(d.span, f"code '{d.column} of {d.kind}' is declared twice")
        codes[(d.column, d.kind)] = d
        if d.result is not None:
            self.declare(d.column, "codevalue", d, ANY)

    def links(self, d: n.LinksDecl) -> None:
        links = self.program.links
        if (d.column, d.kind) in links:
            self.error(d.span, f"links '{d.column} of {d.kind}' are declared twice")
        # One name for the column, whatever kinds have it: a call finds the kind by its argument.
        if not any(column == d.column for column, _ in links):
            self.declare(d.column, "links", d, ANY)
        links[(d.column, d.kind)] = d

    def die(self, d: n.DieDecl) -> None:
        self.program.dice[d.name] = d
        self.declare(d.name, "die", d, ANY)

    def replace(self, d: n.Replace) -> None:
        # A mod's replacements are taken out when the mod is layered, so any left are the game's own.
        self.error(d.span, "'replace' belongs in a mod; a game declares each name once")


def _code_cells(p: Program, unreadable: set) -> list[Diagnostic]:
    """Each cell of a `code` column becomes a rule of its own, named '<column> of <member>'
    (none for a table that could not be read: its own errors are already reported)."""
    errors: list[Diagnostic] = []
    for (column, kind_name), decl in p.codes.items():
        kind = p.kinds.get(kind_name)
        if kind is not None and kind.table in unreadable:
            continue
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
                                                f"is the {kind_name} itself (e.g. '{kind_name[0]}: {kind_name}')"))
            continue
        p.code_rules[(column, kind_name)] = [_code_cell(p, decl, table, i, errors) for i in range(len(table.rows))]
    return errors


def _code_cell(p: Program, decl: n.CodeDecl, table: Table, i: int, errors: list[Diagnostic]) -> Optional[str]:
    """Parse row i's cell of a code column into a rule or value; its name, or None for no cell."""
    column, kind_name = decl.column, decl.kind
    row = table.rows[i]
    text = row.get(column)
    if text is None or (isinstance(text, str) and not text.strip()):
        if decl.result is not None and decl.default is None:
            errors.append(Diagnostic(table.row_spans[i], f"no '{column}' here, and "
                                     f"'code {column} of {kind_name}' gives no default"))
        return None
    where = table.cell_spans[i].get(column, table.row_spans[i]) if table.cell_spans else table.row_spans[i]
    if not isinstance(text, str):
        errors.append(Diagnostic(where, f"the '{column}' cell must be rules text"))
        return None
    member = str(row.get(table.key, i + 1)) if table.key else str(i + 1)
    name = f"{column} of {kind_name} {member}"  # one namespace per kind: two tables may share keys
    try:
        # `where` is in the file that wrote the row: a mod's row is placed in the mod's file.
        body = parse_snippet(text, where.path, decl.result is None, where.line, where.column)
    except RulesError as err:
        errors.extend(err.diagnostics)
        return None
    if decl.result is None:
        p.rules[name] = n.RuleDecl(where, name, decl.params, body)
    else:
        p.values[name] = n.ValueDecl(where, name, decl.params, decl.result, body[0])
    return name
