"""Ephyran's scenario contract (issue 12): every sentence of ../shared/spec/ephyran-steps.md is known
to rules/ephyran/scenarios.yaml (each When in its "tries to" form too), and the scenarios in
features/ephyran cite every ruling Y1–Y44, each scenario at least one."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulebook.api import find_rules, load_program_for
from rulebook.scenarios.vocabulary import load_vocabulary

ROOT = Path(__file__).resolve().parent.parent
# The contract lives beside the project (../shared/spec), not in it: a checkout elsewhere skips
# the two tests that read it; the scenarios themselves run everywhere.
CONTRACT = next((p for p in (ROOT.parent / "shared" / "spec" / "ephyran-steps.md",
                             ROOT.parent.parent / "shared" / "spec" / "ephyran-steps.md") if p.is_file()), None)
needs_contract = pytest.mark.skipif(CONTRACT is None, reason="../shared/spec/ephyran-steps.md is not beside this checkout")
FEATURES = ROOT / "features" / "ephyran"
RULINGS = [f"Y{i}" for i in range(1, 45)]
# The base form of each verb a When sentence starts with (after its player), for "tries to".
BASE = {"adds": "add", "exchanges": "exchange", "discards": "discard", "recovers": "recover", "plays": "play",
        "keeps": "keep", "places": "place", "answers": "answer", "draws": "draw"}
SECOND_VERBS = {" and adds it ": " and add it ", " and puts ": " and put "}


def contract_sentences() -> list[tuple[str, str]]:
    """(keyword, sentence) for every line of the contract's Given, When and Then blocks."""
    if CONTRACT is None:
        return []
    text = CONTRACT.read_text(encoding="utf-8")
    found = []
    for keyword, body in re.findall(r"^## (Given|When|Then)\n\n```\n(.*?)```", text, re.S | re.M):
        for line in body.splitlines():
            line = re.sub(r"\s{2,}\(.*\)?\s*$", "", line).strip()
            if line.split(" ", 1)[0] in ("Given", "When", "Then"):  # not a comment's second line
                word, sentence = line.split(" ", 1)
                found.append((word.lower(), sentence))
    return found


def tries_form(sentence: str) -> str:
    player, verb, rest = sentence.split(" ", 2)
    for third, base in SECOND_VERBS.items():
        rest = rest.replace(third, base)
    return f"{player} tries to {BASE[verb]} {rest}"


@pytest.fixture(scope="module")
def vocabulary():
    folder = find_rules("ephyran")
    return load_vocabulary(folder, load_program_for(folder))


@needs_contract
def test_the_contract_is_read_whole() -> None:
    sentences = contract_sentences()
    assert len(sentences) > 100
    assert {k for k, _ in sentences} == {"given", "when", "then"}


@needs_contract
@pytest.mark.parametrize("keyword,sentence", contract_sentences(), ids=lambda v: v[:60])
def test_every_sentence_of_the_contract_is_known(vocabulary, keyword: str, sentence: str) -> None:
    found = vocabulary.find(keyword, sentence)
    is_try = " tries to " in sentence
    assert found is not None and found[2] == is_try, f"unknown: {keyword} {sentence}"
    words = sentence.split(" ")
    if keyword == "when" and len(words) > 2 and words[1] in BASE:
        tried = vocabulary.find("when", tries_form(sentence))
        assert tried is not None and tried[2] and tried[0] is found[0], f"no 'tries to' form: {sentence}"


def feature_steps() -> list[tuple[str, str]]:
    """(keyword, sentence) of every step of features/ephyran (And and But take the keyword before)."""
    steps, last = [], "given"
    for path in sorted(FEATURES.glob("*.feature")):
        for line in path.read_text(encoding="utf-8").splitlines():
            match = re.match(r"\s*(Given|When|Then|And|But)\s+(.*)", line)
            if match:
                keyword = match.group(1).lower()
                last = last if keyword in ("and", "but") else keyword
                steps.append((last, match.group(2)))
    return steps


@needs_contract
def test_the_scenarios_use_every_sentence_of_the_contract(vocabulary) -> None:
    used = set()
    for keyword, sentence in feature_steps():
        if "<" in sentence:  # a Scenario Outline's step, filled from its Examples
            continue
        found = vocabulary.find(keyword, sentence)
        assert found is not None, f"unknown step in features/ephyran: {keyword} {sentence}"
        used.add((id(found[0]), found[2]))
    unused = [f"{k} {s}" for k, s in contract_sentences()
              if (id(vocabulary.find(k, s)[0]), vocabulary.find(k, s)[2]) not in used]
    assert unused == []


def scenarios() -> list[tuple[str, str]]:
    """(feature file, scenario title) of every scenario of features/ephyran."""
    titles = []
    for path in sorted(FEATURES.glob("*.feature")):
        for line in path.read_text(encoding="utf-8").splitlines():
            match = re.match(r"\s*Scenario(?: Outline)?:\s*(.+)", line)
            if match:
                titles.append((path.name, match.group(1)))
    return titles


def test_every_ruling_is_cited_by_a_scenario_and_every_scenario_cites_one() -> None:
    titles = scenarios()
    assert len(titles) >= 45
    cited = {ruling for _, title in titles for ruling in re.findall(r"\bY\d+\b", title)}
    assert [r for r in RULINGS if r not in cited] == []
    assert cited <= set(RULINGS), f"unknown rulings cited: {sorted(cited - set(RULINGS))}"
    assert [t for t in titles if not re.search(r"\bY\d+\b", t[1])] == []
