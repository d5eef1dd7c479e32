@game:ephyran
Feature: Wise Owls — 7 owls among the magic objects
  Mod: examples/mods/ephyran-wise-owls (replaces the owl's row of tokens.yaml).
  Variant of rulebook: Magic Objects (ruling Y7: 16 tokens, 5 of them owls).

  Scenario: Y7 changed — the token supply starts with 18 tokens
    Given a game of Ephyran between Leo and Lisa
    Then the token supply has 18 tokens
    And every card and every token is in exactly one place
