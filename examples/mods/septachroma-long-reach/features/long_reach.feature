@game:septachroma
Feature: Long Reach — 4 stones from an end of the Public Ring
  Mod: examples/mods/septachroma-long-reach (replaces value ring_take).
  House rule against rulebook: Game Variants B. Public Ring 2 ("the 3 stones at either end").

  Scenario: B. Public Ring 2 changed — the 4 stones at the left end of the ring
    Given a game of Septachroma between Leo and Lisa with variant B
    And the ring is red, blue, green, yellow and violet
    When Leo takes the stones at the left end of the ring
    Then Leo holds red, blue, green and yellow
    And the ring is violet
