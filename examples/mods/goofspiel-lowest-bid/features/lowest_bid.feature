@game:goofspiel
Feature: Lowest Bid — the lowest bid alone takes the point card
  Mod: examples/mods/goofspiel-lowest-bid (replaces value top_bidder).
  Variant of rules/goofspiel/RULINGS.md G4.

  Scenario: G4 changed — the lower bid takes the point card's value
    Given a game of Goofspiel of 4 cards turned up in descending order between Ann and Bob
    When Ann bids 3
    And Bob bids 1
    Then Bob has 4 points
    And Ann has 0 points

  Scenario: G4 kept — a tie gives the point card to nobody
    Given a game of Goofspiel of 4 cards turned up in descending order between Ann and Bob
    When Ann bids 2
    And Bob bids 2
    Then Ann has 0 points
    And Bob has 0 points
