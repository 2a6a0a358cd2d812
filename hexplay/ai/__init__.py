"""Computer players: one interface (``act(game)``), each seeing only its side's view.

For every game: :class:`GamePlayer` (the interface), :class:`~hexplay.ai.random.RandomPlayer`
over ``legal_orders`` (as ``GameRandomPlayer`` here), :func:`play_game` (the play loop of the
game API) and :func:`hidden_sampler` (the game's sampler of hidden state). Named players of
each game come from the registry (``hexplay.game_entry(name).player(...)``).
"""

from __future__ import annotations

from typing import Any

from .player import GamePlayer
from .player import play as play_game
from .random import RandomPlayer as GameRandomPlayer
from .samplers import hidden_sampler

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

# TODO(plugins): SKIRMISH's names, still re-exported here until the generic names replace them.
_LAZY = {
    "Player": "hexplay.games.skirmish.ai.base",
    "play": "hexplay.games.skirmish.ai.base",
    "RandomPlayer": "hexplay.games.skirmish.ai.players",
    "ScriptedAdversary": "hexplay.games.skirmish.ai.players",
    "ScriptedDefender": "hexplay.games.skirmish.ai.players",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
