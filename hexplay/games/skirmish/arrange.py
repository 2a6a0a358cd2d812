"""Referee arrangements: put counters where a lesson, a test or a worked example needs them.

An arrangement is a logged command, so arranged games still save, replay and rewind exactly.
"""

from __future__ import annotations

from typing import Any

from ...engine import IllegalOrder
from .scenario import VEHICLE_SEATS
from .views import update_sightings


def arrange(
    g,
    men: dict[str, Any] | None = None,
    vehicles: dict[str, dict[str, Any]] | None = None,
    wounds: dict[str, int] | None = None,
    turn: int | None = None,
    barrier: int | None = None,
) -> None:
    """Move counters (planning phase, no plots yet).

    ``men``: id -> hex label (on foot) or ``[vehicle, seat]``. ``vehicles``: id -> dict with
    any of ``hex`` (on the route) or ``pos`` (route index), ``moving``, ``heading``, ``spares``
    (gun -> count) and ``entered_board`` (else it becomes true once ``pos`` is on the map).
    Every man listed leaves his seat before any is seated, so men may swap seats.
    ``wounds``: id -> 0/1/2. ``turn`` sets the turn number (< the turn limit).
    """
    if g.phase != "planning" or any(g.plots.orders[s] for s in g.plots.orders):
        raise IllegalOrder("arrange", "arrange counters at the start of a planning phase")
    for vid, spec in (vehicles or {}).items():
        v = g.vehicles[vid]
        if "hex" in spec:
            if spec["hex"] not in g.route:
                raise IllegalOrder("arrange", f"{spec['hex']} is not on {g.route_name}")
            v.pos = g.route.index(spec["hex"])
        if "pos" in spec:
            v.pos = int(spec["pos"])
        v.moving = bool(spec.get("moving", v.moving))
        v.heading = int(spec.get("heading", v.heading))
        if "spares" in spec:
            v.spares.update(spec["spares"])
        v.entered_board = bool(spec.get("entered_board", v.entered_board or g.on_board(v.pos)))
    for mid in men or {}:
        m = g.men[mid]
        m.route_pos = None
        if m.vehicle:
            g.vehicles[m.vehicle].seats.pop(m.seat, None)
            m.vehicle = m.seat = None
    for mid, where in (men or {}).items():
        m = g.men[mid]
        if isinstance(where, str):
            if not g.map.contains(where):
                raise IllegalOrder("arrange", f"{where!r} is not on the map")
            m.hex = g.map.label(where)
        else:
            vid, seat = where
            if seat not in VEHICLE_SEATS or seat in g.vehicles[vid].seats:
                raise IllegalOrder("arrange", f"seat {seat} of {vid} is not free")
            g.vehicles[vid].seats[seat] = mid
            m.vehicle, m.seat, m.hex = vid, seat, None
    for mid, w in (wounds or {}).items():
        g.men[mid].wounds = int(w)
    if barrier is not None:
        g.barrier = int(barrier)
    if turn is not None:
        if not 1 <= turn <= g.scenario.turn_limit:
            raise IllegalOrder("arrange", f"turn must be 1..{g.scenario.turn_limit}")
        g.turns.turn = int(turn)
        g.commands.mark_turn(int(turn))
    g.clear_cache()
    update_sightings(g)
