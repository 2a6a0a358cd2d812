"""Map file formats, loaders, validation and the bundled maps (SKIRMISH, AGGRESSOR)."""

from __future__ import annotations

import json
import re
from collections import defaultdict

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hexplay
from hexplay.games.skirmish.terrain_effects import DENSITIES
from hexplay.hexgrid import DIRECTIONS, OffsetLayout, PixelLayout, hexside_between, sides_of
from hexplay.maps import (
    Map,
    MapError,
    bundled_maps,
    dumps_map_json,
    load_map,
    map_from_dict,
    map_from_json,
    map_to_dict,
    map_to_json,
    read_map_text,
    save_map,
    write_map_text,
)
from hexplay.sight import BlockingModel

#: SKIRMISH Table III: trees and slope hexsides block; the two end hexes and their sides don't.
SKIRMISH_SIGHT = BlockingModel(frozenset({"trees"}), frozenset({"slope"}))


@pytest.fixture(scope="module")
def sk() -> Map:
    return load_map("skirmish")


@pytest.fixture(scope="module")
def ag() -> Map:
    return load_map("aggressor")


#: The worked example's C: a vehicle on Route 4, range 3 from X, off every example line of fire.
C_HEX = "1023"


def los(m: Map, a: str, b: str, blockers=()):
    return m.los(a, b, SKIRMISH_SIGHT, blockers)


def side_is_slope(m: Map, side) -> bool:
    return m.has_feature(side, "slope")


# --- SKIRMISH: the worked example (digest sections 3, 6 and 9) ----------------------------------
def test_skirmish_frame(sk):
    assert (sk.cols, sk.rows) == (30, 36)
    assert sk.label_style == "ccrr"
    assert sk.layout == OffsetLayout(30, 36, even_columns_low=True)
    assert set(sk.terrain_names) == {"open", "trees"}
    assert set(sk.hexside_features) == {"slope"}
    assert sk.elevation is not None


def test_skirmish_example_terrain(sk):
    assert sk.terrain_at("0620") == "trees"  # A
    assert sk.terrain_at("1327") == "open"  # B
    for lab in ("1324", "1219", "1624"):  # X, Y, Z: "slope hexside" positions
        assert sk.sides_with(lab, "slope"), lab
        assert sk.terrain_at(lab) == "open", lab


def test_skirmish_example_distances(sk):
    assert sk.distance("0620", "1324") == 7  # rifle 17 (7-9)
    assert sk.distance("0620", "1219") == 6  # rifle 20 (5-6)
    assert sk.distance("1324", "1327") == 3  # rifle 22 (3-4)
    assert sk.distance("1624", "1327") == 4  # rifle 22 (3-4)
    assert sk.distance(C_HEX, "1324") == 3  # C in a vehicle: rifle W/veh 11 (3-4)


@pytest.mark.parametrize(
    ("a", "b", "clear"),
    [
        ("0620", "1324", True),
        ("0620", "1219", True),
        ("0620", "1624", False),
        ("1327", "1324", True),
        ("1327", "1624", True),
        ("1327", "1219", False),
        ("1219", "0620", True),  # Y fires at A
        ("1624", "1327", True),  # Z fires at B
        ("1324", "1327", True),  # X fires at B
        (C_HEX, "1324", True),  # C fires at X
    ],
)
def test_skirmish_example_sight(sk, a, b, clear):
    assert los(sk, a, b).clear is clear
    assert los(sk, b, a).clear is clear  # symmetric
    # C's vehicle blocks sight (Table III) but stands on none of the example's lines of fire
    assert los(sk, a, b, blockers=[C_HEX]).clear is clear


@pytest.mark.parametrize(("a", "b"), [("0620", "1324"), ("0620", "1219"), (C_HEX, "1324")])
def test_skirmish_fire_enters_target_across_its_slope(sk, a, b):
    """A's fire at X and Y, and C's at X, cross a slope side of the target: defence 15."""
    t = los(sk, a, b)
    assert t.clear
    last = t.hexsides[-1]
    assert side_is_slope(sk, last)
    assert sk.hex(b) in last.hexes()
    assert t.hexes[-1] == b


def test_skirmish_blocked_lines_are_blocked_by_terrain_of_the_map(sk):
    t = los(sk, "0620", "1624")
    assert all(o.kind == "hexside" and o.what == "slope" for o in t.blocked_by)
    t = los(sk, "1327", "1219")
    assert t.ambiguous  # the line runs along hexsides: both nudged traces are blocked
    assert all(not tr.clear for tr in t.traces)


def test_skirmish_vehicle_hex_c_is_on_a_route(sk):
    """Some road hex at range 3-4 sees X across X's slope side; 1023 on Route 4 is "C"."""
    assert sk.hex(C_HEX) in sk.place("Route 4")
    assert sk.hex(C_HEX) in sk.road_hexes
    found = [
        sk.label(h)
        for name in ("Route 4", "Route 7")
        for h in sk.place(name)
        if sk.distance(h, "1324") in (3, 4)
        and los(sk, sk.label(h), "1324").clear
        and side_is_slope(sk, los(sk, sk.label(h), "1324").hexsides[-1])
    ]
    assert C_HEX in found


def test_skirmish_places(sk):
    assert sk.hex("2928") in sk.place("Route 4") + sk.place("Route 7")
    assert sk.place("sample ambush point") == (sk.hex("2928"),)
    assert [sk.label(h) for h in sk.place("worked example")] == [
        "0620",  # A
        "1327",  # B
        C_HEX,  # C
        "1324",  # X
        "1219",  # Y
        "1624",  # Z
    ]


@pytest.mark.parametrize("route", ["Route 4", "Route 7"])
def test_skirmish_routes_run_north_south_across_the_map(sk, route):
    path = sk.place(route)
    rows = [sk.layout.to_offset(h)[1] for h in path]
    assert rows[0] == 1 and rows[-1] == sk.rows
    assert len(set(path)) == len(path)
    for a, b in zip(path, path[1:]):
        assert sk.road_between(a, b)
        assert sk.distance(a, b) == 1
    for h in path:  # roads run through cleared ground
        assert sk.terrain_at(h) == "open"


def test_skirmish_roads_are_exactly_the_two_routes(sk):
    sides = set()
    for route in ("Route 4", "Route 7"):
        p = sk.place(route)
        sides.update(hexside_between(a, b) for a, b in zip(p, p[1:]))
    assert sides == set(sk.roads)
    assert not (set(sk.roads) & sk.hexside_features["slope"])  # no road climbs a slope


def test_skirmish_slopes_follow_the_contours(sk):
    """Slope sides are exactly the sides between hexes two or more contour steps apart."""
    steep = set()
    for h in sk.hexes:
        for s in sides_of(h):
            a, b = s.hexes()
            on_map = sk.contains(a) and sk.contains(b)
            if on_map and abs(sk.elevation_at(a) - sk.elevation_at(b)) >= 2:
                steep.add(s)
    assert steep == sk.hexside_features["slope"]


def _corners(m: Map, side) -> tuple[tuple[float, float], ...]:
    px = PixelLayout()
    (ax, ay), (bx, by) = (px.to_pixel(h) for h in side.hexes())
    mx, my, dx, dy = (ax + bx) / 2, (ay + by) / 2, bx - ax, by - ay
    n = (dx * dx + dy * dy) ** 0.5
    ux, uy = -dy / n / 2, dx / n / 2
    return (round(mx + ux, 3), round(my + uy, 3)), (round(mx - ux, 3), round(my - uy, 3))


def test_skirmish_slopes_form_chains(sk):
    """Every slope side shares a corner with another; each chain has at least 3 sides."""
    slopes = sk.hexside_features["slope"]
    at = defaultdict(set)
    for s in slopes:
        for p in _corners(sk, s):
            at[p].add(s)
    seen: set = set()
    for s in slopes:
        if s in seen:
            continue
        comp, todo = set(), [s]
        while todo:
            x = todo.pop()
            if x in comp:
                continue
            comp.add(x)
            todo.extend(y for p in _corners(sk, x) for y in at[p])
        seen |= comp
        assert len(comp) >= 3, sorted(comp)
    assert len(slopes) >= 40


def test_skirmish_neighbors_and_distance_with_labels(sk):
    assert sk.neighbor_labels("0620") == ["0619", "0720", "0721", "0621", "0521", "0520"]
    assert sk.neighbor_labels("1324") == ["1323", "1423", "1424", "1325", "1224", "1223"]
    assert sk.neighbor_labels("0101") == ["0201", "0102"]
    assert sk.neighbor_labels("3036") == ["3035", "2936"]  # even column: SW is off the map
    assert sk.neighbors("0620")[0] == sk.hex("0619")
    assert sk.distance("0101", "3036") == sk.distance(sk.hex("0101"), sk.hex("3036")) == 50
    assert sk.distance("0620", "0620") == 0


def test_hexplay_exports_load_map():
    assert hexplay.load_map is load_map
    assert hexplay.load_map("skirmish").name == "skirmish"
    ambush = [f"ambush_{k}_{d}" for k in ("farmland", "hills", "mountains") for d in DENSITIES]
    assert bundled_maps() == sorted(["aggressor", "skirmish", *ambush])


# --- AGGRESSOR --------------------------------------------------------------------------------
def test_aggressor_frame(ag):
    assert (ag.cols, ag.rows) == (21, 15)
    assert ag.label_style == "letters"
    assert ag.terrain_names == ("clear", "rough")
    n_rough = int(ag.terrain_mask("rough").sum())
    assert 0.1 * ag.size < n_rough < 0.4 * ag.size  # a plausible mix


def test_aggressor_labels(ag):
    assert ag.layout.to_offset(ag.hex("@UO")) == (21, 15)
    assert ag.label(ag.layout.to_hex(21, 15)) == "@UO"
    assert ag.hex("UO") == ag.hex("@uo") == ag.hex("@UO")
    assert ag.label(ag.layout.to_hex(1, 1)) == "@AA"
    assert ag.label(ag.layout.to_hex(11, 8)) == "@KH"
    assert not ag.contains("@VA") and not ag.contains("@AP")


def test_aggressor_even_columns_sit_lower(ag):
    """Row labels are level with the lower half of odd columns and the upper half of even ones."""
    px = PixelLayout()
    _, y_odd = px.to_pixel(ag.hex("@CC"))
    _, y_even = px.to_pixel(ag.hex("@DC"))
    assert y_even - y_odd == pytest.approx(3**0.5 / 2)  # half a hex lower


@pytest.mark.parametrize(
    ("h", "expected"),
    [
        # odd column C: the even neighbours D/B are at rows r-1 (upper) and r (lower)
        ("@CC", ["@CB", "@DB", "@DC", "@CD", "@BC", "@BB"]),
        # even column D (lower): the odd neighbours at rows r (upper) and r+1 (lower)
        ("@DC", ["@DB", "@EC", "@ED", "@DD", "@CD", "@CC"]),
        ("@KH", ["@KG", "@LG", "@LH", "@KI", "@JH", "@JG"]),
        ("@AA", ["@BA", "@AB"]),  # odd column A: its SE neighbour is @BA
        ("@UO", ["@UN", "@TO", "@TN"]),
        ("@TO", ["@TN", "@UO", "@SO"]),
    ],
)
def test_aggressor_neighbours(ag, h, expected):
    assert ag.neighbor_labels(h) == expected


def test_aggressor_border_and_sides(ag):
    border = ag.place("border")
    assert [ag.label(h) for h in border] == [f"@K{chr(64 + r)}" for r in range(1, 16)]
    west, east = set(ag.place("west")), set(ag.place("east"))
    assert {ag.layout.to_offset(h)[0] for h in west} == set(range(1, 11))
    assert {ag.layout.to_offset(h)[0] for h in east} == set(range(12, 22))
    assert len(west) == len(east) == 150
    assert west | east | set(border) == set(ag.hexes)


def _sector(col: int, row: int) -> int:
    """Documented numbering: row by row from the north-west; G/H, N/O, E/F, J/K boundaries."""
    return 3 * ((row - 1) // 5) + (col - 1) // 7 + 1


def test_aggressor_sectors(ag):
    seen = []
    for k in range(1, 10):
        hexes = ag.place(f"sector {k}")
        assert len(hexes) == 35
        for h in hexes:
            assert _sector(*ag.layout.to_offset(h)) == k
        seen += hexes
    assert sorted(seen) == sorted(ag.hexes)
    assert ag.hex("@GE") in ag.place("sector 1") and ag.hex("@HE") in ag.place("sector 2")
    assert ag.hex("@NE") in ag.place("sector 2") and ag.hex("@OE") in ag.place("sector 3")
    assert ag.hex("@AF") in ag.place("sector 4") and ag.hex("@AJ") in ag.place("sector 4")
    assert ag.hex("@AK") in ag.place("sector 7") and ag.hex("@UO") in ag.place("sector 9")


# --- round trips ------------------------------------------------------------------------------
def assert_same(a: Map, b: Map) -> None:
    assert a.equals(b)
    assert list(a.places) == list(b.places)
    assert a.name == b.name and a.description == b.description
    assert np.array_equal(a.terrain, b.terrain) and a.terrain_names == b.terrain_names


@pytest.mark.parametrize("name", ["skirmish", "aggressor"])
def test_bundled_round_trips(name, tmp_path):
    m = load_map(name)
    assert_same(read_map_text(write_map_text(m)), m)
    data = map_to_json(m)
    assert_same(map_from_json(json.loads(json.dumps(data))), m)
    assert json.loads(dumps_map_json(m)) == data
    for suffix in (".json", ".txt", ".hexmap"):
        p = save_map(m, tmp_path / f"copy{suffix}")
        assert_same(load_map(p), m)
        assert_same(load_map(str(p)), m)


def test_bundled_file_is_what_the_writer_reads(name="skirmish"):
    m = load_map(name)
    again = read_map_text(write_map_text(m))
    assert write_map_text(again) == write_map_text(m)  # the writer is deterministic


def test_equals_compares_fields(sk):
    other = sk.with_changes(terrain={"0101": "trees"})
    assert not sk.equals(other) and sk.equals(sk) and not sk.equals("skirmish")
    no_elev = Map(sk.name, sk.layout, sk.terrain_names, sk.terrain)
    assert not no_elev.equals(sk) and not sk.equals(no_elev)


NAMES = st.text(alphabet="abcdefghijklmnopqrstuvwxyz ABC-_0123456789()'", min_size=1, max_size=12)
SAFE_NAMES = NAMES.map(str.strip).filter(bool)
DESCRIPTIONS = st.text(alphabet="abc XYZ#:|=,.\n-", max_size=40)


@st.composite
def random_maps(draw) -> Map:
    cols, rows = draw(st.integers(1, 7)), draw(st.integers(1, 7))
    style = draw(st.sampled_from(["ccrr", "letters"]))
    layout = OffsetLayout(cols, rows, draw(st.booleans()))
    names = draw(st.lists(SAFE_NAMES, min_size=1, max_size=4, unique=True))
    terrain = np.array(
        draw(st.lists(st.integers(0, len(names) - 1), min_size=cols * rows, max_size=cols * rows))
    ).reshape(cols, rows)
    hexes = layout.hexes()
    all_sides = sorted({s for h in hexes for s in sides_of(h)})
    inner = [s for s in all_sides if all(layout.contains(x) for x in s.hexes())]
    feats = {
        f: frozenset(draw(st.lists(st.sampled_from(all_sides), max_size=8)))
        for f in draw(st.lists(SAFE_NAMES, max_size=3, unique=True))
    }
    roads = set(draw(st.lists(st.sampled_from(inner), max_size=5))) if inner else set()
    places = {}
    for pname in draw(st.lists(SAFE_NAMES, max_size=4, unique=True)):
        if draw(st.booleans()) and len(hexes) > 1:  # a road path: a random walk
            h = draw(st.sampled_from(hexes))
            path = [h]
            for _ in range(draw(st.integers(1, 6))):
                nxt = [h + d for d in DIRECTIONS if layout.contains(h + d)]
                h = draw(st.sampled_from(nxt))
                path.append(h)
            roads.update(hexside_between(a, b) for a, b in zip(path, path[1:]))
            places[pname] = tuple(path)
        else:
            places[pname] = tuple(draw(st.lists(st.sampled_from(hexes), max_size=6)))
    elevation = None
    if draw(st.booleans()):
        lo, hi = draw(st.sampled_from([(0, 9), (-30, 150)]))
        elevation = np.array(
            draw(st.lists(st.integers(lo, hi), min_size=cols * rows, max_size=cols * rows))
        ).reshape(cols, rows)
    sight = None
    if draw(st.booleans()):
        sight = BlockingModel(
            frozenset(draw(st.lists(st.sampled_from(names), max_size=2))),
            frozenset(draw(st.lists(SAFE_NAMES, max_size=2))),
            draw(st.booleans()),
            draw(st.booleans()),
            draw(st.sampled_from(["both", "either"])),
            draw(st.one_of(st.none(), st.integers(0, 40))),
        )
    return Map(
        sight_model=sight,
        name=draw(st.one_of(st.just(""), SAFE_NAMES)),
        layout=layout,
        terrain_names=tuple(names),
        terrain=terrain,
        hexside_features=feats,
        roads=frozenset(roads),
        places=places,
        elevation=elevation,
        label_style=style,
        description=draw(DESCRIPTIONS),
    )


@given(random_maps())
@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
def test_random_maps_round_trip_text(m):
    text = write_map_text(m)
    assert_same(read_map_text(text), m)


@given(random_maps())
@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
def test_random_maps_round_trip_json(m):
    data = json.loads(json.dumps(map_to_json(m)))
    assert_same(map_from_json(data), m)
    assert_same(map_from_json(json.loads(dumps_map_json(m))), m)


def test_writer_refuses_names_it_cannot_write_back(sk):
    bad = Map("x#y", sk.layout, sk.terrain_names, sk.terrain)
    with pytest.raises(MapError, match="map name"):
        write_map_text(bad)
    bad = Map("x", sk.layout, sk.terrain_names, sk.terrain, places={"a:b": ()})
    with pytest.raises(MapError, match="place name"):
        write_map_text(bad)
    assert map_from_json(map_to_json(bad)).equals(bad)  # JSON can


# --- the text format --------------------------------------------------------------------------
SMALL = """\
# a small map
name: small
size: 4 x 3
labels: ccrr
layout: flat even-columns-low
terrain: . = open, T = trees
grid:
01 ..T.
02 .TT.
03 ....
elevation:
01 0012
02 0123
03 0011
hexsides slope:
0101/0102 0201 N    # the second one is on the map's top edge
road R:
0101 0102 0103
place p: 0403 0401..0302
"""


def test_text_format_features():
    m = read_map_text(SMALL)
    assert m.name == "small" and (m.cols, m.rows) == (4, 3)
    assert m.terrain_at("0302") == "trees" and m.terrain_at("0103") == "open"
    assert m.elevation_at("0402") == 3
    assert m.has_feature(m.hexside("0101", "0102"), "slope")
    assert m.sides_with("0201", "slope") == [0]
    assert m.road_between("0102", "0103") and not m.road_between("0101", "0201")
    assert [m.label(h) for h in m.place("R")] == ["0101", "0102", "0103"]
    # a block runs column by column: columns 4..3 (descending), rows 1..2
    assert [m.label(h) for h in m.place("p")] == ["0403", "0401", "0402", "0301", "0302"]


def test_text_defaults_and_variants():
    text = "size: 3x2\nterrain: o = open\n  x = rough\ngrid:\nooo\nxox\n"
    m = read_map_text(text, source="maps/field.hexmap")
    assert m.name == "field" and m.label_style == "ccrr" and m.layout.even_columns_low
    assert m.elevation is None and m.places == {} and m.roads == frozenset()
    text = (
        "name: n\nsize: 3 x 2\nlabels: letters\nlayout: flat odd-columns-low\n"
        "terrain: . = clear\ngrid:\n...\n...\nelevation:\nA 1 -2 10\nB 3 4 5\n"
        "hexsides wall:\n@AA S @BA/@CA\n"
    )
    m = read_map_text(text)
    assert not m.layout.even_columns_low and m.label_style == "letters"
    assert m.elevation_at("@BA") == -2 and m.elevation_at("@CB") == 5
    assert m.has_feature(m.hexside("@AA", "@AB"), "wall")
    assert m.has_feature(m.hexside("@BA", "@CA"), "wall")


def bad(text: str, *patterns: str) -> str:
    with pytest.raises(MapError) as e:
        read_map_text(text)
    msg = str(e.value)
    for p in patterns:
        assert re.search(p, msg), msg
    return msg


def slopes(items: str) -> str:
    """SMALL with other items in its 'hexsides slope:' section (line 16)."""
    return SMALL.replace("0101/0102 0201 N", items)


def test_text_error_unknown_terrain_char():
    text = SMALL.replace("02 .TT.", "02 .TX.")
    bad(text, r"line 9:", "unknown terrain character 'X'", "column 3", "row 2")


def test_text_error_rows_and_columns():
    bad(SMALL.replace("03 ....\n", ""), r"line 7:", "2 rows, expected 3")
    bad(SMALL.replace("03 ....\n", "03 ....\n04 ....\n"), r"line 11:", "more than 3 rows")
    bad(SMALL.replace("02 .TT.", "02 .TT"), r"line 9:", "row 2 has 3 columns, expected 4")
    bad(SMALL.replace("02 0123", "02 01234"), r"line 13:", "elevation row 2")
    bad(SMALL.replace("02 0123", "02 01x3"), r"line 13:", "not a whole number")
    bad(SMALL.replace("02 .TT.", "03 .TT."), r"line 9:", "row label '03'")


def test_text_error_hexsides():
    bad(slopes("0101/0103"), r"line 16:", "not adjacent")
    bad(slopes("0606/0607"), r"line 16:", "off the map")
    bad(slopes("0101 UP"), r"line 16:", "not a hexside")
    bad(slopes("0101/01x2"), r"line 16:", "CCRR")
    bad(slopes("0606 N"), r"line 16:", "not on the 4 x 3 map")


def test_text_error_roads_and_places():
    bad(SMALL.replace("0101 0102 0103", "0101 0102\n0104"), r"line 19:", "0104", "not on")
    bad(SMALL.replace("0101 0102 0103", "0101 0102\n0302"), r"line 19:", "not adjacent")
    bad(SMALL.replace("0101 0102 0103", "0101"), r"line 17:", "at least two hexes")
    bad(SMALL.replace("place p: 0403", "place p: 04x3"), r"line 19:", "CCRR")


def test_text_error_sections():
    bad(SMALL + "grid:\n", r"line 20:", "duplicate section 'grid'", "line 7")
    bad(SMALL + "place R:\n0101\n", r"line 20:", "duplicate section 'place R'", "'road R'")
    bad(SMALL + "hexsides slope:\n", r"line 20:", "duplicate section 'hexsides slope'")
    bad(SMALL.replace("size: 4 x 3\n", ""), "missing 'size")
    bad(SMALL.replace("terrain: . = open, T = trees\n", ""), "missing 'terrain")
    bad(SMALL.replace("grid:", "map:"), r"line 7:", "unknown section 'map'")
    bad("0101\nsize: 1 x 1\n", r"line 1:", "before any section")
    bad(SMALL.replace("name: small", "name: small\nsomething"), r"line 3:", "unexpected")
    bad(SMALL.replace("# a small map", "| text"), r"line 1:", "description")
    bad(SMALL.replace("place p:", "place:"), r"line 19:", "needs a name")


def test_text_error_header_values():
    bad(SMALL.replace("4 x 3", "4 by 3"), r"line 3:", "COLUMNS x ROWS")
    bad(SMALL.replace("4 x 3", "0 x 3"), r"line 3:", "at least one column")
    bad(SMALL.replace("labels: ccrr", "labels: roman"), r"line 4:", "unknown label style")
    bad(SMALL.replace("layout: flat even-columns-low", "layout: pointy"), r"line 5:", "flat")
    bad(SMALL.replace("layout: flat even-columns-low", "layout: wobbly"), r"line 5:", "wobbly")
    bad(SMALL.replace("labels: ccrr", "labels: letters").replace("4 x 3", "27 x 3"), "too large")
    bad(SMALL.replace(". = open", ".. = open"), r"line 6:", "'C = name'")
    bad(SMALL.replace("T = trees", ". = trees"), r"line 6:", "defined twice")
    bad(SMALL.replace("T = trees", "T = open"), r"line 6:", "two characters")
    bad(SMALL.replace("T = trees", ": = trees"), r"line 6:")


def test_text_errors_name_the_source_file(tmp_path):
    p = tmp_path / "broken.txt"
    p.write_text(SMALL.replace("02 .TT.", "02 .TX."))
    with pytest.raises(MapError, match=r"broken\.txt: line 9: unknown terrain character"):
        load_map(p)


MUTATIONS = st.lists(
    st.tuples(st.integers(0, 10_000), st.sampled_from(["del", "dup", "char"]), st.characters()),
    min_size=1,
    max_size=4,
)


@given(MUTATIONS)
@settings(max_examples=300)
def test_mangled_text_gives_a_map_or_a_map_error(mutations):
    """Never a bare traceback: any edit of a valid file reads back or raises MapError."""
    lines = SMALL.split("\n")
    for pos, op, ch in mutations:
        i = pos % len(lines)
        if op == "del":
            del lines[i]
        elif op == "dup":
            lines.insert(i, lines[i])
        else:
            j = pos % (len(lines[i]) + 1)
            lines[i] = lines[i][:j] + ch + lines[i][j + 1 :]
        if not lines:
            lines = [""]
    try:
        m = read_map_text("\n".join(lines))
    except MapError:
        return
    assert isinstance(m, Map)


# --- the JSON format ---------------------------------------------------------------------------
def small_json() -> dict:
    return map_to_json(read_map_text(SMALL))


def bad_json(data: object, *patterns: str) -> str:
    with pytest.raises(MapError) as e:
        map_from_json(data)
    msg = str(e.value)
    for p in patterns:
        assert re.search(p, msg), msg
    return msg


def test_json_shape():
    d = small_json()
    assert d["format"] == "hexplay-map" and d["version"] == 1
    assert d["size"] == {"cols": 4, "rows": 3}
    assert d["terrain"][1] == [0, 1, 1, 0]  # row 2 of the grid
    assert d["hexside_features"]["slope"] == ["0101/0102", "0201 N"]
    assert d["places"]["R"] == ["0101", "0102", "0103"]
    d["hexside_features"]["slope"].append([0, 1, 0])  # canonical triples are accepted too
    assert len(map_from_json(d).hexside_features["slope"]) == 2  # (the same side as 0101/0102)


def test_json_errors():
    def edit(f):
        d = small_json()
        f(d)
        return d

    bad_json([], r"\(top level\)", "JSON object")
    bad_json(edit(lambda d: d.pop("size")), r"^size: missing")
    bad_json(edit(lambda d: d.pop("terrain")), r"^terrain: missing")
    bad_json(edit(lambda d: d.pop("terrain_names")), r"^terrain_names: missing")
    bad_json(edit(lambda d: d.update(colour="red")), r"^colour: unknown field")
    bad_json(edit(lambda d: d["size"].update(cols=True)), r"^size\.cols: expected a whole")
    bad_json(edit(lambda d: d["size"].update(cols=5)), r"^terrain\[0\]: has 4 columns, expected 5")
    bad_json(edit(lambda d: d["terrain"].pop()), r"^terrain: has 2 rows, expected 3")
    bad_json(edit(lambda d: d["terrain"][1].__setitem__(2, 7)), r"^terrain\[1\]\[2\]: 7 is not")
    bad_json(edit(lambda d: d["terrain"][1].__setitem__(2, "T")), r"^terrain\[1\]\[2\]")
    bad_json(edit(lambda d: d["terrain"][1].__setitem__(2, 1.0)), r"^terrain\[1\]\[2\]")
    bad_json(edit(lambda d: d.update(elevation=[[0] * 4] * 2)), r"^elevation: has 2 rows")
    bad_json(edit(lambda d: d.update(labels="roman")), r"^labels: unknown label style")
    bad_json(edit(lambda d: d.update(layout="pointy")), r"^layout: ")
    bad_json(edit(lambda d: d.update(version=2)), r"^version: ")
    bad_json(edit(lambda d: d.update(format="other")), r"^format: ")
    bad_json(edit(lambda d: d["terrain_names"].append("open")), r"^terrain_names\[2\]: duplicate")
    slope = r'hexside_features\["slope"\]\[2\]'
    bad_json(edit(lambda d: d["hexside_features"]["slope"].append("0101/0103")), slope, "adjacent")
    bad_json(edit(lambda d: d["hexside_features"]["slope"].append("0808/0809")), slope, "off the")
    bad_json(edit(lambda d: d["hexside_features"]["slope"].append([0, 0, 3])), slope, "0, 1 or 2")
    bad_json(edit(lambda d: d["hexside_features"]["slope"].append(5)), slope, "expected a hexside")
    bad_json(edit(lambda d: d["roads"].append("0101 XX")), r"^roads\[2\]: unknown direction")
    bad_json(edit(lambda d: d["places"]["R"].append("0909")), r'^places\["R"\]\[3\]: hex .0909')
    bad_json(edit(lambda d: d["places"]["R"].append(1)), r'^places\["R"\]\[3\]: expected a hex')
    bad_json(edit(lambda d: d.update(places=[])), r"^places: expected an object")


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 50) | st.text(max_size=6),
    lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=4), c, max_size=3),
    max_leaves=6,
)


@given(st.data())
@settings(max_examples=300)
def test_mangled_json_gives_a_map_or_a_map_error(data):
    d = small_json()
    node = d
    while True:  # walk down to a random container and replace one entry
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            break
        k = data.draw(st.sampled_from(keys))
        if isinstance(node[k], (dict, list)) and node[k] and data.draw(st.booleans()):
            node = node[k]
            continue
        node[k] = data.draw(JSON_VALUES)
        break
    try:
        m = map_from_json(d)
    except MapError:
        return
    assert isinstance(m, Map)


# --- loading ------------------------------------------------------------------------------------
def test_load_map_errors(tmp_path):
    with pytest.raises(MapError, match=r"unknown map 'nowhere'.*aggressor, ambush_.*, skirmish"):
        load_map("nowhere")
    with pytest.raises(MapError, match="no such map file"):
        load_map(tmp_path / "missing.txt")
    with pytest.raises(MapError, match="unknown map file type '.yaml'"):
        load_map(tmp_path / "map.yaml")
    with pytest.raises(MapError, match="map name or a path"):
        load_map(42)  # type: ignore[arg-type]
    p = tmp_path / "bad.json"
    p.write_text('{"size": {"cols": 2,\n "rows": }}')
    with pytest.raises(MapError, match=r"bad\.json: invalid JSON at line 2"):
        load_map(p)
    p.write_text(json.dumps({"size": {"cols": 2, "rows": 2}}))
    with pytest.raises(MapError, match=r"bad\.json: terrain_names: missing"):
        load_map(p)
    with pytest.raises(MapError, match="unknown map file type"):
        save_map(load_map("aggressor"), tmp_path / "x.png")
    assert hexplay.MapError is MapError and issubclass(MapError, ValueError)


@given(random_maps())
@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
def test_random_maps_round_trip_dict(m):
    data = json.loads(json.dumps(map_to_dict(m, sight=True)))
    assert_same(map_from_dict(data), m)


# --- strict hexes: Map.parse_hex is the one entry point (issue 11, defect 1) ------------------
def test_parse_hex_gives_hex_canonical_label_and_index(sk, ag):
    h = sk.parse_hex("0620")
    assert h.label == "0620" and h.hex == sk.hex("0620") and sk.hexes[h.index] == h.hex
    assert sk.parse_hex(h.hex) == h == sk.parse_hex(list(h.hex)) == sk.parse_hex(tuple(h.hex))
    assert sk.parse_hex((np.int64(h.hex.q), np.int64(h.hex.r))) == h
    assert ag.parse_hex("uo").label == ag.parse_hex("UO").label == "@UO"


@pytest.mark.parametrize("bad", [" 0617 ", "0617\n", "０６１７", "0617 ", " 2928 ", "06 17", ""])
def test_labels_that_are_not_exactly_a_label_are_refused(sk, bad):
    from hexplay.hexgrid import LabelError

    assert not sk.contains(bad)
    with pytest.raises(LabelError, match="^man: "):
        sk.parse_hex(bad, "man")
    with pytest.raises(MapError):
        sk.require(bad)


@pytest.mark.parametrize(
    "bad", ["0000", "3101", "0137", (99, 99), (1.0, 2), (True, 1), (1, 2, 3), None, 617, {}]
)
def test_off_map_and_non_hex_values_are_refused(sk, bad):
    assert not sk.contains(bad)
    with pytest.raises(MapError, match="^target: "):
        sk.parse_hex(bad, "target")


def test_fast_paths_equal_the_strict_parse(sk):
    for i, (h, lab) in enumerate(zip(sk.hexes, sk.hex_labels)):
        p = sk.parse_hex(lab)
        assert (p.hex, p.label, p.index) == (h, lab, i)
        assert sk.index(lab) == sk.index(h) == i
        assert sk.label(h) == lab and sk.require(h) == h and sk.contains(h)


# --- a Map validates itself; the save form too (issue 11, defects 5 and 7) -------------------
def small_dict() -> dict:
    return json.loads(json.dumps(map_to_dict(read_map_text(SMALL), sight=True)))


def edited(f) -> dict:
    d = small_dict()
    f(d)
    return d


@pytest.mark.parametrize(
    "edit,pattern",
    [
        (lambda d: d["terrain"][1].__setitem__(1, 65537), r"^map\.terrain: 65537 is outside"),
        (lambda d: d["terrain"][1].__setitem__(1, float("nan")), r"^map\.terrain\[1\]"),
        (lambda d: d["terrain"][1].pop(), r"^map\.terrain: "),
        (lambda d: d["terrain"][1].__setitem__(1, "T"), r"^map\.terrain\[1\]"),
        (lambda d: d["terrain"][1].__setitem__(1, True), r"^map\.terrain\[1\]"),
        (lambda d: d.update(terrain=[[0] * 3] * 3), r"^map\.terrain: shape"),
        (lambda d: d.update(elevation=[[-(2**63)] * 3] * 4), r"^map\.elevation: .* is outside"),
        (lambda d: d.update(elevation=[[2**64] * 3] * 4), r"^map\.elevation"),
        (lambda d: d.update(cols="4"), r"^map\.cols: expected a whole number"),
        (lambda d: d.update(rows=None), r"^map\.rows"),
        (lambda d: d.update(cols=0), r"^map\.size"),
        (lambda d: d.update(colour="red"), r"^map\.colour: unknown field"),
        (lambda d: d.pop("terrain_names"), r"^map\.terrain_names: missing"),
        (lambda d: d.update(terrain_names=["open", 5]), r"^map\.terrain_names\[1\]"),
        (lambda d: d["hexside_features"]["slope"].append([0, 0, 5]), r"^map\.hexsides slope"),
        (lambda d: d["hexside_features"]["slope"].append([40, 40, 0]), r"off the map"),
        (lambda d: d["hexside_features"]["slope"].append("0101/0102"), r"^map\.hexside_features"),
        (lambda d: d["roads"].append([-9, -9, 1]), r"^map\.roads: .*off the map"),
        (lambda d: d["places"]["p"].append([30, 30]), r"^map\.places p: .* not on the"),
        (lambda d: d["places"].update(q="0101"), r"^map\.places\.q"),
        (lambda d: d.update(label_style="roman"), r"^map\.labels"),
        (lambda d: d.update(even_columns_low=1), r"^map\.even_columns_low"),
        (lambda d: d.update(sight={"combine": "neither"}), r"^map\.sight: combine"),
        (lambda d: d.update(sight={"blocking_terrain": ["lava"]}), r"^map\.sight: blocking"),
    ],
)
def test_save_form_is_validated_field_by_field(edit, pattern):
    from hexplay.engine import map_from_dict as engine_map_from_dict

    d = edited(edit)
    for reader in (map_from_dict, engine_map_from_dict):  # saves go through the same check
        with pytest.raises(MapError, match=pattern):
            reader(d)


def test_save_form_round_trips_and_old_saves_load(sk):
    assert map_from_dict(small_dict()).equals(read_map_text(SMALL))
    d = json.loads(json.dumps(map_to_dict(sk, sight=True)))
    assert map_from_dict(d).equals(sk)
    save_form = map_to_dict(sk)  # what game saves hold: unchanged, without the sight model
    assert "sight" not in save_form and d == {**save_form, "sight": sk.sight_model.to_dict()}
    old = map_from_dict(save_form)
    assert old.sight_model is None and old.terrain_names == sk.terrain_names


@pytest.mark.parametrize(
    "kw,pattern",
    [
        ({"terrain": np.full((4, 3), 65537)}, r"^terrain: 65537 is outside"),
        ({"terrain": np.full((4, 3), np.nan)}, r"^terrain: NaN"),
        ({"terrain": np.full((4, 3), 0.5)}, r"^terrain: 0\.5 is not a whole"),
        ({"terrain": [[0, 0, 0], [0, 0]]}, r"^terrain: not a rectangular"),
        ({"elevation": np.full((4, 3), -(2**63))}, r"^elevation: .*outside"),
        ({"terrain_names": "open"}, r"^terrain_names: expected a list"),
        ({"hexside_features": {"slope": [(0, 0, 4)]}}, r"^hexsides slope: "),
        ({"roads": [(0, 0, 0.5)]}, r"^roads: "),
        ({"places": {"p": "0101"}}, r"^places p: expected a list"),
        ({"places": {"p": [" 0101"]}}, r"^places p: "),
        ({"name": 5}, r"^name: expected a string"),
    ],
)
def test_map_constructor_refuses_bad_fields(kw, pattern):
    base = {
        "name": "m",
        "layout": OffsetLayout(4, 3),
        "terrain_names": ("open", "trees"),
        "terrain": np.zeros((4, 3), dtype=int),
    }
    with pytest.raises(MapError, match=pattern):
        Map(**{**base, **kw})


def test_whole_valued_float_grids_are_kept_exactly():
    m = Map("m", OffsetLayout(3, 2), ("open", "trees"), np.ones((3, 2)), elevation=np.zeros((3, 2)))
    assert m.terrain.dtype == np.int16 and (m.terrain == 1).all()


def test_json_elevation_out_of_32_bits_is_refused_not_stored_as_zero():
    d = small_json()
    d["elevation"] = [[-(2**63)] * 4] * 3
    bad_json(d, r"^elevation\[0\]\[0\]: .* is outside")
    d["elevation"] = [[2**31] * 4] * 3
    bad_json(d, r"^elevation\[0\]\[0\]")
    d["hexside_features"]["slope"].append(" 0101/0102")
    d["elevation"] = None
    bad_json(d, r'^hexside_features\["slope"\]\[2\]: .*extra spaces')


def test_text_errors_name_the_line_for_numbers_and_row_labels():
    text = SMALL.replace("02 0123", "02 0 1 2 99999999999")
    bad(text, r"line 13:", "elevation row 2")
    text = SMALL.replace("02 .TT.", "０２ .TT.")
    bad(text, r"line 9:", "row label")


# --- the map's sight model in the files -----------------------------------------------------
SIGHT = """\
sight:
blocking terrain = trees
blocking hexsides = slope
end hexsides = block
combine = either
max range = 12
"""


def test_text_sight_section_reads_and_round_trips():
    m = read_map_text(SMALL + SIGHT)
    assert m.sight_model == BlockingModel(
        frozenset({"trees"}), frozenset({"slope"}), True, False, "either", 12
    )
    assert read_map_text(write_map_text(m)).equals(m)
    assert map_from_json(map_to_json(m)).equals(m)
    assert map_from_dict(map_to_dict(m, sight=True)).equals(m)
    assert read_map_text(SMALL).sight_model is None
    assert read_map_text(SMALL + "sight:\n").sight_model == BlockingModel()


@pytest.mark.parametrize(
    "line,pattern",
    [
        ("combine = neither", "combine must be"),
        ("max range = far", "max range must be"),
        ("end hexes = maybe", "end hexes must be"),
        ("blocking terrain = lava", r"blocking terrain \['lava'\] is not a terrain"),
        ("blocking trees", "should read 'KEY = VALUE'"),
        ("combine = both\ncombine = both", "given twice"),
    ],
)
def test_text_sight_errors_name_the_line(line, pattern):
    text = SMALL + "sight:\n" + line + "\n"
    n = text.count("\n")
    msg = bad(text, pattern)
    assert re.search(rf"line ({n}|{SMALL.count(chr(10)) + 1}):", msg), msg


def test_bundled_skirmish_map_carries_skirmish_sight(sk):
    from hexplay.games.skirmish.sight import SKIRMISH_SIGHT as RULES_SIGHT

    assert sk.sight_model == RULES_SIGHT == SKIRMISH_SIGHT
    assert not sk.los("0620", "1624").clear  # issue 10: was clear with no model given
    for a, b in [("0620", "1327"), ("1023", "1324"), ("1219", "1624")]:
        assert sk.los(a, b).clear == los(sk, a, b).clear
