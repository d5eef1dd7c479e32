@game:ephyran
Feature: Setup — the gods, the Athena token and the deal (rulebook: Setup; Y1–Y9)

  Scenario: Y1 Y2 — the gods go to the players in the order named, and the first named starts
    Given a game of Ephyran between Leo, Lisa and Max
    Then Leo embodies Poseidon
    And Lisa embodies Gaia
    And Max embodies Aeolus
    And Leo has the Athena token
    And it is Leo's turn
    And this is not the last round

  Scenario: Y1 — a player may embody another god; its former holder takes theirs
    Given a game of Ephyran between Leo and Lisa
    And Leo embodies Gaia
    Then Leo embodies Gaia
    And Lisa embodies Poseidon

  Scenario: Y1 Y38 Y42 — with four players the fourth embodies Hephaestus: the mountain is scored first, and doubled
    Given a game of Ephyran between Leo, Lisa, Max and Mia
    And Max's hand is cards 5 and 18
    And Mia's hand is cards 3 and 17
    And Mia's lagoon is cards 2 and Dionysus
    And Mia's mountain is cards 37, 40 and Dionysus
    Then Mia embodies Hephaestus
    And Mia's mountain scores 10
    And Mia's lagoon scores 1
    And Mia scores 11

  Scenario: Y1 — two to four players
    Then a game of Ephyran between Leo, Lisa, Max, Mia and Ned is refused
    And a game of Ephyran for Leo alone is refused

  Scenario Outline: Y6 Y8 Y9 — a Dionysus and 4 cards each, the rest of the 80 in the draw pile
    Given a game of Ephyran between <players>
    Then Leo has 5 cards in his hand
    And Lisa has 5 cards in her hand
    And the draw pile has <left> cards
    And the discard pile is empty
    And Tartarus is empty
    And Leo's city has 0 cards

    Examples:
      | players                  | left |
      | Leo and Lisa             | 72   |
      | Leo, Lisa and Max        | 68   |
      | Leo, Lisa, Max and Mia   | 64   |

  Scenario: Y7 Y8 — the 16 magic object tokens lie face down in the supply
    Given a game of Ephyran between Leo and Lisa
    Then the token supply has 16 tokens
    And the token supply holds 3 thunderbolts, 4 tridents, 5 owls and 4 helmets

  Scenario: Y3 Y5 — a card's Reinforcement half follows the order of the eight kinds
    Given a game of Ephyran between Leo and Lisa
    And Leo's hand is cards 9, 17, 49 and Dionysus
    And it is Leo's turn
    When Leo tries to play card 49 as Castor & Pollux
    Then the move is rejected
    When Leo tries to play card 17 as the Graeae
    Then the move is rejected
    When Leo plays card 9 as Castor & Pollux
    Then Tartarus holds card 9
    And it is Leo's turn to draw

  Scenario: Y4 — a card with two Territory halves may be played as either
    Given a game of Ephyran between Leo and Lisa
    And Leo's lands is cards 13, 17 and 21
    And Leo's hand is cards 49 and Dionysus
    And it is Leo's turn
    When Leo adds card 49 as lands 4
    Then Leo's lands is cards 13, 17, 21 and 49
    And Leo's lands 4 is card 49

  Scenario: Y8 — the seed changes the deal, never the counts
    Given a game of Ephyran between Leo and Lisa with seed 7
    Then the draw pile has 72 cards
    And Leo has 5 cards in his hand
    And the discard pile has 0 cards
    And Tartarus has 0 cards
    And it is Leo's turn
