@game:edenia
Feature: Dwarf planets — straight on, stop, or stop and take an artefact
  Rulebook: Dwarf Planets (and its example). Rulings D21, D15, D16, D5.

  Scenario: Dwarf Planets — the rulebook's example, 1: revealed with 2 artefacts; going on means straight ahead (D21, D15)
    Given a game of Edenia between Leo and Lisa
    And the deck's top tile is S3
    When Leo moves sheep 1 by the east star path
    Then the dwarf planet on b1 holds 2 artefacts
    And Leo is to decide at the dwarf planet
    When Leo goes straight on
    Then Leo's sheep 1 is at b1 east star heading east
    And c1 is empty

  Scenario: Dwarf Planets — the rulebook's example, 2: he stops and takes an artefact for a clover (D21)
    Given a game of Edenia between Leo and Lisa
    And the deck's top tile is S3
    And the artefact pile's top tokens are the Gromout and the 3-point Junction
    When Leo moves sheep 1 by the east star path
    And Leo takes the Gromout from the dwarf planet
    Then Leo has the Gromout
    And Leo has 1 clover
    And the supply has 18 clovers
    And the dwarf planet on b1 holds the 3-point Junction
    And Leo's sheep 1 is on b1

  Scenario: Dwarf Planets — the rulebook's example, 3: later he leaves by a different path (D21)
    Given a game of Edenia between Leo and Lisa
    And tile S3 lies on b1
    And the deck is empty
    And Leo's sheep 1 is on b1
    When Leo moves sheep 1 by the south star path
    Then Leo's sheep 1 is at b1 south star heading south

  Scenario: D21 — he may stop and do nothing
    Given a game of Edenia between Leo and Lisa
    And the deck's top tile is S3
    When Leo moves sheep 1 by the east star path
    And Leo stops on the dwarf planet
    Then Leo's sheep 1 is on b1
    And Leo has 2 clovers
    And the dwarf planet on b1 holds 2 artefacts

  Scenario: D21 — taking an artefact needs a clover
    Given a game of Edenia between Leo and Lisa
    And tile S3 lies on b1
    And the dwarf planet on b1 holds the Gromout and the 4-point Junction
    And Leo has 0 clovers
    When Leo moves sheep 1 by the east star path
    And Leo tries to take the Gromout from the dwarf planet
    Then the move is rejected
    And nothing has changed
    And Leo is to decide at the dwarf planet

  Scenario: D21, D16 — an occupied dwarf planet cannot be landed on, only leapt straight ahead
    Given a game of Edenia between Leo and Lisa
    And tile S3 lies on b1
    And the deck is empty
    And Lisa's sheep 1 is on b1
    When Leo moves sheep 1 by the east star path
    Then Leo is to decide whether to leap
    When Leo leaps
    Then Leo's sheep 1 is at b1 east star heading east
    And Leo has 1 clover
    And Lisa's sheep 1 is on b1

  Scenario: D21, D16 — refusing to leap an occupied dwarf planet stops the sheep before it
    Given a game of Edenia between Leo and Lisa
    And tile S3 lies on b1
    And Lisa's sheep 1 is on b1
    When Leo moves sheep 1 by the east star path
    And Leo stops behind the line
    Then Leo's sheep 1 is at a1 east star heading east

  Scenario: D21 — he decides to stop and pay before he sees the artefacts, then takes one of them
    Given a game of Edenia between Leo and Lisa
    And tile S3 lies on b1
    And the dwarf planet on b1 holds the Gromout and the 4-point Junction
    When Leo moves sheep 1 by the east star path
    And Leo pays to take an artefact from the dwarf planet
    Then Leo is to choose an artefact on the dwarf planet
    And Leo has 1 clover
    And Leo's sheep 1 is on b1
    When Leo tries to choose the 5-point Junction on the dwarf planet
    Then the move is rejected
    When Leo chooses the Gromout on the dwarf planet
    Then Leo has the Gromout
    And the dwarf planet on b1 holds the 4-point Junction
