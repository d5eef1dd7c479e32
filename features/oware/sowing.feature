@game:oware
Feature: Oware — sowing, captures of 2 and 3, the grand slam, feeding, and the ends of the game
  OpenSpiel's oware (Abapa): six houses a side, four seeds in each, the first player sows first (RULINGS W1–W7).

  Scenario: W1, W2 — the seeds of a house are sown one by one in the houses that follow
    Given a game of Oware between South and North
    When South sows house 1
    Then South's houses hold 0, 5, 5, 5, 5 and 4
    And North's houses hold 4, 4, 4, 4, 4 and 4
    And it is North's turn

  Scenario: W2, W3 — twelve seeds or more pass over the house they came from; a last seed at home captures nothing
    Given a game of Oware between South and North
    And South's houses hold 12, 0, 0, 0, 0 and 0
    And North's houses hold 1, 1, 1, 1, 1 and 1
    When South sows house 1
    Then South's houses hold 0, 2, 1, 1, 1 and 1
    And North's houses hold 2, 2, 2, 2, 2 and 2
    And South has 0 seeds in store

  Scenario: W3 — a last seed making 2 or 3 captures, with the houses before it that hold 2 or 3
    Given a game of Oware between South and North
    And South's houses hold 0, 0, 0, 0, 1 and 3
    And North's houses hold 1, 2, 1, 1, 1 and 1
    When South sows house 6
    Then North's houses hold 0, 0, 0, 1, 1 and 1
    And South has 7 seeds in store
    And the game is not over

  Scenario: W3 — the run of captures stops at a house that does not hold 2 or 3
    Given a game of Oware between South and North
    And South's houses hold 0, 0, 0, 0, 1 and 3
    And North's houses hold 1, 3, 1, 1, 1 and 1
    When South sows house 6
    Then North's houses hold 2, 4, 0, 1, 1 and 1
    And South has 2 seeds in store

  Scenario: W4 — a grand slam, a capture that would take every seed of the other side, takes none
    Given a game of Oware between South and North
    And South's houses hold 0, 0, 0, 0, 1 and 2
    And North's houses hold 1, 1, 0, 0, 0 and 0
    When South sows house 6
    Then North's houses hold 2, 2, 0, 0, 0 and 0
    And South has 0 seeds in store
    And it is North's turn

  Scenario: W4 — when the other side is empty, a player must sow seeds into it
    Given a game of Oware between South and North
    And South's houses hold 0, 0, 0, 0, 1 and 1
    And North's houses hold 0, 0, 0, 0, 0 and 0
    When South tries to sow house 5
    Then the move is rejected
    When South sows house 6
    Then North's houses hold 1, 0, 0, 0, 0 and 0

  Scenario: W5 — a player who cannot feed the empty side ends the game; the seeds left go to their side's owner
    Given a game of Oware between South and North
    And South's houses hold 1, 0, 0, 0, 0 and 0
    And North's houses hold 0, 0, 0, 0, 0 and 1
    And South has 12 seeds in store
    And North has 10 seeds in store
    And it is North's turn
    When North sows house 6
    Then South has 14 seeds in store
    And South wins

  Scenario: W5 — more than half the seeds captured ends the game
    Given a game of Oware between South and North
    And South's houses hold 0, 0, 0, 0, 1 and 3
    And North's houses hold 1, 2, 1, 1, 1 and 1
    And South has 20 seeds in store
    When South sows house 6
    Then South has 28 seeds in store
    And North has 3 seeds in store
    And South wins

  Scenario: W5 — a position that comes back ends the game
    Given a game of Oware with 2 houses a side between South and North
    And South's houses hold 1 and 0
    And North's houses hold 1 and 0
    And South has 7 seeds in store
    And North has 7 seeds in store
    When South sows house 1
    And North sows house 1
    And South sows house 2
    And North sows house 2
    Then South has 8 seeds in store
    And the game is over without a winner

  Scenario: W5 — the game stops after 1000 moves, as OpenSpiel's does; the seeds left go to their side's owner
    Given a game of Oware between South and North
    And 999 moves have been played
    And South has 10 seeds in store
    And North has 14 seeds in store
    When South sows house 1
    Then South has 34 seeds in store
    And North has 38 seeds in store
    And North wins
