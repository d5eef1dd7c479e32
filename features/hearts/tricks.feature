@game:hearts
Feature: Hearts — the pass, the two of clubs, following suit, no points on the first trick, hearts broken, the moon
  OpenSpiel's hearts with its default options: North, East, South and West in seat order (RULINGS H1–H9).

  Scenario: H1, H2 — thirteen cards each, then the first player passes first
    Given a game of Hearts between North, East, South and West
    And the pass goes left
    Then North holds 13 cards
    And West holds 13 cards
    And it is North's turn to pass

  Scenario: H2 — three cards each go to the left: West's to North, North's to East
    Given a game of Hearts between North, East, South and West
    And the pass goes left
    And North has put aside 2D, 3D and 4D to pass
    And West holds only AH, KH, QH and 2S
    And it is West's turn to pass
    When West passes AH
    And West passes KH
    And West passes QH
    Then North holds AH
    And East holds 2D
    And West holds 1 cards

  Scenario: H2 — across, the pass goes two seats on
    Given a game of Hearts between North, East, South and West
    And the pass goes across
    And West holds only AH, KH, QH and 2S
    And it is West's turn to pass
    When West passes AH
    And West passes KH
    And West passes QH
    Then East holds AH

  Scenario: H2 — to the right, the pass goes to the seat before
    Given a game of Hearts between North, East, South and West
    And the pass goes right
    And West holds only AH, KH, QH and 2S
    And it is West's turn to pass
    When West passes AH
    And West passes KH
    And West passes QH
    Then South holds AH

  Scenario: H3 — the first trick is led with the two of clubs
    Given a game of Hearts between North, East, South and West
    And North holds only 2C and AS
    And it is North's turn to lead
    When North tries to play AS
    Then the move is rejected
    When North plays 2C
    Then it is East's turn to play

  Scenario: H4 — a player follows the suit led when they can
    Given a game of Hearts between North, East, South and West
    And East holds only 5C and AS
    And North led 2C
    And it is East's turn to play
    When East tries to play AS
    Then the move is rejected

  Scenario: H5 — no hearts nor the queen of spades on the first trick
    Given a game of Hearts between North, East, South and West
    And East holds only AH, QS and 5D
    And North led 2C
    And it is East's turn to play
    When East tries to play AH
    Then the move is rejected
    When East tries to play QS
    Then the move is rejected
    When East plays 5D
    Then it is South's turn to play

  Scenario: H5 — unless a player has nothing else, and then hearts are broken
    Given a game of Hearts between North, East, South and West
    And East holds only AH and QS
    And North led 2C
    And it is East's turn to play
    When East plays AH
    Then hearts are broken

  Scenario: H3 — hearts are not led until broken, unless the hand holds nothing else
    Given a game of Hearts between North, East, South and West
    And 1 tricks have been played
    And North holds only AH and 5D
    And it is North's turn to lead
    When North tries to play AH
    Then the move is rejected
    Given North holds only AH and KH
    And it is North's turn to lead
    When North plays AH
    Then it is East's turn to play

  Scenario: H3 — once hearts are broken, a heart may be led
    Given a game of Hearts between North, East, South and West
    And 1 tricks have been played
    And hearts are broken
    And North holds only AH and 5D
    And it is North's turn to lead
    When North plays AH
    Then it is East's turn to play

  Scenario: H3 — the queen of spades breaks hearts too
    Given a game of Hearts between North, East, South and West
    And 1 tricks have been played
    And East holds only QS and AH
    And North led 5S
    And it is East's turn to play
    When East plays QS
    Then hearts are broken

  Scenario: H4 — the highest card of the suit led takes the trick, and its taker leads next
    Given a game of Hearts between North, East, South and West
    And 1 tricks have been played
    And North led 5D
    And East has played AS
    And South has played 9D
    And West holds only 7D and KC
    And it is West's turn to play
    When West plays 7D
    Then South takes the trick
    And it is South's turn to play

  Scenario: H6 — each heart taken costs 1 point, the queen of spades 13
    Given a game of Hearts between North, East, South and West
    And North has taken QS, 2H, 3H and 4H
    Then North has 16 points
    And East has 0 points

  Scenario: H6, H7 — all 26 points to one player shoot the moon: 0 for them, 26 for each other
    Given a game of Hearts between North, East, South and West
    And North has taken QS, 2H, 3H, 4H, 5H, 6H, 7H, 8H, 9H, TH, JH, QH and KH
    And 12 tricks have been played
    And hearts are broken
    And North holds only AH
    And East holds only 2C
    And South holds only 3C
    And West holds only 4C
    And it is North's turn to lead
    When North plays AH
    And East plays 2C
    And South plays 3C
    And West plays 4C
    Then North has 0 points
    And East has 26 points
    And North wins

  Scenario: H9 — can_lead_any_club: the first trick may be led with any club
    Given a game of Hearts where any club may lead the first trick between North, East, South and West
    And North holds only 2C, 9C and AS
    And it is North's turn to lead
    When North tries to play AS
    Then the move is rejected
    When North plays 9C
    Then it is East's turn to play

  Scenario: H9 — must_break_hearts off: a heart may be led at any time
    Given a game of Hearts where hearts may be led before they are broken between North, East, South and West
    And 1 tricks have been played
    And North holds only AH and 5D
    And it is North's turn to lead
    When North plays AH
    Then it is East's turn to play

  Scenario: H9 — qs_breaks_hearts off: the queen of spades leaves hearts unbroken
    Given a game of Hearts where the queen of spades does not break hearts between North, East, South and West
    And 1 tricks have been played
    And East holds only QS and AH
    And North led 5S
    And it is East's turn to play
    When East plays QS
    Then hearts are not broken

  Scenario: H9 — no_pts_on_first_trick off: a player who cannot follow may play points on the first trick
    Given a game of Hearts where points may be played on the first trick between North, East, South and West
    And East holds only QS and 5D
    And North led 2C
    And it is East's turn to play
    When East plays QS
    Then hearts are broken

  Scenario: H9 — can_lead_hearts_instead_of_qs: a hand of hearts and the queen of spades may lead a heart
    Given a game of Hearts where a hand of hearts and the queen of spades may lead a heart between North, East, South and West
    And 1 tricks have been played
    And North holds only AH and QS
    And it is North's turn to lead
    When North plays AH
    Then it is East's turn to play

  Scenario: H3, H9 — by default that hand must lead the queen of spades
    Given a game of Hearts between North, East, South and West
    And 1 tricks have been played
    And North holds only AH and QS
    And it is North's turn to lead
    When North tries to play AH
    Then the move is rejected

  Scenario: H9 — the bonuses: 10 points off for the jack of diamonds, 5 for a player who took no trick
    Given a game of Hearts with both bonuses between North, East, South and West
    And North has taken JD, 2H and 3H
    And East has taken 4C, 5C, 6C and 7C
    And South has taken 8C, 9C, TC and JC
    Then North has minus 8 points
    And East has 0 points
    And West has minus 5 points
