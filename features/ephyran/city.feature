@game:ephyran
Feature: The city — adding, covering, exchanging and discarding (rulebook: Playing a Turn; Y10–Y17)

  Background:
    Given a game of Ephyran between Leo and Lisa

  Scenario: Y13 Y14 — zone 1 needs nothing; zone 2 only on zone 1
    Given Leo's hand is cards 4, 13, 17, 40 and Dionysus
    And it is Leo's turn
    When Leo tries to add card 17 as lands 2
    Then the move is rejected
    And nothing has changed
    When Leo adds card 13 as lands 1
    Then Leo's lands is card 13
    And Leo's city has 1 card
    And Leo has 4 cards in his hand
    And it is Leo's turn to draw

  Scenario: Y12 Y13 — Territories are started and built in any order, side by side
    Given Leo's lands is card 13
    And Leo's hand is cards 17, 37 and Dionysus
    And it is Leo's turn
    When Leo adds card 37 as mountain 1
    Then Leo's mountain is card 37
    And Leo's lands is card 13
    And Leo's city has 2 cards

  Scenario: Y14 — a card goes only on a zone its Territory half shows
    Given Leo's hand is cards 13, 49 and Dionysus
    And it is Leo's turn
    When Leo tries to add card 13 as lagoon 1
    Then the move is rejected
    When Leo tries to add card 49 as lands 4
    Then the move is rejected
    When Leo adds card 49 as lagoon 1
    Then Leo's lagoon is card 49

  Scenario: Y12 Y14 — one copy of each Territory zone in a city
    Given Leo's lands is card 13
    And Leo's hand is cards 14 and 15
    And it is Leo's turn
    When Leo tries to add card 14 as lands 1
    Then the move is rejected
    And nothing has changed

  Scenario: Y15 — only a Territory's highest zone is uncovered
    Given Leo's lands is cards 13 and 17
    And Leo's hand is cards 21 and Dionysus
    And it is Leo's turn
    Then Leo's lands 1 is covered
    And Leo's lands 2 is uncovered
    When Leo adds card 21 as lands 3
    Then Leo's lands 2 is covered
    And Leo's lands 3 is uncovered
    And Leo's lands is cards 13, 17 and 21

  Scenario: Y11 Y16 — the exchange action discards an uncovered zone; its token is lost for good
    Given Leo's lagoon is cards 1 and 4
    And Leo's lagoon 2 has a trident token
    And Leo's hand is cards 59, 17 and Dionysus
    And the discard pile is card 33
    And it is Leo's turn
    Then the token supply has 15 tokens
    When Leo exchanges his lagoon 2 for card 59
    Then Leo's lagoon is cards 1 and 59
    And Leo's lagoon 2 has no token
    And the token supply has 15 tokens
    And the discard pile is cards 4 and 33
    And Leo has 2 cards in his hand
    And it is Leo's turn to draw

  Scenario: Y16 — a covered zone cannot be exchanged by the action, nor a Dionysus
    Given Leo's lagoon is cards 1 and Dionysus
    And Leo's hand is cards 2, 59 and 58
    And it is Leo's turn
    When Leo tries to exchange his lagoon 1 for card 2
    Then the move is rejected
    When Leo tries to exchange his lagoon 2 for card 59
    Then the move is rejected
    And nothing has changed

  Scenario: Y16 — a zone may be exchanged for a Dionysus
    Given Leo's lagoon is cards 1 and 4
    And Leo's hand is cards 17 and Dionysus
    And it is Leo's turn
    When Leo exchanges his lagoon 2 for a Dionysus
    Then Leo's lagoon 2 is a Dionysus
    And the top card of the discard pile is card 4
    And Leo's hand is card 17

  Scenario: Y17 — any card may be discarded, a Dionysus too
    Given Leo's hand is cards 17 and Dionysus
    And the discard pile is card 33
    And it is Leo's turn
    When Leo discards a Dionysus
    Then the discard pile is cards Dionysus and 33
    And Leo's hand is card 17
    And it is Leo's turn to draw

  Scenario: Y11 — a card back from a city is whole again: its other half may be played later
    Given Leo's lagoon is cards 1 and 5
    And Leo's hand is cards 59 and 17
    And Lisa's hand is cards 58 and Dionysus
    And it is Leo's turn
    When Leo exchanges his lagoon 2 for card 59
    And Leo draws from the draw pile
    Then it is Lisa's turn
    When Lisa adds card 58 as lagoon 1
    And Lisa draws from the discard pile
    Then Lisa holds card 5
    And the discard pile is empty
    When Leo discards card 17
    And Leo draws from the draw pile
    And Lisa plays card 5 as Territory Destruction on Leo
    Then Tartarus holds card 5
    And Leo is to answer

  Scenario: Y12 Y32 — a Territory emptied loses its lock; a zone left empty is empty
    Given Leo's forest is cards 25 and 28
    And Leo's forest is locked with card 31
    And Leo's lagoon is cards 1 and 4
    And Leo's lagoon is empty
    And Leo's forest is not locked
    Then Leo's lagoon is empty
    And Leo's lagoon 2 is empty
    And Leo's forest is not locked
    And Leo's forest is cards 25 and 28
    Given Leo's forest is locked with card 31
    And Leo's forest is empty
    Then Leo's forest is not locked
    And Leo's city has 0 cards
