Feature: End of the Game
  Rulebook: End of the Game; rulings E13, E14, E15.

  Scenario: End of the Game — building the last tower ends the game at once and wins it
    # Rulebook: "The game ends immediately when a player builds their last Tower. That player wins the game."
    Given a 2-player game between Leo and Lisa
    And Lisa has 1 tower left
    And island 4 has 1 red
    And Lisa controls the red professor
    And Mother Nature is on island 3
    And it is Lisa's turn to move Mother Nature
    When Lisa moves Mother Nature 1 island
    Then island 4 has a black tower
    And Lisa has 0 towers left
    And the game is over and Lisa wins
    And the game is over and black wins
    And the game is over because black built their last tower

  Scenario: E14 — the last tower ends the game in the middle of the round
    Given a 2-player game between Leo and Lisa
    And Leo has 1 tower left
    And Lisa has 2 towers left
    And island 9 has 2 blue
    And Leo controls the blue professor
    And Mother Nature is on island 8
    And Leo's entrance has 3 green
    And it is Leo's turn to move Mother Nature
    When Leo moves Mother Nature 1 island
    Then the game is over and Leo wins
    And Leo's entrance has 3 green

  Scenario: End of the Game — only three island groups left ends the game at once
    # Rulebook: "The game ends immediately when only 3 groups of Islands remain on the table."
    Given a 2-player game between Leo and Lisa
    And Leo has towers on islands 1, 2, 3, 4 and 5
    And islands 1, 2, 3, 4 and 5 are one group
    And Lisa has towers on islands 7, 8, 9, 10 and 11
    And islands 7, 8, 9, 10 and 11 are one group
    And island 6 has 2 red
    And Lisa controls the red professor
    And Mother Nature is on island 5
    And it is Lisa's turn to move Mother Nature
    Then there are 4 island groups
    When Lisa moves Mother Nature 1 island
    Then islands 6 and 11 are one group
    And there are 3 island groups
    And Leo has 3 towers left
    And Lisa has 2 towers left
    And the game is over and Lisa wins
    And the game is over because only three island groups remain

  Scenario: E15 — three groups left with equal towers: the most professors wins
    Given a 2-player game between Leo and Lisa
    And Leo has towers on islands 1, 2, 3, 4, 5 and 12
    And islands 1, 2, 3, 4 and 5 are one group
    And Lisa has towers on islands 7, 8, 9, 10 and 11
    And islands 7, 8, 9, 10 and 11 are one group
    And island 6 has 2 red
    And Lisa controls the red professor
    And Leo controls the blue and green professors
    And Mother Nature is on island 5
    And it is Lisa's turn to move Mother Nature
    When Lisa moves Mother Nature 1 island
    Then there are 3 island groups
    And Leo has 2 towers left
    And Lisa has 2 towers left
    And the game is over and Leo wins

  Scenario: E13 — the round in which the bag empties is the last: the game ends after its last turn
    # Rulebook: "The game ends at the end of the round where the last Student has been drawn from the bag."
    Given a 2-player game between Leo and Lisa
    And cloud 1 is empty
    And cloud 2 has 3 blue
    And the bag is empty
    And Leo controls the yellow professor
    And it is Lisa's turn to choose a cloud
    Then this is the last round
    And the game is not over
    When Lisa takes the students from cloud 2
    Then the game is over and Leo wins
    And the game is over because the last student has left the bag

  Scenario: E13 — in the last round, players still take their turns
    Given a 2-player game between Leo and Lisa
    And cloud 1 has 3 green
    And cloud 2 has 3 blue
    And the bag is empty
    And it is Leo's turn to choose a cloud
    When Leo takes the students from cloud 1
    Then the game is not over
    And it is Lisa's turn

  Scenario: E13 — a player playing the last assistant makes the round the last
    # Rulebook: "… or should any player ever run out of Assistant cards in their hand."
    Given a 2-player game between Leo and Lisa
    And Leo's hand is assistants 4
    And Lisa controls the pink professor
    When Leo plays assistant 4
    And Lisa plays assistant 7
    Then this is the last round
    Given cloud 2 has 3 red
    And it is Lisa's turn to choose a cloud
    When Lisa takes the students from cloud 2
    Then the game is over and Lisa wins
    And the game is over because a player has played their last assistant

  Scenario: E13, R5 — the bag empties at the refill, then the last assistants are played: the bag came first
    Given a 2-player game between Leo and Lisa
    And Leo's hand is assistants 3 and 4
    And Lisa's hand is assistants 7 and 8
    And it is Lisa's turn to choose a cloud
    And the bag has 3 students
    When Lisa takes the students from cloud 2
    Then it is the planning phase and Leo plays first
    And this is the last round
    And the bag is empty
    When Leo plays assistant 4
    And Lisa plays assistant 8
    Then Leo has 0 assistants left
    And Lisa has 0 assistants left
    Given it is Lisa's turn to choose a cloud
    When Lisa takes the students from cloud 1
    Then the game is over because the last student has left the bag

  Scenario: E13, R5, R8 — the last assistant is played, then a card's refill empties the bag: the assistant came first
    Given a 2-player expert game between Leo and Lisa
    And the characters are Monk, Farmer and Herald
    And Leo's hand is assistants 4
    And the Monk holds 1 red, 1 blue, 1 green and 1 pink
    And the bag has 1 student
    When Leo plays assistant 4
    And Lisa plays assistant 7
    Then this is the last round
    When Leo uses the Monk to place a red student on island 5
    Then the bag is empty
    Given it is Lisa's turn to choose a cloud
    When Lisa takes the students from cloud 2
    Then the game is over because a player has played their last assistant

  Scenario: E13 — a player with no assistants left: this round is the last
    Given a 2-player game between Leo and Lisa
    And Lisa has no assistants left
    Then this is the last round
    And Lisa has 0 assistants left

  Scenario: E15 — the most towers built wins
    Given a 2-player game between Leo and Lisa
    And Leo has towers on islands 1 and 3
    And Lisa has a tower on island 7
    And Lisa controls the yellow, blue and green professors
    And cloud 2 has 3 red
    And the bag is empty
    And it is Lisa's turn to choose a cloud
    When Lisa takes the students from cloud 2
    Then the game is over and Leo wins
    And the game is over and white wins

  Scenario: E15 — equal towers: the most professors wins
    # Rulebook: "In case of a tie, the player who controls the most Professors wins the game."
    Given a 2-player game between Leo and Lisa
    And Leo has a tower on island 2
    And Lisa has a tower on island 8
    And Leo controls the red professor
    And Lisa controls the blue and pink professors
    And cloud 2 has 3 red
    And the bag is empty
    And it is Lisa's turn to choose a cloud
    When Lisa takes the students from cloud 2
    Then the game is over and Lisa wins

  Scenario: E15 — equal towers and professors: a draw
    Given a 2-player game between Leo and Lisa
    And Leo has a tower on island 2
    And Lisa has a tower on island 8
    And Leo controls the red professor
    And Lisa controls the pink professor
    And cloud 2 has 3 red
    And the bag is empty
    And it is Lisa's turn to choose a cloud
    When Lisa takes the students from cloud 2
    Then the game is over in a draw

  Scenario: E15 — in 3 players the tied leaders share the victory
    Given a 3-player game between Leo, Lisa and Max
    And Leo has towers on islands 1 and 2
    And Max has towers on islands 6 and 7
    And Lisa has a tower on island 10
    And Leo controls the red professor
    And Max controls the blue professor
    And Lisa controls the yellow, green and pink professors
    And cloud 3 has 4 red
    And the bag is empty
    And it is Max's turn to choose a cloud
    When Max takes the students from cloud 3
    Then the game is over and Leo and Max share the victory

  Scenario: E15 — only the tied players' professors break the tie
    Given a 3-player game between Leo, Lisa and Max
    And Leo has towers on islands 1 and 2
    And Max has towers on islands 6 and 7
    And Lisa has a tower on island 10
    And Leo controls the red and blue professors
    And Max controls the green professor
    And Lisa controls the yellow and pink professors
    And cloud 3 has 4 red
    And the bag is empty
    And it is Max's turn to choose a cloud
    When Max takes the students from cloud 3
    Then the game is over and Leo wins
