@game:pig
Feature: Bank Ten — a turn is banked only from 10 points up
  Mod: examples/mods/pig-bank-ten (replaces value may_choose).
  House rule against rules/pig/RULINGS.md P2 ("stopping banks the turn's total").

  Scenario: P2 changed — a stop with 9 on the turn is refused
    Given a game of Pig between Xena and Omar
    And the turn's total is 9
    When Xena tries to stop
    Then the move is rejected

  Scenario: P2 kept — from 10 up, stopping banks the total
    Given a game of Pig between Xena and Omar
    And Xena has banked 12 points
    And the turn's total is 10
    When Xena stops
    Then Xena has banked 22 points
    And it is Omar's turn
