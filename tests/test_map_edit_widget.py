"""MapEditor (hexplay.widgets.map_editor) from Python: page messages become checked edits,
malformed ones are ignored, the LOS and movement overlays follow every edit, the game's own
terrain is offered, and saving is refused (with the reason shown) for a map the game refuses."""

from __future__ import annotations

import logging

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hexplay.maps import MapError, load_map
from hexplay.widgets import MapEditor
from hexplay.widgets.design import design_reach, game_design, map_problems
from hexplay.widgets.editor_board import EditBoard


@pytest.fixture
def ed() -> MapEditor:
    e = MapEditor((8, 7), game="skirmish")
    e.show_los("0301", "0306")
    return e


def test_terrain_and_features_come_from_the_game():
    assert game_design("skirmish").terrain_types == ("open", "trees")
    assert game_design("skirmish").feature_types == ("slope",)
    assert game_design("aggressor").terrain_types == ("clear", "rough")
    assert game_design("naval").terrain_types == ("sea", "land")
    ed = MapEditor((5, 5), game="naval")
    assert list(ed.terrain.options) == ["sea", "land"] and ed.terrain.value == "land"
    assert MapEditor((5, 5), game="aggressor", features=("river",)).feature.options == ("river",)


def test_a_painted_wood_blocks_the_line_of_sight(ed: MapEditor):
    assert ed.board.overlays["los"]["clear"] is True
    ed.simulate_stroke(["0203", "0303", "0403"])
    assert [ed.map.terrain_at(h) for h in ("0203", "0303", "0403")] == ["trees"] * 3
    assert ed.board.overlays["los"]["clear"] is False
    assert "0306" not in ed.board.overlays["visible"]
    assert ed.board.map is ed.map  # the board was sent the map as edited
    ed.undo()
    assert ed.board.overlays["los"]["clear"] is True and ed.map.terrain_at("0303") == "open"
    ed.redo()
    assert ed.board.overlays["los"]["clear"] is False


def test_a_slope_by_a_side_click_blocks_the_line_of_sight(ed: MapEditor):
    ed.tool.value = "hexside"
    assert ed.board.edit_tool == "hexside"
    ed.simulate_side("0303", 3)  # the S side of 0303, between it and 0304
    assert ed.map.has_feature(ed.map.hexside("0303", "0304"), "slope")
    assert ed.board.overlays["los"]["clear"] is False
    ed.simulate_side("0303", 3)
    assert not ed.map.hexside_features
    assert ed.board.overlays["los"]["clear"] is True


def test_roads_elevation_and_places_from_strokes(ed: MapEditor):
    ed.tool.value = "road"
    ed.simulate_stroke(["0101", "0102", "0202"])
    assert ed.map.road_between("0101", "0102") and ed.map.road_between("0102", "0202")
    ed.tool.value = "elevation"
    ed.height.value = 4
    ed.simulate_stroke(["0505", "0605"])
    assert ed.map.elevation_at("0605") == 4
    ed.tool.value = "place"
    ed.place.value = "Route 4"
    ed.simulate_stroke(["0101", "0102", "0202"])
    assert [ed.map.label(h) for h in ed.map.place("Route 4")] == ["0101", "0102", "0202"]
    ed.tool.value = "paint"  # a stroke of another tool is that tool's
    ed.simulate_stroke(["0707"])
    assert ed.map.terrain_at("0707") == "trees"


def test_movement_overlay_follows_the_terrain(ed: MapEditor):
    ed.tool.value = "movement"
    assert ed.board.edit_tool == ""  # clicks, not strokes
    ed.board.simulate_click("0404")
    before = dict(ed.board.overlays["reachable"])
    assert before == design_reach("skirmish", ed.map, "0404")
    ed.paint(["0303", "0403", "0503", "0304", "0504", "0305", "0405", "0505"], "trees")
    after = ed.board.overlays["reachable"]
    assert after != before and len(after) <= len(before)


def test_refused_edits_show_their_reason_and_change_nothing(ed: MapEditor):
    m = ed.map
    ed.tool.value = "road"
    ed.simulate_stroke(["0101", "0103"])  # not adjacent
    assert "not adjacent" in ed.status.value and ed.map is m
    ed.tool.value = "place"
    ed.place.value = "bad: name"
    ed.simulate_stroke(["0101"])
    assert "hexplay-edit-error" in ed.status.value and ed.map is m


@pytest.mark.parametrize(
    "msg",
    [
        {"type": "stroke", "hexes": ["0909"]},
        {"type": "stroke", "hexes": "0101"},
        {"type": "stroke", "hexes": []},
        {"type": "stroke", "hexes": [" 0101"]},
        {"type": "stroke", "hexes": ["0101"], "terrain": "trees"},
        {"type": "side", "hex": "0101", "dir": 6},
        {"type": "side", "hex": "0101", "dir": True},
        {"type": "side", "hex": None, "dir": 1},
        {"type": "drop", "hex": "0101", "unit": "A1"},
        {"type": "stroke", "hexes": ["0101"], "seq": "1"},
    ],
)
def test_malformed_page_messages_are_ignored(ed: MapEditor, msg, caplog):
    m = ed.map
    with caplog.at_level(logging.WARNING, logger="hexplay.widgets"):
        ed.board.simulate_edit(msg)
    assert ed.board.ignored_messages == 1
    assert "ignored a browser message" in caplog.text
    assert ed.map is m


def test_an_edit_message_is_answered_like_a_click(ed: MapEditor):
    ed.board.simulate_edit({"type": "stroke", "hexes": ["0101"], "seq": 7})
    assert ed.board._answer["seq"] == 7
    assert ed.map.terrain_at("0101") == "trees"


def test_edit_messages_are_ignored_without_an_edit_tool(ed: MapEditor):
    ed.tool.value = "line of sight"
    ed.simulate_stroke(["0101"])
    assert ed.board.ignored_messages == 1 and ed.map.terrain_at("0101") == "open"


def test_the_page_cannot_set_the_tool():
    b = EditBoard(load_map("skirmish"), edit_tool="paint")
    b.set_state({"edit_tool": "hexside"})
    assert b.edit_tool == "paint" and b.ignored_messages == 1


def test_resize_from_the_form(ed: MapEditor):
    ed.cols.value, ed.rows.value = 10, 9
    ed.resize_button.click()
    assert (ed.map.cols, ed.map.rows) == (10, 9)
    assert ed.board.map.cols == 10 and ed.board.overlays["los"]["from"] == "0301"
    ed.resize(2, 2)  # the observer's hex 0301 is gone: the overlays with it
    assert "los" not in ed.board.overlays


def test_save_round_trips_and_the_game_refuses_bundled_names(tmp_path):
    ed = MapEditor("skirmish", game="skirmish")
    ed.paint("0101", "trees")
    with pytest.raises(MapError, match="bundled map"):
        ed.save(tmp_path / "changed.hexmap")
    assert not (tmp_path / "changed.hexmap").exists()
    ed.save_button.click()  # the button shows the reason instead
    assert "bundled map" in ed.status.value
    ed.builder.rename("my skirmish")
    p = ed.save(tmp_path / "mine.hexmap")
    assert load_map(p).equals(ed.map)
    p2 = ed.save(tmp_path / "mine.json")
    assert load_map(p2).equals(ed.map)
    ed2 = MapEditor((4, 4), game="skirmish")
    ed2.load(p)
    assert ed2.map.equals(ed.map) and ed2.board.map.equals(ed.map)


def test_the_game_check_uses_the_engines_errors():
    assert map_problems("skirmish", load_map("skirmish")) == []
    assert map_problems("aggressor", load_map("aggressor")) == []
    ed = MapEditor((6, 6), game="aggressor")
    assert "not an AGGRESSOR map" in ed.problems.value  # no west/east/border/sectors yet
    with pytest.raises(MapError, match="would refuse"):
        ed.save("never.hexmap")
    naval = MapEditor((10, 8), game="naval")
    naval.paint(["0101", "0102"], "land")
    assert map_problems("naval", naval.map) == []
    assert map_problems("naval", load_map("skirmish"))  # trees are not sea or land


def test_aggressor_and_naval_overlays():
    ag = MapEditor("aggressor", game="aggressor")
    ag.show_reach("@CC")
    assert max(ag.board.overlays["reachable"].values()) <= 3
    na = MapEditor((10, 8), game="naval")
    na.paint(["0405", "0406", "0407", "0404", "0403"], "land")
    na.show_reach("0305")
    reach = na.board.overlays["reachable"]
    assert "0405" not in reach and max(reach.values()) <= 5


def test_sight_like_equals_a_fresh_build():
    from hexplay.maps import MapBuilder, map_from_dict, map_to_dict
    from hexplay.widgets.design import sight_like

    sight = game_design("skirmish").sight
    b = MapBuilder.blank(9, 8, ("open", "trees"), ("slope",), sight_model=sight)
    before = b.build()
    before.visible_from("0505", sight)  # its templates built
    b.paint(["0404", "0504", "0604", "0305"], "trees")
    b.set_hexside(("0505", 0), "slope")
    after = b.build()
    s = sight_like(after, sight, before)
    assert s._templates is before.sight(sight)._templates  # taken, not built
    fresh = map_from_dict(map_to_dict(after, sight=True))  # the same map, nothing shared
    for h in ("0505", "0101", "0908", "0404"):
        assert after.visible_from(h, sight) == fresh.visible_from(h, sight)
    assert (after.visibility_matrix(sight) == fresh.visibility_matrix(sight)).all()
    other = MapBuilder.blank(8, 8, ("open", "trees"), sight_model=sight).build()
    assert sight_like(other, sight, before)._templates is None  # another layout: not taken


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 10) | st.sampled_from(["0101", "0303", "x", ""]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=8,
)


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(["stroke", "side", "drop", "click", "nonsense"]),
    st.dictionaries(st.sampled_from(["hexes", "hex", "dir", "unit", "seq", "extra"]), JSONISH),
)
def test_any_page_message_is_an_edit_or_changes_nothing(kind, fields):
    ed = MapEditor((4, 4), game="skirmish")
    m = ed.map
    msg = {"type": kind, **fields}
    ed.board.simulate_edit(msg)  # never raises
    if ed.board.ignored_messages:
        assert ed.map is m
    else:  # accepted: exactly the checked form of a stroke or a side
        ok = {"hexes", "seq"} if kind == "stroke" else {"hex", "dir", "seq"}
        assert kind in ("stroke", "side", "click") and set(fields) <= ok | {"unit", "shift"}


def test_a_games_own_maps_bring_their_terrain(monkeypatch):
    """A game built on SKIRMISH's rules with maps of its own (as AMBUSH's ``ambush_*``): the
    editors offer their terrain, and their sight rules block what blocks on them."""
    import hexplay.maps as maps
    from hexplay import registry
    from hexplay.games.skirmish.ui.editor import SkirmishKind
    from hexplay.maps import MapBuilder
    from hexplay.sight import BlockingModel
    from hexplay.widgets.scenario_kinds import kind_of

    town = MapBuilder.blank(
        4, 4, ("open", "buildings"), sight_model=BlockingModel(frozenset({"buildings"}))
    ).build()
    entry = registry.GameEntry("mygame", "MY GAME", "hexplay.games.skirmish.game:SkirmishGame")
    monkeypatch.setitem(registry._GAMES, "mygame", entry)
    monkeypatch.setattr(maps, "bundled_maps", lambda: ["aggressor", "mygame_town", "skirmish"])
    real = maps.load_map
    monkeypatch.setattr(maps, "load_map", lambda n: town if n == "mygame_town" else real(n))
    d = game_design.__wrapped__("mygame")
    assert d.terrain_types == ("open", "trees", "buildings")  # not AGGRESSOR's clear/rough
    assert d.sight.blocking_terrain == {"trees", "buildings"}
    assert d.sight.blocking_hexsides == {"slope"}
    assert isinstance(kind_of("mygame"), SkirmishKind)
