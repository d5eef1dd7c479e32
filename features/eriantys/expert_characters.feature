Feature: Expert game — using characters
  Rulebook: Expert Game, Action Phase — "During your turn, and only once per turn, you may use a
  Character ability by paying the cost shown on the Character card. Each Character costs the
  indicated number of Coins for only the first time it's used. For all subsequent uses, its cost is
  increased by 1 Coin. To show this, the first player who uses a Character must place one of the
  Coins paid on the Character card. Any other Coins paid are returned to the general supply."
  Rulings E17, E18.

  Background:
    Given a 2-player expert game between Leo and Lisa
    And the characters are Monk, Farmer and Herald

  Scenario: Expert Game, Setup — three characters with their students and tiles
    Given the characters are Monk, Grandma Herbs and Spoiled Princess
    Then the characters are Monk, Grandma Herbs and Spoiled Princess
    And the Monk holds 4 students
    And the Spoiled Princess holds 4 students
    And Grandma Herbs holds 4 no-entry tiles
    And the bag has 92 students

  Scenario: Expert Game, Setup — a seed draws three characters at random
    Given a 3-player expert game between Leo, Lisa and Max with seed 11
    Then the supply has 17 coins

  Scenario: E17 — the first use puts a coin on the card: the cost rises by 1, once
    Given Leo has 5 coins
    And Lisa has 5 coins
    And it is Leo's turn to choose a cloud
    Then the Farmer costs 2
    And the supply has 10 coins
    When Leo uses the Farmer
    Then Leo has 3 coins
    And the Farmer costs 3 coins
    And the supply has 11 coins
    When Leo takes the students from cloud 1
    And Lisa uses the Farmer
    Then Lisa has 2 coins
    And the Farmer costs 3 coins
    And the supply has 14 coins

  Scenario: E17 — the cost rises for that card only
    Given Leo has 3 coins
    And it is Leo's turn
    When Leo uses the Farmer
    Then the Farmer costs 3 coins
    And the Monk costs 1 coin
    And the Herald costs 3 coins

  Scenario: E17 — a raised cost can be set; paying it sends every coin to the supply
    Given the Herald costs 4
    And Leo has 4 coins
    And it is Leo's turn
    Then the supply has 14 coins
    When Leo uses the Herald on island 7
    Then Leo has 0 coins
    And the Herald costs 4 coins
    And the supply has 18 coins

  Scenario: E17 — only once per turn, even another character
    Given Leo has 5 coins
    And it is Leo's turn
    When Leo uses the Farmer
    And Leo tries to use the Monk to place a red student on island 5
    Then the move is rejected
    And nothing has changed
    And Leo has 3 coins

  Scenario: E17 — the same character twice in a turn is refused
    Given Leo has 5 coins
    And it is Leo's turn to move Mother Nature
    When Leo uses the Farmer
    And Leo tries to use the Farmer
    Then the move is rejected
    And Leo has 3 coins

  Scenario: E17 — too few coins: refused
    Given Leo has 2 coins
    And it is Leo's turn
    When Leo tries to use the Herald on island 5
    Then the move is rejected
    And nothing has changed
    And Leo has 2 coins

  Scenario: E17 — a raised cost needs the extra coin
    Given the Farmer costs 3 coins
    And Leo has 2 coins
    And it is Leo's turn
    When Leo tries to use the Farmer
    Then the move is rejected
    Given Leo has 3 coins
    When Leo uses the Farmer
    Then Leo has 0 coins

  Scenario: E17 — not before the action turn, nor after taking a cloud
    Given Leo has 5 coins
    When Leo tries to use the Farmer
    Then the move is rejected
    Given it is Leo's turn to choose a cloud
    When Leo takes the students from cloud 1
    And Leo tries to use the Farmer
    Then the move is rejected
    And it is Lisa's turn

  Scenario: E17 — a character in the next turn: the once-per-turn limit starts again
    Given Leo has 5 coins
    And Lisa has 5 coins
    And it is Leo's turn to choose a cloud
    When Leo uses the Farmer
    And Leo takes the students from cloud 1
    And Lisa uses the Herald on island 7
    Then Lisa has 2 coins
