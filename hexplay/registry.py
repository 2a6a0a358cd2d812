"""The game registry: every game hexplay plays, found by name.

Each entry names, as ``"module:attribute"`` strings imported on first use (so ``import hexplay``
stays light), the game class (a :class:`~hexplay.engine.protocol.Game`), its scenarios, its
computer players by name, its analysis description and its app adapter::

    hexplay.games()                          # ['skirmish', ...]
    g = hexplay.new_game("skirmish", seed=1) # a Game in its set-up phase
    hexplay.game_entry("skirmish").player("tactic", "adversary", seed=3)

Another package registers its own game with :func:`register`.
"""

from __future__ import annotations

from typing import Any

from .engine.plugin import DEFAULT_PLAYERS, GameEntry, resolve

__all__ = [
    "DEFAULT_PLAYERS",
    "GameEntry",
    "game_entry",
    "games",
    "new_game",
    "register",
    "resolve",
]

_GAMES: dict[str, GameEntry | str] = {}
"""The registered games in registration order: name -> its :class:`GameEntry`, or a
``"module:attr"`` reference to it imported on first use (the shipped games, so ``import
hexplay`` imports no game)."""


def register(entry: GameEntry | str, replace: bool = False, name: str | None = None) -> Any:
    """Add a game to the registry (``replace=True`` to override an entry of the same name).

    ``entry`` is a :class:`GameEntry`, or a ``"module:attr"`` reference to one with its
    ``name`` given (imported on first use)."""
    if isinstance(entry, str):
        if name is None:
            raise ValueError("a plugin reference is registered with its name=")
    else:
        name = entry.name
    if name in _GAMES and not replace:
        raise ValueError(f"a game named {name!r} is already registered")
    _GAMES[name] = entry
    return entry


def games() -> list[str]:
    """Names of the registered games."""
    return list(_GAMES)


def game_entry(name: str) -> GameEntry:
    try:
        entry = _GAMES[name]
    except KeyError:
        raise KeyError(f"no game {name!r}; hexplay has {games()}") from None
    if isinstance(entry, str):
        ref, entry = entry, resolve(entry)
        if not isinstance(entry, GameEntry) or entry.name != name:
            raise TypeError(f"{ref} is not the GameEntry of {name!r}")
        _GAMES[name] = entry
    return entry


def new_game(name: str, scenario: Any = None, seed: int = 0, **kw: Any) -> Any:
    """Start a registered game: ``new_game("skirmish", scenario=None, seed=0)``."""
    return game_entry(name).new(scenario, seed=seed, **kw)


# --- the games hexplay ships (one plugin record each, in its package) -----------------------
SHIPPED: dict[str, str] = {
    name: f"hexplay.games.{name}.plugin:PLUGIN"
    for name in ("skirmish", "ambush", "aggressor", "naval")
}
"""The shipped games' plugin records (the registry's one list of games; a game from another
package registers through the ``hexplay.games`` entry point group)."""

for _name, _ref in SHIPPED.items():
    register(_ref, name=_name)
