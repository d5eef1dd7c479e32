@game:pig
Feature: A turn of Pig — stopping banks the turn's total; only a stop when it would win; the horizon draws
  OpenSpiel's pig: two players, a six-sided die, 100 points to win, 1000 decisions at most (RULINGS P1–P5).

  Scenario: P2 — stopping banks the turn's total and passes the die
    Given a game of Pig between Xena and Omar
    And Xena has banked 12 points
    And the turn's total is 9
    When Xena stops
    Then Xena has banked 21 points
    And the turn's total is 0
    And it is Omar's turn

  Scenario: P2 — a stop with nothing to bank only passes the die
    Given a game of Pig between Xena and Omar
    When Xena stops
    Then Xena has banked 0 points
    And it is Omar's turn

  Scenario: P3 — a player who would win by stopping may not roll
    Given a game of Pig between Xena and Omar
    And Xena has banked 90 points
    And the turn's total is 10
    When Xena tries to roll
    Then the move is rejected

  Scenario: P3, P4 — stopping on enough points wins at once
    Given a game of Pig between Xena and Omar
    And Xena has banked 90 points
    And the turn's total is 10
    When Xena stops
    Then Xena wins

  Scenario: P5 — the last decision ends the game as a draw, whatever the scores
    Given a game of Pig to 20 points with a horizon of 5 decisions between Xena and Omar
    And Xena has banked 15 points
    And 4 decisions have been played
    And the turn's total is 3
    When Xena stops
    Then Xena has banked 18 points
    And the game is over without a winner

  Scenario: P5 — a roll on the last decision is not rolled
    Given a game of Pig to 20 points with a horizon of 5 decisions between Xena and Omar
    And 4 decisions have been played
    When Xena rolls
    Then the game is over without a winner

  Scenario: P5 — a stop on the last decision still wins when it reaches the target
    Given a game of Pig to 20 points with a horizon of 5 decisions between Xena and Omar
    And Xena has banked 15 points
    And 4 decisions have been played
    And the turn's total is 5
    When Xena stops
    Then Xena wins

  Scenario: P1 — a roll other than 1 adds to the turn's total (seed 1 rolls a 2)
    Given a game of Pig between Xena and Omar with seed 1
    And the turn's total is 7
    When Xena rolls
    Then the turn's total is 9
    And it is Xena's turn

  Scenario: P1 — a roll of 1 loses the turn's total and ends the turn (seed 6 rolls a 1)
    Given a game of Pig between Xena and Omar with seed 6
    And Xena has banked 30 points
    And the turn's total is 7
    When Xena rolls
    Then the turn's total is 0
    And Xena has banked 30 points
    And it is Omar's turn
