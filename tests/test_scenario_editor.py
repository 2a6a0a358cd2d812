"""ScenarioEditor (hexplay.widgets.scenario_editor) for every game: a form generated from the
scenario's schema, units placed from the roster, the engine's errors beside the field, a game
started in one click, and save/load through the scenario JSON (and map files) exactly."""

from __future__ import annotations

import json

import numpy as np
import pytest

from hexplay.engine import ScenarioError
from hexplay.games.naval.scenarios import Sea, kula_gulf, map_of_sea
from hexplay.games.naval.ui.editor import sea_of_map
from hexplay.maps import load_map
from hexplay.widgets import MapEditor, ScenarioEditor
from hexplay.widgets.scenario_editor import field_widget
from hexplay.widgets.scenario_kinds import kind_of


@pytest.fixture(scope="module")
def sk() -> ScenarioEditor:
    return ScenarioEditor(game="skirmish")


@pytest.mark.parametrize("game", ["skirmish", "aggressor", "naval"])
def test_the_form_has_a_field_per_schema_property(game):
    se = ScenarioEditor(game=game)
    props = kind_of(game).schema()["properties"]
    assert list(se.rows) == list(props)
    assert se.errors == {} and not se.start_button.disabled
    for name, row in se.rows.items():  # every field shows the scenario's value
        if name in se.data:
            assert row.get() == se.data[name] or row.kind == "json", name


def test_field_widgets_by_schema_type():
    assert field_widget({"type": "boolean"}, {})[1] == "bool"
    assert field_widget({"type": "integer"}, {})[1] == "int"
    assert field_widget({"anyOf": [{"type": "integer"}, {"type": "null"}]}, {})[1] == "opt-int"
    assert field_widget({"enum": ["a", "b"], "type": "string"}, {})[1] == "choice"
    w, how = field_widget({"anyOf": [{"enum": ["west", "east"]}, {"type": "null"}]}, {})
    assert how == "choice" and w.options[0] == "(none)"
    assert field_widget({"type": "array"}, {})[1] == "json"
    assert field_widget({"$ref": "#/$defs/S"}, {"S": {"type": "object"}})[1] == "json"


def test_a_bad_field_shows_the_engines_error_beside_it(sk):
    row = sk.rows["turn_limit"]
    row.widget.value = 500
    assert sk.errors == {"turn_limit": "must be an integer 1..200"}
    assert "1..200" in row.error.value
    assert sk.start_button.disabled and sk.save_button.disabled
    with pytest.raises(ScenarioError, match="turn_limit"):
        sk.new_game()
    row.widget.value = 15
    assert sk.errors == {} and row.error.value == "" and not sk.start_button.disabled


def test_json_fields_refuse_bad_json_beside_them(sk):
    row = sk.rows["adversary_weapons"]
    row.widget.value = "[rifle"
    assert "not JSON" in row.error.value and sk.start_button.disabled
    row.widget.value = '["rifle", "bazooka"]'
    assert "adversary_weapons" in sk.errors and sk.data["adversary_weapons"][1] == "bazooka"
    row.widget.value = '["rifle", "shotgun", "rifle"]'
    assert sk.errors == {}
    assert [r["id"] for r in kind_of("skirmish").roster(sk.data)] == ["A1", "A2", "A3", "ambush"]


def test_skirmish_roster_places_adversaries_and_the_ambush():
    se = ScenarioEditor(game="skirmish")
    se.simulate_drop("A1", "0405")
    assert se.data["adversary_start"] == {"A1": "0405"}
    assert [u["id"] for u in se.board.units] == ["A1"]
    assert json.loads(se.rows["adversary_start"].widget.value) == {"A1": "0405"}
    se.simulate_drop("ambush", "1018")  # on Route 4: the route is set with it
    assert (se.data["route"], se.data["ambush"]) == ("Route 4", "1018")
    assert se.board.overlays["highlight"] == ["1018"] and se.errors == {}
    se.simulate_drop("A1", "0406")  # dragged again: moved
    assert se.data["adversary_start"] == {"A1": "0406"}
    se.simulate_drop("A9", "0406")  # not on the roster: ignored by the board
    assert se.board.ignored_messages == 1
    se.tool.value = "remove units"
    se.board.simulate_click("0406", unit="A1")
    assert se.data["adversary_start"] == {}
    g = se.new_game(seed=3)
    assert g.scenario.route == "Route 4" and g.scenario.ambush == "1018"


def test_an_ambush_off_the_routes_is_refused_by_the_engine():
    se = ScenarioEditor(game="skirmish")
    se.simulate_drop("ambush", "0620")
    assert "ambush" in se.errors and "needs a route" in se.errors["ambush"]
    assert "needs a route" in se.rows["ambush"].error.value


def test_start_makes_a_game_app(sk):
    sk.use_named("basic")
    app = sk.start(vs_computer="defender", seed=2)
    assert sk.game_box.children == (app,)
    assert app.game.scenario.name == "basic" and app.vs_computer == "defender"
    sk.start_button.click()
    assert sk.app is not app  # the button starts another


def test_aggressor_position_from_the_roster():
    se = ScenarioEditor(game="aggressor")
    se.simulate_drop("new:west:Armor", "@CC")
    assert se.data["position"] == [{"side": "west", "type": "Armor", "hex": "@CC"}]
    assert "position" in se.errors  # the engine: east has no unit
    se.simulate_drop("new:east:Infantry", "@SC")
    assert se.errors == {}
    se.simulate_drop("W01", "@DD")
    assert se.data["position"][0]["hex"] == "@DD"
    assert {u["id"] for u in se.board.units} == {"W01", "E01"}
    se.simulate_drop("new:east:Armor", "@DD")  # a second unit in the hex: the engine says no
    assert "holds another unit" in se.errors["position"]
    se.remove("E02")
    g = se.new_game()
    assert sorted(g.units) == ["E01", "W01"]


def test_naval_ships_and_an_edited_sea():
    se = ScenarioEditor(game="naval")
    se.simulate_drop("DD4a", "0135")  # land in Kula Gulf
    assert se.errors["ships"].endswith("is land")
    se.simulate_drop("DD4a", "2826")
    assert se.errors == {}
    sea_ed = MapEditor((30, 20), game="naval")
    sea_ed.paint(["0101", "0102", "0201"], "land")
    data = kula_gulf()
    for i, s in enumerate(data["ships"]):  # onto the smaller sea
        s["hex"] = f"{5 + i:02d}{10:02d}"
        s["enter_turn"] = 1
    se2 = ScenarioEditor(game="naval", map=sea_ed, scenario=data)
    assert se2.errors == {}
    g = se2.new_game()
    assert (g.map.cols, g.map.rows) == (30, 20) and g.map.terrain_at("0102") == "land"
    sea_ed.paint("0510", "land")  # the map editor's map is read at each check
    se2.refresh()
    assert se2.errors["ships"].endswith("is land")


def test_sea_of_map_round_trip():
    m = map_of_sea(Sea(**kula_gulf()["sea"]))
    m2 = map_of_sea(Sea(**sea_of_map(m)))
    assert np.array_equal(m.terrain, m2.terrain) and (m2.cols, m2.rows) == (m.cols, m.rows)
    with pytest.raises(ValueError, match="sea and land"):
        sea_of_map(load_map("skirmish"))


def test_save_and_load_round_trip_with_a_custom_map(tmp_path):
    ed = MapEditor((12, 10), game="skirmish", name="hill farm")
    path = ["0101", "0102", "0202", "0203", "0303", "0304", "0404", "0405", "0505"]
    ed.road(path)
    ed.add_to_place(path, "Route 4")
    ed.paint(["0603", "0604"], "trees")
    se = ScenarioEditor(game="skirmish", map=ed)
    se.simulate_drop("ambush", "0303")
    se.simulate_drop("A1", "0604")
    assert se.errors == {} and se.data["route"] == "Route 4"
    p = se.save(tmp_path / "farm.json")
    saved = json.loads(p.read_text())
    assert saved["map"] == str(tmp_path / "farm.hexmap")
    assert load_map(saved["map"]).equals(ed.map)
    se2 = ScenarioEditor(game="skirmish")
    se2.load(p)
    assert se2.data == saved and se2.errors == {}
    assert se2.map.equals(ed.map)
    g = se2.new_game()
    assert g.scenario.ambush == "0303" and g.map.equals(ed.map)


def test_a_route_name_the_save_loader_refuses_is_shown(tmp_path):
    ed = MapEditor((8, 6), game="skirmish")
    ed.road(["0101", "0102", "0103"])
    ed.add_to_place(["0101", "0102", "0103"], "Route 1")
    se = ScenarioEditor(game="skirmish", map=ed)
    se.simulate_drop("ambush", "0102")
    assert se.data["route"] == "Route 1" and se.errors == {"route": "unknown"}
    with pytest.raises(ScenarioError, match="not saved"):
        se.save(tmp_path / "x.json")
    assert not (tmp_path / "x.json").exists()


def test_bundled_maps_are_named_not_copied(tmp_path):
    se = ScenarioEditor(game="skirmish", map="skirmish")
    p = se.save(tmp_path / "basic.json")
    assert json.loads(p.read_text())["map"] == "skirmish"
    assert not (tmp_path / "basic.hexmap").exists()


def test_loading_bad_files_says_why(tmp_path):
    se = ScenarioEditor(game="skirmish")
    bad = tmp_path / "bad.json"
    bad.write_text('{"name": "a", "name": "b"}')
    with pytest.raises(ScenarioError, match="duplicate"):
        se.load(bad)
    se.path.value = str(tmp_path / "missing.json")
    se.load_button.click()
    assert "hexplay-edit-error" in se.general.value


def test_a_linked_map_editor_is_followed():
    ed = MapEditor((10, 8), game="naval")
    data = kula_gulf()
    for i, s in enumerate(data["ships"]):
        s["hex"] = f"{1 + i % 9:02d}{2 + i // 9:02d}"
        s["enter_turn"] = 1
    se = ScenarioEditor(game="naval", map=ed, scenario=data)
    assert se.errors == {}
    ed.paint("0102", "land")  # under DD4a: the scenario editor checks again by itself
    assert se.errors["ships"].endswith("is land")
    assert se.board.map.equals(ed.map)


def test_a_games_kind_comes_from_its_plugin_record():
    """Each game's kind (its reach overlay, its map check) is the one its record names; a game
    with none shares the kind of the game it is built on, else it has no scenario editor and
    the map editor's generic overlay and check."""
    from toy_games import toys_registered

    from hexplay import registry
    from hexplay.games.skirmish.ui.editor import SkirmishKind
    from hexplay.widgets.design import OPEN_REACH, design_reach, map_problems, reach_rule
    from hexplay.widgets.scenario_kinds import kind_class

    for name in registry.games():
        entry = registry.game_entry(name)
        if entry.editor is not None:
            assert kind_class(name) is entry.part("editor")
            assert reach_rule(name) == entry.part("editor").reach_rule
    assert kind_class("ambush") is SkirmishKind
    assert "10 AP" in reach_rule("ambush") and "speed 5" in reach_rule("naval")
    with toys_registered():
        assert kind_class("toy-race") is None
        with pytest.raises(ValueError, match="no scenario editor for 'toy-race'"):
            kind_of("toy-race")
        assert reach_rule("toy-race") == f"hexes within {OPEN_REACH} steps"
        m = registry.game_entry("toy-race").new(seed=0).map
        start = m.hex_labels[0]
        assert max(design_reach("toy-race", m, start).values()) <= OPEN_REACH
        assert map_problems("toy-race", m) == ["unknown arguments ['map']"]  # the engine's
    with pytest.raises(KeyError, match="no game 'chess'"):
        kind_of("chess")
