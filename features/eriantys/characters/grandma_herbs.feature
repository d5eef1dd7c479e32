Feature: Grandma Herbs
  Rulebook: Characters — cost 2: "In Setup, put the 4 No Entry tiles on this card. EFFECT: Place a
  No Entry tile on an Island of your choice. The first time Mother Nature ends her movement there,
  put the No Entry tile back onto this card. DO NOT calculate influence on that Island, or place
  any Towers." Rulings E11, E17, E18, E19.

  Background:
    Given a 2-player expert game between Leo and Lisa
    And the characters are Grandma Herbs, Herald and Knight
    And Leo has 2 coins
    And Mother Nature is on island 4
    And Leo controls the red professor

  Scenario: Characters, Grandma Herbs — 4 no-entry tiles on the card at setup
    Then Grandma Herbs holds 4 no-entry tiles
    And the Grandma Herbs costs 2 coins

  Scenario: Characters, Grandma Herbs — a no-entry tile from the card onto an island
    Given it is Leo's turn
    When Leo uses Grandma Herbs on island 5
    Then island 5 has a no-entry tile
    And Grandma Herbs holds 3 no-entry tiles
    And Leo has 0 coins

  Scenario: E19 — Mother Nature ends on the tile: no influence, no tower; the tile comes back
    Given island 5 has 2 red
    And island 5 has a no-entry tile
    And it is Leo's turn to move Mother Nature
    When Leo moves Mother Nature 1 island
    Then island 5 has no tower
    And island 5 has no no-entry tile
    And Grandma Herbs holds 4 no-entry tiles

  Scenario: E19 — the tile stops only the first visit
    Given Leo has 3 coins
    And island 5 has 2 red
    And island 5 has a no-entry tile
    And it is Leo's turn to move Mother Nature
    When Leo uses the Herald on island 5
    Then island 5 has no tower
    And island 5 has no no-entry tile
    When Leo moves Mother Nature 1 island
    Then island 5 has a white tower

  Scenario: E11 — tiles add up when islands unify
    Given Leo has towers on islands 4 and 6
    And island 4 has a no-entry tile
    And island 6 has a no-entry tile
    And island 5 has 2 red
    And Mother Nature is on island 3
    And Leo played assistant 3
    And it is Leo's turn to move Mother Nature
    When Leo moves Mother Nature 2 islands
    Then island 5 has a white tower
    And islands 4, 5 and 6 are one group
    And island 5 has 2 no-entry tiles
    And Grandma Herbs holds 2 no-entry tiles

  Scenario: E18, E19 — a group may hold several tiles; each visit sends one back
    Given islands 5 and 6 are one group
    And island 5 has 2 no-entry tiles
    And island 6 has 2 red
    And it is Leo's turn to move Mother Nature
    When Leo moves Mother Nature 1 island
    Then island 6 has a no-entry tile
    And island 5 has no tower
    And Grandma Herbs holds 3 no-entry tiles

  Scenario: E18 — Grandma Herbs needs a tile left on the card
    Given islands 1, 2, 3 and 5 have no towers
    And island 1 has a no-entry tile
    And island 2 has a no-entry tile
    And island 3 has a no-entry tile
    And island 5 has a no-entry tile
    And it is Leo's turn
    Then Grandma Herbs holds 0 no-entry tiles
    When Leo tries to use Grandma Herbs on island 7
    Then the move is rejected
    And nothing has changed
