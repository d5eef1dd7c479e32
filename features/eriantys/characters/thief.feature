Feature: The Thief
  Rulebook: Characters — cost 3: "Choose a type of Student: every player (including yourself) must
  return 3 Students of that type from their Dining Room to the bag. If any player has fewer than 3
  Students of that type, return as many Students as they have." Rulings E7, E17, E18.

  Background:
    Given a 2-player expert game between Leo and Lisa
    And the characters are Thief, Monk and Farmer
    And Leo has 3 coins

  Scenario: E18 — every player, the user included, returns 3 of the colour to the bag
    Given Leo's dining room has 4 red and 2 blue
    And Lisa's dining room has 5 red
    And the bag has 10 students
    And it is Leo's turn
    When Leo uses the Thief on red
    Then Leo's dining room has 1 red and 2 blue
    And Lisa's dining room has 2 red
    And the bag has 16 students
    And Leo has 0 coins
    And the Thief costs 4 coins

  Scenario: E18 — a player with fewer than 3 returns as many as they have
    Given Leo's dining room has 4 green
    And Lisa's dining room has 2 green
    And the bag has 10 students
    And it is Leo's turn
    When Leo uses the Thief on frogs
    Then Leo's dining room has 1 green
    And Lisa's dining room has no green
    And the bag has 15 students

  Scenario: E7 — after the Thief the professor stays with its holder, even at 0
    Given Leo's dining room has 3 yellow
    And Lisa's dining room has 2 yellow
    And Leo controls the yellow professor
    And it is Leo's turn
    When Leo uses the Thief on yellow
    Then Leo's dining room has no yellow
    And Lisa's dining room has no yellow
    And Leo controls the yellow professor

  Scenario: E7 — after the Thief a player with strictly more takes the professor
    Given Leo's dining room has 3 blue
    And Lisa's dining room has 5 blue
    And Leo controls the blue professor
    And it is Leo's turn
    When Leo uses the Thief on blue
    Then Leo's dining room has no blue
    And Lisa's dining room has 2 blue
    And Lisa controls the blue professor

  Scenario: E18 — 3 players: every player returns
    Given a 3-player expert game between Leo, Lisa and Max
    And the characters are Thief, Monk and Farmer
    And Max has 3 coins
    And Leo's dining room has 1 pink
    And Lisa's dining room has 3 pink
    And Max's dining room has 7 pink
    And it is Max's turn
    When Max uses the Thief on pink
    Then Leo's dining room has no pink
    And Lisa's dining room has no pink
    And Max's dining room has 4 pink
