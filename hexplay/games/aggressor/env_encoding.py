"""AGGRESSOR's observation planes (the plugin record's ``env=`` part; see
:mod:`hexplay.env.planes`).

From ``view(side)`` only: the map's planes (clear, rough), the side's own units by type with
their range and strength steps (as fractions of the type's maxima), moves left, emplaced and
frozen; the enemies it knows of (identified: by type with range and strength; unidentified or
in a CBR hex: only that something is there); CBR hexes; globals: turn, round, whose turn,
the aggressor, partisans, units placed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from hexplay.env.planes import Channel, GridEncoding, common_globals

from .board import SIDES
from .units import TYPE_NAMES

MOVES_SCALE = 3.0
"""Moves left are divided by this (the largest allowance of the unit table)."""

VIEW_CHANNELS = (
    *(Channel(f"own_{t.lower()}", f"the side's {t} units on the hex (count)") for t in TYPE_NAMES),
    Channel("own_range", "own unit's range steps / its type's maximum"),
    Channel("own_strength", "own unit's strength steps / its type's maximum"),
    Channel("own_moves_left", "own unit's moves left / 3"),
    Channel("own_emplaced", "1 if the own unit on the hex is emplaced"),
    Channel("own_frozen", "1 if the own unit on the hex is frozen or immobile"),
    *(
        Channel(f"enemy_{t.lower()}", f"identified enemy {t} units known on the hex (count)")
        for t in TYPE_NAMES
    ),
    Channel("enemy_unidentified", "enemy units known on the hex but not identified (count)"),
    Channel("enemy_range", "identified enemy's range steps / its maximum"),
    Channel("enemy_strength", "identified enemy's strength steps / its maximum"),
    Channel("cbr", "1 on a CBR (contaminated) hex"),
)

GLOBALS = (
    *common_globals(SIDES),
    Channel("round", "the round, divided by 20"),
    Channel("current", "1 if it is the side's turn in the round"),
    Channel("first", "1 if the side moves first in the round"),
    Channel("aggressor", "1 if the side is the aggressor"),
    Channel("partisans", "the side's partisans / 10"),
    Channel("own_units", "the side's units on the map / army size"),
    Channel("enemy_known", "enemy units known / army size"),
)


class AggressorPlanes(GridEncoding):
    """AGGRESSOR's encoding (channels: :data:`VIEW_CHANNELS`, globals: :data:`GLOBALS`)."""

    VIEW_CHANNELS = VIEW_CHANNELS
    GLOBALS = GLOBALS

    def fill(self, view: Mapping[str, Any], planes: np.ndarray, glob: np.ndarray) -> None:
        side = view.get("side")
        own = enemy = 0
        for u in (view.get("units") or {}).values():
            h = u.get("hex")
            f = self.flat(h)
            if f is None:
                continue
            t = u.get("type")
            if u.get("side") == side:
                own += 1
                if t in TYPE_NAMES:
                    self.put(planes, f"own_{t.lower()}", h)
                planes[self.ch("own_range"), f] = _frac(u.get("range"), u.get("max_range"))
                planes[self.ch("own_strength"), f] = _frac(u.get("strength"), u.get("max_strength"))
                planes[self.ch("own_moves_left"), f] = _frac(u.get("moves_left"), MOVES_SCALE)
                planes[self.ch("own_emplaced"), f] = bool(u.get("emplaced"))
                planes[self.ch("own_frozen"), f] = bool(u.get("frozen") or u.get("immobile"))
                continue
            enemy += 1
            if not u.get("identified") or t not in TYPE_NAMES:
                self.put(planes, "enemy_unidentified", h)
                continue
            self.put(planes, f"enemy_{t.lower()}", h)
            planes[self.ch("enemy_range"), f] = _frac(u.get("range"), u.get("max_range"))
            planes[self.ch("enemy_strength"), f] = _frac(u.get("strength"), u.get("max_strength"))
        for h in view.get("cbr") or ():
            self.put(planes, "cbr", h)
        self.common_globals(view, glob)
        glob[self.gl("round")] = (view.get("round") or 0) / 20.0
        glob[self.gl("current")] = view.get("current") == side
        glob[self.gl("first")] = view.get("first") == side
        glob[self.gl("aggressor")] = view.get("aggressor") == side
        glob[self.gl("partisans")] = _frac((view.get("partisans") or {}).get(side), 10)
        army = view.get("army_size") or 1
        glob[self.gl("own_units")] = own / army
        glob[self.gl("enemy_known")] = enemy / army


def _frac(v: Any, scale: Any) -> float:
    """``v / scale`` for numbers (0 otherwise)."""
    if isinstance(v, bool) or not isinstance(v, int | float):
        return 0.0
    if isinstance(scale, bool) or not isinstance(scale, int | float) or not scale:
        return 0.0
    return float(v) / float(scale)
