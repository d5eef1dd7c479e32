@game:leduc_poker
Feature: Leduc poker — two betting rounds, raises of 2 then 4, two at most; a pair with the face-up card wins
  OpenSpiel's leduc_poker: six cards, an ante of 1 each, the first player opens both rounds (RULINGS L1–L6).

  Scenario: L1, L2 — one card each, face down, an ante of 1 each; the first player opens
    Given a game of Leduc poker between Ann and Bob
    Then Ann holds 1 card
    And Bob holds 1 card
    And 0 cards face up
    And Ann has 1 chip in the pot
    And Bob has 1 chip in the pot
    And it is Ann's turn to bet

  Scenario: L3 — nothing is owed: a player checks, and may not fold
    Given a game of Leduc poker between Ann and Bob
    When Ann tries to fold
    Then the move is rejected

  Scenario: L3, L4 — two checks end the first round; a card is turned face up and the first player opens again
    Given a game of Leduc poker between Ann and Bob
    When Ann checks
    And Bob checks
    Then 1 card face up
    And the second round is on
    And it is Ann's turn to bet

  Scenario: L3 — a raise in the first round is 2 chips; a call matches it and ends the round
    Given a game of Leduc poker between Ann and Bob
    When Ann raises
    Then Ann has 3 chips in the pot
    When Bob calls
    Then Bob has 3 chips in the pot
    And the second round is on

  Scenario: L3 — two raises at most in a round
    Given a game of Leduc poker between Ann and Bob
    When Ann raises
    And Bob raises
    Then Bob has 5 chips in the pot
    When Ann tries to raise
    Then the move is rejected

  Scenario: L3 — a raise in the second round is 4 chips
    Given a game of Leduc poker between Ann and Bob
    And Ann has 3 chips in the pot
    And Bob has 3 chips in the pot
    And the second round has begun with the king_of_spades face up
    And it is Ann's turn to bet
    When Ann raises
    Then Ann has 7 chips in the pot
    When Bob raises
    Then Bob has 11 chips in the pot

  Scenario: L3, L6 — a fold gives the pot to the other at once
    Given a game of Leduc poker between Ann and Bob
    When Ann checks
    And Bob raises
    And Ann folds
    Then Bob wins
    And Bob gains 1 chip

  Scenario: L5, L6 — a card pairing the face-up card beats a higher card
    Given a game of Leduc poker between Ann and Bob
    And Ann holds the jack_of_hearts and Bob the king_of_spades
    And the second round has begun with the jack_of_spades face up
    And it is Ann's turn to bet
    When Ann checks
    And Bob raises
    And Ann calls
    Then Ann wins
    And Ann gains 5 chips

  Scenario: L5 — without a pair the higher card wins
    Given a game of Leduc poker between Ann and Bob
    And Ann holds the queen_of_spades and Bob the king_of_hearts
    And the second round has begun with the jack_of_spades face up
    And it is Ann's turn to bet
    When Ann checks
    And Bob checks
    Then Bob wins
    And Bob gains 1 chip

  Scenario: L5, L6 — equal ranks split the pot
    Given a game of Leduc poker between Ann and Bob
    And Ann holds the queen_of_spades and Bob the queen_of_hearts
    And the second round has begun with the king_of_spades face up
    And it is Ann's turn to bet
    When Ann checks
    And Bob checks
    Then the pot is split
