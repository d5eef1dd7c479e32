@game:edenia
Feature: Planet Edenia and planet Arridis
  Rulebook: Planet "Edenia", Planet "Arridis". Rulings D23, D24, D26, D28, D30.

  Scenario: D23 — a sheep arriving at Edenia takes the highest Trifolium token left, and stays
    Given a game of Edenia between Leo and Lisa
    And Leo's sheep 1 is at e4 south star heading south
    When Leo moves sheep 1 on
    Then Leo's sheep 1 is on Edenia
    And Leo has Trifolium 15
    And Edenia holds Trifolium 12, 10 and 9
    And the game is not over
    And it is Lisa's turn

  Scenario: D23 — once arrived, a sheep cannot leave Edenia
    Given a game of Edenia between Leo and Lisa
    And Leo's sheep 1 is on Edenia
    When Leo tries to move sheep 1 by the north star path
    Then the move is rejected
    And nothing has changed

  Scenario: D23 — with no token left on Edenia, an arriving sheep takes none
    Given a game of Edenia between Leo and Lisa
    And Edenia holds no Trifolium
    And Leo's sheep 1 is at d5 east comet heading east
    When Leo moves sheep 1 on
    Then Leo's sheep 1 is on Edenia
    And Leo has 2 points
    And the game is not over

  Scenario: D24 — a sheep returning to Arridis stops there; nothing else happens
    Given a game of Edenia between Leo and Lisa
    And Leo's sheep 1 is at b1 west star heading west
    When Leo moves sheep 1 on
    Then Leo's sheep 1 is on Arridis
    And Leo has 2 clovers
    And it is Lisa's turn
