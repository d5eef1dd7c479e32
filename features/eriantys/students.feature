Feature: Move 3 Students
  Rulebook: Action Phase, 1. Move 3 Students (4 in a 3-player game); rulings E2, E21.

  Scenario: Move 3 Students — Leo moves a dragon and a fairy to his dining room and a gnome to an island
    # Rulebook example: "Leo decides to move 1 Dragon (red) and 1 Fairy (pink) into his Dining Room,
    # placing them in the first available space from the left, and 1 Gnome (yellow) to an Island."
    Given a 2-player game between Leo and Lisa
    And Leo's entrance has 1 red, 1 pink, 1 yellow, 2 blue and 2 green
    And Leo's dining room has no students
    And Lisa's dining room has no students
    And island 4 has no students
    And it is Leo's turn
    When Leo moves a dragon student from his entrance to his dining room
    And Leo moves a fairy student from his entrance to his dining room
    And Leo moves a gnome student from his entrance to island 4
    Then Leo's dining room has 1 red and 1 pink
    And Leo's dining room has 2 students
    And island 4 has 1 yellow
    And Leo's entrance has 2 blue and 2 green
    And Leo controls the red and pink professors
    And it is Leo's turn to move Mother Nature

  Scenario: Move 3 Students — two frogs on an island give Leo 3 influence
    # Rulebook example: "Leo places 2 Frogs (green) on this Island, where there was already 2 Dragons (red)
    # and 1 Gnome (yellow). Leo controls both the Gnomes (yellow) and Frogs (green) Professors so now has
    # 3 influence on this Island."
    Given a 2-player game between Leo and Lisa
    And island 7 has 2 red and 1 yellow
    And Leo controls the yellow and green professors
    And Lisa controls the red professor
    And Leo's entrance has 2 green, 3 blue and 2 pink
    And it is Leo's turn
    When Leo moves a frog student from his entrance to island 7
    And Leo moves a frog student from his entrance to island 7
    Then island 7 has 2 red, 1 yellow and 2 green
    And Leo has 3 influence on island 7
    And Lisa has 2 influence on island 7
    And it is Leo's turn to move students

  Scenario: Move 3 Students — a student on an island does not affect its towers
    # Rulebook: "When you move a Student onto an Island … This in itself does not affect any Towers."
    Given a 2-player game between Leo and Lisa
    And Lisa has a tower on island 4
    And island 4 has no students
    And Leo controls the red professor
    And Leo's entrance has 3 red and 4 blue
    And it is Leo's turn
    When Leo moves a red student from his entrance to island 4
    And Leo moves a red student from his entrance to island 4
    Then island 4 has a black tower
    And island 4 has 2 red
    And Leo has 2 influence on island 4

  Scenario: Move 3 Students — after the third student it is time to move Mother Nature
    Given a 2-player game between Leo and Lisa
    And Lisa's entrance has 2 yellow, 3 blue and 2 pink
    And it is Lisa's turn
    When Lisa moves a yellow student from her entrance to her dining room
    And Lisa moves a blue student from her entrance to island 1
    Then it is Lisa's turn to move students
    When Lisa moves a pink student from her entrance to island 12
    Then it is Lisa's turn to move Mother Nature
    And Lisa's entrance has 1 yellow, 2 blue and 1 pink
    And Lisa's entrance has 4 students

  Scenario: Move 3 Students — a student put on a group lies on the group, whichever tile is named (E11, R2)
    # "island 5" names the group holding tile 5: it holds exactly 1 red, whatever its tiles held.
    Given a 2-player game between Leo and Lisa
    And islands 4, 5 and 6 are one group
    And island 5 has 1 red
    And Leo's entrance has 7 green
    And it is Leo's turn
    When Leo moves a green student from his entrance to island 6
    Then island 4 has 1 red and 1 green
    And island 5 has 2 students

  Scenario: E21 — a full dining row still lets the student go to an island
    Given a 2-player game between Leo and Lisa
    And Leo's dining room has 10 red
    And Leo's entrance has 1 red and 6 blue
    And it is Leo's turn
    When Leo tries to move a red student from his entrance to his dining room
    Then the move is rejected
    When Leo moves a red student from his entrance to island 9
    Then Leo's entrance has 6 blue
    And Leo's dining room has 10 red

  Scenario: Move 3 Students — only a student in the entrance can be moved
    Given a 2-player game between Leo and Lisa
    And Leo's entrance has 4 blue and 3 green
    And it is Leo's turn
    When Leo tries to move a red student from his entrance to his dining room
    Then the move is rejected
    And nothing has changed
    And Leo's entrance has 4 blue and 3 green

  Scenario: Move 3 Students — a player cannot move during another player's turn
    Given a 2-player game between Leo and Lisa
    And Lisa's entrance has 7 red
    And it is Leo's turn
    When Lisa tries to move a red student from her entrance to her dining room
    Then the move is rejected
    And nothing has changed
    And it is Leo's turn to move students

  Scenario: Move 3 Students — Mother Nature cannot move before the students are moved
    Given a 2-player game between Leo and Lisa
    And it is Leo's turn
    When Leo tries to move Mother Nature 1 island
    Then the move is rejected
    And nothing has changed

  Scenario: Steps contract — an entrance short of students moves what it holds, then the turn goes on
    # Only a scenario can set this up: each turn's cloud refills the entrance (E2, E12).
    Given a 2-player game between Leo and Lisa
    And Leo's entrance has 1 red and 1 blue
    And it is Leo's turn
    Then it is Leo's turn to move students
    When Leo moves a red student from his entrance to his dining room
    Then it is Leo's turn to move students
    When Leo moves a blue student from his entrance to island 4
    Then Leo's entrance has no students
    And it is Leo's turn to move Mother Nature

  Scenario: Steps contract — in 3 players an entrance of 2 moves 2
    Given a 3-player game between Leo, Lisa and Max
    And Lisa's entrance has 2 green
    And it is Lisa's turn
    When Lisa moves a green student from her entrance to island 2
    And Lisa moves a green student from her entrance to her dining room
    Then it is Lisa's turn to move Mother Nature
    And Lisa controls the green professor

  Scenario: Steps contract, E17 — with an entrance short of students a character may be used first
    Given a 2-player expert game between Leo and Lisa
    And the characters are Minstrel, Monk and Herald
    And Leo's entrance has 1 pink
    And Leo's dining room has 2 red
    And it is Leo's turn
    When Leo uses the Minstrel to swap 1 pink from his entrance for 1 red from his dining room
    Then Leo's entrance has 1 red
    And it is Leo's turn to move students
    When Leo moves a red student from his entrance to his dining room
    Then Leo's dining room has 2 red and 1 pink
    And it is Leo's turn to move Mother Nature

