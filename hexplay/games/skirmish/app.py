"""SkirmishApp: a ready SKIRMISH game — the :class:`~hexplay.widgets.game_app.GameApp` shell
with the SKIRMISH UI adapter (:mod:`.ui.adapter`).

Kept as its own class so notebooks and tests keep working: ``SkirmishApp(seed=1,
vs_computer="adversary")``. The SKIRMISH helpers the app used to hold (sight, reach, LOS,
targets, plots, the odds and off-map panels) live on the adapter; the names below forward to it.
"""

from __future__ import annotations

from typing import Any

from hexplay.widgets.game_app import GameApp

from .ui.adapter import (
    SIDES,
    SkirmishUI,
    counters_from_view,
    resolve_target,
    unit_plot,
    units_from_view,
)

__all__ = ["SIDES", "SkirmishApp", "counters_from_view", "units_from_view"]


class SkirmishApp(GameApp):
    """A complete SKIRMISH game in one widget.

    ``vs_computer`` names the side the computer plays (``"adversary"`` or ``"defender"``;
    ``None`` for two humans). ``hot_seat`` lets two humans share one screen (every panel is
    blanked between their plots). ``referee`` shows everything and lets the referee plot for
    both sides.

    ``win_probability`` shows a gauge of P(adversary wins) beside the board, updated when the
    game starts and after each turn (``win_probability_n`` simulated continuations). It
    estimates from the *true* state, so it is on by default only in referee mode and in
    open-map games, may be asked for against the computer, and is refused for two humans in
    hot seat without a referee. ``follow`` and ``next_after_attack``: as :class:`GameApp`'s.
    """

    ui: SkirmishUI

    def __init__(
        self,
        game: Any = None,
        seed: int = 0,
        vs_computer: str | None = "adversary",
        hot_seat: bool = True,
        referee: bool = False,
        timer: bool = False,
        board_height: str = "",
        win_probability: bool | None = None,
        win_probability_n: int = 40,
        computer: str | None = None,
        follow: bool = False,
        next_after_attack: bool = True,
    ) -> None:
        if vs_computer not in (None, *SIDES):
            raise ValueError(f"vs_computer must be 'adversary', 'defender' or None: {vs_computer}")
        if win_probability is None:
            open_map = bool(getattr(getattr(game, "scenario", None), "open_map", False))
            win_probability = referee or open_map
        super().__init__(
            "skirmish" if game is None else game,
            ui=SkirmishUI,
            seed=seed,
            vs_computer=vs_computer,
            computer=computer,
            hot_seat=hot_seat,
            referee=referee,
            timer=timer,
            board_height=board_height,
            win_probability=win_probability,
            win_probability_n=win_probability_n,
            follow=follow,
            next_after_attack=next_after_attack,
        )

    # --- the SKIRMISH panels and helpers, on the adapter ----------------------------------------
    @property
    def odds(self) -> Any:
        return self.ui.odds

    @property
    def offmap(self) -> Any:
        return self.ui.offmap

    @property
    def computer(self) -> Any:
        return self.computers.get(self.vs_computer) if isinstance(self.vs_computer, str) else None

    @property
    def _sight_cache(self) -> dict:
        return self.ui._sight_cache

    def los(self, a: str, b: str) -> Any:
        return self.ui.los(self.context(), a, b)

    def visible_hexes(self, unit: str) -> list[str]:
        return self.ui.visible_hexes(self.context(), unit)

    def reachable(self, unit: str) -> dict[str, float] | None:
        return self.ui.reachable(self.context(), unit)

    def unit_plot(self, unit: str) -> list[dict[str, Any]]:
        return unit_plot(self.view, self.plotting_side, unit)

    def resolve_target(self, target: str, occupant: str | None = None) -> str:
        return resolve_target(self.units_by_id, self.plotting_side, target, occupant)
