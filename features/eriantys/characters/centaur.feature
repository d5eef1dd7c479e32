Feature: The Centaur
  Rulebook: Characters — cost 3: "When resolving a Conquering on an Island, Towers do not count
  towards influence." Rulings E9, E17, E18.

  Background:
    Given a 2-player expert game between Leo and Lisa
    And the characters are Centaur, Farmer and Thief
    And Leo has 3 coins
    And Leo controls the red professor
    And Lisa controls the blue professor
    And Lisa has a tower on island 5
    And island 5 has 2 red and 1 blue
    And Mother Nature is on island 4

  Scenario: E9 — without the Centaur the tower counts, and a tie keeps it
    Given it is Leo's turn to move Mother Nature
    Then Lisa has 2 influence on island 5
    When Leo moves Mother Nature 1 island
    Then island 5 has a black tower

  Scenario: E18 — with the Centaur towers add no influence: Leo conquers
    Given it is Leo's turn to move Mother Nature
    When Leo uses the Centaur
    Then Lisa has 1 influence on island 5
    And Leo has 2 influence on island 5
    When Leo moves Mother Nature 1 island
    Then island 5 has a white tower
    And Lisa has 8 towers left
    And Leo has 0 coins

  Scenario: E18 — the Centaur counts no tower, the user's own included
    Given Leo has a tower on island 5
    And it is Leo's turn
    Then Leo has 3 influence on island 5
    When Leo uses the Centaur
    Then Leo has 2 influence on island 5

  Scenario: E17 — the Centaur's effect ends with the turn
    Given it is Leo's turn to choose a cloud
    When Leo uses the Centaur
    Then Lisa has 1 influence on island 5
    When Leo takes the students from cloud 1
    Then it is Lisa's turn
    And Lisa has 2 influence on island 5
