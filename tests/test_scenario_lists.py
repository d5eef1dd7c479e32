"""Every list in the scenario contracts takes any length — three items as well as two.

Each sentence of Eriantys and Septachroma whose vocabulary takes a list (players, islands,
colours, cards, students, stones, areas, variants) is run here with lists of 1, 2, 3 and 4 items,
or as many as the sentence allows (a 2-player game names two players), written each way a list
may be written: `a and b`, `a, b and c`, `a, b, and c`, `a, b, c`. A Given is read back by its
Then, and a Then is also shown a wrong list, which it must refuse. The last test checks that no
list sentence of either vocabulary is left out.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from pathlib import Path

import pytest

from rulebook import api
from rulebook.dsl.errors import RulebookError
from rulebook.scenarios.patterns import split_list
from rulebook.scenarios.vocabulary import load_vocabulary
from rulebook.scenarios.world import ScenarioFailure, World

LIST_TYPES = ("ints", "names", "players", "kinds", "nodes", "pieces")
STYLES = ("and", "oxford", "commas", "ands")


def spell(items: list, style: str = "and") -> str:
    """A list as a sentence writes it: `a, b and c` (and), `a, b, and c` (oxford), `a, b, c`
    (commas), `a and b and c` (ands)."""
    items = [str(i) for i in items]
    if len(items) == 1:
        return items[0]
    if style == "commas":
        return ", ".join(items)
    if style == "ands":
        return " and ".join(items)
    head = ", ".join(items[:-1])
    return f"{head}, and {items[-1]}" if style == "oxford" and len(items) > 2 else f"{head} and {items[-1]}"


def style_for(n: int) -> str:
    """Each length in another way of writing, so that all of them are read somewhere."""
    return STYLES[n % len(STYLES)]


# ---------------------------------------------------------------- running sentences
@lru_cache(maxsize=None)
def _vocabulary(game: str):
    folder = api.find_rules(game).resolve()
    program = api.load_program_for(folder)
    return folder, program, load_vocabulary(folder, program)


def new_world(game: str) -> World:
    return World(*_vocabulary(game))


def steps_of(lines: list[str]) -> list[tuple[str, str]]:
    """('given'|'when'|'then', sentence) for each line; `And` repeats the keyword before it."""
    out, keyword = [], None
    for line in lines:
        word, _, sentence = line.strip().partition(" ")
        keyword = keyword if word.lower() == "and" else word.lower()
        out.append((keyword, sentence))
    return out


def run(game: str, lines: list[str]) -> World:
    world = new_world(game)
    for keyword, sentence in steps_of(lines):
        found = world.vocabulary.find(keyword, sentence)
        assert found is not None, f"unknown step: {keyword.capitalize()} {sentence}"
        try:
            world.run_step(*found)
        except (ScenarioFailure, RulebookError) as err:
            pytest.fail(f"{keyword.capitalize()} {sentence}\n  {err}")
    return world


def refuses(world: World, line: str) -> None:
    """A Then that must not hold on this world."""
    (keyword, sentence), = steps_of([line])
    found = world.vocabulary.find(keyword, sentence)
    assert found is not None, f"unknown step: {line}"
    with pytest.raises(ScenarioFailure):
        world.run_step(*found)


# ---------------------------------------------------------------- Eriantys
NAMES = ["Leo", "Lisa", "Max", "Mia"]
COLOURS = ["yellow", "blue", "green", "red"]
STUDENTS = ["1 yellow", "2 red", "1 blue", "3 pink"]
CHARACTERS = ["Magic Mailman", "the Monk", "Spoiled Princess", "the Grandma Herbs"]


def students(n: int, wrong: bool = False) -> str:
    """n items of students; the `wrong` list has one more of its last colour."""
    items = STUDENTS[:n]
    if wrong:
        count, colour = items[-1].split()
        items = items[:-1] + [f"{int(count) + 1} {colour}"]
    return spell(items, style_for(n))


def game_between(n: int) -> list[list[str]]:
    names = spell(NAMES[:n], style_for(n))
    checks = [f"Then {name} has 10 assistants left" for name in NAMES[:n]]
    return [[f"Given a {n}-player{expert} game between {names}{seed}", *checks]
            for expert in ("", " expert") for seed in ("", " with seed 3")]


def game_with_teams(n: int) -> list[list[str]]:
    seats = spell(["Leo", "Max", "Lisa", "Mia"], style_for(n))
    scenarios = []
    for expert in ("", " expert"):
        for seed in ("", " with seed 3"):
            scenarios.append([f"Given a 4-player{expert} game with teams Leo and Lisa against Max and Mia{seed}",
                              "Then Lisa has 8 towers left", "When Leo plays assistant 1",
                              "Then it is Lisa's turn to play an assistant"])
            scenarios.append([f"Given a 4-player{expert} game with teams Leo and Lisa against Max and Mia, "
                              f"seated {seats}{seed}", "When Leo plays assistant 1",
                              "Then it is Max's turn to play an assistant"])
    return scenarios


def zone_students(n: int) -> list[list[str]]:
    """Every Given and Then that sets or reads students in a zone."""
    right, wrong = students(n), students(n, wrong=True)
    zones = [("island 5 has", []), ("Leo's entrance has", []), ("Lisa's dining room has", []),
             ("cloud 1 has", []), ("the bag has", ["Given the bag is empty"]),
             ("the Monk holds", ["Given the characters are Monk, Farmer and Herald"])]
    return [["Given a 2-player expert game between Leo and Lisa", *before,
             f"Given {zone} {right}", f"Then {zone} {right}", f"!Then {zone} {wrong}"]
            for zone, before in zones]


def towers(n: int) -> list[list[str]]:
    isl = [5, 6, 7, 8][:n]
    listed = spell(isl, style_for(n))
    each = [f"Then island {i} has a white tower" for i in isl]
    scenarios = [["Given a 2-player game between Leo and Lisa",
                  f"Given Leo has towers on island{'s' if n > 1 else ''} {listed}",
                  f"Then Leo has {8 - n} towers left", *each]]
    if n == 1:
        scenarios.append(["Given a 2-player game between Leo and Lisa", "Given Leo has a tower on island 5",
                          "Then island 5 has a white tower", "Given island 5 has no tower",
                          "Then island 5 has no tower", "Then Leo has 8 towers left"])
    else:
        scenarios.append(["Given a 2-player game between Leo and Lisa", f"Given Leo has towers on islands {listed}",
                          f"Given islands {listed} have no towers", "Then Leo has 8 towers left"])
    return scenarios


def groups(n: int) -> list[list[str]]:
    listed = spell([3, 4, 5, 6][:n], style_for(n))
    return [["Given a 2-player game between Leo and Lisa", f"Then islands {listed} are separate",
             f"Given islands {listed} are one group", f"Then islands {listed} are one group",
             f"Then there are {13 - n} island groups", f"!Then islands {listed} are separate",
             f"!Then islands {spell([2, 3, 4, 5, 6][:n + 1])} are one group"]]


def tower_tiles(n: int) -> list[list[str]]:
    tiles = [4, 5, 6, 7][:n]
    return [["Given a 2-player game between Leo and Lisa", "Given islands 4, 5, 6, 7 and 8 are one group",
             f"Given Leo has towers on islands {spell(tiles)}",
             f"Then the towers on island 8 stand on tile{'s' if n > 1 else ''} {spell(tiles, style_for(n))}",
             f"!Then the towers on island 8 stand on tiles {spell(tiles + [8])}"]]


def professors(n: int) -> list[list[str]]:
    word = "professors" if n > 1 else "professor"
    listed = spell(COLOURS[:n], style_for(n))
    return [["Given a 2-player game between Leo and Lisa", f"Given Leo controls the {listed} {word}",
             f"Then Leo controls the {listed} {word}", f"!Then Leo controls the {spell(COLOURS[:n] + ['pink'])} professors",
             f"Given nobody controls the {listed} {word}", f"Then nobody controls the {listed} {word}",
             f"!Then Lisa controls the {listed} {word}"]]


def hand(n: int) -> list[list[str]]:
    word = "assistants" if n > 1 else "assistant"
    listed = spell([2, 10, 1, 7][:n], style_for(n))
    return [["Given a 2-player game between Leo and Lisa", f"Given Leo's hand is {word} {listed}",
             f"Then Leo's hand is {word} {listed}", f"Then Leo has {n} assistant{'s' if n > 1 else ''} left",
             f"!Then Leo's hand is assistants {spell([2, 10, 1, 7, 3][:n + 1])}"]]


def characters(n: int) -> list[list[str]]:
    listed = spell(CHARACTERS[:n], style_for(n))
    return [["Given a 2-player expert game between Leo and Lisa", f"Given the characters are {listed}",
             f"Then the characters are {listed}", "!Then the characters are Monk, Farmer and Herald"]]


def tile_students(n: int) -> list[list[str]]:
    """One tile of a group of islands, alone (for positions `rulebook scenario` writes)."""
    right, wrong = students(n), students(n, wrong=True)
    return [["Given a 2-player game between Leo and Lisa", "Given island 3 has no students",
             "Given island 4 has no students", "Given islands 3 and 4 are one group",
             f"Given the tile of island 4 holds {right}", f"Then island 3 has {right}", f"!Then island 3 has {wrong}"]]


def used_characters(n: int) -> list[list[str]]:
    listed = spell(CHARACTERS[:n], style_for(n))
    return [["Given a 2-player expert game between Leo and Lisa", f"Given Leo has used {listed} in this game"]]


def characters_option(n: int) -> list[list[str]]:
    """The characters option names exactly three (expert.rules); the players' names vary."""
    names, cards = spell(NAMES[:n], style_for(n)), spell(["Monk", "Herald", "the Thief"], style_for(n))
    return [[f"Given a {n}-player expert game between {names} with the characters {cards}",
             "Then the characters are Monk, Herald and Thief", "!Then the characters are Monk, Farmer and Herald"]]


def jester(n: int) -> list[list[str]]:
    """1–3 swaps (E18); a 4th is refused, the sentence still read."""
    card, entrance = ["red", "green", "pink", "blue"][:n], ["yellow", "yellow", "blue", "yellow"][:n]
    start = ["Given a 2-player expert game between Leo and Lisa", "Given the characters are Jester, Monk and Herald",
             "Given the Jester holds 2 red, 1 blue, 1 green and 2 pink", "Given Leo's entrance has 3 yellow and 4 blue",
             "Given it is Leo's turn"]
    swap = (f"the Jester to swap {spell(['1 ' + c for c in card], style_for(n))} from the card for "
            f"{spell(['1 ' + c for c in entrance], style_for(n))} from his entrance")
    if n == 4:
        return [start + [f"When Leo tries to use {swap}", "Then the move is rejected", "Then nothing has changed"]]
    held = Counter({"red": 2, "blue": 1, "green": 1, "pink": 2})
    held.subtract(card)
    held.update(entrance)
    after = spell([f"{count} {colour}" for colour, count in held.items() if count])
    return [start + [f"When Leo uses {swap}", f"Then the Jester holds {after}"],
            start + [f"When Leo tries to use {swap}", f"Then the Jester holds {after}"]]


def minstrel(n: int) -> list[list[str]]:
    """1–2 swaps (E18); a 3rd and 4th are refused, the sentence still read."""
    entrance, dining = ["1 yellow", "1 blue", "1 yellow", "1 blue"][:n], ["1 red", "1 green", "1 red", "1 green"][:n]
    start = ["Given a 2-player expert game between Leo and Lisa", "Given the characters are Minstrel, Monk and Herald",
             "Given Leo's entrance has 3 yellow and 4 blue", "Given Leo's dining room has 2 red and 2 green",
             "Given it is Leo's turn"]
    swap = (f"the Minstrel to swap {spell(entrance, style_for(n))} from his entrance for "
            f"{spell(dining, style_for(n))} from his dining room")
    if n > 2:
        return [start + [f"When Leo tries to use {swap}", "Then the move is rejected", "Then nothing has changed"]]
    after = {1: "1 red, 2 green and 1 yellow", 2: "1 red, 1 green, 1 yellow and 1 blue"}[n]
    return [start + [f"When Leo uses {swap}", f"Then Leo's dining room has {after}"],
            start + [f"When Leo tries to use {swap}", f"Then Leo's dining room has {after}"]]


def turn_order(n: int) -> list[list[str]]:
    """Everyone plays the lowest card they may (E4): the first-named plays 1, the next 2…"""
    game = ("Given a 4-player game with teams Leo and Lisa against Max and Mia" if n == 4
            else f"Given a {n}-player game between {spell(NAMES[:n])}")
    return [[game, "Given it is Leo's turn", f"Then the turn order is {spell(NAMES[:n], style_for(n))}",
             f"!Then the turn order is {spell(list(reversed(NAMES[:n])))}"]]


def share_the_victory(n: int) -> list[list[str]]:
    """n players (in 4 players both teams) tie on towers and professors: they share the victory."""
    if n == 4:
        game, last, cloud = "Given a 4-player game with teams Leo and Lisa against Max and Mia", "Mia", 4
        built = ["Given Leo has a tower on island 1", "Given Max has a tower on island 5"]
    else:
        game, last, cloud = f"Given a 3-player game between {spell(NAMES[:3])}", "Max", 3
        built = [f"Given {name} has a tower on island {1 + 4 * i}" for i, name in enumerate(NAMES[:n])]
    wrong = spell(NAMES[:3]) if n == 2 else spell(NAMES[:2])
    return [[game, *built, f"Given cloud {cloud} has 3 red", "Given the bag is empty",
             f"Given it is {last}'s turn to choose a cloud", f"When {last} takes the students from cloud {cloud}",
             f"Then the game is over and {spell(NAMES[:n], style_for(n))} share the victory",
             f"!Then the game is over and {wrong} share the victory"]]


# ---------------------------------------------------------------- Septachroma
TRIBES = ["red", "blue", "green", "violet"]
SEPTACHROMA = "Given a game of Septachroma between Leo and Lisa"


def septachroma_game(n: int) -> list[list[str]]:
    return [[f"{SEPTACHROMA}", "Then it is Leo's turn"], [f"{SEPTACHROMA} with seed 3", "Then it is Leo's turn"]]


def variants(n: int) -> list[list[str]]:
    """An allowed set has 1 or 2 letters (S10); any set with A and B, 2 or 3 letters, is refused."""
    scenarios = []
    if n <= 2:
        letters, check = {1: (["B"], "Then the ring has 49 stones"),
                          2: (["C", "A"], "Then Leo has 2 rush tokens")}[n]
        scenarios.append([f"{SEPTACHROMA} with variant{'s' if n > 1 else ''} {spell(letters, style_for(n))}", check])
    if n >= 2:
        letters = ["B", "C", "A"][:n] if n == 3 else ["B", "A"]
        scenarios.append([SEPTACHROMA, f"Then a game of Septachroma with variants {spell(letters, style_for(n))} is refused",
                          "!Then a game of Septachroma with variants A and C is refused"])
    return scenarios


def stones(n: int, wrong: bool = False) -> str:
    items = TRIBES[:n - 1] + (["orange"] if wrong else TRIBES[n - 1:n])
    return spell(items, style_for(n))


def stone_zones(n: int) -> list[list[str]]:
    zones = [("area c3 has", SEPTACHROMA), ("Leo holds", SEPTACHROMA), ("the bag holds", SEPTACHROMA),
             ("set 2 holds", f"{SEPTACHROMA} with variant A")]
    return [[game, "Given the island is empty", f"Given {zone} {stones(n)}", f"Then {zone} {stones(n)}",
             f"!Then {zone} {stones(n, wrong=True)}"] for zone, game in zones]


def ring(n: int) -> list[list[str]]:
    order = spell(TRIBES[:n], style_for(n))
    return [[f"{SEPTACHROMA} with variant B", f"Given the ring is {order}", f"Then the ring is {order}",
             f"Then the ring has {n} stones", f"!Then the ring is {spell(list(reversed(TRIBES[:n])) + ['red'])}"]]


def advantage_tokens(n: int) -> list[list[str]]:
    word = "tokens" if n > 1 else "token"
    each = [f"Then Leo has the {tribe} advantage token" for tribe in TRIBES[:n]]
    return [[SEPTACHROMA, f"Given Leo has {n} advantage {word}: {spell(TRIBES[:n], style_for(n))}",
             f"Then Leo has {n} advantage {word}", *each]]


def places(n: int) -> list[list[str]]:
    """A red stone on d4 leaves c4, d3, d5, e4 open to red; stones of other tribes close 4 - n."""
    open_ = ["c4", "d3", "d5", "e4"]
    closed = [f"Given area {spot} has a blue stone" for spot in open_[:4 - n]]
    free = open_[4 - n:]
    wrong = open_ if n < 4 else open_[1:]
    return [[SEPTACHROMA, "Given the island is empty", "Given area d4 has a red stone", *closed,
             "Given Leo holds red, green and yellow", f"Then Leo may place a red stone on {spell(free, style_for(n))}",
             f"!Then Leo may place a red stone on {spell(wrong)}"]]


def overlays_laid(n: int) -> list[list[str]]:
    listed = spell(["1", "3", "5", "8"][:n], style_for(n))
    return [[SEPTACHROMA, f"Given the large overlays laid are {listed}"]]


# case name -> (game, scenarios for a length, lengths the sentence allows)
CASES = {
    "eriantys game between": ("eriantys", game_between, (2, 3, 4)),
    "eriantys teams and seating": ("eriantys", game_with_teams, (4,)),
    "eriantys students in a zone": ("eriantys", zone_students, (1, 2, 3, 4)),
    "eriantys towers on islands": ("eriantys", towers, (1, 2, 3, 4)),
    "eriantys island groups": ("eriantys", groups, (2, 3, 4)),
    "eriantys towers stand on tiles": ("eriantys", tower_tiles, (1, 2, 3, 4)),
    "eriantys professors": ("eriantys", professors, (1, 2, 3, 4)),
    "eriantys hand": ("eriantys", hand, (1, 2, 3, 4)),
    "eriantys characters": ("eriantys", characters, (1, 2, 3, 4)),
    "eriantys characters option": ("eriantys", characters_option, (2, 3, 4)),
    "eriantys one tile of a group": ("eriantys", tile_students, (1, 2, 3, 4)),
    "eriantys characters used": ("eriantys", used_characters, (1, 2, 3, 4)),
    "septachroma overlays laid": ("septachroma", overlays_laid, (1, 2, 3, 4)),
    "eriantys jester": ("eriantys", jester, (1, 2, 3, 4)),
    "eriantys minstrel": ("eriantys", minstrel, (1, 2, 3, 4)),
    "eriantys turn order": ("eriantys", turn_order, (2, 3, 4)),
    "eriantys share the victory": ("eriantys", share_the_victory, (2, 3, 4)),
    "septachroma game": ("septachroma", septachroma_game, (2,)),
    "septachroma variants": ("septachroma", variants, (1, 2, 3)),
    "septachroma stones in a zone": ("septachroma", stone_zones, (1, 2, 3, 4)),
    "septachroma ring": ("septachroma", ring, (1, 2, 3, 4)),
    "septachroma advantage tokens": ("septachroma", advantage_tokens, (1, 2, 3, 4)),
    "septachroma places": ("septachroma", places, (1, 2, 3, 4)),
}

PARAMS = [(name, n) for name, (_, _, lengths) in CASES.items() for n in lengths]


@pytest.mark.parametrize("case,n", PARAMS, ids=[f"{name}-{n}" for name, n in PARAMS])
def test_a_list_sentence_takes_this_many_items(case: str, n: int) -> None:
    game, scenarios, _ = CASES[case]
    for lines in scenarios(n):
        world = run(game, [line for line in lines if not line.startswith("!")])
        # the refusals are checked at the end, on the world as the scenario left it
        for line in lines:
            if line.startswith("!"):
                refuses(world, line[1:])


def test_every_list_sentence_of_both_games_is_exercised() -> None:
    """Every wording that takes a list is read by a case above (with the lengths it was given)."""
    lengths: dict = {}
    for game, scenarios, allowed in CASES.values():
        vocabulary = _vocabulary(game)[2]
        for n in allowed:
            for lines in scenarios(n):
                for keyword, sentence in steps_of([line.lstrip("!") for line in lines]):
                    step, captured, _ = vocabulary.find(keyword, sentence)
                    for pattern in step.patterns + step.tries:
                        if pattern.match(sentence) is None:
                            continue
                        for placeholder in pattern.placeholders:
                            if placeholder.type.partition(":")[0] in LIST_TYPES and captured.get(placeholder.name):
                                found = lengths.setdefault((game, keyword, pattern.text), set())
                                found.add(len(split_list(captured[placeholder.name])))
                        break
    missing = []
    for game in ("eriantys", "septachroma"):
        for step in _vocabulary(game)[2].steps:
            for pattern in step.patterns + step.tries:
                if any(p.type.partition(":")[0] in LIST_TYPES for p in pattern.placeholders) \
                        and (game, step.keyword, pattern.text) not in lengths:
                    missing.append(f"{game}: {step.keyword} {pattern.text}")
    assert not missing, "list sentences no case reads:\n  " + "\n  ".join(missing)
    short = [f"{game}: {keyword} {text} (at most {max(seen)})" for (game, keyword, text), seen in lengths.items()
             if max(seen) < 3 and not any(text.startswith(limited) for limited in AT_MOST_TWO)]
    assert not short, "list sentences never read with three items or more:\n  " + "\n  ".join(short)


# Sentences whose lists cannot have three items, and why.
AT_MOST_TWO = (
    "a {count:int}-player game with teams {first:names} against {second:names}",  # teams of two (E2)
    "a {count:int}-player expert game with teams {first:names} against {second:names}",
    "a game of Septachroma between {names:names}",  # two players; one or two variants at once (S10)
    "{player:player} has (a|one|1) tower on island {isl:ints}",  # the singular wordings
    "island {isl:ints} has (no|0) tower(s)",
    "{player:player} uses [the] Minstrel to swap",  # 1–2 swaps; the "tries to" form reads 3 and 4
)


@pytest.mark.parametrize("style", STYLES)
def test_each_way_of_writing_a_list_reads_the_same_items(style: str) -> None:
    for n in (2, 3, 4):
        run("eriantys", [f"Given a {n}-player game between {spell(NAMES[:n], style)}",
                         f"Then {NAMES[n - 1]} has 10 assistants left",
                         f"Given Leo has towers on islands {spell([9, 10, 11, 12][:n], style)}",
                         f"Then Leo has {(6 if n == 3 else 8) - n} towers left",
                         f"Given Leo's entrance has {spell(STUDENTS[:n], style)}",
                         f"Then Leo's entrance has {spell(STUDENTS[:n])}",
                         f"Given Leo controls the {spell(COLOURS[:n], style)} professors",
                         f"Then Leo controls the {spell(COLOURS[:n])} professors"])
        run("eriantys", ["Given a 2-player expert game between Leo and Lisa",
                         f"Given the characters are {spell(CHARACTERS[:n], style)}",
                         f"Then the characters are {spell([c.removeprefix('the ') for c in CHARACTERS[:n]])}"])
        run("septachroma", [SEPTACHROMA, "Given the island is empty",
                            f"Given Leo holds {spell(TRIBES[:n], style)}", f"Then Leo holds {spell(TRIBES[:n])}",
                            "Given area d4 has a red stone",
                            f"Then Leo may place a red stone on {spell(['c4', 'd3', 'd5', 'e4'], style)}"])


def test_a_given_turn_with_an_empty_entrance_fails_with_a_clear_message() -> None:
    """The steps contract: an entrance short of students is no error; an empty one cannot be met."""
    world = run("eriantys", ["Given a 2-player game between Leo and Lisa", "Given Leo's entrance has no students"])
    step, captured, _ = world.vocabulary.find("given", "it is Leo's turn")
    with pytest.raises(ScenarioFailure, match="Leo's entrance is empty: there is no student to move"):
        world.run_step(step, captured, False)


def test_a_wrong_end_reason_is_refused_with_both_reasons() -> None:
    world = run("eriantys", ["Given a 2-player game between Leo and Lisa", "Given cloud 2 has 3 blue",
                             "Given the bag is empty", "Given it is Lisa's turn to choose a cloud",
                             "When Lisa takes the students from cloud 2",
                             "Then the game is over because the last student has left the bag"])
    step, captured, _ = world.vocabulary.find("then", "the game is over because a player has played their last assistant")
    with pytest.raises(ScenarioFailure, match="because the last student has left the bag, not because a player"):
        world.run_step(step, captured, False)
