@game:liars_dice
Feature: Ones Wild — a 1 counts as any face bid; the 6 is a plain face
  Mod: examples/mods/liars-dice-ones-wild (replaces value showing).
  Variant of rules/liars_dice/RULINGS.md D3 ("the highest face is wild").

  Scenario: D3 changed — a 1 counts as the face bid, so the bid holds and the caller loses
    Given a game of Liar's dice between Ann and Bob
    And Ann rolled 2
    And Bob rolled 1
    Then 2 dice show the face 2
    When Ann bids 2-2
    And Bob calls the bid a lie
    Then Ann wins

  Scenario: D3 changed — a 6 is no longer wild: the bid fails and the caller wins
    Given a game of Liar's dice between Ann and Bob
    And Ann rolled 2
    And Bob rolled 6
    Then 1 dice show the face 2
    When Ann bids 2-2
    And Bob calls the bid a lie
    Then Bob wins

  Scenario: D2, D4 kept — bids still rise, and too few dice showing the face lose the bidder the game
    Given a game of Liar's dice between Ann and Bob
    And Ann rolled 3
    And Bob rolled 4
    When Ann bids 1-5
    And Bob tries to bid 1-4
    Then the move is rejected
    When Bob bids 2-4
    And Ann calls the bid a lie
    Then Ann wins
