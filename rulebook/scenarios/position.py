"""How a game's declared sentences describe a position: the `position:` section of scenarios.yaml.

Each entry names a declared Given sentence (and/or a Then sentence) by its pattern text and says
how to fill it from a position: `for` (one sentence per member of each domain, a rules
expression, later domains may use earlier names), `if` (only when a rules expression holds),
`values` (a rules expression per placeholder, read only where `if` holds and checked knowing it,
or `@decider`, `@winners`, `@winner`, `@reason`, `@random_state`), `at` (only while play waits at
one of these steps), `over` (only once the game is over: `any`, `won` or `draw`), `always` (a
Then written after every move). `rulebook scenario` writes a position's Given steps in the
entries' order and states a move's changes as Then steps. The engine reads these as data: it
knows no game.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any, Optional

from rulebook.dsl.errors import Diagnostic, RulebookError
from rulebook.dsl.nodes import Span

from .patterns import Pattern, Pieces, fill_pattern


class PositionError(RulebookError):
    """An entry of `position:` that cannot be worked out on a position."""


@dataclass
class PositionEntry:
    given: Optional[tuple]  # (StepDef, Pattern) of the Given sentence, if any
    then: Optional[tuple]  # (StepDef, Pattern) of the Then sentence, if any
    each: dict  # name -> domain (rules text)
    condition: Optional[str]
    values: dict  # placeholder -> rules text or @special
    at: tuple = ()
    over: Optional[str] = None
    always: bool = False
    docstring_rows: int = 0
    span: Span = field(default_factory=lambda: Span("<position>", 0, 0))
    text_spans: dict = field(default_factory=dict)  # each rules text of the entry -> where it is written

    @property
    def starts_game(self) -> bool:
        return self.given is not None and any(name == "new_game" for name, _ in self.given[0].actions)


def read_position(data: list, vocabulary, located, problems: list) -> list:
    """The `position:` entries, each naming declared sentences (an unknown one is a problem)."""
    entries = []
    for i, raw in enumerate(data or []):
        span = located.span(("position", i))
        sentences = {}
        for keyword in ("given", "then"):
            if keyword in raw:
                found = _declared(vocabulary, keyword, raw[keyword])
                if found is None:
                    problems.append(Diagnostic(span, f"no declared {keyword.capitalize()} sentence "
                                                     f"'{raw[keyword]}' (write it as its entry in steps: writes it)"))
                sentences[keyword] = found
        at = raw.get("at", ())
        entries.append(PositionEntry(sentences.get("given"), sentences.get("then"), dict(raw.get("for") or {}),
                                     raw.get("if"), dict(raw.get("values") or {}),
                                     tuple([at] if isinstance(at, str) else at), raw.get("over"),
                                     bool(raw.get("always")), int(raw.get("docstring_rows", 0)), span,
                                     located.text_spans(raw, ("position", i))))
    return entries


def _declared(vocabulary, keyword: str, text: str) -> Optional[tuple]:
    for step in vocabulary.steps:
        if step.keyword == keyword:
            for pattern in step.patterns:
                if pattern.text == text:
                    return step, pattern
    return None


# ---------------------------------------------------------------- describing a position
@dataclass(frozen=True)
class Sentence:
    """One step as written: its keyword, text, docstring (or None), and the entry it came from."""

    keyword: str
    text: str
    docstring: Optional[str]
    entry: Any = field(compare=False, hash=False)


def describe(world, keyword: str, with_chance: bool = False, legal_move: Optional[str] = None) -> list[Sentence]:
    """The sentences of `keyword` ("given" or "then") that the position entries give for the
    world's state, in the entries' order; the one setting the random draws only `with_chance`;
    those naming `@legal_move` only when given one (and then only those)."""
    out: list[Sentence] = []
    if legal_move is not None:
        world = _Specials(world, {"@legal_move": legal_move})
    for entry in world.vocabulary.position:
        sentence = entry.given if keyword == "given" else entry.then
        if sentence is None or not _applies(world, entry):
            continue
        if not with_chance and "@random_state" in entry.values.values():
            continue
        if (legal_move is not None) != ("@legal_move" in entry.values.values()):
            continue
        step, pattern = sentence
        for bound in _combinations(world, entry, step):
            if entry.condition and not _evaluate(world, entry, step, entry.condition, bound):
                continue
            written = _write(world, entry, keyword, step, pattern, bound)
            if written is not None:
                out.append(written)
    return out


def _applies(world, entry: PositionEntry) -> bool:
    game, state = world.game, world.state
    over = game.is_terminal(state)
    if entry.over is not None:
        if not over:
            return False
        winners = game.winning_players(state)
        draw = not winners or len(winners) == game.player_count
        return entry.over == "any" or (entry.over == "draw") == draw
    if entry.at:
        if over:
            return False
        names = game.step_names
        at = state.data[2]
        return 0 <= at < len(names) and names[at] in entry.at
    return True


def _combinations(world, entry: PositionEntry, step) -> list[dict]:
    bound: list[dict] = [{}]
    for name, domain in entry.each.items():
        grown = []
        for values in bound:
            for item in _evaluate(world, entry, step, domain, values):
                grown.append(dict(values, **{name: item}))
        bound = grown
    return bound


def _evaluate(world, entry: PositionEntry, step, text: str, bound: dict, around: tuple = ("", "")) -> Any:
    """The value of the entry's rules `text`, written between `around`'s two texts, for the
    members `bound`."""
    if text.startswith("@"):
        return _special(world, text)
    params = {name: step.types[name] for name in bound if name in step.types}
    missing = [name for name in bound if name not in step.types]
    if missing:
        raise PositionError(f"{step.span}: '{missing[0]}' is not a typed placeholder of this sentence")
    where = entry.text_spans.get(text, entry.span)
    before, after = around
    fn = world.game.snippet(before + text + after, params, path=where.path, line=where.line,
                            column=max(1, where.column - len(before)))
    return fn(world.state, *[tuple(v) if isinstance(v, list) else v for v in (bound[n] for n in params)])


class _Specials:
    """A world with some @values given (for `@legal_move`)."""

    def __init__(self, world, values: dict):
        self._world, self.specials = world, values

    def __getattr__(self, name: str) -> Any:
        return getattr(self._world, name)


def _special(world, name: str) -> Any:
    if name in getattr(world, "specials", {}):
        return world.specials[name]
    game, state = world.game, world.state
    if name == "@decider":
        return game.current_player(state)
    winners = list(game.winning_players(state))
    teams = {game.team_of(p) for p in winners}
    if name == "@winners":  # more than one side won together
        return winners if len(teams) > 1 else None
    if name == "@winner":  # one side won (a team's first player stands for it)
        return winners[0] if len(teams) == 1 else None
    if name == "@reason":
        return game.result(state).reason if game.is_terminal(state) else ""
    if name == "@random_state":
        return state.rng
    raise PositionError(f"unknown value '{name}' (known: @decider, @winners, @winner, @reason, @random_state, "
                        "@legal_move)")


def _write(world, entry: PositionEntry, keyword: str, step, pattern: Pattern, bound: dict) -> Optional[Sentence]:
    """The sentence for one member of the entry's domains; None when a @value does not apply."""
    written = {}
    for placeholder in pattern.placeholders:
        if placeholder.name in bound:
            value = bound[placeholder.name]
        elif placeholder.name in entry.values:
            value = _value(world, entry, step, placeholder, entry.values[placeholder.name], bound)
            if value is None and entry.values[placeholder.name].startswith("@"):
                return None
        else:
            raise PositionError(f"{entry.span}: no value for '{{{placeholder.name}}}' of '{pattern.text}'")
        written[placeholder.name] = words_for(world, placeholder.type, value)
    docstring = None
    if step.docstring is not None:
        rule = entry.values.get(step.docstring.name)
        if rule is None:
            raise PositionError(f"{entry.span}: no value for the docstring '{{{step.docstring.name}}}'")
        value = _value(world, entry, step, step.docstring, rule, bound)
        docstring = docstring_words(world, step.docstring.type, value, entry.docstring_rows)
    return Sentence(keyword, fill_pattern(pattern.text, written), docstring, entry)


def _value(world, entry: PositionEntry, step, placeholder, rule: str, bound: dict) -> Any:
    """A placeholder's value. It is read only where the entry's `if` holds, so it is checked
    knowing that: `if: "at[p] != none"` lets `values: {x: "behind(at[p])"}` use `at[p]` as a
    value (rules text using a `T?` untested is an error)."""
    base, _, kind = placeholder.type.partition(":")
    before, after = "(", ")"
    if base == "pieces":  # a zone expression: its pieces, member by member
        before, after = "[(", f")[_member] for _member in {kind}]"
    if entry.condition:
        after += f" if ({entry.condition}) else none"
    value = _evaluate(world, entry, step, rule, bound, (before, after))
    return Pieces({m: c for m, c in enumerate(value) if c}) if base == "pieces" else value


# ---------------------------------------------------------------- values as words
def listing(items: list) -> str:
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def words_for(world, type_: str, value: Any) -> str:
    """A value as a placeholder of this type reads it back (patterns.read_value's inverse)."""
    base, _, arg = type_.partition(":")
    game = world.game
    if value is None:
        raise PositionError(f"no value to write as {type_}")
    if base in ("int", "word", "text"):
        return str(value)
    if base == "ints":
        return listing(list(value))
    if base == "player":
        return game.player_names[value]
    if base == "team":
        return game.team_names[value]
    if base in ("players", "names"):
        return listing([game.player_names[v] if isinstance(v, int) else v for v in value])
    if base == "kind":
        return world.vocabulary.kinds[arg][value]
    if base == "kinds":
        return listing([world.vocabulary.kinds[arg][v] for v in value])
    if base in ("node", "nodes"):
        board = game.layout.boards[arg]
        label = lambda node: board.labels[node - board.low]  # noqa: E731 - one line, used twice
        return label(value) if base == "node" else listing([label(v) for v in value])
    if base == "pieces":
        names = world.vocabulary.kinds[arg]
        if not value.counts:
            return "no " + world.vocabulary.piece_words(arg)[-1]
        return listing([_counted(world, arg, names[member], count) for member, count in sorted(value.counts.items())])
    raise PositionError(f"cannot write a value as {type_}")


def _counted(world, kind: str, name: str, count: int) -> str:
    """`2 owls` (a plural the vocabulary knows as a synonym), `cards 7 and 35` (not `1 7`)."""
    if count == 1:
        return name if name.isdigit() else f"1 {name}"
    plurals = [w for w, member in world.vocabulary.synonyms.get(kind, {}).items()
               if member.lower() == name.lower() and w.lower() in (name.lower() + "s", name.lower() + "es")]
    return f"{count} {plurals[0] if plurals else name}"


def docstring_words(world, type_: str, value: Any, rows: int) -> str:
    """A docstring placeholder's value: kind members as their shortest word, `rows` per line."""
    base, _, arg = type_.partition(":")
    if base != "kinds":
        return words_for(world, type_, value)
    names = world.vocabulary.kinds[arg]
    synonyms = world.vocabulary.synonyms.get(arg, {})
    short = [min([n] + [w for w, m in synonyms.items() if m.lower() == n.lower()], key=len) for n in names]
    words = [short[v].upper() if len(short[v]) == 1 else short[v] for v in value]
    per = rows or len(words)
    return "\n".join(" ".join(words[i:i + per]) for i in range(0, len(words), per))


def all_combinations(values: dict) -> list[dict]:
    """Every assignment of the candidates in values (name -> list), in order."""
    names = list(values)
    return [dict(zip(names, combo)) for combo in itertools.product(*(values[n] for n in names))]
