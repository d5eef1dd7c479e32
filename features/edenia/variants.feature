@game:edenia
Feature: The Little Lambs, and the game without the Law of the Universe
  Rulebook: Variation for the Little Lambs; Ending the Game ("for your very first game…"). Rulings D40, D39.

  Scenario: D40, D26 — with the Little Lambs, the first player with 2 sheep on Edenia wins the Race
    Given a game of Edenia between Leo and Lisa with Little Lambs
    And Leo's sheep 1 is on Edenia
    And Leo's sheep 2 is at e4 south star heading south
    When Leo moves sheep 2 on
    Then the game is over and Leo wins the Race

  Scenario: D40, D15, D21 — with the Little Lambs a dwarf planet receives no artefacts: go on or stop
    Given a game of Edenia between Leo and Lisa with Little Lambs
    And the deck's top tile is S3
    When Leo moves sheep 1 by the east star path
    Then the dwarf planet on b1 holds no artefacts
    And Leo is to decide at the dwarf planet
    When Leo stops on the dwarf planet
    Then Leo's sheep 1 is on b1

  Scenario: D40, D20 — with the Little Lambs a planet gives its clover without a choice, and no flag is raised
    Given a game of Edenia between Leo and Lisa with Little Lambs
    And the deck's top tile is S2
    When Leo moves sheep 1 by the east star path
    Then Leo has 3 clovers
    And the planet on b1 holds 2 clovers
    And no flag is raised on b1
    And it is Lisa's turn

  Scenario: D40, D27 — with the Little Lambs 42 points do not win
    Given a game of Edenia between Leo and Lisa with Little Lambs
    And Leo has Trifolium 15
    And Leo has Trifolium 12
    And Leo has Trifolium 10
    And Leo has 4 clovers
    When Leo skips his turn
    Then the game is not over

  Scenario: D40, D28 — with the Little Lambs the last Trifolium token does not end the game
    Given a game of Edenia between Leo and Lisa with Little Lambs
    And Edenia holds Trifolium 9
    And Leo's sheep 1 is at e4 south star heading south
    When Leo moves sheep 1 on
    Then Leo has Trifolium 9
    And the game is not over
    And it is Lisa's turn

  Scenario: D39 — without the Law of the Universe the other victories stand: the Race
    Given a game of Edenia between Leo and Lisa without the Law of the Universe with seed 3
    And Leo's sheep 1 is on Edenia
    And Leo's sheep 2 is on Edenia
    And Leo's sheep 3 is at d5 east comet heading east
    When Leo moves sheep 3 on
    Then the game is over and Leo wins the Race
