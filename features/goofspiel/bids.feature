@game:goofspiel
Feature: Goofspiel — secret bids for point cards; the highest bid alone takes the card; the last round plays itself
  OpenSpiel's goofspiel: two players, 13 cards, point cards turned up at random by default (RULINGS G1–G6).

  Scenario: G1 — each player holds every card, and a point card is turned up
    Given a game of Goofspiel between Ann and Bob
    Then Ann holds 13 cards
    And Bob holds 13 cards
    And the game is not over

  Scenario: G3 — in ascending order the lowest point card comes first, in descending the highest
    Given a game of Goofspiel of 4 cards turned up in ascending order between Ann and Bob
    Then the point card turned up is the 1
    Given a game of Goofspiel of 4 cards turned up in descending order between Ann and Bob
    Then the point card turned up is the 4

  Scenario: G2, G4 — the players bid at once; the highest bid takes the point card's value
    Given a game of Goofspiel of 4 cards turned up in descending order between Ann and Bob
    When Ann bids 3
    And Bob bids 1
    Then Ann has 4 points
    And Bob has 0 points
    And Ann holds 3 cards
    And the point card turned up is the 3

  Scenario: G4 — a tie for the highest bid gives the point card to nobody
    Given a game of Goofspiel of 4 cards turned up in descending order between Ann and Bob
    When Ann bids 2
    And Bob bids 2
    Then Ann has 0 points
    And Bob has 0 points

  Scenario: G2 — a card bid is spent: it cannot be bid again
    Given a game of Goofspiel of 4 cards turned up in ascending order between Ann and Bob
    When Ann bids 4
    And Bob bids 1
    And Ann tries to bid 4
    Then the move is rejected

  Scenario: G3, G5 — the last round plays itself, and the most points win
    Given a game of Goofspiel of 2 cards turned up in ascending order between Ann and Bob
    When Ann bids 2
    And Bob bids 1
    Then Ann has 1 point
    And Bob has 2 points
    And Bob wins

  Scenario: G5 — equal points: nobody wins
    Given a game of Goofspiel of 2 cards turned up in ascending order between Ann and Bob
    When Ann bids 1
    And Bob bids 1
    Then Ann has 0 points
    And Bob has 0 points
    And the game is over without a winner
