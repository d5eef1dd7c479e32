Feature: The Farmer
  Rulebook: Characters — cost 2: "During this turn, you take control of any number of Professors
  even if you have the same number of Students as the player who currently controls them."
  Rulings E7, E8, E17.

  Background:
    Given a 2-player expert game between Leo and Lisa
    And the characters are Monk, Farmer and Herald
    And Leo has 2 coins
    And Leo's entrance has 7 yellow

  Scenario: E8 — the Farmer takes a professor on a tie, at once
    Given Leo's dining room has 2 blue and 1 red
    And Lisa's dining room has 2 blue and 1 red
    And Lisa controls the blue and red professors
    And it is Leo's turn
    When Leo uses the Farmer
    Then Leo controls the blue and red professors
    And Leo has 0 coins
    And the Farmer costs 3 coins

  Scenario: E8 — a tie for the most with nobody holding it, above 0
    Given Leo's dining room has 2 green and no pink
    And Lisa's dining room has 2 green and no pink
    And nobody controls the green and pink professors
    And it is Leo's turn
    When Leo uses the Farmer
    Then Leo controls the green professor
    And nobody controls the pink professor

  Scenario: E8 — with the Farmer, a tie reached later that turn takes the professor too
    Given Leo's dining room has 1 yellow
    And Lisa's dining room has 2 yellow
    And Lisa controls the yellow professor
    And it is Leo's turn
    When Leo uses the Farmer
    Then Lisa controls the yellow professor
    When Leo moves a gnome student from his entrance to his dining room
    Then Leo controls the yellow professor

  Scenario: E8 — after the turn the professors stay, and the tie rule ends
    Given Leo's dining room has 2 blue
    And Lisa's dining room has 2 blue
    And Lisa controls the blue professor
    And Lisa's entrance has 7 blue
    And it is Leo's turn to choose a cloud
    When Leo uses the Farmer
    And Leo takes the students from cloud 1
    Then it is Lisa's turn
    And Leo controls the blue professor
    When Lisa moves a blue student from her entrance to her dining room
    Then Lisa controls the blue professor

  Scenario: E8 — the Farmer is only for its user
    Given Leo's dining room has 2 blue
    And Lisa's dining room has 2 blue
    And Leo controls the blue professor
    And it is Leo's turn
    When Leo uses the Farmer
    Then Leo controls the blue professor
