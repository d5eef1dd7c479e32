@game:oware
Feature: No Feeding — an empty side need not be fed
  Mod: examples/mods/oware-no-feeding (replaces value may_sow).
  House rule against rules/oware/RULINGS.md W4 ("a player must sow seeds into their side").

  Scenario: W4, W5 changed — a sowing that leaves the other side empty is allowed, and ends the game
    Given a game of Oware between South and North
    And South's houses hold 0, 0, 0, 0, 1 and 1
    And North's houses hold 0, 0, 0, 0, 0 and 0
    When South sows house 5
    Then South has 2 seeds in store
    And South wins

  Scenario: W4 kept — a grand slam, a capture that would take every seed of the other side, takes none
    Given a game of Oware between South and North
    And South's houses hold 0, 0, 0, 0, 1 and 2
    And North's houses hold 1, 1, 0, 0, 0 and 0
    When South sows house 6
    Then North's houses hold 2, 2, 0, 0, 0 and 0
    And South has 0 seeds in store
    And it is North's turn
