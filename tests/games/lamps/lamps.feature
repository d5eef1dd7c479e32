@game:lamps
Feature: Lamps — what the coverage test expects to see reached and missed

  Scenario: Red and green, never blue, nobody wins
    Given a game of Lamps between Ann and Bob
    When Ann lights the red lamp
    And Bob lights the green lamp
    Then Ann glows 1
    And Bob glows 2
    And Ann shines 2
