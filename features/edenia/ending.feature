@game:edenia
Feature: Ending the game — the Race, the Law of the Universe, Prestige, and ties
  Rulebook: Ending the Game, Victory Points. Rulings D26–D30, D39.

  Scenario: D26 — a player's third sheep on Edenia wins the Race, whatever the scores and tokens
    Given a game of Edenia between Leo and Lisa
    And Leo's sheep 1 is on Edenia
    And Leo's sheep 2 is on Edenia
    And Lisa has Trifolium 15
    And Leo's sheep 3 is at e4 south star heading south
    When Leo moves sheep 3 on
    Then the game is over and Leo wins the Race
    And Leo has Trifolium 12
    And Edenia holds Trifolium 10 and 9

  Scenario: D27 — exactly 42 points wins at once (here by skipping for a clover)
    Given a game of Edenia between Leo and Lisa
    And Leo has Trifolium 15
    And Leo has Trifolium 12
    And Leo has Trifolium 10
    And Leo has 4 clovers
    Then Leo has 41 points
    When Leo skips his turn
    Then the game is over and Leo wins by the Law of the Universe

  Scenario: D27 — 43 points or more do not win
    Given a game of Edenia between Leo and Lisa
    And Leo has Trifolium 15
    And Leo has Trifolium 12
    And Leo has Trifolium 10
    And Leo has 5 clovers
    When Leo skips his turn
    Then Leo has 43 points
    And the game is not over
    And it is Lisa's turn

  Scenario: D27, D16 — coming down to 42 wins: the clovers paid on landing after a leap
    Given a game of Edenia between Leo and Lisa
    And tile S1 lies on b1
    And Lisa's sheep 1 is at b1 east star heading east
    And the deck's top tile is T17
    And Leo has Trifolium 15
    And Leo has Trifolium 12
    And Leo has Trifolium 10
    And Leo has 6 clovers
    When Leo moves sheep 1 by the east meteorite path
    And Leo takes the east star path
    And Leo leaps
    Then the game is over and Leo wins by the Law of the Universe
    And Leo's sheep 1 is at c1 east star heading east

  Scenario: D27 — another player's score is checked too: a flag sent back brings its owner to exactly 42
    Given a game of Edenia between Leo and Lisa
    And tile S2 lies on b1
    And Lisa's flag is raised on b1
    And Lisa has Trifolium 15
    And Lisa has Trifolium 12
    And Lisa has Trifolium 10
    And Lisa has 5 clovers
    Then Lisa has 49 points
    When Leo moves sheep 1 by the east star path
    And Leo raises a flag
    Then Leo's flag is raised on b1
    And the game is over and Lisa wins by the Law of the Universe

  Scenario: D27, D29 — two players reaching 42 through one event: the bigger flock on Edenia wins
    Given a game of Edenia between Leo and Lisa
    And tile S2 lies on b1
    And Lisa's flag is raised on b1
    And Lisa has Trifolium 15
    And Lisa has Trifolium 12
    And Lisa has Trifolium 10
    And Lisa has 5 clovers
    And Leo has Trifolium 9
    And Leo has the 5-point Junction
    And Leo has the 5-point Sheepscope
    And Leo has the 5-point Turbo-engine
    And Leo has played the 5-point R2-M2
    And Leo has 6 clovers
    And Leo's sheep 2 is on Edenia
    Then Leo has 35 points
    When Leo moves sheep 1 by the east star path
    And Leo raises a flag
    Then Leo has 42 points
    And Lisa has 42 points
    And the game is over and Leo wins by the Law of the Universe

  Scenario: D29 — tied at 42 with flocks of the same size on Edenia: a draw, nobody wins
    Given a game of Edenia between Leo and Lisa
    And tile S2 lies on b1
    And Lisa's flag is raised on b1
    And Lisa has Trifolium 15
    And Lisa has Trifolium 12
    And Lisa has Trifolium 10
    And Lisa has 5 clovers
    And Leo has Trifolium 9
    And Leo has the 5-point Junction
    And Leo has the 5-point Sheepscope
    And Leo has the 5-point Turbo-engine
    And Leo has played the 5-point R2-M2
    And Leo has 6 clovers
    When Leo moves sheep 1 by the east star path
    And Leo raises a flag
    Then the game is over in a draw

  Scenario: D28 — the last Trifolium token ends the game: the highest score wins on Prestige
    Given a game of Edenia between Leo and Lisa
    And Edenia holds Trifolium 9
    And Lisa has Trifolium 15
    And Leo's sheep 1 is at e4 south star heading south
    When Leo moves sheep 1 on
    Then Leo has Trifolium 9
    And Edenia holds no Trifolium
    And the game is over and Lisa wins on Prestige

  Scenario: D28, D29 — tied for the highest score: the bigger flock on Edenia wins on Prestige
    Given a game of Edenia between Leo and Lisa
    And Edenia holds Trifolium 9
    And Lisa has Trifolium 10
    And Lisa has 1 clover
    And Leo's sheep 1 is at e4 south star heading south
    When Leo moves sheep 1 on
    Then Leo has 11 points
    And Lisa has 11 points
    And the game is over and Leo wins on Prestige

  Scenario: D29 — tied for the highest score with the same flock on Edenia: a draw
    Given a game of Edenia between Leo and Lisa
    And Edenia holds Trifolium 9
    And Lisa has Trifolium 10
    And Lisa has 1 clover
    And Lisa's sheep 1 is on Edenia
    And Leo's sheep 1 is at e4 south star heading south
    When Leo moves sheep 1 on
    Then the game is over in a draw

  Scenario: D30, D26 — at Edenia the Race comes before the Law: a third sheep bringing exactly 42 wins the Race
    Given a game of Edenia between Leo and Lisa
    And Leo's sheep 1 is on Edenia
    And Leo's sheep 2 is on Edenia
    And Edenia holds Trifolium 12, 10 and 9
    And Leo has Trifolium 15
    And Leo has 15 clovers
    And Leo's sheep 3 is at e4 south star heading south
    When Leo moves sheep 3 on
    Then Leo has 42 points
    And the game is over and Leo wins the Race

  Scenario: D30, D27 — the Trifolium token comes before the Law, and the Law before Prestige
    Given a game of Edenia between Leo and Lisa
    And Edenia holds Trifolium 9
    And Lisa has Trifolium 15
    And Lisa has Trifolium 12
    And Lisa has Trifolium 10
    And Leo has the 5-point Junction
    And Leo has the 5-point Sheepscope
    And Leo has the 5-point Turbo-engine
    And Leo has the 5-point R2-M2
    And Leo has 13 clovers
    And Leo's sheep 1 is at e4 south star heading south
    When Leo moves sheep 1 on
    Then Leo has 42 points
    And the game is over and Leo wins by the Law of the Universe

  Scenario: D30 — a game that is over refuses every later move
    Given a game of Edenia between Leo and Lisa
    And Leo has Trifolium 15
    And Leo has Trifolium 12
    And Leo has Trifolium 10
    And Leo has 4 clovers
    When Leo skips his turn
    And Lisa tries to skip her turn
    Then the move is rejected
    And the game is over and Leo wins by the Law of the Universe

  Scenario: D39 — without the Law of the Universe, 42 points are just a score
    Given a game of Edenia between Leo and Lisa without the Law of the Universe
    And Leo has Trifolium 15
    And Leo has Trifolium 12
    And Leo has Trifolium 10
    And Leo has 4 clovers
    When Leo skips his turn
    Then Leo has 42 points
    And the game is not over
    And it is Lisa's turn
