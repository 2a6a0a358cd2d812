"""Computer players: one interface (``act(game)``), each seeing only its side's view.

For every game: :class:`GamePlayer` (the interface), :class:`~hexplay.ai.random.RandomPlayer`
over ``legal_orders`` (as ``GameRandomPlayer`` here), :func:`play_game` (the play loop of the
game API) and :func:`hidden_sampler` (the game's sampler of hidden state). Named players of
each game come from the registry (``hexplay.game_entry(name).player(...)``). SKIRMISH's
scripted players keep their names, and ``play`` is SKIRMISH's fast loop
(:func:`hexplay.ai.base.play`: any other game it hands to :func:`hexplay.ai.player.play`).
"""

from .base import Player, play
from .player import GamePlayer
from .player import play as play_game
from .random import RandomPlayer as GameRandomPlayer
from .samplers import hidden_sampler
from .skirmish import RandomPlayer, ScriptedAdversary, ScriptedDefender

__all__ = [
    "GamePlayer",
    "GameRandomPlayer",
    "Player",
    "RandomPlayer",
    "ScriptedAdversary",
    "ScriptedDefender",
    "hidden_sampler",
    "play",
    "play_game",
]
