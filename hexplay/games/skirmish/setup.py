"""Set-up (digest §2): route, ambush point, adversary placement, escorts and crews.

The adversary picks the route (unless the scenario fixes it) and the ambush hex on it, where
the transporter is stopped, and places his men anywhere on the map (on foot). The convoy player
places the escorts within ``escort_max_distance`` hexes ahead of (+) or behind (-) the
transporter along the route, possibly off the map, and seats the guards. Defaults (scenario
offsets and crews) are applied as soon as the ambush hex is known, so the convoy player may
just submit.

Decisions: vehicles start on distinct route positions; escorts start moving in the convoy's
direction (increasing route index) when ``escorts_moving`` (the digest's "moving in the same
direction as the convoy"); a route must be a chain of adjacent hexes joined by road hexsides.
"""

from __future__ import annotations

import re

import numpy as np

from ...engine import IllegalOrder
from .scenario import TRANSPORTER_ID, VEHICLE_SEATS
from .state import ADVERSARY, DEFENDER

_OFFSET = re.compile(r"T([+-][0-9]+)", re.ASCII)
"""An escort offset exactly as the activity chart writes it: ``T+12``, ``T-5`` (ASCII)."""


def route_hexes(g, name: str) -> tuple[str, ...]:
    """The hexes of route ``name``: equals :func:`_route_hexes`, kept in the map's bounded memo
    (:meth:`~.terrain.Terrain.remember`)."""
    key = ("route", name, tuple(g.map.places.get(name, ())))
    got = g.terrain.memo.get(key)
    if got is None:
        got = _route_hexes(g, name)
        g.terrain.remember(key, got)
    return got


def _route_hexes(g, name: str) -> tuple[str, ...]:
    if name not in g.map.places:
        raise IllegalOrder(
            "§2 route", f"map {g.map.name!r} has no route {name!r}; it has {sorted(g.map.places)}"
        )
    hexes = g.map.places[name]
    for a, b in zip(hexes, hexes[1:]):
        if g.map.distance(a, b) != 1:
            raise IllegalOrder(
                "§2 route",
                f"{name} is not a chain of adjacent hexes at {g.map.label(a)}/{g.map.label(b)}",
            )
    return tuple(g.map.label(h) for h in hexes)


def choose_route(g, name: str) -> None:
    if g.scenario.route is not None and name != g.scenario.route:
        raise IllegalOrder("scenario", f"the scenario fixes the route: {g.scenario.route}")
    if g.ambush is not None:
        raise IllegalOrder("§2 set-up", "the ambush point is placed; the route is fixed")
    g.route = route_hexes(g, name)
    g.route_name = name


def place_ambush(g, hex_label: str) -> None:
    if not g.route:
        raise IllegalOrder("§2 set-up", "choose a route first")
    if g.scenario.ambush is not None and hex_label != g.scenario.ambush:
        raise IllegalOrder("scenario", f"the scenario fixes the ambush hex: {g.scenario.ambush}")
    if hex_label not in g.route:
        raise IllegalOrder("§2 ambush", f"{hex_label} is not on {g.route_name}")
    g.ambush = hex_label
    g.transporter.pos = g.route.index(hex_label)
    g.transporter.moving = False
    for e in g.scenario.escorts:
        off = g.scenario.escort_offsets.get(e, 0)
        v = g.vehicles[e]
        v.pos = g.transporter.pos + (off or 1)
        v.heading = 1
        v.moving = g.scenario.escorts_moving
    crews = g.scenario.crew_plan()
    for v in g.vehicles.values():
        v.seats.clear()
    for gid, (vid, seat) in crews.items():
        m = g.men[gid]
        g.vehicles[vid].seats[seat] = gid
        m.vehicle, m.seat, m.hex = vid, seat, None
    for v in g.vehicles.values():
        v.entered_board = g.on_board(v.pos)


def parse_offset(g, where) -> int:
    if isinstance(where, int) and not isinstance(where, bool):
        return where
    if type(where) is not str:
        raise IllegalOrder("§2 escorts", f"{where!r}: give an offset like 'T+12' / -5")
    s = where
    m = _OFFSET.fullmatch(s)
    if m:
        return int(m.group(1))
    if s in g.route:
        return g.route.index(s) - g.transporter.pos
    raise IllegalOrder(
        "§2 escorts", f"{where!r}: give an offset like 'T+12' / -5 or a hex on {g.route_name}"
    )


def place(g, side: str, unit_id: str, where, seat: str | None = None) -> None:
    """Place one unit (set-up phase); validates everything, changes nothing on error."""
    if unit_id in g.men:
        m = g.men[unit_id]
        if m.side != side:
            raise IllegalOrder("§2 set-up", f"{unit_id} is not a {side} unit")
        if side == ADVERSARY:
            if type(where) is not str or where not in g.terrain.index:
                raise IllegalOrder(
                    "§2 set-up", f"{where!r} is not a hex label of map {g.map.name!r}"
                )
            m.hex = where
            return
        if g.ambush is None:
            raise IllegalOrder("§2 set-up", "the ambush point is not placed yet")
        v = g.vehicles.get(where) if type(where) is str else None
        if v is None:
            raise IllegalOrder("§2 crews", f"guards start in vehicles: {where!r} is not one")
        s = seat or next(
            (x for x in VEHICLE_SEATS if x not in v.seats or v.seats[x] == unit_id), None
        )
        if s not in VEHICLE_SEATS:
            raise IllegalOrder("§2 crews", f"no free seat in {v.id} (seats {VEHICLE_SEATS})")
        if v.seats.get(s, unit_id) != unit_id:
            raise IllegalOrder("§2 crews", f"seat {s} of {v.id} is taken by {v.seats[s]}")
        if m.vehicle:
            g.vehicles[m.vehicle].seats.pop(m.seat, None)
        v.seats[s] = unit_id
        m.vehicle, m.seat, m.hex = v.id, s, None
        return
    if unit_id in g.vehicles:
        if side != DEFENDER:
            raise IllegalOrder("§2 set-up", "the convoy player places the vehicles")
        if unit_id == TRANSPORTER_ID:
            raise IllegalOrder("§2 ambush", "the transporter stands on the ambush hex")
        if g.ambush is None:
            raise IllegalOrder("§2 set-up", "the ambush point is not placed yet")
        off = parse_offset(g, where)
        lim = g.scenario.escort_max_distance
        if off == 0 or abs(off) > lim:
            raise IllegalOrder(
                "§2 escorts",
                f"escorts start 1..{lim} hexes ahead of or behind the transporter, not T{off:+d}",
            )
        pos = g.transporter.pos + off
        if any(v.pos == pos for k, v in g.vehicles.items() if k != unit_id):
            raise IllegalOrder("§2 escorts", f"another vehicle is at T{off:+d}")
        v = g.vehicles[unit_id]
        v.pos = pos
        v.entered_board = g.on_board(pos)
        return
    raise IllegalOrder("§2 set-up", f"no unit {unit_id!r}")


def check_setup_done(g, side: str) -> None:
    if side == ADVERSARY:
        if g.ambush is None:
            raise IllegalOrder("§2 set-up", "choose the route and the ambush hex first")
        missing = [m.id for m in g.men.values() if m.side == ADVERSARY and m.hex is None]
        if missing:
            raise IllegalOrder("§2 set-up", f"place every adversary: {missing} not placed")
    else:
        if g.ambush is None:
            raise IllegalOrder("§2 set-up", "wait for the ambush point")
        missing = [m.id for m in g.men.values() if m.side == DEFENDER and m.vehicle is None]
        if missing:
            raise IllegalOrder("§2 crews", f"seat every guard: {missing}")
        for v in g.vehicles.values():
            if v.moving and v.seats and g.driver(v) is None:
                # decision: a crewed escort that starts moving needs a driver, else no plot
                # could ever stop or move it (SV/MV need one: check_complete) and the game
                # could not go on (an empty escort is nobody's to plot)
                raise IllegalOrder("§2 crews", f"{v.id} starts moving: seat a driver (D) in it")


def default_adversary_hexes(g, rng: np.random.Generator, n: int) -> list[str]:
    """Random hexes 2..5 from the ambush hex that see it, preferring woods (sight judged
    with the vehicles the adversary may know of: the escorts are placed in secret)."""
    cands = adversary_candidates(g, g.ambush, g.known_blockers(ADVERSARY))
    woods = [c for p, c in cands if p == 0] or [c for _p, c in cands]
    pool = woods if len(woods) >= n else [c for _p, c in cands]
    idx = rng.choice(len(pool), size=n, replace=len(pool) < n)
    return [pool[int(i)] for i in idx]


def adversary_candidates(g, amb: str, blk: frozenset[int]) -> tuple[tuple[int, str], ...]:
    """:func:`adversary_candidates_plain`, kept in the map's bounded memo (a pure function of
    the map, the ambush hex and these vehicles' hexes)."""
    key = ("adversary_hexes", amb, blk)
    cands = g.terrain.memo.get(key)
    if cands is None:
        cands = adversary_candidates_plain(g, amb, blk)
        g.terrain.remember(key, cands)
    return cands


def adversary_candidates_plain(g, amb: str, blk: frozenset[int]) -> tuple[tuple[int, str], ...]:
    """Sorted ``(0 if woods else 1, label)`` of the hexes 2..5 from ``amb`` that see it with
    vehicles on ``blk``; if none does, every hex 1..6 from it (all ``0``)."""
    labels = g.terrain.labels
    dist = g.terrain.distances_from(amb)
    ring = np.flatnonzero((dist >= 2) & (dist <= 5))
    cands = [
        (0 if g.terrain.terrain(labels[i]) == "trees" else 1, labels[i])
        for i in ring[g.terrain.seen_from(ring, amb, blk)].tolist()
    ]
    if not cands:
        cands = [(0, labels[i]) for i in np.flatnonzero((dist >= 1) & (dist <= 6)).tolist()]
    return tuple(sorted(cands))


def auto_setup(g, side: str, rng: np.random.Generator) -> None:
    """Fill in every unplaced choice of ``side`` with defaults (through :func:`place`)."""
    if side == ADVERSARY:
        if not g.route:
            names = (
                [g.scenario.route]
                if g.scenario.route
                else sorted(k for k in g.map.places if k.lower().startswith("route"))
                or sorted(g.map.places)
            )
            g.choose_route(names[int(rng.integers(len(names)))])
        if g.ambush is None:
            if g.scenario.ambush:
                g.place_ambush(g.scenario.ambush)
            else:
                n = len(g.route)
                lo, hi = n // 4, max(n // 4 + 1, 3 * n // 4)
                g.place_ambush(g.route[int(rng.integers(lo, hi))])
        todo = [m for m in g.men.values() if m.side == ADVERSARY and m.hex is None]
        fixed = g.scenario.adversary_start
        hexes = default_adversary_hexes(g, rng, len(todo)) if todo else []
        for m, h in zip(todo, hexes):
            g.place(m.id, fixed.get(m.id, h), side=ADVERSARY)
    else:
        if g.ambush is None:
            raise IllegalOrder("§2 set-up", "wait for the ambush point")
        crews = None
        for m in g.men.values():
            if m.side == DEFENDER and m.vehicle is None:
                if crews is None:
                    crews = g.scenario.crew_plan()
                vid, seat = crews[m.id]
                g.place(m.id, vid, seat=seat, side=DEFENDER)
