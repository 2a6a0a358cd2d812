"""The activity chart (digest §10): one row per unit and turn, plus every die roll.

Rows hold the start position, the tasks with codes, targets and AP, the end condition and
location; vehicles, and men on foot off the map, give their position relative to the
transporter (``T+12``; off the map ``T+23 (off map)``).
"""

from __future__ import annotations

from typing import Any

from .scenario import TRANSPORTER_ID
from .units import FIT, KILLED, WOUNDED


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
    """Every unit's chart location and condition now (the plain version of
    :func:`position_facts` with :func:`positions_from_facts`)."""
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


def position_facts(g) -> tuple:
    """What :func:`snapshot_positions` reads of the state now, as plain tuples: the game takes
    them at the start and end of every turn and makes the chart's text only when the chart is
    read. ``positions_from_facts(g, position_facts(g)) == snapshot_positions(g)`` (the route
    and the ids never change once play has begun)."""
    return (
        g.transporter.pos,
        [
            (m.vehicle, m.seat, m.hex, m.route_pos, m.wounds, m.long_gun, m.armed)
            for m in g.men.values()
        ],
        [(v.pos, v.moving) for v in g.vehicles.values()],
    )


def positions_from_facts(g, facts: tuple) -> dict[str, dict[str, Any]]:
    """:func:`snapshot_positions` of the moment :func:`position_facts` were taken."""
    tpos, men, vehs = facts
    route = g.route

    def rel(pos: int) -> str:  # (SkirmishState.route_label, the transporter then at tpos)
        d = pos - tpos
        return "T" if d == 0 else f"T{d:+d}"

    out: dict[str, dict[str, Any]] = {}
    for uid, (veh, seat, hx, rpos, wounds, gun, armed) in zip(g.men, men, strict=True):
        loc = f"{veh}/{seat}" if veh else hx if rpos is None else f"{rel(rpos)} (off map)"
        cond = KILLED if wounds >= 2 else WOUNDED if wounds == 1 else FIT  # (Man.condition)
        out[uid] = {"location": loc, "condition": cond, "long_gun": gun, "armed": armed}
    for uid, (pos, moving) in zip(g.vehicles, vehs, strict=True):
        if uid in out:  # pragma: no cover - ids are unique across men and vehicles
            continue
        h = route[pos] if 0 <= pos < len(route) else None
        if h:
            loc = f"{'T' if uid == TRANSPORTER_ID else rel(pos)} ({h})"
        else:
            loc = f"{rel(pos)} (off map)"
        out[uid] = {"location": loc, "condition": "moving" if moving else "stopped"}
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
