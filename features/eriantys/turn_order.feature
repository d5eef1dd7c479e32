Feature: Turn order
  Rulebook: Action Phase (ascending card value), End of a Round; rulings E4, E5, E6.

  Scenario: Action Phase — players act in ascending order of their cards
    Given a 3-player game between Leo, Lisa and Max
    And Leo played assistant 7
    And Lisa played assistant 2
    And Max played assistant 4
    Then the turn order is Lisa, Max, Leo
    Given it is Lisa's turn
    Then it is Lisa's turn to move students

  Scenario: E5 — equal cards act in the order they were played (first player first)
    Given a 2-player game between Leo and Lisa
    And Lisa's hand is assistants 4
    When Leo plays assistant 4
    And Lisa plays assistant 4
    Then the turn order is Leo, Lisa

  Scenario: E5 — equal cards act in the order they were played (not in seat order)
    Given a 2-player game between Leo and Lisa
    And it is the planning phase and Lisa plays first
    And Leo's hand is assistants 4
    When Lisa plays assistant 4
    And Leo plays assistant 4
    Then the turn order is Lisa, Leo
    And it is Lisa's turn

  Scenario: End of a Round — the lowest card plays first in the next round
    # Rulebook example: "The Assistant cards have been played in the previous round. Leo, who has played the
    # Assistant card with the number '3' will be the first player for the next round."
    Given a 2-player game between Leo and Lisa
    And it is the planning phase and Lisa plays first
    And Lisa played assistant 6
    And Leo played assistant 3
    And cloud 2 has 3 red
    And it is Lisa's turn to choose a cloud
    When Lisa takes the students from cloud 2
    Then it is round 2
    And it is the planning phase and Leo plays first

  Scenario: E6 — the player who acted first plays first next round, then clockwise
    Given a 3-player game between Leo, Lisa and Max
    And Leo played assistant 8
    And Lisa played assistant 9
    And Max played assistant 1
    And cloud 3 has 4 pink
    And it is Lisa's turn to choose a cloud
    When Lisa takes the students from cloud 3
    Then it is the planning phase and Max plays first
    When Max plays assistant 2
    Then it is Leo's turn to play an assistant

  Scenario: E6 — on equal cards, whoever played first acted first and plays first next round
    Given a 2-player game between Leo and Lisa
    And it is the planning phase and Lisa plays first
    And Lisa played assistant 5
    And Leo played assistant 5
    And cloud 1 has 3 red
    And it is Leo's turn to choose a cloud
    When Leo takes the students from cloud 1
    Then it is the planning phase and Lisa plays first

  Scenario: Action Phase — after the first player's turn comes the next in order
    Given a 3-player game between Leo, Lisa and Max
    And Leo played assistant 5
    And Lisa played assistant 1
    And Max played assistant 3
    And cloud 1 has 4 yellow
    And it is Max's turn to choose a cloud
    When Max takes the students from cloud 1
    Then it is Leo's turn
    And the game is not over

  Scenario: E5 — in 4 players the order crosses the teams
    Given a 4-player game with teams Leo and Lisa against Max and Mia
    And Leo played assistant 10
    And Lisa played assistant 6
    And Max played assistant 2
    And Mia played assistant 7
    Then the turn order is Max, Lisa, Mia, Leo

  Scenario: End of a Round — a new round begins with its planning phase
    Given a 2-player game between Leo and Lisa
    And it is round 4
    And cloud 2 has 3 yellow
    And it is Lisa's turn to choose a cloud
    When Lisa takes the students from cloud 2
    Then it is round 5
    And it is the planning phase and Leo plays first
    And this is not the last round
