"""Scenarios 11 and 12: set-ups, validation, JSON, victory points and levels."""

from __future__ import annotations

import json

import pytest
from naval_cases import game, plot_all, scenario, ship

from hexplay.engine import ScenarioError
from hexplay.games.naval import NavalGame, load_scenario, scenarios
from hexplay.games.naval.scenarios import (
    LEVELS_11,
    read_scenario,
    save_scenario,
    sea_map,
    within_of_land,
)
from hexplay.games.naval.ships import Ship
from hexplay.games.naval.victory import level, victory_points


def test_kula_gulf_set_up():
    g = NavalGame.new("kula_gulf")
    ijn = {s.id: g.label(s.hex) for s in g.ships.values() if s.side == "ijn"}
    usn = {s.id: g.label(s.hex) for s in g.ships.values() if s.side == "usn"}
    assert sorted(ijn.values()) == [
        "2826",
        "2827",
        "2828",
        "2829",
        "2830",
        "2831",
        "2832",
        "2928",
    ]  # 2928: the second Shigura, placed by hexplay
    assert sorted(usn.values()) == ["3718", "3818", "3919", "4019", "4120", "4220", "4321"]
    assert {s.speed for s in g.ships.values()} == {5}
    assert {s.facing for s in g.ships.values() if s.side == "ijn"} == {0}  # n
    assert {s.facing for s in g.ships.values() if s.side == "usn"} == {5}  # nw
    assert [s.id for s in g.ships.values() if s.troops] == ["DD2b", "DD1b"]
    assert g.label(g.ships["DD2b"].hex) == "2830" and g.label(g.ships["DD1b"].hex) == "2832"
    cls = [s.cls for s in g.ships.values()]
    assert cls.count("Kagero") == 2 and cls.count("Shiratsuyu") == 2
    assert cls.count("Fubuki") == 2 and cls.count("Mutsuki") == 2
    assert cls.count("Fletcher") == 4 and cls.count("Brooklyn") == 3
    sc = g.scenario
    assert sc.turns == 20 and sc.spotting_range == 8 and sc.ijn_start_points == 6
    assert not sc.usn_radar and not sc.usn_torpedo_range_4  # 7/6/43 is before 8/1/43
    assert g.map.terrain_mask("land").any()  # land configuration C
    assert g.victory()["vp"] == {"ijn": 6, "usn": 0}


def test_kula_gulf_thirty_turns_with_the_reinforcement():
    g = NavalGame.new("kula_gulf_30")
    assert g.scenario.turns == 30
    extra = [s for s in g.ships.values() if s.enter_turn == 20]
    assert len(extra) == 3 and all(s.cls == "Mutsuki" and s.supply for s in extra)
    assert all(s.salvos == 1 and s.status == "reserve" for s in extra)  # no reloads
    m = g.map
    for s in extra:
        c, r = m.layout.to_offset(s.hex)
        assert r == m.rows and within_of_land(m, g.label(s.hex)) <= 5 and s.speed == 5
    assert g.view("ijn")["units"]["DD1c"]["hex"] is None
    assert "DD1c" not in g.view("usn")["units"]
    for s in g.ships.values():
        s.speed = 0  # hold everybody still (test set-up): nothing happens for 19 turns
    for _ in range(19):
        assert not g.ships["DD1c"].afloat
        for side in g.to_act():
            g.submit(side)
        g.advance()
    assert g.turn == 20 and all(g.ships[s.id].afloat for s in extra)
    assert g.view("ijn")["units"]["DD1c"]["hex"] == "2540"


def test_horaniu_set_up():
    g = NavalGame.new("horaniu")
    sc = g.scenario
    assert sc.turns == 15 and sc.spotting_range == 16 and sc.leave_loses_before == 10
    assert sc.usn_radar and sc.usn_torpedo_range_4 and sc.ijn_start_points == 0
    assert not g.map.terrain_mask("land").any()
    usn = sorted(g.label(s.hex) for s in g.ships.values() if s.side == "usn")
    assert usn == ["3726", "3826", "3927", "4027"]
    assert all(g.ships[x].speed == 7 and g.ships[x].facing == 5 for x in ("DD6a", "DD6d"))
    ijn = {
        s.id: (g.label(s.hex), s.speed, s.facing, s.cls)
        for s in g.ships.values()
        if s.side == "ijn"
    }
    assert ijn["DD4a"] == ("4612", 3, 0, "Kagero")
    assert ijn["DD4b"] == ("4611", 3, 0, "Kagero")  # listed in 4612 too
    assert ijn["DD4c"] == ("4514", 3, 1, "Kagero")
    assert ijn["DD2a"] == ("4316", 3, 0, "Fubuki")
    assert ijn["DD4d"] == ("4317", 3, 0, "Kagero")


def test_scenarios_json_round_trip(tmp_path):
    for name, d in scenarios().items():
        sc = load_scenario(d)
        assert load_scenario(json.dumps(sc.to_dict())) == sc
        p = save_scenario(sc, tmp_path / f"{name}.json")
        assert read_scenario(p) == sc


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d["ships"][0].update(cls="Yamato"), "ships.0.cls"),
        (lambda d: d["ships"][0].update(hex="0135"), "ships.0.hex"),  # land
        (lambda d: d["ships"][0].update(hex="9999"), "ships.0.hex"),
        (lambda d: d["ships"][2].update(speed=7), "ships.2.speed"),  # Shiratsuyu tops at 6
        (lambda d: d["ships"][1].update(id="DD4a"), "ships.1.id"),
        (lambda d: d["ships"][0].update(course="up"), "ships.0.course"),
        (lambda d: d.update(turns=0), "turns"),
        (lambda d: d.update(colour="red"), "colour"),
        (lambda d: d["ships"][0].update(cls="Fletcher"), "ships.0.cls"),  # a USN class
        (lambda d: d["sea"].update(land=["zz"]), "sea.land.0"),
    ],
)
def test_bad_scenarios_name_the_field(change, field):
    d = scenarios()["kula_gulf"]
    change(d)
    with pytest.raises(ScenarioError) as e:
        load_scenario(d)
    assert e.value.field == field


def test_not_json_is_a_scenario_error():
    with pytest.raises(ScenarioError):
        load_scenario("{nope")
    with pytest.raises(ScenarioError):
        load_scenario([1, 2])


@pytest.mark.parametrize(
    ("ijn", "usn", "lv"),
    [
        (5, 1, "IJN major"),
        (10, 2, "IJN major"),
        (499, 100, "IJN minor"),
        (3, 1, "IJN minor"),
        (299, 100, "Draw"),
        (3, 2, "Draw"),
        (149, 100, "USN minor"),
        (3, 4, "USN minor"),
        (74, 100, "USN major"),
        (0, 3, "USN major"),
        (6, 0, "IJN major"),
        (0, 0, "Draw"),
    ],
)
def test_level_of_victory_at_each_threshold(ijn, usn, lv):
    assert level(ijn, usn, LEVELS_11) == lv


def _s(id, side, cls, **kw):
    s = Ship(id, side, cls, (0, 0), 0, 3)
    for k, v in kw.items():
        setattr(s, k, v)
    return s


def test_victory_point_schedule():
    sc = load_scenario(scenarios()["kula_gulf"])
    ships = [
        _s("c1", "usn", "Brooklyn", status="sunk"),  # 6 to IJN
        _s("c2", "usn", "Brooklyn", p_hits=2),  # DIW: 4
        _s("c3", "usn", "Brooklyn", p_hits=1),  # P hit: 2
        _s("d1", "usn", "Fletcher", w_hits=2),  # W hits: nothing
        _s("j1", "ijn", "Kagero", status="sunk"),  # 3 to USN
        _s("j2", "ijn", "Kagero", p_hits=1),  # 1
        _s("j3", "ijn", "Fubuki", p_hits=2),  # DIW: 2, or sunk (3) at the end
        _s("t1", "ijn", "Fubuki", troops=True, status="exited"),  # +1 IJN
        _s("t2", "ijn", "Mutsuki", troops=True, status="sunk"),  # 3 + 1 USN
        _s("t3", "ijn", "Mutsuki", troops=True, status="exited", w_hits=1),  # hit: nobody
    ]
    during = victory_points(ships, sc, at_end=False)["vp"]
    assert during == {"ijn": 6 + 6 + 4 + 2 + 1, "usn": 3 + 1 + 2 + 3 + 1}
    end = victory_points(ships, sc, at_end=True)["vp"]
    assert end["usn"] == during["usn"] + 1  # IJN DIW counts as sunk


def test_leaving_before_turn_ten_loses():
    g = game(
        [ship("A", "Kagero", "1010"), ship("B", "Fletcher", "1502", speed=3)], leave_loses_before=10
    )
    plot_all(g, {})
    assert g.over and g.outcome()["winner"] == "ijn" and "turn 10" in g.outcome()["reason"]
    assert g.outcome()["left_map"] == "B"


def test_game_ends_at_the_turn_limit_by_points():
    g = game(
        [ship("A", "Kagero", "1010", speed=1), ship("B", "Fletcher", "1525", speed=1)],
        turns=2,
        ijn_start_points=6,
    )
    plot_all(g, {})
    plot_all(g, {})
    o = g.outcome()
    assert g.over and o["reason"] == "turn limit" and o["turns"] == 2
    assert o["level"] == "IJN major" and o["winner"] == "ijn" and o["vp_ijn"] == 6


def test_sea_map_built_from_the_scenario():
    sc = load_scenario(
        scenario([ship("A", "Kagero", "1010"), ship("B", "Fletcher", "2020")], land=["0101..0303"])
    )
    m = sea_map(sc)
    assert (m.cols, m.rows) == (30, 30) and m.terrain_at("0202") == "land"
