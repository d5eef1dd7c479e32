"""`rulebook lsp`: a language server over stdio for rules files, a game's tables and mods."""
