@game:tic_tac_toe
Feature: Three in a row — rows, columns and diagonals win; a full grid is a draw
  OpenSpiel's tic_tac_toe: x (the first player) and o mark empty cells in turn (RULINGS T1–T3).

  Scenario: T1 — three marks in a row win at once
    Given a game of Tic-tac-toe between Xena and Omar
    And Xena has marks on a1 and b1
    And Omar has marks on a2 and b2
    When Xena marks c1
    Then Xena wins

  Scenario: T1 — a diagonal counts, from either corner
    Given a game of Tic-tac-toe between Xena and Omar
    And Xena has marks on c1 and b2
    And Omar has marks on a1 and b1
    When Xena marks a3
    Then Xena wins

  Scenario: T1 — two in a row and a gap is not a line
    Given a game of Tic-tac-toe between Xena and Omar
    And Xena has a mark on a1
    And Omar has a mark on b2
    When Xena marks c1
    Then the game is not over
    And it is Omar's turn

  Scenario: T2 — a marked cell cannot be marked again
    Given a game of Tic-tac-toe between Xena and Omar
    And Xena has a mark on b2
    When Xena tries to mark b2
    Then the move is rejected

  Scenario: T3 — a full grid without a line is a draw
    Given a game of Tic-tac-toe between Xena and Omar
    And Xena has marks on a1, c1, a2 and b3
    And Omar has marks on b1, b2, c2 and a3
    When Xena marks c3
    Then the game is over without a winner
