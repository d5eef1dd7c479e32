@game:edenia
Feature: Moving a sheep — from a hub by a path, on or back from a port, along tracks and tunnels
  Rulebook: Moving a Sheep. Rulings D3, D4, D5, D12, D13.

  Scenario: D12 — a sheep on Arridis leaves by an exit named by its side and path
    Given a game of Edenia between Leo and Lisa
    And the deck is empty
    When Leo moves sheep 2 by the south star path
    Then Leo's sheep 2 is at a1 south star heading south
    And Leo's sheep 1 is on Arridis
    And it is Lisa's turn

  Scenario: D12, D5 — a path Arridis has no exit for is refused
    Given a game of Edenia between Leo and Lisa
    When Leo tries to move sheep 1 by the west star path
    Then the move is rejected
    And nothing has changed

  Scenario: D12 — a player moves only his own sheep, and only sheep 1 to 3
    Given a game of Edenia between Leo and Lisa
    When Leo tries to move sheep 4 by the east star path
    Then the move is rejected
    And nothing has changed

  Scenario: D12, D13, D3 — a sheep at a port goes on with its heading, along tracks, cell after cell
    Given a game of Edenia between Leo and Lisa
    And tile S3 lies on b1
    And tile T17 lies on c1
    And the deck's top tile is T18
    And Leo's sheep 1 is at b1 east star heading east
    When Leo moves sheep 1 on
    Then tile T18 lies on d1
    And Leo's sheep 1 is at d1 south comet heading south
    And Leo's sheep 1 is at d2 north comet heading south

  Scenario: D12, D24 — a sheep at a port turns around first and goes back, here to Arridis
    Given a game of Edenia between Leo and Lisa
    And tile T17 lies on b1
    And Leo's sheep 1 is at b1 east star heading east
    When Leo moves sheep 1 back
    Then Leo's sheep 1 is on Arridis
    And it is Lisa's turn

  Scenario: D4, D13 — a tunnel between two paths changes the sheep's path
    Given a game of Edenia between Leo and Lisa
    And tile S1 lies on b1
    And the deck is empty
    When Leo moves sheep 1 by the east comet path
    Then Leo's sheep 1 is at b1 east meteorite heading east

  Scenario: D4 — at a tunnel with several exits the player chooses one of the other two
    Given a game of Edenia between Leo and Lisa
    And tile S1 lies on b1
    And the deck is empty
    When Leo moves sheep 1 by the east meteorite path
    Then Leo is to choose a path
    And Leo may take the east star and south meteorite paths
    When Leo tries to take the north comet path
    Then the move is rejected
    When Leo takes the south meteorite path
    Then Leo's sheep 1 is at b1 south meteorite heading south

  Scenario: D13 — the player cannot stop the sheep anywhere the rules do not stop it
    Given a game of Edenia between Leo and Lisa
    And tile S1 lies on b1
    And the deck is empty
    When Leo moves sheep 1 by the east meteorite path
    And Leo tries to stop behind the line
    Then the move is rejected
    And Leo is to choose a path

  Scenario: D12, D5 — a sheep on a habitable planet leaves by any of its exits
    Given a game of Edenia between Leo and Lisa
    And tile S2 lies on b2
    And the deck is empty
    And Leo's sheep 1 is on b2
    When Leo moves sheep 1 by the west star path
    Then Leo's sheep 1 is at b2 west star heading west
