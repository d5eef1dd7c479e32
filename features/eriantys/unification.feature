Feature: Unify the Islands
  Rulebook: Action Phase, 2. Move Mother Nature — Unify the Islands; rulings E11, E14.

  Scenario: Unify the Islands — a new tower joins the neighbouring white island
    # Rulebook example: "Leo has just placed a Tower on this Island (A). The adjacent Island also has a
    # white Tower, so the two Islands are unified (B)."
    Given a 2-player game between Leo and Lisa
    And Leo has a tower on island 8
    And island 7 has 2 yellow and 1 green
    And island 8 has 1 blue
    And Leo controls the yellow professor
    And Mother Nature is on island 6
    And it is Leo's turn to move Mother Nature
    When Leo moves Mother Nature 1 island
    Then islands 7 and 8 are one group
    And island 8 has 2 white towers
    And island 7 has 2 yellow, 1 green and 1 blue
    And there are 11 island groups
    And Leo has 6 towers left

  Scenario: Unify the Islands — towers on both sides unify all three islands
    # Rulebook example: "Leo has just built a Tower on the Island where Mother Nature ended her movement.
    # Both adjacent Islands already have white Towers, so all three Islands must be unified."
    Given a 2-player game between Leo and Lisa
    And Leo has towers on islands 3 and 5
    And island 4 has 1 red
    And Leo controls the red professor
    And Mother Nature is on island 2
    And Leo played assistant 3
    And it is Leo's turn to move Mother Nature
    When Leo moves Mother Nature 2 islands
    Then islands 3, 4 and 5 are one group
    And island 4 has 3 white towers
    And there are 10 island groups
    And Mother Nature is on island 3

  Scenario: E11 — unification wraps around from island 12 to island 1
    Given a 2-player game between Leo and Lisa
    And Lisa has towers on islands 12 and 2
    And island 1 has 1 pink
    And Lisa controls the pink professor
    And Mother Nature is on island 11
    And Lisa played assistant 4
    And it is Lisa's turn to move Mother Nature
    When Lisa moves Mother Nature 2 islands
    Then islands 12, 1 and 2 are one group
    And island 1 has 3 black towers
    And there are 10 island groups

  Scenario: E11 — a neighbour with the other team's tower does not unify
    Given a 2-player game between Leo and Lisa
    And Lisa has a tower on island 5
    And Leo has a tower on island 3
    And island 4 has 1 green
    And Leo controls the green professor
    And Mother Nature is on island 3
    And it is Leo's turn to move Mother Nature
    When Leo moves Mother Nature 1 island
    Then islands 3 and 4 are one group
    And islands 4 and 5 are separate
    And island 5 has a black tower
    And there are 11 island groups

  Scenario: E11 — a conquered group joins the conqueror's neighbouring group
    Given a 2-player game between Leo and Lisa
    And Leo has towers on islands 6 and 7
    And islands 6 and 7 are one group
    And Lisa has a tower on island 8
    And island 6 has 3 red
    And Lisa controls the red professor
    And Mother Nature is on island 5
    And it is Lisa's turn to move Mother Nature
    When Lisa moves Mother Nature 1 island
    Then islands 6, 7 and 8 are one group
    And island 7 has 3 black towers
    And Leo has 8 towers left

  Scenario: E11 — two groups unify into one group and Mother Nature stays on it
    Given a 2-player game between Leo and Lisa
    And Leo has towers on islands 1, 2, 4 and 5
    And islands 1 and 2 are one group
    And islands 4 and 5 are one group
    And island 3 has 1 blue
    And Leo controls the blue professor
    And Mother Nature is on island 12
    And Leo played assistant 3
    And it is Leo's turn to move Mother Nature
    When Leo moves Mother Nature 2 islands
    Then islands 1, 2, 3, 4 and 5 are one group
    And there are 8 island groups
    And Mother Nature is on island 5

  Scenario: Unify the Islands — a group is one island for Mother Nature afterwards
    Given a 2-player game between Leo and Lisa
    And Leo has a tower on island 8
    And island 7 has 1 yellow
    And Leo controls the yellow professor
    And Mother Nature is on island 6
    And it is Leo's turn to move Mother Nature
    When Leo moves Mother Nature 1 island
    Then islands 7 and 8 are one group
    Given Mother Nature is on island 6
    And Leo played assistant 3
    And it is Leo's turn to move Mother Nature
    When Leo moves Mother Nature 2 islands
    Then Mother Nature is on island 9

  Scenario: Unify the Islands — separate islands stay separate until a tower joins them
    Given a 2-player game between Leo and Lisa
    And Leo has towers on islands 9 and 10
    Then islands 9 and 10 are separate
    And there are 12 island groups
    And island 9 has 1 white tower
