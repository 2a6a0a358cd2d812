"""Victory points and the level of victory by the ratio IJN/USN (the source's scenario 11)."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from .ships import IJN, SUNK, USN, Ship


def ship_state(s: Ship, at_end: bool, ijn_diw_counts_sunk: bool) -> str | None:
    """The ship's worst scoring state: ``"sunk"``, ``"diw"``, ``"p"`` or None."""
    if s.status == SUNK:
        return "sunk"
    if s.dead_in_water:
        if at_end and ijn_diw_counts_sunk and s.side == IJN:
            return "sunk"
        return "diw"
    if s.p_hits:
        return "p"
    return None


def victory_points(ships: Iterable[Ship], sc: Any, at_end: bool) -> dict[str, Any]:
    """Points per side: each enemy ship by its worst state (scenario schedule), the IJN's
    starting points and the (t) destroyers' troop points."""
    vp = {IJN: sc.ijn_start_points, USN: 0}
    detail: list[dict[str, Any]] = []
    for s in ships:
        st = ship_state(s, at_end, sc.ijn_diw_counts_sunk)
        scorer = USN if s.side == IJN else IJN
        if st is not None:
            pts = sc.points[s.klass.type][st]
            vp[scorer] += pts
            detail.append({"ship": s.id, "state": st, "to": scorer, "points": pts})
        if s.troops:
            if st == "sunk":
                vp[USN] += sc.troop_point
                detail.append(
                    {"ship": s.id, "state": "troops lost", "to": USN, "points": sc.troop_point}
                )
            elif s.status == "exited" and s.hits == 0:
                vp[IJN] += sc.troop_point
                detail.append(
                    {"ship": s.id, "state": "troops landed", "to": IJN, "points": sc.troop_point}
                )
    return {"vp": vp, "detail": detail}


def ratio(ijn: int, usn: int) -> float | None:
    """IJN/USN as a number, or None while the USN has no point (unbounded or 0/0)."""
    return None if usn == 0 else ijn / usn


def level(ijn: int, usn: int, levels: Iterable[tuple[float, str]]) -> str:
    """The level of victory by IJN/USN. Neither side scoring is a draw; USN 0 against IJN
    points is above every bound (IJN major)."""
    table = sorted(levels, key=lambda x: -x[0])
    if usn == 0:
        return "Draw" if ijn == 0 else table[0][1]
    r = Fraction(ijn, usn)
    for bound, name in table:
        if r >= Fraction(str(bound)):
            return name
    return table[-1][1]


_LEVELS: dict[tuple, str] = {}


def level_memo(ijn: int, usn: int, levels: Iterable[tuple[float, str]]) -> str:
    """Equal to :func:`level` (memoized by the points and the table: it depends on nothing
    else)."""
    key = (ijn, usn, tuple(tuple(x) for x in levels))
    hit = _LEVELS.get(key)
    if hit is None:
        hit = _LEVELS[key] = level(ijn, usn, key[2])
    return hit


def winner_of(level_name: str) -> str | None:
    if level_name.startswith("IJN"):
        return IJN
    if level_name.startswith("USN"):
        return USN
    return None
