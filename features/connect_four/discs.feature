@game:connect_four
Feature: Dropping discs — they fall to the lowest empty cell; four in a line win; a full board draws
  OpenSpiel's connect_four: 7 columns, 6 rows, x first (RULINGS C1–C4).

  Scenario: C1 — a disc falls to the lowest empty cell of its column
    Given a game of Connect Four between Xena and Omar
    And Omar has a disc on c1
    When Xena drops a disc in column 3
    Then c2 holds Xena's disc
    And c3 is empty

  Scenario: C2 — four across win
    Given a game of Connect Four between Xena and Omar
    And Xena has discs on a1, b1 and c1
    And Omar has discs on a2, b2 and c2
    When Xena drops a disc in column 4
    Then Xena wins

  Scenario: C2 — four along a diagonal win, the last disc in the line's middle
    Given a game of Connect Four between Xena and Omar
    And Xena has discs on a1, b2 and d4
    And Omar has discs on b1, c1, c2, d1, d2 and d3
    When Xena drops a disc in column 3
    Then Xena wins

  Scenario: C3 — a full column takes no more discs
    Given a game of Connect Four between Xena and Omar
    And Xena has discs on a1, a3 and a5
    And Omar has discs on a2, a4 and a6
    When Xena tries to drop a disc in column 1
    Then the move is rejected

  Scenario: C4 — a full board without four in a line is a draw
    Given a game of Connect Four between Xena and Omar
    And Xena has discs on a1, b1, e1, f1, c2, d2, g2, a3, b3, e3, f3, c4, d4, g4, a5, b5, e5, f5, c6, d6 and g6
    And Omar has discs on c1, d1, g1, a2, b2, e2, f2, c3, d3, g3, a4, b4, e4, f4, c5, d5, g5, b6, e6 and f6
    And it is Omar's turn
    When Omar drops a disc in column 1
    Then the game is over without a winner
