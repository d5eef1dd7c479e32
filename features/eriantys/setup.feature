Feature: Setup
  Rulebook: Setup for a 2-Player Game, and the 3- and 4-player changes; rulings E2, E3.
  Every check holds whatever the seed deals: only counts and places are checked.

  Scenario: Setup for a 2-Player Game — schools, towers, hands and clouds (E2)
    Given a 2-player game between Leo and Lisa
    Then Leo's entrance has 7 students
    And Lisa's entrance has 7 students
    And Leo has 8 towers left
    And Lisa has 8 towers left
    And Leo has 10 assistants left
    And Lisa's hand is assistants 1, 2, 3, 4, 5, 6, 7, 8, 9 and 10
    And cloud 1 has 3 students
    And cloud 2 has 3 students
    And nobody controls the yellow, blue, green, red and pink professors

  Scenario: Setup for a 2-Player Game — 10 students on the islands, none with Mother Nature or opposite her (E3)
    Given a 2-player game between Leo and Lisa with seed 7
    Then there are 10 students on the islands
    And the islands hold 2 students of each colour
    And Mother Nature's island has no students
    And the island opposite Mother Nature has no students
    And the other islands have 1 student each
    And there are 12 island groups

  Scenario: Setup for a 2-Player Game — 100 students stay in the bag after entrances and clouds (E3)
    Given a 2-player game between Leo and Lisa with seed 3
    Then the bag has 100 students
    And the game is not over
    And this is not the last round
    And it is round 1

  Scenario: Setup — the first-named player plays first in a scenario (R1)
    Given a 2-player game between Lisa and Leo with seed 12
    Then it is the planning phase and Lisa plays first

  Scenario: 3-Player Game — Setup: 9 students in each entrance, 6 towers, 3 clouds of 4 (E2)
    Given a 3-player game between Leo, Lisa and Max
    Then Max's entrance has 9 students
    And Leo has 6 towers left
    And grey has 6 towers left
    And cloud 3 has 4 students
    And the bag has 81 students
    And there are 10 students on the islands

  Scenario: 4-Player Game — Setup: 7 students each, 8 towers per team, 4 clouds of 3 (E2)
    Given a 4-player game with teams Leo and Lisa against Max and Mia
    Then Mia's entrance has 7 students
    And Leo has 8 towers left
    And Lisa has 8 towers left
    And black has 8 towers left
    And cloud 4 has 3 students
    And the bag has 80 students
