"""Generate AMBUSH's nine bundled maps (3 map types x 3 terrain densities), seeded.

    PYTHONPATH=. python scripts/make_ambush_maps.py          # writes hexplay/maps/data/ambush_*.txt
    PYTHONPATH=. python scripts/make_ambush_maps.py --check  # exit 1 if a file would change

The text files it writes are the source of the maps (edit them by hand if you like; the tests
check what they must hold); this script says how they were made and makes them again.

Every map is 36 columns x 60 rows of 25 m hexes (900 m x 1.5 km), CCRR labels, SKIRMISH's
layout, and holds:

* ``road Route 1``: the convoy route, a winding road from the north edge to the south edge of
  more than 100 hexes (the report's sample game puts escorts 40 hexes ahead of and behind the
  transporter: 81 hexes of road with room to spare), and ``road Lane``, a side road from the
  route to the east or west edge (a getaway for an adversary vehicle);
* ``place exits``: the hexes where the roads leave the map;
* ``place ambush points``: route hexes with cover near the road (on the medium map; the same
  hexes at every density) and at least 41 hexes of route on either side; ``place sample ambush
  point``: the one nearest the route's middle;
* the AMBUSH terrain types of ``hexplay/games/ambush/data/terrain.toml`` and a ``sight:``
  section equal to their line-of-sight model.

The map types (NUREG/CR-1255: "flat, rolling hills, and forested, mountainous terrain"):

* farmland: flat fields with hedgerows (brush), woodlots, orchards and farms (buildings), a
  river across the map with a bridge where each road crosses it; no slope hexsides.
* hills: rolling hills (elevation from smooth random bumps; slope hexsides where neighbours
  differ by two or more contour steps) with copses, scrub and a few farms; two ponds.
* mountains: forest with clearings, rock outcrops on the heights, steep slopes, a river in the
  valley with bridges and a hamlet.

Density (sparse / medium / dense) sets the share of each cover type (the table ``COVER``,
chosen so each density has clearly more cover than the one below) and, through the terrain
table, the movement rates.  The random layout of a map type is the same at every density
(one seed per map type), so the three densities of a map differ only in how much cover grows.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import sys
from pathlib import Path

import numpy as np

from hexplay.games.skirmish.terrain_effects import DENSITIES, ambush_terrain, ambush_terrain_types
from hexplay.hexgrid import DIRECTIONS, Hex, OffsetLayout, distance, hexside_between, line
from hexplay.maps import BlockingModel, Map, read_map_text, write_map_text

COLS, ROWS = 36, 60
"""Map size: large enough for a >100-hex winding route, small enough to stay fast."""
SEEDS = {"farmland": 1255, "hills": 1980, "mountains": 8266}
"""One seed per map type (the report's number, its year, the SLL division that filed it)."""
ROUTE = "Route 1"
LANE = "Lane"
MIN_ROUTE_HEXES = 100
ESCORT_GAP = 41
"""Route hexes an ambush point keeps on either side: escorts 40 hexes ahead and behind."""

# Share of the map's land covered by each type, per density (the rest is open ground).
# fmt: off
COVER: dict[str, dict[str, dict[str, float]]] = {
    "farmland": {
        "sparse": {"trees": 0.05, "brush": 0.04, "orchard": 0.02},
        "medium": {"trees": 0.10, "brush": 0.09, "orchard": 0.04},
        "dense":  {"trees": 0.17, "brush": 0.15, "orchard": 0.06},
    },
    "hills": {
        "sparse": {"trees": 0.10, "brush": 0.06},
        "medium": {"trees": 0.20, "brush": 0.10},
        "dense":  {"trees": 0.32, "brush": 0.14},
    },
    "mountains": {
        "sparse": {"trees": 0.38, "rocks": 0.05, "brush": 0.05},
        "medium": {"trees": 0.52, "rocks": 0.07, "brush": 0.07},
        "dense":  {"trees": 0.66, "rocks": 0.09, "brush": 0.08},
    },
}
# fmt: on
FARMS = {"farmland": 6, "hills": 3, "mountains": 1}
"""Farms (clusters of 2-3 building hexes by a road) per map type; the same at every density."""
RELIEF = {"farmland": 0.0, "hills": 14.0, "mountains": 24.0}
"""Height of the random relief in contour steps (0: flat)."""
DESCRIPTIONS = {
    "farmland": "Flat farmland: fields and hedgerows, woodlots, orchards, farms, a river.",
    "hills": "Rolling hills: open slopes, copses and scrub, a few farms, two ponds.",
    "mountains": "Forested mountains: forest and clearings, rocks, steep slopes, a river.",
}

LAYOUT = OffsetLayout(COLS, ROWS)
HEXES = LAYOUT.hexes()
INDEX = {h: i for i, h in enumerate(HEXES)}


def _xy(h: Hex) -> tuple[float, float]:
    """Pixel centre of a flat-topped hex (unit size)."""
    return 1.5 * h.q, math.sqrt(3) * (h.r + h.q / 2)


XY = np.array([_xy(h) for h in HEXES])


def neighbours(h: Hex) -> list[Hex]:
    return [n for d in DIRECTIONS if (n := Hex(h.q + d.q, h.r + d.r)) in INDEX]


def smooth_field(rng: np.random.Generator, bumps: int, width: float) -> np.ndarray:
    """A smooth random field over the hexes: a sum of Gaussian bumps of random sign."""
    f = np.zeros(len(HEXES))
    lo, hi = XY.min(axis=0), XY.max(axis=0)
    for _ in range(bumps):
        c = rng.uniform(lo, hi)
        w = width * rng.uniform(0.6, 1.4)
        f += rng.choice([-1.0, 1.0]) * np.exp(-((XY - c) ** 2).sum(axis=1) / (2 * w * w))
    return f


def hedgerows(rng: np.random.Generator, field: int = 6) -> np.ndarray:
    """High along the edges of a grid of fields ``field`` hexes square (shifted at random):
    minus each hex's distance, in columns or rows, to the nearest field edge.  In columns and
    rows, so that a hedge along a row is a connected line of hexes."""
    off = rng.integers(0, field, size=2)
    cr = np.array([LAYOUT.to_offset(h) for h in HEXES]) + off
    d = np.minimum(cr % field, field - cr % field)
    return -d.min(axis=1).astype(float)


def path_through(points: list[tuple[int, int]]) -> list[Hex]:
    """A road through (col, row) waypoints: straight hex lines between them."""
    hexes = [LAYOUT.to_hex(c, r) for c, r in points]
    out: list[Hex] = [hexes[0]]
    for a, b in zip(hexes, hexes[1:]):
        out += line(a, b)[1:]
    assert len(set(out)) == len(out), "the road crosses itself"
    return out


def make_route(rng: np.random.Generator) -> list[Hex]:
    """Route 1: north edge to south edge, swinging across the map every ~12 rows."""
    west, east = 6, COLS - 5
    col = int(rng.integers(west, east))
    points = [(col, 1)]
    row, side = 1, int(rng.integers(2))
    while row < ROWS:
        row = min(ROWS, row + int(rng.integers(11, 14)))
        target = (west if side else east) + int(rng.integers(-2, 3))
        side ^= 1
        points.append((max(2, min(COLS - 1, target)), row))
    route = path_through(points)
    assert len(route) >= MIN_ROUTE_HEXES, len(route)
    return route


def make_lane(rng: np.random.Generator, route: list[Hex]) -> list[Hex]:
    """Lane: from a route hex in the middle third to the farther east or west edge, leaving
    the route at its first hex and never touching it again."""
    on_route = set(route)
    for _ in range(200):
        start = route[int(rng.integers(len(route) // 3, 2 * len(route) // 3))]
        col, row = LAYOUT.to_offset(start)
        edge = 1 if col > COLS // 2 else COLS
        end_row = max(1, min(ROWS, row + int(rng.integers(-6, 7))))
        lane = line(start, LAYOUT.to_hex(edge, end_row))
        if not on_route.intersection(lane[1:]):
            return lane
    raise AssertionError("no lane found")


def make_river(rng: np.random.Generator, row: int) -> list[Hex]:
    """A river from the west edge to the east edge, meandering about ``row``."""
    pts = [(1, row)]
    for col in range(7, COLS, 6):
        pts.append((col, max(3, min(ROWS - 2, row + int(rng.integers(-3, 4))))))
    pts.append((COLS, row + int(rng.integers(-2, 3))))
    return path_through(pts)


def blob(h: Hex, rng: np.random.Generator, size: int) -> list[Hex]:
    """``size`` connected hexes grown from ``h``."""
    out = [h]
    while len(out) < size:
        nb = [n for n in neighbours(out[int(rng.integers(len(out)))]) if n not in out]
        if nb:
            out.append(nb[int(rng.integers(len(nb)))])
    return out


def build(kind: str, density: str, points: tuple[Hex, ...] | None = None) -> Map:
    """The map ``kind`` at ``density``; ``points``: its ambush points (default: chosen on this
    map's own cover; :func:`render` passes the medium map's, so all three densities share them)."""
    rng = np.random.default_rng(SEEDS[kind])
    route = make_route(rng)
    lane = make_lane(rng, route)
    roads = set(route) | set(lane)
    n = len(HEXES)
    terrain = np.array(["open"] * n, dtype=object)

    # relief (same draw at every density)
    relief = smooth_field(rng, 14, 5.0)
    relief = (relief - relief.min()) / max(1e-9, np.ptp(relief))
    elevation = np.rint(1 + RELIEF[kind] * relief).astype(int)
    if kind == "mountains":  # the road runs along the valley: carve it down
        ri = np.array([INDEX[h] for h in route])
        d = np.sqrt(((XY[:, None, :] - XY[ri][None, :, :]) ** 2).sum(axis=2)).min(axis=1)
        elevation = np.minimum(elevation, np.rint(1 + 0.6 * d).astype(int))

    # water
    water: set[Hex] = set()
    if kind in ("farmland", "mountains"):
        water |= set(make_river(rng, int(rng.integers(ROWS // 2 - 6, ROWS // 2 + 6))))
        for h in water:
            elevation[INDEX[h]] = min(elevation[INDEX[h]], 1)
    else:  # two ponds away from the roads
        for _ in range(2):
            while True:
                h = HEXES[int(rng.integers(n))]
                pond = blob(h, rng, int(rng.integers(5, 9)))
                if not any(p in roads or any(q in roads for q in neighbours(p)) for p in pond):
                    break
            water |= set(pond)

    # farms: 2-3 building hexes next to a road (not on it), away from water
    farms: set[Hex] = set()
    road_list = route + lane[1:]
    for _ in range(FARMS[kind]):
        while True:
            h = road_list[int(rng.integers(len(road_list)))]
            cands = [x for x in neighbours(h) if x not in roads and x not in water]
            if not cands:
                continue
            farm = [x for x in blob(cands[0], rng, int(rng.integers(2, 4))) if x not in roads]
            if not any(x in water for x in farm):
                farms |= set(farm)
                break

    # cover: one smooth field per type (drawn once: the same layout at every density),
    # thresholded so each type covers its share of the free land
    order = sorted(COVER[kind]["dense"], key=lambda t: -COVER[kind]["dense"][t])
    fields = {t: smooth_field(rng, 40, 2.2) + 0.15 * rng.standard_normal(n) for t in order}
    if kind == "mountains":  # rocks grow on the heights, trees below them
        fields["rocks"] += 2.0 * relief
    if kind == "hills":  # copses on the hilltops and steep sides
        fields["trees"] += 0.8 * relief
    if kind == "farmland":  # brush grows as hedgerows along field edges (with gaps)
        fields["brush"] = hedgerows(rng) + 0.6 * smooth_field(rng, 40, 2.2)
    taken = np.zeros(n, dtype=bool)
    for h in water | farms:
        taken[INDEX[h]] = True
    land = int((~taken).sum())
    for t in order:
        share = COVER[kind][density][t]
        free = np.flatnonzero(~taken)
        k = int(round(share * land))
        pick = free[np.argsort(-fields[t][free], kind="stable")[:k]]
        terrain[pick] = t
        taken[pick] = True
    for h in farms:
        terrain[INDEX[h]] = "buildings"
    for h in water:
        terrain[INDEX[h]] = "water"
    for h in roads:  # a road over water is a bridge; roads run through woods and fields
        if terrain[INDEX[h]] == "water":
            terrain[INDEX[h]] = "bridge"

    # slope hexsides: neighbours two or more contour steps apart, except along a road (graded)
    road_sides = {hexside_between(a, b) for p in (route, lane) for a, b in zip(p, p[1:])}
    slope = set()
    for i, h in enumerate(HEXES):
        for x in neighbours(h):
            s = hexside_between(h, x)
            if abs(int(elevation[i]) - int(elevation[INDEX[x]])) >= 2 and s not in road_sides:
                slope.add(s)

    names = tuple(t for t in ambush_terrain_types() if t in set(terrain))
    grid = np.array([names.index(t) for t in terrain]).reshape(COLS, ROWS)
    exits = [p[-1] for p in (route, lane)] + [route[0]]
    amb = list(points) if points is not None else ambush_points(route, terrain)
    places = {
        ROUTE: tuple(route),
        LANE: tuple(lane),
        "exits": tuple(exits),
        "ambush points": tuple(amb),
        "sample ambush point": (min(amb, key=lambda h: abs(route.index(h) - len(route) // 2)),),
    }
    return Map(
        name=f"ambush_{kind}_{density}",
        layout=LAYOUT,
        terrain_names=names,
        terrain=grid,
        hexside_features={"slope": frozenset(slope)} if slope else {},
        roads=frozenset(road_sides),
        places=places,
        elevation=np.asarray(elevation).reshape(COLS, ROWS),
        description=_description(kind, density, route),
        sight_model=map_sight(ambush_terrain(density).sight, names),
    )


def map_sight(model: BlockingModel, names: tuple[str, ...]) -> BlockingModel:
    """``model`` with only the blocking terrain a map has (a map's ``sight:`` may name no
    other)."""
    return dataclasses.replace(model, blocking_terrain=model.blocking_terrain & set(names))


def ambush_points(route: list[Hex], terrain: np.ndarray) -> list[Hex]:
    """Up to six route hexes, spread out, with the most cover within 3 hexes, each keeping
    :data:`ESCORT_GAP` route hexes on either side."""
    cover = ambush_terrain("medium").cover_terrains
    scored = []
    for k in range(ESCORT_GAP, len(route) - ESCORT_GAP):
        h = route[k]
        near = [x for x in HEXES if 1 <= distance(x, h) <= 3]
        scored.append((-sum(terrain[INDEX[x]] in cover for x in near), k))
    out: list[int] = []
    for _score, k in sorted(scored):
        if all(abs(k - j) >= 6 for j in out):
            out.append(k)
        if len(out) == 6:
            break
    return [route[k] for k in sorted(out)]


def _description(kind: str, density: str, route: list[Hex]) -> str:
    return "\n".join(
        [
            f"AMBUSH map (hexplay): {DESCRIPTIONS[kind]}",
            f"Terrain density: {density} (movement rates: hexplay/games/ambush/data/terrain.toml).",
            f"{COLS} x {ROWS} hexes of 25 m. {ROUTE}: the convoy route, {len(route)} hexes "
            f"north to south; {LANE}: a side road to the edge.",
            "Generated by scripts/make_ambush_maps.py (seeded); this file is the source.",
        ]
    )


HEADER = """\
# AMBUSH map for hexplay: {kind}, {density} terrain density (an original map).
# Generated by scripts/make_ambush_maps.py (seed {seed}), then committed as this file, which is
# the source: edit it by hand and run the tests (tests/test_ambush_terrain.py checks what every
# AMBUSH map must hold). Terrain types and their effects: hexplay/games/ambush/data/terrain.toml.
"""


def with_terrain_chars(text: str) -> str:
    """The writer's text with each terrain type drawn by its ``char`` from the terrain table
    (``b`` brush, ``B`` buildings, ``=`` bridge...), so every AMBUSH map reads alike."""
    lines = text.split("\n")
    k = next(i for i, ln in enumerate(lines) if ln.startswith("terrain: "))
    pairs = [p.split(" = ") for p in lines[k][len("terrain: ") :].split(", ")]
    types = ambush_terrain_types()
    table = str.maketrans({c: types[n].char for c, n in pairs})
    lines[k] = "terrain: " + ", ".join(f"{types[n].char} = {n}" for _c, n in pairs)
    g = lines.index("grid:")
    for i in range(g + 1, g + 1 + ROWS):
        label, row = lines[i].split(" ")
        lines[i] = f"{label} {row.translate(table)}"
    return "\n".join(lines)


def render(kind: str, density: str) -> str:
    points = build(kind, "medium").place("ambush points")
    m = build(kind, density, points)
    text = HEADER.format(kind=kind, density=density, seed=SEEDS[kind])
    text += with_terrain_chars(write_map_text(m))
    back = read_map_text(text)
    assert back.equals(m), f"{m.name}: the text form does not read back"
    return text


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if a map file would change")
    ap.add_argument("--out", type=Path, default=Path("hexplay/maps/data"))
    args = ap.parse_args(argv)
    changed = []
    for kind in SEEDS:
        for density in DENSITIES:
            path = args.out / f"ambush_{kind}_{density}.txt"
            text = render(kind, density)
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                changed.append(path)
                if not args.check:
                    path.write_text(text, encoding="utf-8")
    for p in changed:
        print(("would change " if args.check else "wrote ") + str(p))
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
