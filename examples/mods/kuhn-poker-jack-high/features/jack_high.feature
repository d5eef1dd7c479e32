@game:kuhn_poker
Feature: Jack High — at the showdown the jack is the best card
  Mod: examples/mods/kuhn-poker-jack-high (replaces value rank).
  Variant of rules/kuhn_poker/RULINGS.md K4 ("the higher card wins").

  Scenario: K3, K4 changed — two passes: the jack takes the pot from the king
    Given a game of Kuhn poker between Ann and Bob
    And Ann holds the jack and Bob the king
    And it is Bob's turn to answer
    When Bob passes
    Then Ann wins
    And Ann gains the other's 1 chip
