@game:ephyran
Feature: Playing a Reinforcement; Castor & Pollux and the Graeae (rulebook: Reinforcements, Draw Reinforcements; Y23–Y25)

  Background:
    Given a game of Ephyran between Leo and Lisa

  Scenario: Y23 — a Reinforcement goes to Tartarus as it is played, on its player's own turn only
    Given Leo's hand is cards 1, 13 and Dionysus
    And Lisa's hand is cards 5 and 17
    And Leo's lagoon is card 2
    And it is Leo's turn
    When Lisa tries to play card 5 as Territory Destruction on Leo
    Then the move is rejected
    When Leo plays card 1 as Castor & Pollux
    Then Tartarus holds card 1
    And Leo does not hold card 1

  Scenario: Y23 — a Reinforcement whose conditions do not hold cannot be played
    Given Leo's city is empty
    And Lisa's city is empty
    And Leo's hand is cards 4, 5, 6, 7 and 8
    And it is Leo's turn
    When Leo tries to play card 4 as Take a Magic Object
    Then the move is rejected
    When Leo tries to play card 5 as Territory Destruction on Lisa
    Then the move is rejected
    When Leo tries to play card 7 as Athena's Shield to lock his lagoon
    Then the move is rejected
    And nothing has changed

  Scenario: Y24 — Castor & Pollux: two draws, then one card replayed, and no other draw
    Given Leo's hand is cards 1, 13, 17 and Dionysus
    And the discard pile is card 58
    And the top of the draw pile is cards 33 and 49
    And it is Leo's turn
    When Leo plays card 1 as Castor & Pollux
    Then it is Leo's turn to draw
    When Leo draws from the draw pile
    Then it is Leo's turn to draw
    When Leo draws from the discard pile
    Then Leo holds card 33
    And Leo holds card 58
    And Leo is to replay a card
    And Leo has 5 cards in his hand
    When Leo tries to play card 17 as Castor & Pollux
    Then the move is rejected
    When Leo adds card 13 as lands 1
    Then Leo's lands is card 13
    And it is Lisa's turn
    And Leo has 4 cards in his hand
    And the top card of the draw pile is card 49

  Scenario: Y24 — a Castor & Pollux draw with both piles empty is skipped
    Given Leo's hand is cards 1 and Dionysus
    And the discard pile is empty
    And the draw pile is card 25
    And it is Leo's turn
    When Leo plays card 1 as Castor & Pollux
    And Leo draws from the draw pile
    Then Leo is to replay a card
    When Leo adds card 25 as forest 1
    Then it is Lisa's turn

  Scenario: Y25 — the Graeae: three cards drawn, one kept, the others on the discard pile in the order chosen
    Given Leo's hand is cards 2, 13 and Dionysus
    And the discard pile is card 5
    And the top of the draw pile is cards 17, 33 and 49
    And it is Leo's turn
    When Leo plays card 2 as the Graeae
    Then Leo is to keep a card
    And Leo has 2 cards in his hand
    And Lisa sees 2 cards in Leo's hand but not which
    When Leo keeps card 33 and puts cards 49 and 17 on the discard pile
    Then Leo holds card 33
    And the discard pile is cards 17, 49 and 5
    And Tartarus holds card 2
    And it is Lisa's turn
    And Leo has 3 cards in his hand

  Scenario: Y25 — the Graeae draw as many as there are, and need one
    Given Leo's hand is cards 2 and Dionysus
    And Lisa's hand is cards 10 and 13
    And the draw pile is card 17
    And it is Leo's turn
    When Leo plays card 2 as the Graeae
    And Leo keeps card 17
    Then Leo holds card 17
    And the draw pile is empty
    And this is the last round
    When Lisa tries to play card 10 as the Graeae
    Then the move is rejected

  Scenario: Y25 — with an empty draw pile the Graeae cannot be played
    Given Leo's hand is cards 2 and Dionysus
    And the draw pile is empty
    And the discard pile is cards 33 and 49
    And it is Leo's turn
    When Leo tries to play card 2 as the Graeae
    Then the move is rejected
    And nothing has changed

  Scenario: Y24 — with nothing drawn and an empty hand there is nothing to replay
    Given Leo's hand is card 1
    And the discard pile is empty
    And the draw pile is empty
    And it is Leo's turn
    When Leo plays card 1 as Castor & Pollux
    Then it is Lisa's turn
    And Leo's hand is empty
