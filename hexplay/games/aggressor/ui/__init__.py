"""ui: see the game package."""
