"""The naval app: the :class:`~hexplay.widgets.game_app.GameApp` shell with the naval UI
adapter (:mod:`.ui.adapter`)."""

from __future__ import annotations

from typing import Any

from hexplay.widgets.game_app import GameApp

from .game import NavalGame
from .ui.adapter import NavalUI

__all__ = ["naval_app"]


def naval_app(
    scenario: str = "kula_gulf", seed: int = 0, vs_computer: str | None = "ijn", **kw: Any
) -> GameApp:
    """The naval app on the shell: ``scenario`` against the computer (it plays the IJN by
    default; ``vs_computer=None`` for two humans in hot seat, ``referee=True`` to see all)."""
    return GameApp(
        NavalGame.new(scenario, seed=seed), ui=NavalUI, seed=seed, vs_computer=vs_computer, **kw
    )
