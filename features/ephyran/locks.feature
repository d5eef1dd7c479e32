@game:ephyran
Feature: Locking and unlocking a Territory (rulebook: Defense Reinforcements; Y32, Y33)

  Background:
    Given a game of Ephyran between Leo and Lisa

  Scenario: Y32 — Athena's Shield locks a Territory holding a zone; the card waits after its zones
    Given Leo's forest is cards 25 and 28
    And Leo's hand is cards 31, 7 and 17
    And Lisa's hand is cards 13 and 14
    And it is Leo's turn
    When Leo tries to play card 7 as Athena's Shield to lock his lagoon
    Then the move is rejected
    When Leo plays card 31 as Athena's Shield to lock his forest
    Then Leo's forest is locked
    And Tartarus is empty
    And Leo's city has 2 cards
    And it is Leo's turn to draw
    When Leo draws from the draw pile
    And Lisa discards card 13
    And Lisa draws from the draw pile
    Then Leo's forest is locked
    And every card and every token is in exactly one place

  Scenario: Y32 — nobody, the owner included, may add to, exchange or destroy a locked Territory
    Given Leo's forest is cards 25 and 28
    And Leo's forest is locked with card 31
    And Leo's hand is cards 33, 59, 3 and Dionysus
    And it is Leo's turn
    When Leo tries to add card 33 as forest 3
    Then the move is rejected
    When Leo tries to add a Dionysus as forest 3
    Then the move is rejected
    When Leo tries to exchange his forest 2 for card 59
    Then the move is rejected
    When Leo tries to play card 3 as Territory Exchange to swap his forest 2 for card 59 from his hand
    Then the move is rejected
    And nothing has changed

  Scenario: Y32 — a locked Territory cannot be attacked, stolen from or recovered from
    Given Lisa's forest is cards 25 and Dionysus
    And Lisa's forest 1 has a trident token
    And Lisa's forest is locked with card 31
    And Leo's forest is card 26
    And Leo's hand is cards 29, 30, 59 and 35
    And it is Leo's turn
    When Leo tries to play card 29 as Territory Destruction on Lisa
    Then the move is rejected
    When Leo tries to play card 30 as Theft of a Magic Object on Lisa's forest 1
    Then the move is rejected
    When Leo tries to recover the Dionysus on Lisa's forest 2 with card 59 and add it as lagoon 1
    Then the move is rejected
    When Leo tries to play card 35 as Territory Exchange to swap his forest 1 with Lisa's
    Then the move is rejected
    And nothing has changed

  Scenario: Y32 — no token is added on a locked Territory
    Given Leo's forest is card 25
    And Leo's forest is locked with card 31
    And Leo's hand is cards 28 and 17
    And it is Leo's turn
    When Leo tries to play card 28 as Take a Magic Object
    Then the move is rejected

  Scenario: Y33 — Hecate's Magic unlocks any locked Territory; shield and magic go to Tartarus, unanswered
    Given Lisa's forest is cards 25 and 28
    And Lisa's forest is locked with card 31
    And Lisa's hand is cards 15, 23 and 39
    And Leo's hand is cards 8 and 17
    And it is Leo's turn
    When Leo plays card 8 as Hecate's Magic to unlock Lisa's forest
    Then Lisa's forest is not locked
    And Tartarus holds cards 8 and 31
    And it is Leo's turn to draw
    And Lisa's forest is cards 25 and 28

  Scenario: Y33 — a player may unlock their own Territory, and then change it
    Given Leo's forest is card 25
    And Leo's forest is locked with card 31
    And Leo's hand is cards 32, 28 and 17
    And Lisa's hand is cards 13 and 14
    And it is Leo's turn
    When Leo plays card 32 as Hecate's Magic to unlock his forest
    Then Leo's forest is not locked
    When Leo draws from the draw pile
    And Lisa discards card 13
    And Lisa draws from the draw pile
    And Leo adds card 28 as forest 2
    Then Leo's forest is cards 25 and 28

  Scenario: Y33 — nothing to unlock, no Hecate's Magic
    Given Leo's forest is card 25
    And Leo's hand is cards 32 and 17
    And it is Leo's turn
    When Leo tries to play card 32 as Hecate's Magic to unlock his forest
    Then the move is rejected
