Feature: The Mushroom Merchant
  Rulebook: Characters — cost 3: "Choose a color of Student: during the influence calculation this
  turn, that color adds no influence." Rulings E9, E17, E18.

  Scenario: E18 — the chosen colour adds no influence this turn
    Given a 2-player expert game between Leo and Lisa
    And the characters are Mushroom Merchant, Monk and Farmer
    And Leo has 3 coins
    And Leo controls the red professor
    And Lisa controls the blue professor
    And island 5 has 2 red and 1 blue
    And Mother Nature is on island 4
    And it is Lisa's turn to move Mother Nature
    When Lisa tries to use the Mushroom Merchant on red
    Then the move is rejected
    Given Lisa has 3 coins
    When Lisa uses the Mushroom Merchant on red
    Then Leo has 0 influence on island 5
    And Lisa has 1 influence on island 5
    When Lisa moves Mother Nature 1 island
    Then island 5 has a black tower
    And Lisa has 0 coins
    And the Mushroom Merchant costs 4 coins

  Scenario: E18 — only the chosen colour: the others and towers still count
    Given a 2-player expert game between Leo and Lisa
    And the characters are Mushroom Merchant, Monk and Farmer
    And Leo has 3 coins
    And Leo controls the red and green professors
    And Leo has a tower on island 5
    And island 5 has 2 red and 1 green
    And it is Leo's turn
    When Leo uses the Mushroom Merchant on dragons
    Then Leo has 2 influence on island 5

  Scenario: E9, E18 — 4 players: the colour counts for neither team
    Given a 4-player expert game with teams Leo and Lisa against Max and Mia
    And the characters are Mushroom Merchant, Monk and Farmer
    And Mia has 3 coins
    And Leo controls the green professor
    And Lisa controls the yellow professor
    And Max controls the pink professor
    And island 5 has 2 green, 1 yellow and 2 pink
    And Mother Nature is on island 4
    And it is Mia's turn to move Mother Nature
    Then white has 3 influence on island 5
    When Mia uses the Mushroom Merchant on green
    Then white has 1 influence on island 5
    And black has 2 influence on island 5
    When Mia moves Mother Nature 1 island
    Then island 5 has a black tower
    And Max has 7 towers left

  Scenario: E17 — the colour counts again after the turn
    Given a 2-player expert game between Leo and Lisa
    And the characters are Mushroom Merchant, Monk and Farmer
    And Leo has 3 coins
    And Leo controls the red professor
    And island 5 has 2 red
    And it is Leo's turn to choose a cloud
    When Leo uses the Mushroom Merchant on red
    Then Leo has 0 influence on island 5
    When Leo takes the students from cloud 1
    Then Leo has 2 influence on island 5
