"""MapBuilder (hexplay.maps.edit): every edit operation, undo/redo, and the round trip
edit -> save (text and JSON) -> load -> an equal map."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hexplay.hexgrid import Hex, hexside_between, hexside_of
from hexplay.maps import (
    EditError,
    MapBuilder,
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

SIGHT = BlockingModel(frozenset({"trees"}), frozenset({"slope"}))


def small() -> MapBuilder:
    return MapBuilder.blank(6, 5, ("open", "trees"), ("slope",), name="little", sight_model=SIGHT)


def round_trips(m) -> None:
    """The map survives every existing format exactly."""
    assert read_map_text(write_map_text(m)).equals(m)
    assert map_from_json(map_to_json(m)).equals(m)
    assert map_from_dict(map_to_dict(m, sight=True)).equals(m)


def test_blank_map_names_every_type_and_validates():
    b = small()
    m = b.build()
    assert (m.cols, m.rows) == (6, 5)
    assert m.terrain_names == ("open", "trees")
    assert (m.terrain == 0).all()
    assert m.sight_model == SIGHT
    assert not b.can_undo
    with pytest.raises(EditError, match="size"):
        MapBuilder.blank(0, 5)
    with pytest.raises(EditError, match="size"):
        MapBuilder.blank(27, 5, label_style="letters")
    with pytest.raises(EditError, match="blank"):
        MapBuilder.blank(3, 3, ("open",), sight_model=SIGHT)  # trees block but are not a type


def test_paint_one_hex_and_a_stroke():
    b = small()
    assert b.paint("0203", "trees") == 1
    assert b.build().terrain_at("0203") == "trees"
    assert b.paint(["0203", "0204", "0304"], "trees") == 2  # one already trees
    assert [b.build().terrain_at(h) for h in ("0203", "0204", "0304")] == ["trees"] * 3
    assert b.paint("0203", "trees") == 0  # no change: no undo step
    assert len(b.history) == 2
    b.undo()
    assert b.build().terrain_at("0204") == "open"
    assert b.build().terrain_at("0203") == "trees"


def test_paint_a_new_game_terrain_adds_its_name():
    b = MapBuilder(load_map("aggressor"), terrain_types=("clear", "rough", "marsh"))
    b.paint("@AA", "marsh")
    m = b.build()
    assert m.terrain_names == ("clear", "rough", "marsh")
    assert m.terrain_at("@AA") == "marsh"
    round_trips(m)


@pytest.mark.parametrize(
    ("hexes", "terrain", "match"),
    [
        ("0703", "open", "not on the 6x5 map"),
        (" 0203", "open", "paint"),
        ("0203", "lava", "unknown terrain"),
        ([("x", 1)], "open", "paint"),
    ],
)
def test_paint_refuses_and_changes_nothing(hexes, terrain, match):
    b = small()
    b.paint("0101", "trees")
    before = b.build()
    with pytest.raises(EditError, match=match):
        b.paint(["0102", hexes] if isinstance(hexes, str) else hexes, terrain)
    assert b.build() is before and len(b.history) == 1


def test_toggle_hexside_by_hex_and_direction():
    b = small()
    assert b.toggle_hexside(("0203", 3), "slope") is True  # the S side of 0203
    m = b.build()
    s = m.hexside("0203", "0204")
    assert m.has_feature(s, "slope")
    assert b.toggle_hexside(s, "slope") is False
    assert not b.build().has_feature(s, "slope")
    assert "slope" not in b.build().hexside_features  # an empty feature is not written
    b.undo()
    assert b.build().has_feature(s, "slope")
    with pytest.raises(EditError, match="unknown hexside feature"):
        b.toggle_hexside(s, "wall")
    with pytest.raises(EditError, match="direction"):
        b.toggle_hexside(("0203", 6), "slope")
    with pytest.raises(EditError, match="off the map"):
        b.set_hexside(hexside_of(Hex(20, 20), 0), "slope")
    # an edge side (one hex on the map) is a side of the map
    assert b.set_hexside(("0101", 0), "slope") is True
    round_trips(b.build())


def test_slope_changes_the_line_of_sight():
    b = small()
    assert b.build().los("0103", "0503").clear
    m0 = b.build()
    for d in (1, 2):  # both of 0303's east sides: the line must cross one
        b.set_hexside(("0303", d), "slope")
    assert not b.build().los("0103", "0503").clear
    assert m0.los("0103", "0503").clear  # the map built before is not changed


def test_roads_along_a_path_toggle():
    b = small()
    assert b.road_path(["0101", "0102", "0202"]) == 2
    m = b.build()
    assert m.road_between("0101", "0102") and m.road_between("0102", "0202")
    assert b.road_path(["0102", "0202", "0302"]) == 1  # one side new: added, none removed
    assert b.road_path(["0102", "0202"]) == 1  # all present: removed
    assert not b.build().road_between("0102", "0202")
    with pytest.raises(EditError, match="not adjacent"):
        b.road_path(["0101", "0103"])
    with pytest.raises(EditError, match="at least two"):
        b.road_path(["0101"])
    assert b.road_path(["0101", "0102"], on=True) == 0
    round_trips(b.build())


def test_elevation_grid_made_on_first_use():
    b = small()
    assert b.build().elevation is None
    assert b.set_elevation(["0202", "0203"], 3) == 2
    m = b.build()
    assert m.elevation_at("0202") == 3 and m.elevation_at("0101") == 0
    assert b.set_elevation("0202", 3) == 0
    b.set_elevation("0404", -12)  # written as numbers, not digits
    round_trips(b.build())
    for bad in (1.5, True, "3", 2**40):
        with pytest.raises(EditError, match="elevation"):
            b.set_elevation("0101", bad)
    assert b.clear_elevation() and b.build().elevation is None
    b.undo()
    assert b.build().elevation_at("0404") == -12


def test_places_routes_and_sectors():
    b = small()
    b.set_place("Route 1", ["0101", "0102", "0103"])
    assert b.build().place("Route 1") == tuple(b.build().hex(h) for h in ("0101", "0102", "0103"))
    assert b.toggle_place_hexes("Route 1", ["0104"]) == 1
    assert b.toggle_place_hexes("Route 1", "0102") == 1  # a hex in it again: taken out
    assert [b.build().label(h) for h in b.build().place("Route 1")] == ["0101", "0103", "0104"]
    b.set_place("sector 1", ["0101", "0201"])
    round_trips(b.build())
    assert b.remove_place("sector 1") and "sector 1" not in b.build().places
    assert not b.remove_place("nowhere")
    for bad in ("", "a: b", " x", "x#"):
        with pytest.raises(EditError, match="place"):
            b.set_place(bad, ["0101"])


def test_a_route_drawn_as_a_road_round_trips_as_road_and_place():
    b = small()
    path = ["0101", "0102", "0202", "0203"]
    b.road_path(path)
    b.set_place("Route 4", path)
    m = b.build()
    text = write_map_text(m)
    assert "road Route 4:" in text
    round_trips(m)


def test_resize_keeps_what_still_fits():
    b = small()
    b.paint("0101", "trees")
    b.paint("0605", "trees")
    b.set_elevation("0605", 2)
    b.set_hexside(("0605", 3), "slope")
    b.road_path(["0101", "0102"])
    b.road_path(["0505", "0605"])
    b.set_place("p", ["0101", "0605"])
    assert b.resize(4, 4)
    m = b.build()
    assert (m.cols, m.rows) == (4, 4)
    assert m.terrain_at("0101") == "trees"
    assert m.elevation.shape == (4, 4)
    assert not m.hexside_features  # the slope was at the far corner
    assert m.road_between("0101", "0102") and len(m.roads) == 1
    assert [m.label(h) for h in m.place("p")] == ["0101"]
    assert b.resize(8, 7, fill="trees")
    m2 = b.build()
    assert m2.terrain_at("0807") == "trees" and m2.terrain_at("0101") == "trees"
    assert m2.terrain_at("0202") == "open"
    round_trips(m2)
    b.undo()
    b.undo()
    assert b.build().cols == 6 and b.build().terrain_at("0605") == "trees"
    with pytest.raises(EditError, match="size"):
        b.resize(100, 3)
    with pytest.raises(EditError, match="unknown terrain"):
        b.resize(3, 3, fill="lava")


def test_rename_describe_and_sight():
    b = small()
    assert b.rename("hill country")
    assert b.describe("two lines\nof text")
    with pytest.raises(EditError, match="rename"):
        b.rename("a#b")
    assert b.set_sight(None) and b.build().sight_model is None
    with pytest.raises(EditError, match="not a terrain"):
        b.set_sight(BlockingModel(frozenset({"water"})))
    m = b.build()
    assert (m.name, m.description) == ("hill country", "two lines\nof text")
    round_trips(m)


def test_undo_redo_walks_the_history():
    b = small()
    maps = [b.build()]
    b.paint("0101", "trees")
    maps.append(b.build())
    b.set_hexside(("0101", 3), "slope")
    maps.append(b.build())
    b.road_path(["0201", "0202"])
    maps.append(b.build())
    assert len(b.history) == 3
    for want in reversed(maps[:-1]):
        assert b.undo()
        assert b.build().equals(want)
    assert not b.undo() and b.can_redo
    for want in maps[1:]:
        assert b.redo()
        assert b.build().equals(want)
    assert not b.redo()
    b.undo()
    b.paint("0303", "trees")  # a new edit drops what could be redone
    assert not b.can_redo


def test_starting_from_a_bundled_map_leaves_it_alone():
    sk = load_map("skirmish")
    before = write_map_text(sk)
    b = MapBuilder(sk)
    assert b.build() is sk  # nothing edited yet
    b.paint("0101", "trees")
    b.toggle_hexside(("0620", 0), "slope")
    assert write_map_text(sk) == before
    round_trips(b.build())


def test_save_and_load_files(tmp_path):
    b = small()
    b.paint(["0202", "0302"], "trees")
    b.set_hexside(("0202", 3), "slope")
    b.road_path(["0101", "0201", "0301"])
    b.set_place("Route 7", ["0101", "0201", "0301"])
    b.set_elevation("0505", 4)
    m = b.build()
    for name in ("m.hexmap", "m.txt", "m.json"):
        path = save_map(m, tmp_path / name)
        assert load_map(path).equals(m)


# --- property: any sequence of edits round-trips and undoes back to the start ---------------

OPS = st.one_of(
    st.tuples(st.just("paint"), st.integers(0, 29), st.sampled_from(["open", "trees", "rough"])),
    st.tuples(st.just("side"), st.integers(0, 29), st.integers(0, 5)),
    st.tuples(st.just("road"), st.integers(0, 29), st.integers(0, 5)),
    st.tuples(st.just("elev"), st.integers(0, 29), st.integers(-3, 12)),
    st.tuples(st.just("place"), st.integers(0, 29), st.sampled_from(["Route 1", "sector 2"])),
    st.tuples(st.just("resize"), st.integers(1, 8), st.integers(1, 7)),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(OPS, max_size=12))
def test_any_edits_round_trip_and_undo_to_the_start(ops):
    b = MapBuilder.blank(6, 5, ("open", "trees", "rough"), ("slope",), sight_model=SIGHT)
    start = b.build()
    for op, a, c in ops:
        m = b.build()
        h = m.hexes[a % m.size]
        try:
            if op == "paint":
                b.paint(h, c)
            elif op == "side":
                b.toggle_hexside((h, c), "slope")
            elif op == "road":
                n = h + Hex(*[(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)][c])
                b.road_path([h, n])
            elif op == "elev":
                b.set_elevation(h, c)
            elif op == "place":
                b.toggle_place_hexes(c, h)
            else:
                b.resize(a, c)
        except EditError:
            assert b.build().equals(m)  # a refused edit changed nothing
    round_trips(b.build())
    while b.undo():
        pass
    assert b.build().equals(start)
    assert np.array_equal(b.build().terrain, start.terrain)


def test_hexside_between_matches_direction_form():
    b = small()
    b.toggle_hexside(("0202", 2), "slope")
    m = b.build()
    (s,) = m.hexside_features["slope"]
    assert s == hexside_between(m.hex("0202"), m.hex("0202") + Hex(1, 0))
