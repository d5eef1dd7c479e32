Feature: Professors
  Rulebook: Action Phase, 1. Move 3 Students — taking Professors; ruling E7.

  Scenario: Move 3 Students — Lisa takes the blue professor with a third unicorn
    # Rulebook example: "Lisa has just moved a third Unicorn (blue) into her Dining Room.
    # Leo has two Unicorns in his Dining Room, so Lisa takes the blue Professor."
    Given a 2-player game between Leo and Lisa
    And Leo's dining room has 2 blue
    And Lisa's dining room has 2 blue
    And Leo controls the blue professor
    And Lisa's entrance has 1 blue, 2 red and 4 pink
    And Leo played assistant 5
    And it is Lisa's turn
    When Lisa moves a unicorn student from her entrance to her dining room
    Then Lisa's dining room has 3 blue
    And Lisa controls the blue professor

  Scenario: E7 — a tie does not take the professor
    Given a 2-player game between Leo and Lisa
    And Leo's dining room has 2 blue
    And Lisa's dining room has 1 blue
    And Leo controls the blue professor
    And Lisa's entrance has 1 blue, 2 red and 4 pink
    And it is Lisa's turn
    When Lisa moves a blue student from her entrance to her dining room
    Then Leo controls the blue professor

  Scenario: E21 — a full dining row refuses another student
    Given a 2-player game between Leo and Lisa
    And Lisa's dining room has 10 blue
    And Lisa's entrance has 1 blue, 2 red and 4 pink
    And it is Lisa's turn
    When Lisa tries to move a blue student from her entrance to her dining room
    Then the move is rejected
    And nothing has changed
