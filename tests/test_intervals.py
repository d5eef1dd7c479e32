"""The interval analysis over the compiled form (interpreter/analysis/intervals.py) and the research
spaces built on it from the IR (issue 26 item 2: no second evaluator of the source program)."""
from __future__ import annotations

import ast
from dataclasses import replace
from pathlib import Path

from rulebook.api import load_game
from rulebook.interpreter.analysis.intervals import Intervals
from rulebook.interpreter.ir import exprs as x
from rulebook.interpreter.ir import stmts as s
from rulebook.interpreter.ir.program import Function, Modifier, Value
from rulebook.interpreter.ir.types import COUNT, INT, Int, List

ROOT = Path(__file__).resolve().parent.parent
PLAYER = Int("player", 0, 2)


def const(v: int) -> x.Const:
    return x.Const(v, type=INT)


def analysis(functions: tuple = (), values: tuple = (), modifiers: tuple = ()) -> Intervals:
    ir = load_game(ROOT / "tests/games/nim").ir
    return Intervals(replace(ir, functions=functions, values=values, modifiers=modifiers))


def test_each_end_of_an_int_expression() -> None:
    a = analysis()
    count = x.Load(const(4), type=COUNT)  # a zone's count: 0 .. unknown
    assert a.of(x.Helper("min", (const(3), count), type=INT)) == (0, 3)
    assert a.of(x.Helper("max", (const(3), count), type=INT)) == (3, None)
    assert a.of(x.Binary("-", const(10), count, type=INT)) == (None, 10)
    assert a.of(x.Binary("*", const(-2), x.Local(0, type=PLAYER), type=INT)) == (-2, 0)
    assert a.of(x.Binary("//", count, const(2), type=INT)) == (0, None)
    assert a.of(x.Cond(x.Const(True, type=INT), const(7), x.Neg(const(3), type=INT), type=INT)) == (-3, 7)
    assert a.of(x.Checked(count, 1, 6, None, type=INT)) == (1, 6)  # outside is an error, not a value
    assert a.of(x.Helper("abs", (x.Binary("-", const(2), x.Local(0, type=PLAYER), type=INT),), type=INT)) == (1, 2)


def test_the_items_of_a_list() -> None:
    a = analysis()
    count = x.Load(const(4), type=COUNT)
    ranged = x.IntRange(const(1), x.Helper("min", (const(3), count), type=INT), type=List(INT))
    assert a.items(ranged) == (1, 3)
    assert a.items(x.Const((4, -1, 9), type=List(INT))) == (-1, 9)
    doubled = x.Comp("list", 5, ranged, None, x.Binary("*", x.Local(5, type=INT), const(2), type=INT), type=List(INT))
    assert a.items(doubled) == (2, 6)
    assert a.items(x.Concat(ranged, x.MakeList((const(-4),), type=List(INT)), type=List(INT))) == (-4, 3)


def test_a_value_is_followed_into_and_widened_by_its_modifiers() -> None:
    """value f0(p) = 1 .. 3 by a table; a modifier adds 2 when it applies: 1 .. 5 (and never below
    1: a modifier may not apply)."""
    body = (s.Return(x.Index(x.Const((1, 3, 2), type=List(INT)), x.Local(0, type=PLAYER), type=INT)),)
    plain = Function("f", "value", 1, (None,), body, INT)
    value = Function("v", "value", 1, (None,), (s.Return(x.ApplyMods(0, x.CallFn(0, (x.Local(0, type=PLAYER),),
                                                                         type=INT), (x.Local(0, type=PLAYER),),
                                                           type=INT)),), INT)
    result = x.Local(0, type=INT)  # the modifier's locals: the result so far, then the value's parameter
    mod = Function("m", "modifier", 2, (None, None), (
        s.If(((x.Binary("==", x.Local(1, type=PLAYER), const(0), type=INT), (s.Return(result),)),)),
        s.Return(x.Binary("+", result, const(2), type=INT))), INT)
    a = analysis((plain, value, mod), (Value("v", 1, (0,)),), (Modifier(0, 2, 0),))
    assert a.of(x.CallFn(0, (const(0),), type=INT)) == (1, 3)
    assert a.of(x.CallFn(1, (const(0),), type=INT)) == (1, 5)
    assert a.items(x.IntRange(const(1), x.CallFn(1, (const(1),), type=INT), type=List(INT))) == (1, 5)


def test_the_move_space_is_read_from_the_ir_before_the_passes() -> None:
    """Eriantys 2p: no character can be played, so the optimised IR's range for Mother Nature ends
    at 5; the move space still numbers 1 .. 7 (a character adds 2), as the rules are written —
    an optimising pass never moves an index."""
    game = load_game(ROOT / "rules/eriantys", {"players": 2})
    axis = game.move_space().blocks[0].axes[0]
    assert (axis.name, axis.low, axis.size) == ("n", 1, 7)
    site = next(site for site in game.ir.sites if site.span.line == 11)
    optimised = Intervals(game.ir).items(site.choices[0].bindings[0].domain)
    assert optimised == (1, 5)


RESEARCH = ROOT / "interpreter" / "research"


def source_reads(path: Path) -> list[str]:
    """Each `.program` read and each import of the program's nodes in a module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = [f"{node.lineno}: .program" for node in ast.walk(tree)
             if isinstance(node, ast.Attribute) and node.attr == "program"]
    found += [f"{node.lineno}: import {node.module}" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
              and node.module is not None and (node.module.startswith("rulebook.dsl")
                                               and any(a.name in ("nodes", "program") for a in node.names)
                                               or node.module in ("rulebook.dsl.nodes", "rulebook.dsl.program"))]
    return found


def test_the_research_spaces_do_not_read_the_source_program() -> None:
    files = sorted(RESEARCH.glob("*.py"))
    assert {p.name for p in files} >= {"movespace.py", "chancespace.py", "observation.py", "research.py", "length.py"}
    assert {p.name: source_reads(p) for p in files if source_reads(p)} == {}


def test_the_length_bound_counts_loops_by_their_rounds() -> None:
    """Crown: 3 rounds of a turn per player, one choice each (6); nim takes until the heap is
    empty (a loop: no bound); Goofspiel: 12 bidding rounds, each player bids secretly (24)."""
    assert load_game(ROOT / "tests/games/crown").research.length_bound() == 6
    assert load_game(ROOT / "tests/games/crown", {"players": 4}).research.length_bound() == 12
    assert load_game(ROOT / "tests/games/nim").research.length_bound() is None
    assert load_game(ROOT / "rules/goofspiel").research.length_bound() == 24


UP_TO = """game "Up" version "1.0"
players 2
var taken[player]: int = 0
flow:
  for p in players:
    turn p:
      step take:
        choose up to 3 n in 1 .. 2 as "take {n}":
          taken[p] += n
  end game winners [p for p in players where taken[p] >= 3] because "took"
"""


def test_a_choose_up_to_is_counted_by_its_rounds(tmp_path: Path) -> None:
    """Three takes at most per player (`done` leaves the loop, a take after the third is not
    offered): 6 for two players, not 8 (a `done` after the third take)."""
    (tmp_path / "game.rules").write_text(UP_TO)
    assert load_game(tmp_path).research.length_bound() == 6


def test_a_read_of_the_program_is_found(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("from rulebook.dsl import nodes as n\nx = game.program.vars\n")
    assert source_reads(module) == ["2: .program", "1: import rulebook.dsl"]
