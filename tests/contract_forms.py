"""Every sentence form of a public scenario contract, as the general rules at its top allow it.

The contracts (`../shared/spec/<game>-steps.md`, beside the project, not in it) print one
example per sentence, but their general rules apply to every sentence: counts take singular or
plural (`1 clover`, `a clover`, `one clover`, `0 clovers`, `no clovers`), lists take any length
(one item too), `his`, `her` and `their` are interchangeable, `When Leo tries to …` takes any
When's base form, and (Ephyran) a Dionysus stands wherever a card is named. `variants(game)`
writes those forms from each printed example with rules of English of its own — never from the
vocabulary's patterns, so a form the vocabulary forgot is not written out of it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# beside the project (a checkout elsewhere has none: the tests that read them skip)
CONTRACTS = next((p for p in (ROOT.parent / "shared" / "spec", ROOT.parent.parent / "shared" / "spec")
                  if (p / "ephyran-steps.md").is_file()), None)
GAMES = ("eriantys", "septachroma", "ephyran", "edenia")
_STEP = re.compile(r"^(Given|When|Then) (.+?)(?:\s{2,}\(.*)?$")
_PRONOUNS = ("his", "her", "their")
_NOT_PLURAL = {"is", "has", "was", "its", "this", "his", "us", "bonus", "Tartarus", "Dionysus", "Graeae", "plus",
               "across", "towards", "Trifolium", "Castor", "Pollux", "Aeolus", "Hephaestus", "pass", "lens"}
# verbs a list may follow or precede (`the Monk holds 1 red`, `Leo and Lisa share`)
_VERBS = {"holds", "has", "is", "was", "sees", "shares", "takes", "plays", "uses", "swaps", "puts", "keeps", "adds",
          "discards", "draws", "answers", "ends", "are", "wins"}
_IRREGULAR_BASE = {"does": "do", "goes": "go", "has": "have", "is": "be"}
_NUMBER_WORDS = {"a", "an", "one", "no"}
# When sentences that have no "tries to" form (the contracts say so)
_NO_TRIES = ("does not answer", "nobody answers")


@dataclass(frozen=True)
class Form:
    """One sentence to read: which rule wrote it, from which printed example."""

    keyword: str  # given | when | then
    sentence: str
    rule: str  # printed | pronoun | tries | count | article | list of one | Dionysus | case | side
    example: str  # the printed sentence it comes from
    tries: bool = False  # a "tries to" form (records a refusal)


def printed(game: str) -> list[tuple[str, str]]:
    """(keyword, sentence) for every example the game's contract prints, its comment left out."""
    out = []
    inside = False
    for line in (CONTRACTS / f"{game}-steps.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            inside = not inside
            continue
        found = _STEP.match(line.strip()) if inside else None
        if found:
            out.append((found.group(1).lower(), found.group(2).strip()))
    return out


def base_form(verb: str) -> str:
    """The base form of a verb in the third person singular: adds → add, goes → go."""
    if verb in _IRREGULAR_BASE:
        return _IRREGULAR_BASE[verb]
    if verb.endswith("ies"):
        return verb[:-3] + "y"
    if verb.endswith(("ches", "shes", "sses", "xes", "zes")):
        return verb[:-2]
    return verb[:-1] if verb.endswith("s") else verb


def tries_form(sentence: str) -> str:
    """`Leo adds card 17 as lands 2` → `Leo tries to add card 17 as lands 2`; a second verb after
    `and` takes its base form too (`recovers … and adds it` → `recover … and add it`)."""
    subject, verb, rest = (sentence.split(" ", 2) + [""])[:3]
    rest = re.sub(r"\band (\w+s)\b(?= (?:it|the|cards?|a|an|Dionysus)\b)", lambda m: "and " + base_form(m.group(1)),
                  rest)
    return f"{subject} tries to {base_form(verb)} {rest}".strip()


def pronoun_forms(sentence: str) -> list[str]:
    words = set(re.findall(r"\b(?:his|her|their)\b", sentence))
    if not words:
        return []
    return [re.sub(r"\b(?:his|her|their)\b", p, sentence) for p in _PRONOUNS if {p} != words]


def singular(noun: str) -> str:
    if noun.endswith("ies"):
        return noun[:-3] + "y"
    return noun[:-1] if noun.endswith("s") and noun not in _NOT_PLURAL else noun


def plural(noun: str) -> str:
    if noun in ("sheep", "Trifolium") or noun.endswith("s"):
        return noun
    return noun[:-1] + "ies" if noun.endswith("y") and noun[-2:-1] not in "aeiou" else noun + "s"


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


_AGREE = {"are": "is", "have": "has", "were": "was"}
_AGREE_BACK = {v: k for k, v in _AGREE.items()}


# A count stands after a verb, a preposition or another count of its list (`has 3 clovers`,
# `swap 1 red and 1 blue`), never after the noun a number names (`card 17`, `set 2`, `lagoon 2`).
_COUNT_AT = r"(?:(?<=\bhas )|(?<=\bhave )|(?<=\bholds )|(?<=\bhold )|(?<=\bsees )|(?<=\bover )|(?<=\bswap )" \
            r"|(?<=\bfor )|(?<=\band )|(?<=, )|(?<=\bthere are )|(?<=\bthere is ))"
_COUNT = re.compile(_COUNT_AT + r"(\d+|an?|one|no) ((?:[a-z][\w-]* )??)([a-z][\w-]*)\b")


def counted_nouns(games=GAMES) -> set:
    """The nouns the contracts count: a plural after a count other than one (`3 clovers`, `no
    tokens`, `2 no-entry tiles`), and its singular."""
    found = set()
    for game in games:
        for _, sentence in printed(game):
            for m in _COUNT.finditer(sentence):
                noun = m.group(3)
                if m.group(1) not in ("1", "a", "an", "one") and noun.endswith("s") and noun not in _NOT_PLURAL:
                    found |= {noun, singular(noun)}
    return found


def count_forms(sentence: str, counted: set) -> list[tuple[str, str]]:
    """(rule, sentence) with each count written the other ways the contracts allow: a number
    (`3 clovers`) as `1 clover`, `a clover`, `one clover`, `0 clovers`, `no clovers`; `a clover` as
    `1 clover` and `one clover`; `no clovers` as `0 clovers` (a count is a number, or a/an/one/no,
    before a counted noun, perhaps after one word: `2 no-entry tiles`)."""
    out = []
    for m in _COUNT.finditer(sentence):
        number, middle, noun = m.group(1), m.group(2), m.group(3)
        if noun not in counted or middle.strip() in counted:
            continue
        before, after = sentence[:m.start()], sentence[m.end():]
        if not number.isdigit() and before.endswith(("and ", ", ")):  # `between a clover and a flag`
            continue
        one, many = singular(noun), plural(noun)
        ones = [("count", f"1 {middle}{one}"), ("article", f"{_article(middle or one)} {middle}{one}"),
                ("article", f"one {middle}{one}")]
        zeros = [("count", f"0 {middle}{many}"), ("article", f"no {middle}{many}")]
        if number in ("a", "an", "one"):
            forms = ones
        elif number == "no":
            forms = zeros
        else:
            forms = ones + [("count", f"2 {middle}{many}")] + zeros
        for rule, words in forms:
            if words == m.group(0):
                continue
            is_one = words.split()[0] in ("1", "a", "an", "one")
            out.append((rule, _agree(before + words + after, len(before), is_one)))
    return out


def _agree(text: str, at: int, is_one: bool) -> str:
    """The verb before a count (`there are 3 …`) agrees with it."""
    head = text[:at]
    found = re.search(r"\b(are|is|have|has|were|was) $", head)
    if not found or not re.search(r"\bthere (are|is|were|was) $", head):
        return text
    verb = found.group(1)
    new = _AGREE.get(verb, verb) if is_one else _AGREE_BACK.get(verb, verb)
    return head[:found.start(1)] + new + head[found.end(1):] + text[at:]


_ITEM = r"(?:the |an? )?[\w'&-]+(?: [\w'&-]+)?"


def list_forms(sentence: str, spans: list[tuple[int, int]]) -> list[str]:
    """Each list of two items or more (at the given spans) cut to its first item, with the plural
    noun before or after it and a verb after it made singular."""
    out = []
    for start, end in spans:
        words = sentence[start:end]
        items = re.split(r",\s*(?:and\s+)?|\s+and\s+", words)
        if len(items) < 2:
            continue
        before, after = sentence[:start], sentence[end:]
        noun = re.search(r"(\w+) $", before)
        if noun and noun.group(1).endswith("s") and noun.group(1) not in _NOT_PLURAL | _VERBS:
            before = before[:noun.start(1)] + singular(noun.group(1)) + " "
        else:
            noun_after = re.match(r" (\w+)", after)
            if noun_after and noun_after.group(1).endswith("s") and noun_after.group(1) not in _NOT_PLURAL | _VERBS:
                after = " " + singular(noun_after.group(1)) + after[noun_after.end():]
        after = re.sub(r"^((?: \w+)?) (are|have|were)\b", lambda m: f"{m.group(1)} {_AGREE[m.group(2)]}", after)
        out.append(before + items[0] + after)
    return out


def dionysus_forms(sentence: str) -> list[str]:
    """Ephyran: a Dionysus wherever one card is named (`card 17` → `a Dionysus`, `Dionysus`) and
    as an item of a list of cards (`cards 3, 17 and 40` → `cards 3, 17 and Dionysus`)."""
    out = []
    for m in re.finditer(r"\bcard (\d+)\b(?! and)", sentence):
        out += [sentence[:m.start()] + alone + sentence[m.end():] for alone in ("a Dionysus", "Dionysus")]
    for m in re.finditer(r"\bcards ((?:\d+, )*\d+ and )(\d+)\b", sentence):
        out.append(sentence[:m.start(2)] + "Dionysus" + sentence[m.end(2):])
    return out


def case_forms(sentence: str) -> list[str]:
    """Matching ignores case: the sentence in lower and in upper case."""
    return [s for s in (sentence.lower(), sentence.upper()) if s != sentence]


# Words that may stand for a player (Eriantys: his team's tower colour; Septachroma: his side), in
# the games the contract tests start: Leo and Lisa are white in Eriantys' 4-player teams game.
SIDES = {"eriantys": {"Leo": "white", "Max": "black"}, "septachroma": {"Leo": "light", "Lisa": "dark"}}


def side_forms(game: str, sentence: str) -> list[str]:
    """Each player named (not in a sentence that starts a game) by the word that stands for him."""
    if " game " in f" {sentence} ":
        return []
    return [re.sub(rf"\b{name}\b", word, sentence) for name, word in SIDES.get(game, {}).items()
            if re.search(rf"\b{name}\b", sentence)]
