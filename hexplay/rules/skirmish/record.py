"""The activity chart (digest §10): one row per unit and turn, plus every die roll.

Rows hold the start position, the tasks with codes, targets and AP, the end condition and
location; vehicles, and men on foot off the map, give their position relative to the
transporter (``T+12``; off the map ``T+23 (off map)``).
"""

from __future__ import annotations

from typing import Any


def unit_position(g, uid: str) -> str | None:
    if uid in g.men:
        return _man_location(g, g.men[uid])
    v = g.vehicles[uid]
    h = g.vehicle_hex(v)
    return f"{g.vehicle_label(v)} ({h})" if h else _off_map(g, v.pos)


def _man_location(g, m) -> str | None:
    """A man's chart location: ``vehicle/seat``, his hex, or his route position off the map."""
    if m.vehicle:
        return f"{m.vehicle}/{m.seat}"
    return m.hex if m.route_pos is None else _off_map(g, m.route_pos)


def _off_map(g, pos: int) -> str:
    """A route position off the map as the chart writes it, men and vehicles alike."""
    return f"{g.route_label(pos)} (off map)"


def snapshot_positions(g) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for uid, m in g.men.items():
        out[uid] = {
            "location": _man_location(g, m),
            "condition": m.condition,
            "long_gun": m.long_gun,
            "armed": m.armed,
        }
    for uid, v in g.vehicles.items():
        if uid in out:  # pragma: no cover - ids are unique across men and vehicles
            continue
        out[uid] = {
            "location": unit_position(g, uid),
            "condition": "moving" if v.moving else "stopped",
        }
    return out


def chart_rows(
    g, turn: int, start: dict, plans: dict, end: dict, barrier: int | None = None
) -> list[dict[str, Any]]:
    """Activity-chart rows of one resolved turn (``barrier``: the points at its end, by
    default the game's now)."""
    rows = []
    men = g.men
    if barrier is None:
        barrier = g.barrier
    plan_of: dict[str, Any] = {}
    for sp in plans.values():  # a later side's plan of a unit wins (as the sides are ordered)
        plan_of.update(sp.men)
        plan_of.update(sp.vehicles)
    for uid in start:
        side = men[uid].side if uid in men else "defender"
        p = plan_of.get(uid)
        tasks = p.tasks if p is not None else ()
        if tasks:
            text = "; ".join(t.label() for t in tasks)
            codes = " ".join(t.code for t in tasks)
            targets = " ".join(t.target or (t.path[-1] if t.path else "") for t in tasks).strip()
            ap = str(p.ap)  # a plan's ap is the sum of its tasks' ap
        else:
            text = codes = targets = ""
            ap = "0"
        rows.append(
            {
                "turn": turn,
                "unit": uid,
                "side": side,
                "start": start[uid]["location"],
                "tasks": text,
                "codes": codes,
                "targets": targets,
                "ap": ap,
                "condition": end[uid]["condition"],
                "location": end[uid]["location"],
                "barrier_points": barrier,
            }
        )
    return rows


def to_frame(rows: list[dict[str, Any]]):
    """Rows as a pandas DataFrame (pandas imported lazily)."""
    import pandas as pd

    return pd.DataFrame(rows)
