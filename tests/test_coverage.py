"""Rules coverage (issue 17): `rulebook test --coverage`, what it reports, and that it costs nothing off.

The shipped games' scenarios run once each here with coverage on (about 10 s for Eriantys, 6 s for
Septachroma): their figures must be the README's, and every rules line they miss must be listed,
with its reason, in features/README.md.
"""
from __future__ import annotations

import contextlib
import io
import random
import re
from pathlib import Path

import pytest

from rulebook import api
from rulebook.cli import main
from rulebook.coverage.report import line_ranges, percent_text
from rulebook.coverage.session import CoverageSession
from rulebook.scenarios.runner import run_features

ROOT = Path(__file__).resolve().parent.parent
LAMPS = ROOT / "tests" / "games" / "lamps"


def _run_lamps(capsys, *flags: str) -> list[str]:
    code = main(["test", str(LAMPS / "lamps.feature"), "--game", f"lamps={LAMPS}", "--quiet", *flags])
    out = capsys.readouterr().out
    assert code == 0, out
    return out.rstrip().splitlines()


def test_a_toy_game_shows_its_unreached_branch_line_row_and_file_table_last(capsys) -> None:
    lines = _run_lamps(capsys, "--coverage")
    assert lines[-1] == "1 passed, 0 failed"
    # The per-file table comes last, just before the tally, then its TOTAL line.
    table = lines[lines.index(next(line for line in lines if line.startswith("Rules file"))):-1]
    assert re.split(r"\s{2,}", table[0]) == ["Rules file", "Lines", "Reached", "Missed", "Cover", "Missing"]
    rows = {re.split(r"\s{2,}", line)[0]: re.split(r"\s{2,}", line)[1:] for line in table[2:-2]}
    # game.rules: the win (line 21) and the branch no play takes (line 23) are never reached.
    assert rows["lamps/game.rules"] == ["11", "9", "2", "82%", "21, 23"]
    # lamps.yaml: the blue lamp's effect (its two lines) never ran.
    assert rows["lamps/lamps.yaml"] == ["4", "2", "2", "50%", "10-11"]
    assert re.split(r"\s{2,}", table[-1]) == ["TOTAL", "15", "11", "4", "73%"]
    text = "\n".join(lines)
    assert "lamps/game.rules:22: its condition never held" in text
    assert "lamps/game.rules:20: its condition never held" in text
    assert "lamps/game.rules:25: '… if …' never gave its else value" in text
    assert re.search(r"lamps/lamps\.yaml \(lamps;.*\): 1 of 3 never reached: blue \(line 8\)", text)


def test_html_pages_mark_reached_and_missed_lines(capsys, tmp_path: Path) -> None:
    lines = _run_lamps(capsys, "--coverage-html", str(tmp_path / "pages"))
    assert any(line.startswith("TOTAL") for line in lines)
    index = (tmp_path / "pages" / "index.html").read_text(encoding="utf-8")
    assert 'href="lamps_game.rules.html"' in index and "73%" in index
    page = (tmp_path / "pages" / "lamps_game.rules.html").read_text(encoding="utf-8")
    by_line = {int(number): status for status, number in
               re.findall(r'<span class="line (\w*)"[^>]*><span class="number">(\d+)</span>', page)}
    assert sorted(by_line) == list(range(1, len((LAMPS / "game.rules").read_text().splitlines()) + 1))
    assert by_line[21] == "missed" and by_line[23] == "missed"
    assert by_line[19] == "reached"
    assert by_line[20] == "partial"  # reached; its condition never held
    assert by_line[1] == ""  # a comment: neither
    assert "&gt;= 10" in page  # the rules text is escaped


def test_pytest_run_directly_with_the_plugins_option_prints_the_report_in_its_summary(tmp_path: Path, capsys) -> None:
    module = tmp_path / "test_lamps.py"
    module.write_text(f"from pytest_bdd import scenarios\nscenarios({str(LAMPS / 'lamps.feature')!r})\n", encoding="utf-8")
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    code = pytest.main([str(module), "-c", str(tmp_path / "pytest.ini"), "-p", "rulebook.scenarios.plugin",
                        "-p", "no:cacheprovider", "-q", "--rulebook-game", f"lamps={LAMPS}", "--rulebook-coverage"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "rules coverage" in out and re.search(r"^lamps/game\.rules\s+11\s+9\s+2\s+82%\s+21, 23$", out, re.M)


def test_the_coverage_of_a_run_can_be_read_from_python() -> None:
    session = CoverageSession()
    with contextlib.redirect_stdout(io.StringIO()):
        code = run_features([str(LAMPS / "lamps.feature")], games=[f"lamps={LAMPS}"], quiet=True, coverage=session)
    assert code == 0
    assert session.result.file("lamps/game.rules").missed_lines == [21, 23]
    lamps = next(t for t in session.result.tables if t.table == "lamps")
    assert lamps.missed == [("blue", 8)] and lamps.rule == "code"


def test_percent_and_ranges_read_like_coverage_py() -> None:
    assert percent_text(199, 200) == "99%" and percent_text(1, 1000) == "1%" and percent_text(0, 0) == "100%"
    assert line_ranges([3, 4, 5, 9], [1, 3, 4, 5, 7, 9]) == "3-5, 9"
    assert line_ranges([3, 7], [3, 5, 7]) == "3, 7"


# ---------------------------------------------------------------- measuring costs nothing when off
GAMES = [("eriantys", {"players": 2}), ("eriantys", {"players": 3, "expert": True}),
         ("septachroma", {"variant": ["B", "C"]})] + \
        [(str(g), {}) for g in sorted((ROOT / "tests" / "games").iterdir()) if any(g.glob("*.rules"))]


@pytest.mark.parametrize("name, options", GAMES, ids=[f"{Path(n).name}{o or ''}" for n, o in GAMES])
def test_a_plain_build_has_no_marks_and_plays_the_same_games_as_a_counting_build(name, options) -> None:
    plain = api.load_game(name, options)
    counting = api.load_game(name, options, counting=True)
    again = api.load_game(name, options)
    # The plain build's generated code is the same before and after a counting build, and has no mark.
    assert plain.compiled.source.text() == again.compiled.source.text()
    for mark in ("R[", "reach_row", "reached_value"):
        assert mark not in plain.compiled.source.text()
    assert "R[" in counting.compiled.source.text() and plain.reached is None
    for seed in range(3):
        a, b = plain.new_initial_state(seed), counting.new_initial_state(seed)
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        for _ in range(400):
            if plain.is_terminal(a):
                break
            assert str(plain.play_random(a, rng_a)) == str(counting.play_random(b, rng_b))
            assert a.data == b.data
        assert plain.result(a) == counting.result(b)
    assert any(counting.reached)


# ---------------------------------------------------------------- the shipped games' figures
def _readme_figures() -> dict:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\w+) \| `rulebook test features/(\w+) --coverage` \| (\d+) \| (\d+) \| (\d+)% \|$",
                      text, re.M)
    return {game: (int(lines), int(reached), f"{percent}%") for game, _, lines, reached, percent in rows}


def _listed_unreached(game: str) -> tuple[bool, set]:
    """The `game/file:LINE` entries (ranges expanded later) under the game's heading in features/README.md."""
    text = (ROOT / "features" / "README.md").read_text(encoding="utf-8")
    found = re.search(rf"^### Not reached by any scenario: {game}\n((?:- .*\n)+)", text, re.M)
    if found is None:
        return False, set()
    entries = set()
    for line in found.group(1).splitlines():
        place = re.match(r"- `([^`:]+):(\d+)(?:-(\d+))?` — \S", line)
        assert place or line == "- none", f"features/README.md: not an entry: {line!r}"
        if place:
            entries.add((place.group(1), int(place.group(2)), int(place.group(3) or place.group(2))))
    return True, entries


@pytest.mark.parametrize("game", api.shipped_games())
def test_each_shipped_games_coverage_is_the_readmes_and_every_unreached_line_is_listed(game: str) -> None:
    features = ROOT / "features" / game
    assert features.is_dir(), f"{game} ships without scenarios in features/{game}"
    session = CoverageSession()
    with contextlib.redirect_stdout(io.StringIO()) as out:
        code = run_features([str(features)], quiet=True, coverage=session)
    assert code == 0, out.getvalue()[-3000:]
    result = session.result
    figures = _readme_figures()
    assert game in figures, f"README.md: no line '| {game} | `rulebook test features/{game} --coverage` | …' in Rules coverage"
    assert figures[game] == (result.lines, result.reached, percent_text(result.reached, result.lines)), \
        f"README.md gives {figures[game]} for {game}; the scenarios reach {result.reached} of {result.lines} lines"
    present, entries = _listed_unreached(game)
    assert present, f"features/README.md: no section '### Not reached by any scenario: {game}'"
    missed = {(f.name, line) for f in result.files for line in f.missed_lines}
    listed = {(name, line) for name, low, high in entries for (missed_name, line) in missed
              if missed_name == name and low <= line <= high}
    stale = [e for e in entries if not any(n == e[0] and e[1] <= line <= e[2] for n, line in missed)]
    assert missed == listed, f"features/README.md does not list: {sorted(missed - listed)}"
    assert not stale, f"features/README.md lists lines that scenarios do reach: {stale}"
