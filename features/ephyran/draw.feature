@game:ephyran
Feature: The draw that ends a turn (rulebook: Playing a Turn; Y10, Y18, Y19)

  Background:
    Given a game of Ephyran between Leo and Lisa

  Scenario: Y10 Y18 — one action, then the top card of the draw pile
    Given Leo's hand is cards 13, 17, 40, 58 and Dionysus
    And the top of the draw pile is cards 33 and 49
    And it is Leo's turn
    When Leo adds card 13 as lands 1
    Then it is Leo's turn to draw
    When Leo draws from the draw pile
    Then Leo holds card 33
    And Leo has 5 cards in his hand
    And the top card of the draw pile is card 49
    And it is Lisa's turn

  Scenario: Y18 Y19 — or the top card of the discard pile, which keeps its order
    Given Leo's hand is cards 13 and Dionysus
    And the discard pile is cards 49, 33 and 5
    And it is Leo's turn
    Then Lisa sees cards 49, 33 and 5 in the discard pile
    When Leo adds card 13 as lands 1
    And Leo draws from the discard pile
    Then Leo holds card 49
    And the discard pile is cards 33 and 5
    And the top card of the discard pile is card 33

  Scenario: Y18 — not the card put on the discard pile during this turn
    Given Leo's hand is cards 13, 17 and Dionysus
    And the discard pile is card 33
    And it is Leo's turn
    When Leo discards card 17
    Then the top card of the discard pile is card 17
    When Leo tries to draw from the discard pile
    Then the move is rejected
    And nothing has changed
    When Leo draws from the draw pile
    Then the discard pile is cards 17 and 33
    And Leo does not hold card 17

  Scenario: Y18 — a decision even with one source left
    Given Leo's hand is cards 13 and Dionysus
    And the discard pile is card 33
    And the draw pile is empty
    And it is Leo's turn
    When Leo adds card 13 as lands 1
    Then it is Leo's turn to draw
    When Leo tries to draw from the draw pile
    Then the move is rejected
    When Leo draws from the discard pile
    Then Leo holds card 33
    And it is Lisa's turn

  Scenario: Y18 — with no source the turn ends without a draw
    Given Leo's hand is cards 13 and Dionysus
    And the discard pile is empty
    And the draw pile is empty
    And Tartarus holds cards 20 and 21
    And it is Leo's turn
    When Leo adds card 13 as lands 1
    Then it is Lisa's turn
    And Leo's hand is a Dionysus
    And Tartarus holds cards 20 and 21

  Scenario: Y10 — with an empty hand a player goes straight to the draw, and the turn counts
    Given Leo's hand is empty
    And the top of the draw pile is card 33
    And it is Leo's turn
    Then it is Leo's turn to draw
    When Leo draws from the draw pile
    Then Leo's hand is card 33
    And it is Lisa's turn

  Scenario: Y35 — a card drawn face down is seen by its player alone
    Given Leo's hand is cards 13 and Dionysus
    And the top of the draw pile is card 33
    And it is Leo's turn
    When Leo adds card 13 as lands 1
    And Leo draws from the draw pile
    Then Leo sees cards 33 and Dionysus in his hand
    And Lisa sees 2 cards in Leo's hand but not which

  Scenario: Y18 Y19 — at the draw, a player with an empty hand draws one of the top cards
    Given Leo's hand is empty
    And the discard pile is cards 49, 33 and 5
    And Tartarus holds cards 20 and 21
    And the draw pile has 20 cards
    And it is Leo's turn to draw
    Then Leo's hand is empty
    And the draw pile has 20 cards
    And the discard pile has 3 cards
    And Tartarus has 2 cards
    When Leo draws from the discard pile
    Then Leo's hand is card 49
    And the discard pile has 2 cards
    And Tartarus has 2 cards
    And it is Lisa's turn
