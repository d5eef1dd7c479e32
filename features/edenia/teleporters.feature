@game:edenia
Feature: Teleporters and sabotage
  Rulebook: Teleporters, Sabotage (and its example). Rulings D22, D38.

  Scenario: D22 — a sheep arriving at a teleporter along a path stops there
    Given a game of Edenia between Leo and Lisa
    And the deck's top tile is T11
    When Leo moves sheep 1 by the east star path
    Then Leo's sheep 1 is on b1
    And it is Lisa's turn

  Scenario: D22 — arriving along a path fixes a sabotaged teleporter: the token goes back to the supply
    Given a game of Edenia between Leo and Lisa
    And tile T11 lies on b1
    And the teleporter on b1 is sabotaged
    Then the supply has 7 sabotage tokens
    When Leo moves sheep 1 by the east star path
    Then the teleporter on b1 is not sabotaged
    And the supply has 8 sabotage tokens

  Scenario: Sabotage — the rulebook's example: from a yellow teleporter to another colour for a clover, a sabotage token, and the journey goes on (D22)
    Given a game of Edenia between Leo and Lisa
    And tile T13 lies on b2
    And tile T11 lies on d4
    And the deck's top tile is T17
    And the relay station at e4 has no clover
    And Leo's sheep 1 is on b2
    When Leo teleports sheep 1 to d4
    Then Leo has 1 clover
    And the teleporter on d4 is sabotaged
    And the supply has 7 sabotage tokens
    And Leo is to choose a path
    And Leo may take the west star and east star paths
    When Leo takes the east star path
    Then tile T17 lies on e4
    And Leo's sheep 1 is at d4 west comet heading west

  Scenario: D22 — between teleporters of the same colour, teleporting is free
    Given a game of Edenia between Leo and Lisa
    And tile T11 lies on b2
    And tile T12 lies on d4
    And the deck is empty
    And Leo's sheep 1 is on b2
    When Leo teleports sheep 1 to d4
    Then Leo has 2 clovers
    And Leo may take the north star paths
    When Leo takes the north star path
    Then Leo's sheep 1 is at d4 north star heading north

  Scenario: D22 — a different colour needs a clover
    Given a game of Edenia between Leo and Lisa
    And tile T13 lies on b2
    And tile T11 lies on d4
    And Leo has 0 clovers
    And Leo's sheep 1 is on b2
    When Leo tries to teleport sheep 1 to d4
    Then the move is rejected
    And nothing has changed

  Scenario: D22 — no teleporting to a teleporter with a sheep or a sabotage token on it
    Given a game of Edenia between Leo and Lisa
    And tile T11 lies on b2
    And tile T12 lies on d4
    And tile T13 lies on b4
    And Lisa's sheep 1 is on d4
    And the teleporter on b4 is sabotaged
    And Leo's sheep 1 is on b2
    When Leo tries to teleport sheep 1 to d4
    Then the move is rejected
    When Leo tries to teleport sheep 1 to b4
    Then the move is rejected
    And nothing has changed

  Scenario: D22 — a sheep on a sabotaged teleporter cannot teleport from it, but leaves it along a path
    Given a game of Edenia between Leo and Lisa
    And tile T11 lies on b2
    And tile T12 lies on d4
    And the deck is empty
    And Leo's sheep 1 is on b2
    And the teleporter on b2 is sabotaged
    When Leo tries to teleport sheep 1 to d4
    Then the move is rejected
    When Leo moves sheep 1 by the east star path
    Then Leo's sheep 1 is at b2 east star heading east
    And the teleporter on b2 is sabotaged
