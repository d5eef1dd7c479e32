@game:ephyran
Feature: Magic object tokens and who sees them (rulebook: Magic Objects; Y7, Y34, Y35)

  Background:
    Given a game of Ephyran between Leo and Lisa

  Scenario: Y34 Y41 — a token may go on a card with a printed object, one token a card at most
    Given Leo's lagoon is card 1
    And Leo's hand is cards 4 and 12
    And the token supply holds 2 owls
    And it is Leo's turn
    When Leo plays card 4 as Take a Magic Object
    And nobody answers
    And Leo places the token on his lagoon 1
    Then Leo's lagoon 1 has an owl token
    And Leo's lagoon scores 6
    And the token supply has 1 token
    When Leo draws from the draw pile
    And Lisa discards a Dionysus
    And Lisa draws from the draw pile
    And Leo tries to play card 12 as Take a Magic Object
    Then the move is rejected

  Scenario: Y35 — a token's value is seen by the player whose city holds it, the others see that there is one
    Given Leo's lagoon is cards 2 and 5
    And Leo's lagoon 2 has a helmet token
    And Lisa's forest is card 25
    And Lisa's forest 1 has a thunderbolt token
    Then Leo sees a helmet token on his lagoon 2
    And Lisa sees a token on Leo's lagoon 2 but not its value
    And Leo sees a token on Lisa's forest 1 but not its value
    And Lisa sees a thunderbolt token on her forest 1
    And Leo's lagoon 2 has a token

  Scenario: Y35 — the cities, the discard pile and Tartarus are open to all; hands and the draw pile show counts
    Given Leo's lagoon is cards 2 and 5
    And Leo's hand is cards 13, 17 and Dionysus
    And the discard pile is cards 49, 33 and 6
    And Tartarus holds cards 20 and 21
    And the draw pile has 20 cards
    Then Lisa sees cards 49, 33 and 6 in the discard pile
    And Lisa sees 3 cards in Leo's hand but not which
    And Leo sees cards 13, 17 and Dionysus in his hand
    And Lisa sees 20 cards in the draw pile but not which
    And Leo sees 20 cards in the draw pile but not which
