@game:ephyran
Feature: The end of the game — the last round and who wins (rulebook: End of the Game; Y36, Y37, Y43, Y44)

  Background:
    Given a game of Ephyran between Leo and Lisa
    And Leo's lagoon is cards 1, 4, 7 and 10
    And Leo's lands is cards 13, 16, 19 and 22
    And Leo's forest is cards 25, 28, 31 and 34
    And Leo's mountain is cards 37, 40 and 43

  Scenario: Y36 Y43 — the 16th city card makes the round the last; its player was the first to complete a city
    Given Leo's hand is cards 46 and Dionysus
    And it is Leo's turn
    Then Leo's city has 15 cards
    And this is not the last round
    When Leo adds card 46 as mountain 4
    Then this is the last round
    And Leo's city has 16 cards
    And Leo's city bonus is 3
    And Leo scores 63
    And the game is not over

  Scenario: Y37 Y44 — the round is completed, then the game is scored
    Given Leo's hand is cards 46 and Dionysus
    And Lisa's hand is cards 2 and 17
    And it is Leo's turn
    When Leo adds card 46 as mountain 4
    And Leo draws from the draw pile
    Then it is Lisa's turn
    And the game is not over
    When Lisa adds card 2 as lagoon 1
    And Lisa draws from the draw pile
    Then the game is over and Leo wins
    And Leo scores 63
    And Lisa scores 1

  Scenario: Y2 Y37 — the last round ends with the player seated just before the Athena token's holder
    Given Lisa has the Athena token
    And Leo's hand is cards 46 and Dionysus
    And it is Leo's turn
    When Leo adds card 46 as mountain 4
    And Leo draws from the draw pile
    Then the game is over and Leo wins

  Scenario: Y36 Y43 — a later trigger changes nothing: another city completed in the last round scores 1
    Given Lisa's lagoon is cards 2, 5, 8 and 11
    And Lisa's lands is cards 14, 17, 20 and 23
    And Lisa's forest is cards 26, 29, 32 and 35
    And Lisa's mountain is cards 38, 41 and 44
    And Leo's hand is cards 46 and Dionysus
    And Lisa's hand is cards 47 and Dionysus
    And it is Leo's turn
    When Leo adds card 46 as mountain 4
    And Leo draws from the draw pile
    And Lisa adds card 47 as mountain 4
    Then Lisa's city bonus is 1
    And Leo's city bonus is 3
    And Lisa scores 26
    And this is the last round
    When Lisa draws from the draw pile
    Then the game is over and Leo wins

  Scenario: Y43 — a city filled by a Given makes nobody the first, and no round the last
    Given Leo's mountain is cards 37, 40, 43 and 46
    Then Leo's city has 16 cards
    And Leo's city bonus is 1
    And this is not the last round

  Scenario: Y36 — the end-of-turn draw that empties the draw pile makes the round the last
    Given Leo's hand is cards 2 and Dionysus
    And the discard pile is empty
    And the draw pile is card 33
    And it is Leo's turn
    When Leo discards card 2
    Then this is not the last round
    When Leo draws from the draw pile
    Then this is the last round
    And the draw pile is empty

  Scenario: Y36 — emptied by Castor & Pollux too
    Given Leo's hand is cards 9 and Dionysus
    And the discard pile is card 49
    And the draw pile is card 33
    And it is Leo's turn
    When Leo plays card 9 as Castor & Pollux
    And Leo draws from the draw pile
    Then this is the last round
    When Leo draws from the discard pile
    Then Leo is to replay a card
