Feature: Planning Phase
  Rulebook: Planning Phase 2 — Play Assistant cards; rulings E1, E4, E6, E13.

  Scenario: Planning Phase — Leo plays an assistant, then it is Lisa's turn
    Given a 2-player game between Leo and Lisa
    Then it is Leo's turn to play an assistant
    When Leo plays assistant 5
    Then Leo played assistant 5
    And Leo has 9 assistants left
    And Leo's hand is assistants 1, 2, 3, 4, 6, 7, 8, 9 and 10
    And it is Lisa's turn to play an assistant
    And Leo may move Mother Nature up to 3 islands

  Scenario: Planning Phase — when every player has played, the lowest card starts the action phase
    Given a 2-player game between Leo and Lisa
    When Leo plays assistant 8
    And Lisa plays assistant 3
    Then the turn order is Lisa, Leo
    And it is Lisa's turn
    And it is Lisa's turn to move students

  Scenario: Planning Phase — the highest card, 10, acts last and lets Mother Nature go 5; the lowest, 1, goes 1 (E1)
    Given a 2-player game between Leo and Lisa
    When Leo plays assistant 10
    And Lisa plays assistant 1
    Then the turn order is Lisa, Leo
    And Leo may move Mother Nature up to 5 islands
    And Lisa may move Mother Nature up to 1 island

  Scenario: E4 — a card another player played this round cannot be played
    # Rulebook: "You may not choose to play the same Assistant card already played by another player in
    # the same round."
    Given a 2-player game between Leo and Lisa
    And Leo played assistant 5
    And it is Lisa's turn to play an assistant
    When Lisa tries to play assistant 5
    Then the move is rejected
    And nothing has changed
    And Lisa has 10 assistants left

  Scenario: E4 — with only a matching card, the player must play it and acts after the first
    # Rulebook: "In the rare event you only have a matching card, you must play it. However, if you do so,
    # you will play after the player who played the card first."
    Given a 2-player game between Leo and Lisa
    And Leo played assistant 5
    And Lisa's hand is assistants 5
    And it is Lisa's turn to play an assistant
    When Lisa plays assistant 5
    Then the turn order is Leo, Lisa
    And it is Leo's turn

  Scenario: E4 — every card in hand already played: any of them may be played
    Given a 3-player game between Leo, Lisa and Max
    And Leo played assistant 4
    And Lisa played assistant 9
    And Max's hand is assistants 4 and 9
    And it is Max's turn to play an assistant
    When Max plays assistant 9
    Then the turn order is Leo, Lisa, Max

  Scenario: E4 — one free card in hand: the played one stays forbidden
    Given a 2-player game between Leo and Lisa
    And Leo played assistant 5
    And Lisa's hand is assistants 5 and 9
    And it is Lisa's turn to play an assistant
    When Lisa tries to play assistant 5
    Then the move is rejected
    When Lisa plays assistant 9
    Then Lisa's hand is assistants 5
    And the turn order is Leo, Lisa

  Scenario: Planning Phase — an assistant played in an earlier round is no longer in hand
    Given a 2-player game between Leo and Lisa
    And Leo's hand is assistants 1, 2 and 3
    When Leo tries to play assistant 7
    Then the move is rejected
    And nothing has changed
    And Leo has 3 assistants left

  Scenario: E13 — playing the last assistant makes the round the last
    # Rulebook: "The game ends at the end of the round where … any player ever run out of Assistant cards."
    Given a 2-player game between Leo and Lisa
    And Leo's hand is assistants 4
    Then this is not the last round
    When Leo plays assistant 4
    Then Leo has 0 assistants left
    And this is the last round
    And the game is not over

  Scenario: E6 — planning goes clockwise from the first player
    Given a 3-player game between Leo, Lisa and Max
    And it is the planning phase and Lisa plays first
    When Lisa plays assistant 6
    Then it is Max's turn to play an assistant
    When Max plays assistant 2
    Then it is Leo's turn to play an assistant
    When Leo plays assistant 4
    Then the turn order is Max, Leo, Lisa
    And it is Max's turn

  Scenario: Planning Phase — completing the planning for "it is Lisa's turn" plays the lowest free cards
    Given a 2-player game between Leo and Lisa
    And it is Lisa's turn
    Then Leo played assistant 1
    And Lisa played assistant 2
    And the turn order is Leo, Lisa
    And Leo has 9 assistants left

  Scenario: E4 — completing the planning skips a card already played this round
    Given a 2-player game between Leo and Lisa
    And Lisa played assistant 3
    And Leo's hand is assistants 3 and 6
    And it is Lisa's turn
    Then Leo played assistant 6
    And the turn order is Lisa, Leo
    And this is not the last round

  Scenario: E4 — completing the planning, a player whose every card was played plays the lowest
    Given a 3-player game between Leo, Lisa and Max
    And Lisa played assistant 3
    And Max played assistant 2
    And Leo's hand is assistants 2 and 3
    And it is Leo's turn
    Then Leo played assistant 2
    And the turn order is Max, Leo, Lisa
    And Leo's hand is assistants 3

  Scenario: E13 — completing the planning with a player's last card makes the round the last
    Given a 2-player game between Leo and Lisa
    And Lisa played assistant 3
    And Leo's hand is assistants 3
    And it is Leo's turn
    Then Leo played assistant 3
    And the turn order is Lisa, Leo
    And Leo has 0 assistants left
    And this is the last round
