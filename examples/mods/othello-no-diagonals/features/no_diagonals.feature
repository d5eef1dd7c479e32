@game:othello
Feature: No Diagonals — a disc flanks only along rows and columns
  Mod: examples/mods/othello-no-diagonals (replaces value flanks).
  Variant of rules/othello/RULINGS.md O2, O3.

  Scenario: O2 changed — a disc that flanks only diagonally may not be placed
    Given a game of Othello between Blake and Wanda
    And the board is empty
    And Blake has discs on a1 and h8
    And Wanda has discs on b2 and h7
    And it is Blake's turn
    When Blake tries to place a disc on c3
    Then the move is rejected
    When Blake places a disc on h6
    Then h7 holds Blake's disc
    And b2 holds Wanda's disc

  Scenario: O3 kept — a line along a column turns over
    Given a game of Othello between Blake and Wanda
    And the board is empty
    And Blake has a disc on a1
    And Wanda has a disc on a2
    And it is Blake's turn
    When Blake places a disc on a3
    Then a2 holds Blake's disc
