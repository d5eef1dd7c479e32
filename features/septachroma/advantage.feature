@game:septachroma
Feature: Advantage tokens and the end of the game
  Rulebook: How to Play 2 — at least 4 stones of a tribe in areas of one colour give that colour's
  player the tribe's Advantage Token; Game End — 4 Advantage Tokens win at once. Rulings S4, S5.

  Background:
    Given a game of Septachroma between Leo and Lisa
    And the areas are:
      """
      L L L D D D D
      L L L D D D D
      L L L D D D D
      L L L D D D D
      L L L D D D D
      L L L D D D D
      L L L D D D D
      """

  Scenario: How to Play 2 — 4 stones of a tribe on light areas give Light its token
    Given area a2 has a red stone
    And area a3 has a red stone
    And area a4 has a red stone
    And Leo holds red, blue and green
    When Leo places a red stone on a5
    Then nobody has the red advantage token
    When Leo places a blue stone on f2
    And Leo places a green stone on f6
    Then Leo has the red advantage token
    And Leo has 1 advantage token
    And it is Lisa's turn

  Scenario: How to Play 2 — the area colour decides who takes the token, not who placed the stone
    Given area e2 has a red stone
    And area e3 has a red stone
    And area e4 has a red stone
    And Leo holds red, blue and green
    When Leo places a red stone on e5
    And Leo places a blue stone on b2
    And Leo places a green stone on b6
    Then Lisa has the red advantage token
    And Leo has 0 advantage tokens

  Scenario: How to Play 2 — stacked stones count toward the four (S4)
    # "Multiple stones of the same color stacked in the same area will count toward this limit."
    Given area b2 has 3 red stones
    And Leo holds red, blue and green
    When Leo places a red stone on b3
    And Leo places a blue stone on f2
    And Leo places a green stone on f6
    Then Leo has the red advantage token

  Scenario: How to Play 2 — four stones split over both colours give nobody the token
    Given area c2 has a red stone
    And area c3 has a red stone
    And area e2 has a red stone
    And Leo holds red, blue and green
    When Leo places a red stone on d2
    And Leo places a blue stone on a6
    And Leo places a green stone on g6
    Then area d2 is dark
    And nobody has the red advantage token

  Scenario: How to Play 2 — both players may take tokens in the same check
    Given area a2 has a red stone
    And area a3 has a red stone
    And area a4 has a red stone
    And area e2 has a blue stone
    And area e3 has a blue stone
    And area e4 has a blue stone
    And Leo holds red, blue and green
    When Leo places a red stone on a5
    And Leo places a blue stone on e5
    And Leo places a green stone on g6
    Then Leo has the red advantage token
    And Lisa has the blue advantage token

  Scenario: How to Play 2 — a token never changes hands (S4)
    Given Lisa has the red advantage token
    And area a2 has a red stone
    And area a3 has a red stone
    And area a4 has a red stone
    And Leo holds red, blue and green
    When Leo places a red stone on a5
    And Leo places a blue stone on f2
    And Leo places a green stone on f6
    Then Lisa has the red advantage token
    And Leo has 0 advantage tokens

  Scenario: Game End — the fourth Advantage Token wins at once (S5)
    Given Leo has 3 advantage tokens: red, blue and green
    And area a2 has a yellow stone
    And area a3 has a yellow stone
    And area a4 has a yellow stone
    And Leo holds yellow, violet and indigo
    When Leo places a yellow stone on a5
    And Leo places a violet stone on f2
    Then the game is not over
    When Leo places an indigo stone on f6
    Then Leo has the yellow advantage token
    And Leo has 4 advantage tokens
    And the game is over and Leo wins
    And Leo holds no stones

  Scenario: Game End — the other player can win on your turn
    Given Lisa has 3 advantage tokens: red, blue and green
    And area e2 has a yellow stone
    And area e3 has a yellow stone
    And area e4 has a yellow stone
    And Leo holds yellow, violet and indigo
    When Leo places a yellow stone on e5
    And Leo places a violet stone on b2
    And Leo places an indigo stone on b6
    Then the game is over and Lisa wins

  Scenario: Game End — three Advantage Tokens do not win
    Given Leo has 2 advantage tokens: red and blue
    And area a2 has a yellow stone
    And area a3 has a yellow stone
    And area a4 has a yellow stone
    And Leo holds yellow, violet and indigo
    When Leo places a yellow stone on a5
    And Leo places a violet stone on f2
    And Leo places an indigo stone on f6
    Then Leo has 3 advantage tokens
    And the game is not over
    And it is Lisa's turn
