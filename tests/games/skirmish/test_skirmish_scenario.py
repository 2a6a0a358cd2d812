"""Scenarios: defaults, JSON, validation naming the field; set-up placements."""

from __future__ import annotations

import json

import pytest

from hexplay.engine import IllegalOrder, ScenarioError
from hexplay.games.skirmish import Scenario, SkirmishGame
from hexplay.games.skirmish.fixtures import practice_map


def test_basic_scenario_defaults():
    s = Scenario().validate()
    assert len(s.adversary_ids) == 6 and len(s.guard_ids) == 7
    assert s.vehicle_ids == ["T", "E1", "E2"]
    assert s.barrier_points_required == 200 and s.turn_limit == 20
    assert s.victory == "killed_or_wounded"
    crews = s.crew_plan()
    assert crews["G7"] == ["T", "S"]
    assert sorted(map(tuple, crews.values())) == sorted(
        {(v, seat) for v in ("T", "E1", "E2") for seat in ("D", "C")} | {("T", "S")}
    )


def test_json_round_trip(tmp_path):
    s = Scenario(
        adversary_weapons=["rifle"] * 4,
        max_rifles=20,
        turn_limit=12,
        victory="killed",
        escort_offsets={"E1": 20, "E2": -7},
    )
    p = tmp_path / "s.json"
    s.to_json(p)
    assert Scenario.from_json(p) == s
    assert Scenario.from_json(s.to_json()) == s


@pytest.mark.parametrize(
    "field,value",
    [
        ("adversary_weapons", ["rifle", "bazooka"]),
        ("guard_weapons", []),
        ("turn_limit", 0),
        ("barrier_points_required", -5),
        ("victory", "sudden death"),
        ("escort_offsets", {"E1": 21}),
        ("escort_offsets", {"E9": 3}),
        ("commander_vehicle", "X"),
        ("max_shotguns", 1),
        ("crews", {"G1": ["T", "Q"]}),
        ("escort_max_distance", 0),
        ("escort_max_distance", 10**30),  # set-up legal orders never returned
        ("escort_max_distance", 101),
        ("barrier_points_required", 10**9),
        ("spare_weapons", {"rifle": 10**9}),
        ("max_rifles", 10**12),
        ("adversary_start", {"A9": "0101"}),
    ],
)
def test_bad_scenarios_name_the_field(field, value):
    d = Scenario().to_dict()
    d[field] = value
    with pytest.raises(ScenarioError) as e:
        Scenario.from_dict(d)
    assert e.value.field == field


def test_unknown_field_and_bad_json():
    with pytest.raises(ScenarioError, match="nonsense"):
        Scenario.from_dict({"nonsense": 1})
    with pytest.raises(ScenarioError, match="JSON"):
        Scenario.from_json("{not json")


def test_map_checks():
    m = practice_map()
    with pytest.raises(ScenarioError) as e:
        Scenario(route="Route 9").validate(m)
    assert e.value.field == "route"
    with pytest.raises(ScenarioError) as e:
        Scenario(route="Route 4", ambush="0101").validate(m)
    assert e.value.field == "ambush"


def test_variations_change_the_game():
    sc = Scenario(
        map="practice",
        adversary_weapons=["shotgun"] * 3,
        guard_weapons=["rifle"] * 5,
        escorts=["E1"],
        escort_offsets={"E1": 3},
        route="Route 4",
        ambush="0808",
    )
    g = SkirmishGame.new(sc, map=practice_map())
    assert sorted(g.men) == ["A1", "A2", "A3", "G1", "G2", "G3", "G4", "G5"]
    assert set(g.vehicles) == {"T", "E1"}


def test_setup_flow_and_placement_rules():
    g = SkirmishGame.new(Scenario(map="practice"), map=practice_map())
    assert g.phase == "setup"
    with pytest.raises(IllegalOrder, match="route"):
        g.place_ambush("0808")
    with pytest.raises(IllegalOrder, match="no route"):
        g.choose_route("Route 9")
    g.choose_route("Route 4")
    with pytest.raises(IllegalOrder, match="not on Route 4"):
        g.place_ambush("0101")
    g.place_ambush("0808")
    with pytest.raises(IllegalOrder, match="ambush point is placed"):
        g.choose_route("Route 7")
    with pytest.raises(IllegalOrder, match="not a hex"):
        g.place("A1", "9999")
    g.place("A1", "0606")
    with pytest.raises(IllegalOrder, match="place every adversary"):
        g.submit("adversary")
    with pytest.raises(IllegalOrder, match="1..20 hexes"):
        g.place("E1", "T+21")
    with pytest.raises(IllegalOrder, match="another vehicle"):
        g.place("E1", "T-10")  # E2's default position
    g.place("E1", "T+20")  # off the map: allowed, distance recorded
    assert g.vehicle_hex("E1") is None and g.vehicle_label(g.vehicles["E1"]) == "T+20"
    g.place("E2", "0806")
    assert g.vehicle_label(g.vehicles["E2"]) == "T-2"
    with pytest.raises(IllegalOrder, match="taken"):
        g.place("G1", "E1", seat="D")
    g.auto_setup("adversary")
    g.submit("adversary")
    with pytest.raises(IllegalOrder, match="submitted"):
        g.place("A1", "0607")
    g.submit("defender")
    assert g.phase == "planning" and g.turn == 1
    assert json.loads(json.dumps(g.view("adversary")))


# --- typed scenarios (issue 11, defect 4) ---------------------------------------------------
@pytest.mark.parametrize(
    "field,value",
    [
        ("open_map", "false"),  # was truthy: switched fog of war off
        ("open_map", 0),
        ("escorts_moving", "no"),
        ("description", 123),
        ("turn_limit", True),
        ("turn_limit", 12.0),
        ("barrier_points_required", "200"),
        ("max_rifles", False),
        ("escort_offsets", [10, -10]),
        ("escort_offsets", {"E1": "10"}),
        ("crews", ["G1", "T", "D"]),
        ("crews", {"G1": "TD"}),
        ("crews", {"G1": ["T", 1]}),
        ("spare_weapons", 2),
        ("spare_weapons", {"rifle": 1.5}),
        ("adversary_start", ["0101"]),
        ("adversary_start", {"A1": 101}),
        ("adversary_weapons", "rifle"),
        ("escorts", "E1"),
        ("route", 4),
        ("name", None),
    ],
)
def test_wrong_types_give_a_field_naming_scenario_error(field, value):
    d = Scenario().to_dict()
    d[field] = value
    with pytest.raises(ScenarioError) as e:
        Scenario.from_dict(d)
    assert e.value.field == field
    with pytest.raises(ScenarioError) as e:  # the constructor is typed too
        Scenario(**{field: value})
    assert e.value.field == field


def test_assignment_is_typed_and_changes_nothing_on_error():
    s = Scenario()
    with pytest.raises(ScenarioError) as e:
        s.open_map = "false"
    assert e.value.field == "open_map" and s.open_map is False
    s.turn_limit = 12
    assert s.turn_limit == 12


def test_scenario_api_is_kept():
    s = Scenario(turn_limit=9)
    d = s.to_dict()
    assert list(d) == list(Scenario.FIELDS) and d["turn_limit"] == 9
    assert Scenario.from_dict(d) == s and Scenario.from_dict(d) is not s
    d["adversary_weapons"].append("rifle")
    assert len(s.adversary_weapons) == 6  # to_dict is a copy
    assert set(Scenario.__dataclass_fields__) == set(Scenario.FIELDS)  # analysis lists fields
    assert Scenario().validate() == Scenario()


def test_json_schema_describes_the_fields():
    schema = Scenario.json_schema()
    props = schema["properties"]
    assert set(props) == set(Scenario.FIELDS)
    assert props["open_map"]["type"] == "boolean"
    assert props["turn_limit"]["type"] == "integer"
    assert set(props["victory"]["enum"]) == {"killed_or_wounded", "killed"}
    assert props["adversary_weapons"]["items"]["enum"] == ["rifle", "shotgun"]
    assert schema["additionalProperties"] is False
    assert all(p.get("description") for p in props.values())
    json.dumps(schema)


def test_loading_text_or_path(tmp_path):
    long_text = " " * 300 + json.dumps({"turn_limit": 7})
    assert Scenario.from_json(long_text).turn_limit == 7  # was "File name too long"
    with pytest.raises(ScenarioError, match="JSON"):
        Scenario.from_json("x" * 300)
    with pytest.raises(ScenarioError, match="does not exist"):
        Scenario.from_json(str(tmp_path / "missing.json"))
    with pytest.raises(ScenarioError, match="does not exist"):
        Scenario.from_json(tmp_path / "missing.json")
    with pytest.raises(ScenarioError, match="no file named 'basic' exists"):
        Scenario.from_json("basic")
    with pytest.raises(ScenarioError, match="nested"):
        Scenario.from_json('{"crews": ' + "[" * 5000 + "]" * 5000 + "}")
    with pytest.raises(ScenarioError, match="duplicate key 'open_map'"):
        Scenario.from_json('{"open_map": true, "open_map": false}')
    with pytest.raises(ScenarioError, match="NaN"):
        Scenario.from_json('{"turn_limit": NaN}')
    with pytest.raises(ScenarioError) as e:
        Scenario.from_json("[1, 2]")
    assert e.value.field == "<root>"
    p = tmp_path / "s.json"
    p.write_text('{"turn_limit": 5}')
    assert Scenario.from_json(str(p)).turn_limit == 5


def test_scenario_hexes_are_exact_labels():
    m = practice_map()
    with pytest.raises(ScenarioError) as e:
        Scenario(route="Route 4", ambush=" 0808").validate(m)
    assert e.value.field == "ambush"
    with pytest.raises(ScenarioError) as e:
        Scenario(adversary_start={"A1": "0606\n"}).validate(m)
    assert e.value.field == "adversary_start"


def test_a_map_without_a_route_is_refused_when_the_game_is_made():
    """A SKIRMISH game on a map naming no route offered a route choice with no options (an
    order nobody could complete) and its auto set-up failed inside numpy; it is refused."""
    from hexplay.games.skirmish.sight import SKIRMISH_SIGHT
    from hexplay.maps import MapBuilder

    b = MapBuilder.blank(12, 8, ("open", "trees"), ("slope",), sight_model=SKIRMISH_SIGHT)
    with pytest.raises(ScenarioError, match="route"):
        SkirmishGame.new(None, seed=0, map=b.build())
    b.set_place("Convoy", ["0102", "0304"])  # not a chain of adjacent hexes
    with pytest.raises(ScenarioError, match="route"):
        SkirmishGame.new(None, seed=0, map=b.build())
    road = [f"{c:02d}04" for c in range(1, 13)]
    b.set_place("Route 1", road)
    g = SkirmishGame.new(None, seed=0, map=b.build())
    (choice,) = [lo for lo in g.legal_orders("adversary") if lo.kind == "choose_route"]
    assert choice.need("name").options == ("Route 1",)
