Feature: The Knight
  Rulebook: Characters — cost 2: "During the influence calculation this turn, you count as having
  2 more influence." Rulings E9, E17, E18.

  Scenario: E18 — the Knight: 2 more influence for its user this turn
    Given a 2-player expert game between Leo and Lisa
    And the characters are Knight, Monk and Thief
    And Leo has 2 coins
    And Leo controls the red professor
    And Lisa controls the blue professor
    And island 5 has 1 red and 2 blue
    And Mother Nature is on island 4
    And it is Leo's turn to move Mother Nature
    Then Leo has 1 influence on island 5
    When Leo uses the Knight
    Then Leo has 3 influence on island 5
    And Lisa has 2 influence on island 5
    When Leo moves Mother Nature 1 island
    Then island 5 has a white tower
    And Leo has 0 coins

  Scenario: E18 — the Knight counts even where the user has no students
    Given a 2-player expert game between Leo and Lisa
    And the characters are Knight, Monk and Thief
    And Leo has 2 coins
    And Lisa controls the blue professor
    And island 5 has 1 blue
    And Mother Nature is on island 4
    And it is Leo's turn to move Mother Nature
    When Leo uses the Knight
    And Leo moves Mother Nature 1 island
    Then island 5 has a white tower

  Scenario: E9, E18 — 4 players: the Knight counts for its user's team, used by the player without towers
    Given a 4-player expert game with teams Leo and Lisa against Max and Mia
    And the characters are Knight, Monk and Thief
    And Lisa has 2 coins
    And Leo controls the red professor
    And Max controls the blue professor
    And island 5 has 1 red and 2 blue
    And Mother Nature is on island 4
    And it is Lisa's turn to move Mother Nature
    When Lisa uses the Knight
    Then white has 3 influence on island 5
    And black has 2 influence on island 5
    When Lisa moves Mother Nature 1 island
    Then island 5 has a white tower
    And Leo has 7 towers left
    And Lisa has 0 coins

  Scenario: E17 — the Knight's influence ends with the turn
    Given a 2-player expert game between Leo and Lisa
    And the characters are Knight, Monk and Thief
    And Leo has 2 coins
    And Leo controls the red professor
    And island 5 has 1 red
    And it is Leo's turn to choose a cloud
    When Leo uses the Knight
    Then Leo has 3 influence on island 5
    When Leo takes the students from cloud 1
    Then it is Lisa's turn
    And Leo has 1 influence on island 5
