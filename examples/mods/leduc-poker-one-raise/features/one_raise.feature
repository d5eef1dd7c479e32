@game:leduc_poker
Feature: One Raise — at most one raise a betting round
  Mod: examples/mods/leduc-poker-one-raise (replaces value may).
  House rule against rules/leduc_poker/RULINGS.md L3 ("at most two raises a round").

  Scenario: L3 changed — a raise may not be raised again; the call ends the round
    Given a game of Leduc poker between Ann and Bob
    When Ann raises
    And Bob tries to raise
    Then the move is rejected
    When Bob calls
    Then Bob has 3 chips in the pot
    And the second round is on

  Scenario: L3 kept — facing the raise a player may fold, and the pot goes to the other at once
    Given a game of Leduc poker between Ann and Bob
    When Ann checks
    And Bob raises
    And Ann folds
    Then Bob wins
    And Bob gains 1 chip
