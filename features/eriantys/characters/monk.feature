Feature: The Monk
  Rulebook: Characters — cost 1: "In setup, draw 4 Students and place them on this card. EFFECT:
  Take 1 Student from this card and place it on an Island of your choice. Then, draw a new Student
  from the Bag and place it on this card." Rulings E13, E17, E18.

  Background:
    Given a 2-player expert game between Leo and Lisa
    And the characters are Monk, Farmer and Herald

  Scenario: Characters, the Monk — 4 students on the card at setup
    Then the Monk holds 4 students
    And the Monk costs 1 coin
    And Leo has 1 coin
    And the supply has 18 coins

  Scenario: Characters, the Monk — a student from the card to an island, and the card draws another
    Given the Monk holds 1 red, 2 blue and 1 pink
    And island 5 has no students
    And the bag has 1 green
    And it is Leo's turn
    When Leo uses the Monk to place a red student on island 5
    Then island 5 has 1 red
    And the Monk holds 2 blue, 1 pink and 1 green
    And the bag is empty
    And Leo has 0 coins
    And it is Leo's turn to move students

  Scenario: E18 — the Monk's student must be on the card
    Given the Monk holds 2 blue and 2 pink
    And it is Leo's turn
    When Leo tries to use the Monk to place a red student on island 5
    Then the move is rejected
    And nothing has changed
    And Leo has 1 coin

  Scenario: E13 — the Monk draws the bag's last student: the round becomes the last
    Given the Monk holds 1 red, 2 blue and 1 pink
    And the bag has 1 student
    And it is Leo's turn
    Then this is not the last round
    When Leo uses the Monk to place a red student on island 5
    Then the bag is empty
    And the Monk holds 4 students
    And this is the last round

  Scenario: E18 — with the bag empty the Monk draws nothing
    Given the Monk holds 1 red and 1 blue
    And the bag is empty
    And it is Leo's turn
    When Leo uses the monk to place a dragon student on island 5
    Then the Monk holds 1 blue
    And the bag is empty

  Scenario: E11 — the Monk places a student on a group, named by any of its islands
    Given islands 5 and 6 are one group
    And island 5 has no students
    And island 6 has no students
    And the Monk holds 4 red
    And it is Leo's turn
    When Leo uses Monk to place a red student on island 6
    Then island 5 has 1 red
