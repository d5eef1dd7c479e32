"""Integer arithmetic in a canonical form: a sum of terms times constants, plus a constant.

Addresses are built from pieces (a zone's base, an index's low end, a stride, a count's slot),
so `((x - 1) + 111) - 111 + 123` and `((i - 1) * 5 + 167 - 167) // 5 + 177` come out of
lowering. Written anew from the canonical form they become `x + 122` and `i + 176`.
"""
from __future__ import annotations

from typing import Any, Optional, TypeGuard

from ..ir import exprs as x
from ..ir.types import Bool, Int, Type

Linear = tuple[tuple[tuple[Any, int], ...], int]  # (((term, coefficient), ...), constant), terms in first-seen order


def _number(e: x.Expr) -> TypeGuard[x.Const]:
    return isinstance(e, x.Const) and isinstance(e.value, int) and not isinstance(e.value, bool)


# linear(e) by id(e), e kept alive with it: folding works bottom up, so each level of a long sum
# asks again for the form of the sum below it (without this, the work grows with the square of
# its length). Emptied when it grows large.
_FORMS: dict[int, tuple[x.Expr, Optional[Linear]]] = {}  # linear(e) by id(e), e kept alive with it
_FORMS_KEPT = 50_000


def linear(e: x.Expr) -> Optional[Linear]:
    """e as a linear form, or None when it is not integer arithmetic over terms."""
    if e.__class__ is not x.Binary:
        return _linear(e)
    found = _FORMS.get(id(e))
    if found is not None and found[0] is e:
        return found[1]
    form = _linear(e)
    if len(_FORMS) >= _FORMS_KEPT:
        _FORMS.clear()
    _FORMS[id(e)] = (e, form)
    return form


def _linear(e: x.Expr) -> Optional[Linear]:
    if _number(e):
        return ((), e.value)
    if isinstance(e, x.Binary) and e.op in ("+", "-"):
        a, b = linear(e.left), linear(e.right)
        if a is None or b is None:
            return None
        return _combine(a, b, 1 if e.op == "+" else -1)
    if isinstance(e, x.Binary) and e.op == "*":
        if _number(e.left):
            inner = linear(e.right)
            return None if inner is None else _scale(inner, e.left.value)
        if _number(e.right):
            inner = linear(e.left)
            return None if inner is None else _scale(inner, e.right.value)
    if isinstance(e, x.Binary) and e.op == "//" and _number(e.right) and e.right.value > 0:
        inner = linear(e.left)
        k = e.right.value
        if inner is not None and all(c % k == 0 for _, c in inner[0]):
            # (k*a + c) // k == a + c // k for whole a: exact for every integer value of a
            return (tuple((t, c // k) for t, c in inner[0]), inner[1] // k)
        return None
    if isinstance(e, x.Neg):
        inner = linear(e.operand)
        return None if inner is None else _scale(inner, -1)
    if isinstance(e.type, Bool) or not isinstance(e.type, Int):
        return None
    return (((e, 1),), 0)


def _combine(a: Linear, b: Linear, sign: int) -> Linear:
    # The terms are few, and may be large (a sum, a read through a read): found by equality in a
    # list, not hashed (a node's hash walks all of it, at every level of a long sum).
    terms = list(a[0])
    for term, c in b[0]:
        for i, (t, k) in enumerate(terms):
            if t is term or t == term:
                terms[i] = (t, k + sign * c)
                break
        else:
            terms.append((term, sign * c))
    return (tuple((t, c) for t, c in terms if c), a[1] + sign * b[1])


def _scale(a: Linear, k: int) -> Linear:
    return (tuple((t, c * k) for t, c in a[0] if c * k), a[1] * k)


# _size(e) by id(e), e kept alive with it (asked again at every level of a long sum)
_SIZES: dict[int, tuple[x.Expr, int]] = {}


def _size(e: x.Expr) -> int:
    """How many arithmetic nodes e is made of (its terms count for nothing)."""
    if isinstance(e, x.Binary):
        found = _SIZES.get(id(e))
        if found is not None and found[0] is e:
            return found[1]
        size = 1 + _size(e.left) + _size(e.right)
        if len(_SIZES) >= _FORMS_KEPT:
            _SIZES.clear()
        _SIZES[id(e)] = (e, size)
        return size
    if isinstance(e, x.Neg):
        return 1 + _size(e.operand)
    return 0


def _written_size(form: Linear) -> int:
    """_size(written(form, t)), worked out without writing it."""
    terms, constant = form
    size: Optional[int] = None
    for term, c in terms:
        part = _size(term) + (0 if c in (1, -1) else 1)  # times |c|
        if c > 0:
            size = part if size is None else size + 1 + part
        else:  # subtracted, or negated when first
            size = part + 1 if size is None else size + 1 + part
    if size is None:
        return 0
    return size + 1 if constant else size


def written(form: Linear, t: Type) -> x.Expr:
    """A linear form as an expression: terms (times their coefficients) added, then the constant."""
    terms, constant = form
    out: Optional[x.Expr] = None
    for term, c in terms:
        part = term if c == 1 else x.Binary("*", term, x.Const(abs(c), type=Int()), type=t) if c > 0 else None
        if part is None:  # a negative coefficient: subtract
            positive = term if c == -1 else x.Binary("*", term, x.Const(-c, type=Int()), type=t)
            out = x.Neg(positive, type=t) if out is None else x.Binary("-", out, positive, type=t)
            continue
        out = part if out is None else x.Binary("+", out, part, type=t)
    if out is None:
        return x.Const(constant, type=t)
    if constant > 0:
        return x.Binary("+", out, x.Const(constant, type=Int()), type=t)
    if constant < 0:
        return x.Binary("-", out, x.Const(-constant, type=Int()), type=t)
    return out


def simplify(e: x.Binary) -> x.Expr:
    """e written from its linear form, when that is shorter."""
    form = linear(e)
    if form is None:
        return e
    return shorter(form, e)


def shorter(form: Linear, e: x.Expr) -> x.Expr:
    """The form written out, when that is shorter than e (which it stands for); else e."""
    return written(form, e.type) if _written_size(form) < _size(e) else e
