"""Which declared sentence plays a given move: the inverse of a step's `play`.

A step whose `play` is one move text (`piece {colour} -> node {group(node)}`) can say a move
of that shape. Its placeholders are read back from the move's text where the template names them,
tried over their type's members where it only uses them in an expression (`group(node)`), and
the sentence so written is run on a copy of the world: it is the move's sentence only if it leaves
exactly the state the move itself leaves.
"""
from __future__ import annotations

import re
from typing import Iterator, Optional

from rulebook.dsl.errors import RulebookError

from .patterns import PatternError, fill_pattern, read_value
from .position import PositionError, all_combinations, words_for

_BRACED = re.compile(r"(\{[^{}]+\})")
_NAME = re.compile(r"\{(\w+)\}")
MAX_TRIES = 4000


def copy_world(world, state=None):
    from .world import World

    return World(world.rules, world.program, world.vocabulary, game=world.game,
                 state=(state if state is not None else world.state).copy(), mods=world.mods)


def same_position(a, b) -> bool:
    return (a.data == b.data and a.frames == b.frames and a.decision == b.decision and a.decider == b.decider
            and a.mods == b.mods and a.allows == b.allows and a.result == b.result and a.rng == b.rng)


def sentence_for_move(world, keyword: str, move_text: str) -> Optional[str]:
    """A `keyword` sentence that plays exactly `move_text` at the world's state, or None."""
    game = world.game
    expected, failure = world.state.copy(), None
    try:
        game.apply(expected, game.parse_move(expected, move_text))
    except RulebookError as err:  # a move that makes the rules fail: its sentence must fail alike
        failure = str(err)
    for step in world.vocabulary.steps:
        if step.keyword != keyword:
            continue
        template = _single_move(step)
        if template is None:
            continue
        captured = _match(template, move_text)
        if captured is None:
            continue
        wanted = " ".join(move_text.split())
        for sentence, values in _sentences(world, step, captured, move_text):
            try:  # the move these values make of the template: it must be this move
                made = " ".join(world.format(step, template, values).split())
            except (AssertionError, RulebookError, KeyError, IndexError, TypeError):
                continue
            if made != wanted:
                continue
            found = world.vocabulary.find(keyword, sentence)
            if found is None or found[0] is not step:
                continue
            trial = copy_world(world)
            try:
                trial.run_step(found[0], found[1], False)
            except (AssertionError, RulebookError) as err:
                if failure is not None and failure in str(err):
                    return sentence
                continue
            if failure is None and same_position(trial.state, expected):
                return sentence
    return None


def _single_move(step) -> Optional[str]:
    """The step's move template when it plays exactly one move and does nothing else."""
    actions = [(name, arg) for name, arg in step.actions if name not in ("expect",)]
    if len(actions) != 1 or actions[0][0] != "play":
        return None
    moves = actions[0][1]
    moves = moves if isinstance(moves, list) else [moves]
    if len(moves) != 1:
        return None
    move = moves[0]
    if isinstance(move, dict):
        if move.get("each") or move.get("if_legal"):
            return None
        move = move["move"]
    return move if isinstance(move, str) else None


def _match(template: str, text: str) -> Optional[dict]:
    """The template's `{name}` parts read off the move's text ({expressions} match anything)."""
    parts, names = [], []
    for piece in _BRACED.split(template):
        if _BRACED.fullmatch(piece):
            simple = _NAME.fullmatch(piece)
            if simple and simple.group(1) not in names:
                names.append(simple.group(1))
                parts.append(f"(?P<{simple.group(1)}>.+?)")
            else:
                parts.append("(?:.+?)")
        else:
            parts.append(r"\s+".join(re.escape(word) for word in piece.split(" ")))
    found = re.fullmatch("".join(parts), " ".join(text.split()), re.IGNORECASE)
    return None if found is None else found.groupdict()


def _sentences(world, step, captured: dict, move_text: str) -> Iterator[tuple]:
    pattern = step.patterns[0]
    candidates: dict = {}
    for placeholder in pattern.placeholders:
        found = None
        if placeholder.name in captured:
            try:
                found = [read_value(placeholder, captured[placeholder.name], world)]
            except (PatternError, AssertionError, RulebookError):
                pass  # the move may name it as the game does (`card 12`), the sentence by its word (`12`)
        if found is None:
            found = _members(world, step, placeholder, move_text)
            if found is not None and placeholder.name in captured:
                found = _named_within(world, placeholder, found, captured[placeholder.name])
        if found is None:
            return
        candidates[placeholder.name] = found
    for n, values in enumerate(all_combinations(candidates)):
        if n >= MAX_TRIES:
            return
        try:
            yield fill_pattern(pattern.text, {name: words_for(world, placeholder.type, values[name])
                                              for placeholder in pattern.placeholders
                                              for name in [placeholder.name]}), values
        except (PositionError, IndexError, KeyError, TypeError):
            continue


def _named_within(world, placeholder, members: list, words: str) -> list:
    """The members of a kind whose sentence word is one of the words the move names it with."""
    base, _, kind = placeholder.type.partition(":")
    if base != "kind":
        return members
    names = world.vocabulary.kinds[kind]
    return [m for m in members if re.search(rf"(?<!\w){re.escape(names[m])}(?!\w)", words, re.IGNORECASE)]


def _members(world, step, placeholder, move_text: str) -> Optional[list]:
    """What a placeholder the move's text does not name may be: the decider for a player, every
    member of its kind, node of its board, or a number the text shows."""
    game, base = world.game, placeholder.type.partition(":")[0]
    arg = placeholder.type.partition(":")[2]
    if base == "player":
        return [game.current_player(world.state)] + [p for p in range(game.player_count)
                                                     if p != game.current_player(world.state)]
    if base == "team":
        return list(range(len(game.team_names)))
    if base == "kind":
        return list(range(len(world.vocabulary.kinds[arg])))
    boards = game.layout.boards
    board = arg if base == "node" else step.types.get(placeholder.name) if base == "int" else None
    if board in boards:
        return list(boards[board].nodes)
    if base == "int":
        return sorted({int(n) for n in re.findall(r"\d+", move_text)} | set(range(0, 13)))
    return None
