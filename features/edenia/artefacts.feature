@game:edenia
Feature: Artefact tokens — played before or after the move, never during it
  Rulebook: Artefact Tokens. Rulings D31–D38, D10, D14, D15, D20, D22.

  Scenario: D31 — no artefact can be played during the move, at any of its choices
    Given a game of Edenia between Leo and Lisa
    And the deck's top tile is S1
    And Leo has the 4-point Turbo-engine
    When Leo moves sheep 1 by the east meteorite path
    Then Leo is to choose a path
    When Leo tries to play the 4-point Turbo-engine
    Then the move is rejected
    And nothing has changed

  Scenario: D31, D21, D37 — an artefact taken during the move can be played after it
    Given a game of Edenia between Leo and Lisa
    And the deck's top tile is S3
    And the artefact pile's top tokens are the Quantum Accelerator and the Gromout
    When Leo moves sheep 1 by the east star path
    And Leo takes the Quantum Accelerator from the dwarf planet
    Then Leo is to end his turn
    When Leo plays the Quantum Accelerator
    And Leo ends his turn
    Then it is Leo's turn

  Scenario: D31, D10 — after moving, only the Sheepscope, the Gromout and the Quantum Accelerator
    Given a game of Edenia between Leo and Lisa
    And the deck's top tile is S1
    And Leo has the 4-point Turbo-engine
    And Leo has the Quantum Accelerator
    When Leo moves sheep 1 by the east comet path
    Then Leo is to end his turn
    When Leo tries to play the 4-point Turbo-engine
    Then the move is rejected
    And Leo has the 4-point Turbo-engine

  Scenario: D32 — a Turbo-engine carries the sheep straight across the next habitable planet, taking nothing there
    Given a game of Edenia between Leo and Lisa
    And tile S2 lies on b1
    And the planet on b1 holds 2 clovers
    And the deck is empty
    And Leo has the 4-point Turbo-engine
    When Leo plays the 4-point Turbo-engine
    And Leo moves sheep 1 by the east star path
    Then Leo's sheep 1 is at b1 east star heading east
    And the planet on b1 holds 2 clovers
    And no flag is raised on b1
    And Leo has played the 4-point Turbo-engine

  Scenario: D32, D19, D20 — each Turbo-engine covers one planet: the next one stops the sheep
    Given a game of Edenia between Leo and Lisa
    And tile S2 lies on b1
    And tile T3 lies on c1
    And Leo has the 3-point Turbo-engine
    When Leo plays the 3-point Turbo-engine
    And Leo moves sheep 1 by the east star path
    Then Leo is to choose a path
    When Leo takes the north comet path
    Then Leo's sheep 1 is on c1
    And Leo is to choose between a clover and a flag
    When Leo raises a flag
    Then Leo's flag is raised on c1
    And no flag is raised on b1

  Scenario: D32 — an unused Turbo-engine is lost at the end of the turn
    Given a game of Edenia between Leo and Lisa
    And tile S2 lies on b1
    And the deck is empty
    And Leo has the 5-point Turbo-engine
    When Leo plays the 5-point Turbo-engine
    And Leo moves sheep 1 by the south star path
    And Lisa skips her turn
    And Leo moves sheep 2 by the east star path
    Then Leo's sheep 2 is on b1
    When Leo raises a flag
    Then Leo's flag is raised on b1

  Scenario: D32, D21 — a Turbo-engine has no effect on a dwarf planet
    Given a game of Edenia between Leo and Lisa
    And tile S3 lies on b1
    And Leo has the 4-point Turbo-engine
    When Leo plays the 4-point Turbo-engine
    And Leo moves sheep 1 by the east star path
    Then Leo is to decide at the dwarf planet

  Scenario: D33 — a Junction moves a sheep to another path's port on the same edge, keeping its heading; then he moves
    Given a game of Edenia between Leo and Lisa
    And tile S1 lies on b1
    And Leo's sheep 1 is at b1 east star heading east
    And Leo has the 3-point Junction
    When Leo plays the 3-point Junction to switch sheep 1 to the comet path
    Then Leo's sheep 1 is at b1 east comet heading east
    And it is Leo's turn
    And Leo has played the 3-point Junction

  Scenario: D33 — the port switched to must be free
    Given a game of Edenia between Leo and Lisa
    And tile S1 lies on b1
    And Leo's sheep 1 is at b1 east star heading east
    And Lisa's sheep 1 is at b1 east comet heading west
    And Leo has the 3-point Junction
    When Leo tries to play the 3-point Junction to switch sheep 1 to the comet path
    Then the move is rejected
    And nothing has changed

  Scenario: D33 — the edge needs an exploration tile on one side at least
    Given a game of Edenia between Leo and Lisa
    And Leo's sheep 1 is at a1 east star heading east
    And Leo has the 4-point Junction
    When Leo tries to play the 4-point Junction to switch sheep 1 to the comet path
    Then the move is rejected
    And nothing has changed

  Scenario: D34 — an R2-M2 draws three tiles; one is laid, the others go under the deck, the earlier drawn above the later
    Given a game of Edenia between Leo and Lisa
    And the deck's top tiles are T5, T2 and S1
    And Leo has the 3-point R2-M2
    When Leo plays the 3-point R2-M2
    And Leo moves sheep 1 by the east comet path
    Then Leo is to choose a tile to lay
    When Leo lays tile S1
    Then tile S1 lies on b1
    And the deck ends with T5 and T2
    And the deck has 21 tiles
    And Leo's sheep 1 is at b1 east meteorite heading east

  Scenario: D34 — if the move explores nothing, the R2-M2 has no effect
    Given a game of Edenia between Leo and Lisa
    And tile T17 lies on b1
    And the deck's top tiles are T5, T2 and S1
    And Leo's sheep 1 is at b1 east star heading west
    And Leo has the 4-point R2-M2
    When Leo plays the 4-point R2-M2
    And Leo moves sheep 1 on
    Then Leo's sheep 1 is on Arridis
    And the deck's top tile is T5
    And the deck has 21 tiles

  Scenario: D35, D15, D14 — a Sheepscope lays the top tile next to a laid tile, with discovery; the move may still explore
    Given a game of Edenia between Leo and Lisa
    And the deck's top tiles are S2 and T17
    And Leo has the 3-point Sheepscope
    When Leo plays the 3-point Sheepscope and lays the tile on b3
    Then tile S2 lies on b3
    And the planet on b3 holds 3 clovers
    When Leo moves sheep 1 by the east star path
    Then tile T17 lies on b1

  Scenario: D35 — the Sheepscope's cell must touch a laid tile
    Given a game of Edenia between Leo and Lisa
    And Leo has the 5-point Sheepscope
    When Leo tries to play the 5-point Sheepscope and lay the tile on b4
    Then the move is rejected
    And nothing has changed

  Scenario: D35, D10 — a Sheepscope may be played after moving too
    Given a game of Edenia between Leo and Lisa
    And the deck's top tiles are S1 and T17
    And Leo has the 4-point Sheepscope
    When Leo moves sheep 1 by the east comet path
    Then Leo is to end his turn
    When Leo plays the 4-point Sheepscope and lays the tile on c1
    Then tile T17 lies on c1
    When Leo ends his turn
    Then it is Lisa's turn

  Scenario: D36, D20 — a flag protected by the Gromout cannot be replaced; no sheep needs to be there
    Given a game of Edenia between Leo and Lisa
    And tile S2 lies on b1
    And Leo's flag is raised on b1
    And Leo has the Gromout
    When Leo plays the Gromout on b1
    Then the flag on b1 is protected
    And it is Leo's turn
    When Leo tries to skip his turn
    Then the move is rejected
    Given it is Lisa's turn
    When Lisa moves sheep 1 by the east star path
    Then Leo's flag is raised on b1
    And Lisa has 3 flags in hand

  Scenario: D36 — the Gromout needs one of his flags raised and not yet protected
    Given a game of Edenia between Leo and Lisa
    And Leo has the Gromout
    When Leo tries to play the Gromout on b1
    Then the move is rejected
    And nothing has changed

  Scenario: D37, D14 — a Quantum Accelerator gives a whole new turn, which may explore again
    Given a game of Edenia between Leo and Lisa
    And the deck's top tiles are S1 and T17
    And Leo has the Quantum Accelerator
    When Leo plays the Quantum Accelerator
    And Leo moves sheep 1 by the east comet path
    Then it is Leo's turn
    When Leo moves sheep 1 on
    Then tile T17 lies on c1
    And it is Lisa's turn

  Scenario: D38, D22 — a Mobile teleporter sends a sheep to an available teleporter of its helmet's colour for free; a sabotage token goes on it
    Given a game of Edenia between Leo and Lisa
    And tile T11 lies on b2
    And Leo has the 3-point Mobile teleporter
    When Leo plays the 3-point Mobile teleporter to send sheep 1 to b2
    Then Leo's sheep 1 is on b2
    And Leo has 2 clovers
    And the teleporter on b2 is sabotaged
    And it is Leo's turn
    When Leo tries to teleport sheep 1 to b2
    Then the move is rejected

  Scenario: D38 — to another colour than the helmet's it costs a clover; a sheep at a port may be sent too
    Given a game of Edenia between Leo and Lisa
    And tile T11 lies on b2
    And tile S1 lies on b1
    And Leo's sheep 1 is at b1 east star heading east
    And Leo has the 4-point Mobile teleporter
    When Leo plays the 4-point Mobile teleporter to send sheep 1 to b2
    Then Leo's sheep 1 is on b2
    And Leo has 1 clover

  Scenario: D38 — not to a teleporter with a sheep on it, and not for a sheep on Edenia
    Given a game of Edenia between Leo and Lisa
    And tile T11 lies on b2
    And Lisa's sheep 1 is on b2
    And Leo's sheep 1 is on Edenia
    And Leo has the 3-point Mobile teleporter
    When Leo tries to play the 3-point Mobile teleporter to send sheep 1 to b2
    Then the move is rejected
    And nothing has changed

  Scenario: D34 — with a single tile left in the deck, the R2-M2 draws it and there is nothing to choose
    Given a game of Edenia between Leo and Lisa
    And tile S2 lies on c1
    And tile S3 lies on d1
    And tile T1 lies on e1
    And tile T2 lies on a2
    And tile T3 lies on b2
    And tile T4 lies on c2
    And tile T5 lies on d2
    And tile T6 lies on e2
    And tile T7 lies on a3
    And tile T8 lies on b3
    And tile T9 lies on d3
    And tile T10 lies on e3
    And tile T11 lies on a4
    And tile T12 lies on b4
    And tile T13 lies on c4
    And tile T14 lies on d4
    And tile T15 lies on e4
    And tile T16 lies on a5
    And tile T17 lies on b5
    And tile T18 lies on c5
    And tile T19 lies on d5
    And Leo has the 3-point R2-M2
    Then the deck has 1 tile
    When Leo plays the 3-point R2-M2
    And Leo moves sheep 1 by the east comet path
    Then tile S1 lies on b1
    And the deck has 0 tiles
