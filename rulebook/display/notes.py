"""Move notes: a shown text beside each legal move, saying what the move would do on this position.

A move's own text names only its choices (`advance 2`), so it reads the same anywhere and can be
typed back. What it means here — the square the piece would reach — depends on the position. A
display declaration may say it, per move text of the rules:

    moves:
      - move: "advance {n}"                           # a move text as the rules write it
        note: "reaches {step(at, n)}"                 # rules text; may use the move's names

(A game's own notes are its data: rules/<game>/display.yaml.)

The note is worked out like everything else a display shows: on states rebuilt from the deciding
player's view, twice over with different fillings of what it hides — a value resting on hidden
information is shown as `?`. Nothing here knows any game.
"""
from __future__ import annotations

import re
from typing import Any

from rulebook.dsl import nodes as n
from rulebook.dsl.errors import Diagnostic
from rulebook.dsl.types import element_of, show
from rulebook.interpreter.analysis.program_walk import program_nodes, span_key

_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def note_key(span: n.Span, number: int) -> tuple:
    """Where an option is written, as a decision's `choice_sources` names it."""
    return (span_key(span), number)


def text_key(parts: tuple) -> tuple:
    """A move text's shape: its literal pieces, each `{…}` as one placeholder."""
    return tuple(p if isinstance(p, str) else None for p in parts)


def pattern_key(pattern: str) -> tuple:
    """The shape of a move text as a display declaration writes it (`advance {n}`)."""
    pieces: list = []
    last = 0
    for m in _PLACEHOLDER.finditer(pattern):
        if m.start() > last:
            pieces.append(pattern[last:m.start()])
        pieces.append(None)
        last = m.end()
    if last < len(pattern):
        pieces.append(pattern[last:])
    return tuple(pieces)


def _options(program) -> list:
    """Every option of the rules with its place as a decision names it: (note_key, option)."""
    found = []
    for choose in program_nodes(program, n.Choose, n.UpTo):
        options = (choose.option,) if isinstance(choose, n.UpTo) else choose.options
        found.extend((note_key(choose.span, i), option) for i, option in enumerate(options))
    for action in program.actions.values():
        found.extend((note_key(action.span, i), option) for i, option in enumerate(action.options))
    return found


def compile_notes(c: Any, raw: list) -> dict:
    """The `moves:` entries of a declaration, each note compiled for every option of the rules
    written with its move text, with the names of that option's choices: note_key of the option →
    (note expression, how many values its moves carry). `c` is the declaration's compiler; a
    mistake is added to its errors."""
    program = c.game.program
    options = _options(program)
    notes: dict = {}
    for i, entry in enumerate(raw):
        where = ("moves", i)
        key = pattern_key(entry["move"])
        matching = [(place, option) for place, option in options
                    if option.label is not None and text_key(option.label.parts) == key]
        if not matching:
            c.errors.append(Diagnostic(c.span(where + ("move",)),
                                       f"no move of the rules is written '{entry['move']}'"))
            continue
        for place, option in matching:
            params = {b.var: show(element_of(program.type_of(b.domain))) for b in option.binders}
            note = c.text(entry["note"], params, where + ("note",))
            if note is not None:
                notes[place] = (note, len(option.binders))
    return notes
