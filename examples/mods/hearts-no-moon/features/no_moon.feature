@game:hearts
Feature: No Moon — all 26 points taken cost all 26
  Mod: examples/mods/hearts-no-moon (replaces value hand_points).
  House rule against rules/hearts/RULINGS.md H6 ("a player who takes all 26 points shoots the moon").

  Scenario: H6 changed — all 26 points to one player: 26 for them, 0 for each other
    Given a game of Hearts between North, East, South and West
    And North has taken QS, 2H, 3H, 4H, 5H, 6H, 7H, 8H, 9H, TH, JH, QH, KH and AH
    Then North has 26 points
    And East has 0 points

  Scenario: H6 kept — each heart taken costs 1 point, the queen of spades 13
    Given a game of Hearts between North, East, South and West
    And North has taken QS, 2H, 3H and 4H
    Then North has 16 points
    And East has 0 points
