"""The scenario picker of :class:`~.game_app.GameApp`: a list of the game's named scenarios
(its registry entry's ``scenarios``), read by "New game". Shown only for a game with two or
more; the first entry, "default", is the game's own default scenario. Scenario names are public (no
side's secret is in a list of names); a browser message naming no listed scenario is refused
by the guarded dropdown."""

from __future__ import annotations

from typing import Any

from ..engine import Game
from . import guard as G

DEFAULT = "default"
"""The picker's first entry: the game's default scenario (``Game.new(None)``)."""


def scenario_names(game: Any) -> list[str]:
    """The named scenarios of ``game``'s registry entry (a game object or name); [] if none."""
    from ..registry import game_entry

    name = game if isinstance(game, str) else getattr(getattr(game, "info", None), "name", None)
    try:
        return list(game_entry(str(name)).scenario_names())
    except Exception:  # not registered (a test's own game): nothing to pick
        return []


class ScenarioPicker(G.Dropdown):
    """``value``: "default" or a scenario name of the game's registry entry."""

    def __init__(self, game: Any, value: str | None = None) -> None:
        self.game_name = game if isinstance(game, str) else game.info.name
        names = scenario_names(game)
        options = [DEFAULT, *names]
        super().__init__(
            options=options,
            value=value if value in options else DEFAULT,
            description="scenario",
        )
        self.add_class("hexplay-scenario-picker")
        self.layout.display = "" if len(names) >= 2 else "none"

    @property
    def scenario(self) -> str | None:
        """The chosen scenario's name, None for the game's default."""
        return None if self.value == DEFAULT else self.value


def new_game(
    game_name: str, seed: int, scenario: str | None, default: type[Game] | None = None
) -> Any:
    """A new game of the registered game ``game_name``: its registry entry's ``scenario``
    (None: the game's default scenario); a game not registered (``default``: its class) starts
    by the protocol's ``new``."""
    from ..registry import game_entry

    try:
        entry = game_entry(game_name)
    except KeyError:
        if default is None:
            raise
        return default.new(None, seed=seed)
    return entry.new(scenario, seed=seed)
