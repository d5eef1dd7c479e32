@game:ephyran
Feature: Rounds and the last round with three players (rulebook: Playing a Turn, End of the Game; Y2, Y10, Y37)

  Scenario: Y2 Y44 — turns go in seat order; a round ends with the player seated just before the Athena token's holder; all tied, all share
    Given a game of Ephyran between Leo, Lisa and Max
    And Max has the Athena token
    And Leo's hand is cards 2 and Dionysus
    And Lisa's hand is cards 13 and 14
    And this is the last round
    And it is Leo's turn
    When Leo discards card 2
    And Leo draws from the draw pile
    Then it is Lisa's turn
    When Lisa discards card 13
    And Lisa draws from the draw pile
    Then the game is over and Leo, Lisa and Max share the victory
    And Lisa scores 0

  Scenario: Y37 — in the last round an empty draw pile only limits the draws; a turn without an action counts
    Given a game of Ephyran between Leo, Lisa and Max
    And Leo's hand is cards 2 and Dionysus
    And Lisa's hand is empty
    And Max's hand is cards 13 and 17
    And the discard pile is empty
    And the draw pile is card 33
    And it is Leo's turn
    When Leo discards card 2
    And Leo draws from the draw pile
    Then this is the last round
    And it is Lisa's turn to draw
    When Lisa draws from the discard pile
    Then it is Max's turn
    When Max adds card 13 as lands 1
    Then the game is over and Max wins
    And Max scores 2
    And Lisa's hand is card 2
