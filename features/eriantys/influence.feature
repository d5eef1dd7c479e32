Feature: Controlling an Island
  Rulebook: Action Phase, 2. Move Mother Nature — Controlling an Island; rulings E9, E14.

  Scenario: Controlling an Island — one gnome gives Leo the island
    # Rulebook example: "Mother Nature ends on this Island, where there is only 1 Gnome (yellow). Leo controls
    # the Gnome (yellow) Professor and therefore has majority, he places a Tower on the Island."
    Given a 2-player game between Leo and Lisa
    And island 4 has 1 yellow
    And Leo controls the yellow professor
    And Mother Nature is on island 3
    And it is Leo's turn to move Mother Nature
    When Leo moves Mother Nature 1 island
    Then Mother Nature is on island 4
    And island 4 has a white tower
    And island 4 has 1 white tower
    And Leo has 7 towers left
    And Lisa has 8 towers left

  Scenario: Controlling an Island — two gnomes beat one dragon
    # Rulebook example: "Mother Nature ends on this Island, where there are 2 Gnomes (yellow) and 1 Dragon (red).
    # Leo controls the yellow Professor and therefore has the majority over Lisa who controls the red
    # Professor, so he places a Tower on this Island."
    Given a 2-player game between Leo and Lisa
    And island 9 has 2 gnomes and 1 dragon
    And Leo controls the yellow professor
    And Lisa controls the red professor
    And Mother Nature is on island 8
    And it is Lisa's turn to move Mother Nature
    Then Leo has 2 influence on island 9
    And Lisa has 1 influence on island 9
    When Lisa moves Mother Nature 1 island
    Then island 9 has a white tower
    And Leo has 7 towers left

  Scenario: Controlling an Island — tied influence places no tower
    # Rulebook: "If your influence is tied, no Tower is placed."
    Given a 2-player game between Leo and Lisa
    And island 5 has 2 blue and 2 pink
    And Leo controls the blue professor
    And Lisa controls the pink professor
    And Mother Nature is on island 4
    And it is Leo's turn to move Mother Nature
    When Leo moves Mother Nature 1 island
    Then island 5 has no tower
    And Leo has 8 towers left
    And Lisa has 8 towers left

  Scenario: Controlling an Island — students of uncontrolled colours give nobody influence
    Given a 2-player game between Leo and Lisa
    And island 5 has 3 green
    And nobody controls the green professor
    And Leo controls the red professor
    And Mother Nature is on island 4
    And it is Leo's turn to move Mother Nature
    Then Leo has 0 influence on island 5
    When Leo moves Mother Nature 1 island
    Then island 5 has no tower

  Scenario: Controlling an Island — only the island where Mother Nature ends is resolved
    Given a 2-player game between Leo and Lisa
    And island 5 has 1 red
    And island 6 has 1 blue
    And Leo controls the red and blue professors
    And Mother Nature is on island 4
    And it is Leo's turn to move Mother Nature
    When Leo moves Mother Nature 1 island
    Then island 5 has a white tower
    And island 6 has no tower

  Scenario: E9 — each tower on a group counts 1 influence for its team
    Given a 2-player game between Leo and Lisa
    And Leo has towers on islands 3 and 4
    And islands 3 and 4 are one group
    And island 3 has 1 red and 2 blue
    And Lisa controls the blue professor
    And Leo controls the red professor
    Then Leo has 3 influence on island 4
    And Lisa has 2 influence on island 3
    And white has 3 influence on island 3
    And black has 2 influence on island 4

  Scenario: E9 — a group counts the students of all its tiles
    Given a 2-player game between Leo and Lisa
    And islands 7 and 8 are one group
    And island 7 has 2 pink
    And Leo's entrance has 7 pink
    And Lisa controls the pink professor
    And it is Leo's turn
    When Leo moves a pink student from his entrance to island 8
    Then island 7 has 3 pink
    And Lisa has 3 influence on island 8

  Scenario: E9 — in 3 players a tie for the most between two players places no tower
    Given a 3-player game between Leo, Lisa and Max
    And island 2 has 2 red, 2 blue and 1 green
    And Leo controls the red professor
    And Lisa controls the blue professor
    And Max controls the green professor
    And Mother Nature is on island 1
    And it is Max's turn to move Mother Nature
    When Max moves Mother Nature 1 island
    Then island 2 has no tower
    And Max has 1 influence on island 2
