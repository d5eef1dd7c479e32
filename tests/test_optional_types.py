"""A `T?` (a value that may be none) used where a `T` is needed is a static error unless a none
test made it known present there (docs/language.md, "Values that may be none"; issue 14 item 1).

Each form that narrows has a case that must load and one that must be refused, so a form that
stops narrowing, or narrows where it should not, fails here."""
from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.dsl.errors import RulesError
from rulebook.dsl.loader import load_program
from rulebook.dsl.program import Program

HEADER = """game "Narrowing" version "1.0"
players 2..3
kind colour: red, blue
table cards: "cards.yaml" key name
kind card from cards
board ring: ring 4
zone bag: colour
pile deck: colour
var points[player]: int = 0
var leader: player? = none
var owner[ring]: player? = none
value top_owner() -> player? = best q in players by points[q]
value has_leader() -> bool = leader != none
rule reset():
  leader = none
"""
CARDS = "- name: Knight\n  bonus: 2\n- name: Bard\n"
SCHEMA = """{"type": "array", "items": {"type": "object", "required": ["name"],
  "properties": {"name": {"type": "string"}, "bonus": {"type": "integer"}}}}"""


def load(tmp_path: Path, flow: str, extra: str = "") -> Program:
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "game.rules").write_text(HEADER + extra + "flow:\n" + flow + "  end game\n")
    (tmp_path / "cards.yaml").write_text(CARDS)
    (tmp_path / "cards.schema.json").write_text(SCHEMA)
    return load_program(tmp_path)


def none_errors(tmp_path: Path, flow: str, extra: str = "") -> list[str]:
    try:
        load(tmp_path, flow, extra)
    except RulesError as err:
        return [d.message for d in err.diagnostics]
    return []


# (form, refused, accepted): each flow text is indented as a block of the flow.
FORMS = [
    ("a variable declared T?",
     "  points[leader] += 1\n",
     "  if leader != none:\n    points[leader] += 1\n"),
    ("the else branch of == none",
     "  if leader == none:\n    points[leader] += 1\n",
     "  if leader == none:\n    pass\n  else:\n    points[leader] += 1\n"),
    ("an elif after == none",
     "  if leader != none:\n    pass\n  elif points[leader] > 0:\n    pass\n",
     "  if leader == none:\n    pass\n  elif points[leader] > 0:\n    pass\n"),
    ("after a branch that ends the game",
     "  if leader == none:\n    log \"nobody\"\n  points[leader] += 1\n",
     "  if leader == none:\n    end game\n  points[leader] += 1\n"),
    ("after a branch that breaks out of a loop",
     "  loop:\n    if leader == none:\n      log \"nobody\"\n    points[leader] += 1\n    break\n",
     "  loop:\n    if leader == none:\n      break\n    points[leader] += 1\n    break\n"),
    ("an and chain",
     "  if leader == none and points[leader] > 1:\n    pass\n",
     "  if leader != none and points[leader] > 1:\n    pass\n"),
    ("an or chain",
     "  if leader != none or points[leader] > 1:\n    pass\n",
     "  if leader == none or points[leader] > 1:\n    pass\n"),
    ("not",
     "  if not (leader == none):\n    pass\n  else:\n    points[leader] += 1\n",
     "  if not (leader == none):\n    points[leader] += 1\n"),
    ("a conditional expression",
     "  let n = 0 if leader != none else points[leader]\n",
     "  let n = points[leader] if leader != none else 0\n"),
    ("a comprehension's where",
     "  let n = sum(points[owner[i]] for i in nodes(ring))\n",
     "  let n = sum(points[owner[i]] for i in nodes(ring) where owner[i] != none)\n"),
    ("a choice's where, for the rest of the block",
     "  choose i in nodes(ring) where owner[i] == none\n  points[owner[i]] += 1\n",
     "  choose i in nodes(ring) where owner[i] != none\n  points[owner[i]] += 1\n"),
    ("a menu option's where",
     "  choose:\n    option \"a\" where leader == none:\n      points[leader] += 1\n"
     "    option \"b\":\n      pass\n",
     "  choose:\n    option \"a\" where leader != none:\n      points[leader] += 1\n"
     "    option \"b\":\n      pass\n"),
    ("an assignment of a value",
     "  leader = none\n  points[leader] += 1\n",
     "  leader = players[0]\n  points[leader] += 1\n"),
    ("both branches of an if giving it a value",
     "  if leader == none:\n    log \"nobody\"\n  else:\n    leader = none\n  points[leader] += 1\n",
     "  if leader == none:\n    leader = players[0]\n  points[leader] += 1\n"),
    ("a rule call forgets what it may change",
     "  if leader != none:\n    reset()\n    points[leader] += 1\n",
     "  let l = leader\n  if l != none:\n    reset()\n    points[l] += 1\n"),
    ("a loop forgets what its body changes",
     "  if leader != none:\n    repeat 2:\n      points[leader] += 1\n      leader = none\n",
     "  if leader != none:\n    repeat 2:\n      points[leader] += 1\n"),
    ("a while condition, and its failure after the loop",
     "  while leader != none:\n    leader = none\n  points[leader] += 1\n",
     "  while leader == none:\n    leader = players[0]\n  points[leader] += 1\n"),
    ("equality with a value that is never none",
     "  if leader != players[0]:\n    points[leader] += 1\n",
     "  if leader == players[0]:\n    points[leader] += 1\n"),
    ("membership of a list of values",
     "  if leader not in players:\n    points[leader] += 1\n",
     "  if leader in players:\n    points[leader] += 1\n"),
    ("best, which gives none on a tie",
     "  let q = best r in players by points[r]\n  points[q] += 1\n",
     "  let q = best r in players by points[r]\n  if q != none:\n    points[q] += 1\n"),
    ("a value's call, read through its body",
     "  if not has_leader():\n    points[leader] += 1\n",
     "  if has_leader():\n    points[leader] += 1\n"),
    ("a value returning T?",
     "  points[top_owner()] += 1\n",
     "  if top_owner() != none:\n    points[top_owner()] += 1\n"),
    ("top() of a pile, and a count of the pile",
     "  put 1 red into deck\n  let c = top(deck)\n  move c from deck to bag\n",
     "  put 1 red into deck\n  if count(deck) > 0:\n    let c = top(deck)\n    move c from deck to bag\n"),
    ("a pick that may find nothing (and one that always finds a value)",
     "  pick q in players where points[q] > 0\n  points[q] += 1\n",
     "  pick q in players\n  points[q] += 1\n"),
    ("an optional choice",
     "  choose q in players optional\n  points[q] += 1\n",
     "  choose q in players optional\n  if q != none:\n    points[q] += 1\n"),
    ("a table column some row leaves empty",
     "  for c in card:\n    points[players[0]] += c.bonus\n",
     "  for c in card:\n    if c.bonus != none:\n      points[players[0]] += c.bonus\n"),
    ("a turn block keeps what its body made known",
     "  turn players[0]:\n    leader = none\n  points[leader] += 1\n",
     "  turn players[0]:\n    leader = players[1]\n  points[leader] += 1\n"),
]


@pytest.mark.parametrize("form, refused, accepted", FORMS, ids=[f[0] for f in FORMS])
def test_each_form_narrows_where_it_should_and_only_there(tmp_path: Path, form: str, refused: str,
                                                          accepted: str) -> None:
    assert none_errors(tmp_path / "accepted", accepted) == []
    errors = none_errors(tmp_path / "refused", refused)
    assert errors and all("may be none" in e for e in errors), errors


def test_the_message_names_the_expression_what_is_wanted_and_the_test(tmp_path: Path) -> None:
    with pytest.raises(RulesError) as raised:
        load(tmp_path, "  points[owner[2]] += 1\n")
    [diagnostic] = raised.value.diagnostics
    assert diagnostic.message == ("an index of 'points' must be player, but 'owner[2]' may be none (it is player?); "
                                  "test it first, e.g. 'if owner[2] != none:'")
    assert (diagnostic.span.line, diagnostic.span.column) == (HEADER.count("\n") + 2, 10)


@pytest.mark.parametrize("flow, message", [
    ("  let p = players[0]\n  points[p] = none\n", "the value given to 'points' must be a value, not none"),
    ("  let xs = [leader]\n  end game winners xs\n",
     "winners must be a list of teams or players, not list of player? (an item may be none: test it first)"),
])
def test_none_itself_and_lists_that_may_hold_none(tmp_path: Path, flow: str, message: str) -> None:
    assert message in none_errors(tmp_path, flow)


def test_none_fits_where_a_t_or_none_is_wanted(tmp_path: Path) -> None:
    """Assigning none, comparing with none, showing it, passing it on as a T?: no error."""
    extra = "value named(q: player?) -> bool = q != none\n"
    assert none_errors(tmp_path, "  leader = none\n  owner[1] = leader\n  log \"{leader}\"\n"
                                 "  let known = named(leader)\n  let same = leader == owner[1]\n", extra) == []


def test_the_engine_sees_the_types_without_the_question_mark(tmp_path: Path) -> None:
    """Program.types keeps the engine's view: `player?` is recorded as player."""
    program = load(tmp_path, "  let q = best r in players by points[r]\n  log \"{q}\"\n")
    assert "opt" not in repr(sorted(set(map(repr, program.types.values()))))
    assert program.symbols["leader"].type == "player"


def test_every_shipped_game_and_toy_game_loads(root: Path) -> None:
    """The check found nothing left unguarded in the shipped rules (their guards are in place)."""
    folders = [root / "rules" / g for g in ("eriantys", "septachroma", "ephyran", "edenia")]
    folders += sorted(p for p in (root / "tests" / "games").iterdir() if (p / "game.rules").is_file())
    for folder in folders:
        load_program(folder)
