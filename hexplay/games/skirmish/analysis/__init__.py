"""analysis: see the game package."""
