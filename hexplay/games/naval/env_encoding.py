"""The naval game's observation planes (the plugin record's ``env=`` part; see
:mod:`hexplay.env.planes`).

From ``view(side)`` only: the map's planes (sea, land), the side's own ships with facing
(one plane per facing), speed, damage and torpedo reloads; the enemy ships it has spotted,
with what the view shows of them (facing, speed, damage); the hexes within the side's
spotting range of its own ships (what it can observe at the sight phase); globals: turn of
the scenario's turns, victory points and their ratio, ships afloat and sunk.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from hexplay.env.planes import Channel, GridEncoding, common_globals

from .movement import FACINGS
from .ships import AFLOAT, SIDES

SPEED_SCALE = 8.0
"""Speeds are divided by this (above every class's top speed)."""

HITS_SCALE = 10.0
"""Hits (primary plus waterline) are divided by this."""

SHIPS_SCALE = 12.0
"""Ship counts are divided by this (about the largest side of the scenarios)."""

VIEW_CHANNELS = (
    Channel("own_ship", "the side's ships afloat on the hex (count)"),
    *(Channel(f"own_facing_{f}", f"own ships on the hex facing {f} (count)") for f in FACINGS),
    Channel("own_speed", "own ship's speed / 8 (sum on the hex)"),
    Channel("own_top_speed", "own ship's top speed / 8 (sum on the hex)"),
    Channel("own_hits", "own ship's hits (primary + waterline) / 10 (sum)"),
    Channel("own_torpedo_ready", "own ship's torpedo reload figure / 10 (sum)"),
    Channel("enemy_ship", "enemy ships spotted on the hex (count)"),
    *(Channel(f"enemy_facing_{f}", f"spotted enemies facing {f} (count)") for f in FACINGS),
    Channel("enemy_speed", "spotted enemy's speed / 8 (sum on the hex)"),
    Channel("enemy_hits", "spotted enemy's hits / 10 (sum on the hex)"),
    Channel("observed", "1 within the side's spotting range of one of its ships"),
)

GLOBALS = (
    *common_globals(SIDES),
    Channel("turns_left", "turns left / the scenario's turns"),
    Channel("vp_own", "the side's victory points / 20"),
    Channel("vp_enemy", "the other side's victory points / 20"),
    Channel("own_afloat", "own ships afloat / 12"),
    Channel("own_sunk", "own ships sunk / 12"),
    Channel("enemy_sunk", "enemy ships sunk / 12"),
    Channel("enemy_spotted", "enemy ships spotted now / 12"),
    Channel("submitted", "1 if the side has submitted its plot"),
)


class NavalPlanes(GridEncoding):
    """The naval encoding (channels: :data:`VIEW_CHANNELS`, globals: :data:`GLOBALS`)."""

    VIEW_CHANNELS = VIEW_CHANNELS
    GLOBALS = GLOBALS

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        qr = np.asarray(game.map.qr, dtype=np.int64)
        self._q, self._r = qr[:, 0], qr[:, 1]

    def within(self, labels: list[str], rng: int) -> np.ndarray:
        """Flat grid of 1 within ``rng`` hexes of any of ``labels``."""
        out = np.zeros(self.H * self.W, dtype=np.float32)
        near = np.zeros(len(self._q), dtype=bool)
        for h in labels:
            i = self._index.get(h)
            if i is None:
                continue
            dq, dr = self._q - self._q[i], self._r - self._r[i]
            near |= (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2 <= rng
        out[self.flat_of[near]] = 1.0
        return out

    def fill(self, view: Mapping[str, Any], planes: np.ndarray, glob: np.ndarray) -> None:
        side = view.get("side")
        eyes: list[str] = []
        afloat = spotted = 0
        for u in (view.get("units") or {}).values():
            h = u.get("hex")
            f = self.flat(h)
            if f is None or u.get("status", AFLOAT) != AFLOAT:
                continue
            mine = u.get("side") == side
            who = "own" if mine else "enemy"
            planes[self.ch(f"{who}_ship"), f] += 1
            if u.get("facing") in FACINGS:
                planes[self.ch(f"{who}_facing_{u['facing']}"), f] += 1
            planes[self.ch(f"{who}_speed"), f] += _num(u.get("speed")) / SPEED_SCALE
            hits = _num(u.get("p_hits")) + _num(u.get("w_hits"))
            planes[self.ch(f"{who}_hits"), f] += hits / HITS_SCALE
            if mine:
                afloat += 1
                eyes.append(h)
                planes[self.ch("own_top_speed"), f] += _num(u.get("top_speed")) / SPEED_SCALE
                planes[self.ch("own_torpedo_ready"), f] += _num(u.get("torpedo_ready")) / 10.0
            else:
                spotted += 1
        planes[self.ch("observed")] = self.within(eyes, int(_num(view.get("spotting_range"))))
        self.common_globals(view, glob)
        turns = _num(view.get("turns")) or 1.0
        glob[self.gl("turns_left")] = max(0.0, turns - _num(view.get("turn"))) / turns
        vp = view.get("vp") or {}
        other = next((s for s in self.sides if s != side), None)
        glob[self.gl("vp_own")] = _num(vp.get(side)) / 20.0
        glob[self.gl("vp_enemy")] = _num(vp.get(other)) / 20.0
        sunk = view.get("sunk") or {}
        glob[self.gl("own_afloat")] = afloat / SHIPS_SCALE
        glob[self.gl("own_sunk")] = len(sunk.get(side) or ()) / SHIPS_SCALE
        glob[self.gl("enemy_sunk")] = len(sunk.get(other) or ()) / SHIPS_SCALE
        glob[self.gl("enemy_spotted")] = spotted / SHIPS_SCALE
        glob[self.gl("submitted")] = bool((view.get("submitted") or {}).get(side))


def _num(v: Any) -> float:
    if isinstance(v, bool) or not isinstance(v, int | float):
        return 0.0
    return float(v)
