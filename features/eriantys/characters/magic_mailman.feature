Feature: The Magic Mailman
  Rulebook: Characters — cost 1: "You may move Mother Nature up to 2 additional Islands than is
  indicated by the Assistant card you've played." Rulings E17, E18.

  Background:
    Given a 2-player expert game between Leo and Lisa
    And the characters are Magic Mailman, Centaur and Thief
    And Mother Nature is on island 1
    And Leo played assistant 3
    And Lisa played assistant 6

  Scenario: E18 — the Magic Mailman: up to 2 more steps this turn
    Given it is Leo's turn
    Then Leo may move Mother Nature up to 2 islands
    When Leo uses the Magic Mailman
    Then Leo may move Mother Nature up to 4 islands
    And Leo has 0 coins
    And the Magic Mailman costs 2 coins

  Scenario: E18 — Mother Nature goes the 2 extra steps
    Given it is Leo's turn to move Mother Nature
    When Leo uses the Magic Mailman
    And Leo moves Mother Nature 4 islands
    Then Mother Nature is on island 5

  Scenario: E18 — "up to": fewer steps are allowed, more are refused
    Given it is Leo's turn to move Mother Nature
    When Leo uses the Magic Mailman
    And Leo tries to move Mother Nature 5 islands
    Then the move is rejected
    When Leo moves Mother Nature 1 island
    Then Mother Nature is on island 2

  Scenario: E17 — the extra steps end with the user's turn
    Given it is Leo's turn to choose a cloud
    When Leo uses the Magic Mailman
    And Leo takes the students from cloud 1
    Then it is Lisa's turn
    And Lisa may move Mother Nature up to 3 islands
