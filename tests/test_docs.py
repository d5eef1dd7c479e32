"""Every ```rules example in docs/language.md is checked, so the language reference cannot rot.

- A block that starts with `game` and has a `flow:` is a complete program.
- A block whose first line starts with a declaration keyword is added to the common components
  (the reference's first ```rules block, which lists them for its readers), leaving out the
  component lines that declare a name the block declares; a flow that just ends the game is
  added unless the block has its own. A `replace …` block is a mod of the components.
- Any other block is statements, run in a flow after the components (with `p` the first player).
Every example must load and play a few short random games without any error. Blocks marked
```yaml file=NAME or ```json file=NAME are written beside every example: the reference's own
table and schema are what its examples use.
"""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from rulebook.dsl.errors import RulebookError
from rulebook.dsl.loader import load_program
from rulebook.dsl.program import Program
from rulebook.interpreter.game import Game

DOC = Path(__file__).resolve().parent.parent / "docs" / "language.md"
FENCE = re.compile(r"^```(\w+)([^\n]*)\n(.*?)^```", re.MULTILINE | re.DOTALL)

DECLARATION_WORDS = {"game", "players", "option", "require", "table", "teams", "names", "kind", "board",
                     "zone", "pile", "var", "value", "rule", "action", "code", "when", "invariant",
                     "setup", "score", "payoff", "position", "statistic", "die", "links"}

def blocks() -> list[tuple[int, str, str]]:
    """(line number, info string, text) of every fenced block in the reference."""
    text = DOC.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start()) + 1, (m.group(1) + m.group(2)).strip(), m.group(3))
            for m in FENCE.finditer(text)]


def harness() -> str:
    """The common components: the reference's first ```rules block (it lists them for readers)."""
    return next(text for _, info, text in blocks() if info == "rules")


def attached_files() -> dict[str, str]:
    """The files the reference shows with `file=NAME` (its example table and schema)."""
    files = {}
    for _, info, text in blocks():
        match = re.search(r"\bfile=(\S+)", info)
        if match:
            files[match.group(1)] = text
    return files


def declared_names(snippet: str) -> set[str]:
    """Names (and singletons such as `players`) that a declaration snippet declares."""
    names = set()
    for line in snippet.splitlines():
        match = re.match(r"(kind|zone|pile|var|value|rule|board|table|option|let|action)\s+(\w+)", line)
        if match:
            names.add(match.group(2))
        match = re.match(r"(game|players|teams)\b", line)
        if match:
            names.add(match.group(1))
    return names


def first_word(text: str) -> str:
    first = next((line for line in text.splitlines() if line.strip() and not line.startswith("#")), "")
    match = re.match(r"\w+", first)
    return match.group(0) if match else ""


def is_complete(text: str) -> bool:
    """A whole game of its own: it names the game and has a flow."""
    return first_word(text) == "game" and re.search(r"^flow:", text, re.MULTILINE) is not None


def harness_for(snippet: str) -> str:
    """A complete program around a snippet of declarations or of statements."""
    if first_word(snippet) in DECLARATION_WORDS:
        taken = declared_names(snippet)
        kept = [line for line in harness().splitlines() if declared_names(line).isdisjoint(taken)]
        flow = "" if re.search(r"^flow:", snippet, re.MULTILINE) else "\nflow:\n  end game\n"
        return "\n".join(kept) + "\n\n" + snippet + flow
    body = "".join("  " + line + "\n" if line.strip() else "\n" for line in snippet.splitlines())
    return harness() + "\nflow:\n  let p = players[0]\n" + body + "  end game\n"


# Examples that show correct rules the checker wrongly refuses today: text in the block -> why.
KNOWN_BUGS: dict[str, str] = {}


def example_params() -> list:
    params = []
    for line, info, text in blocks():
        if info != "rules":
            continue
        reasons = [reason for needle, reason in KNOWN_BUGS.items() if needle in text]
        marks = [pytest.mark.xfail(strict=True, reason=reasons[0])] if reasons else []
        params.append(pytest.param(text, id=f"line{line}", marks=marks))
    return params


def load_example(text: str, folder: Path) -> Program:
    """Write an example (wrapped if it is a snippet) with the reference's files; load it.
    A block starting with `replace` is a mod of a game made of the components alone."""
    game = folder / "game"
    game.mkdir()
    for name, content in attached_files().items():
        (game / name).write_text(content, encoding="utf-8")
    if first_word(text) == "replace":
        (game / "game.rules").write_text(harness_for(""), encoding="utf-8")
        mod = folder / "mod"
        mod.mkdir()
        (mod / "mod.yaml").write_text(f"name: example\ngame: {game}\ngame_version: '0'\n", encoding="utf-8")
        (mod / "mod.rules").write_text(text, encoding="utf-8")
        return load_program(game, [mod])
    program_text = text if is_complete(text) else harness_for(text)
    (game / "game.rules").write_text(program_text, encoding="utf-8")
    return load_program(game)


def test_reference_has_examples() -> None:
    assert len(example_params()) >= 45
    assert {"cards.yaml", "cards.schema.json"} <= set(attached_files())


@pytest.mark.parametrize("text", example_params())
def test_example_loads(text: str, tmp_path: Path) -> None:
    program = load_example(text, tmp_path)
    assert program.flow is not None


@pytest.mark.parametrize("text", example_params())
def test_example_plays(text: str, tmp_path: Path) -> None:
    """Every example also runs: a few random games of up to 300 moves, with no error at all."""
    game = Game(load_example(text, tmp_path))
    for seed in range(3):
        rng = random.Random(seed)
        try:
            state = game.new_initial_state(seed=seed)
            for _ in range(300):
                if game.is_terminal(state):
                    break
                game.apply(state, game.sample_move(state, rng))
        except RulebookError as err:  # a rules mistake in the example, said in its words
            pytest.fail(f"example failed while playing (seed {seed}): {err}")
