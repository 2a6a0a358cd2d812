"""AMBUSH's getaway car (scenario field ``getaway_car``, skirmish/getaway_car.py): the
adversary's own vehicle enters by road, drives along roads only, is seen only as fog allows
and carries the cargo away at a route end; the computer adversary uses it."""

from __future__ import annotations

import json

import pytest

from hexplay.engine import IllegalOrder, ScenarioError
from hexplay.games.ambush import tables as T
from hexplay.games.ambush.ai.players import drive_car, getaway, scripted
from hexplay.games.ambush.docs import tables_markdown
from hexplay.games.ambush.game import AmbushGame, AmbushScenario, scenario_file
from hexplay.games.skirmish import cargo
from hexplay.games.skirmish.ai.base import play
from hexplay.games.skirmish.getaway_car import CAR_ID
from hexplay.games.skirmish.views import compute_seen
from tests.games.ambush.test_ambush_rules import _game

SIDES = ("adversary", "defender")
CAR = {"vehicle": "van", "men": 1, "enters": "rear", "turn": 2}
FIELDS = dict(cargo_removal=True, getaway=True, escorts_moving=False, getaway_car=CAR)


def _next_turn(g: AmbushGame) -> None:
    for s in SIDES:
        g.complete_plot(s)
        g.submit(s)
    g.resolve_turn()


def _entered(**car) -> AmbushGame:
    g = _game(**{**FIELDS, "getaway_car": {**CAR, **car}})
    while CAR_ID not in g.vehicles:
        _next_turn(g)
    return g


# --- the table and the scenario field ------------------------------------------------------
def test_the_vehicles_are_data_with_a_reason_and_on_the_tables_page() -> None:
    t = T.tables()
    assert set(t.getaway_vehicles) == {"sedan", "van", "armoured_car"}
    md = tables_markdown()
    for row in t.getaway_vehicles.values():
        assert row["armour"] in t.armour and len(row.why) > 10
        assert f"| {row.name} | {row['seats']} | {row['armour']} |" in md
    assert t.getaway_crew_weapon in t.weapons and t.raw["getaway"]["crew_weapon_why"] in md


@pytest.mark.parametrize(
    "car, field",
    [
        ({**CAR, "vehicle": "tank"}, "getaway_car.vehicle"),
        ({**CAR, "vehicle": ["van"]}, "getaway_car.vehicle"),
        ({**CAR, "men": 3}, "getaway_car.men"),
        ({**CAR, "men": 0}, "getaway_car.men"),
        ({**CAR, "men": "1"}, "getaway_car.men"),
        ({**CAR, "enters": "left"}, "getaway_car.enters"),
        ({**CAR, "turn": 1}, "getaway_car.turn"),
        ({**CAR, "turn": 31}, "getaway_car.turn"),
        ({**CAR, "colour": "red"}, "getaway_car.colour"),
        ({k: v for k, v in CAR.items() if k != "turn"}, "getaway_car.turn"),
        ("van", "getaway_car"),
    ],
)
def test_a_bad_car_is_refused_naming_the_field(car, field: str) -> None:
    d = {**scenario_file("stopped_convoy").to_dict(), "getaway_car": car}
    with pytest.raises(ScenarioError) as e:
        AmbushScenario.from_json(json.dumps(d))
    assert e.value.field == field


def test_the_car_needs_the_getaway_option() -> None:
    with pytest.raises(ScenarioError) as e:
        AmbushScenario(cargo_removal=True, getaway_car=CAR).validate()
    assert e.value.field == "getaway_car"
    assert AmbushScenario(cargo_removal=True, getaway=True, getaway_car=CAR).validate()


# --- entry -----------------------------------------------------------------------------------
def test_the_car_enters_stopped_at_the_road_end_on_its_turn() -> None:
    g = _game(**{**FIELDS, "getaway_car": {**CAR, "turn": 3}})
    _next_turn(g)
    assert g.turn == 2 and CAR_ID not in g.vehicles and "V1" not in g.men
    _next_turn(g)
    assert g.turn == 3
    v = g.vehicles[CAR_ID]
    assert (v.kind, v.pos, v.heading, v.moving, v.seats) == ("car", 0, 1, False, {"D": "V1"})
    assert g.vehicle_hex(v) == g.route[0]
    m = g.men["V1"]
    assert (m.side, m.vehicle, m.long_gun, m.fit) == ("adversary", CAR_ID, "submachine_gun", True)
    assert g.vehicle_armour[CAR_ID] == T.tables().armour["soft"]
    (e,) = [e for e in g.log.since(0) if e.kind == "getaway car entered"]
    assert e.visible_to == ("adversary",) and e.data["hex"] == g.route[0]
    assert g.view("adversary")["ambush_rules"]["getaway_car"]["entered"]
    assert "getaway_car" not in g.view("defender")["ambush_rules"]
    assert "getaway car entered" not in {x["kind"] for x in g.view("defender")["events"]}


def test_the_car_enters_ahead_of_the_convoy_by_the_front_end() -> None:
    g = _entered(enters="front", men=2, vehicle="armoured_car")
    v = g.vehicles[CAR_ID]
    assert (v.pos, v.heading) == (len(g.route) - 1, -1)
    assert v.seats == {"D": "V1", "C": "V2"}
    assert g.vehicle_armour[CAR_ID] == T.tables().armour["light"]


def test_entry_replays_from_the_save() -> None:
    g = _entered()
    d = json.loads(json.dumps(g.to_json()))
    g2 = AmbushGame.from_json(d)
    assert g2.snapshot() == g.snapshot() and g2.vehicles[CAR_ID] == g.vehicles[CAR_ID]


# --- movement: roads only (§8) ----------------------------------------------------------
def test_the_car_drives_along_the_road_only() -> None:
    g = _entered()
    before = g.snapshot()
    with pytest.raises(IllegalOrder):
        g.plot("adversary", CAR_ID, "MP", path=[g.map.neighbors(g.route[0])[0]])
    with pytest.raises(IllegalOrder) as e:  # stopped: accelerate first
        g.plot("adversary", CAR_ID, "MV", hexes=3)
    assert e.value.rule == "§8 vehicles" and g.snapshot() == before
    g.plot("adversary", CAR_ID, "AV")
    g.plot("adversary", CAR_ID, "MV", hexes=12)
    _next_turn(g)
    v = g.vehicles[CAR_ID]
    assert v.pos == 12 and g.vehicle_hex(v) == g.route[12] and v.moving
    assert g.men["V1"].hex is None and g.man_hex("V1") == g.route[12]


def test_the_car_never_leaves_the_board_by_the_road_it_came() -> None:
    g = _entered()
    g.plot("adversary", CAR_ID, "TV")
    g.plot("adversary", CAR_ID, "AV")
    before = g.snapshot()
    with pytest.raises(IllegalOrder) as e:
        g.plot("adversary", CAR_ID, "MV", hexes=1)
    assert e.value.rule == "§8 off-board" and g.snapshot() == before


def test_the_defender_cannot_drive_it() -> None:
    g = _entered()
    with pytest.raises(IllegalOrder):
        g.plot("defender", CAR_ID, "AV")


# --- fog of war ------------------------------------------------------------------------------
def test_the_defenders_view_holds_the_car_only_when_seen() -> None:
    g = _entered()
    idx = g.terrain.index[g.route[0]]
    seen = compute_seen(g)["defender"]
    eyes = {g.man_hex(m) for m in g.men.values() if m.side == "defender" and m.alive} - {None}
    assert (CAR_ID in seen) == g.terrain.sees_any(eyes, g.route[0], g.blockers())
    g.seen["defender"].discard(CAR_ID)
    g.seen["defender"].discard("V1")
    dv = g.view("defender")
    assert CAR_ID not in dv["units"] and "V1" not in dv["units"]
    assert idx not in g.known_blockers("defender")
    assert CAR_ID not in json.dumps(dv["units"])
    g.seen["defender"].add(CAR_ID)
    u = g.view("defender")["units"][CAR_ID]
    assert u["side"] == "adversary" and u["kind"] == "car" and "seats" not in u
    assert idx in g.known_blockers("defender")
    a = g.view("adversary")["units"][CAR_ID]
    assert a["seats"] == {"D": "V1"} and a["side"] == "adversary"


def test_an_empty_car_stays_hidden_from_the_defender() -> None:
    g = _entered()
    g.arrange(men={"V1": g.route[1]})  # the driver got out: nobody aboard
    assert g.controller(g.vehicles[CAR_ID]) is None and g.owner(g.vehicles[CAR_ID]) == "adversary"
    g.seen["defender"].discard(CAR_ID)
    assert CAR_ID not in g.view("defender")["units"]
    assert CAR_ID in g.view("adversary")["units"]
    assert g.side_of(CAR_ID) == "adversary"


# --- the cargo away ----------------------------------------------------------------------
def test_the_car_with_the_carrier_aboard_at_a_road_end_gets_the_cargo_away() -> None:
    g = _entered()
    g.arrange(men={"A1": [CAR_ID, "C"]}, vehicles={CAR_ID: {"pos": 6, "heading": -1}})
    g.cargo.update(state="carried", holder="A1", hex=None)
    cargo.after_movement(g)
    assert g.cargo["state"] == "carried"  # not at the road's end yet
    g.plot("adversary", CAR_ID, "AV")
    g.plot("adversary", CAR_ID, "MV", hexes=6)
    _next_turn(g)
    assert g.vehicles[CAR_ID].pos == 0
    (e,) = [e for e in g.log.since(0) if e.kind == "cargo away"]
    assert e.data == {"man": "A1", "hex": g.route[0], "vehicle": CAR_ID}
    assert g.winner == "adversary" and "cargo" in g.win_reason


# --- the computer adversary --------------------------------------------------------------
def test_the_computer_drives_the_car_to_the_transporter_and_stops_there() -> None:
    g = _entered()
    p = scripted("adversary", 0)
    drive_car(p, g, g.view("adversary"))
    gap = g.transporter.pos - g.vehicles[CAR_ID].pos
    codes = [t["code"] for t in g.plotted("adversary", CAR_ID)]
    assert codes[:2] == ["AV", "MV"]
    hexes = g.plotted("adversary", CAR_ID)[1]["hexes"]
    assert hexes <= gap and (codes[2:] == ["SV"]) == (hexes == gap)


def test_the_computer_carrier_gets_in_his_car_at_a_free_seat() -> None:
    g = _entered()
    here = g.route[0]
    g.arrange(men={"A1": here})
    g.cargo.update(state="carried", holder="A1", hex=here)
    p = scripted("adversary", 0)
    assert getaway(p, g, g.view("adversary"), "A1")
    ev = g.plotted("adversary", "A1")[0]
    assert (ev["code"], ev["target"], ev["seat"]) == ("EV", CAR_ID, "C")


def test_the_standard_scenario_gets_the_cargo_away_in_its_car_in_some_games() -> None:
    """stopped_convoy (the scenario with the car) unattended: the car enters in every game
    that lasts to its turn, and in some the cargo leaves in it (seeds fixed)."""
    sc = scenario_file("stopped_convoy")
    assert sc.getaway_car is not None
    by_car = 0
    for seed in range(12):
        g = play(AmbushGame.new(sc, seed=seed), [scripted(s, seed) for s in SIDES])
        assert g.over and g.winner in SIDES
        assert (CAR_ID in g.vehicles) == (g.turn >= sc.getaway_car["turn"])
        away = [e for e in g.log.since(0) if e.kind == "cargo away"]
        by_car += bool(away) and away[0].data.get("vehicle") == CAR_ID
    assert by_car


# --- the app ---------------------------------------------------------------------------------
def test_the_app_draws_the_car_for_the_adversary_and_not_for_an_unseeing_defender() -> None:
    from hexplay.games.ambush.ui.adapter import CAR_LABEL
    from hexplay.widgets.game_app import GameApp

    g = _entered()
    app = GameApp(g, vs_computer="defender")  # the adversary at the screen
    (car,) = [u for u in app.board.units if u["id"] == CAR_ID]
    assert car["label"] == CAR_LABEL and car["glyph"] == {"kind": "vehicle"}
    assert car["side"] == "adversary" and car["hex"] == g.route[0] and "facing" in car
    g.seen["defender"].discard(CAR_ID)
    app = GameApp(g, vs_computer="adversary")  # the convoy at the screen
    assert CAR_ID not in {u["id"] for u in app.board.units}
    assert CAR_ID not in json.dumps(app.board.units)


def test_through_real_games_the_defender_sees_the_car_only_by_line_of_sight() -> None:
    sc = scenario_file("stopped_convoy")
    shown = hidden = 0
    for seed in range(3):
        g = AmbushGame.new(sc, seed=seed)
        players = [scripted(s, seed) for s in SIDES]
        while not g.over:
            play(g, players, max_turns=1)
            if CAR_ID not in g.vehicles:
                continue
            units = g.view("defender")["units"]
            seen = CAR_ID in g.seen["defender"]
            assert (CAR_ID in units) == seen
            aboard = g.vehicles[CAR_ID].seats.values()
            assert seen or not any(m in units for m in aboard)  # nor the men inside
            shown += seen
            hidden += not seen
    assert shown and hidden


def test_the_ambush_panel_shows_the_cars_plan_to_the_adversary_only() -> None:
    from hexplay.games.ambush.ui.adapter import rules_html

    g = _game(**{**FIELDS, "getaway_car": {**CAR, "turn": 3}})
    adv = rules_html(g.view("adversary"), g.scenario, "adversary")
    assert "getaway car" in adv and "van (V) by the rear road end: enters on turn 3" in adv
    assert "getaway car" not in rules_html(g.view("defender"), g.scenario, "defender")
    g = _entered()
    assert "rear road end: in" in rules_html(g.view("adversary"), g.scenario, "adversary")
