Feature: Short Game — a 2-player Eriantys on 9 islands with 6 towers
  Mod: examples/mods/short-game (its modes.yaml replaces the base game's 2-player row).

  Scenario: Setup — the circle has 9 islands and each player 6 towers (mod: modes.yaml)
    Given a 2-player game between Leo and Lisa
    Then there are 9 island groups
    And Leo has 6 towers left
    And Lisa has 6 towers left

  Scenario: Unify the Islands — islands 9 and 1 are neighbours across the end of the circle (E11)
    Given a 2-player game between Leo and Lisa
    And Leo has a tower on island 9
    And island 1 has 1 yellow
    And Leo controls the yellow professor
    And Mother Nature is on island 9
    And it is Leo's turn to move Mother Nature
    When Leo moves Mother Nature 1 island
    Then island 1 has a white tower
    And islands 9 and 1 are one group
    And there are 8 island groups

  Scenario: End of the Game — the sixth tower is the last (E14)
    Given a 2-player game between Leo and Lisa
    And Leo has 1 tower left
    And island 3 has 1 red
    And Leo controls the red professor
    And Mother Nature is on island 2
    And it is Leo's turn to move Mother Nature
    When Leo moves Mother Nature 1 island
    Then the game is over and Leo wins
