"""Edenia's face-down artefacts and drawn tiles (issue 25, item 6; rulings D20, D21, D34, D35).

- D21: at a dwarf planet nothing the player may decide names an artefact until he has chosen to
  stop and pay; then he — and only he — sees them (his view, his observation) and takes one.
- D34, D35: the tiles drawn with the R2-M2 or the Sheepscope are seen by the player who drew them
  (his view and observation), and by nobody else.
- D20: at a habitable planet where only one of "take a clover" and "raise a flag" is possible,
  it is still the player's decision, with that one move.
"""
from __future__ import annotations

from functools import lru_cache

import pytest

from rulebook import api
from rulebook.scenarios.vocabulary import load_vocabulary
from rulebook.scenarios.world import World

LEO, LISA = 0, 1


@lru_cache(maxsize=None)
def _vocabulary():
    folder = api.find_rules("edenia").resolve()
    program = api.load_program_for(folder)
    return folder, program, load_vocabulary(folder, program)


def world_after(*lines: str) -> World:
    """A 2-player game between Leo and Lisa, then these steps (keyword first)."""
    world = World(*_vocabulary())
    for line in ("Given a game of Edenia between Leo and Lisa",) + lines:
        keyword, _, sentence = line.partition(" ")
        found = world.vocabulary.find(keyword.lower(), sentence)
        assert found is not None, line
        world.run_step(*found)
    return world


def moves(world: World) -> list[str]:
    return sorted(str(m) for m in world.game.legal_moves(world.state))


def zone_in_view(world: World, zone: str, viewer: int, owner: int):
    """What `viewer`'s view shows of `owner`'s instance of a per-player pile: its pieces' names, or
    {'hidden': n}."""
    layout = world.game.compiled.layout.zones[zone]
    shown = world.game.view(world.state, viewer)["data"][layout.base + owner * layout.width]
    if isinstance(shown, dict):
        return shown
    names = world.game.compiled.kind_names[layout.kind]
    return sorted(names[k] for k in shown)


def observed_counts(world: World, zone: str, viewer: int, owner: int) -> list[float]:
    """The counts part of `viewer`'s observation for `owner`'s instance of a per-player zone."""
    spec = world.game.observation_spec()
    part = next(p for p in spec.parts if p.name == f"zone {zone}")
    row = part.size // part.shape[0]
    numbers = spec.encode(world.state, viewer)[part.offset + owner * row: part.offset + (owner + 1) * row]
    return list(numbers)


AT_THE_DWARF_PLANET = ("Given tile S3 lies on b1",
                       "Given the dwarf planet on b1 holds the Gromout and the 4-point Junction",
                       "When Leo moves sheep 1 by the east star path")


def test_the_moves_at_a_dwarf_planet_name_no_artefact_before_he_pays() -> None:
    """D21: stop and pay first, face down; the moves' texts cannot tell which artefacts lie there."""
    world = world_after(*AT_THE_DWARF_PLANET, "Then Leo is to decide at the dwarf planet")
    offered = moves(world)
    assert offered == ["goes straight on", "stops on the dwarf planet", "takes an artefact from the dwarf planet"]
    other = world_after("Given tile S3 lies on b1",
                        "Given the dwarf planet on b1 holds the Quantum Accelerator and the 5-point Sheepscope",
                        "When Leo moves sheep 1 by the east star path")
    assert moves(other) == offered  # other artefacts, the same moves
    assert zone_in_view(world, "looked_at", LEO, LEO) == []


def test_after_paying_he_alone_sees_the_artefacts_and_takes_one() -> None:
    world = world_after(*AT_THE_DWARF_PLANET, "When Leo pays to take an artefact from the dwarf planet",
                        "Then Leo is to choose an artefact on the dwarf planet", "Then Leo has 1 clover")
    assert moves(world) == ["takes the 4-point Junction", "takes the Gromout"]
    assert zone_in_view(world, "looked_at", LEO, LEO) == ["4-point Junction", "Gromout"]
    assert zone_in_view(world, "looked_at", LISA, LEO) == {"hidden": 2}
    mine, theirs = observed_counts(world, "looked_at", LEO, LEO), observed_counts(world, "looked_at", LISA, LEO)
    assert mine != theirs and sum(mine) >= 2
    world = world_after(*AT_THE_DWARF_PLANET, "When Leo takes the Gromout from the dwarf planet",
                        "Then Leo has the Gromout", "Then the dwarf planet on b1 holds the 4-point Junction")
    assert zone_in_view(world, "looked_at", LEO, LEO) == []


def test_the_player_who_drew_tiles_with_the_r2m2_sees_them() -> None:
    """D34: he chooses one of three tiles; he sees them, the others only that there are three."""
    world = world_after("Given the deck's top tiles are T5, T2 and S1", "Given Leo has the 3-point R2-M2",
                        "When Leo plays the 3-point R2-M2", "When Leo moves sheep 1 by the east comet path",
                        "Then Leo is to choose a tile to lay")
    assert zone_in_view(world, "drawn", LEO, LEO) == ["S1", "T2", "T5"]
    assert zone_in_view(world, "drawn", LISA, LEO) == {"hidden": 3}
    mine, theirs = observed_counts(world, "drawn", LEO, LEO), observed_counts(world, "drawn", LISA, LEO)
    assert mine != theirs and sorted(mine, reverse=True)[:3] != [0.0, 0.0, 0.0]


def test_the_player_who_drew_the_sheepscopes_tile_sees_it() -> None:
    """D35: he draws the top tile and then chooses where to lay it, seeing it."""
    world = world_after("Given the deck's top tiles are S2 and T17", "Given Leo has the 3-point Sheepscope",
                        "When Leo plays the 3-point Sheepscope")
    assert zone_in_view(world, "drawn", LEO, LEO) == ["S2"]
    assert zone_in_view(world, "drawn", LISA, LEO) == {"hidden": 1}


@pytest.mark.parametrize("setup,only", [
    (("Given the planet on b1 holds 2 clovers", "Given Leo's flag is raised on b1"), "takes a clover from the planet"),
    ((), "raises a flag"),
])
def test_one_possible_action_at_a_planet_is_still_his_decision(setup: tuple, only: str) -> None:
    """D20: play does not take the one possible action for him."""
    world = world_after("Given tile S2 lies on b1", *setup, "When Leo moves sheep 1 by the east star path",
                        "Then Leo is to choose between a clover and a flag")
    assert world.game.current_player(world.state) == LEO
    assert moves(world) == [only]


def test_with_the_little_lambs_the_clover_is_still_taken_for_him() -> None:
    """D40: the Little Lambs take the planet's clover automatically (no flags in that variation)."""
    world = World(*_vocabulary())
    for keyword, sentence in (("given", "a game of Edenia between Leo and Lisa with Little Lambs"),
                              ("given", "tile S2 lies on b1"), ("given", "the planet on b1 holds 2 clovers"),
                              ("when", "Leo moves sheep 1 by the east star path"), ("then", "it is Lisa's turn")):
        world.run_step(*world.vocabulary.find(keyword, sentence))
