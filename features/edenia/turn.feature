@game:edenia
Feature: The turn — artefacts before, a move or a skip, artefacts after
  Rulebook: Gameplay, Skipping His Turn, Artefact Tokens. Rulings D10, D11, D31, D37.

  Scenario: D11 — skipping takes a clover from the supply and ends the turn
    Given a game of Edenia between Leo and Lisa
    When Leo skips his turn
    Then Leo has 3 clovers
    And the supply has 16 clovers
    And Leo's sheep 1 is on Arridis
    And it is Lisa's turn

  Scenario: D11 — with the supply empty, skipping takes nothing
    Given a game of Edenia between Leo and Lisa
    And the supply has no clovers
    When Leo skips his turn
    Then Leo has 2 clovers
    And it is Lisa's turn

  Scenario: D11, D31 — no skipping in a turn in which an artefact was played
    Given a game of Edenia between Leo and Lisa
    And Leo has the 4-point Turbo-engine
    When Leo plays the 4-point Turbo-engine
    Then it is Leo's turn
    When Leo tries to skip his turn
    Then the move is rejected
    And nothing has changed
    And Leo has played the 4-point Turbo-engine

  Scenario: D11, D31 — a skipped turn plays no artefact: it ends at once, holding a Quantum Accelerator or not
    Given a game of Edenia between Leo and Lisa
    And Leo has the Quantum Accelerator
    When Leo skips his turn
    Then it is Lisa's turn
    And Leo has the Quantum Accelerator

  Scenario: D10 — with nothing to play after moving, the turn ends by itself when the move ends
    Given a game of Edenia between Leo and Lisa
    And the deck's top tile is S1
    When Leo moves sheep 1 by the east comet path
    Then Leo's sheep 1 is at b1 east meteorite heading east
    And it is Lisa's turn

  Scenario: D10, D37 — holding a Quantum Accelerator after moving, the turn lasts until the player ends it
    Given a game of Edenia between Leo and Lisa
    And the deck's top tile is S1
    And Leo has the Quantum Accelerator
    When Leo moves sheep 1 by the east comet path
    Then Leo is to end his turn
    When Leo ends his turn
    Then it is Lisa's turn
    And Leo has the Quantum Accelerator

  Scenario: D10 — phase 3 stays open whatever is played in it, until the player ends his turn
    Given a game of Edenia between Leo and Lisa
    And the deck's top tile is S1
    And Leo has the Quantum Accelerator
    When Leo moves sheep 1 by the east comet path
    And Leo plays the Quantum Accelerator
    Then Leo is to end his turn
    And Leo has played the Quantum Accelerator
    When Leo ends his turn
    Then it is Leo's turn

  Scenario: D10, D31 — only the player whose turn it is acts
    Given a game of Edenia between Leo and Lisa
    And Lisa has the 3-point R2-M2
    When Lisa tries to play the 3-point R2-M2
    Then the move is rejected
    And nothing has changed
