@game:septachroma
Feature: Placing stones
  Rulebook: How to Play 1 — the three placement rules, stones placed one at a time in any order;
  How to Play 3 — drawing back up to 3. Rulings S3 and S6.

  Scenario Outline: How to Play 1 — a tribe's first stone never goes in corner <corner>
    # "it can be placed on any empty area excluding the 4 corners"
    Given a game of Septachroma between Leo and Lisa
    And Leo holds red, blue and green
    When Leo tries to place a red stone on <corner>
    Then the move is rejected
    And nothing has changed

    Examples:
      | corner |
      | a1     |
      | g1     |
      | a7     |
      | g7     |

  Scenario: How to Play 1 — a tribe's first stone goes on any empty area but the corners
    Given a game of Septachroma between Leo and Lisa
    And Leo holds red, blue and green
    When Leo places a red stone on b1
    And Leo places a blue stone on g6
    Then area b1 has a red stone
    And area g6 has a blue stone
    And Leo holds a green stone

  Scenario: How to Play 1 — a later stone goes on an empty area next to its tribe (S3)
    Given a game of Septachroma between Leo and Lisa
    And area c3 has a red stone
    And Leo holds red, blue and green
    Then Leo may place a red stone on b3, c2, c4 and d3
    When Leo tries to place a red stone on e5
    Then the move is rejected
    And nothing has changed
    When Leo tries to place a red stone on d4
    Then the move is rejected
    When Leo places a red stone on d3
    Then area d3 has a red stone
    And area c3 has a red stone

  Scenario: How to Play 1 — adjacent means orthogonally adjacent, and only empty areas count
    Given a game of Septachroma between Leo and Lisa
    And area c3 has a red stone
    And area c2 has a blue stone
    And area b3 has a green stone
    And Leo holds red, yellow and orange
    Then Leo may place a red stone on c4 and d3
    When Leo tries to place a red stone on b2
    Then the move is rejected
    When Leo places an orange stone on b2
    Then area b2 has an orange stone

  Scenario: How to Play 1 — a later stone next to any stone of its tribe
    Given a game of Septachroma between Leo and Lisa
    And area b2 has a red stone
    And area f6 has a red stone
    And Leo holds red, blue and green
    Then Leo may place a red stone on b1, a2, c2, b3, f5, e6, g6 and f7

  Scenario: How to Play 1 — a corner is fine for a later stone
    Given a game of Septachroma between Leo and Lisa
    And area b1 has a red stone
    And Leo holds red, blue and green
    When Leo places a red stone on a1
    Then area a1 has a red stone

  Scenario: How to Play 1 — no empty area next to its tribe: the stone is stacked (S3)
    # "If this color has no empty areas that are orthogonally adjacent to existing stones of the
    # same color, then it is stacked on top of any stone of the same color."
    Given a game of Septachroma between Leo and Lisa
    And area c3 has a red stone
    And area c2 has a blue stone
    And area b3 has a green stone
    And area c4 has a yellow stone
    And area d3 has an orange stone
    And Leo holds red, blue and green
    Then Leo may place a red stone on c3
    When Leo tries to place a red stone on e5
    Then the move is rejected
    When Leo stacks a red stone on c3
    Then area c3 has 2 red stones

  Scenario: How to Play 1 — stacked on any stone of the tribe, when none has an empty neighbour
    Given a game of Septachroma between Leo and Lisa
    And area a1 has a red stone
    And area b1 has a blue stone
    And area a2 has a green stone
    And area g7 has 2 red stones
    And area f7 has a yellow stone
    And area g6 has an orange stone
    And Leo holds red, blue and indigo
    Then Leo may place a red stone on a1 and g7
    When Leo stacks a red stone on g7
    Then area g7 has 3 red stones

  Scenario: How to Play 1 — a stone may stack only when it must
    Given a game of Septachroma between Leo and Lisa
    And area c3 has a red stone
    And Leo holds red, blue and green
    When Leo tries to stack a red stone on c3
    Then the move is rejected
    And nothing has changed

  Scenario: How to Play 1 — stones placed earlier in the same turn count (S3)
    Given a game of Septachroma between Leo and Lisa
    And Leo holds 2 red and 1 blue
    When Leo places a red stone on c3
    Then Leo may place a red stone on b3, c2, c4 and d3
    When Leo tries to place a red stone on f6
    Then the move is rejected
    When Leo places a red stone on c4
    Then area c3 has a red stone
    And area c4 has a red stone
    And Leo holds a blue stone

  Scenario: How to Play 1 — a stone placed earlier in the turn can force the next one onto a stack
    Given a game of Septachroma between Leo and Lisa
    And area a1 has a blue stone
    And area b2 has a green stone
    And Leo holds red, red and yellow
    When Leo places a red stone on b1
    And Leo places a yellow stone on c1
    Then Leo may place a red stone on b1
    When Leo stacks a red stone on b1
    Then area b1 has 2 red stones

  Scenario: How to Play 1 — in any order of the player's choice
    Given a game of Septachroma between Leo and Lisa
    And Leo holds red, blue and green
    When Leo places a green stone on e5
    And Leo places a red stone on b2
    Then Leo holds a blue stone
    And it is Leo's turn

  Scenario: How to Play 1 — stones go on light and dark areas alike
    Given a game of Septachroma between Leo and Lisa
    And area c3 is dark
    And area e5 is light
    And Leo holds red, blue and green
    When Leo places a red stone on c3
    And Leo places a blue stone on e5
    Then area c3 has a red stone
    And area e5 has a blue stone

  Scenario: How to Play 1 — only the stones in front of the player
    Given a game of Septachroma between Leo and Lisa
    And Leo holds red, blue and green
    When Leo tries to place a yellow stone on c3
    Then the move is rejected
    And nothing has changed
