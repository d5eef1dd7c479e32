@game:edenia
Feature: The Outer Rim — relay stations and rim tunnels
  Rulebook: Relay Stations (and its example), Moving a Sheep (tunnels on the outer rim). Rulings D19, D6, D27.

  Scenario: Relay Stations — the rulebook's example: the relay's clover, then back the way it came (D19)
    Given a game of Edenia between Leo and Lisa
    And tile S3 lies on b1
    And the deck is empty
    And Leo's sheep 1 is at b1 south comet heading north
    When Leo moves sheep 1 on
    Then Leo has 3 clovers
    And the relay station at b1 has no clover
    And Leo's sheep 1 is at b1 south comet heading south

  Scenario: D19, D6 — relay stations are never refilled: without its clover the sheep only bounces
    Given a game of Edenia between Leo and Lisa
    And tile S3 lies on b1
    And the deck is empty
    And the relay station at b1 has no clover
    And Leo's sheep 1 is at b1 south comet heading north
    When Leo moves sheep 1 on
    Then Leo has 2 clovers
    And Leo's sheep 1 is at b1 south comet heading south

  Scenario: D19 — a rim tunnel joining two ports brings the sheep back into the cell on the other path
    Given a game of Edenia between Leo and Lisa
    And tile S3 lies on b1
    And Leo's sheep 1 is at b1 south meteorite heading north
    When Leo moves sheep 1 on
    Then Leo is to decide at the dwarf planet
    And Leo's sheep 1 is on b1

  Scenario: D19 — a rim tunnel joining three ports: the player chooses which of the other two
    Given a game of Edenia between Leo and Lisa
    And tile T17 lies on c1
    And the deck is empty
    And Leo's sheep 1 is at c1 south star heading north
    When Leo moves sheep 1 on
    Then Leo is to choose a path
    And Leo may take the north meteorite and north comet paths
    When Leo takes the north comet path
    Then Leo's sheep 1 is at c1 south comet heading south

  Scenario: D19, D30 — a relay clover that makes exactly 42 ends the game before the bounce
    Given a game of Edenia between Leo and Lisa
    And tile S3 lies on b1
    And Leo has Trifolium 15
    And Leo has Trifolium 12
    And Leo has Trifolium 10
    And Leo has 4 clovers
    And Leo's sheep 1 is at b1 south comet heading north
    When Leo moves sheep 1 on
    Then the game is over and Leo wins by the Law of the Universe
    And Leo's sheep 1 is at b1 north comet heading north

  Scenario: D19, D17 — the bounce at a relay station puts the sheep back on the port its move started from: the move ends there
    Given a game of Edenia between Leo and Lisa
    And tile T17 lies on e3
    And tile T11 lies on d3
    And the die will roll comet
    And Leo's sheep 1 is at e3 east comet heading west
    When Leo moves sheep 1 on
    And Leo chooses the east side
    Then Leo has 3 clovers
    And the relay station at e3 has no clover
    And Leo's sheep 1 is at e3 east comet heading west
    And it is Lisa's turn

  Scenario: D6 — no path reaches the bare rim beside Arridis: a sheep put there by hand stops
    Given a game of Edenia between Leo and Lisa
    And Leo's sheep 1 is at a1 north star heading north
    When Leo moves sheep 1 on
    Then Leo's sheep 1 is at a1 north star heading north
    And it is Lisa's turn
