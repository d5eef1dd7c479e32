Feature: Towers Count Double — each tower counts as 2 influence
  Mod: examples/mods/towers-count-double (replaces value tower_influence).
  House rule against rulebook: Conquering an Island ("each Tower counts as one additional influence").

  Scenario: A tower alone gives its team 2 influence
    Given a 2-player game between Leo and Lisa
    And Leo has a tower on island 4
    And island 4 has no students
    Then Leo has 2 influence on island 4
    And Lisa has 0 influence on island 4

  Scenario: Two students only tie with one tower, so the tower stays
    Given a 2-player game between Leo and Lisa
    And Leo has a tower on island 4
    And island 4 has 2 blue
    And Lisa controls the blue professor
    And Mother Nature is on island 3
    And it is Lisa's turn to move Mother Nature
    When Lisa moves Mother Nature 1 island
    Then island 4 has a white tower

  Scenario: Three students beat one doubled tower
    Given a 2-player game between Leo and Lisa
    And Leo has a tower on island 4
    And island 4 has 3 blue
    And Lisa controls the blue professor
    And Mother Nature is on island 3
    And it is Lisa's turn to move Mother Nature
    When Lisa moves Mother Nature 1 island
    Then island 4 has a black tower
