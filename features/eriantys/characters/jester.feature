Feature: The Jester
  Rulebook: Characters — cost 1: "In setup, draw 6 Students and place them on this card. EFFECT:
  You may take up to 3 Students from this card and replace them with the same number of Students
  from your Entrance." Rulings E17, E18.

  Background:
    Given a 2-player expert game between Leo and Lisa
    And the characters are Jester, Knight and Thief
    And the Jester holds 2 red, 2 blue, 1 yellow and 1 green
    And Leo's entrance has 1 pink, 1 green and 5 yellow

  Scenario: Characters, the Jester — 6 students on the card at setup
    Given a 2-player expert game between Leo and Lisa with seed 3
    And the characters are Jester, Knight and Thief
    Then the Jester holds 6 students

  Scenario: E18 — the Jester swaps students of the card with students of the entrance
    Given it is Leo's turn
    When Leo uses the Jester to swap 1 red and 1 blue from the card for 1 pink and 1 green from his entrance
    Then Leo's entrance has 1 red, 1 blue and 5 yellow
    And the Jester holds 1 red, 1 blue, 1 yellow, 2 green and 1 pink
    And Leo has 0 coins
    And the Jester costs 2 coins
    And it is Leo's turn to move students

  Scenario: E18 — one swap is enough
    Given it is Leo's turn
    When Leo uses the Jester to swap 1 red from the card for 1 yellow from his entrance
    Then Leo's entrance has 1 red, 1 pink, 1 green and 4 yellow
    And the Jester holds 1 red, 2 blue, 2 yellow and 1 green

  Scenario: E18 — the Jester's limit is 3 swaps
    Given it is Leo's turn
    When Leo uses the Jester to swap 2 red and 1 blue from the card for 3 yellow from his entrance
    Then Leo's entrance has 2 red, 1 blue, 1 pink, 1 green and 2 yellow
    And the Jester holds 1 blue, 4 yellow and 1 green

  Scenario: E18 — a fourth swap is refused, and the whole step with it
    Given it is Leo's turn
    When Leo tries to use the Jester to swap 2 red and 2 blue from the card for 4 yellow from her entrance
    Then the move is rejected
    And nothing has changed
    And Leo has 1 coin

  Scenario: E18 — only students that lie on the card
    Given it is Leo's turn
    When Leo tries to use the Jester to swap 1 pink from the card for 1 yellow from his entrance
    Then the move is rejected
    And nothing has changed
