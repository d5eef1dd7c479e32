@game:edenia
Feature: The Black Hole and loops — a side chosen, the die rolled; every move ends
  Rulebook: Black Hole (and its example). Rulings D18, D17, D16, D14.

  Scenario: Black Hole — the rulebook's example: the right side, the die shows Meteorite, a tile already explored: stop at its edge (D18, D14)
    Given a game of Edenia between Leo and Lisa
    And tile T17 lies on c1
    And the deck's top tile is T11
    And the die will roll meteorite
    And Leo's sheep 1 is at c1 south star heading south
    When Leo moves sheep 1 on
    Then tile T11 lies on c2
    And Leo is to choose a side of the Black Hole
    When Leo chooses the east side
    Then Leo's sheep 1 is at c3 east meteorite heading east
    And d3 is empty
    And it is Lisa's turn

  Scenario: D18 — the side the sheep came in by may be chosen
    Given a game of Edenia between Leo and Lisa
    And tile T11 lies on c2
    And the deck is empty
    And the die will roll star
    And Leo's sheep 1 is at c2 south star heading south
    When Leo moves sheep 1 on
    And Leo chooses the north side
    Then Leo's sheep 1 is at c2 north star heading north

  Scenario: D18, D16 — a leap in progress goes on through the Black Hole, paid on the far side
    Given a game of Edenia between Leo and Lisa
    And tile T11 lies on c2
    And the deck is empty
    And the die will roll comet
    And Lisa's sheep 1 is at c2 south star heading south
    And Leo's sheep 1 is at c1 south star heading south
    When Leo moves sheep 1 on
    And Leo leaps
    And Leo chooses the west side
    Then Leo's sheep 1 is at c3 west comet heading west
    And Leo has 1 clover

  Scenario: D17, D18, D19 — through the Black Hole twice: back at a port it reached heading the same way, the move ends there
    Given a game of Edenia between Leo and Lisa
    And tile T11 lies on c2
    And tile T17 lies on c1
    And the die will roll star, then star
    And Leo's sheep 1 is at c2 south star heading south
    When Leo moves sheep 1 on
    And Leo chooses the north side
    Then Leo is to choose a path
    When Leo takes the north meteorite path
    Then Leo is to choose a side of the Black Hole
    When Leo chooses the north side
    Then Leo's sheep 1 is at c3 north star heading north
    And it is Lisa's turn

  Scenario: D17, D16 — a loop back to a port that is occupied ends the move behind the line
    Given a game of Edenia between Leo and Lisa
    And tile T11 lies on c2
    And tile T17 lies on c1
    And the die will roll star, then star
    And Lisa's sheep 1 is at c2 south star heading north
    And Leo's sheep 1 is at c2 south meteorite heading south
    When Leo moves sheep 1 on
    And Leo chooses the north side
    And Leo leaps
    Then Leo is to choose a path
    When Leo takes the north comet path
    And Leo chooses the north side
    Then Leo's sheep 1 is at c2 south comet heading south
    And Leo has 1 clover
    And it is Lisa's turn
