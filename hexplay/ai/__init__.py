"""Computer players: one interface (``act(game)``), each seeing only its side's view.

For every game: :class:`GamePlayer` (the interface), :class:`RandomPlayer` (random complete
orders from ``legal_orders``), :func:`play` (the play loop of the game API) and
:func:`hidden_sampler` (the game's sampler of hidden state). Named players of each game come
from the registry (``hexplay.game_entry(name).player(...)``); a game's own players, sampler
and search settings live in its own package, named by its plugin record.
"""

from __future__ import annotations

from .player import GamePlayer, play
from .random import RandomPlayer
from .samplers import hidden_sampler

__all__ = ["GamePlayer", "RandomPlayer", "hidden_sampler", "play"]
