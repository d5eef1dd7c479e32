Feature: Move Mother Nature
  Rulebook: Action Phase, 2. Move Mother Nature; rulings E1, E11.

  Scenario: Move Mother Nature — Lisa may move up to 4 islands and moves 3
    # Rulebook example: "Lisa has played the Assistant card shown above, it allows her to move Mother
    # Nature up to 4 Islands in a clockwise direction. She decides to move Mother Nature 3 Islands."
    Given a 2-player game between Leo and Lisa
    And Mother Nature is on island 2
    And Leo played assistant 2
    And Lisa played assistant 8
    And it is Lisa's turn to move Mother Nature
    Then Lisa may move Mother Nature up to 4 islands
    When Lisa moves Mother Nature 3 islands
    Then Mother Nature is on island 5
    And it is Lisa's turn to choose a cloud

  Scenario: Move Mother Nature — she may go as far as the card allows
    Given a 2-player game between Leo and Lisa
    And Mother Nature is on island 2
    And Leo played assistant 10
    And it is Leo's turn to move Mother Nature
    Then Leo may move Mother Nature up to 5 islands
    When Leo moves Mother Nature 5 islands
    Then Mother Nature is on island 7

  Scenario: Move Mother Nature — not further than the card allows
    Given a 2-player game between Leo and Lisa
    And Mother Nature is on island 2
    And Leo played assistant 3
    And it is Leo's turn to move Mother Nature
    Then Leo may move Mother Nature up to 2 islands
    When Leo tries to move Mother Nature 3 islands
    Then the move is rejected
    And nothing has changed
    And Mother Nature is on island 2

  Scenario: Move Mother Nature — at least one island
    Given a 2-player game between Leo and Lisa
    And Leo played assistant 9
    And it is Leo's turn to move Mother Nature
    When Leo tries to move Mother Nature 0 islands
    Then the move is rejected
    And nothing has changed

  Scenario: Move Mother Nature — clockwise, from island 12 on to island 1
    Given a 2-player game between Leo and Lisa
    And Mother Nature is on island 11
    And Leo played assistant 5
    And it is Leo's turn to move Mother Nature
    When Leo moves Mother Nature 3 islands
    Then Mother Nature is on island 2

  Scenario: E11 — Mother Nature's steps count island groups, not tiles
    Given a 2-player game between Leo and Lisa
    And islands 4, 5 and 6 are one group
    And Mother Nature is on island 3
    And Leo played assistant 4
    And it is Leo's turn to move Mother Nature
    When Leo moves Mother Nature 2 islands
    Then Mother Nature is on island 7

  Scenario: E11 — leaving a group, the whole group is one step
    Given a 2-player game between Leo and Lisa
    And islands 11, 12 and 1 are one group
    And Mother Nature is on island 12
    And Leo played assistant 1
    And it is Leo's turn to move Mother Nature
    Then Leo may move Mother Nature up to 1 island
    When Leo moves Mother Nature 1 island
    Then Mother Nature is on island 2

  Scenario Outline: E1 — assistant <card> lets Mother Nature move up to <moves> islands
    Given a 2-player game between Leo and Lisa
    And Leo played assistant <card>
    Then Leo may move Mother Nature up to <moves> islands

    Examples:
      | card | moves |
      | 1    | 1     |
      | 2    | 1     |
      | 3    | 2     |
      | 4    | 2     |
      | 5    | 3     |
      | 6    | 3     |
      | 7    | 4     |
      | 8    | 4     |
      | 9    | 5     |
      | 10   | 5     |
