@game:edenia
Feature: Setup — the Big Bang, the deck, the tokens and the players
  Rulebook: Setup (The Big Bang, Exploration Tiles, Tokens, Players). Rulings D1, D2, D6, D7, D8, D9.

  Scenario: D8, D2 — two players: the fixed tiles, 4 Trifolium tokens, 2 clovers each, 17 in the supply
    Given a game of Edenia between Leo and Lisa
    Then tile Arridis lies on a1
    And tile Edenia lies on e5
    And tile Black Hole lies on c3
    And b1 is empty
    And d4 is empty
    And Edenia holds Trifolium 15, 12, 10 and 9
    And Leo has 2 clovers
    And Lisa has 2 clovers
    And the supply has 17 clovers
    And Leo has 3 flags in hand
    And Lisa has 0 artefacts
    And the supply has 8 sabotage tokens
    And it is Leo's turn

  Scenario: D8 — three players: the pink 7 goes back to the box; the third seat has 3 clovers
    Given a game of Edenia between Leo, Lisa and Max
    Then Edenia holds Trifolium 15, 12, 10, 9 and 8
    And Leo has 2 clovers
    And Lisa has 2 clovers
    And Max has 3 clovers
    And the supply has 14 clovers

  Scenario: D8 — four players: all six Trifolium tokens; 2, 2, 3 and 3 clovers; 11 in the supply
    Given a game of Edenia between Leo, Lisa, Max and Mia
    Then Edenia holds Trifolium 15, 12, 10, 9, 8 and 7
    And Max has 3 clovers
    And Mia has 3 clovers
    And the supply has 11 clovers
    And Mia has 3 points

  Scenario: D8, D7 — the deck: 22 tiles face down, the three starting tiles on top
    Given a game of Edenia between Leo and Lisa with seed 11
    Then the deck has 22 tiles
    And the deck's top 3 tiles are the starting tiles

  Scenario: D1, D8 — every sheep starts on Arridis
    Given a game of Edenia between Leo, Lisa and Max
    Then Leo's sheep 1 is on Arridis
    And Leo's sheep 2 is on Arridis
    And Leo's sheep 3 is on Arridis
    And Lisa's sheep 3 is on Arridis
    And Max's sheep 2 is on Arridis

  Scenario: D6, D9 — a clover on each of the 9 relay stations, none on the rim elsewhere
    Given a game of Edenia between Leo and Lisa
    Then the relay station at b1 has a clover
    And the relay station at d1 has a clover
    And the relay station at e3 has a clover
    And the relay station at e4 has a clover
    And the relay station at b5 has a clover
    And the relay station at d5 has a clover
    And the relay station at a2 has a clover
    And the relay station at a4 has a clover
    And the relay station at a5 has a clover

  Scenario: D1 — turns follow the seats in the order named, after the last the first
    Given a game of Edenia between Leo, Lisa and Max
    When Leo skips his turn
    Then it is Lisa's turn
    When Lisa skips her turn
    Then it is Max's turn
    When Max skips his turn
    Then it is Leo's turn

  Scenario: D9 — Givens keep the totals whole: clovers come from the supply and go back to it
    Given a game of Edenia between Leo and Lisa
    And Leo has 5 clovers
    Then the supply has 14 clovers
    Given Leo has 1 clover
    Then the supply has 18 clovers
