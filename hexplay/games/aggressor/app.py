"""AggressorApp: a ready AGGRESSOR game — the :class:`~hexplay.widgets.game_app.GameApp` shell
with the AGGRESSOR UI adapter (:mod:`.ui.adapter`), against the computer by default."""

from __future__ import annotations

from typing import Any

from hexplay.widgets.game_app import GameApp

from .board import SIDES
from .ui.adapter import AggressorUI

__all__ = ["AggressorApp"]


class AggressorApp(GameApp):
    """A complete AGGRESSOR game in one widget: against the computer by default.

    ``vs_computer``: the side the computer plays ("east" by default; the scenario's
    ``computer`` when ``game`` is given), None for two humans (hot seat: the board is blanked
    between their turns). ``computer``: the registry's player name ("scripted" by default,
    or "random"). ``referee``: everything shown, orders for either side. ``setup``:
    "computer" (the human sides get the computer's deployment) or "manual" (each human side
    places its own army: the set-up panel and board clicks)."""

    ui: AggressorUI

    def __init__(
        self,
        game: Any = None,
        seed: int = 0,
        vs_computer: str | None = "default",
        computer: str | None = None,
        hot_seat: bool = True,
        referee: bool = False,
        timer: bool = False,
        board_height: str = "",
        setup: str = "computer",
    ) -> None:
        if setup not in ("computer", "manual"):
            raise ValueError(f"setup must be 'computer' or 'manual', not {setup!r}")
        if isinstance(game, str):
            if game != "aggressor":
                raise ValueError(f"AggressorApp plays 'aggressor', not {game!r}")
            game = None
        if vs_computer == "default":
            vs_computer = game.scenario.computer if game is not None else "east"
        if vs_computer not in (None, *SIDES):
            raise ValueError(f"vs_computer must be 'west', 'east' or None, not {vs_computer!r}")
        super().__init__(
            "aggressor" if game is None else game,
            ui=AggressorUI,
            setup=setup,
            seed=seed,
            vs_computer=vs_computer,
            computer=computer,
            hot_seat=hot_seat,
            referee=referee,
            timer=timer,
            board_height=board_height,
        )
