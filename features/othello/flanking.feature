@game:othello
Feature: Othello — a disc must flank; every flanked line turns; a pass only when stuck; the count at the end
  OpenSpiel's othello: 8 by 8, a1 at the top left, black (x) first (RULINGS O1–O6).

  Scenario: O1 — two discs each in the centre, black to play
    Given a game of Othello between Blake and Wanda
    Then e4 holds Blake's disc
    And d5 holds Blake's disc
    And d4 holds Wanda's disc
    And e5 holds Wanda's disc
    And Blake has 2 discs
    And it is Blake's turn

  Scenario: O2 — a disc that flanks nothing may not be placed
    Given a game of Othello between Blake and Wanda
    When Blake tries to place a disc on a1
    Then the move is rejected

  Scenario: O2, O3 — a flanked disc turns over, and the turn passes
    Given a game of Othello between Blake and Wanda
    When Blake places a disc on d3
    Then d4 holds Blake's disc
    And Blake has 4 discs
    And Wanda has 1 discs
    And it is Wanda's turn

  Scenario: O3 — every flanked line turns at once; a line without the player's disc at its end does not
    Given a game of Othello between Blake and Wanda
    And the board is empty
    And Blake has discs on a3, c1 and e3
    And Wanda has discs on b3, c2, d3, c4 and h8
    When Blake places a disc on c3
    Then b3 holds Blake's disc
    And c2 holds Blake's disc
    And d3 holds Blake's disc
    And c4 holds Wanda's disc
    And Blake has 7 discs

  Scenario: O4 — a player who can place may not pass
    Given a game of Othello between Blake and Wanda
    When Blake tries to pass
    Then the move is rejected

  Scenario: O4 — a player with no place to flank passes
    Given a game of Othello between Blake and Wanda
    And the board is empty
    And Wanda has discs on a1 and h1
    And Blake has discs on b1 and h2
    And it is Wanda's turn
    When Wanda places a disc on h3
    Then Blake has no place to flank and must pass
    And Blake has 1 discs

  Scenario: O4 — after the pass the other plays on
    Given a game of Othello between Blake and Wanda
    And the board is empty
    And Wanda has discs on a1 and h1
    And Blake has discs on b1 and h2
    And it is Wanda's turn
    When Wanda places a disc on h3
    And Blake passes
    Then it is Wanda's turn
    And the game is not over

  Scenario: O5 — when neither can place, more discs win
    Given a game of Othello between Blake and Wanda
    And the board is empty
    And Blake has a disc on a1
    And Wanda has a disc on b1
    When Blake places a disc on c1
    Then Blake wins

  Scenario: O5 — equal counts are a draw
    Given a game of Othello between Blake and Wanda
    And the board is empty
    And Blake has a disc on a1
    And Wanda has discs on b1, h6, h7 and h8
    When Blake places a disc on c1
    Then the game is over without a winner
