"""The generic walker of the compiled form (interpreter/ir/walk.py) leans on what the node classes
are: plain frozen dataclasses whose fields are all set by __init__, and whose data-only fields
(numbers, names, spans, types, a constant's value) are declared as such."""
from __future__ import annotations

import dataclasses

from rulebook.interpreter.ir import exprs as x
from rulebook.interpreter.ir import stmts as s
from rulebook.interpreter.ir.types import INT
from rulebook.interpreter.ir.walk import rebuild, walk


def _node_classes() -> list:
    return [c for m in (x, s) for c in vars(m).values()
            if isinstance(c, type) and dataclasses.is_dataclass(c) and issubclass(c, (x.Expr, s.Stmt, s.Terminator))]


def test_every_node_class_is_a_plain_frozen_dataclass() -> None:
    classes = _node_classes()
    assert len(classes) > 40
    for cls in classes:
        assert cls.__dataclass_params__.frozen, cls
        assert not hasattr(cls, "__post_init__"), cls  # rebuilding copies fields without __init__
        assert all(f.init for f in dataclasses.fields(cls)), cls


def test_rebuilding_gives_what_replace_gives_and_leaves_the_rest_as_it_was() -> None:
    table = x.Const((1, 2, 3), type=INT)
    e = x.Binary("+", x.Local(0, type=INT), x.Index(table, x.Local(1, type=INT), type=INT), type=INT)
    made = rebuild(e, lambda n: x.Const(7, type=INT) if isinstance(n, x.Local) and n.slot == 1 else n)
    assert made == dataclasses.replace(e, right=dataclasses.replace(e.right, index=x.Const(7, type=INT)))
    assert list(made.__dict__) == list(e.__dict__)  # the same fields, in the same order (pickles the same)
    assert made.left is e.left and made.right.seq is table
    assert rebuild(e, lambda n: n) is e


def test_a_walk_finds_the_nodes_in_tuples_but_not_in_a_constant() -> None:
    inner = x.Const((x.Local(5, type=INT),), type=INT)  # a constant's value is data, never walked
    e = x.Logic("and", (x.Local(0, type=INT), inner), type=INT)
    assert [type(n).__name__ for n in walk(e)] == ["Logic", "Local", "Const"]
