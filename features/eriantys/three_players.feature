Feature: 3-Player Game
  Rulebook: 3-Player Game (Setup, Planning Phase, Action Phase); rulings E2, E9, E10.

  Scenario: 3-Player Game — Action Phase: move 4 students
    Given a 3-player game between Leo, Lisa and Max
    And Max's entrance has 9 green
    And it is Max's turn
    When Max moves a green student from their entrance to their dining room
    And Max moves a green student from her entrance to island 2
    And Max moves a green student from his entrance to island 3
    Then it is Max's turn to move students
    When Max moves a green student from his entrance to his dining room
    Then it is Max's turn to move Mother Nature
    And Max's entrance has 5 green

  Scenario: 3-Player Game — the third player builds grey towers
    Given a 3-player game between Leo, Lisa and Max
    And island 3 has 2 pink and 1 red
    And Max controls the pink professor
    And Leo controls the red professor
    And Mother Nature is on island 2
    And it is Lisa's turn to move Mother Nature
    When Lisa moves Mother Nature 1 island
    Then island 3 has a grey tower
    And Max has 5 towers left
    And grey has 5 towers left

  Scenario: 3-Player Game — a conquest returns the loser's towers to its own school
    Given a 3-player game between Leo, Lisa and Max
    And Lisa has towers on islands 5 and 6
    And islands 5 and 6 are one group
    And island 6 has 3 blue and 1 red
    And Leo controls the blue professor
    And Max controls the red professor
    And Mother Nature is on island 4
    And it is Max's turn to move Mother Nature
    When Max moves Mother Nature 1 island
    Then island 5 has 2 white towers
    And Leo has 4 towers left
    And Lisa has 6 towers left
    And Max has 6 towers left

  Scenario: 3-Player Game — the last player takes the remaining cloud
    Given a 3-player game between Leo, Lisa and Max
    And cloud 1 is empty
    And cloud 2 has 4 yellow
    And cloud 3 is empty
    And Max's entrance has 5 red
    And it is Max's turn to choose a cloud
    When Max tries to take the students from cloud 3
    Then the move is rejected
    When Max takes the students from cloud 2
    Then Max's entrance has 5 red and 4 yellow

  Scenario: 3-Player Game — a player with a tower already there keeps it on a tie for the most
    Given a 3-player game between Leo, Lisa and Max
    And Max has a tower on island 8
    And island 8 has 1 yellow and 2 green
    And Max controls the yellow professor
    And Lisa controls the green professor
    And Mother Nature is on island 7
    And it is Leo's turn to move Mother Nature
    Then Max has 2 influence on island 8
    And Lisa has 2 influence on island 8
    When Leo moves Mother Nature 1 island
    Then island 8 has a grey tower
