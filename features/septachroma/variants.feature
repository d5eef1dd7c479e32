@game:septachroma
Feature: Game Variants
  Rulebook: Game Variants — A. Multiple Sets, B. Public Ring, C. Rush Action, and which of them
  combine. Rulings S7–S10.

  # ---------------------------------------------------------------- A. Multiple Sets
  Scenario: A. Multiple Sets 2 — choose one of the 3 sets and place its stones
    Given a game of Septachroma between Leo and Lisa with variant A
    And set 2 holds red, red and blue
    Then set 2 holds red, red and blue
    When Leo takes set 2
    Then Leo holds red, red and blue
    And set 2 holds no stones
    When Leo places a red stone on c3
    And Leo places a red stone on c4
    Then it is Leo's turn

  Scenario: A. Multiple Sets 3 — after placing, a new set of 3 from the bag; then the next player
    Given a game of Septachroma between Leo and Lisa with variant A
    And set 2 holds red, red and blue
    And the bag holds 2 yellow and 2 green
    When Leo takes set 2
    And Leo places a red stone on c3
    And Leo places a red stone on c4
    And Leo places a blue stone on f5
    Then set 2 holds 3 stones
    And the bag holds 1 stone
    And Leo holds no stones
    And it is Lisa's turn

  Scenario: A. Multiple Sets 3 — fewer than 3 stones in the bag make a smaller set (S7)
    Given a game of Septachroma between Leo and Lisa with variant A
    And set 1 holds red
    And the bag holds 1 violet
    When Leo takes set 1
    And Leo places a red stone on c3
    Then set 1 holds violet
    And the bag holds no stones

  Scenario: A. Multiple Sets — an empty set cannot be chosen (S7)
    Given a game of Septachroma between Leo and Lisa with variant A
    And set 3 holds no stones
    When Leo tries to take set 3
    Then the move is rejected
    And nothing has changed

  Scenario: A. Multiple Sets 2 — stone placement follows the normal rules
    Given a game of Septachroma between Leo and Lisa with variant A
    And area c3 has a red stone
    And set 1 holds red, blue and green
    When Leo takes set 1
    Then Leo may place a red stone on b3, c2, c4 and d3
    When Leo tries to place a red stone on f6
    Then the move is rejected

  # ---------------------------------------------------------------- B. Public Ring
  Scenario: B. Public Ring 2 — the 3 stones at the left end of the ring
    Given a game of Septachroma between Leo and Lisa with variant B
    And the ring is red, blue, green, yellow and violet
    When Leo takes the stones at the left end of the ring
    Then Leo holds red, blue and green
    And the ring is yellow and violet

  Scenario: B. Public Ring 2 — the 3 stones at the right end of the ring
    Given a game of Septachroma between Leo and Lisa with variant B
    And the ring is red, blue, green, yellow and violet
    When Leo takes the stones at the right end of the ring
    Then Leo holds green, yellow and violet
    And the ring is red and blue

  Scenario: B. Public Ring — fewer than 3 stones left: take them all (S8)
    Given a game of Septachroma between Leo and Lisa with variant B
    And the ring is red and blue
    When Leo takes the stones at the left end of the ring
    Then Leo holds red and blue
    And the ring has 0 stones

  Scenario: B. Public Ring 1 — nobody draws: after placing, the next player takes from the ring
    Given a game of Septachroma between Leo and Lisa with variant B
    And the ring is red, blue, green, yellow, violet and indigo
    When Leo takes the stones at the left end of the ring
    And Leo places a red stone on c3
    And Leo places a blue stone on e5
    And Leo places a green stone on b6
    Then Leo holds no stones
    And the ring is yellow, violet and indigo
    And it is Lisa's turn

  Scenario: B. Public Ring — only the ends: no other stones of the ring
    Given a game of Septachroma between Leo and Lisa with variant B
    When Leo tries to take the stones at the middle end of the ring
    Then the move is rejected
    And nothing has changed

  # ---------------------------------------------------------------- C. Rush Action
  Scenario: C. Rush Action 2 — a rush token at the start of the turn draws a fourth stone
    Given a game of Septachroma between Leo and Lisa with variant C
    And Leo holds red, blue and green
    And the bag holds 1 yellow
    When Leo uses a rush token
    Then Leo has 1 rush token
    And Leo holds red, blue, green and yellow
    And the bag holds no stones

  Scenario: C. Rush Action 2 — 4 stones placed in a single turn
    Given a game of Septachroma between Leo and Lisa with variant C
    And Leo holds red, blue and green
    And the bag holds 4 yellow
    When Leo uses a rush token
    And Leo places a red stone on b2
    And Leo places a blue stone on c6
    And Leo places a green stone on f2
    Then it is Leo's turn
    When Leo places a yellow stone on f6
    Then it is Lisa's turn
    And Leo holds 3 yellow
    And Lisa has 2 rush tokens

  Scenario: C. Rush Action 2 — only one rush action per turn
    Given a game of Septachroma between Leo and Lisa with variant C
    And Leo holds red, blue and green
    When Leo uses a rush token
    And Leo tries to use a rush token
    Then the move is rejected
    And nothing has changed

  Scenario: C. Rush Action 2 — only at the start of the turn (S9)
    Given a game of Septachroma between Leo and Lisa with variant C
    And Leo holds red, blue and green
    When Leo places a red stone on c3
    And Leo tries to use a rush token
    Then the move is rejected

  Scenario: C. Rush Action 1 — 2 rush tokens: none left after two rush actions
    Given a game of Septachroma between Leo and Lisa with variant C
    And Leo has 0 rush tokens
    When Leo tries to use a rush token
    Then the move is rejected

  Scenario: C. Rush Action — no rush when there is no stone to add (S9)
    Given a game of Septachroma between Leo and Lisa with variant C
    And Leo holds red, blue and green
    And the bag is empty
    When Leo tries to use a rush token
    Then the move is rejected

  Scenario: Without variant C there is no rush action
    Given a game of Septachroma between Leo and Lisa
    And Leo has 2 rush tokens
    When Leo tries to use a rush token
    Then the move is rejected

  # ---------------------------------------------------------------- combinations
  Scenario: C with A — choose a set first, then draw an extra stone from the bag
    Given a game of Septachroma between Leo and Lisa with variants A and C
    And set 2 holds red, red and blue
    And the bag holds 1 green
    When Leo tries to use a rush token
    Then the move is rejected
    When Leo takes set 2
    And Leo uses a rush token
    Then Leo holds red, red, blue and green
    And Leo has 1 rush token
    And the bag holds no stones

  Scenario: C with A — the new set comes from the bag after placing all 4 stones
    Given a game of Septachroma between Leo and Lisa with variants A and C
    And set 2 holds red, red and blue
    And the bag holds 4 green
    When Leo takes set 2
    And Leo uses a rush token
    And Leo places a red stone on c3
    And Leo places a red stone on c4
    And Leo places a blue stone on f5
    And Leo places a green stone on b6
    Then set 2 holds 3 green
    And it is Lisa's turn

  Scenario: C with B — a rush token before taking gives 4 stones from the chosen end
    Given a game of Septachroma between Leo and Lisa with variants B and C
    And the ring is red, blue, green, yellow and violet
    When Leo uses a rush token
    And Leo takes the stones at the left end of the ring
    Then Leo holds red, blue, green and yellow
    And the ring is violet
    And Leo has 1 rush token

  Scenario: C with B — no drawing from the bag, and no rush after taking an end
    Given a game of Septachroma between Leo and Lisa with variants B and C
    And the ring is red, blue, green, yellow and violet
    When Leo takes the stones at the right end of the ring
    And Leo tries to use a rush token
    Then the move is rejected

  Scenario: C with B — no rush when the ring has no fourth stone (S9)
    Given a game of Septachroma between Leo and Lisa with variants B and C
    And the ring is red, blue and green
    When Leo tries to use a rush token
    Then the move is rejected

  Scenario: A and B cannot be combined (S10)
    # A. Multiple Sets: "This variant cannot be used with B. Public Ring."
    Then a game of Septachroma with variants A and B is refused
