Feature: The Minstrel
  Rulebook: Characters — cost 1: "You may exchange up to 2 Students between your Entrance and your
  Dining Room." Rulings E7, E16, E17, E18, E21.

  Background:
    Given a 2-player expert game between Leo and Lisa
    And the characters are Minstrel, Monk and Herald
    And Leo's entrance has 2 red, 2 pink and 3 yellow
    And Leo's dining room has 3 blue and 2 red
    And Lisa's dining room has 2 blue
    And Leo controls the blue and red professors

  Scenario: E18 — the Minstrel swaps a student of the entrance with one of the dining room
    Given it is Leo's turn
    When Leo uses the Minstrel to swap 1 pink from his entrance for 1 blue from his dining room
    Then Leo's dining room has 2 blue, 2 red and 1 pink
    And Leo's entrance has 1 blue, 2 red, 1 pink and 3 yellow
    And Leo has 0 coins
    And the Minstrel costs 2 coins
    And it is Leo's turn to move students

  Scenario: E7, E16 — the Minstrel makes its user lose a professor, and a third red earns a coin
    Given it is Leo's turn
    When Leo uses the Minstrel to swap 1 red and 1 pink from his entrance for 2 blue from his dining room
    Then Leo's dining room has 1 blue, 3 red and 1 pink
    And Lisa controls the blue professor
    And Leo controls the red professor
    And Leo has 1 coin

  Scenario: E18 — swapping equal colours is allowed
    Given it is Leo's turn
    When Leo uses the Minstrel to swap 1 red from his entrance for 1 red from his dining room
    Then Leo's dining room has 3 blue and 2 red
    And Leo's entrance has 2 red, 2 pink and 3 yellow

  Scenario: E18 — at most 2 swaps
    Given it is Leo's turn
    When Leo tries to use the Minstrel to swap 3 yellow from his entrance for 3 blue from his dining room
    Then the move is rejected
    And nothing has changed

  Scenario: E21 — no swap may fill a dining row past 10
    Given Leo's dining room has 10 red and 1 blue
    And it is Leo's turn
    When Leo tries to use the Minstrel to swap 1 red from his entrance for 1 blue from his dining room
    Then the move is rejected
    And nothing has changed
