"""The game registry: every game hexplay plays, found by name.

Each entry names, as ``"module:attribute"`` strings imported on first use (so ``import hexplay``
stays light), the game class (a :class:`~hexplay.engine.protocol.Game`), its scenarios, its
computer players by name, its analysis description and its app adapter::

    hexplay.games()                          # ['skirmish', ...]
    g = hexplay.new_game("skirmish", seed=1) # a Game in its set-up phase
    hexplay.game_entry("skirmish").player("tactic", "adversary", seed=3)

A game in another package registers through the entry point group ``hexplay.games`` (see
:data:`ENTRY_POINT_GROUP`): its name is the entry point's name, its value the ``"module:attr"``
reference of its :class:`GameEntry`. The names are read from the installed packages' metadata
when the registry is first asked (nothing is imported until the game is), so Dask workers, the
command line and the table server find such a game without an import. :func:`register` adds
one at run time (in this process only). A package's ``pyproject.toml``, for example::

    [project.entry-points."hexplay.games"]
    duel = "hexplay_duel:PLUGIN"
"""

from __future__ import annotations

import warnings
from importlib.metadata import entry_points
from typing import Any

from .engine.plugin import DEFAULT_PLAYERS, GameEntry, resolve

__all__ = [
    "DEFAULT_PLAYERS",
    "ENTRY_POINT_GROUP",
    "GameEntry",
    "game_entry",
    "discover",
    "games",
    "new_game",
    "register",
    "resolve",
]

_GAMES: dict[str, GameEntry] = {}
_PENDING: dict[str, str] = {}
"""Games known by name whose plugin record is imported on first use (name -> ``"module:attr"``):
the shipped games and the entry points', so ``import hexplay`` imports no game."""
_ORIGIN: dict[str, str] = {}
"""Where a pending game's reference came from (an entry point's distribution), for errors."""
ENTRY_POINT_GROUP = "hexplay.games"
"""The entry point group a package registers its games under (see the module docstring)."""
_discovered = False
_ORDER: list[str] = []
"""Names in the order they were registered (shipped games first): :func:`games` keeps it,
whichever record was imported first."""


def register(entry: GameEntry | str, replace: bool = False, name: str | None = None) -> Any:
    """Add a game to the registry (``replace=True`` to override an entry of the same name).

    ``entry`` is a :class:`GameEntry`, or a ``"module:attr"`` reference to one with its
    ``name`` given (imported on first use)."""
    if isinstance(entry, str):
        if name is None:
            raise ValueError("a plugin reference is registered with its name=")
        if (name in _GAMES or name in _PENDING) and not replace:
            raise ValueError(f"a game named {name!r} is already registered")
        _GAMES.pop(name, None)
        _ORIGIN.pop(name, None)
        _PENDING[name] = entry
        if name not in _ORDER:
            _ORDER.append(name)
        return entry
    if not isinstance(entry, GameEntry):
        raise TypeError(f"register takes a GameEntry or a 'module:attr' string, not {entry!r}")
    if (entry.name in _GAMES or entry.name in _PENDING) and not replace:
        raise ValueError(f"a game named {entry.name!r} is already registered")
    _PENDING.pop(entry.name, None)
    _ORIGIN.pop(entry.name, None)
    _GAMES[entry.name] = entry
    if entry.name not in _ORDER:
        _ORDER.append(entry.name)
    return entry


def discover(force: bool = False) -> list[str]:
    """Read the ``hexplay.games`` entry points of the installed packages (once, or again with
    ``force``) and register each by reference; returns the names found. A game already
    registered under the same name (a shipped game, or one registered at run time) is kept,
    with a warning. Reading metadata never imports a game, and never raises: a broken entry
    point is an error only when its game is asked for."""
    global _discovered
    if _discovered and not force:
        return []
    _discovered = True
    try:
        found = list(entry_points(group=ENTRY_POINT_GROUP))
    except Exception as e:  # broken metadata must not break import hexplay
        msg = f"hexplay: could not read the {ENTRY_POINT_GROUP} entry points: {e}"
        warnings.warn(msg, stacklevel=3)
        return []
    names = []
    for ep in sorted(found, key=lambda ep: ep.name):
        dist = getattr(getattr(ep, "dist", None), "name", None) or "an installed package"
        origin = f"entry point {ep.name} = {ep.value!r} of {dist}"
        if ep.name in _GAMES or (ep.name in _PENDING and _ORIGIN.get(ep.name) != origin):
            msg = f"hexplay: {origin} ignored: a game {ep.name!r} is already registered"
            warnings.warn(msg, stacklevel=3)
            continue
        _PENDING[ep.name] = ep.value
        _ORIGIN[ep.name] = origin
        if ep.name not in _ORDER:
            _ORDER.append(ep.name)
        names.append(ep.name)
    return names


def games() -> list[str]:
    """Names of the registered games (the shipped ones, then those of entry points and
    :func:`register`)."""
    discover()
    known = [n for n in _ORDER if n in _GAMES or n in _PENDING]
    return [*known, *(n for n in (*_GAMES, *_PENDING) if n not in known)]


def game_entry(name: str) -> GameEntry:
    """The plugin record of game ``name`` (imported on first use); KeyError naming the games
    there are for an unknown name, ImportError naming the reference for one that fails."""
    discover()
    if not isinstance(name, str):
        raise KeyError(f"a game is named by a string, not {name!r}; hexplay has {games()}")
    if name not in _GAMES and name in _PENDING:
        ref = _PENDING[name]
        where = _ORIGIN.get(name, ref)
        try:
            entry = resolve(ref)
        except Exception as e:
            raise ImportError(
                f"game {name!r} ({where}) could not be loaded: {type(e).__name__}: {e}"
            ) from e
        if not isinstance(entry, GameEntry) or entry.name != name:
            raise TypeError(f"{where}: {ref} is not the GameEntry of {name!r}")
        _GAMES[name] = entry
        del _PENDING[name]
    try:
        return _GAMES[name]
    except KeyError:
        raise KeyError(f"no game {name!r}; hexplay has {games()}") from None


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
