@game:edenia
Feature: Leapfrog — one clover per sheep leapt, paid on landing, or stop behind the line
  Rulebook: Leapfrog (and its example). Rulings D16, D14, D5.

  Background:
    Given a game of Edenia between Leo and Lisa
    And tile S1 lies on b1
    And Leo's sheep 1 is at b1 east star heading east
    And it is Lisa's turn

  Scenario: Leapfrog — the rulebook's example: the same pathway, a clover to jump the red sheep, a new tile, the edge (D16)
    Given the deck's top tile is T17
    When Lisa moves sheep 1 by the east meteorite path
    And Lisa takes the east star path
    Then Lisa is to decide whether to leap
    When Lisa leaps
    Then tile T17 lies on c1
    And Lisa's sheep 1 is at c1 east star heading east
    And Lisa has 1 clover
    And the supply has 18 clovers
    And Leo's sheep 1 is at b1 east star heading east

  Scenario: D16 — refusing to leap, the sheep stops behind the line: the last free place it reached
    When Lisa moves sheep 1 by the east meteorite path
    And Lisa takes the east star path
    And Lisa stops behind the line
    Then Lisa's sheep 1 is at a1 east meteorite heading east
    And Lisa has 2 clovers
    And it is Leo's turn

  Scenario: D16 — without a clover there is no choice: the sheep stops behind the line
    Given Lisa has 0 clovers
    When Lisa moves sheep 1 by the east meteorite path
    And Lisa takes the east star path
    Then Lisa's sheep 1 is at a1 east meteorite heading east
    And it is Leo's turn

  Scenario: D16 — a line of two sheep: two leaps, both paid at once on landing
    Given Leo's sheep 2 is at c1 east star heading east
    And tile T17 lies on c1
    And the deck's top tile is T18
    When Lisa moves sheep 1 by the east meteorite path
    And Lisa takes the east star path
    And Lisa leaps over 2 sheep
    Then Lisa has 0 clovers
    And tile T18 lies on d1
    And Lisa's sheep 1 is at d1 south comet heading south

  Scenario: D16 — he may leap only while he holds more clovers than the leaps made since the last free place
    Given Lisa has 1 clover
    And Leo's sheep 2 is at c1 east star heading east
    And tile T17 lies on c1
    When Lisa moves sheep 1 by the east meteorite path
    And Lisa takes the east star path
    And Lisa leaps
    Then Lisa's sheep 1 is at a1 east meteorite heading east
    And Lisa has 1 clover
    And it is Leo's turn

  Scenario: D16 — leaping one's own sheep costs a clover too
    Given it is Leo's turn
    And the deck's top tile is T17
    When Leo moves sheep 2 by the east meteorite path
    And Leo takes the east star path
    And Leo leaps
    Then Leo's sheep 2 is at c1 east star heading east
    And Leo has 1 clover

  Scenario: D16, D14 — what happened over the line stands: the tile laid while leaping stays when the sheep goes back behind the line
    Given Leo's sheep 2 is at c1 east star heading east
    And the deck's top tile is T17
    When Lisa moves sheep 1 by the east meteorite path
    And Lisa takes the east star path
    And Lisa leaps
    Then tile T17 lies on c1
    And Lisa is to decide whether to leap
    When Lisa stops behind the line
    Then Lisa's sheep 1 is at a1 east meteorite heading east
    And Lisa has 2 clovers
    And tile T17 lies on c1

  Scenario: D16, D14 — a line ending at an empty cell that may not be explored: back behind the line, nothing paid
    Given the deck is empty
    When Lisa moves sheep 1 by the east meteorite path
    And Lisa takes the east star path
    And Lisa leaps
    Then Lisa's sheep 1 is at a1 east meteorite heading east
    And Lisa has 2 clovers

  Scenario: D16, D5 — the first port out of a hub may be occupied: leap it, or stay on the hub
    Given Leo's sheep 1 is at a1 east star heading east
    When Lisa moves sheep 1 by the east star path
    Then Lisa is to decide whether to leap
    When Lisa stops behind the line
    Then Lisa's sheep 1 is on Arridis
    And it is Leo's turn
