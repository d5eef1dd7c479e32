"""Sentence patterns of a scenario vocabulary: `{name:type}` placeholders, `(a|b)` choices, `word(s)`,
`[optional words]`.

A pattern compiles to one case-insensitive regular expression; each placeholder type knows how
to read the words it captured into a value of the game (a player, a kind member, a count…).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Optional

NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "no": 0, "two": 2, "three": 3}
_COUNT = r"(?:\d+|an?|one|two|three|no)"
_NAME = r"[A-Za-z][\w'-]*"
_LABEL = r"[A-Za-z0-9]+"  # a board node's label (c3) or number (12)
# Between the items of a list of any length: `a, b and c`, `a, b, c`, `a and b and c`, `a, b, and c`.
_SEPARATOR = r"(?:,\s*(?:and\s+)?|\s+and\s+)"
_THE = r"(?:the\s+)?"  # an item of a list of kind members may carry its own `the`: `the Monk, the Farmer`


class PatternError(ValueError):
    """A pattern or a captured value that cannot be read."""


def split_list(text: str) -> list[str]:
    """`a, b and c` (or `a, b, and c`, `a, b, c`) → [a, b, c]."""
    parts = re.split(_SEPARATOR, text.strip(), flags=re.IGNORECASE)  # matching ignores case: `A AND C`
    return [p.strip() for p in parts if p.strip()]


def read_count(word: str) -> int:
    word = word.lower()
    return NUMBER_WORDS[word] if word in NUMBER_WORDS else int(word)


@dataclass
class Placeholder:
    name: str
    type: str  # int | number | ints | word | text | names | player | players | team | kind:K | kinds:K | pieces:K
    #            | node:B | nodes:B (a board's nodes by their labels: c3, 12)
    regex: str


def _listed(item: str) -> str:
    """One or more items: a list of any length."""
    return rf"{item}(?:{_SEPARATOR}{item})*"


def _regex_for(type_: str, lexicon) -> str:
    base, _, arg = type_.partition(":")
    names = r"(?:the\s+)?" + _NAME
    if base == "int":
        return _COUNT
    if base == "number":  # a whole number that may be negative: a score, -2
        return r"-?\d+"
    if base == "ints":
        return _listed(r"\d+")
    if base == "word":
        return _NAME
    if base == "text":
        return r".+?"
    if base in ("player", "team"):
        return names
    if base in ("names", "players"):
        return _listed(_NAME)
    if base in ("kind", "kinds"):
        one = _members(lexicon, arg)
        return one if base == "kind" else _listed(_THE + one)
    if base in ("node", "nodes"):
        return _LABEL if base == "node" else _listed(_LABEL)
    if base == "pieces":
        one = _members(lexicon, arg)
        piece = r"(?:" + "|".join(re.escape(w) for w in lexicon.piece_words(arg)) + ")"
        item = rf"(?:{_COUNT}\s+)?{one}(?:\s+{piece})?"  # a bare member is one piece: `red and blue`
        return rf"(?:no\s+{piece}|{_COUNT}\s+{piece}|{_listed(item)})"
    raise PatternError(f"unknown placeholder type '{type_}'")


def _members(lexicon, kind: str, only: Optional[list] = None) -> str:
    """Any member word of the kind (or only those given); a member that may stand alone (the
    vocabulary's `alone:`) may carry `a`/`an`: `a Joker`."""
    words = lexicon.kind_words(kind) if only is None else only
    if words is None:  # any name of up to four words (vocabulary.unknown_names: which name is not known)
        return rf"{_NAME}(?:\s+{_NAME}){{0,3}}"
    alone = {w.lower() for w in _alone_words(lexicon, kind)}
    return "(?:" + "|".join((r"(?:an?\s+)?" if w.lower() in alone else "") + re.escape(w)
                            for w in sorted(words, key=len, reverse=True)) + ")"


def _alone_words(lexicon, kind: str) -> list:
    alone = getattr(lexicon, "alone_words", None)
    return alone(kind) if alone is not None else []


def _alone_regex(base: str, kind: str, lexicon) -> str:
    """The members that may stand alone, as a placeholder of this base type reads them without
    the kind's noun before it: one (`a Joker`), a list of them, or pieces (`2 Joker`)."""
    one = _members(lexicon, kind, _alone_words(lexicon, kind))
    if base == "kind":
        return one
    if base == "kinds":
        return _listed(one)
    return _listed(rf"(?:{_COUNT}\s+)?{one}")


ALONE = "__alone"  # the group a placeholder's members read without their noun are captured in
# The kind's noun right before a placeholder: a word or a choice of words, then one space.
_NOUN_BEFORE = re.compile(r"(?:\(([\w|]+)\)|(\w+)) $")


_TOKEN = re.compile(r"\{(\w+)(?::([\w:]+))?\}|\(([^()]*\|[^()]*)\)|(\w+)\(s\)|\[([^\[\]{}()]+)\] ?")


@dataclass
class Pattern:
    """One sentence: its regex and the placeholders it captures, in order."""

    text: str
    regex: re.Pattern
    placeholders: list

    def match(self, sentence: str) -> Optional[dict]:
        found = self.regex.fullmatch(sentence.strip())
        if found is None:
            return None
        captured = {k: v for k, v in found.groupdict().items() if not k.endswith(ALONE)}
        for key, value in found.groupdict().items():  # members named without their noun
            if key.endswith(ALONE) and value is not None:
                captured[key[:-len(ALONE)]] = value
        return captured


def compile_pattern(text: str, lexicon) -> Pattern:
    parts, placeholders, last = [], [], 0
    for m in _TOKEN.finditer(text):
        literal = text[last:m.start()]
        noun = _noun_before(text, m, literal, lexicon)
        if noun is not None and noun[1] is not None:  # the noun is the end of this literal text
            literal = literal[:len(literal) - len(noun[1]) - 1]
        if noun is not None and noun[1] is None:  # the noun is the choice token just before
            parts.pop()
            literal = ""
        parts.append(_literal(literal))
        if m.group(1):
            name, type_ = m.group(1), m.group(2) or "word"
            if any(p.name == name for p in placeholders):
                raise PatternError(f"placeholder '{name}' appears twice in '{text}'")
            regex = _regex_for(type_, lexicon)
            placeholders.append(Placeholder(name, type_, regex))
            if noun is None:
                parts.append(f"(?P<{name}>{regex})")
            else:  # `card 17`, or a member that stands alone without the noun: `a Joker`
                base, _, kind = type_.partition(":")
                parts.append(f"(?:{noun[0]}\\s+(?P<{name}>{regex})|(?P<{name}{ALONE}>{_alone_regex(base, kind, lexicon)}))")
        elif m.group(3):
            choices = [re.escape(c.strip()) for c in m.group(3).split("|")]
            parts.append("(?:" + "|".join(choices) + ")")
        elif m.group(4):
            parts.append(re.escape(m.group(4)) + "s?")
        else:  # `[the] {name}`: words that may be left out, with the space after them
            words = _literal(m.group(5).strip())
            parts.append(f"(?:{words}\\s+)?" if m.group(0).endswith(" ") else f"(?:\\s+{words})?")
        last = m.end()
    parts.append(_literal(text[last:]))
    return Pattern(text, re.compile("".join(parts), re.IGNORECASE), placeholders)


def _noun_before(text: str, m: re.Match, literal: str, lexicon) -> Optional[tuple]:
    """(the noun's regex, its word or None for a choice token) when the placeholder m names a
    member of a kind some of whose members may stand alone, right after the kind's noun
    (`card {c:kind:card}`, `(card|cards) {cs:kinds:card}`); else None."""
    if not m.group(1):
        return None
    base, _, kind = (m.group(2) or "word").partition(":")
    if base not in ("kind", "kinds", "pieces") or not _alone_words(lexicon, kind):
        return None
    nouns = {w.lower() for w in lexicon.noun_words(kind)}
    found = _NOUN_BEFORE.search(text[:m.start()])
    if found is None:
        return None
    if found.group(2):  # a plain word: it must be in this literal text, after a space or at its start
        word = found.group(2)
        if word.lower() not in nouns or not literal.endswith(word + " ") \
                or (len(literal) > len(word) + 1 and not literal[:-len(word) - 1].endswith(" ")):
            return None
        return _literal(word), word
    choices = found.group(1).split("|")
    if literal != " " or not all(c.lower() in nouns for c in choices):
        return None
    return "(?:" + "|".join(re.escape(c) for c in choices) + ")", None


def fill_pattern(text: str, written: dict) -> str:
    """A sentence of pattern `text` with each placeholder replaced by its words in `written`
    (the inverse of matching): `(a|b)` takes the alternative that fits (`a`/`an` by the next
    word, `their` among pronouns, `has`/`have` and `is`/`are` by the number next to them,
    `card`/`cards` by the list after them, else the first), `word(s)` the form the number before
    it wants, and `[optional words]` are left out."""
    out: list[str] = []
    last, number = 0, None
    tokens = list(_TOKEN.finditer(text))
    for i, m in enumerate(tokens):
        out.append(text[last:m.start()])
        if m.group(1):
            words = written[m.group(1)]
            out.append(words)
            number = _number_of(words, (m.group(2) or "word").partition(":")[0], number)
        elif m.group(3):
            out.append(_alternative([c.strip() for c in m.group(3).split("|")], text, m, tokens[i + 1:], written,
                                    number))
        elif m.group(4):
            out.append(m.group(4) + ("" if number == 1 else "s"))
        last = m.end()
    out.append(text[last:])
    return " ".join("".join(out).split())


def _number_of(words: str, base: str, before: Optional[int]) -> Optional[int]:
    """How many things written words name (for a `word(s)` after them): a count, the items of a
    list, the pieces named; else the number before stands."""
    items = split_list(words)
    if base == "pieces":
        counts = [t.split()[0].lower() for t in items]
        return sum(read_count(c) if (c.isdigit() or c in NUMBER_WORDS) else 1 for c in counts)
    if base in ("ints", "names", "players", "kinds", "nodes"):
        return len(items)
    first = words.split(" ", 1)[0].lower()
    return read_count(first) if base == "int" and (first.isdigit() or first in NUMBER_WORDS) else before


_AGREEING = ({"has", "have"}, {"is", "are"}, {"was", "were"})  # a verb agreeing with the number before it


def _alternative(choices: list, text: str, m: re.Match, rest: list, written: dict, number: Optional[int]) -> str:
    lowered = [c.lower() for c in choices]
    if sorted(lowered) == ["a", "an"]:
        following = text[m.end():].lstrip()
        if rest and rest[0].start() == len(text) - len(following) and rest[0].group(1):
            following = written[rest[0].group(1)]
        return choices[lowered.index("an" if following[:1].lower() in "aeiou" and following else "a")]
    if "their" in lowered:
        return choices[lowered.index("their")]
    if set(lowered) in _AGREEING and number is None and rest and rest[0].group(1):  # `there (are|is) {n:int} …`
        number = _number_of(written[rest[0].group(1)], (rest[0].group(2) or "word").partition(":")[0], None)
    if set(lowered) in _AGREEING and number is not None:
        singular = "has" if "has" in lowered else "is" if "is" in lowered else "was"
        return choices[lowered.index(singular) if number == 1 else 1 - lowered.index(singular)]
    if len(lowered) == 2 and lowered[0] + "s" == lowered[1] and rest and rest[0].group(1):
        # `(card|cards) {cards:kinds:card}`: the form the list written after it wants
        base = (rest[0].group(2) or "word").partition(":")[0]
        items = split_list(written[rest[0].group(1)])
        if base in ("ints", "names", "players", "kinds", "nodes"):
            return choices[0 if len(items) == 1 else 1]
        if base == "pieces":  # one piece: `1 joker`, `a token`, or a bare member (`17`)
            words = items[0].split()
            one = len(items) == 1 and (len(words) == 1 or words[0].lower() in ("1", "a", "an", "one"))
            return choices[0 if one else 1]
    return choices[0]


def _literal(text: str) -> str:
    return r"\s+".join(re.escape(word) for word in text.split(" ")) if text else ""


def read_value(placeholder: Placeholder, captured: str, lexicon) -> Any:
    """Turn captured words into a game value."""
    base, _, arg = placeholder.type.partition(":")
    words = captured.strip()
    if base == "int":
        return read_count(words)
    if base == "number":
        return int(words)
    if base == "ints":
        return [int(x) for x in split_list(words)]
    if base in ("word", "text"):
        return words
    if base == "names":
        return split_list(words)
    if base == "player":
        return lexicon.player(words)
    if base == "players":
        return [lexicon.player(w) for w in split_list(words)]
    if base == "team":
        return lexicon.team(words)
    if base == "kind":
        return _listed_member(lexicon, arg, words)
    if base == "kinds":
        return [_listed_member(lexicon, arg, w) for w in split_list(words)]
    if base == "pieces":
        return read_pieces(words, arg, lexicon)
    if base == "node":
        return lexicon.node(arg, words)
    if base == "nodes":
        return [lexicon.node(arg, w) for w in split_list(words)]
    raise PatternError(f"unknown placeholder type '{placeholder.type}'")


def _listed_member(lexicon, kind: str, word: str) -> Any:
    """A member named with or without its own leading `the` (in a list), or `a`/`an` (one that
    may stand alone: `a Joker`)."""
    bare = re.sub(r"^(?:the|an?)\s+", "", word, flags=re.IGNORECASE)
    known = {w.lower() for w in lexicon.kind_words(kind)}
    return lexicon.member(kind, bare if bare != word and word.lower() not in known else word)


@dataclass
class Pieces:
    """Pieces named in a sentence: counts per kind member, or only a total (`3 pieces`)."""

    counts: dict
    total_only: bool = False

    @property
    def total(self) -> int:
        return sum(self.counts.values()) if not self.total_only else self.counts.get(None, 0)


def read_pieces(words: str, kind: str, lexicon) -> Pieces:
    piece_words = {w.lower() for w in lexicon.piece_words(kind)}
    items = split_list(words)
    if len(items) == 1:
        tokens = items[0].split()
        if tokens[0].lower() == "no" and len(tokens) == 2 and tokens[1].lower() in piece_words:
            return Pieces({})
        if len(tokens) == 2 and tokens[1].lower() in piece_words:
            count = read_count(tokens[0])
            # `0 tokens` names every member as `no tokens` does; another count says only how many
            return Pieces({}) if count == 0 else Pieces({None: count}, total_only=True)
    counts: dict = {}
    for item in items:
        tokens = [t for t in item.split() if t.lower() not in piece_words]
        if len(tokens) == 1:  # a bare member: one piece
            tokens = ["1"] + tokens
        if len(tokens) != 2:
            raise PatternError(f"cannot read '{item}' as a number of pieces")
        member = lexicon.member(kind, tokens[1])
        counts[member] = counts.get(member, 0) + read_count(tokens[0])
    return Pieces(counts)

