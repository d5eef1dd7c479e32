@game:edenia
Feature: Exploring the galaxy — one tile a turn, laid where the sheep goes on
  Rulebook: Moving a Sheep, Exploring the Galaxy (and its example). Rulings D2, D14, D15.

  Scenario: Exploring the Galaxy — the rulebook's example: the Meteorite path, a new tile, the star way at its tunnel, the edge (D14)
    Given a game of Edenia between Leo and Lisa
    And the deck's top tile is S1
    When Leo moves sheep 1 by the east meteorite path
    Then tile S1 lies on b1
    And the deck has 21 tiles
    And Leo is to choose a path
    When Leo takes the east star path
    Then Leo's sheep 1 is at b1 east star heading east
    And c1 is empty
    And it is Lisa's turn

  Scenario: D14 — a sheep that starts its move heading into an empty cell explores at once
    Given a game of Edenia between Leo and Lisa
    And tile S1 lies on b1
    And the deck's top tile is T17
    And Leo's sheep 1 is at b1 east star heading east
    When Leo moves sheep 1 on
    Then tile T17 lies on c1
    And Leo's sheep 1 is at c1 east star heading east

  Scenario: D14 — with the deck empty, the sheep stops at the edge, heading into the empty cell
    Given a game of Edenia between Leo and Lisa
    And the deck is empty
    When Leo moves sheep 1 by the east star path
    Then Leo's sheep 1 is at a1 east star heading east
    And Leo's sheep 1 is at b1 west star heading east
    And b1 is empty

  Scenario: D14 — the next turn (and the next player) may explore again
    Given a game of Edenia between Leo and Lisa
    And the deck's top tiles are S1 and T17
    When Leo moves sheep 1 by the east comet path
    Then Leo's sheep 1 is at b1 east meteorite heading east
    Given it is Leo's turn
    When Leo moves sheep 1 on
    Then tile T17 lies on c1
    And Leo's sheep 1 is at c1 east meteorite heading east

  Scenario: D15 — a discovered habitable planet receives 3 clovers from the supply
    Given a game of Edenia between Leo and Lisa
    And the deck's top tile is S2
    When Leo moves sheep 1 by the east star path
    Then Leo's sheep 1 is on b1
    And the supply has 14 clovers
    And Leo is to choose between a clover and a flag
    When Leo takes a clover from the planet
    Then the planet on b1 holds 2 clovers
    And Leo has 3 clovers

  Scenario: D15 — a planet discovered when the supply runs short receives what it has
    Given a game of Edenia between Leo and Lisa
    And the deck's top tile is S2
    And the supply has 2 clovers
    When Leo moves sheep 1 by the east star path
    And Leo raises a flag
    Then the planet on b1 holds 2 clovers
    And the supply has 0 clovers

  Scenario: D15 — a discovered dwarf planet receives the top 2 artefacts of the pile
    Given a game of Edenia between Leo and Lisa
    And the deck's top tile is S3
    And the artefact pile's top tokens are the Gromout and the 3-point Junction
    When Leo moves sheep 1 by the east star path
    Then Leo is to decide at the dwarf planet
    And the dwarf planet on b1 holds the Gromout and the 3-point Junction

  Scenario: D15 — a tile laid by a Given receives nothing
    Given a game of Edenia between Leo and Lisa
    And tile S2 lies on b1
    And tile S3 lies on b2
    Then the planet on b1 holds no clovers
    And the dwarf planet on b2 holds no artefacts
    And the supply has 17 clovers
