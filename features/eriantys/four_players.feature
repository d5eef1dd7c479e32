Feature: 4-Player Game
  Rulebook: 4-Player Game (Setup, Planning Phase, Action Phase); rulings E2, E7, E9, E15.

  Scenario: 4-Player Game — the white team's 4 influence beats the black team's 3
    # Rulebook example: "The white Team controls the blue, the yellow, and the green Professors, so they have
    # an influence value of 4 on this Island. The black Team controls the red and the pink Professor and have
    # an influence value of 3. If Mother Nature ends here, the white Team will build a Tower."
    Given a 4-player game with teams Leo and Lisa against Max and Mia
    And island 5 has 1 blue, 2 yellow, 1 green, 2 red and 1 pink
    And Leo controls the blue and yellow professors
    And Lisa controls the green professor
    And Max controls the red professor
    And Mia controls the pink professor
    And Mother Nature is on island 4
    And it is Mia's turn to move Mother Nature
    Then white has 4 influence on island 5
    And black has 3 influence on island 5
    And Lisa has 4 influence on island 5
    When Mia moves Mother Nature 1 island
    Then island 5 has a white tower
    And Leo has 7 towers left
    And Lisa has 7 towers left
    And Max has 8 towers left

  Scenario: 4-Player Game — a teammate's dining room does not count for a professor
    # Rulebook: "The Students in a teammate's Dining Room are not counted."
    Given a 4-player game with teams Leo and Lisa against Max and Mia
    And Leo's dining room has 2 red
    And Lisa's dining room has 3 red
    And Max's dining room has 3 red
    And Max controls the red professor
    And Leo's entrance has 7 red
    And it is Leo's turn
    When Leo moves a red student from his entrance to his dining room
    Then Max controls the red professor
    When Leo moves a red student from his entrance to his dining room
    Then Leo controls the red professor

  Scenario: 4-Player Game — the first-named player of a team holds its towers, for both teammates
    Given a 4-player game with teams Leo and Lisa against Max and Mia
    And Lisa has a tower on island 5
    And Mia has towers on islands 8 and 9
    Then island 5 has a white tower
    And Leo has 7 towers left
    And Lisa has 7 towers left
    And Max has 6 towers left
    And island 9 has a black tower

  Scenario: 4-Player Game — a teammate's tower unifies with a new one
    Given a 4-player game with teams Leo and Lisa against Max and Mia
    And Leo has a tower on island 6
    And island 5 has 2 green
    And Lisa controls the green professor
    And Mother Nature is on island 4
    And it is Mia's turn to move Mother Nature
    When Mia moves Mother Nature 1 island
    Then islands 5 and 6 are one group
    And island 5 has 2 white towers

  Scenario: 4-Player Game — seated another way, planning goes clockwise by seat
    Given a 4-player game with teams Leo and Lisa against Max and Mia, seated Leo, Max, Lisa, Mia
    When Leo plays assistant 3
    Then it is Max's turn to play an assistant
    When Max plays assistant 5
    Then it is Lisa's turn to play an assistant
    And Lisa has 8 towers left

  Scenario: 4-Player Game — teams seated side by side by default
    Given a 4-player game with teams Leo and Lisa against Max and Mia with seed 5
    When Leo plays assistant 3
    Then it is Lisa's turn to play an assistant

  Scenario: 4-Player Game — a team that builds its last tower wins together
    Given a 4-player game with teams Leo and Lisa against Max and Mia, seated Leo, Max, Lisa, Mia with seed 2
    And Max has 1 tower left
    And island 11 has 3 pink
    And Mia controls the pink professor
    And Mother Nature is on island 10
    And it is Mia's turn to move Mother Nature
    When Mia moves Mother Nature 1 island
    Then the game is over and Max and Mia share the victory
    And the game is over and black wins
    And the game is over and Mia wins

  Scenario: E15 — in 4 players teammates' professors are combined to break a tie
    Given a 4-player game with teams Leo and Lisa against Max and Mia
    And Leo has a tower on island 1
    And Max has a tower on island 7
    And Leo controls the red professor
    And Lisa controls the blue professor
    And Max controls the green professor
    And cloud 4 has 3 red
    And the bag is empty
    And it is Mia's turn to choose a cloud
    When Mia takes the students from cloud 4
    Then the game is over and white wins
    And the game is over and Leo and Lisa share the victory

  Scenario: 4-Player Game — conquest sends the towers back to the team's school
    Given a 4-player game with teams Leo and Lisa against Max and Mia
    And Lisa has towers on islands 2 and 3
    And islands 2 and 3 are one group
    And island 3 has 4 yellow
    And Mia controls the yellow professor
    And Mother Nature is on island 1
    And it is Mia's turn to move Mother Nature
    When Mia moves Mother Nature 1 island
    Then island 2 has 2 black towers
    And Lisa has 8 towers left
    And Mia has 6 towers left
