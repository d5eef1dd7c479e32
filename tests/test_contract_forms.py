"""The four scenario contracts, read in full (issue 25, item 7): every sentence form their general
rules allow is read by the real step library as the sentence it varies.

From each printed example, `contract_forms` writes the other forms (pronouns, "tries to" with the
base form, counts in the singular and plural and as a/an/one/no, each list cut to one item, and in
Ephyran a Dionysus wherever a card is named) by rules of English of its own. Each form must be a
known sentence of the same vocabulary entry (a count of none may have an entry of its own: `has no
token`), its "tries to" form must record a refusal, and its words must read into the game's values
— in a 4-player game (2 for Septachroma) between Leo, Lisa, Max and Mia.

Then the points the issue names, played for real: a Dionysus named alone, the Graeae's keep-and-put
that must name every drawn card, and a list of one path in Edenia.
"""
from __future__ import annotations

import pytest

from contract_forms import CONTRACTS, GAMES, Form, case_forms, count_forms, counted_nouns, dionysus_forms, \
    list_forms, printed, pronoun_forms, side_forms, tries_form
from rulebook.scenarios.patterns import ALONE, PatternError, read_value
from rulebook.scenarios.world import ScenarioFailure
from test_scenario_lists import LIST_TYPES, new_world, refuses, run

needs_contracts = pytest.mark.skipif(CONTRACTS is None, reason="../shared/spec is not beside this checkout")

START = {"eriantys": "a 4-player expert game with teams Leo and Lisa against Max and Mia",
         "septachroma": "a game of Septachroma between Leo and Lisa",
         "ephyran": "a game of Ephyran between Leo, Lisa, Max and Mia",
         "edenia": "a game of Edenia between Leo, Lisa, Max and Mia"}
NO_TRIES = ("does not answer", "nobody answers")  # the contract gives these no "tries to" form

# Forms the general rules do not reach, and why.
NOT_FORMS = {
    ("list of one", "teams"): "a team has two players (E2)",
    ("list of one", "one group"): "a group joins two islands or more",
    ("list of one", "are separate"): "separate compares two islands or more",
}


def _excluded(rule: str, example: str) -> bool:
    return any(rule.startswith(kind) and words in example for (kind, words) in NOT_FORMS)


def _list_spans(vocabulary, keyword: str, sentence: str) -> list[tuple[int, int]]:
    """Where the sentence's list placeholders (and texts that list things) stand in it."""
    step, _, _ = vocabulary.find(keyword, sentence)
    for pattern in step.patterns + step.tries:
        found = pattern.regex.fullmatch(sentence)
        if found is None:
            continue
        spans = []
        for placeholder in pattern.placeholders:
            base = placeholder.type.partition(":")[0]
            for group in (placeholder.name, placeholder.name + ALONE):
                words = found.groupdict().get(group)
                if words and (base in LIST_TYPES or (base == "text" and " and " in words)):
                    spans.append(found.span(group))
        return spans
    return []


def forms_of(game: str, vocabulary) -> list[Form]:
    counted = counted_nouns()
    out = []
    for keyword, sentence in printed(game):
        out.append(Form(keyword, sentence, "printed", sentence, " tries to " in sentence.lower()))
        if vocabulary.find(keyword, sentence) is None:
            continue  # reported as a printed sentence not known
        varied = [("pronoun", s) for s in pronoun_forms(sentence)] + count_forms(sentence, counted) \
            + [("list of one", s) for s in list_forms(sentence, _list_spans(vocabulary, keyword, sentence))]
        if game == "ephyran":
            varied += [("Dionysus", s) for s in dionysus_forms(sentence)]
        varied += [("case", s) for s in case_forms(sentence)] + [("side", s) for s in side_forms(game, sentence)]
        varied = [(rule, s) for rule, s in varied if not _excluded(rule, sentence)]
        out += [Form(keyword, s, rule, sentence, " tries to " in s.lower()) for rule, s in varied]
        if keyword == "when" and " tries to " not in sentence and not any(n in sentence for n in NO_TRIES):
            out.append(Form(keyword, tries_form(sentence), "tries", sentence, True))
            out += [Form(keyword, tries_form(s), rule + " + tries", sentence, True) for rule, s in varied
                    if rule != "case"]
            out += [Form(keyword, s, "case + tries", sentence, True) for s in case_forms(tries_form(sentence))]
    return out


def _read(world, found) -> None:
    step, captured, _ = found
    for pattern in step.patterns + step.tries:
        for placeholder in pattern.placeholders:
            if captured.get(placeholder.name) is not None:
                read_value(placeholder, captured[placeholder.name], world)


@needs_contracts
@pytest.mark.parametrize("game", GAMES)
def test_every_form_of_every_contract_sentence_is_read(game: str) -> None:
    world = run(game, [f"Given {START[game]}"])
    vocabulary = world.vocabulary
    forms = forms_of(game, vocabulary)
    assert len(forms) > 1.5 * len(printed(game))  # the rules above wrote forms for most sentences
    failures = []
    for form in forms:
        found = vocabulary.find(form.keyword, form.sentence)
        said = f"[{form.rule}] {form.keyword.capitalize()} {form.sentence}"
        if form.sentence != form.example:
            said += f"\n      (from: {form.example})"
        if found is None:
            failures.append(f"unknown {said}")
            continue
        original = vocabulary.find(form.keyword, form.example)
        other_entry_allowed = form.rule.startswith(("count", "article", "Dionysus"))
        if original is not None and found[0] is not original[0] and not other_entry_allowed:
            failures.append(f"read as another sentence ({found[0].patterns[0].text}): {said}")
        if found[2] != form.tries:
            failures.append(f"{'no' if form.tries else 'a'} 'tries to' reading: {said}")
        try:
            _read(world, found)
        except (ScenarioFailure, PatternError) as err:
            failures.append(f"words not read ({err}): {said}")
    assert not failures, f"{len(failures)} of {len(forms)} forms fail:\n  " + "\n  ".join(failures)


def test_the_forms_follow_the_general_rules() -> None:
    """The writer of forms itself: base forms, counts both ways, lists of one, a Dionysus."""
    assert tries_form("Leo recovers the Dionysus on Lisa's lagoon 3 with card 53 and adds it as forest 2") \
        == "Leo tries to recover the Dionysus on Lisa's lagoon 3 with card 53 and add it as forest 2"
    assert tries_form("Leo goes straight on") == "Leo tries to go straight on"
    assert tries_form("Leo teleports sheep 1 to d4") == "Leo tries to teleport sheep 1 to d4"
    counted = {"clover", "clovers"}
    forms = {s for _, s in count_forms("Leo has 3 clovers", counted)}
    assert forms == {"Leo has 1 clover", "Leo has a clover", "Leo has one clover", "Leo has 2 clovers",
                     "Leo has 0 clovers", "Leo has no clovers"}
    assert {s for _, s in count_forms("Leo has no clovers", counted)} == {"Leo has 0 clovers"}
    assert list_forms("Edenia holds Trifolium 12, 10 and 9", [(21, 35)]) == ["Edenia holds Trifolium 12"]
    assert list_forms("Leo may take the east star and south meteorite paths", [(17, 46)]) \
        == ["Leo may take the east star path"]
    assert dionysus_forms("Leo holds card 17") == ["Leo holds a Dionysus", "Leo holds Dionysus"]
    assert pronoun_forms("Leo discards his lagoon 2") == ["Leo discards her lagoon 2", "Leo discards their lagoon 2"]


# ---------------------------------------------------------------- the points of the issue, played
EPHYRAN = "Given a game of Ephyran between Leo and Lisa"


@pytest.mark.parametrize("alone", ["a Dionysus", "Dionysus"])
def test_a_dionysus_stands_wherever_one_card_is_named(alone: str) -> None:
    """Ephyran's Words: `Dionysus` or `a Dionysus` in every step that names one card or a list."""
    world = run("ephyran", [EPHYRAN, f"Given Leo's hand is {alone}", f"Then Leo holds {alone}",
                            f"Then Leo's hand is {alone}", "Then Leo has 1 card in his hand",
                            f"Then Leo sees {alone} in his hand", f"Given Leo's forest is {alone}",
                            f"Then Leo's forest is {alone}", "Then Leo's forest 1 is a Dionysus",
                            f"Given the discard pile is {alone}", f"Then the top card of the discard pile is {alone}",
                            f"Then the discard pile is {alone}", "Given Leo's hand is card 17 and Dionysus",
                            "Then Leo's hand is card 17 and Dionysus", "Then Leo's hand is cards Dionysus and 17",
                            f"When Leo tries to answer with {alone}", "Then the move is rejected",
                            "Then nothing has changed"])
    refuses(world, "Then Leo holds card 18")
    refuses(world, f"Then the top card of the draw pile is {alone}")
    refuses(world, "Then Leo does not hold a Dionysus")


GRAEAE = [EPHYRAN, "Given Leo's hand is cards 2 and 17", "Given the top of the draw pile is cards 33, 49 and 5",
          "When Leo plays card 2 as the Graeae", "Then Leo is to keep a card"]


@pytest.mark.parametrize("fewer", ["keep card 33", "keep card 33 and put card 49 on the discard pile",
                                   "keep card 33 and put cards 5 and 5 on the discard pile",
                                   "keep card 33 and put cards 5, 49 and 17 on the discard pile"])
def test_the_graeae_keep_and_put_names_every_drawn_card(fewer: str) -> None:
    """Y25: one kept, all the others put; naming fewer, more or others is refused, atomically."""
    world = run("ephyran", GRAEAE + [f"When Leo tries to {fewer}", "Then the move is rejected",
                                     "Then nothing has changed", "Then Leo is to keep a card"])
    step, captured, _ = world.vocabulary.find("when", "Leo " + fewer.replace("keep ", "keeps ", 1)
                                              .replace(" put ", " puts "))
    with pytest.raises(ScenarioFailure, match="refused"):  # the plain When fails the scenario, clearly
        world.run_step(step, captured, False)
    run("ephyran", GRAEAE + ["When Leo keeps card 33 and puts cards 49 and 5 on the discard pile",
                             "Then Leo holds card 33", "Then the top card of the discard pile is card 5"])


def test_naming_fewer_cards_than_the_graeae_drew_says_which_are_left() -> None:
    world = run("ephyran", GRAEAE)
    step, captured, _ = world.vocabulary.find("when", "Leo keeps card 33 and puts card 49 on the discard pile")
    with pytest.raises(ScenarioFailure, match=r"the Graeae drew card 5 too: a keep-and-put names every card"):
        world.run_step(step, captured, False)


def test_a_list_of_one_path_is_read_and_compared_exactly() -> None:
    """Edenia's `Then Leo may take the north star path` (a list of one: exactly this one)."""
    world = run("edenia", ["Given a game of Edenia between Leo and Lisa", "Given tile S1 lies on b1",
                           "Given the deck is empty", "When Leo moves sheep 1 by the east meteorite path",
                           "Then Leo may take the east star and south meteorite paths"])
    with pytest.raises(ScenarioFailure, match="Leo may take: takes the east star path; takes the south meteorite"):
        world.run_step(*world.vocabulary.find("then", "Leo may take the east star path"))


def test_members_that_stand_alone_must_be_members_of_a_known_kind(tmp_path) -> None:
    """`alone:` names a kind and its members; a mistake is placed in the vocabulary file, once."""
    from rulebook import api
    from rulebook.dsl.errors import RulesError
    from rulebook.scenarios.vocabulary import load_vocabulary

    extra = tmp_path / "more.yaml"
    extra.write_text("alone:\n  cards: [Dionysus]\n  card: [Dionysus, Zeus]\n", encoding="utf-8")
    folder = api.find_rules("ephyran").resolve()
    with pytest.raises(RulesError) as caught:
        load_vocabulary(folder, api.load_program_for(folder), [extra])
    said = str(caught.value)
    assert "more.yaml:2:10: unknown kind 'cards'" in said and said.count("unknown kind") == 1
    assert "more.yaml:3:20: no card called 'Zeus'" in said
