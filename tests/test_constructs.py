"""Every construct has each of its handlers: a test that fails when a node class lacks one.

A construct of the rules language is a node class (dsl/node_*.py). Each needs: a static check
(dsl/check_*.py, `s_NAME` / `e_NAME`), a lowering handler into the compiled form
(interpreter/lower/: EXPRESSIONS, STATEMENTS — one each, also where play can stop inside it),
and a section of docs/language.md. Each structured form a block's body may hold before the
resumable pass (ir/resumable.py) needs that pass's handler. Each class of the compiled form
(interpreter/ir/) needs a handler in every back-end, and each run-time helper an implementation
in every back-end. No handler has a fallback: a missing one is a KeyError when compiling.
`missing` is checked against the real classes and against a class made to lack everything.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from rulebook.dsl import nodes as n
from rulebook.dsl.check_exprs import ExpressionChecks
from rulebook.dsl.check_stmts import StatementChecks
from rulebook.dsl.types import BUILTINS as BUILTIN_NAMES
from rulebook.interpreter.ir import exprs as x
from rulebook.interpreter.ir import stmts as s
from rulebook.interpreter.ir.helpers import HELPERS
from rulebook.interpreter.lower.builtins import BUILTINS
from rulebook.interpreter.lower.exprs import EXPRESSIONS
from rulebook.interpreter.ir import resumable as r
from rulebook.interpreter.lower.resumable import FORMS
from rulebook.interpreter.lower.stmts import STATEMENTS
from rulebook.interpreter.pyback import assemble
from rulebook.interpreter.pyback.blocks import TERMINATORS as PY_TERMINATORS
from rulebook.interpreter.pyback.exprs import _INLINE, EXPRESSIONS as PY_EXPRESSIONS
from rulebook.interpreter.pyback.stmts import STATEMENTS as PY_STATEMENTS

DOC = (Path(__file__).resolve().parent.parent / "docs" / "language.md").read_text(encoding="utf-8")
HEADINGS = set(re.findall(r"^#+ (.+)$", DOC, re.MULTILINE))

# The section of docs/language.md that documents each construct.
SECTIONS = {
    n.Let: "let", n.Assign: "assignment", n.CallStmt: "calling a rule", n.Move: "move and move all",
    n.Draw: "draw", n.Put: "put and take", n.Shuffle: "shuffle", n.Merge: "merge and connect",
    n.Connect: "merge and connect", n.EndGame: "end game", n.Emit: "emit and cancel", n.Cancel: "emit and cancel",
    n.Modify: "modify … until end of …", n.Log: "log", n.Break: "for, repeat, while, loop, break",
    n.Pass: "pass", n.Choose: "choose", n.UpTo: "choose up to", n.Secretly: "each … chooses secretly", n.Pick: "pick", n.LoadDie: "die",
    n.If: "if, elif, else", n.For: "for, repeat, while, loop, break", n.Repeat: "for, repeat, while, loop, break",
    n.While: "for, repeat, while, loop, break", n.Loop: "for, repeat, while, loop, break",
    n.Allow: "action and allow", n.RunCode: "run", n.SpanBlock: "round, phase, turn, step",
    n.Number: "literals and names", n.String: "literals and names", n.Bool: "literals and names",
    n.NoneLit: "literals and names", n.Name: "literals and names", n.Attribute: "indexing and attributes",
    n.Subscript: "indexing and attributes", n.Call: "calls and built-in functions",
    n.Aggregate: "aggregates and list comprehensions", n.ListExpr: "aggregates and list comprehensions",
    n.ListComp: "aggregates and list comprehensions", n.Best: "best and sort", n.Sort: "best and sort",
    n.BinOp: "arithmetic, comparison, logic", n.BoolOp: "arithmetic, comparison, logic",
    n.Not: "arithmetic, comparison, logic", n.Neg: "arithmetic, comparison, logic", n.Range: "ranges",
    n.Conditional: "arithmetic, comparison, logic",
}

STATEMENT_CLASSES = tuple(n.Stmt.__args__)
EXPRESSION_CLASSES = tuple(n.Expr.__args__)


def missing(statements=STATEMENT_CLASSES, expressions=EXPRESSION_CLASSES, ir_exprs=x.EXPR_CLASSES,
            ir_stmts=s.STMT_CLASSES, terminators=s.TERMINATOR_CLASSES, forms=r.FORM_CLASSES) -> list[str]:
    """What each construct lacks, one line each (empty when every handler is there)."""
    out = []
    for cls in statements:
        name = cls.__name__
        if not hasattr(StatementChecks, "s_" + name):
            out.append(f"{name}: no check (s_{name} in dsl/check_stmts.py)")
        if cls not in STATEMENTS:
            out.append(f"{name}: no lowering (lower/stmts.py STATEMENTS)")
    for cls in expressions:
        name = cls.__name__
        if not hasattr(ExpressionChecks, "e_" + name):
            out.append(f"{name}: no check (e_{name} in dsl/check_exprs.py)")
        if cls not in EXPRESSIONS:
            out.append(f"{name}: no lowering (lower/exprs.py EXPRESSIONS)")
    for cls in tuple(statements) + tuple(expressions):
        section = SECTIONS.get(cls)
        if section is None or section not in HEADINGS:
            out.append(f"{cls.__name__}: no section in docs/language.md (SECTIONS in tests/test_constructs.py)")
    for cls in ir_exprs:
        if cls not in PY_EXPRESSIONS:
            out.append(f"ir {cls.__name__}: no Python back-end handler (pyback/exprs.py)")
    for cls in ir_stmts:
        if cls not in PY_STATEMENTS:
            out.append(f"ir {cls.__name__}: no Python back-end handler (pyback/stmts.py)")
    for cls in forms:
        if cls not in FORMS:
            out.append(f"ir {cls.__name__}: no layout in a block (lower/resumable.py FORMS)")
    for cls in terminators:
        if cls not in PY_TERMINATORS:
            out.append(f"ir {cls.__name__}: no Python back-end handler (pyback/blocks.py)")
    out += native_missing(ir_exprs, ir_stmts)
    return out


def native_missing(ir_exprs, ir_stmts) -> list[str]:
    """The native back-end's handlers (interpreter/native/cemit.py: plain Python, always there)."""
    from rulebook.interpreter.native import cemit
    out = []
    for cls in ir_exprs:
        if cls not in cemit.EXPRESSIONS and cls not in cemit.PYTHON_ONLY:
            out.append(f"ir {cls.__name__}: no native back-end handler (native/cemit.py)")
    for cls in ir_stmts:
        if cls not in cemit.STATEMENTS and cls not in cemit.PYTHON_ONLY:
            out.append(f"ir {cls.__name__}: no native back-end handler (native/cemit.py)")
    return out


def test_every_construct_has_every_handler() -> None:
    assert missing() == []


def test_every_builtin_function_is_lowered() -> None:
    assert sorted(set(BUILTIN_NAMES) - set(BUILTINS)) == []


def test_every_helper_exists_in_the_python_back_end() -> None:
    assert sorted(name for name in HELPERS if name not in assemble.HELPERS and name not in _INLINE) == []


def test_every_helper_exists_in_the_native_back_end() -> None:
    from rulebook.interpreter.native import cemit
    assert sorted(name for name in HELPERS if name not in cemit.HELPERS and name not in cemit.WRITTEN_OUT
                  and name not in cemit.PYTHON_ONLY) == []


@dataclass(frozen=True)
class Juggle(n.Node):
    """A statement nobody wrote handlers for."""

    count: int


@dataclass(frozen=True)
class Sparkle(n.Node):
    """An expression nobody wrote handlers for."""


@dataclass(frozen=True)
class Twirl(x.Expr):
    """A class of the compiled form no back-end knows."""


@dataclass(frozen=True)
class Spin(s.Stmt):
    """A statement of the compiled form no back-end knows."""


@dataclass(frozen=True)
class Hop(s.Stmt):
    """A structured form of a block the resumable pass does not know."""


def test_a_construct_without_handlers_is_caught() -> None:
    found = missing((Juggle,), (Sparkle,), (Twirl,), (Spin,), (), (Hop,))
    assert "Juggle: no check (s_Juggle in dsl/check_stmts.py)" in found
    assert "Juggle: no lowering (lower/stmts.py STATEMENTS)" in found
    assert "ir Hop: no layout in a block (lower/resumable.py FORMS)" in found
    assert any(line.startswith("Juggle: no section in docs/language.md") for line in found)
    assert "Sparkle: no lowering (lower/exprs.py EXPRESSIONS)" in found
    assert "ir Twirl: no Python back-end handler (pyback/exprs.py)" in found
    assert "ir Spin: no Python back-end handler (pyback/stmts.py)" in found
    assert "ir Twirl: no native back-end handler (native/cemit.py)" in found


# ---------------------------------------------------------------- the grammar and its transforms
def untransformed(lark) -> list[str]:
    """The trees a parse by `lark` can make that dsl/transform.py has no method for. A rule makes a
    tree of its alias or its name — unless it is inlined (`_name`) or a `?rule` left with one child."""
    from lark import Transformer

    from rulebook.dsl.transform import _ToNodes
    need = set()
    for rule in lark.rules:
        name = str(rule.alias or rule.origin.name)
        if name.startswith("_"):
            continue
        kept = [sym for sym in rule.expansion if not (sym.is_term and sym.filter_out)
                and not (sym.is_term and sym.name.startswith("_"))]
        if rule.alias or not rule.options.expand1 or len(kept) != 1 or not kept[0].is_term and \
                kept[0].name.startswith("_"):
            need.add(name)
    return sorted(name for name in need if not callable(getattr(_ToNodes, name, None))
                  or hasattr(Transformer, name))


def test_every_grammar_rule_has_a_transform() -> None:
    from rulebook.dsl.syntax import _lark
    assert untransformed(_lark()) == []


def test_a_grammar_rule_without_a_transform_is_caught() -> None:
    from lark import Lark
    grammar = 'start: juggle+ | spin\n?spin: "s" -> twirl\n?one: ONE\nONE: "o"\njuggle: "j" one "k"\n%ignore " "\n'
    assert untransformed(Lark(grammar, parser="lalr")) == ["juggle", "twirl"]


# ---------------------------------------------------------------- the helpers' one spec
def test_every_back_end_helper_is_in_the_spec() -> None:
    from rulebook.interpreter.native import cemit
    named = set(_INLINE) | set(cemit.HELPERS) | set(cemit.WRITTEN_OUT) | \
        {name for name in cemit.PYTHON_ONLY if isinstance(name, str)}
    assert sorted(named - set(HELPERS)) == []


def test_the_python_run_time_takes_what_the_spec_says() -> None:
    """pyback/exprs.py passes the state (`chance`), its data (`state`), the spec's arguments, and a
    span when the Helper has one: each run-time function takes exactly that."""
    import inspect
    wrong = []
    for name, spec in HELPERS.items():
        if name in _INLINE:
            continue
        given = int(spec.chance) + int(spec.state) + len(spec.params)
        signature = inspect.signature(assemble.HELPERS[name])
        fits = []
        for extra in (0, 1):
            try:
                signature.bind(*range(given + extra))
                fits.append(extra)
            except TypeError:
                pass
        if not fits:
            wrong.append(f"{name}{signature} cannot take {given} arguments")
    assert wrong == []


def test_the_native_back_end_writes_each_helper_with_the_specs_arguments() -> None:
    from rulebook.interpreter.ir.types import INT
    from rulebook.interpreter.native import cemit
    for name, make in cemit.HELPERS.items():
        params = HELPERS[name].params
        helper = x.Helper(name, tuple(x.Const((1, 2), type=INT) for _ in params), type=INT)
        assert make([f"a{i}" for i in range(len(params))], helper), name


# The section of docs/language.md that documents each declaration; each is also sorted into the
# program by one handler of the loader (dsl/loader.py _Collector.handlers).
DECLARATION_SECTIONS = {
    n.GameDecl: "game", n.OptionDecl: "option", n.Replace: "replace (in a mod)", n.RequireDecl: "require",
    n.TableDecl: "table", n.ConstDecl: "let (constants)", n.PlayersDecl: "players", n.TeamsDecl: "teams",
    n.NamesDecl: "names", n.KindDecl: "kind", n.BoardDecl: "board", n.LinksDecl: "links (what a tile joins)",
    n.DieDecl: "die", n.ZoneDecl: "zone and pile", n.VarDecl: "var", n.ValueDecl: "value", n.RuleDecl: "rule",
    n.ActionDecl: "action and allow", n.CodeDecl: "code (rules text in a table)", n.TriggerDecl: "when (triggers)",
    n.InvariantDecl: "invariant", n.BlockDecl: "setup and flow", n.ScoreDecl: "score and statistic",
    n.PayoffDecl: "payoff", n.StatisticDecl: "score and statistic", n.PositionDecl: "position and repetitions",
}


def declaration_classes() -> list[type]:
    from rulebook.dsl import node_decls
    return [cls for name, cls in vars(node_decls).items()
            if isinstance(cls, type) and (name.endswith("Decl") or name == "Replace")]


def declarations_missing(classes) -> list[str]:
    from pathlib import Path as _Path
    from rulebook.dsl.loader import _Collector
    handled = _Collector(_Path("."), {}).handlers
    out = []
    for cls in classes:
        if cls not in handled:
            out.append(f"{cls.__name__}: no loader handler (dsl/loader.py _Collector.handlers)")
        section = DECLARATION_SECTIONS.get(cls)
        if section is None or section not in HEADINGS:
            out.append(f"{cls.__name__}: no section in docs/language.md (DECLARATION_SECTIONS)")
    return out


def test_every_declaration_is_loaded_and_documented() -> None:
    assert declarations_missing(declaration_classes()) == []


def test_a_declaration_without_a_handler_is_caught() -> None:
    @dataclass(frozen=True)
    class WhimDecl(n.Node):
        pass
    assert declarations_missing([WhimDecl]) == ["WhimDecl: no loader handler (dsl/loader.py _Collector.handlers)",
                                                "WhimDecl: no section in docs/language.md (DECLARATION_SECTIONS)"]
