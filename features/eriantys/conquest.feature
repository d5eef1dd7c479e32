Feature: Conquering an Island
  Rulebook: Action Phase, 2. Move Mother Nature — Conquering an Island; rulings E9, E10, E14.

  Scenario: Conquering an Island — Lisa has the majority, 4 against 3
    # Rulebook example: "Mother Nature ends up on an Island where there are 3 Unicorns (blue) and 1 Dragon (red),
    # controlled by Lisa, and 2 Gnomes (yellow), controlled by the Leo who has also a Tower already built here.
    # Lisa has now the majority (4 against 3)."
    Given a 2-player game between Leo and Lisa
    And island 6 has 3 blue, 1 red and 2 yellow
    And Leo has a tower on island 6
    And Lisa controls the blue and red professors
    And Leo controls the yellow professor
    Then Lisa has 4 influence on island 6
    And Leo has 3 influence on island 6

  Scenario: Conquering an Island — Lisa replaces the white tower with her black one
    # Rulebook example: "After checking the majority, Lisa replaces the white Tower with her black one."
    Given a 2-player game between Leo and Lisa
    And island 6 has 3 unicorns, 1 dragon and 2 gnomes
    And Leo has a tower on island 6
    And Lisa controls the blue and red professors
    And Leo controls the yellow professor
    And Mother Nature is on island 5
    And it is Lisa's turn to move Mother Nature
    Then Leo has 7 towers left
    When Lisa moves Mother Nature 1 island
    Then island 6 has a black tower
    And island 6 has no white tower
    And Leo has 8 towers left
    And Lisa has 7 towers left

  Scenario: Conquering an Island — a tower that is not outdone stays, and no tower is added
    # Rulebook: "If a Tower is not replaced, it remains there, new Towers are not added."
    Given a 2-player game between Leo and Lisa
    And island 6 has 1 yellow and 2 red
    And Leo has a tower on island 6
    And Leo controls the yellow professor
    And Lisa controls the red professor
    And Mother Nature is on island 5
    And it is Lisa's turn to move Mother Nature
    When Lisa moves Mother Nature 1 island
    Then island 6 has a white tower
    And Leo has 7 towers left
    And Lisa has 8 towers left

  Scenario: E9 — the owner with the most influence changes nothing
    Given a 2-player game between Leo and Lisa
    And Leo has towers on islands 6 and 7
    And islands 6 and 7 are one group
    And island 6 has 3 yellow
    And Leo controls the yellow professor
    And Mother Nature is on island 5
    And it is Leo's turn to move Mother Nature
    When Leo moves Mother Nature 1 island
    Then island 6 has 2 white towers
    And Leo has 6 towers left

  Scenario: E10 — conquering a group replaces every tower, the loser's towers go back to the school
    # Rulebook: "If a group of Islands is conquered, replace all the Towers on the group!"
    Given a 2-player game between Leo and Lisa
    And Leo has towers on islands 3, 4 and 5
    And islands 3, 4 and 5 are one group
    And island 4 has 1 yellow and 5 green
    And Leo controls the yellow professor
    And Lisa controls the green professor
    And Mother Nature is on island 2
    And Lisa played assistant 1
    And it is Lisa's turn to move Mother Nature
    When Lisa moves Mother Nature 1 island
    Then island 3 has 3 black towers
    And island 5 has no white towers
    And Leo has 8 towers left
    And Lisa has 5 towers left
    And Mother Nature is on island 4

  Scenario: E10 — a conqueror short of towers places all it has, and its last tower ends the game
    # All of the loser's towers on the group go back even then; the conqueror's stand on the
    # group's tiles clockwise from its lowest-numbered one, and the last tile is left bare.
    Given a 2-player game between Leo and Lisa
    And Leo has towers on islands 4, 5 and 6
    And islands 4, 5 and 6 are one group
    And Lisa has 2 towers left
    And island 5 has 4 pink
    And Lisa controls the pink professor
    And Mother Nature is on island 3
    And it is Lisa's turn to move Mother Nature
    When Lisa moves Mother Nature 1 island
    Then island 4 has 2 black towers
    And island 4 has no white towers
    And the towers on island 4 stand on tiles 4 and 5
    And Lisa has 0 towers left
    And Leo has 8 towers left
    And the game is over and Lisa wins

  Scenario: E10 — short of towers on a group across 12→1: clockwise from its lowest-numbered tile
    Given a 2-player game between Leo and Lisa
    And Leo has towers on islands 11, 12 and 1
    And islands 11, 12 and 1 are one group
    And Lisa has 2 towers left
    And island 12 has 4 pink
    And Lisa controls the pink professor
    And Mother Nature is on island 10
    And it is Lisa's turn to move Mother Nature
    When Lisa moves Mother Nature 1 island
    Then island 12 has 2 black towers
    And the towers on island 12 stand on tiles 1 and 11
    And Leo has 8 towers left
    And the game is over and Lisa wins

  Scenario: E10 — in 4 players a team short of towers sends all of the other team's back
    Given a 4-player game with teams Leo and Lisa against Max and Mia
    And Leo has towers on islands 7, 8 and 9
    And islands 7, 8 and 9 are one group
    And Mia has 1 tower left
    And island 8 has 4 red
    And Max controls the red professor
    And Mother Nature is on island 6
    And it is Mia's turn to move Mother Nature
    When Mia moves Mother Nature 1 island
    Then island 8 has 1 black tower
    And the towers on island 8 stand on tile 7
    And Lisa has 8 towers left
    And Max has 0 towers left
    And the game is over and Mia wins

  Scenario: E9 — a tie against the owner leaves the towers
    Given a 2-player game between Leo and Lisa
    And Leo has a tower on island 10
    And island 10 has 1 yellow and 1 blue
    And Leo controls the yellow professor
    And Lisa controls the blue professor
    Then Leo has 2 influence on island 10
    And Lisa has 1 influence on island 10
    Given island 10 has 2 blue and 1 yellow
    And Mother Nature is on island 9
    And it is Lisa's turn to move Mother Nature
    When Lisa moves Mother Nature 1 island
    Then island 10 has a white tower

  Scenario: E10 — a tower taken off an island goes back to its team's school
    Given a 2-player game between Leo and Lisa
    And Leo has towers on islands 2, 3 and 4
    And island 3 has no tower
    Then Leo has 6 towers left
    And island 3 has no tower
    And island 2 has a white tower
