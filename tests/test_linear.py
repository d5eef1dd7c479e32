"""Integer arithmetic in canonical form (interpreter/passes/linear.py): whether a form written out
is shorter is told without writing it, and must agree with what writing it gives."""
from __future__ import annotations

import itertools

from rulebook.interpreter.ir import exprs as x
from rulebook.interpreter.ir.types import INT
from rulebook.interpreter.passes.linear import _size, _written_size, linear, simplify, written


def test_the_size_of_a_written_form_is_told_without_writing_it() -> None:
    a, b = x.Local(0, type=INT), x.Load(x.Local(1, type=INT), type=INT)
    square = x.Binary("%", a, x.Const(3, type=INT), type=INT)  # a term that is itself arithmetic
    for coefficients in itertools.product((-3, -1, 1, 2), repeat=2):
        for constant in (-5, 0, 7):
            form = (tuple(zip((a, square), coefficients)), constant)
            assert _written_size(form) == _size(written(form, INT)), form
    assert _written_size(((), 4)) == 0 and _written_size((((b, 1),), 0)) == 0


def test_a_sum_is_written_anew_only_when_that_is_shorter() -> None:
    a = x.Local(0, type=INT)
    long = x.Binary("-", x.Binary("+", x.Binary("+", a, x.Const(111, type=INT), type=INT), x.Const(12, type=INT),
                                  type=INT), x.Const(111, type=INT), type=INT)
    assert simplify(long) == x.Binary("+", a, x.Const(12, type=INT), type=INT)
    short = x.Binary("+", a, x.Const(1, type=INT), type=INT)
    assert simplify(short) is short and linear(short) == (((a, 1),), 1)
