"""AGGRESSOR team play: each side divided by the seed's sectors, or by arm.

Divisions (taken when the set-up ends: AGGRESSOR's units are made by their placement):

* ``"sectors"`` (the default): the map's three sector rows (the seed's sectors, 3 x 3; the
  boundaries between rows E/F and J/K) are each side's **left flank**, **centre** and
  **right flank**, as the side faces the enemy (west faces east: its left is the north row;
  east faces west: its left is the south row); a unit is in the flank where it starts.
* ``"arms"``: a unit list by arm: **armour** (Armor), **infantry** (Infantry, Support) and
  **fires** (Artillery, Missile, Airbase).

Information per commander (a designed rule; the seed has one player a side): a command sees
the enemies its own units observe -- found by a unit of its own as it moved, or known from the
side's observation phase and within the observation range of one of its units -- and the
reports of the other commands reach it **at the end of the side's turn** (the headquarters
passes them on): it then shows them where they were when reported.
"""

from __future__ import annotations

from ...engine.commanders import Commands, Delivery
from .observation import PHASE

ROWS = ("north", "middle", "south")
FLANKS = {
    "west": ("left flank", "centre", "right flank"),
    "east": ("right flank", "centre", "left flank"),
}
"""Sector row (north, middle, south) -> command name, per side as it faces the enemy."""
ARMS = {
    "Armor": "armour",
    "Infantry": "infantry",
    "Support": "infantry",
    "Artillery": "fires",
    "Missile": "fires",
    "Airbase": "fires",
}
"""Unit type -> its command in division ``arms``."""
ARM_NAMES = ("armour", "infantry", "fires")


def by_sectors(g) -> dict[str, dict[str, list[str]]]:
    out: dict[str, dict[str, list[str]]] = {s: {} for s in g.sides}
    for side in g.sides:
        names = FLANKS.get(side, ROWS)
        for n in (names[0], names[1], names[2]):
            out[side][n] = []
    for u in g.units.values():
        if u.hex < 0 or u.side not in out:
            continue
        k = g.board.sector[u.hex]
        if k < 0:
            continue
        out[u.side][FLANKS.get(u.side, ROWS)[k // 3]].append(u.id)
    return out  # (every flank, even before the set-up places a unit in it: the table's seats)


def by_arms(g) -> dict[str, dict[str, list[str]]]:
    out: dict[str, dict[str, list[str]]] = {s: dict.fromkeys(ARM_NAMES, []) for s in g.sides}
    for u in g.units.values():
        out[u.side][ARMS[u.type]] = [*out[u.side][ARMS[u.type]], u.id]
    return out


def sightings(g, side: str, units) -> set[str]:
    """The side's view keys (``uid``, or ``?<hex>`` when not identified) of the enemies the
    command's units observe now."""
    own = [g.units[u] for u in units if u in g.units and g.units[u].alive and g.units[u].hex >= 0]
    dist = g.board.dist
    labels = g.board.labels
    out = set()
    for uid, s in g.known[side].items():
        e = g.units[uid]
        if not e.alive:
            continue
        mine = any(f in units for f in s.finders)
        if not mine and PHASE in s.finders:
            mine = any(u.rng > 0 and dist[u.hex][e.hex] <= u.rng for u in own)
        if mine:
            ident = s.identified and e.hex not in g.cbr
            out.add(uid if ident else "?" + labels[e.hex])
    return out


def links(g, side: str, groups, options) -> list[tuple[str, str, Delivery]]:
    """Every command's reports reach every other at the end of the side's turn."""
    return [(a, b, "turn") for a in groups for b in groups if a != b]


RULE = (
    "A commander sees the enemies its own units observe (found as they moved, or at the "
    "observation phase within one of its units' range); the other commands' reports reach it "
    "at the end of the side's turn, as last-known positions."
)

COMMANDS = Commands(
    divisions={"sectors": by_sectors, "arms": by_arms},
    default="sectors",
    information="shared",
    sightings=sightings,
    links=links,
    memory_turns=2,
    rule=RULE,
)
"""AGGRESSOR's team-play declaration (its plugin record's ``commands`` part)."""
