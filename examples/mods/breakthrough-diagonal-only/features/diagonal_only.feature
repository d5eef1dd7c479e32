@game:breakthrough
Feature: Diagonal Only — pieces step diagonally ahead, never straight
  Mod: examples/mods/breakthrough-diagonal-only (replaces value steps_from).
  Variant of rules/breakthrough/RULINGS.md B2.

  Scenario: B2 changed — a straight step ahead is refused
    Given a game of Breakthrough between Blake and Wanda
    When Blake tries to step from c7 to c6
    Then the move is rejected

  Scenario: B2 kept — a diagonal step ahead to an empty cell is played
    Given a game of Breakthrough between Blake and Wanda
    When Blake steps from c7 to d6
    Then d6 holds Blake's piece
    And c7 is empty
