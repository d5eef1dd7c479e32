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

  Scenario: E18, E16 — swapping equal colours is allowed; in a row of 2 it pays no coin
    # The red leaving makes the row 1, the red coming in makes it 2 again: no coin space is filled.
    Given it is Leo's turn
    When Leo uses the Minstrel to swap 1 red from his entrance for 1 red from his dining room
    Then Leo's dining room has 3 blue and 2 red
    And Leo's entrance has 2 red, 2 pink and 3 yellow
    And Leo has 0 coins
    And the supply has 18 coins

  Scenario: E18, E16 — one colour for itself in a row of 3 fills the 3rd space again, and pays
    # The red leaving makes the row 2, the red coming in fills the 3rd space again (E16: each time).
    Given Leo's dining room has 3 blue and 3 red
    And it is Leo's turn
    When Leo uses the Minstrel to swap 1 red from his entrance for 1 red from his dining room
    Then Leo's dining room has 3 blue and 3 red
    And Leo's entrance has 2 red, 2 pink and 3 yellow
    And Leo has 1 coin
    And the supply has 17 coins

  Scenario: E18, E16 — coins follow each placement: two such swaps in a row of 3 pay twice
    Given Leo's dining room has 3 blue and 3 red
    And it is Leo's turn
    When Leo uses the Minstrel to swap 2 red from his entrance for 2 red from his dining room
    Then Leo's dining room has 3 blue and 3 red
    And Leo has 2 coins
    And the supply has 16 coins

  Scenario: E18, E16 — a student of another colour swapped out empties a space that a coin paid for
    # The blue leaves (3 → 2), the red comes in (2 → 3): the 3rd red space pays; the blue row is 2.
    Given it is Leo's turn
    When Leo uses the Minstrel to swap 1 red from his entrance for 1 blue from his dining room
    Then Leo's dining room has 2 blue and 3 red
    And Leo has 1 coin

  Scenario: E18, E7 — professors are checked once, after the swap: a tied holder keeps it
    # Lisa holds red with 3, Leo ties her with 3; his swap of red for red changes nothing.
    Given Leo's dining room has 3 blue and 3 red
    And Lisa's dining room has 2 blue and 3 red
    And Lisa controls the red professor
    And it is Leo's turn
    When Leo uses the Minstrel to swap 1 red from his entrance for 1 red from his dining room
    Then Lisa controls the red professor
    And Leo's dining room has 3 red
    And Leo has 1 coin

  Scenario: E18, E7 — the user, a tied holder, keeps the professor through a swap of one colour
    # Were professors checked when the red leaves, Lisa (3 against 2) would take it.
    Given Leo's dining room has 3 blue and 3 red
    And Lisa's dining room has 2 blue and 3 red
    And Leo controls the red professor
    And it is Leo's turn
    When Leo uses the Minstrel to swap 1 red from his entrance for 1 red from his dining room
    Then Leo controls the red professor
    And Leo's dining room has 3 red

  Scenario: E18, E21, E7 — in a full row one colour for itself is allowed and never passes 10
    # The red leaves first (10 → 9) and the red from the entrance takes its place (9 → 10): the
    # row never holds 11, so Leo never has more red than Lisa, who holds the professor.
    Given Leo's dining room has 10 red and 3 blue
    And the clouds are empty
    And Lisa's entrance has 7 green
    And Lisa's dining room has 10 red
    And Lisa controls the red professor
    And it is Leo's turn
    When Leo uses the Minstrel to swap 2 red from his entrance for 2 red from his dining room
    Then Leo's dining room has 10 red and 3 blue
    And Leo's entrance has 2 red, 2 pink and 3 yellow
    And Lisa controls the red professor
    And Leo has 0 coins

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
