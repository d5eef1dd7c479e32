@game:tic_tac_toe
Feature: No Diagonals — only rows and columns make three in a row
  Mod: examples/mods/tic-tac-toe-no-diagonals (replaces value line_through).
  House rule against rules/tic_tac_toe/RULINGS.md T1 ("rows, columns and diagonals win").

  Scenario: T1 changed — a diagonal of three is no line
    Given a game of Tic-tac-toe between Xena and Omar
    And Xena has marks on c1 and b2
    And Omar has marks on a1 and b1
    When Xena marks a3
    Then the game is not over
    And it is Omar's turn

  Scenario: T1 kept — a row of three still wins
    Given a game of Tic-tac-toe between Xena and Omar
    And Xena has marks on a1 and b1
    And Omar has marks on a2 and b2
    When Xena marks c1
    Then Xena wins
