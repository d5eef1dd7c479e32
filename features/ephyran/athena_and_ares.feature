@game:ephyran
Feature: Athena's and Ares's Reinforcements (rulebook: Reinforcement Card Details; Y26–Y29, Y34)

  Background:
    Given a game of Ephyran between Leo and Lisa

  Scenario: Y26 Y34 — Territory Exchange with an opponent: the two cards change places, each with its token
    Given Leo's lagoon is cards 1, 4 and 7
    And Lisa's lagoon is cards 2 and 5
    And Leo's lagoon 2 has a trident token
    And Lisa's lagoon 2 has an owl token
    And Leo's hand is cards 11, 17 and Dionysus
    And it is Leo's turn
    When Leo plays card 11 as Territory Exchange to swap his lagoon 2 with Lisa's
    Then Lisa is to answer
    When Lisa does not answer
    Then Leo's lagoon is cards 1, 5 and 7
    And Lisa's lagoon is cards 2 and 4
    And Lisa's lagoon 2 has a trident token
    And Leo's lagoon 2 has an owl token
    And every card and every token is in exactly one place
    And Lisa sees a trident token on her lagoon 2
    And Leo sees a token on Lisa's lagoon 2 but not its value
    And Leo sees an owl token on his lagoon 2
    And Tartarus holds card 11
    And it is Leo's turn to draw

  Scenario: Y26 — Territory Exchange with the hand, a covered zone too: the city card goes to the hand, its token is lost
    Given Leo's lagoon is cards 1 and 4
    And Leo's lagoon 1 has an owl token
    And Leo's hand is cards 3, 58 and 17
    And it is Leo's turn
    When Leo plays card 3 as Territory Exchange to swap his lagoon 1 for card 58 from his hand
    And nobody answers
    Then Leo's lagoon is cards 58 and 4
    And Leo holds card 1
    And Leo's lagoon 1 has no token
    And the token supply has 15 tokens
    And Tartarus holds card 3

  Scenario: Y26 — or for a Dionysus from the hand
    Given Leo's lagoon is cards 1 and 4
    And Leo's hand is cards 3 and Dionysus
    And it is Leo's turn
    When Leo plays card 3 as Territory Exchange to swap his lagoon 2 for a Dionysus from his hand
    And nobody answers
    Then Leo's lagoon is cards 1 and Dionysus
    And Leo's hand is card 4

  Scenario: Y26 — the same zone in both cities, each filled and unlocked
    Given Leo's lagoon is cards 1 and 4
    And Lisa's lagoon is card 2
    And Lisa's forest is card 25
    And Lisa's lagoon is locked with card 7
    And Leo's hand is cards 3 and 17
    And it is Leo's turn
    When Leo tries to play card 3 as Territory Exchange to swap his lagoon 2 with Lisa's
    Then the move is rejected
    When Leo tries to play card 3 as Territory Exchange to swap his lagoon 1 with Lisa's
    Then the move is rejected
    And nothing has changed

  Scenario: Y27 Y35 — Take a Magic Object: drawn at random, seen by its taker, placed face down on a zone of their choice
    Given Leo's lagoon is cards 1 and 4
    And Leo's lagoon 2 has an owl token
    And Leo's hand is cards 12 and 17
    And the token supply holds 1 thunderbolt
    And it is Leo's turn
    When Leo plays card 12 as Take a Magic Object
    And nobody answers
    Then Leo is to place the token
    And the token supply is empty
    When Leo tries to place the token on his lagoon 2
    Then the move is rejected
    When Leo places the token on his lagoon 1
    Then Leo's lagoon 1 has a thunderbolt token
    And Leo sees a thunderbolt token on his lagoon 1
    And Lisa sees a token on Leo's lagoon 1 but not its value
    And it is Leo's turn to draw

  Scenario: Y27 — no token in the supply, or no zone free of one: no Take a Magic Object
    Given Leo's lagoon is card 1
    And Leo's lagoon 1 has a trident token
    And Leo's hand is cards 12 and 17
    And it is Leo's turn
    When Leo tries to play card 12 as Take a Magic Object
    Then the move is rejected
    Given Leo's lagoon 1 has no token
    And the token supply is empty
    When Leo tries to play card 12 as Take a Magic Object
    Then the move is rejected

  Scenario: Y28 Y34 — Territory Destruction: the opponent chooses an uncovered zone, which goes to Tartarus with its token
    Given Lisa's lagoon is cards 2 and 5
    And Lisa's lands is card 13
    And Lisa's lagoon 2 has an owl token
    And Leo's hand is cards 21 and 17
    And it is Leo's turn
    When Leo plays card 21 as Territory Destruction on Lisa
    And Lisa does not answer
    Then Lisa is to discard a zone
    When Lisa tries to discard her lagoon 1
    Then the move is rejected
    When Lisa discards her lagoon 2
    Then Lisa's lagoon is card 2
    And Lisa's lands is card 13
    And Tartarus holds cards 21 and 5
    And Lisa's lagoon 2 has no token
    And the token supply has 15 tokens
    And it is Leo's turn to draw

  Scenario: Y28 — only an opponent with an uncovered zone in an unlocked Territory can be named
    Given Lisa's lagoon is card 2
    And Lisa's lagoon is locked with card 7
    And Leo's hand is cards 21 and 17
    And it is Leo's turn
    When Leo tries to play card 21 as Territory Destruction on Lisa
    Then the move is rejected

  Scenario: Y29 — Theft of a Magic Object: the token named is taken, seen and placed in the thief's city
    Given Lisa's lagoon is cards 2 and 5
    And Lisa's lagoon 2 has a trident token
    And Leo's forest is card 25
    And Leo's hand is cards 6 and 17
    And it is Leo's turn
    When Leo plays card 6 as Theft of a Magic Object on Lisa's lagoon 2
    And Lisa does not answer
    Then Leo is to place the token
    When Leo places the token on his forest 1
    Then Leo's forest 1 has a trident token
    And Lisa's lagoon 2 has no token
    And Lisa sees a token on Leo's forest 1 but not its value

  Scenario: Y29 — printed objects are never taken, and the thief needs a zone free of tokens
    Given Lisa's lagoon is cards 1 and 5
    And Lisa's lagoon 2 has a trident token
    And Leo's hand is cards 6 and 17
    And it is Leo's turn
    When Leo tries to play card 6 as Theft of a Magic Object on Lisa's lagoon 1
    Then the move is rejected
    When Leo tries to play card 6 as Theft of a Magic Object on Lisa's lagoon 2
    Then the move is rejected
    And nothing has changed
