@game:hex
Feature: Thirteen a Side — Hex on a board of 13 by 13 cells
  Mod: examples/mods/hex-thirteen (replaces option board_size).
  Variant of rules/hex/RULINGS.md H5 ("board_size (5 to 11, 11 by default)").

  Scenario: H5 changed — the board is 13 cells a side: x joins row 1 to row 13
    Given a game of Hex between Xena and Omar
    And Xena has stones on g1, g2, g3, g4, g5, g6, g7, g8, g9, g10 and g11
    And Omar has stones on a1, a2, a3, a4, a5, a6, a7, a8, a9, a10 and a11
    When Xena places a stone on g12
    Then the game is not over
    When Omar places a stone on m13
    Then m13 holds Omar's stone
    When Xena places a stone on g13
    Then Xena wins

  Scenario: H1, H5 kept — the sizes 5 to 11 are still there, and a cell taken cannot be taken again
    Given a game of Hex of 5 cells a side between Xena and Omar
    When Xena places a stone on c3
    And Omar tries to place a stone on c3
    Then the move is rejected
