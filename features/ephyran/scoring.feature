@game:ephyran
Feature: Scoring, Territory by Territory (rulebook: Scoring; Y38–Y44)

  Background:
    Given a game of Ephyran between Leo and Lisa

  Scenario: Y39 Y42 — the rulebook's example: 5 points on Poseidon's lagoon, embodying Poseidon, score 10
    Given Leo's lagoon is cards 2, 5, 8 and 11
    Then Leo's lagoon scores 10
    And Leo scores 10

  Scenario: Y39 — one point per different creature; a creature twice counts once, with no bonus
    Given Lisa's lagoon is cards 2, 59 and 9
    Then Lisa's lagoon scores 2
    Given Lisa's lagoon is cards 3, 4 and 9
    Then Lisa's lagoon scores 4

  Scenario: Y39 Y41 — a card played as its second Territory half shows that half's creature and no printed object
    Given Lisa's lands is cards 56, 54, 51 and 49
    Then Lisa's lands scores 10

  Scenario: Y40 — Dionysus scores once per city, in the first Territory of the scoring order holding one
    Given Leo's lagoon is cards 2, 5, 8 and Dionysus
    And Leo's forest is cards Dionysus
    Then Leo's lagoon scores 8
    And Leo's forest scores 0
    And Leo scores 8

  Scenario: Y38 Y40 — the scoring order starts with the player's own god's Territory
    Given Leo embodies Aeolus
    And Leo's lagoon is cards 2, 5, 8 and Dionysus
    And Leo's forest is cards Dionysus
    Then Leo's forest scores 2
    And Leo's lagoon scores 3
    And Leo scores 5

  Scenario: Y41 — printed objects and tokens add their values; a helmet takes one off
    Given Lisa's forest is cards 25, 28 and 31
    And Lisa's forest 1 has a thunderbolt token
    And Lisa's forest 2 has a helmet token
    Then Lisa's forest scores 9
    And Lisa's mountain scores 0

  Scenario: Y41 Y42 — the god's Territory is doubled, a negative total too
    Given Leo's hand is cards 17 and 13
    And Lisa's lands is cards Dionysus and Dionysus
    And Lisa's lands 1 has a helmet token
    And Lisa's lands 2 has a helmet token
    Then Lisa's lands scores -2
    And Lisa scores -2

  Scenario: Y38 Y35 — the tokens are revealed when the game ends
    Given Leo's lagoon is cards 2 and 5
    And Leo's lagoon 2 has a trident token
    And Leo's hand is cards 13 and Dionysus
    And Lisa's hand is cards 14 and 17
    And this is the last round
    And it is Lisa's turn
    Then Lisa sees a token on Leo's lagoon 2 but not its value
    When Lisa discards card 14
    And Lisa draws from the draw pile
    Then the game is over and Leo wins
    And Leo scores 8
    And Lisa sees a trident token on Leo's lagoon 2

  Scenario: Y44 — players tied for the highest total share the victory
    Given Leo's lagoon is cards 2 and 5
    And Lisa's lands is cards 14 and 17
    And Lisa's hand is cards 18 and 58
    And this is the last round
    And it is Lisa's turn
    Then Leo scores 4
    And Lisa scores 4
    When Lisa discards card 18
    And Lisa draws from the draw pile
    Then the game is over and Leo and Lisa share the victory
