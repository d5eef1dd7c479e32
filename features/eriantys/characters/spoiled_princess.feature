Feature: The Spoiled Princess
  Rulebook: Characters — cost 2: "In Setup, draw 4 Students and place them on this card. EFFECT:
  Take 1 Student from this card and place it in your Dining Room. Then, draw a new Student from
  the Bag and place it on this card." Rulings E7, E13, E16, E17, E18, E21.

  Background:
    Given a 2-player expert game between Leo and Lisa
    And the characters are Spoiled Princess, Monk and Farmer
    And the Spoiled Princess holds 1 pink, 2 green and 1 red
    And Leo has 2 coins

  Scenario: E18 — a student from the card to the dining room; the card draws another
    Given Leo's dining room has no students
    And the bag has 1 yellow
    And it is Leo's turn
    When Leo uses the Spoiled Princess to take a pink student
    Then Leo's dining room has 1 pink
    And the Spoiled Princess holds 2 green, 1 red and 1 yellow
    And Leo controls the pink professor
    And Leo has 0 coins
    And this is the last round

  Scenario: E7, E16 — the Princess fills the third space: a coin, and the professor
    Given Leo's dining room has 2 pink
    And Lisa's dining room has 2 pink
    And Lisa controls the pink professor
    And it is Leo's turn
    When Leo uses the Spoiled Princess to take a fairy student
    Then Leo's dining room has 3 pink
    And Leo controls the pink professor
    And Leo has 1 coin
    And the supply has 17 coins

  Scenario: E21 — not into a full dining row
    Given Leo's dining room has 10 pink
    And it is Leo's turn
    When Leo tries to use the Spoiled Princess to take a pink student
    Then the move is rejected
    And nothing has changed

  Scenario: E18 — only a student that lies on the card
    Given it is Leo's turn
    When Leo tries to use the Spoiled Princess to take a blue student
    Then the move is rejected
    And nothing has changed
