"""`rulebook scenario RECORD --at N` (issue 17): scenarios written from game records.

For every shipped game, records of random games (each player count, each switch and each single
member of a list option the game has) give 20 or more random moves; the scenario written for each
must pass under `rulebook test`, and must fail once its When plays another legal move instead
(one that does not leave the same position). One `rulebook test` run for all the scenarios of a
game, one for all their changed copies: about 25 s for Eriantys, 15 s for Septachroma, 15 s for
Ephyran, 50 s for Edenia (CPU time; its scenarios set up some 70 Given steps each).
"""
from __future__ import annotations

import contextlib
import io
import json
import random
import re
from pathlib import Path

import pytest

from rulebook import api, records
from rulebook.cli import main
from rulebook.play import play_game
from rulebook.scenarios.move_sentences import sentence_for_move
from rulebook.scenarios.patterns import fill_pattern
from rulebook.scenarios.runner import run_features
from rulebook.scenarios.sameness import play_alike
from rulebook.scenarios.writer import ScenarioWriteError, scenario_for_record

MOVES_PER_GAME = 20


def configurations(name: str) -> list[dict]:
    """The default options, then each other player count, each bool option on, each single member
    of a list option — every one the rules accept."""
    program = api.load_program_for(name)
    found = [{}]
    if program.players is not None:
        low, high = program.players.counts.low.value, program.players.counts.high.value
        found += [{"players": p} for p in range(low, high + 1)]
    for option, decl in program.options.items():
        if decl.kind == "bool":
            found.append({option: True})
        elif decl.kind == "list":
            kind = decl.choices[0]
            found += [{option: [member]} for member in records_member_names(program, kind)]
    accepted = []
    for options in found:
        try:
            game = api.load_game(name, options)
        except Exception:  # noqa: BLE001 - the rules refuse this one (a `require`): leave it out
            continue
        if all(records.options_by_name(game) != records.options_by_name(other) for other in accepted):
            accepted.append(game)
    return accepted


def records_member_names(program, kind: str) -> list[str]:
    from rulebook.interpreter.play.options import member_names
    return member_names(program, kind)


def recorded_games(name: str, folder: Path) -> list[Path]:
    paths = []
    for i, game in enumerate(configurations(name)):
        record = play_game(game, seed=100 + i)
        path = folder / f"{name}-{i}.json"
        records.write_record(path, record)
        paths.append(path)
    return paths


def chosen_moves(paths: list[Path], rng: random.Random) -> list[tuple[Path, int]]:
    lengths = [len(json.loads(p.read_text())["moves"]) for p in paths]
    per = max(1, -(-MOVES_PER_GAME // len(paths)))
    picks = [(p, at) for p, n in zip(paths, lengths) for at in sorted(rng.sample(range(1, n + 1), min(per, n)))]
    return picks


def _run(files: list) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        run_features([str(f) for f in files], quiet=True)
    return out.getvalue()


EVERY_POSITION = ("eriantys", "septachroma", "ephyran", "edenia")  # every position of these can be written


def declares_positions(name: str) -> bool:
    from rulebook.scenarios.plugin import _loaded
    return bool(_loaded(str(api.find_rules(name).resolve()), ())[1].position)


@pytest.mark.parametrize("name", api.shipped_games())
def test_scenarios_written_at_random_moves_pass_and_fail_with_another_move(name: str, tmp_path: Path) -> None:
    rng = random.Random(17)
    assert declares_positions(name) or name not in EVERY_POSITION
    if not declares_positions(name):  # a game whose sentences write no position says so, and no more
        path = recorded_games(name, tmp_path)[0]
        with pytest.raises(ScenarioWriteError, match=r"scenarios.yaml: declares no 'position:' entries"):
            scenario_for_record(str(path), 1)
        return
    paths = recorded_games(name, tmp_path)
    written, changed = [], []
    for path, at in chosen_moves(paths, rng):
        scenario = scenario_for_record(str(path), at)
        target = tmp_path / f"{path.stem}-{at}.feature"
        target.write_text(scenario.feature, encoding="utf-8")
        written.append(target)
        other = _another_move(scenario, path, at, rng)
        if other is not None:
            when = next(text for keyword, text, _ in scenario.steps if keyword == "when")
            mutant = tmp_path / f"{path.stem}-{at}-other.feature"
            assert f"\n    When {when}\n" in scenario.feature
            mutant.write_text(scenario.feature.replace(f"\n    When {when}\n", f"\n    When {other}\n"),
                              encoding="utf-8")
            changed.append(mutant)
    assert len(written) >= MOVES_PER_GAME
    assert len(changed) >= len(written) * 3 // 4, "too few moves with another legal move to play instead"
    report = _run(written)
    assert report.rstrip().splitlines()[-1] == f"{len(written)} passed, 0 failed", report[-4000:]
    report = _run(changed)
    assert report.rstrip().splitlines()[-1] == f"0 passed, {len(changed)} failed", report[-4000:]


def _another_move(scenario, path: Path, at: int, rng: random.Random):
    """The When sentence of another legal move at the position, one that leaves another position."""
    world = scenario.position
    game, state = world.game, world.state
    record = records.read_record(path)
    move_text = record.moves[at - 1]["move"]
    after = state.copy()
    game.apply(after, game.parse_move(after, move_text))
    rest = [m["move"] for m in record.moves[at:]]
    others = [m for m in game.legal_moves(state) if str(m) != move_text]
    rng.shuffle(others)
    for other in others:
        elsewhere = state.copy()
        game.apply(elsewhere, other)
        if play_alike(game, elsewhere, after, rest) is None:
            continue  # the same position: no scenario can tell them apart
        sentence = sentence_for_move(world, "when", str(other))
        if sentence is not None:
            return sentence
    return None


@pytest.mark.parametrize("pattern, words, written", [
    ("the draw pile is (card|cards) {c:kinds:card}", "3", "the draw pile is card 3"),
    ("the draw pile is (card|cards) {c:kinds:card}", "3 and 4", "the draw pile is cards 3 and 4"),
    ("Leo's hand is (card|cards) {c:pieces:card}", "17", "Leo's hand is card 17"),
    ("Leo's hand is (card|cards) {c:pieces:card}", "2 Dionysus", "Leo's hand is cards 2 Dionysus"),
    ("{c:int} answer(s) (have|has) been played", "1", "1 answer has been played"),
    ("{c:int} answer(s) (have|has) been played", "0", "0 answers have been played"),
    ("there (are|is) {c:int} island group(s)", "1", "there is 1 island group"),
    ("there (are|is) {c:int} island group(s)", "4", "there are 4 island groups"),
])
def test_written_words_follow_the_values_they_give(pattern: str, words: str, written: str) -> None:
    assert fill_pattern(pattern, {"c": words}) == written


def test_a_move_naming_a_member_as_the_game_does_is_said_with_the_sentences_word(tmp_path: Path) -> None:
    """Ephyran names its cards `card 12` in moves and `12` in sentences."""
    path = tmp_path / "ephyran.json"
    records.write_record(path, play_game(api.load_game("ephyran", {}), seed=5))
    record = json.loads(path.read_text())
    at = next(i for i, m in enumerate(record["moves"], 1) if re.fullmatch(r"discards card \d+", m["move"]))
    card = record["moves"][at - 1]["move"].split()[-1]
    scenario = scenario_for_record(str(path), at)
    assert re.search(rf"^    When (Ann|Bob) discards card {card}$", scenario.feature, re.M)
    assert re.search(r"^    And the discard pile is cards? " + card + r"\b", scenario.feature, re.M)


# ---------------------------------------------------------------- the command
@pytest.fixture(scope="module")
def a_record(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("records") / "game.json"
    records.write_record(path, play_game(api.load_game("septachroma", {}), seed=3))
    return path


def test_the_command_prints_a_feature_with_the_games_tag_and_options(a_record: Path, capsys) -> None:
    assert main(["scenario", str(a_record), "--at", "4"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("@game:septachroma\nFeature: Etariya: Septachroma — move 4 of game.json\n")
    assert "Options: players 2, variant none." in text
    assert re.search(r"^  Scenario: Move 4 — \w+: place \w+ on [a-g][1-7]$", text, re.M)
    assert re.search(r"^    When \w+ (places|stacks) an? \w+ stone on [a-g][1-7]$", text, re.M)


def test_the_command_writes_a_file_that_rulebook_test_passes(a_record: Path, tmp_path: Path, capsys) -> None:
    target = tmp_path / "move.feature"
    assert main(["scenario", str(a_record), "--at", "7", "-o", str(target)]) == 0
    assert f"{target}: move 7 of game.json" in capsys.readouterr().out
    assert main(["test", str(target), "--quiet"]) == 0
    assert capsys.readouterr().out.rstrip().splitlines()[-1] == "1 passed, 0 failed"


@pytest.mark.parametrize("source", ["play --save", "simulate --keep-records"])
def test_records_from_play_and_from_simulate_give_scenarios_that_pass(source: str, tmp_path: Path, capsys) -> None:
    if source == "play --save":
        path = tmp_path / "played.json"
        assert main(["play", "ephyran", "--seed", "8", "--quiet", "--save", str(path)]) == 0
    else:
        assert main(["simulate", "ephyran", "--games", "2", "--seed", "8", "--workers", "1",
                     "--keep-records", str(tmp_path)]) == 0
        path = tmp_path / "game-9.json"
    capsys.readouterr()
    target = tmp_path / "move.feature"
    assert main(["scenario", str(path), "--at", "30", "-o", str(target)]) == 0
    assert target.read_text(encoding="utf-8").startswith("@game:ephyran\nFeature: Ephyran — move 30 of ")
    capsys.readouterr()
    assert main(["test", str(target), "--quiet"]) == 0
    assert capsys.readouterr().out.rstrip().splitlines()[-1] == "1 passed, 0 failed"


def test_a_move_the_record_has_not_and_a_players_record_are_refused_in_one_line(a_record: Path, tmp_path: Path,
                                                                                capsys) -> None:
    moves = len(json.loads(a_record.read_text())["moves"])
    assert main(["scenario", str(a_record), "--at", str(moves + 1)]) == 1
    err = capsys.readouterr().err
    assert err.strip() == f"rulebook: {a_record}: there is no move {moves + 1}; the record has moves 1 to {moves}"
    game, record = records.open_record(a_record)
    players = tmp_path / "mine.json"
    records.write_record(players, records.for_player(game, record, 0))
    assert main(["scenario", str(players), "--at", "1"]) == 1
    assert "a player's record holds no seed" in capsys.readouterr().err


def test_a_game_without_position_entries_says_what_it_lacks(tmp_path: Path) -> None:
    rules = tmp_path / "lamps"
    source = Path(__file__).parent / "games" / "lamps"
    rules.mkdir()
    for f in source.iterdir():
        text = f.read_text(encoding="utf-8")
        if f.name == "scenarios.yaml":  # the same sentences, without saying how they write a position
            text = text[:text.index("\nposition:")] + "\n"
        (rules / f.name).write_text(text, encoding="utf-8")
    path = tmp_path / "lamps.json"
    records.write_record(path, play_game(api.load_game(rules, {}), seed=1))
    with pytest.raises(ScenarioWriteError, match=r"scenarios.yaml: declares no 'position:' entries"):
        scenario_for_record(str(path), 1)


def _lamps_with_a_last_lamp(tmp_path: Path, condition: str) -> Path:
    """Lamps remembering each player's last lamp (`lamp?`: none before their first turn), its
    position writing a player's glow through a value that needs that lamp, under `condition`."""
    rules = tmp_path / "lamps"
    rules.mkdir(parents=True)
    for f in (Path(__file__).parent / "games" / "lamps").iterdir():
        text = f.read_text(encoding="utf-8")
        if f.name == "game.rules":
            text = text.replace("var glow[player]: int = 0\n",
                                "var glow[player]: int = 0\nvar last[player]: lamp? = none\n")
            text = text.replace("          run effect of l with p\n",
                                "          run effect of l with p\n          last[p] = l\n")
            text += "value glow_since(l: lamp, p: player) -> int = glow[p]\n"
        if f.name == "scenarios.yaml":
            text = text.replace('    values: {n: "glow[player]"}',
                                f'    if: "{condition}"\n    values: {{n: "glow_since(last[player], player)"}}')
        (rules / f.name).write_text(text, encoding="utf-8")
    path = tmp_path / "lamps.json"
    records.write_record(path, play_game(api.load_game(rules, {}), seed=1))
    return path


def test_a_position_value_is_checked_knowing_its_entrys_if(tmp_path: Path) -> None:
    """A `values:` text is read only where the entry's `if:` holds, so a `T?` it tests may be
    used there as a value; without the test the value is refused at its own line and column."""
    scenario = scenario_for_record(str(_lamps_with_a_last_lamp(tmp_path / "tested", "last[player] != none")), 4)
    assert "\n    And Ann glows 1\n    And Bob glows 3\n" in scenario.feature
    with pytest.raises(ScenarioWriteError) as refused:
        scenario_for_record(str(_lamps_with_a_last_lamp(tmp_path / "untested", "true")), 4)
    message = str(refused.value)
    assert "lamps/scenarios.yaml:40:29: argument 'l' of 'glow_since' must be lamp, but 'last[player]' may be none" in message
    assert '\n        values: {n: "glow_since(last[player], player)"}\n' + " " * 32 + "^" in message


def test_a_game_its_people_left_unfinished_needs_reveal(tmp_path: Path, monkeypatch, capsys) -> None:
    """Issue 25 item 2: a scenario states the whole position, hands included; from the save of a
    hot-seat game still going on, only when asked for with --reveal."""
    import io

    from rulebook.cli import main

    target = tmp_path / "mid.json"
    monkeypatch.setattr("sys.stdin", io.StringIO(f"1\nsave {target}\nquit\n"))
    assert main(["play", "eriantys", "--human", "1", "--human", "2", "--seed", "2"]) == 0
    capsys.readouterr()
    with pytest.raises(ScenarioWriteError, match="a game its people left unfinished.*add --reveal"):
        scenario_for_record(str(target), 1)
    assert main(["scenario", str(target), "--at", "1", "--reveal", "-o", str(tmp_path / "one.feature")]) == 0
    assert "Given" in (tmp_path / "one.feature").read_text(encoding="utf-8")
