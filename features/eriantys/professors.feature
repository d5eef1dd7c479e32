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

  Scenario: E7 — the first student of a colour takes the professor from the table
    Given a 2-player game between Leo and Lisa
    And Leo's dining room has no students
    And Lisa's dining room has no students
    And nobody controls the green professor
    And Leo's entrance has 7 green
    And it is Leo's turn
    When Leo moves a green student from his entrance to his dining room
    Then Leo controls the green professor
    And nobody controls the yellow, blue, red and pink professors

  Scenario: E7 — with no holder, a tie for the most takes nothing
    Given a 2-player game between Leo and Lisa
    And Leo's dining room has 1 pink
    And Lisa's dining room has no students
    And nobody controls the pink professor
    And Lisa's entrance has 7 pink
    And it is Lisa's turn
    When Lisa moves a fairy student from her entrance to her dining room
    Then nobody controls the pink professor
    When Lisa moves a fairy student from her entrance to her dining room
    Then Lisa controls the pink professor

  Scenario: E7 — Given dining rooms do not move professors on their own
    Given a 2-player game between Leo and Lisa
    And Leo's dining room has 3 red
    And Lisa controls the red professor
    Then Lisa controls the red professor
    And Leo controls no professors

  Scenario: E7 — a move into the dining room checks only its colour's holder, students on islands do not count
    Given a 2-player game between Leo and Lisa
    And Leo's dining room has 1 yellow
    And Lisa's dining room has 2 yellow
    And Lisa controls the yellow professor
    And Leo's entrance has 7 yellow
    And it is Leo's turn
    When Leo moves a yellow student from his entrance to island 3
    And Leo moves a yellow student from his entrance to island 3
    Then Lisa controls the yellow professor
    When Leo moves a yellow student from his entrance to his dining room
    Then Lisa controls the yellow professor
    And Leo's dining room has 2 yellow

  Scenario: E7 — in 3 players, two challengers tied above the holder leave the professor where it is
    Given a 3-player game between Leo, Lisa and Max
    And Leo's dining room has 1 red
    And Lisa's dining room has 3 red
    And Max's dining room has 2 red
    And Leo controls the red professor
    And Max's entrance has 9 red
    And it is Max's turn
    When Max moves a red student from his entrance to his dining room
    Then Leo controls the red professor
    When Max moves a red student from his entrance to his dining room
    Then Max controls the red professor

  Scenario: E7 — in 3 players the professor goes to whoever has strictly the most
    Given a 3-player game between Leo, Lisa and Max
    And Leo's dining room has 2 green
    And Lisa's dining room has 2 green
    And Max's dining room has 1 green
    And Lisa controls the green professor
    And Leo's entrance has 9 green
    And it is Leo's turn
    When Leo moves a frog student from his entrance to his dining room
    Then Leo controls the green professor
    And Lisa controls no professors
