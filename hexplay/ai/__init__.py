"""Computer players: one interface (``act(game)``), each seeing only its side's view."""

from .base import Player, play
from .skirmish import RandomPlayer, ScriptedAdversary, ScriptedDefender

__all__ = ["Player", "RandomPlayer", "ScriptedAdversary", "ScriptedDefender", "play"]
