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

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


def resolve(ref: str) -> Any:
    """Import ``"package.module:attr"`` (``attr`` may be dotted)."""
    mod, _, attr = ref.partition(":")
    obj: Any = importlib.import_module(mod)
    for part in attr.split(".") if attr else ():
        obj = getattr(obj, part)
    return obj


DEFAULT_PLAYERS: Mapping[str, str] = {"random": "hexplay.ai.random:RandomPlayer"}
"""Players every game has unless its entry names its own of the same name: the random player
(:class:`~hexplay.ai.random.RandomPlayer` reads only ``legal_orders``, so it plays any game)."""


@dataclass(frozen=True)
class GameEntry:
    """One registered game (references are ``"module:attr"`` strings, imported on use).

    ``game``: the Game class. ``scenarios``: a function returning ``{name: scenario dict}``.
    ``players``: name -> a factory ``f(side, seed=0)`` returning a computer player.
    ``analysis``: the game's analysis description (outcome columns, parameters, the side whose
    win probability is reported; see :mod:`hexplay.analysis`). ``ui``: the app adapter class.
    """

    name: str
    title: str
    game: str
    scenarios: str | None = None
    players: Mapping[str, str] = field(default_factory=dict)
    analysis: str | None = None
    ui: str | None = None

    @property
    def game_class(self) -> Any:
        return resolve(self.game)

    @property
    def info(self) -> Any:
        return self.game_class.info

    def new(self, scenario: Any = None, seed: int = 0, **kw: Any) -> Any:
        if isinstance(scenario, str):
            scenario = self.scenario(scenario)
        return self.game_class.new(scenario, seed=seed, **kw)

    def scenario_names(self) -> list[str]:
        return list(resolve(self.scenarios)()) if self.scenarios else []

    def scenario(self, name: str) -> Any:
        table = resolve(self.scenarios)() if self.scenarios else {}
        if name not in table:
            raise KeyError(f"{self.name} has no scenario {name!r}; it has {sorted(table)}")
        return table[name]

    def player_refs(self) -> dict[str, str]:
        """Every player of the game by name: :data:`DEFAULT_PLAYERS`, then its own (which
        replace a default of the same name)."""
        return {**DEFAULT_PLAYERS, **self.players}

    def player_names(self) -> list[str]:
        return list(self.player_refs())

    def player(self, name: str, side: str, seed: int = 0, **knobs: Any) -> Any:
        """A computer player by name for ``side`` (``"random"`` works for every game);
        ``knobs`` are the player's own keyword arguments (a search's budgets, say)."""
        ref = self.player_refs().get(name)
        if ref is None:
            raise KeyError(f"{self.name} has no player {name!r}; it has {self.player_names()}")
        return resolve(ref)(side, seed=seed, **knobs)

    @property
    def analysis_spec(self) -> Any:
        if self.analysis is None:
            raise KeyError(f"{self.name} has no analysis description")
        return resolve(self.analysis)


_GAMES: dict[str, GameEntry] = {}


def register(entry: GameEntry, replace: bool = False) -> GameEntry:
    """Add a game to the registry (``replace=True`` to override an entry of the same name)."""
    if entry.name in _GAMES and not replace:
        raise ValueError(f"a game named {entry.name!r} is already registered")
    _GAMES[entry.name] = entry
    return entry


def games() -> list[str]:
    """Names of the registered games."""
    return list(_GAMES)


def game_entry(name: str) -> GameEntry:
    try:
        return _GAMES[name]
    except KeyError:
        raise KeyError(f"no game {name!r}; hexplay has {games()}") from None


def new_game(name: str, scenario: Any = None, seed: int = 0, **kw: Any) -> Any:
    """Start a registered game: ``new_game("skirmish", scenario=None, seed=0)``."""
    return game_entry(name).new(scenario, seed=seed, **kw)


# --- the games hexplay ships (one entry each; see each rules package) -----------------------
# (entries are added here as each game lands on the platform)
register(
    GameEntry(
        "skirmish",
        "SKIRMISH",
        "hexplay.rules.skirmish.game:SkirmishGame",
        scenarios="hexplay.rules.skirmish.game:named_scenarios",
        players={
            "scripted": "hexplay.ai.skirmish:scripted",
            "tactic": "hexplay.ai.tactics:tactic",
            "search": "hexplay.ai.search:search_skirmish",
        },
        analysis="hexplay.analysis.games:SKIRMISH",
        ui="hexplay.widgets.skirmish_ui:SkirmishUI",
    )
)

register(
    GameEntry(
        "ambush",
        "AMBUSH",
        "hexplay.rules.ambush.game:AmbushGame",
        scenarios="hexplay.rules.ambush.game:named_scenarios",
        players={
            "scripted": "hexplay.ai.ambush:scripted",
            "tactic": "hexplay.ai.ambush:tactic",
            "search": "hexplay.ai.search:search_ambush",
        },
        analysis="hexplay.analysis.games:AMBUSH",
        ui="hexplay.widgets.ambush_ui:AmbushUI",
    )
)

register(
    GameEntry(
        name="aggressor",
        title="AGGRESSOR",
        game="hexplay.rules.aggressor:AggressorGame",
        scenarios="hexplay.rules.aggressor.scenario:scenarios",
        players={
            "random": "hexplay.ai.aggressor:random_player",
            "scripted": "hexplay.ai.aggressor:scripted",
            "search": "hexplay.ai.search:search_aggressor",
        },
        analysis="hexplay.analysis.games:AGGRESSOR",
        ui="hexplay.widgets.aggressor_ui:AggressorUI",
    )
)

register(
    GameEntry(
        name="naval",
        title="Naval night action (CA)",
        game="hexplay.rules.naval.game:NavalGame",
        scenarios="hexplay.rules.naval.scenarios:scenarios",
        players={
            "scripted": "hexplay.ai.naval:scripted",
            "random": "hexplay.ai.naval:random_player",
            "search": "hexplay.ai.search:search_naval",
        },
        analysis="hexplay.analysis.games:NAVAL",
        ui="hexplay.widgets.naval_ui:NavalUI",
    )
)
