@game:hex
Feature: Hex — a stone on any empty cell; a chain joining a player's two sides wins
  OpenSpiel's hex: x (the first player) joins the top and bottom rows, o the left and right columns;
  a1 at the top left, each row half a cell right of the one above (RULINGS H1–H5).

  Scenario: H1 — x places first, on any empty cell, and the turn passes
    Given a game of Hex of 5 cells a side between Xena and Omar
    When Xena places a stone on c3
    Then c3 holds Xena's stone
    And it is Omar's turn

  Scenario: H5 — with the swap rule, the second player may take over the first stone, reflected across the long diagonal
    Given a game of Hex of 5 cells a side with the swap rule between Xena and Omar
    When Xena places a stone on c2
    And Omar takes over the first stone
    Then b3 holds Omar's stone
    And c2 is empty
    And it is Xena's turn
    When Xena places a stone on c3
    And Omar tries to take over the first stone
    Then the move is rejected

  Scenario: H5 — without the swap rule (OpenSpiel's default) the first stone stays the first player's
    Given a game of Hex of 5 cells a side between Xena and Omar
    When Xena places a stone on c2
    And Omar tries to take over the first stone
    Then the move is rejected

  Scenario: H1, H5 — a cell already taken cannot be taken again (no swap rule)
    Given a game of Hex of 5 cells a side between Xena and Omar
    When Xena places a stone on c3
    And Omar tries to place a stone on c3
    Then the move is rejected

  Scenario: H2 — a straight chain from the top row to the bottom row wins for x
    Given a game of Hex of 5 cells a side between Xena and Omar
    And Xena has stones on c1, c2, c4 and c5
    And Omar has stones on a1, a2, a3 and a4
    When Xena places a stone on c3
    Then Xena wins

  Scenario: H2, H4 — a chain may bend: up-right and down-left are neighbours
    Given a game of Hex of 5 cells a side between Xena and Omar
    And Xena has stones on e1, d2, c3 and b4
    And Omar has stones on a1, b1, a2 and b2
    When Xena places a stone on a5
    Then e1 and a5 are in one chain
    And Xena wins

  Scenario: H4 — up-left and down-right cells do not touch: no chain across them
    Given a game of Hex of 5 cells a side between Xena and Omar
    And Xena has stones on a1, b2, c3 and d4
    And Omar has stones on a5, b5, c5 and e1
    When Xena places a stone on e5
    Then a1 and b2 are not in one chain
    And the game is not over

  Scenario: H2 — o joins the left column to the right one
    Given a game of Hex of 5 cells a side between Xena and Omar
    And Xena has stones on a1, b1, c1, d1 and a2
    And Omar has stones on a3, b3, c3 and d3
    And it is Omar's turn
    When Omar places a stone on e3
    Then Omar wins

  Scenario: H2 — joining the wrong sides wins nothing: x across a row
    Given a game of Hex of 5 cells a side between Xena and Omar
    And Xena has stones on a3, b3, c3 and d3
    And Omar has stones on a1, b1, c1 and d1
    When Xena places a stone on e3
    Then the game is not over
    And it is Omar's turn

  Scenario: H5 — the standard board is 11 cells a side
    Given a game of Hex between Xena and Omar
    When Xena places a stone on k11
    Then k11 holds Xena's stone
