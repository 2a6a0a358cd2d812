"""Scenarios: defaults, JSON, validation naming the field; set-up placements."""

from __future__ import annotations

import json

import pytest

from hexplay.engine import IllegalOrder, ScenarioError
from hexplay.rules.skirmish import Scenario, SkirmishGame
from hexplay.rules.skirmish.fixtures import practice_map


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
