@game:breakthrough
Feature: Moving in Breakthrough — steps ahead, takes diagonally ahead, the far row or the last piece wins
  OpenSpiel's breakthrough: 8 by 8 by default, black on top moving down and first (RULINGS B1–B6).

  Scenario: B1 — black fills the top two rows, white the bottom two; black moves first
    Given a game of Breakthrough between Blake and Wanda
    Then a8 holds Blake's piece
    And h7 holds Blake's piece
    And a1 holds Wanda's piece
    And h2 holds Wanda's piece
    And Blake has 16 pieces
    And it is Blake's turn

  Scenario: B1 — on 6 by 6 each player has twelve pieces
    Given a game of Breakthrough on 6 by 6 between Blake and Wanda
    Then a6 holds Blake's piece
    And f5 holds Blake's piece
    And Wanda has 12 pieces

  Scenario: B2 — a piece steps diagonally ahead to an empty cell, and the turn passes
    Given a game of Breakthrough between Blake and Wanda
    When Blake steps from c7 to d6
    Then d6 holds Blake's piece
    And c7 is empty
    And it is Wanda's turn

  Scenario: B2 — a piece may not step backwards
    Given a game of Breakthrough between Blake and Wanda
    And the board is empty
    And Blake has a piece on d5
    And Wanda has a piece on a1
    When Blake tries to step from d5 to d6
    Then the move is rejected

  Scenario: B3 — an opponent's piece straight ahead blocks
    Given a game of Breakthrough between Blake and Wanda
    And the board is empty
    And Blake has a piece on d5
    And Wanda has a piece on d4
    When Blake tries to take from d5 on d4
    Then the move is rejected

  Scenario: B3 — nor may it step onto that piece
    Given a game of Breakthrough between Blake and Wanda
    And the board is empty
    And Blake has a piece on d5
    And Wanda has a piece on d4
    When Blake tries to step from d5 to d4
    Then the move is rejected

  Scenario: B3 — a piece takes diagonally ahead
    Given a game of Breakthrough between Blake and Wanda
    And the board is empty
    And Blake has pieces on d5 and h8
    And Wanda has pieces on e4 and a1
    When Blake takes from d5 on e4
    Then e4 holds Blake's piece
    And Wanda has 1 pieces
    And the game is not over

  Scenario: B4 — reaching the far row wins
    Given a game of Breakthrough between Blake and Wanda
    And the board is empty
    And Blake has pieces on h8
    And Wanda has pieces on b7
    And it is Wanda's turn
    When Wanda steps from b7 to a8
    Then Wanda wins

  Scenario: B5 — taking the last piece wins
    Given a game of Breakthrough between Blake and Wanda
    And the board is empty
    And Blake has a piece on d5
    And Wanda has a piece on e4
    When Blake takes from d5 on e4
    Then Blake wins
