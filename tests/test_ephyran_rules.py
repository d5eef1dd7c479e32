"""Ephyran's tables, rules text and play log (issue 12, items 1, 3 and 4): the deck is the rulings' deck
(Y3–Y7), every rules block cites its section or ruling, a whole game plays from the rules with its
log in the rules' words, and the log and record kept for one player show others' hidden moves in
their public text."""
from __future__ import annotations

import io
import json
import re
from collections import Counter
from pathlib import Path

import pytest
import yaml

from rulebook.api import load_game
from rulebook.play import play_game

RULES = Path(__file__).resolve().parent.parent / "rules" / "ephyran"
KINDS = ["Castor & Pollux", "the Graeae", "Territory Exchange", "Take a Magic Object", "Territory Destruction",
         "Theft of a Magic Object", "Athena's Shield", "Hecate's Magic"]


def table(name: str) -> list[dict]:
    return yaml.safe_load((RULES / name).read_text(encoding="utf-8"))


def halves() -> list[tuple[str, str, str | None]]:
    """(zone, creature, printed object) of every Territory half of the 80 cards."""
    found = []
    for row in table("deck.yaml"):
        if row["card"] == "Dionysus":
            continue
        found.append((row["place"], row["creature"], row.get("object")))
        if "place_2" in row:
            found.append((row["place_2"], row["creature_2"], None))
    return found


def test_the_deck_has_80_cards_of_two_halves_and_the_dionysus_apart() -> None:
    rows = table("deck.yaml")
    cards = [r for r in rows if r["card"] != "Dionysus"]
    assert [r["card"] for r in cards] == list(range(1, 81))  # Y3
    assert all(("reinforcement" in r) == (r["card"] <= 48) for r in cards)
    assert all(r["place"].split()[0] != r["place_2"].split()[0] for r in cards if "place_2" in r)
    assert [r.get("copies") for r in rows if r["card"] == "Dionysus"] == [4]  # Y6
    assert len({tuple(sorted(r.items())) for r in cards}) == 80  # no two cards alike


RULINGS_FILE = next((p for p in (RULES.parents[2] / "shared" / "spec" / "ephyran-rulings.md",
                                 RULES.parents[3] / "shared" / "spec" / "ephyran-rulings.md") if p.is_file()), None)


@pytest.mark.skipif(RULINGS_FILE is None, reason="../shared/spec/ephyran-rulings.md is not beside this checkout")
def test_the_deck_is_the_rulings_table_row_by_row() -> None:
    """Y3–Y5: each of the 80 rows of deck.yaml says what the rulings' deck table prints for that card."""
    printed = re.findall(r"^\| (\d+) \| (\w+ \d) (\w+)(?: \((\w+)\))? \| (.+?) \|$",
                         RULINGS_FILE.read_text(encoding="utf-8"), re.M)
    assert [int(row[0]) for row in printed] == list(range(1, 81))
    rows = {r["card"]: r for r in table("deck.yaml") if r["card"] != "Dionysus"}
    for number, zone, creature, printed_object, other in printed:
        wanted = {"card": int(number), "place": zone, "creature": creature}
        if printed_object:
            wanted["object"] = printed_object
        second = re.fullmatch(r"(\w+ \d) (\w+)", other)
        wanted.update({"place_2": second.group(1), "creature_2": second.group(2)} if second else {"reinforcement": other})
        assert rows[int(number)] == wanted


def test_the_territory_halves_and_their_creatures() -> None:
    """Y4: 112 halves, 7 of each zone, each creature on 7 of its Territory's 28; 16 printed objects."""
    found = halves()
    assert len(found) == 112
    assert set(Counter(zone for zone, _, _ in found).values()) == {7} and len({z for z, _, _ in found}) == 16
    creatures = {t["name"]: set(t["creatures"]) for t in table("territories.yaml")}
    assert all(creature in creatures[zone.split()[0]] for zone, creature, _ in found)
    assert set(Counter(creature for _, creature, _ in found).values()) == {7}
    objects = Counter((zone.split()[1], obj) for zone, _, obj in found if obj)
    assert objects == {("1", "owl"): 4, ("2", "owl"): 4, ("3", "trident"): 4, ("4", "thunderbolt"): 4}
    assert len({zone for zone, _, obj in found if obj}) == 16  # one per Territory zone


def test_the_reinforcement_halves_follow_the_order_of_the_kinds() -> None:
    """Y5: card n has the kind at position (n - 1) mod 8; 6 of each."""
    rows = [r for r in table("deck.yaml") if r["card"] != "Dionysus" and r["card"] <= 48]
    assert all(r["reinforcement"] == KINDS[(r["card"] - 1) % 8] for r in rows)
    assert [r["name"] for r in table("reinforcements.yaml")] == KINDS


def test_the_tokens() -> None:
    """Y7: 3 thunderbolts (3), 4 tridents (2), 5 owls (1), 4 helmets (-1)."""
    assert {t["name"]: (t["copies"], t["points"]) for t in table("tokens.yaml")} == \
        {"thunderbolt": (3, 3), "trident": (4, 2), "owl": (5, 1), "helmet": (4, -1)}


@pytest.fixture(scope="module")
def played():
    game = load_game("ephyran", {"players": 3}, ["Leo", "Lisa", "Max"])
    out = io.StringIO()
    record = play_game(game, 5, out)
    return game, record, out.getvalue()


def test_a_whole_game_is_logged_in_the_rules_words(played) -> None:
    game, record, log = played
    assert record.result["reason"] in ("the draw pile ran out", "a city was completed with 16 cards")
    assert re.search(r"Round 1: \d+ cards left in the draw pile", log)
    assert re.search(r"^Leo: Poseidon's lagoon scores -?\d+ \(doubled", log, re.M)  # his own god first (Y38)
    for name in ("Leo", "Lisa", "Max"):
        assert re.search(rf"^{name}: city bonus \d+, total -?\d+$", log, re.M)
    assert any(m["move"].startswith("adds ") for m in record.moves)


def public_log(game, seed: int, viewer) -> list[str]:
    """The rules' log lines and each move in the text `viewer` may read (None: everything in full)."""
    import random

    lines: list[str] = []
    game.set_log(lambda _, text: lines.append(text), viewer)
    try:
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not game.is_terminal(state):
            move = game.sample_move(state, rng)
            who = game.player_names[game.current_player(state)]
            lines.append(f"{who} {str(move) if viewer is None else game.public_text(state, move, viewer)}")
            game.apply(state, move)
    finally:
        game.set_log(None)
    return lines


HIDDEN = [  # (a line of the full log about another player's hidden card or token, what Leo reads instead)
    (re.compile(r"(\w+) draws (card \d+|Dionysus)$"), r"\1 draws a card"),
    (re.compile(r"(\w+) keeps (card \d+|Dionysus)$"), r"\1 keeps a card"),
    (re.compile(r"(\w+) takes (Zeus's thunderbolt|Poseidon's trident|Athena's owl|Ares's helmet)$"),
     r"\1 takes a magic object"),
    (re.compile(r"(\w+) sees (card \d+|Dionysus)$"), None),  # the Graeae's cards: nothing at all
    (re.compile(r"(\w+) holds (card \d+|Dionysus)(, (card \d+|Dionysus))*$"), r"\1 holds 5 cards"),  # the deal
]


def as_leo_reads(line: str):
    if line.startswith("Leo "):
        return line
    for pattern, public in HIDDEN:
        if pattern.match(line):
            return None if public is None else pattern.sub(public, line)
    return line


def test_a_players_log_shows_others_hidden_moves_in_their_public_text(played) -> None:
    game = played[0]
    for seed in (11, 12):
        full = public_log(game, seed, None)
        leo = public_log(game, seed, 0)
        wanted = [seen for seen in map(as_leo_reads, full) if seen is not None]
        assert leo == wanted
        assert sum(a != b for a, b in zip(full, map(as_leo_reads, full))) > 10
        assert any(re.match(r"Leo draws card \d+", line) for line in leo)


def test_every_rules_block_cites_its_section_or_ruling() -> None:
    """Issue 12 item 1: each paragraph of rules/ephyran/*.rules that declares something names the
    rulebook section (`rulebook: …`), a ruling (Y1–Y44) or a decision of RULINGS.md (D1–D14)."""
    decided = set(re.findall(r"\*\*(D\d+) ", (RULES / "RULINGS.md").read_text(encoding="utf-8")))
    uncited, unknown = [], []
    for path in sorted(RULES.glob("*.rules")):
        for paragraph in re.split(r"\n\s*\n", path.read_text(encoding="utf-8")):
            if not re.search(r"^(rule|value|when|flow|setup|statistic|invariant|zone|pile|var|table|kind|let|names|score)\b",
                             paragraph, re.M):
                continue
            cited = re.findall(r"\b(Y\d+|D\d+)\b", paragraph)
            if not cited and "rulebook:" not in paragraph:
                uncited.append(f"{path.name}: {paragraph.strip().splitlines()[0]}")
            unknown += [c for c in cited if c.startswith("D") and c not in decided]
            unknown += [c for c in cited if c.startswith("Y") and not 1 <= int(c[1:]) <= 44]
    assert uncited == [] and unknown == []


def test_rulings_md_states_every_ruling() -> None:
    """Issue 12 item 5 and issue 18 item 7: RULINGS.md states Y1–Y44, one entry each, in order."""
    text = (RULES / "RULINGS.md").read_text(encoding="utf-8")
    assert re.findall(r"^- \*\*(Y\d+) ", text, re.M) == [f"Y{i}" for i in range(1, 45)]


def test_the_command_line_log_and_record_as_one_player(tmp_path: Path, capsys) -> None:
    """Issue 12 item 3: `rulebook play ephyran --names Leo,Lisa,Max --as Leo` prints the log as Leo
    may read it, and `--json` writes Leo's record: others' hidden moves in their public form, no
    seed; it replays from Leo's view and cannot be resumed."""
    from rulebook.cli import main
    from rulebook.records import open_record

    record = tmp_path / "leo.json"
    assert main(["play", "ephyran", "--names", "Leo,Lisa,Max", "--seed", "5", "--as", "Leo",
                 "--json", str(record)]) == 0
    log = capsys.readouterr().out
    assert re.search(r"^Leo holds (card \d+|Dionysus)(, (card \d+|Dionysus)){4}$", log, re.M)
    assert re.search(r"^Lisa holds 5 cards$", log, re.M) and re.search(r"^Leo draws (card \d+|Dionysus)$", log, re.M)
    assert re.search(r"^Max draws a card$", log, re.M)
    hidden = re.compile(r"^(Lisa|Max) (holds|draws|sees) (card \d+|Dionysus)|^(Lisa|Max) takes (Zeus|Poseidon|Athena|Ares)"
                        r"|^  (Lisa|Max): keeps (card \d+|Dionysus)", re.M)
    assert hidden.findall(log) == []
    data = json.loads(record.read_text(encoding="utf-8"))
    assert data["kind"] == "player" and data["viewer"] == "Leo" and "seed" not in data
    full = load_game("ephyran", {"players": 3}, ["Leo", "Lisa", "Max"])
    whole = play_game(full, 5)
    assert len(data["moves"]) == len(whole.moves)
    for mine, theirs in zip(data["moves"], whole.moves):
        assert mine["move"] == theirs["move"] or (mine["player"] != "Leo" and mine["move"] == "keeps a card")
    assert any(m["move"] == "keeps a card" for m in data["moves"])  # seed 5: Lisa plays the Graeae
    game, opened = open_record(record)  # replays every move from Leo's views, checking the result
    assert list(game.player_names) == ["Leo", "Lisa", "Max"] and opened.result == whole.result
    assert main(["play", "--resume", str(record)]) == 2
    assert "is Leo's record" in capsys.readouterr().err
