"""The activity chart (digest §10): one row per unit and turn, plus every die roll.

Rows hold the start position, the tasks with codes, targets and AP, the end condition and
location; vehicles give their position relative to the transporter (``T+12``).
"""

from __future__ import annotations

from typing import Any


def unit_position(g, uid: str) -> str | None:
    if uid in g.men:
        m = g.men[uid]
        if m.vehicle:
            return f"{m.vehicle}/{m.seat}"
        return m.hex
    v = g.vehicles[uid]
    h = g.vehicle_hex(v)
    label = g.vehicle_label(v)
    return f"{label} ({h})" if h else f"{label} (off map)"


def snapshot_positions(g) -> dict[str, dict[str, Any]]:
    out = {}
    for uid in list(g.men) + list(g.vehicles):
        d: dict[str, Any] = {"location": unit_position(g, uid)}
        if uid in g.men:
            d["condition"] = g.men[uid].condition
            d["long_gun"] = g.men[uid].long_gun
            d["armed"] = g.men[uid].armed
        else:
            d["condition"] = "moving" if g.vehicles[uid].moving else "stopped"
        out[uid] = d
    return out


def chart_rows(g, turn: int, start: dict, plans: dict, end: dict) -> list[dict[str, Any]]:
    """Activity-chart rows of one resolved turn."""
    rows = []
    for uid in start:
        side = g.men[uid].side if uid in g.men else "defender"
        tasks = []
        ap = "0"
        for sp in plans.values():
            p = sp.men.get(uid) or sp.vehicles.get(uid)
            if p is not None:
                tasks = p.tasks
                ap = str(p.ap) if tasks else "0"  # a plan's ap is the sum of its tasks' ap
        rows.append(
            {
                "turn": turn,
                "unit": uid,
                "side": side,
                "start": start[uid]["location"],
                "tasks": "; ".join(t.label() for t in tasks),
                "codes": " ".join(t.code for t in tasks),
                "targets": " ".join(
                    t.target or (t.path[-1] if t.path else "") for t in tasks
                ).strip(),
                "ap": ap,
                "condition": end[uid]["condition"],
                "location": end[uid]["location"],
                "barrier_points": g.barrier,
            }
        )
    return rows


def to_frame(rows: list[dict[str, Any]]):
    """Rows as a pandas DataFrame (pandas imported lazily)."""
    import pandas as pd

    return pd.DataFrame(rows)
