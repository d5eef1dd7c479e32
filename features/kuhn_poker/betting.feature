@game:kuhn_poker
Feature: Kuhn poker — one card each, pass or bet, a bet called or folded, the higher card wins
  OpenSpiel's kuhn_poker: jack, queen, king; antes of 1; bets of 1 (RULINGS K1–K5).

  Scenario: K1, K2 — each player antes 1 and is dealt one card; one card stays in the deck
    Given a game of Kuhn poker between Ann and Bob with seed 3
    Then Ann holds 1 card
    And Bob holds 1 card
    And 1 card stays in the deck
    And Ann has 1 chip in the pot
    And Bob has 1 chip in the pot

  Scenario: K3, K4 — two passes go to the showdown: the higher card takes the pot
    Given a game of Kuhn poker between Ann and Bob
    And Ann holds the jack and Bob the king
    And it is Bob's turn to answer
    When Bob passes
    Then Bob wins
    And Bob gains the other's 1 chip

  Scenario: K3 — a pass after a bet folds: the bettor takes the pot without a showdown
    Given a game of Kuhn poker between Ann and Bob
    And Ann holds the jack and Bob the king
    And Ann has bet
    And it is Bob's turn to answer
    When Bob passes
    Then Ann wins
    And Ann gains the other's 1 chip

  Scenario: K3, K4 — a bet after a bet calls it, and the showdown plays for 2
    Given a game of Kuhn poker between Ann and Bob
    And Ann holds the queen and Bob the jack
    And Ann has bet
    And it is Bob's turn to answer
    When Bob bets
    Then Bob has 2 chips in the pot
    And Ann wins
    And Ann gains the other's 2 chips

  Scenario: K3 — after a pass and a bet, the first player answers again
    Given a game of Kuhn poker between Ann and Bob
    And Ann holds the queen and Bob the jack
    And it is Bob's turn to answer
    When Bob bets
    Then it is Ann's turn to reply
    And the game is not over

  Scenario: K3 — the first player, opening, may pass: the other answers
    Given a game of Kuhn poker between Ann and Bob
    And Ann holds the queen and Bob the jack
    And it is Ann's turn to open
    When Ann passes
    Then Ann has 1 chip in the pot
    And it is Bob's turn to answer

  Scenario: K3 — the first player, opening, may bet
    Given a game of Kuhn poker between Ann and Bob
    And Ann holds the queen and Bob the jack
    And it is Ann's turn to open
    When Ann bets
    Then Ann has 2 chips in the pot
    And it is Bob's turn to answer

  Scenario: K3 — folding the reply loses the ante
    Given a game of Kuhn poker between Ann and Bob
    And Ann holds the king and Bob the jack
    And Bob has bet
    And it is Ann's turn to reply
    When Ann passes
    Then Bob wins
    And Bob gains the other's 1 chip

  Scenario: K3, K4 — calling the reply goes to the showdown for 2
    Given a game of Kuhn poker between Ann and Bob
    And Ann holds the king and Bob the queen
    And Bob has bet
    And it is Ann's turn to reply
    When Ann bets
    Then Ann wins
    And Ann gains the other's 2 chips
