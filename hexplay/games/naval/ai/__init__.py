"""ai: see the game package."""
