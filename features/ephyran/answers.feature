@game:ephyran
Feature: Answers on another player's turn — Athena's Shield and Hecate's Magic (rulebook: Defense Reinforcements; Y30, Y31)

  Background:
    Given a game of Ephyran between Leo, Lisa and Max
    And Max's lagoon is cards 2 and 5
    And Leo's lagoon is card 1

  Scenario: Y30 — the others are asked one at a time from the active player's left, whatever their hands
    Given Leo's hand is cards 13 and 17
    And Lisa's hand is cards 18 and 58
    And Max's hand is cards 20 and 57
    And it is Leo's turn
    When Leo plays card 13 as Territory Destruction on Max
    Then Lisa is to answer
    And it is Leo's turn
    When Lisa tries to answer with card 18
    Then the move is rejected
    When Lisa does not answer
    Then Max is to answer
    And it is Leo's turn
    When Max does not answer
    Then Max is to discard a zone

  Scenario: Y31 — an answer cancels the whole effect; both cards go to Tartarus; the answering player refills to 5 from the draw pile
    Given Leo's hand is cards 13 and 17
    And Lisa's hand is cards 18 and 58
    And Max's hand is cards 15 and 57
    And the discard pile is card 49
    And the top of the draw pile is cards 33, 41, 42 and 43
    And it is Leo's turn
    When Leo plays card 13 as Territory Destruction on Max
    And Lisa does not answer
    And Max answers with card 15
    Then Tartarus holds cards 13 and 15
    And Max's lagoon is cards 2 and 5
    And Max has 5 cards in his hand
    And Max holds card 33
    And Max holds card 43
    And the top card of the discard pile is card 49
    And Lisa sees 5 cards in Max's hand but not which
    And it is Leo's turn to draw

  Scenario: Y30 Y31 — once one answers nobody else is asked, and an answer is never answered
    Given Leo's hand is cards 21 and 17
    And Lisa's hand is cards 7, 23, 31, 39 and 47
    And Max's hand is cards 15 and 16
    And it is Leo's turn
    When Leo plays card 21 as Territory Destruction on Max
    And Lisa answers with card 7
    Then it is Leo's turn to draw
    And Max's lagoon is cards 2 and 5
    And Lisa has 5 cards in her hand
    And Max has 2 cards in his hand

  Scenario: Y30 — Territory Exchange is answered with Athena's Shield, not Hecate's Magic
    Given Leo's hand is cards 3 and 17
    And Lisa's hand is cards 8 and 24
    And Max's hand is cards 23 and 32
    And Max's lagoon is card 2
    And it is Leo's turn
    When Leo plays card 3 as Territory Exchange to swap his lagoon 1 with Max's
    And Lisa tries to answer with card 8
    Then the move is rejected
    When Lisa does not answer
    And Max tries to answer with card 32
    Then the move is rejected
    When Max answers with card 23
    Then Leo's lagoon is card 1
    And Max's lagoon is card 2
    And Tartarus holds cards 3 and 23

  Scenario: Y30 — Take and Theft of a Magic Object are answered with Hecate's Magic, not Athena's Shield
    Given Leo's hand is cards 12 and 17
    And Lisa's hand is cards 7 and 15
    And Max's hand is cards 16 and 13
    And it is Leo's turn
    When Leo plays card 12 as Take a Magic Object
    And Lisa tries to answer with card 7
    Then the move is rejected
    When Lisa does not answer
    And Max answers with card 16
    Then it is Leo's turn to draw
    And the token supply has 16 tokens
    And Leo's lagoon 1 has no token
    And Tartarus holds cards 12 and 16

  Scenario: Y30 — the player targeted is asked too, in their seat
    Given Leo's hand is cards 6 and 17
    And Lisa's hand is cards 10 and 58
    And Max's hand is cards 40 and 57
    And Max's lagoon 2 has an owl token
    And it is Leo's turn
    When Leo plays card 6 as Theft of a Magic Object on Max's lagoon 2
    And Lisa does not answer
    And Max answers with card 40
    Then Max's lagoon 2 has an owl token
    And Leo's lagoon 1 has no token
    And it is Leo's turn to draw

  Scenario: Y30 — nothing else can be answered: Castor & Pollux, the Graeae, locks and unlocks go on at once
    Given Leo's hand is cards 7, 17 and 33
    And Lisa's hand is cards 15, 16 and 23
    And Max's hand is cards 24 and 31
    And it is Leo's turn
    When Leo plays card 7 as Athena's Shield to lock his lagoon
    Then it is Leo's turn to draw
    And Leo's lagoon is locked

  Scenario: Y31 — the refill goes as far as the draw pile; emptying it makes the round the last
    Given Leo's hand is cards 13 and 17
    And Lisa's hand is card 18
    And Max's hand is cards 15 and 57
    And the discard pile is card 49
    And the draw pile is cards 33 and 41
    And it is Leo's turn
    When Leo plays card 13 as Territory Destruction on Max
    And Lisa does not answer
    And Max answers with card 15
    Then Max has 3 cards in his hand
    And the draw pile is empty
    And this is the last round
    And it is Leo's turn to draw
    When Leo tries to draw from the draw pile
    Then the move is rejected
    When Leo draws from the discard pile
    Then it is Lisa's turn

  Scenario: Y30 — asked from the active player's left: on Lisa's turn, Max first, then Leo
    Given Lisa's hand is cards 21 and 17
    And Max's hand is cards 18 and 57
    And Leo's hand is cards 15 and 58
    And it is Lisa's turn
    When Lisa plays card 21 as Territory Destruction on Max
    Then Max is to answer
    When Max does not answer
    Then Leo is to answer
    And it is Lisa's turn
    When Leo answers with card 15
    Then it is Lisa's turn to draw
