"""SKIRMISH's observation planes (the plugin record's ``env=`` part; see :mod:`hexplay.env.planes`).

From ``view(side)`` only: the map's planes (terrain, slopes on hexsides, roads), the side's own
men by condition and arms with their action points left, its vehicles, the enemies its view
shows now (men by condition, vehicles), the enemies last seen with the age of the sighting,
the hexes its men see (the map's sight model from their hexes), the convoy's route and the
ambush hex when the view names them; globals: turn, phase, barrier points, counts.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import numpy as np

from hexplay.env.planes import Channel, GridEncoding, common_globals

from .units import FIT, KILLED, WOUNDED

AP_SCALE = 10.0
"""Action points are divided by this (a man's full allowance: Table VIII's 10 AP)."""

MEN_SCALE = 12.0
"""Counts of men are divided by this (about the largest side of the standard scenarios)."""

VIEW_CHANNELS = (
    Channel("own_man_fit", "the side's fit men on the hex (count)"),
    Channel("own_man_wounded", "the side's wounded men on the hex (count)"),
    Channel("own_man_unarmed", "the side's men without a long gun on the hex (count)"),
    Channel("own_man_in_vehicle", "the side's men in a vehicle on the hex (count)"),
    Channel("own_ap_left", "the action points left of the side's men on the hex / 10 (sum)"),
    Channel("own_vehicle", "vehicles the side holds on the hex (count)"),
    Channel("enemy_man_fit", "enemy fit men seen now on the hex (count)"),
    Channel("enemy_man_wounded", "enemy wounded men seen now on the hex (count)"),
    Channel("enemy_vehicle", "enemy vehicles seen now on the hex (count)"),
    Channel("enemy_last_seen", "1 where an enemy unit not seen now was last seen"),
    Channel("enemy_last_seen_age", "turns since that sighting / 10, capped at 1"),
    Channel("observed", "1 on hexes in line of sight of one of the side's men"),
    Channel("route", "1 on the convoy's route hexes (when the view names them)"),
    Channel("ambush", "1 on the ambush hex (when the view names it)"),
    Channel("killed", "men of either side killed on the hex (count)"),
)

GLOBALS = (
    *common_globals(("adversary", "defender")),
    Channel("planning", "1 in a plot phase of play"),
    Channel("over", "1 when the game is over"),
    Channel("barrier_points", "barrier points scored / points required"),
    Channel("own_fit", "the side's fit men / 12"),
    Channel("own_wounded", "the side's wounded men / 12"),
    Channel("own_killed", "the side's killed men / 12"),
    Channel("enemy_seen", "enemy units seen now / 12"),
    Channel("enemy_known_killed", "enemy men seen killed / 12"),
    Channel("submitted", "1 if the side has submitted its plot"),
    Channel("route_known", "1 if the view names the convoy's route"),
)


class SkirmishPlanes(GridEncoding):
    """SKIRMISH's encoding (channels: :data:`VIEW_CHANNELS`, globals: :data:`GLOBALS`)."""

    VIEW_CHANNELS = VIEW_CHANNELS
    GLOBALS = GLOBALS
    SEES = True

    @staticmethod
    def offered(view: Mapping[str, Any], legal: list) -> list:
        """The legal orders less a move (``MP``) for a man whose plot this turn already ends
        with one: a move goes by one path to any hex his action points reach, so a second
        move straight after it reaches no hex a single move could not (only the way there may
        differ), and a policy that chains them spends its points walking to and fro (the
        scripted adversary never plots two moves in a row: 0 of 1,311 men's turns in 30
        games)."""
        plots = (view.get("plots") or {}).get(view.get("side")) or {}
        moved = {u for u, tasks in plots.items() if tasks and tasks[-1].get("code") == "MP"}
        if not moved:
            return legal
        return [o for o in legal if not (o.kind == "MP" and o.unit in moved)]

    def fill(self, view: Mapping[str, Any], planes: np.ndarray, glob: np.ndarray) -> None:
        side = view.get("side")
        ap = view.get("ap_left") or {}
        eyes: list[str] = []
        own = {FIT: 0, WOUNDED: 0, KILLED: 0}
        seen = killed_enemy = 0
        for uid, u in (view.get("units") or {}).items():
            h = u.get("hex")
            mine = u.get("side") == side
            if u.get("kind") != "man":
                self.put(planes, "own_vehicle" if mine else "enemy_vehicle", h)
                seen += not mine and h is not None
                continue
            cond = u.get("condition")
            if cond == KILLED:
                self.put(planes, "killed", h)
                own[KILLED] += mine
                killed_enemy += not mine
                continue
            if mine:
                own[cond] = own.get(cond, 0) + 1
                self.put(planes, "own_man_fit" if cond == FIT else "own_man_wounded", h)
                if u.get("armed") is False:
                    self.put(planes, "own_man_unarmed", h)
                if u.get("vehicle"):
                    self.put(planes, "own_man_in_vehicle", h)
                self.put(planes, "own_ap_left", h, _number(ap.get(uid)) / AP_SCALE)
                if h is not None:
                    eyes.append(h)
            else:
                seen += h is not None
                self.put(planes, "enemy_man_fit" if cond == FIT else "enemy_man_wounded", h)
        self.last_seen(view, planes, "enemy_last_seen", "enemy_last_seen_age")
        planes[self.ch("observed")] = self.seen_by(eyes)
        for h in view.get("route_hexes") or ():
            f = self.flat(h)
            if f is not None:
                planes[self.ch("route"), f] = 1.0
        self.put(planes, "ambush", view.get("ambush"))
        self.common_globals(view, glob)
        glob[self.gl("planning")] = view.get("phase") not in ("setup", None) and not view.get(
            "over"
        )
        glob[self.gl("over")] = bool(view.get("over"))
        need = _number(view.get("barrier_points_required")) or 1.0
        glob[self.gl("barrier_points")] = _number(view.get("barrier_points")) / need
        glob[self.gl("own_fit")] = own[FIT] / MEN_SCALE
        glob[self.gl("own_wounded")] = own[WOUNDED] / MEN_SCALE
        glob[self.gl("own_killed")] = own[KILLED] / MEN_SCALE
        glob[self.gl("enemy_seen")] = seen / MEN_SCALE
        glob[self.gl("enemy_known_killed")] = killed_enemy / MEN_SCALE
        glob[self.gl("submitted")] = bool((view.get("submitted") or {}).get(side))
        glob[self.gl("route_known")] = bool(view.get("route_hexes"))


def _number(v: Any) -> float:
    """A view's number (action points are strings there: "10", or fractions in AMBUSH:
    "14/3"); 0 for anything else."""
    try:
        return float(Fraction(v)) if isinstance(v, str) else float(v)
    except (TypeError, ValueError, ZeroDivisionError):
        return 0.0
