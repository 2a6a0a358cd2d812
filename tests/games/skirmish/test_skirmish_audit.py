"""Audit of the SKIRMISH engine against the rules digest: rules that had no test or a bug."""

from __future__ import annotations

import json

import pytest
from skirmish_turns import play_turn as _go

from hexplay.engine import ForcedDice, IllegalOrder
from hexplay.games.skirmish.fixtures import practice_game
from hexplay.games.skirmish.game import SkirmishGame


def test_riding_ap_count_against_a_rider_wounded_this_turn():
    # §5 "every person in a vehicle deducts the AP the vehicle uses from his own 10" and
    # Table VII (wounded: tasks cost double, run in plotted order until 10 AP are spent).
    # E2 turns (5), accelerates (2) and moves 6 hexes (1): 8 AP for everyone aboard; G6 plots
    # a weapon exchange (2) = 10. Wounded in combat, the exchange costs 4: 12 > 10, so it
    # cannot happen.
    g = practice_game(dice=ForcedDice([2]))  # rifle 30 vs in-vehicle moving 6 (10): 3:1, W
    g.arrange(
        turn=2,
        men={"A1": "0702"},
        vehicles={"E1": {"moving": False}, "E2": {"hex": "0801", "moving": False, "heading": -1}},
    )
    for task, kw in (("TV", {}), ("AV", {}), ("MV", {"hexes": 6})):
        g.plot("defender", "E2", task, **kw)
    ev = _go(
        g,
        adversary=[(("A1", "DF"), {"target": "G6", "weapon": "rifle"})],
        defender=[(("G6", "WE"), {"target": "E2"})],
    )
    fire = next(e for e in ev if e["kind"] == "fire")
    assert (fire["attack"], fire["defence"], fire["result"]) == (30, 10, "W")
    assert g.vehicle_hex("E2") == "0807"
    assert g.men["G6"].long_gun == "rifle"  # no exchange: out of AP
    assert not any(e["kind"] == "weapon exchange" for e in ev)


def test_wounded_driver_of_a_stopped_vehicle_cannot_drive_it_this_turn():
    # Table VII: wounded men cannot drive; a wound in combat already affects that turn's
    # movement. E1 is stopped, so there is no 2-hex roll-on: its plotted tasks are cancelled.
    g = practice_game(dice=ForcedDice([3]))  # rifle 30 vs in-vehicle moving 2 (5): 6:1, W
    g.arrange(turn=2, men={"A1": "0712"}, vehicles={"E1": {"moving": False}})
    g.plot("defender", "E1", "AV")
    g.plot("defender", "E1", "MV", hexes=2)
    ev = _go(g, adversary=[(("A1", "DF"), {"target": "G3", "weapon": "rifle"})])
    assert g.men["G3"].condition == "W"
    assert g.vehicle_hex("E1") == "0812" and not g.vehicles["E1"].moving
    assert any(e["kind"] == "vehicle tasks cancelled" for e in ev)


def test_slope_defence_only_when_the_fire_crosses_that_slope_hexside():
    # Table IV: the slope row applies only if the fire enters the target's hex across the slope
    # hexside. On the practice map every side of 1108 is a slope hexside; G2 on 1109 (south of
    # 1108) is open to fire from the south and has slope cover against fire from 1108.
    g = practice_game(dice=ForcedDice([6, 6]))
    g.arrange(turn=2, men={"G2": "1109", "A1": "1111", "A3": "1108"})
    ev = _go(
        g,
        adversary=[
            (("A1", "DF"), {"target": "G2", "weapon": "rifle"}),
            (("A3", "DF"), {"target": "G2", "weapon": "rifle"}),
        ],
    )
    fires = {e["firer"]: e for e in ev if e["kind"] == "fire"}
    assert (fires["A1"]["terrain"], fires["A1"]["defence"]) == ("open", 1)
    assert (fires["A3"]["terrain"], fires["A3"]["defence"]) == ("slope", 5)


def test_men_enter_only_a_stopped_vehicle():
    g = practice_game()
    g.arrange(turn=2, men={"G2": "0812"})  # E1 is moving on 0812
    with pytest.raises(IllegalOrder, match="§8 vehicles.*moving"):
        g.plot("defender", "G2", "EV", target="E1")


def test_men_may_pass_through_hexes_holding_enemies():
    g = practice_game()
    g.arrange(turn=2, men={"G2": "1001", "A1": "1002", "A3": "1003"})
    _go(g, defender=[(("G2", "MP"), {"path": ["1002", "1003", "1004"]})])
    assert g.men["G2"].hex == "1004"


def test_record_header_has_date_and_players_and_survives_a_save():
    # §10: the record holds the ambush point, date, players' names and total barrier points.
    g = practice_game()
    g.set_record_info(date="1980-03-01", players={"adversary": "Ann", "defender": "Bob"})
    _go(g)
    head = g.record_header()
    assert head["date"] == "1980-03-01"
    assert head["players"] == {"adversary": "Ann", "defender": "Bob"}
    assert head["ambush"] == "0808" and head["barrier_points"] == 0
    g2 = SkirmishGame.from_json(json.loads(json.dumps(g.to_json())))
    assert g2.record_header() == head


def test_vehicle_moving_more_than_25_hexes_gets_the_top_defence():
    # Table IV, "in vehicle" row: 11-25 hexes -> 15, >25 hexes -> 20. A vehicle does up to 60.
    from hexplay.games.skirmish.fixtures import practice_map
    from hexplay.games.skirmish.scenario import Scenario

    sc = Scenario(
        name="long road",
        map="practice",
        route="Route 4",
        ambush="0808",
        escort_offsets={"E1": 4, "E2": -4},
        adversary_start={f"A{i}": f"06{5 + i:02d}" for i in range(1, 7)},
    )
    g = SkirmishGame.new(sc, map=practice_map(16, 48), dice=ForcedDice([6]))
    g.auto_setup("adversary")
    g.auto_setup("defender")
    g.submit("adversary")
    g.submit("defender")
    g.arrange(turn=2, men={"A1": "0712"})  # E1 moving south on 0812, G4 aboard
    g.plot("defender", "E1", "MV", hexes=30)
    assert g.odds("A1", "G4", weapon="rifle", hexes_moved=30)["defence"] == 20
    ev = _go(g, adversary=[(("A1", "DF"), {"target": "G4", "weapon": "rifle"})])
    fire = next(e for e in ev if e["kind"] == "fire")
    assert (fire["terrain"], fire["hexes_moved"], fire["defence"]) == ("vehicle", 30, 20)
    assert g.vehicle_hex("E1") == "0842"


def test_driver_hit_roll_on_stops_short_of_the_ambush_hex_and_the_map_edge():
    # §8: a moving vehicle whose driver is hit moves 2 more hexes and stops; escorts cannot pass
    # through the ambush hex and a counter on the board can never leave it.
    g = practice_game(dice=ForcedDice([1, 1]))  # rifle 30 vs in-vehicle 5: 6:1, die 1 = K
    g.arrange(
        turn=2,
        men={"A1": "0707", "A3": "0715"},
        vehicles={"E2": {"hex": "0807", "moving": True}, "E1": {"hex": "0815", "moving": True}},
    )
    ev = _go(
        g,
        adversary=[
            (("A1", "DF"), {"target": "G5", "weapon": "rifle"}),
            (("A3", "DF"), {"target": "G3", "weapon": "rifle"}),
        ],
    )
    assert g.men["G5"].condition == "K" and g.men["G3"].condition == "K"
    hit = {e["vehicle"]: e["hexes"] for e in ev if e["kind"] == "driver hit"}
    assert hit == {"E2": 0, "E1": 1}
    assert g.vehicle_hex("E2") == "0807" and g.vehicle_hex("E1") == "0816"
    assert not g.vehicles["E1"].moving and not g.vehicles["E2"].moving
