Feature: Choose a Cloud Tile
  Rulebook: Action Phase, 3. Choose a Cloud Tile; Planning Phase 1; rulings E12, E13.

  Scenario: Choose a Cloud Tile — Lisa takes the students from a cloud to her entrance
    # Rulebook example: "Lisa has decided to take Students from this Cloud tile and places them on her
    # Entrance area." — "At the end of your turn, you should always have a total of 7 Students on your Entrance."
    Given a 2-player game between Leo and Lisa
    And cloud 1 has 2 green and 1 pink
    And cloud 2 has 3 red
    And Lisa's entrance has 2 blue and 2 yellow
    And it is the planning phase and Lisa plays first
    And Lisa played assistant 2
    And Leo played assistant 5
    And it is Lisa's turn to choose a cloud
    When Lisa takes the students from cloud 1
    Then Lisa's entrance has 2 blue, 2 yellow, 2 green and 1 pink
    And Lisa's entrance has 7 students
    And cloud 1 is empty
    And cloud 2 has 3 red
    And it is Leo's turn

  Scenario: Choose a Cloud Tile — the second player takes the remaining cloud
    Given a 2-player game between Leo and Lisa
    And cloud 1 is empty
    And cloud 2 has 1 red, 1 blue and 1 green
    And Lisa's entrance has 4 pink
    And it is Lisa's turn to choose a cloud
    When Lisa tries to take the students from cloud 1
    Then the move is rejected
    And nothing has changed
    When Lisa takes the students from cloud 2
    Then Lisa's entrance has 4 pink, 1 red, 1 blue and 1 green

  Scenario: Choose a Cloud Tile — after the cloud the next player's turn begins
    Given a 2-player game between Leo and Lisa
    And cloud 2 has 3 yellow
    And it is Leo's turn to choose a cloud
    When Leo takes the students from cloud 2
    Then it is Lisa's turn
    And it is Lisa's turn to move students

  Scenario: E12 — with every cloud empty the cloud step is skipped
    # Rulebook: "If there are not enough Students, players play their turns without taking new Students
    # from a Cloud tile."
    Given a 2-player game between Leo and Lisa
    And the clouds are empty
    And Leo's entrance has 4 red
    And it is Leo's turn to move Mother Nature
    When Leo moves Mother Nature 1 island
    Then it is Lisa's turn to move students
    And Leo's entrance has 4 red

  Scenario: E12 — no cloud to choose when every cloud is empty
    Given a 2-player game between Leo and Lisa
    And the clouds are empty
    And it is Leo's turn
    Then it is Leo's turn to move students

  Scenario: E12 — clouds are filled in order as far as the bag allows, and the round becomes the last
    Given a 2-player game between Leo and Lisa
    And cloud 1 is empty
    And cloud 2 has 3 blue
    And the bag has 4 students
    And it is Lisa's turn to choose a cloud
    When Lisa takes the students from cloud 2
    Then it is the planning phase and Leo plays first
    And cloud 1 has 3 students
    And cloud 2 has 1 student
    And the bag is empty
    And this is the last round

  Scenario: E12 — an empty bag leaves the clouds empty
    Given a 2-player game between Leo and Lisa
    And cloud 1 is empty
    And cloud 2 has 3 blue
    And the bag is empty
    And it is Lisa's turn to choose a cloud
    When Lisa takes the students from cloud 2
    Then the game is over
    And cloud 1 is empty
    And cloud 2 is empty

  Scenario: Planning Phase 1 — each new round fills every cloud with 3 students
    Given a 2-player game between Leo and Lisa
    And cloud 1 is empty
    And cloud 2 has 3 green
    And the bag has 50 students
    And it is Lisa's turn to choose a cloud
    When Lisa takes the students from cloud 2
    Then it is round 2
    And cloud 1 has 3 students
    And cloud 2 has 3 students
    And the bag has 44 students
    And this is not the last round

  Scenario: 3-Player Game — 4 students on each of the 3 clouds
    Given a 3-player game between Leo, Lisa and Max
    And cloud 1 has 4 blue
    And cloud 2 has 2 red and 2 pink
    And cloud 3 has 1 yellow, 1 blue, 1 green and 1 red
    And Max's entrance has 5 green
    And it is Max's turn to choose a cloud
    When Max takes the students from cloud 2
    Then Max's entrance has 5 green, 2 red and 2 pink
    And Max's entrance has 9 students
