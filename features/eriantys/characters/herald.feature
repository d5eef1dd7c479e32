Feature: The Herald
  Rulebook: Characters — cost 3: "Choose an Island and resolve the Island as if Mother Nature had
  ended her movement there. Mother Nature will still move and the Island where she ends her
  movement will also be resolved." Rulings E11, E14, E17, E19, E20.

  Background:
    Given a 2-player expert game between Leo and Lisa
    And the characters are Herald, Grandma Herbs and Knight
    And Leo has 3 coins
    And Mother Nature is on island 1
    And Leo controls the red professor

  Scenario: E20 — the Herald resolves an island as Mother Nature would; she stays where she is
    Given island 5 has 2 red
    And it is Leo's turn
    When Leo uses the Herald on island 5
    Then island 5 has a white tower
    And Leo has 7 towers left
    And Mother Nature is on island 1
    And Leo has 0 coins
    And the Herald costs 4
    And it is Leo's turn to move students

  Scenario: E20 — Mother Nature still moves and resolves afterwards
    Given island 5 has 2 red
    And island 2 has 1 red
    And it is Leo's turn to move Mother Nature
    When Leo uses the Herald on island 5
    And Leo moves Mother Nature 1 island
    Then island 5 has a white tower
    And island 2 has a white tower
    And Leo has 6 towers left

  Scenario: E11, E20 — the Herald's tower unifies the island with its neighbours
    Given Leo has towers on islands 4 and 6
    And island 5 has 1 red
    And it is Leo's turn
    When Leo uses the Herald on island 5
    Then islands 4, 5 and 6 are one group
    And there are 10 island groups
    And island 4 has 3 white towers
    And Leo has 5 towers left

  Scenario: E14, E20 — the Herald's unification leaves 3 groups: the game ends at once
    Given islands 1, 2 and 3 are one group
    And islands 5, 6 and 7 are one group
    And islands 8, 9, 10, 11 and 12 are one group
    And Leo has towers on islands 1, 2, 3, 5, 6 and 7
    And Lisa has towers on islands 8, 9, 10, 11 and 12
    And Mother Nature is on island 8
    And island 4 has 1 red
    And it is Leo's turn
    When Leo uses the Herald on island 4
    Then there are 2 island groups
    And the game is over and Leo wins

  Scenario: E19, E20 — the Herald on an island with a no-entry tile: no influence, the tile comes back
    Given island 5 has 2 red
    And island 5 has a no-entry tile
    And it is Leo's turn
    Then Grandma Herbs holds 3 no-entry tiles
    When Leo uses the Herald on island 5
    Then island 5 has no tower
    And island 5 has no no-entry tile
    And Grandma Herbs holds 4 no-entry tiles
