"""Naval team play: each side divided into divisions of ships.

Division ``"divisions"`` (the default): the scenario's ships in listing order, consecutive
ships of one type in divisions of at most :data:`DIVISION_SIZE` (the navies' four-destroyer
divisions): Kula Gulf's USN is ``DD 1`` (the van destroyers), ``CL 1`` (the cruiser column),
``DD 2`` (the rear destroyers). Division ``"types"``: one command per ship type.

Information per commander (a designed rule; the article has one player a side): a division
sees the enemy ships its side has spotted that are within the scenario's spotting range of one
of its own ships afloat; the other divisions' sightings reach it **at the end of the turn**
(by TBS, the flagship relaying), shown where they were when reported.
"""

from __future__ import annotations

from ...engine.commanders import Commands, Delivery

DIVISION_SIZE = 4
"""Most ships in one division (a destroyer division of the period had four)."""


def by_divisions(g) -> dict[str, dict[str, list[str]]]:
    out: dict[str, dict[str, list[str]]] = {s: {} for s in g.sides}
    count: dict[tuple[str, str], int] = {}
    last: dict[str, str] = {}
    for s in g.ships.values():
        cur = last.get(s.side)
        if (
            cur is not None
            and cur.startswith(s.klass.type + " ")
            and len(out[s.side][cur]) < DIVISION_SIZE
        ):
            out[s.side][cur].append(s.id)
            continue
        k = count[(s.side, s.klass.type)] = count.get((s.side, s.klass.type), 0) + 1
        name = f"{s.klass.type} {k}"
        out[s.side][name] = [s.id]
        last[s.side] = name
    return out


def by_types(g) -> dict[str, dict[str, list[str]]]:
    out: dict[str, dict[str, list[str]]] = {s: {} for s in g.sides}
    for s in g.ships.values():
        out[s.side].setdefault(s.klass.type, []).append(s.id)
    return out


def _dist(a, b) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def sightings(g, side: str, units) -> set[str]:
    """Enemy ships the side knows now within spotting range of one of the division's ships."""
    own = [g.ships[u] for u in units if u in g.ships and g.ships[u].afloat]
    eyes = [s.hex for s in own if s.hex is not None]
    rng = g.scenario.spotting_range
    out = set()
    for eid in g.known_enemies(side):
        e = g.ships[eid]
        if e.hex is not None and any(_dist(h, e.hex) <= rng for h in eyes):
            out.add(eid)
    return out


def links(g, side: str, groups, options) -> list[tuple[str, str, Delivery]]:
    """Every division's sightings reach every other at the end of the turn."""
    return [(a, b, "turn") for a in groups for b in groups if a != b]


def trim(view: dict, side: str, units) -> dict:
    """The view cut to one division: its own ships' plots; targets it knows of."""
    out = dict(view)
    plots = out.get("plots")
    if isinstance(plots, dict) and side in plots:
        out["plots"] = {**plots, side: {k: p for k, p in plots[side].items() if k in units}}
    known = set(out.get("units", {}))
    t = out.get("targets")
    if isinstance(t, dict):
        out["targets"] = {k: [x for x in v if x in known] for k, v in t.items()}
    return out


RULE = (
    "A division sees the enemy ships its side has spotted within spotting range of its own "
    "ships; the other divisions' sightings reach it at the end of the turn, as last-known "
    "positions."
)

COMMANDS = Commands(
    divisions={"divisions": by_divisions, "types": by_types},
    default="divisions",
    information="shared",
    sightings=sightings,
    links=links,
    trim=trim,
    memory_turns=2,
    rule=RULE,
)
"""The naval game's team-play declaration (its plugin record's ``commands`` part)."""
