Feature: Expert game — coins
  Rulebook: Expert Game, Setup and Action Phase — "Each time you place a Student in your Dining
  Room in a space showing the Coin icon, take 1 Coin from the general supply. This happens when you
  place the third, sixth, and ninth Student of each color." Rulings E16, E17.

  Scenario: Expert Game, Setup — 1 coin each, the rest of the 20 in the supply
    Given a 2-player expert game between Leo and Lisa
    Then Leo has 1 coin
    And Lisa has 1 coin
    And the supply has 18 coins

  Scenario: Expert Game, Setup — 3 players
    Given a 3-player expert game between Leo, Lisa and Max with seed 5
    Then Max has 1 coin
    And the supply has 17 coins

  Scenario: Expert Game, Setup — 4 players
    Given a 4-player expert game with teams Leo and Lisa against Max and Mia
    Then Mia has 1 coin
    And the supply has 16 coins

  Scenario: Expert Game, Setup — the characters option puts exactly those three in play
    Given a 2-player expert game between Leo and Lisa with the characters Monk, Herald and Thief
    Then the characters are Monk, Herald and Thief
    And the Monk holds 4 students
    And the supply has 18 coins

  Scenario: Expert Game, Action Phase — a unicorn onto a coin space gains 1 coin
    # Rulebook example: "This player moves a Unicorn (blue) student into the Dining Room covering a
    # Coin icon and gains 1 Coin."
    Given a 2-player expert game between Leo and Lisa
    And Leo's dining room has 2 blue
    And Leo's entrance has 1 blue, 3 red and 3 green
    And it is Leo's turn
    When Leo moves a unicorn student from his entrance to his dining room
    Then Leo's dining room has 3 blue
    And Leo has 2 coins
    And the supply has 17 coins

  Scenario: E16 — the 3rd, 6th and 9th students pay; the others do not
    Given a 2-player expert game between Leo and Lisa
    And Leo's dining room has 4 red and 1 green and 7 yellow
    And Leo's entrance has 2 red, 1 green, 2 yellow and 2 blue
    And it is Leo's turn
    When Leo moves a red student from his entrance to his dining room
    Then Leo has 1 coin
    When Leo moves a red student from his entrance to his dining room
    Then Leo has 2 coins
    When Leo moves a green student from his entrance to his dining room
    Then Leo has 2 coins
    Given it is Leo's turn
    When Leo moves a yellow student from his entrance to his dining room
    Then Leo has 2 coins
    When Leo moves a yellow student from his entrance to his dining room
    Then Leo's dining room has 6 red and 9 yellow
    And Leo has 3 coins
    And the supply has 16 coins

  Scenario: E16 — with the supply empty no coin is taken, and nothing else changes
    Given a 2-player expert game between Leo and Lisa
    And Leo's dining room has 2 blue
    And Lisa's dining room has 1 blue
    And Leo's entrance has 1 blue, 3 red and 3 green
    And the supply has 0 coins
    And it is Leo's turn
    When Leo moves a blue student from his entrance to his dining room
    Then Leo's dining room has 3 blue
    And Leo controls the blue professor
    And Leo has 1 coin
    And the supply has 0 coins

  Scenario: E16 — the supply runs out: the last coin goes, the next space pays nothing
    Given a 2-player expert game between Leo and Lisa
    And Leo's dining room has 2 blue and 5 red
    And Leo's entrance has 1 blue, 1 red and 5 green
    And the supply has 1 coin
    And it is Leo's turn
    When Leo moves a blue student from his entrance to his dining room
    And Leo moves a red student from his entrance to his dining room
    Then Leo has 2 coins
    And the supply has 0 coins

  Scenario: E16 — a space pays again when it is filled again after the Thief
    Given a 2-player expert game between Leo and Lisa
    And the characters are Thief, Monk and Farmer
    And Leo has 3 coins
    And Leo's dining room has 3 blue
    And Leo's entrance has 3 blue and 4 green
    And it is Leo's turn
    When Leo uses the Thief on blue
    Then Leo's dining room has no blue
    And Leo has 0 coins
    When Leo moves a blue student from his entrance to his dining room
    And Leo moves a blue student from his entrance to his dining room
    Then Leo has 0 coins
    When Leo moves a blue student from his entrance to his dining room
    Then Leo's dining room has 3 blue
    And Leo has 1 coin

  Scenario: E16 — Given steps take coins from the supply and give them back
    Given a 2-player expert game between Leo and Lisa
    And Leo has 5 coins
    Then the supply has 14 coins
    Given Leo has 0 coins
    Then the supply has 19 coins
    Given the supply has 3 coins
    And Lisa has 4 coins
    Then the supply has 0 coins
    And Lisa has 4 coins
