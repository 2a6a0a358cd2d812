"""Naval rules in play: spotting (a), (b), (c), fire only at spotted ships, the special rules
after 8/1/43, simultaneous combat, torpedoes, three hits sink."""

from __future__ import annotations

import pytest
from naval_cases import game, plot_all, ship

from hexplay.engine import IllegalOrder
from hexplay.games.naval.resolve import gun_strength, radar_target
from hexplay.games.naval.ships import Ship


def _turn_spotted(g, turn):
    return next(h["spotted"] for h in g.history if h["turn"] == turn)


def test_b_within_spotting_range_at_the_sight_phase():
    g = game(
        [ship("A", "Kagero", "1010"), ship("B", "Fletcher", "1018"), ship("C", "Kagero", "0302")]
    )
    assert set(g.spotted_b) == {"A", "B"}  # 8 hexes apart; C is 16 from B
    assert g.spotting_status("A")[0] == "b" and g.spotting_status("C")[0] is None
    g2 = game([ship("A", "Kagero", "1010"), ship("B", "Fletcher", "1019")])
    assert g2.spotted_b == {}  # 9 hexes: not spotted


def test_spotting_range_is_per_scenario():
    g = game([ship("A", "Kagero", "1005"), ship("B", "Fletcher", "1021")], spotting_range=16)
    assert set(g.spotted_b) == {"A", "B"}


def test_a_gunnery_spots_the_firing_ship():
    g = game(
        [
            ship("A", "Kagero", "1010"),
            ship("B", "Fletcher", "1018"),
            ship("C", "Kagero", "0302", course="s"),
        ]
    )
    plot_all(g, {"C": {"gunnery": "B"}})
    assert _turn_spotted(g, 1)["C"] == "a"


def test_torpedo_attacks_do_not_spot():
    g = game(
        [
            ship("A", "Kagero", "1010"),
            ship("B", "Fletcher", "1018"),
            ship("C", "Kagero", "0302", course="s"),
        ]
    )
    plot_all(g, {"C": {"torpedo": "B"}})
    assert "C" not in _turn_spotted(g, 1)


def test_c_follow_on_for_one_turn_only_if_again_under_gunnery():
    g = game(
        [
            ship("A", "Kagero", "1010", speed=3, course="n"),
            ship("B", "Brooklyn", "1018", speed=3, course="s"),
        ],
        dice=[6] * 40,
        turns=6,
    )
    plot_all(g, {"B": {"gunnery": "A"}})  # A spotted (b), targeted
    assert g.spotted_b == {}  # 14 apart now
    v = g.view("usn")
    assert v["units"]["A"]["spotted"] == "c"
    assert g.gunnery_targets("usn") == ["A"] and g.torpedo_targets("usn") == []
    plot_all(g, {"B": {"gunnery": "A"}})
    assert _turn_spotted(g, 2)["A"] == "c"
    assert "A" not in g.view("usn")["units"]  # (c) lasts the following turn only
    assert g.gunnery_targets("usn") == []


def test_c_needs_a_gunnery_attack_again():
    g = game(
        [ship("A", "Kagero", "1010", speed=3), ship("B", "Brooklyn", "1018", speed=3, course="s")],
        dice=[6] * 40,
    )
    plot_all(g, {"B": {"gunnery": "A"}})
    plot_all(g, {})  # no gunnery in turn 2
    assert "A" not in _turn_spotted(g, 2)


def test_fire_only_at_spotted_ships_and_nothing_changes():
    g = game([ship("A", "Kagero", "1010"), ship("B", "Fletcher", "1025")])
    before = g.snapshot()
    with pytest.raises(IllegalOrder, match="7.61"):
        g.order("ijn", kind="gunnery", unit="A", target="B")
    with pytest.raises(IllegalOrder, match="7.61"):
        g.order("ijn", kind="torpedo", unit="A", target="B")
    assert g.snapshot() == before and not g.commands.commands


def test_markers_come_off_each_turn():
    g = game(
        [ship("A", "Kagero", "1010", speed=3), ship("B", "Fletcher", "1017", speed=3, course="s")]
    )
    assert set(g.spotted_b) == {"A", "B"}
    plot_all(g, {})
    assert g.spotted_b == {}


def test_extended_range_gunnery_is_halved():
    s = Ship("X", "usn", "Brooklyn", (0, 0), 0, 5)
    assert gun_strength(s, 8) == 17 and gun_strength(s, 9) == 17 / 2 and gun_strength(s, 17) == 0


def test_usn_torpedo_range_four_after_8_1_43():
    ships = [ship("A", "Kagero", "1010"), ship("B", "Fletcher", "1018")]
    assert game(ships).ranges("B")["torpedo"] == [2, 6]
    assert game(ships, usn_torpedo_range_4=True).ranges("B")["torpedo"] == [4, 6]
    assert game(ships, usn_torpedo_range_4=True).ranges("A")["torpedo"] == [8, 16]


def test_radar_fires_at_the_nearest_or_larger_unspotted_ship():
    b = Ship("B", "usn", "Fletcher", (10, 10), 0, 5)
    near = Ship("N", "ijn", "Mutsuki", (10, 1), 0, 5)  # 9 hexes
    big = Ship("K", "ijn", "Akizuki", (19, 1), 0, 5)  # 9 hexes, defense 3
    far = Ship("F", "ijn", "Kagero", (10, -1), 0, 5)  # 11 hexes: beyond radar range
    ships = {s.id: s for s in (b, near, big, far)}
    assert radar_target(b, ships, 10) == "K"
    big.hex = (19, -2)
    assert radar_target(b, ships, 10) == "N"
    near.hex = (10, -3)
    assert radar_target(b, ships, 10) is None


def test_radar_order_in_play():
    g = game(
        [ship("A", "Kagero", "1008", speed=0), ship("B", "Fletcher", "1017", speed=0)],
        usn_radar=True,
        dice=[1] * 10,
    )
    assert g.spotted_b == {}
    with pytest.raises(IllegalOrder, match="FCR"):
        g.order("ijn", kind="radar", unit="A")
    plot_all(g, {"B": {"radar": True}})
    gun = [e for e in g.history[0]["events"] if e["referee"]["kind"] == "gunnery"]
    assert gun and gun[0]["referee"]["target"] == "A"
    assert gun[0]["ijn"]["attackers"][0]["ship"] == "B"  # the firing ship is spotted (a)
    assert _turn_spotted(g, 1)["B"] == "a"


def test_hit_ship_still_fires_and_results_apply_at_once():
    g = game(
        [ship("A", "Kagero", "1010", speed=0), ship("B", "Fletcher", "1012", speed=0)], dice=[1, 1]
    )
    g.ships["A"].p_hits = 2  # dead in the water already: one more PW sinks it
    plot_all(g, {"A": {"gunnery": "B"}, "B": {"gunnery": "A"}})
    ev = [e["referee"] for e in g.history[0]["events"]]
    battles = [e for e in ev if e["kind"] == "gunnery"]
    assert [(e["target"], e["result"]) for e in battles] == [("A", "PW"), ("B", "PW")]
    assert g.ships["A"].status == "sunk"  # four hits
    assert (g.ships["B"].p_hits, g.ships["B"].w_hits) == (1, 1)  # A's fire still counted
    phases = [e["phase"] for e in ev if e["kind"] in ("gunnery", "damage")]
    assert phases == ["D", "D", "E", "E"]


def test_three_hits_sink_and_sunk_ships_never_act():
    g = game(
        [ship("A", "Kagero", "1010", speed=0), ship("B", "Brooklyn", "1012", speed=0)],
        dice=[1, 1, 1, 1],
    )
    plot_all(g, {"B": {"gunnery": "A"}})
    assert g.ships["A"].hits == 2 and g.ships["A"].afloat
    plot_all(g, {"B": {"gunnery": "A"}})
    assert g.ships["A"].status == "sunk"
    assert g.over  # no IJN ship left
    assert g.legal_orders("ijn") == []


def test_torpedo_battle_sums_strengths_against_tev():
    g = game(
        [
            ship("A", "Kagero", "1010", speed=0),
            ship("C", "Kagero", "1110", speed=0),
            ship("B", "Fletcher", "1014", speed=3, course="s"),
        ],
        dice=[1, 6],
    )
    plot_all(
        g,
        {
            "A": {"torpedo": "B", "steps": []},
            "C": {"torpedo": "B"},
            "B": {"steps": ["R", "R", "A"]},
        },
    )
    (t,) = [e["referee"] for e in g.history[0]["events"] if e["referee"]["kind"] == "torpedo"]
    assert t["strength"] == 16 and t["tev"] == 4 and t["column"] == "4-1"
    assert t["result"] == "PW" and t["hits"] == 2 and t["chart"] == "S"
    assert g.ships["B"].status == "sunk"
    assert g.ships["A"].salvos == 1 and not g.ships["A"].torpedo_loaded(g.turn)


def test_torpedoes_reload_after_the_wait():
    g = game(
        [ship("A", "Kagero", "1005", speed=0), ship("B", "Brooklyn", "1028", speed=0)],
        turns=8,
        spotting_range=25,
    )  # out of torpedo range: salvos spent, no roll
    plot_all(g, {"A": {"torpedo": "B"}})
    assert g.ships["A"].torpedo_ready == 4
    for t in (2, 3):
        assert g.turn == t
        assert not any(o.kind == "torpedo" for o in g.legal_orders("ijn", "A"))
        plot_all(g, {})
    assert any(o.kind == "torpedo" for o in g.legal_orders("ijn", "A"))
    plot_all(g, {"A": {"torpedo": "B"}})
    assert g.ships["A"].salvos == 0
    plot_all(g, {})
    plot_all(g, {})
    plot_all(g, {})
    with pytest.raises(IllegalOrder, match="no salvo"):
        g.order("ijn", kind="torpedo", unit="A", target="B")


def test_power_hit_slows_the_ship_at_once():
    g = game(
        [ship("A", "Kagero", "1010", speed=7), ship("B", "Brooklyn", "1017", speed=0)], dice=[2]
    )  # 8-1: P
    plot_all(g, {"B": {"gunnery": "A"}, "A": {"steps": ["R", "R", "A", "A", "A", "A", "A"]}})
    a = g.ships["A"]
    assert a.p_hits == 1 and a.top_speed == 3 and a.speed == 3
