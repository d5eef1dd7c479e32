@game:edenia
Feature: Rich Start — every seat starts with 4 Turbo-Clovers
  Mod: examples/mods/edenia-rich-start (replaces the rows of seats.yaml).
  House rule against rulebook: Setup — Players (ruling D8: 2, 2, 3, 3 clovers by seat).

  Scenario: D8 changed — both players start with 4 clovers
    Given a game of Edenia between Leo and Lisa
    Then Leo has 4 clovers
    And Lisa has 4 clovers
