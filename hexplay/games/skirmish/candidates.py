"""Candidate tasks a unit could add to its plot now (for menus, the legal orders and computer
players): tried by the rules before they are offered."""

from __future__ import annotations

from collections.abc import Iterator

from .tasks import Task


def candidate_tasks(g, side: str, uid: str, plan=None) -> Iterator[Task]:
    """Tasks worth trying after the unit's current plot (not yet validated)."""
    if uid in g.vehicles:
        yield from (Task("AV"), Task("SV"), Task("TV"))
        for n in (1, 6, 12, 24, 36):
            yield Task("MV", hexes=n)
        return
    m = g.men[uid]
    for e in sorted(g.seen.get(side, ())):
        if e in g.men and g.men[e].alive:
            yield Task("DF", e)
    pos = plan.end_hex if plan is not None else (None if m.vehicle else m.hex)
    rpos = plan.end_route_pos if plan is not None else (None if m.vehicle else m.route_pos)
    in_vehicle = (
        (plan.enters is not None or (m.vehicle and not plan.exits)) if plan else bool(m.vehicle)
    )
    if in_vehicle:
        yield Task("EV")
        yield Task("EP")
        if m.vehicle:
            yield Task("WE", m.vehicle)
    elif pos is not None:
        for n in g.terrain.neighbors[pos]:
            yield Task("MP", path=(n,))
        for v in g.vehicles.values():
            if g.vehicle_hex(v) == pos:
                yield Task("EV", v.id)
                yield Task("WE", v.id)
        for o in g.men.values():
            if o.side == side and o.id != uid and not o.fit:
                yield Task("WE", o.id)
    elif rpos is not None:  # on foot off the map: a route step toward the board, or get in
        yield Task("MP", hexes=1)
        for v in g.vehicles.values():
            if v.pos == rpos:
                yield Task("EV", v.id)
    yield Task("BW")
    yield Task("RA")
