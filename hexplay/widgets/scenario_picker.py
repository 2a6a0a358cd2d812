"""The scenario picker of :class:`~.game_app.GameApp`: a list of the game's named scenarios
(its registry entry's ``scenarios``), read by "New game". Shown only for a game with two or
more; the first entry, "default", is the adapter's own choice. Scenario names are public (no
side's secret is in a list of names); a browser message naming no listed scenario is refused
by the guarded dropdown."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from . import guard as G
from .adapter import GameUI

DEFAULT = "default"
"""The picker's first entry: the adapter's own new game (``GameUI.new_game(seed)``)."""


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
        """The chosen scenario's name, None for the adapter's default."""
        return None if self.value == DEFAULT else self.value


def new_game(ui: type[GameUI], game_name: str, seed: int, scenario: str | None) -> Any:
    """A new game for an adapter class: its own ``new_game`` (given ``scenario`` when it takes
    one), else the registry's ``new_game(game_name, scenario, seed)`` (any registered game)."""
    from ..registry import new_game as registry_new_game

    if scenario is None:
        try:
            return ui.new_game(seed=seed)
        except NotImplementedError:  # the plain adapter: the registry's default game
            return registry_new_game(game_name, seed=seed)
    make: Callable[..., Any] = ui.new_game  # (an adapter's own may take a scenario)
    if "scenario" in inspect.signature(make).parameters:
        return make(seed=seed, scenario=scenario)
    return registry_new_game(game_name, scenario=scenario, seed=seed)
