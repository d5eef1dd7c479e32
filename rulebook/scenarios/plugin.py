"""The scenario step library: a pytest plugin for pytest-bdd whose sentences come from data.

It registers one catch-all step for each of Given, When and Then; the sentence is matched
against the vocabulary (`scenarios.yaml`) of the game the feature file is for — its `@game:NAME`
tag, or the default game named in `rules/games.yaml`. A new game's or a mod's sentences need no
Python. Enable it with `-p rulebook.scenarios.plugin` or `pytest_plugins` in a conftest.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Optional

import pytest
import yaml
from pytest_bdd import given, parsers, then, when

from rulebook.dsl.errors import RulebookError, RulesError, did_you_mean

from .. import api
from ..api import MANIFEST
from ..coverage.session import CoverageSession, find_session
from .vocabulary import VOCABULARY_FILE, load_vocabulary
from .world import ScenarioFailure, World

GAME_TAG = "game:"
DEFAULTS_FILE = "games.yaml"


def pytest_addoption(parser) -> None:
    group = parser.getgroup("rulebook", "Rulebook scenarios")
    group.addoption("--rulebook-game", action="append", default=[], metavar="NAME=PATH",
                    help="use the rules at PATH for @game:NAME (repeatable); a bare PATH replaces the default game")
    group.addoption("--rulebook-mod", action="append", default=[], metavar="PATH",
                    help="a mod to layer over every game (repeatable, in order); its scenarios.yaml adds sentences")
    group.addoption("--rulebook-vocabulary", action="append", default=[], metavar="FILE",
                    help="an extra scenario vocabulary file to add to every game's (repeatable)")
    group.addoption("--rulebook-quick-build", action="store_true", default=False,
                    help="build games without the optimising passes: the same games, built several times faster")
    group.addoption("--rulebook-trace", action="store_true", default=False,
                    help="build games for tracing: a failing step shows the rules the When's moves ran")
    group.addoption("--rulebook-coverage", action="store_true", default=False,
                    help="report which rules, branches, choices and table rows the scenarios reached")
    group.addoption("--rulebook-coverage-html", metavar="DIR", default=None,
                    help="also write the rules files, reached and missed lines marked, as HTML pages in DIR")


def pytest_configure(config) -> None:
    wanted = config.getoption("--rulebook-coverage") or config.getoption("--rulebook-coverage-html")
    if wanted and find_session(config) is None:
        session = CoverageSession(config.getoption("--rulebook-coverage-html"), report_in_summary=True)
        config.pluginmanager.register(session, "rulebook-coverage")


def default_game() -> str:
    """Which game a feature file without a @game: tag is for: configuration in rules/games.yaml."""
    path = api.shipped_games_folder() / DEFAULTS_FILE
    try:
        return str(yaml.safe_load(path.read_text(encoding="utf-8"))["default_scenario_game"])
    except (OSError, KeyError, TypeError, yaml.YAMLError) as err:
        raise RulebookError(f"{path}: cannot read the default scenario game ({err})") from None


@lru_cache(maxsize=16)
def _loaded(folder: str, extra: tuple, mods: tuple = ()) -> tuple:
    program = api.load_program_for(folder, mods)
    own = [Path(m) / VOCABULARY_FILE for m in mods]  # a mod may add sentences, or not
    vocabularies = [p for p in own if p.is_file()] + [Path(p) for p in extra]
    return program, load_vocabulary(Path(folder), program, vocabularies)


def _rules_for(config, tags: set) -> Path:
    names = [t[len(GAME_TAG):] for t in tags if t.startswith(GAME_TAG)]
    name = names[0] if names else default_game()
    for mapping in config.getoption("--rulebook-game") or []:
        key, sep, path = mapping.partition("=")
        if not sep and not names:
            return Path(mapping)
        if sep and key == name:
            return Path(path)
    return api.find_rules(name)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A scenario that fails says why in the game's words: no Python traceback for it."""
    outcome = yield
    report = outcome.get_result()
    if call.excinfo is not None and call.excinfo.errisinstance(ScenarioFailure):
        report.longrepr = str(call.excinfo.value)


def pytest_bdd_apply_tag(tag: str, function) -> Optional[bool]:
    if tag.startswith(GAME_TAG):
        return True  # which game a feature is for: read by this plugin, not a pytest marker
    return None


def pytest_bdd_before_scenario(request, feature, scenario) -> None:
    request.node._rulebook_tags = set(feature.tags) | set(scenario.tags)
    request.node._rulebook_place = f"{feature.filename}:{scenario.line_number}: "


def pytest_bdd_before_step(request, feature, scenario, step, step_func) -> None:
    request.node._rulebook_step = (feature.filename, step.line_number, step.keyword.strip(), step.name)
    request.node._rulebook_docstring = step.docstring


@pytest.fixture
def rulebook_world(request) -> World:
    tags = getattr(request.node, "_rulebook_tags", set())
    extra = tuple(request.config.getoption("--rulebook-vocabulary") or [])
    try:
        folder = _rules_for(request.config, tags)
        mods = tuple(str(Path(m).resolve()) for m in request.config.getoption("--rulebook-mod") or [])
        program, vocabulary = _loaded(str(folder.resolve()), extra, mods)
    except RulesError as err:
        raise ScenarioFailure("the rules or their vocabulary do not load:\n" + str(err)) from None
    except RulebookError as err:  # a game not found, a vocabulary file not there
        place = getattr(request.node, "_rulebook_place", "")
        raise ScenarioFailure(f"{place}the rules or their vocabulary do not load: {err}") from None
    session = find_session(request.config)
    return World(folder, program, vocabulary, mods=mods, coverage=session.coverage if session else None,
                 optimised=not request.config.getoption("--rulebook-quick-build"),
                 tracing=request.config.getoption("--rulebook-trace"))


def _dispatch(request, world: World, keyword: str, sentence: str) -> None:
    found = world.vocabulary.find(keyword, sentence)
    where = getattr(request.node, "_rulebook_step", None)
    place = f"{where[0]}:{where[1]}: " if where else ""
    if found is None:
        unknown = world.vocabulary.unknown_names(keyword, sentence)
        if unknown:
            raise ScenarioFailure(f"{place}unknown step: {keyword.capitalize()} {sentence}\n"
                                  + _unknown_names(unknown, world, where[0] if where else None))
        closest = world.vocabulary.closest(keyword, sentence)
        hint = "".join(f"\n    {keyword.capitalize()} {c}" for c in closest)
        raise ScenarioFailure(f"{place}unknown step: {keyword.capitalize()} {sentence}\n  closest known:{hint}")
    step, captured, tries = found
    try:
        world.run_step(step, captured, tries, getattr(request.node, "_rulebook_docstring", None))
    except ScenarioFailure as err:
        raise ScenarioFailure(f"{place}{keyword.capitalize()} {sentence}\n  {err}{_traces(world, keyword)}") from None
    except RulebookError as err:
        raise ScenarioFailure(f"{place}{keyword.capitalize()} {sentence}\n  {err}") from None


def _traces(world: World, keyword: str) -> str:
    """Under --trace, after a failing Then: what each move of the When ran."""
    if keyword != "then" or not world.traces:
        return ""
    parts = []
    for move, lines in world.traces:
        parts.append(f"\n  the When's move '{move}' ran:" + "".join(f"\n    {line}" for line in lines))
    return "".join(parts)


def _unknown_names(unknown: list, world: World, feature: Optional[str]) -> str:
    """Which names of a sentence the game does not have, and, since they often come from a mod,
    how to load it: the mod folder the feature file lies in, if it is one not loaded."""
    lines = [f"  '{name}' is not a {kind} of {world.program.title}"
             f"{did_you_mean(name, world.vocabulary.kind_words(kind))}" for kind, name in unknown]
    mod = _mod_folder_of(Path(feature)) if feature else None
    if mod is not None and str(mod) not in world.mods:
        lines.append(f"  the feature file is in the mod folder {mod}: run with --mod {mod}")
    else:
        lines.append("  if it comes from a mod, load the mod with --mod PATH")
    return "\n".join(lines)


def _mod_folder_of(path: Path) -> Optional[Path]:
    """The nearest folder holding a mod's manifest around a feature file, if any."""
    for folder in path.resolve().parents:
        if (folder / MANIFEST).is_file():
            return folder
    return None


@given(parsers.re(r"(?P<sentence>.+)"))
def _given(request, rulebook_world: World, sentence: str) -> None:
    _dispatch(request, rulebook_world, "given", sentence)


@when(parsers.re(r"(?P<sentence>.+)"))
def _when(request, rulebook_world: World, sentence: str) -> None:
    _dispatch(request, rulebook_world, "when", sentence)


@then(parsers.re(r"(?P<sentence>.+)"))
def _then(request, rulebook_world: World, sentence: str) -> None:
    _dispatch(request, rulebook_world, "then", sentence)
