@game:ephyran
Feature: Dionysus — any zone, recovered from an opponent, never back in a hand (rulebook: Dionysus; Y20–Y22)

  Background:
    Given a game of Ephyran between Leo and Lisa

  Scenario: Y20 — a Dionysus is added as any zone the player could add, naming which
    Given Leo's lagoon is cards 1 and 4
    And Leo's hand is cards 17 and Dionysus
    And it is Leo's turn
    When Leo tries to add a Dionysus as lands 2
    Then the move is rejected
    When Leo adds a Dionysus as lagoon 3
    Then Leo's lagoon is cards 1, 4 and Dionysus
    And Leo's lagoon 3 is a Dionysus
    And Leo's city has 3 cards

  Scenario: Y20 Y27 — a Dionysus in a city may bear a token
    Given Leo's lagoon is cards Dionysus
    And Leo's hand is cards 4 and 17
    And Lisa's hand is cards 15 and 17
    And the token supply holds 1 trident
    And it is Leo's turn
    When Leo plays card 4 as Take a Magic Object
    And nobody answers
    And Leo places the token on his lagoon 1
    Then Leo's lagoon 1 has a trident token

  Scenario: Y21 Y34 — recovering a Dionysus: the card takes its place, the Dionysus and its token come over
    Given Lisa's lagoon is cards 2, 5 and Dionysus
    And Lisa's lagoon 3 has an owl token
    And Leo's forest is card 25
    And Leo's hand is cards 53, 17 and Dionysus
    And it is Leo's turn
    When Leo recovers the Dionysus on Lisa's lagoon 3 with card 53 and adds it as forest 2
    Then Lisa's lagoon is cards 2, 5 and 53
    And Lisa's lagoon 3 has no token
    And Leo's forest is cards 25 and Dionysus
    And Leo's forest 2 has an owl token
    And Leo sees an owl token on his forest 2
    And Lisa sees a token on Leo's forest 2 but not its value
    And Leo's hand is cards 17 and Dionysus
    And it is Leo's turn to draw

  Scenario: Y21 — only an uncovered Dionysus, replaced by a card showing its zone, not a Dionysus
    Given Lisa's lagoon is cards 2, Dionysus and 7
    And Lisa's lands is card Dionysus
    And Leo's hand is cards 5, 14, 13 and Dionysus
    And it is Leo's turn
    When Leo tries to recover the Dionysus on Lisa's lagoon 2 with card 5 and add it as lagoon 1
    Then the move is rejected
    When Leo tries to recover the Dionysus on Lisa's lands 1 with card 5 and add it as lagoon 1
    Then the move is rejected
    When Leo recovers the Dionysus on Lisa's lands 1 with card 13 and adds it as lands 1
    Then Lisa's lands is card 13
    And Leo's lands is card Dionysus

  Scenario: Y21 — without a zone to add it to there is no recovery
    Given Leo's lagoon is card 1
    And Leo's lands is card 13
    And Leo's forest is card 25
    And Leo's mountain is card 37
    And Leo's lagoon is locked with card 7
    And Leo's lands is locked with card 15
    And Leo's forest is locked with card 23
    And Leo's mountain is locked with card 31
    And Lisa's lagoon is card Dionysus
    And Leo's hand is cards 2 and 17
    And it is Leo's turn
    When Leo tries to recover the Dionysus on Lisa's lagoon 1 with card 2 and add it as lagoon 2
    Then the move is rejected

  Scenario: Y22 — a Dionysus in a city never goes back to a hand
    Given Leo's lagoon is cards 1 and Dionysus
    And Leo's hand is cards 3, 59 and 17
    And it is Leo's turn
    When Leo tries to exchange his lagoon 2 for card 59
    Then the move is rejected
    When Leo tries to play card 3 as Territory Exchange to swap his lagoon 2 for card 59 from his hand
    Then the move is rejected
    And nothing has changed

  Scenario: Y22 Y26 — but it may change cities by a Territory Exchange, as the zone it stands for
    Given Leo's lagoon is cards 1 and Dionysus
    And Lisa's lagoon is cards 2 and 5
    And Leo's hand is cards 3 and 17
    And it is Leo's turn
    When Leo plays card 3 as Territory Exchange to swap his lagoon 2 with Lisa's
    And nobody answers
    Then Lisa's lagoon is cards 2 and Dionysus
    And Leo's lagoon is cards 1 and 5

  Scenario: Y22 Y28 — or be destroyed, to Tartarus
    Given Lisa's lagoon is cards 2 and Dionysus
    And Leo's hand is cards 5 and 17
    And it is Leo's turn
    When Leo plays card 5 as Territory Destruction on Lisa
    And nobody answers
    And Lisa discards her lagoon 2
    Then Tartarus holds cards 5 and Dionysus
    And Lisa's lagoon is card 2
