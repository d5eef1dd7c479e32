@game:connect_four
Feature: Connect Three — three discs in a line win
  Mod: examples/mods/connect-three (replaces value four_through).
  Variant of rules/connect_four/RULINGS.md C2 ("four in a line win").

  Scenario: C2 changed — three across win
    Given a game of Connect Four between Xena and Omar
    And Xena has discs on a1 and b1
    And Omar has discs on a2 and b2
    When Xena drops a disc in column 3
    Then Xena wins

  Scenario: C1 kept — two in a line do not win
    Given a game of Connect Four between Xena and Omar
    And Omar has a disc on c1
    When Xena drops a disc in column 4
    Then the game is not over
