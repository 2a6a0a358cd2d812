"""hexplay: Jupyter widgets and engines for playing and inspecting hex-grid wargames.

``hexplay.games()`` lists the games, ``hexplay.new_game(name, scenario, seed)`` starts one
(the game API: :mod:`hexplay.engine.protocol`). Games of other packages are found through the
``hexplay.games`` entry point group (:mod:`hexplay.registry`); :mod:`hexplay.testing` checks a
game against the protocol.
"""

from .maps import Map, MapError, load_map
from .registry import GameEntry, game_entry, games, new_game, register

__version__ = "0.1.0"

__all__ = [
    "GameEntry",
    "Map",
    "MapError",
    "__version__",
    "game_entry",
    "games",
    "load_map",
    "new_game",
    "register",
]
