"""Is this exactly one of the legal moves here? Moves checked by type and by value, without
changing the state: `1.0` or `True` is not the move `1`, a list is not a tuple, and a move that
answers another decision, option or guard than the waiting one is refused with the reason.
"""
from __future__ import annotations

from typing import Any

from rulebook.dsl.errors import source_line

from .machine import State, freeze
from .moves import IllegalMove, Move


def same_value(a: Any, b: Any) -> bool:
    """Equal and of the same type, all the way down (True is not 1; (1,) is not [1])."""
    if a.__class__ is not b.__class__:
        return False
    if a.__class__ is tuple:
        return len(a) == len(b) and all(map(same_value, a, b))
    if a.__class__ is dict:
        return a.keys() == b.keys() and all(same_value(a[k], b[k]) for k in a)
    return a == b


def one_of(value: Any, domain: tuple) -> bool:
    """Is value, by type and value, one of domain's? (`in` alone takes 1.0 and True for 1.)"""
    try:
        if value not in domain:
            return False
        first = domain.index(value)
    except TypeError:  # a value Python cannot even compare (it is none of the choices)
        return False
    return same_value(domain[first], value) or any(same_value(v, value) for v in domain)


def _whole(value: Any) -> bool:
    return value.__class__ is int


def check_move(game, S: State, move: Any) -> tuple:
    """(option, locals with the move's values bound, action block or None) for a legal move;
    IllegalMove (S unchanged) for anything else."""
    site, frame = game._pending(S)
    if not isinstance(move, Move):
        raise IllegalMove(f"not a move: {_short(move)} (apply takes a Move; move_from_json reads one "
                          f"from its JSON form)")
    if not (_whole(move.decision) and _whole(move.option) and move.values.__class__ is tuple):
        raise IllegalMove(f"not a move: {move!r} (a move is whole numbers for its decision and option, "
                          f"and a tuple of values)")
    if move.decision != site.id:
        raise IllegalMove(f"{_named(move)} answers another decision than the one waiting ({site.span})")
    choices = game._choices(S) if any(a[2] == S.decider for a in S.allows) else \
        [(o, frame[2], None) for o in site.options]
    if not 0 <= move.option < len(choices):
        raise IllegalMove(f"{_named(move)} is not one of the choices here: its option {move.option} is not "
                          f"one of 0 to {len(choices) - 1}")
    option, base, block = choices[move.option]
    if option.guard is not None and not option.guard(S, base):
        raise IllegalMove(f"{_named(move)} is not allowed now")
    if len(move.values) != len(option.bindings):
        raise IllegalMove(f"{_named(move)} gives {len(move.values)} value(s), {len(option.bindings)} wanted")
    L = base[:]
    for binding, value in zip(option.bindings, move.values):
        if not one_of(value, binding.domain(S, L)):
            raise IllegalMove(f"'{move}' is not a legal move: {value!r} is not one of the choices")
        L[binding.slot] = value
        if binding.condition is not None and not binding.condition(S, L):
            raise IllegalMove(f"'{move}' is not a legal move: the rules require {_rule_text(site.span)}")
    return option, L, block


def move_of_json(game, S: State, raw: Any) -> Move:
    """The move a Move.to_json() list stands for, checked to be legal at S."""
    if not (isinstance(raw, (list, tuple)) and len(raw) == 3 and _whole(raw[0]) and _whole(raw[1])
            and isinstance(raw[2], (list, tuple))):
        raise IllegalMove(f"not a move: {_short(raw)} (a move is [decision, option, [values…]])")
    decision, option, values = raw[0], raw[1], freeze(list(raw[2]))
    label = None
    if decision == S.decision and S.result is None:
        choices = game._choices(S)
        label = choices[option][0].label if 0 <= option < len(choices) else None
    move = Move(decision, option, values, label)
    check_move(game, S, move)
    return move


def _named(move: Move) -> str:
    """A move in a message: its text when it has one, else its JSON form."""
    return f"'{move}'" if move.label is not None else f"the move {_short(move.to_json())}"


def _short(raw: Any) -> str:
    text = repr(raw)
    return text if len(text) <= 60 else text[:57] + "..."


def _rule_text(span) -> str:
    line = source_line(span.path, span.line)
    text = line.strip() if line else "its condition"
    return f"'{text}' ({span})"
