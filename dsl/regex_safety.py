"""Regular expressions a table's schema may use: none whose matching can take exponential time.

A schema's `pattern` is matched against every cell of its column by Python's backtracking
engine; a pattern that can match one text in many ways inside a repeat (`(a+)+`, `(a|aa)*`)
then takes time exponential in the cell's length. Such patterns are refused; a repeat inside a
repeat is fine when something the inner one cannot match separates the turns (`( [a-z]+)*`).
"""
from __future__ import annotations

import re
import string
from re import _constants as sre  # type: ignore[attr-defined]  # the parser's node names
from re import _parser as sre_parse  # type: ignore[attr-defined]
from typing import Any, Iterator, Optional

_REPEATS = {sre.MAX_REPEAT, sre.MIN_REPEAT, getattr(sre, "POSSESSIVE_REPEAT", sre.MAX_REPEAT)}
# Characters stand for themselves up to here; sets of characters are compared on this range.
_UNIVERSE = frozenset(range(256))
_CATEGORIES = {
    sre.CATEGORY_DIGIT: frozenset(map(ord, string.digits)),
    sre.CATEGORY_WORD: frozenset(map(ord, string.ascii_letters + string.digits + "_")) | frozenset(range(170, 256)),
    sre.CATEGORY_SPACE: frozenset(map(ord, string.whitespace)),
}
_CATEGORIES.update({
    sre.CATEGORY_NOT_DIGIT: _UNIVERSE - _CATEGORIES[sre.CATEGORY_DIGIT],
    sre.CATEGORY_NOT_WORD: _UNIVERSE - _CATEGORIES[sre.CATEGORY_WORD],
    sre.CATEGORY_NOT_SPACE: _UNIVERSE - _CATEGORIES[sre.CATEGORY_SPACE],
})
# A bounded outer repeat ({2,3}) makes a nested one polynomial at worst, with a small power.
_SMALL_REPEAT = 10


def risky(pattern: str) -> Optional[str]:
    """Why matching `pattern` may take exponential time, or None when it cannot."""
    try:
        parsed = sre_parse.parse(pattern)
    except (re.error, RecursionError, OverflowError):
        return None  # not a regular expression at all: the schema's own check says so
    return _search(list(parsed), None)


def _search(items: list, outer: Optional[list]) -> Optional[str]:
    """Look for trouble in a sequence; `outer` is the body of the unbounded repeat around it."""
    for op, av in items:
        if op in _REPEATS:
            low, high, body = av
            body = list(body)
            if outer is not None and high > 1 and not _separated(outer, _consumed(body)):
                return "it repeats a part that is itself repeated (as in '(a+)+')"
            found = _search(body, body if high > _SMALL_REPEAT else outer)
            if found:
                return found
        elif op == sre.BRANCH:
            alternatives = [list(a) for a in av[1]]
            if outer is not None and _overlap(alternatives):
                return "it repeats a choice whose alternatives can match the same text (as in '(a|aa)*')"
            for alternative in alternatives:
                found = _search(alternative, outer)
                if found:
                    return found
        elif op == sre.SUBPATTERN:
            found = _search(list(av[-1]), outer)
            if found:
                return found
        elif op in (sre.ASSERT, sre.ASSERT_NOT):
            found = _search(list(av[1]), outer)
            if found:
                return found
    return None


def _chars(op, av) -> Optional[frozenset]:
    """The characters one single-character item matches (None: not a single-character item)."""
    if op == sre.LITERAL:
        return frozenset({av})
    if op == sre.NOT_LITERAL:
        return _UNIVERSE - {av}
    if op == sre.ANY:
        return _UNIVERSE
    if op == sre.IN:
        found: set = set()
        negate = False
        for item_op, item_av in av:
            if item_op == sre.NEGATE:
                negate = True
            elif item_op == sre.LITERAL:
                found.add(item_av)
            elif item_op == sre.RANGE:
                found.update(range(item_av[0], min(item_av[1], 255) + 1))
            elif item_op == sre.CATEGORY:
                found |= _CATEGORIES.get(item_av, _UNIVERSE)
            else:
                found |= _UNIVERSE
        return frozenset(_UNIVERSE - found if negate else found)
    return None


def _consumed(items: list) -> frozenset:
    """Every character a sequence can match anywhere in it."""
    found: set = set()
    for op, av in items:
        chars = _chars(op, av)
        if chars is not None:
            found |= chars
        elif op in _REPEATS:
            found |= _consumed(list(av[2]))
        elif op == sre.SUBPATTERN:
            found |= _consumed(list(av[-1]))
        elif op == sre.BRANCH:
            for alternative in av[1]:
                found |= _consumed(list(alternative))
        elif op not in (sre.AT, sre.ASSERT, sre.ASSERT_NOT):
            found |= _UNIVERSE  # a back-reference or a group test: could be anything
    return frozenset(found)


def _separated(body: list, inner: frozenset) -> bool:
    """Does every turn of the repeat with this body have to match a character the inner repeat
    cannot (so the turns cannot be cut in several ways)?"""
    for op, av in body:
        chars = _chars(op, av)
        if chars is not None and not chars & inner:
            return True
        if op == sre.SUBPATTERN and _separated(list(av[-1]), inner):
            return True
    return False


def _overlap(alternatives: list) -> bool:
    """Can two alternatives start with the same character, or one match nothing?"""
    firsts = []
    for items in alternatives:
        while items and items[0][0] == sre.SUBPATTERN:
            items = list(items[0][1][-1]) + items[1:]
        chars = _chars(*items[0]) if items else None
        if chars is None:
            return True
        firsts.append(chars)
    return any(a & b for i, a in enumerate(firsts) for b in firsts[i + 1:])


def schema_patterns(schema: Any) -> Iterator[str]:
    """Every regular expression a JSON Schema holds: `pattern` values, `patternProperties` keys."""
    stack = [schema]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if isinstance(item.get("pattern"), str):
                yield item["pattern"]
            if isinstance(item.get("patternProperties"), dict):
                yield from (k for k in item["patternProperties"] if isinstance(k, str))
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
