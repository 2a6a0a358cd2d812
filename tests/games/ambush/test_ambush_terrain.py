"""AMBUSH terrain: the terrain types' LOS, defence and movement effects (terrain.toml), the nine
bundled maps, user maps with the new types, and SKIRMISH unchanged under the generalised
terrain layer."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from terrain_checks import check_settle

from hexplay.games.skirmish import tables
from hexplay.games.skirmish.combat import defence_strength, movement_cost
from hexplay.games.skirmish.movement import SKIRMISH_COSTS
from hexplay.games.skirmish.terrain import Terrain, terrain_for
from hexplay.games.skirmish.terrain_effects import (
    AMBUSH_TERRAIN_FILE,
    DENSITIES,
    SKIRMISH_TERRAIN,
    TerrainDataError,
    ambush_terrain,
    ambush_terrain_types,
    density_of,
    effects_for_map,
    load_terrain_types,
)
from hexplay.hexgrid import DIRECTIONS, Hex, distance
from hexplay.maps import MapError, bundled_maps, load_map, read_map_text
from hexplay.maps.notation import is_road_path

ROOT = Path(__file__).resolve().parents[3]
KINDS = ("farmland", "hills", "mountains")
AMBUSH_MAPS = [f"ambush_{k}_{d}" for k in KINDS for d in DENSITIES]
TYPES = ambush_terrain_types()
NEW_TYPES = [t for t in TYPES if t not in ("open", "trees")]


# --- the terrain table ---------------------------------------------------------------------
def test_the_table_has_the_skirmish_types_and_new_ones_each_value_with_its_reason():
    assert {"open", "trees", "brush", "orchard", "buildings", "rocks", "water", "bridge"} <= set(
        TYPES
    )
    for t in TYPES.values():
        assert set(t.why) == {"los", "defence", "move"}
        assert all(len(w) > 20 for w in t.why.values()), t.name
        assert set(t.move) == set(DENSITIES)


def test_skirmish_types_keep_tables_iii_iv_and_viii_at_medium():
    med = ambush_terrain("medium")
    for name in ("open", "trees"):
        assert (name in med.sight.blocking_terrain) == tables.LOS_BLOCKS[name]
        assert med.defence[name] == tables.DEFENCE_STRENGTH[name]
        for hexside in tables.HEXSIDES:
            assert med.costs[(hexside, name)] == tables.MOVEMENT_COSTS[(hexside, name)]
    for row in ("slope", "vehicle"):
        assert med.defence[row] == tables.DEFENCE_STRENGTH[row]


def _edited(old: str, new: str) -> str:
    text = AMBUSH_TERRAIN_FILE.read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize(
    "old, new, field",
    [
        ("defence = [2, 5, 5, 5]", "defence = [3, 5, 5, 5]", "terrain.trees.defence"),
        (
            'move.medium = [2, 3]\nmove.dense = [3, 4]\nmove_why = """Medium is SKIRMISH',
            'move.medium = [2, 4]\nmove.dense = [3, 4]\nmove_why = """Medium is SKIRMISH',
            "terrain.trees.move.medium",
        ),
        (
            'los = "clear"\nlos_why = """Over one',
            'los = "maybe"\nlos_why = """Over one',
            "terrain.brush.los",
        ),
        ("defence = [5, 5, 10, 10]", "defence = [5, 5, 10]", "terrain.buildings.defence"),
        (
            'move.dense = [3, 4]\nmove_why = """Scree',
            'move.dense = [1.5, 2]\nmove_why = """Scree',
            "terrain.rocks.move.dense",
        ),
        ('los_why = "Nothing stands on water."\n', "", "terrain.water.los_why"),
        (
            'densities = ["sparse", "medium", "dense"]',
            'densities = ["light", "heavy"]',
            "densities",
        ),
    ],
)
def test_a_bad_terrain_table_is_refused_naming_the_field(old, new, field):
    with pytest.raises(TerrainDataError, match=field.replace(".", r"\.")):
        load_terrain_types(_edited(old, new), source="mine.toml")
    with pytest.raises(TerrainDataError, match="not valid TOML"):
        load_terrain_types("[terrain.x\n", source="mine.toml")


# --- each type's effects, on a user map holding every type ---------------------------------
USER_MAP = """\
name: mytown
size: 9 x 3
terrain:
. = open, T = trees, b = brush, o = orchard, B = buildings, r = rocks, ~ = water, + = bridge
grid:
01 .........
02 .TboBr~+.
03 .........
road Main Street:
0103 0203 0303 0403 0503 0603 0703 0803 0903
hexsides slope:
0402/0502
"""


@pytest.fixture(scope="module")
def town():
    m = read_map_text(USER_MAP, source="mytown.txt")
    return m, terrain_for(m)


def _hex_of(m, name: str, row: str = "") -> str:
    return next(lab for lab in m.hex_labels if m.terrain_at(lab) == name and lab.endswith(row))


def test_a_user_map_with_new_terrain_plays_at_the_default_density(town):
    m, t = town
    assert density_of(m) == "medium"
    assert t.effects is ambush_terrain("medium")
    assert effects_for_map(m, "dense") is ambush_terrain("dense")
    assert terrain_for(m, ambush_terrain("dense")).effects is ambush_terrain("dense")
    assert terrain_for(m) is t  # shared


@pytest.mark.parametrize("name", list(TYPES))
def test_each_type_blocks_sight_as_its_table_says(name):
    """Observer, a hex of the type, target: in a row."""
    legend = ". = open" if name == "open" else f". = open, x = {name}"
    mid = "." if name == "open" else "x"
    m = read_map_text(f"name: t\nsize: 1 x 3\nterrain: {legend}\ngrid:\n.\n{mid}\n.\n", source="t")
    t = terrain_for(m)
    assert t.sees("0101", "0103", frozenset()) is (not TYPES[name].blocks_sight)
    # one sees into a hex of any type, and out of it
    assert t.sees("0101", "0102", frozenset()) and t.sees("0102", "0103", frozenset())


@pytest.mark.parametrize("name", list(TYPES))
@pytest.mark.parametrize("density", DENSITIES)
def test_each_type_costs_its_table_movement_at_each_density(town, name, density):
    m, _ = town
    t = terrain_for(m, ambush_terrain(density))
    lab = _hex_of(m, name, "02")
    above = m.label(Hex(m.hex(lab).q, m.hex(lab).r - 1))  # row 1 is open, no road, no slope
    want = TYPES[name].move[density]
    got = t.step_cost(above, lab)
    assert got == (None if want is None else Fraction(want[0]))


def test_slope_hexside_costs_the_slope_rate(town):
    m, _ = town
    for density in DENSITIES:
        t = terrain_for(m, ambush_terrain(density))
        # 0402 (orchard) <-> 0502 (buildings) crosses the slope hexside
        assert t.step_cost("0402", "0502") == TYPES["buildings"].move[density][1]
        assert t.step_cost("0502", "0402") == TYPES["orchard"].move[density][1]


def test_water_is_impassable_and_the_road_over_it_is_a_bridge(town):
    m, t = town
    water = _hex_of(m, "water")
    assert t.step_cost("0701", water) is None
    assert water not in t.reach("0701", 10)
    bridge = _hex_of(m, "bridge")
    assert t.step_cost("0801", bridge) == 1
    # a road hex is entered at the road rate whatever lies under it (SKIRMISH Table VIII)
    assert t.step_cost("0803", "0903") == tables.ROAD_MOVEMENT_COSTS["person"]


@pytest.mark.parametrize("name", list(TYPES))
def test_each_type_gives_its_table_defence(town, name):
    m, t = town
    lab = _hex_of(m, name)
    row = t.defence_row(lab)
    assert row == name
    cols = [0, 2, 5, 9]  # one move per foot column: 0, 1-3, 4-6, 7-10
    assert [t.defence_strength(row, k) for k in cols] == list(TYPES[name].defence)
    with pytest.raises(ValueError, match="not possible"):
        t.defence_strength(row, 11)
    # the slope row, when fire crosses a slope hexside, is never worse cover than the type's
    assert all(s >= d for s, d in zip(tables.DEFENCE_STRENGTH["slope"], TYPES[name].defence))


def test_road_through_woods_blocks_sight_gives_tree_cover_and_road_movement():
    m = read_map_text(
        "name: woodroad\nsize: 2 x 3\nterrain: . = open, T = trees, b = brush\n"
        "grid:\n01 .b\n02 T.\n03 ..\nroad Forest Road:\n0101 0102 0103\n",
        source="woodroad",
    )
    t = terrain_for(m)
    assert t.effects is ambush_terrain("medium")
    assert not t.sees("0101", "0103", frozenset())  # the trees hex blocks, road or not
    assert t.defence_row("0102") == "trees"
    assert t.step_cost("0101", "0102") == 1  # road rate
    assert t.step_cost("0201", "0102") == 1  # Table VIII: a road hex at the road rate from anywhere
    assert t.step_cost("0101", "0201") == 2  # brush off the road: its own rate


def test_an_unknown_terrain_name_is_refused_naming_it():
    m = read_map_text("name: lava\nsize: 2 x 1\nterrain: . = open, L = lava\ngrid:\n01 .L\n")
    with pytest.raises(MapError, match="'lava'"):
        terrain_for(m)
    with pytest.raises(MapError, match="'lava'"):
        Terrain(m, ambush_terrain("dense"))


# --- SKIRMISH unchanged ----------------------------------------------------------------------
def test_skirmish_maps_keep_skirmish_tables():
    m = load_map("skirmish")
    assert terrain_for(m).effects is SKIRMISH_TERRAIN
    assert effects_for_map(m) is SKIRMISH_TERRAIN


def test_the_generic_cost_model_is_table_viii_on_skirmish_terrain():
    for terrain in ("open", "trees"):
        for features in (frozenset(), frozenset({"slope"})):
            for road in (False, True):
                for road_hex in (False, True):
                    for mover in tables.MOVERS:
                        args = (terrain, features, road, mover, road_hex)
                        assert SKIRMISH_TERRAIN.enter_cost(*args) == SKIRMISH_COSTS.enter_cost(
                            *args
                        )
    assert SKIRMISH_TERRAIN.enter_cost("open", frozenset(), False, "person", False) == (
        movement_cost("open", False, "person")
    )


def test_the_defence_look_up_is_table_iv_on_skirmish_rows():
    for row in tables.DEFENCE_TERRAINS:
        for moved in range(0, 40):
            try:
                want = defence_strength(row, moved)
            except ValueError:
                with pytest.raises(ValueError):
                    SKIRMISH_TERRAIN.defence_strength(row, moved)
                continue
            assert SKIRMISH_TERRAIN.defence_strength(row, moved) == want
            assert ambush_terrain("dense").defence_strength(row, moved) == want


# --- the nine bundled maps -------------------------------------------------------------------
def test_nine_ambush_maps_are_bundled():
    assert set(AMBUSH_MAPS) <= set(bundled_maps())


def _edge(m, h) -> bool:
    return any(not m.contains(Hex(h.q + d.q, h.r + d.r)) for d in DIRECTIONS)


@pytest.mark.parametrize("name", AMBUSH_MAPS)
def test_each_map_loads_by_name_with_its_route_exits_and_ambush_points(name):
    m = load_map(name)
    assert m.name == name and (m.cols, m.rows) == (36, 60)
    t = terrain_for(m)
    density = name.rsplit("_", 1)[1]
    assert t.effects is ambush_terrain(density)
    # the map's own sight section is the rules' (restricted to the terrain it has)
    sm = m.sight_model
    assert sm.blocking_terrain == t.effects.sight.blocking_terrain & set(m.terrain_names)
    assert sm.blocking_hexsides == t.effects.sight.blocking_hexsides
    assert (sm.exempt_end_hexes, sm.exempt_end_hexsides, sm.combine) == (True, True, "both")
    route = m.place("Route 1")
    assert len(route) > 100 and len(set(route)) == len(route)
    assert is_road_path(m, route) and is_road_path(m, m.place("Lane"))
    assert _edge(m, route[0]) and _edge(m, route[-1])
    assert all(_edge(m, h) for h in m.place("exits"))
    assert {route[0], route[-1], m.place("Lane")[-1]} == set(m.place("exits"))
    # a vehicle can drive the whole route: every step follows a road at the road rate
    from hexplay.movement import Movement

    mv = Movement(m, t.effects, "vehicle")
    assert mv.path_cost(route) == Fraction(len(route) - 1, 6)
    # ambush points lie on the route with room for escorts 40 hexes ahead and behind
    pts = m.place("ambush points")
    assert len(pts) >= 4
    for h in pts:
        k = route.index(h)
        assert 41 <= k <= len(route) - 42
    (sample,) = m.place("sample ambush point")
    assert sample in pts
    # no water on the road (a road over water is a bridge), and every hex a man may stand on
    # can be reached on foot from the route
    assert all(m.terrain_at(h) != "water" for h in route)
    reach = t.movement.reachable(route[0])
    land = [i for i, h in enumerate(m.hexes) if m.terrain_at(h) != "water"]
    assert reach.reachable[land].all()


@pytest.mark.parametrize("kind", KINDS)
def test_densities_differ_as_designed(kind):
    maps = [load_map(f"ambush_{kind}_{d}") for d in DENSITIES]
    cover = ambush_terrain("medium").cover_terrains
    shares = [float(t.cover.mean()) for t in map(terrain_for, maps)]
    assert shares[0] < shares[1] < shares[2], shares
    assert shares[2] - shares[0] > 0.2
    # same roads, relief and water at every density: only the vegetation grows
    a, b, c = maps
    for place in ("Route 1", "Lane", "exits", "ambush points", "sample ambush point"):
        assert a.place(place) == b.place(place) == c.place(place)
    assert a.hexside_features == b.hexside_features == c.hexside_features
    for m in maps:
        assert {m.terrain_names[i] for i in m.terrain_flat()} - cover - {"open"} <= {
            "water",
            "bridge",
        }
    # movement rates: the dense map's woods are slower than the medium map's, the sparse
    # map's brush faster
    tr = [terrain_for(m).effects.costs[("regular", "trees")] for m in maps]
    br = [terrain_for(m).effects.costs[("regular", "brush")] for m in maps]
    assert tr == [2, 2, 3] and br == [1, 2, 3]


def test_map_types_differ_in_relief_and_cover():
    slopes = {
        k: len(load_map(f"ambush_{k}_medium").hexside_features.get("slope", ())) for k in KINDS
    }
    assert slopes["farmland"] == 0 < slopes["hills"] < slopes["mountains"]
    woods = {k: terrain_for(load_map(f"ambush_{k}_medium")).trees.mean() for k in KINDS}
    assert woods["farmland"] < woods["hills"] < woods["mountains"]
    terr = {k: set(load_map(f"ambush_{k}_medium").terrain_names) for k in KINDS}
    assert {"orchard", "buildings", "water", "bridge"} <= terr["farmland"]
    assert {"rocks", "water", "bridge"} <= terr["mountains"]


def test_the_map_files_are_what_the_committed_script_makes():
    out = subprocess.run(
        [sys.executable, "scripts/make_ambush_maps.py", "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(ROOT), "PATH": ""},
        timeout=300,
    )
    assert out.returncode == 0, out.stdout + out.stderr


# --- a game on an AMBUSH map -------------------------------------------------------------------
def test_a_skirmish_game_on_an_ambush_map_uses_the_new_terrain_defence():
    from hexplay.games.skirmish.game import SkirmishGame
    from hexplay.games.skirmish.scenario import Scenario

    m = load_map("ambush_farmland_medium")
    route = m.place("Route 1")
    (amb,) = m.place("sample ambush point")
    sc = Scenario(
        name="farm",
        map="ambush_farmland_medium",
        route="Route 1",
        ambush=m.label(amb),
        escort_offsets={"E1": 10, "E2": -10},
    )
    g = SkirmishGame.new(sc, seed=3, map=m)
    g.auto_setup("adversary")
    g.auto_setup("defender")
    g.submit("adversary")
    g.submit("defender")
    assert g.terrain.effects is ambush_terrain("medium")
    t = g.terrain
    checked = set()
    for name in ("brush", "orchard", "buildings"):
        lab = _hex_of(m, name)
        nb = next(
            n
            for n in m.neighbor_labels(lab)
            if m.hexside(lab, n) not in m.hexside_features.get("slope", frozenset())
            and m.terrain_at(n) != "water"
        )
        g.arrange(men={"A1": nb, "G1": lab}, turn=2)
        o = g.odds("A1", "G1", "rifle", hexes_moved=0)
        assert o["terrain"] == name and o["defence"] == TYPES[name].defence[0], o
        o = g.odds("A1", "G1", "rifle", hexes_moved=5)
        assert o["defence"] == TYPES[name].defence[2]
        checked.add(name)
    assert checked == {"brush", "orchard", "buildings"}
    assert route and t.labels


def test_a_game_on_an_ambush_map_plays_to_the_end_with_computer_players():
    import hexplay
    from hexplay.ai.player import play
    from hexplay.games.skirmish.scenario import Scenario

    entry = hexplay.game_entry("skirmish")
    name = "ambush_mountains_dense"
    m = load_map(name)
    amb = m.label(m.place("sample ambush point")[0])
    sc = Scenario(
        name="t", map=name, route="Route 1", ambush=amb, escort_offsets={"E1": 15, "E2": -15}
    )
    g = hexplay.new_game("skirmish", scenario=sc, seed=4)
    play(g, {s: entry.player("tactic", s, seed=1) for s in ("adversary", "defender")})
    assert g.over and g.terrain.effects is ambush_terrain("dense")


_MOUNTAINS = load_map("ambush_mountains_medium")
_MT = terrain_for(_MOUNTAINS)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, _MOUNTAINS.size - 1), st.integers(0, _MOUNTAINS.size - 1))
def test_the_fast_los_is_the_maps_own_sight_and_symmetric(i, j):
    """Terrain.sees (cached per-pair analysis) against Map.los under the map file's own
    ``sight:`` section (the plain tracer), both ways."""
    a, b = _MOUNTAINS.hex_labels[i], _MOUNTAINS.hex_labels[j]
    fast = _MT.sees(a, b, frozenset())
    assert fast == _MT.sees(b, a, frozenset())
    assert fast == _MOUNTAINS.los(a, b).clear


def test_the_terrain_table_is_on_the_ambush_tables_page_with_every_reason():
    from hexplay.games.ambush.docs import tables_markdown
    from hexplay.games.skirmish.terrain_effects import terrain_markdown

    md = terrain_markdown()
    for t in TYPES.values():
        los = "blocks" if t.blocks_sight else "clear"
        assert f"| {t.name} | {los} | {' / '.join(map(str, t.defence))} |" in md
        for why in t.why.values():
            assert why.replace("\n", " ") in md
    assert "| water | clear | 1 / 2 / 3 / 5 | impassable | impassable | impassable |" in md
    assert md in tables_markdown()


@st.composite
def _user_maps(draw):
    """A small map of random AMBUSH terrain, a few slope hexsides and a road down column 1."""
    from hexplay.hexgrid import OffsetLayout, hexside_between
    from hexplay.maps import Map

    cols, rows = draw(st.integers(3, 6)), draw(st.integers(3, 6))
    names = tuple(TYPES)
    grid = draw(
        st.lists(st.integers(0, len(names) - 1), min_size=cols * rows, max_size=cols * rows)
    )
    lay = OffsetLayout(cols, rows)
    hexes = lay.hexes()
    pairs = [(a, b) for a in hexes for b in hexes if a < b and distance(a, b) == 1]
    slope = draw(st.sets(st.sampled_from(pairs), max_size=6))
    road = [lay.to_hex(1, r) for r in range(1, rows + 1)]
    return Map(
        name=f"user_{draw(st.sampled_from(DENSITIES))}",
        layout=lay,
        terrain_names=names,
        terrain=np.array(grid).reshape(cols, rows),
        hexside_features={"slope": frozenset(hexside_between(a, b) for a, b in slope)},
        roads=frozenset(hexside_between(a, b) for a, b in zip(road, road[1:])),
        places={"Route 1": tuple(road)},
    )


def _plain_reach(m, start: str, budget: int, density: str) -> dict[str, int]:
    """Dijkstra straight from the terrain table (TOML values), for the fast search to match."""
    import heapq

    road_hexes = m.road_hexes
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        c, a = heapq.heappop(heap)
        if c > best[a]:
            continue
        for b in m.neighbor_labels(a):
            slope = m.hexside(a, b) in m.hexside_features.get("slope", frozenset())
            if m.hex(b) in road_hexes:
                step = TYPES["open"].move[density][1] if slope else 1
            else:
                mv = TYPES[m.terrain_at(b)].move[density]
                if mv is None:
                    continue
                step = mv[1] if slope else mv[0]
            if c + step <= budget and c + step < best.get(b, budget + 1):
                best[b] = c + step
                heapq.heappush(heap, (c + step, b))
    return best


@settings(max_examples=30, deadline=None)
@given(_user_maps(), st.integers(0, 10), st.data())
def test_reach_on_a_user_map_is_the_terrain_tables_plain_dijkstra(m, budget, data):
    t = terrain_for(m)
    density = density_of(m)
    assert t.effects is ambush_terrain(density)
    start = data.draw(st.sampled_from(m.hex_labels))
    for scale in (1, 2):  # fit and wounded (double AP)
        fast = {k: c for k, (c, _prev) in t.reach(start, budget, scale).items()}
        plain = _plain_reach(m, start, budget // scale, density)
        assert {k for k in fast} == set(plain)
        assert all(fast[k] == scale * plain[k] for k in plain)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(AMBUSH_MAPS), st.integers(0, 12), st.integers(1, 2), st.data())
def test_settle_over_found_hexes_is_the_map_sized_search(name, lim, scale, data):
    """_settle (predecessors in a dict over the hexes found) = _settle_plain (tables over the
    whole map): the same hexes in the same found order, the same costs and predecessors."""
    check_settle(name, lim, scale, data)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(AMBUSH_MAPS), st.integers(0, 12), st.integers(1, 2), st.data())
def test_toward_is_the_plain_version_from_reach(name, budget, scale, data):
    """toward (distances for the hexes found) = toward_plain (reach's table, distance())."""
    t = terrain_for(load_map(name))
    labels = sorted(t.hex_of)
    start, goal = data.draw(st.sampled_from(labels)), data.draw(st.sampled_from(labels))
    path = t.toward(start, goal, budget, scale)
    assert path == t.toward_plain(start, goal, budget, scale)
    if path:
        assert t.distance(path[-1], goal) < t.distance(start, goal)
