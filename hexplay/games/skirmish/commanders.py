"""SKIRMISH team play: how each side divides into commands, and what a commander knows.

The report: "additional players could participate by directing various subgroups (e.g.,
individual vehicles or groups of persons in the convoy)".

Division ``"vehicles"`` (the default):

* defender: one command per convoy vehicle, named after it (``T``, ``E1``, ``E2``): the
  vehicle and the men seated in it when the game begins (a man keeps his command when he
  gets out); the convoy commander rides in the transporter (the side's leader).
* adversary: teams of :data:`TEAM_SIZE` men in id order (``team 1``, ``team 2``...); the
  adversary's own vehicles (AMBUSH's getaway car) go to the first team.

Division ``"convoy"``: the defender as above, the adversary undivided (its leader plays it).

Information per commander (SKIRMISH has no radios): a command sees the enemies its own living
men on the map have in sight (:func:`sightings`, the side's sight rule with only its eyes;
the transporter's position is known to everyone, as in the side's view). Reports pass by
word of mouth at once between two commands with men in one vehicle, in one hex, or in sight
of each other (:func:`voice_links`); otherwise they do not reach. A commander's picture shows
its own command's plots and AP only (:func:`trim`).
"""

from __future__ import annotations

from typing import Any

from ...engine.commanders import Commands, Delivery
from .scenario import TRANSPORTER_ID
from .state import ADVERSARY, DEFENDER

TEAM_SIZE = 3
"""Adversary men per team: SKIRMISH's six adversaries make two teams, one per student (the
report's "groups of persons"); a designed value."""


def by_vehicles(g) -> dict[str, dict[str, list[str]]]:
    """Division ``vehicles``: the defender by convoy vehicle, the adversary by teams."""
    defender: dict[str, list[str]] = {}
    for vid, v in g.vehicles.items():
        if g.owner(v) == ADVERSARY:
            continue
        crew = [i for i in v.seats.values() if g.men[i].side == DEFENDER]
        defender[vid] = [vid, *crew]
    seated = {u for us in defender.values() for u in us}
    adv = sorted(i for i, m in g.men.items() if m.side == ADVERSARY)
    teams: dict[str, list[str]] = {}
    for k in range(0, len(adv), TEAM_SIZE):
        teams[f"team {k // TEAM_SIZE + 1}"] = adv[k : k + TEAM_SIZE]
    cars = [vid for vid, v in g.vehicles.items() if g.owner(v) == ADVERSARY]
    if teams and cars:
        first = next(iter(teams))
        teams[first] = [*cars, *teams[first]]
    loose = [i for i, m in g.men.items() if m.side == DEFENDER and i not in seated]
    if loose and defender:  # men on foot when the game begins: with the transporter's crew
        key = TRANSPORTER_ID if TRANSPORTER_ID in defender else next(iter(defender))
        defender[key] += loose
    return {DEFENDER: defender, ADVERSARY: teams}


def by_convoy(g) -> dict[str, dict[str, list[str]]]:
    """Division ``convoy``: the defender by vehicle, the adversary one player (its leader):
    a class's three convoy commanders against one adversary."""
    return {DEFENDER: by_vehicles(g)[DEFENDER], ADVERSARY: {}}


def _eyes(g, units) -> set[str]:
    """Hexes of the living men among ``units`` (on the map)."""
    out = {g.man_hex(g.men[u]) for u in units if u in g.men and g.men[u].alive}
    out.discard(None)
    return out


def sightings(g, side: str, units) -> set[str]:
    """Enemy unit ids the men among ``units`` see now: the side's rule
    (:func:`~hexplay.games.skirmish.views.compute_seen_plain`) with their eyes only."""
    blk = g.blockers()
    sees_any = g.terrain.sees_any
    eyes = _eyes(g, units)
    seen: set[str] = set()
    looked: set[str] = set()
    if eyes:
        for v in g.vehicles.values():
            h = g.vehicle_hex(v)
            if h is not None and g.owner(v) != side and sees_any(eyes, h, blk):
                looked.add(v.id)
    seen |= looked
    if g.route:
        seen.add(TRANSPORTER_ID)  # its position is known to both sides
    for m in g.men.values():
        if m.side == side:
            continue
        if m.vehicle:
            if m.vehicle in looked:
                seen.add(m.id)
        elif eyes and m.hex is not None and sees_any(eyes, m.hex, blk):
            seen.add(m.id)
    return seen


def _vehicles_of(g, units) -> set[str]:
    return {g.men[u].vehicle for u in units if u in g.men and g.men[u].alive} - {None}


def voice_links(g, side: str, groups) -> list[tuple[str, str, Delivery]]:
    """Pairs of commands whose living men share a vehicle or a hex or see each other:
    reports pass between them at once (both ways)."""
    blk = g.blockers()
    sees_any = g.terrain.sees_any
    eyes = {n: _eyes(g, us) for n, us in groups.items()}
    rides = {n: _vehicles_of(g, us) for n, us in groups.items()}
    names = list(groups)
    out: list[tuple[str, str, Delivery]] = []
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            near = bool(rides[a] & rides[b]) or bool(eyes[a] & eyes[b])
            if not near and eyes[a] and eyes[b]:
                near = any(sees_any(eyes[a], h, blk) for h in eyes[b])
            if near:
                out += [(a, b, "now"), (b, a, "now")]
    return out


def links(g, side: str, groups, options) -> list[tuple[str, str, Delivery]]:
    return voice_links(g, side, groups)


def trim(view: dict[str, Any], side: str, units) -> dict[str, Any]:
    """A side's view cut to one command: its own plots and AP left only."""
    out = dict(view)
    plots = out.get("plots")
    if isinstance(plots, dict):
        out["plots"] = {
            s: ({u: p for u, p in ps.items() if u in units} if s == side else ps)
            for s, ps in plots.items()
        }
    if isinstance(out.get("ap_left"), dict):
        out["ap_left"] = {u: a for u, a in out["ap_left"].items() if u in units}
    return out


RULE = (
    "A commander sees what the living men of its command see, and what men of another "
    "command tell it: in the same vehicle, in the same hex or in sight of each other, at once."
)

COMMANDS = Commands(
    divisions={"vehicles": by_vehicles, "convoy": by_convoy},
    default="vehicles",
    information="per_commander",
    sightings=sightings,
    links=links,
    trim=trim,
    rule=RULE,
)
"""SKIRMISH's team-play declaration (its plugin record's ``commands`` part)."""
