@game:septachroma
Feature: Game Setup
  Rulebook: Game Setup 1–5, and the variants' changes to it; rulings S2, S6–S9.

  Scenario: Game Setup — each player draws 3 stones; the centre takes the second player's colour
    # Setup 3: "If the White player is the starting player, place the Black overlay in the center."
    Given a game of Septachroma between Leo and Lisa
    Then Leo holds 3 stones
    And Lisa holds 3 stones
    And the bag holds 43 stones
    And area d4 is dark
    And area d4 is empty
    And nobody has the red advantage token
    And Leo has 0 advantage tokens
    And it is Leo's turn
    And the game is not over

  Scenario: Game Setup — the same seed gives the same island and the same stones
    Given a game of Septachroma between Leo and Lisa with seed 7
    Then Leo holds 3 stones
    And the bag holds 43 stones

  Scenario: A. Multiple Sets 1 — three sets of 3 beside the island; nobody draws for themselves
    Given a game of Septachroma between Leo and Lisa with variant A
    Then set 1 holds 3 stones
    And set 2 holds 3 stones
    And set 3 holds 3 stones
    And Leo holds no stones
    And Lisa holds no stones
    And the bag holds 40 stones

  Scenario: B. Public Ring 1 — all 49 stones in the ring; nobody draws
    Given a game of Septachroma between Leo and Lisa with variant B
    Then the ring has 49 stones
    And the bag holds 0 stones
    And Leo holds no stones

  Scenario: C. Rush Action 1 — 2 rush tokens each
    Given a game of Septachroma between Leo and Lisa with variant C
    Then Leo has 2 rush tokens
    And Lisa has 2 rush tokens
    And Leo holds 3 stones

  Scenario: Without variant C nobody has rush tokens
    Given a game of Septachroma between Leo and Lisa
    Then Leo has 0 rush tokens

  Scenario: Positions set up directly — stones come from the bag and go back to it
    Given a game of Septachroma between Leo and Lisa
    And area c3 has 2 red stones
    And area e5 has a blue stone
    Then area c3 has 2 red stones
    And the bag holds 40 stones
    Given area c3 is empty
    Then area c3 is empty
    And area e5 has a blue stone
    Given the island is empty
    Then area e5 is empty
    And the bag holds 43 stones

  Scenario: How to Play — the second player's turn, set up directly
    Given a game of Septachroma between Leo and Lisa
    And Lisa holds red, blue and green
    And it is Lisa's turn
    When Lisa places a red stone on c3
    Then Lisa holds blue and green
    And it is Lisa's turn

  Scenario: Light and Dark stand for the players
    Given a game of Septachroma between Leo and Lisa
    And dark holds red, blue and green
    And it is dark's turn
    Then Lisa holds red, blue and green
    And it is Lisa's turn

  Scenario: B. Public Ring — a full ring loses 3 stones to the first turn
    Given a game of Septachroma between Leo and Lisa with variant B
    When Leo takes the stones at the right end of the ring
    Then the ring has 46 stones
    And Leo holds 3 stones

  Scenario: C. Rush Action — rush tokens set up directly
    Given a game of Septachroma between Leo and Lisa with variant C
    And Leo has 1 rush token
    And Leo holds red, blue and green
    When Leo uses a rush token
    Then Leo has 0 rush tokens
    And Leo holds 4 stones
