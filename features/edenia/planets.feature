@game:edenia
Feature: Habitable planets — a clover or a flag
  Rulebook: Habitable Planets (and its example). Rulings D20, D15, D25, D36.

  Scenario: Habitable Planets — the rulebook's example, 1: the red player discovers a planet and raises his flag instead of a clover (D20)
    Given a game of Edenia between Leo and Lisa
    And the deck's top tile is S2
    When Leo moves sheep 1 by the east star path
    Then the planet on b1 holds 3 clovers
    And Leo is to choose between a clover and a flag
    When Leo raises a flag
    Then Leo's flag is raised on b1
    And Leo has 2 flags in hand
    And Leo has 9 points
    And the planet on b1 holds 3 clovers

  Scenario: Habitable Planets — the rulebook's example, 2: the green player stops there too and replaces the red flag with his own (D20)
    Given a game of Edenia between Leo and Lisa
    And tile S2 lies on b1
    And the planet on b1 holds 3 clovers
    And Leo's flag is raised on b1
    And Leo's sheep 1 is on b1
    And it is Lisa's turn
    When Lisa moves sheep 1 by the east star path
    Then Lisa's sheep 1 is on b1
    And Lisa is to choose between a clover and a flag
    When Lisa raises a flag
    Then Lisa's flag is raised on b1
    And Leo has 3 flags in hand
    And Lisa has 2 flags in hand
    And Leo has 2 points

  Scenario: D20 — any number of sheep may stand on a planet
    Given a game of Edenia between Leo and Lisa
    And tile S2 lies on b1
    And Leo's sheep 2 is on b1
    And Lisa's sheep 1 is on b1
    When Leo moves sheep 1 by the east star path
    Then Leo's sheep 1 is on b1

  Scenario: D20 — his own flag already there: only the clover is left, and taking it is still his decision
    Given a game of Edenia between Leo and Lisa
    And tile S2 lies on b1
    And the planet on b1 holds 2 clovers
    And Leo's flag is raised on b1
    When Leo moves sheep 1 by the east star path
    Then Leo is to choose between a clover and a flag
    And Leo has 2 clovers
    When Leo tries to raise a flag
    Then the move is rejected
    When Leo takes a clover from the planet
    Then Leo has 3 clovers
    And the planet on b1 holds 1 clover
    And it is Lisa's turn

  Scenario: D20 — a planet without clovers: only the flag is left, and raising it is still his decision
    Given a game of Edenia between Leo and Lisa
    And tile S2 lies on b1
    When Leo moves sheep 1 by the east star path
    Then Leo is to choose between a clover and a flag
    And no flag is raised on b1
    When Leo tries to take a clover from the planet
    Then the move is rejected
    When Leo raises a flag
    Then Leo's flag is raised on b1
    And it is Lisa's turn

  Scenario: D20, D36 — a protected rival flag and no clover: nothing happens
    Given a game of Edenia between Leo and Lisa
    And tile S2 lies on b1
    And Lisa's flag is raised on b1
    And the flag on b1 is protected
    When Leo moves sheep 1 by the east star path
    Then Lisa's flag is raised on b1
    And Leo has 3 flags in hand
    And Leo has 2 clovers
    And it is Lisa's turn

  Scenario: D20 — with no flag left in hand, only the clover
    Given a game of Edenia between Leo and Lisa
    And tile S2 lies on b1
    And tile T1 lies on d2
    And tile T3 lies on b3
    And tile T4 lies on d4
    And Leo's flag is raised on d2
    And Leo's flag is raised on b3
    And Leo's flag is raised on d4
    And the planet on b1 holds 1 clover
    When Leo moves sheep 1 by the east star path
    And Leo takes a clover from the planet
    Then Leo has 3 clovers
    And Leo has 0 flags in hand
    And no flag is raised on b1

  Scenario: D25 — a score: Trifolium tokens, artefacts played or not, 7 a raised flag, 1 a clover
    Given a game of Edenia between Leo and Lisa
    And tile S2 lies on b1
    And Leo's flag is raised on b1
    And Leo has Trifolium 15
    And Leo has 1 clover
    Then Leo has 23 points
    Given Leo has the 4-point Turbo-engine
    And Leo has played the 5-point Junction
    And Leo has the Gromout
    Then Leo has 32 points
    And Leo has 3 artefacts
