@game:septachroma
Feature: The end of a turn
  Rulebook: How to Play 2–3 — after the last stone, the advantage check and drawing back up to 3
  follow on their own, then the next player takes a turn. Rulings S4 and S6.

  Scenario: How to Play 3 — draw 3 stones, then the next player takes a turn
    Given a game of Septachroma between Leo and Lisa
    And Leo holds red, blue and green
    And the bag holds 2 yellow, 1 violet and 1 indigo
    When Leo places a red stone on c3
    And Leo places a blue stone on e5
    Then it is Leo's turn
    And the bag holds 4 stones
    When Leo places a green stone on b6
    Then it is Lisa's turn
    And Leo holds 3 stones
    And the bag holds 1 stone

  Scenario: How to Play 3 — fewer than 3 stones in the bag: draw as many as you can (S6)
    Given a game of Septachroma between Leo and Lisa
    And Leo holds red, blue and green
    And the bag holds 1 yellow and 1 violet
    When Leo places a red stone on c3
    And Leo places a blue stone on e5
    And Leo places a green stone on b6
    Then Leo holds yellow and violet
    And the bag holds no stones
    And it is Lisa's turn

  Scenario: How to Play 3 — the player taking the last turn may place fewer than 3 stones
    Given a game of Septachroma between Leo and Lisa
    And Leo holds red
    And the bag is empty
    When Leo places a red stone on c3
    Then Leo holds no stones
    And it is Lisa's turn

  Scenario: How to Play — turns alternate
    Given a game of Septachroma between Leo and Lisa
    And Leo holds red, blue and green
    And Lisa holds yellow, violet and indigo
    When Leo places a red stone on c3
    And Leo places a blue stone on e5
    And Leo places a green stone on b6
    Then it is Lisa's turn
    When Lisa places a yellow stone on f2
    And Lisa places a violet stone on b2
    And Lisa places an indigo stone on e6
    Then it is Leo's turn

  Scenario: R5 — no stone left to place and nobody has won: the game ends without a winner
    Given a game of Septachroma between Leo and Lisa
    And Leo holds red
    And Lisa holds no stones
    And the bag is empty
    When Leo places a red stone on c3
    Then the game is over without a winner
    And the game is over because no stones are left to place
