@game:liars_dice
Feature: Liar's dice — rising bids, the call of a lie, the highest face wild
  OpenSpiel's liars_dice: two players, one die each by default, the first player bids first (RULINGS D1–D6).

  Scenario: D1, D6 — one die each by default; `numdice` gives each player more
    Given a game of Liar's dice between Ann and Bob
    Then Ann has 1 dice
    And Bob has 1 dice
    Given a game of Liar's dice with 3 dice each between Ann and Bob
    Then Ann has 3 dice
    And Bob has 3 dice

  Scenario: D4 — there is no lie to call before the first bid
    Given a game of Liar's dice between Ann and Bob
    When Ann tries to call the bid a lie
    Then the move is rejected

  Scenario: D2 — a bid ranks above the last: as many dice of a higher face, or more dice
    Given a game of Liar's dice between Ann and Bob
    When Ann bids 1-5
    And Bob tries to bid 1-4
    Then the move is rejected
    When Bob bids 2-1
    Then it is Ann's turn to bid
    When Ann bids 2-3
    Then the game is not over

  Scenario: D2 — after the highest bid only the call is left
    Given a game of Liar's dice between Ann and Bob
    When Ann bids 2-6
    And Bob tries to bid 2-6
    Then the move is rejected
    When Bob calls the bid a lie
    Then Bob wins

  Scenario: D3, D4 — the highest face is wild: a 6 counts as the face bid, so the bid holds and the caller loses
    Given a game of Liar's dice between Ann and Bob
    And Ann rolled 2
    And Bob rolled 6
    Then 2 dice show the face 2
    When Ann bids 2-2
    And Bob calls the bid a lie
    Then Ann wins

  Scenario: D3, D4 — a bid on the wild face counts only the wild dice
    Given a game of Liar's dice between Ann and Bob
    And Ann rolled 6
    And Bob rolled 2
    When Ann bids 2-6
    And Bob calls the bid a lie
    Then Bob wins

  Scenario: D4 — too few dice show the face: the bidder lied and loses
    Given a game of Liar's dice between Ann and Bob
    And Ann rolled 3
    And Bob rolled 4
    When Ann bids 1-5
    And Bob bids 2-4
    And Ann calls the bid a lie
    Then Ann wins

  Scenario: D6 — with two dice each a bid may name up to 4 dice
    Given a game of Liar's dice with 2 dice each between Ann and Bob
    And Ann rolled 1 and 5
    And Bob rolled 5 and 6
    When Ann bids 4-5
    And Bob calls the bid a lie
    Then 3 dice show the face 5
    And Bob wins

  Scenario: D2, D6 — with OpenSpiel's reset-quantity rule, bids rank by face first: a higher face may name fewer dice
    Given a game of Liar's dice with 2 dice each, bids ranked by face first, between Ann and Bob
    When Ann bids 3-2
    And Bob tries to bid 4-1
    Then the move is rejected
    When Bob bids 1-3
    Then it is Ann's turn to bid
