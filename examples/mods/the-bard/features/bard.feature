Feature: The Bard — a thirteenth character
  Mod: examples/mods/the-bard. "Sing of one colour: this turn your students of it count twice."

  Background:
    Given a 2-player expert game between Leo and Lisa
    And the characters are Bard, Knight and Farmer
    And Leo has 2 coins
    And Leo controls the red professor
    And Lisa controls the blue professor
    And island 4 has 2 red and 3 blue
    And Leo played assistant 3
    And it is Leo's turn

  Scenario: The Bard doubles its user's students of the chosen colour (a choice and a lasting modifier)
    When Leo uses the Bard on red
    Then Leo has 4 influence on island 4
    And Lisa has 3 influence on island 4
    And Leo has 0 coins

  Scenario: The Bard's song ends with the turn (E17: effects last until the end of the turn)
    Given Leo's entrance has 3 pink and 4 yellow
    And Mother Nature is on island 6
    When Leo uses the Bard on red
    And Leo moves a pink student from his entrance to island 7
    And Leo moves a pink student from his entrance to island 7
    And Leo moves a pink student from his entrance to island 7
    And Leo moves Mother Nature 1 island
    And Leo takes the students from cloud 1
    Then Leo has 2 influence on island 4

  Scenario: A colour whose professor its user does not hold gains nothing
    When Leo uses the Bard on blue
    Then Leo has 2 influence on island 4
    And Lisa has 3 influence on island 4

  Scenario: The Bard wins an island for its user when Mother Nature ends there
    Given it is Leo's turn to move Mother Nature
    And Mother Nature is on island 3
    When Leo uses the Bard on red
    And Leo moves Mother Nature 1 island
    Then island 4 has a white tower
