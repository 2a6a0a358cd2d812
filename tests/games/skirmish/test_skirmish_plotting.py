"""Plot validation: every rule checked at plot time, errors name the rule, nothing changes."""

from __future__ import annotations

from fractions import Fraction

import pytest

from hexplay.engine import IllegalOrder
from hexplay.games.skirmish.fixtures import practice_game


@pytest.fixture
def g():
    return practice_game()


def _state(g):
    return (
        g.snapshot(),
        {s: {u: list(t) for u, t in o.items()} for s, o in g.plots.orders.items()},
    )


def illegal(g, rule, *args, **kw):
    before = _state(g)
    with pytest.raises(IllegalOrder) as e:
        g.plot(*args, **kw)
    assert e.value.rule == rule, str(e.value)
    assert _state(g) == before
    return str(e.value)


def test_ap_limit_message(g):
    g.plot("adversary", "A1", "DF", target="G1")
    g.plot("adversary", "A1", "DF", target="G2")
    msg = illegal(g, "Table II", "adversary", "A1", "DF", target="G7")
    assert msg == "Table II: DF costs 5 AP; 10 of 10 AP already plotted"
    assert g.ap_left("adversary", "A1") == 0


def test_wounded_pay_double(g):
    g.arrange(wounds={"A1": 1})
    t = g.plot("adversary", "A1", "DF", target="G1")
    assert t["ap"] == "10"
    msg = illegal(g, "Table VII", "adversary", "A1", "MP", path=["0706"])
    assert "doubled" in msg


def test_movement_costs_terrain_and_slope(g):
    g.arrange(men={"A1": "0402"}, turn=2)
    g.plot("adversary", "A1", "MP", path=["0403"])  # trees: 2
    assert g.ap_left("adversary", "A1") == 8
    g2 = practice_game()
    g2.arrange(men={"A1": "1107"}, turn=2)
    g2.plot("adversary", "A1", "MP", path=["1108"])  # open across a slope hexside: 2
    assert g2.ap_left("adversary", "A1") == 8
    illegal(g2, "Table VIII", "adversary", "A1", "MP", path=["1110"])  # not adjacent


def test_move_off_map_rejected(g):
    g.arrange(men={"A1": "0101"})
    illegal(g, "§8 off-board", "adversary", "A1", "MP", path=["0100"])


def test_turn_one_restrictions(g):
    illegal(g, "§4 turn 1", "defender", "G1", "DF", target="A1")
    g.arrange(men={"A1": "0712"})
    illegal(g, "§4 turn 1", "adversary", "A1", "DF", target="G3")  # escort occupant
    g.plot("adversary", "A1", "DF", target="G1")  # transporter occupant: fine


def test_los_needed_vehicle_blocks(g):
    g.arrange(men={"A1": "0802"})  # E2 on 0804 stands between 0802 and the transporter
    msg = illegal(g, "Table III", "adversary", "A1", "DF", target="G1")
    assert "no line of sight" in msg


def test_unseen_target_is_refused_without_leaking(g):
    g.arrange(men={"A1": "0802"})
    msg = illegal(g, "Table III", "defender", "G1", "DF", target="ZZ")
    assert "not an enemy man your side can see" in msg


def test_shotgun_and_pistol_useless_against_vehicle_occupants(g):
    msg = illegal(g, "Table V", "adversary", "A2", "DF", target="G1")
    assert "inside a vehicle" in msg
    illegal(g, "Table V", "adversary", "A1", "DF", target="G1", weapon="pistol")


def test_zero_attack_strength_cannot_be_plotted(g):
    g.arrange(men={"G2": "1616", "A4": "1601"}, turn=2)
    msg = illegal(g, "Table V", "adversary", "A4", "DF", target="G2", weapon="pistol")
    assert "attack strength 0" in msg


def test_no_fire_from_moving_vehicle(g):
    g.arrange(turn=2, men={"A1": "0712"})
    illegal(g, "Table V", "defender", "G4", "DF", target="A1")


def test_barrier_work_rules(g):
    g.arrange(men={"A1": "0808", "A3": "0807"})
    illegal(g, "§8 barrier work", "adversary", "A1", "BW")  # turn 1
    g.arrange(turn=2)
    g.plot("adversary", "A1", "BW")
    illegal(g, "§8 barrier work", "adversary", "A3", "BW")  # not on the transporter hex
    illegal(g, "§8 barrier work", "defender", "G1", "BW")
    g2 = practice_game()
    g2.arrange(men={"A1": "0808"}, wounds={"A1": 1}, turn=2)
    illegal(g2, "Table VII", "adversary", "A1", "BW")


def test_exit_only_stopped_vehicle(g):
    illegal(g, "§8 vehicles", "defender", "G3", "EV")
    g.plot("defender", "G1", "EV")  # transporter is stopped
    g.plot("defender", "G1", "MP", path=["0709"])


def test_enter_vehicle_rules(g):
    g.arrange(men={"A1": "0808"}, turn=2)
    illegal(g, "§8 vehicles", "adversary", "A1", "EV", target="T")  # occupied by defenders
    g2 = practice_game()
    g2.arrange(men={"G2": "0809"}, turn=2)
    g2.plot("defender", "G2", "MP", path=["0808"])
    g2.plot("defender", "G2", "EV", target="T")
    illegal(g2, "§8 vehicles", "defender", "G2", "MP", path=["0809"])  # entering ends movement


def test_vehicles_on_route_not_through_ambush_nor_off_board(g):
    illegal(g, "§8 vehicles", "defender", "E2", "MV", hexes=4)  # 0804 -> 0808 is the ambush
    g.plot("defender", "E2", "MV", hexes=3)
    illegal(g, "§8 off-board", "defender", "E1", "MV", hexes=5)  # 0812 + 5 leaves the map
    illegal(g, "Table II", "defender", "E1", "AV")  # already moving
    illegal(g, "§2 scenario", "defender", "T", "AV")


def test_vehicle_ap_charged_to_everyone_aboard(g):
    g.arrange(turn=2, vehicles={"E1": {"moving": False}}, men={"A1": "0712"})
    g.plot("defender", "G4", "DF", target="A1")
    g.plot("defender", "G4", "WE", target="E1")
    g.plot("defender", "E1", "AV")
    assert g.ap_left("defender", "G4") == 1 and g.ap_left("defender", "G3") == 8
    g.plot("defender", "E1", "MV", hexes=3)  # 1/2 AP
    assert g.ap_left("defender", "G4") == Fraction(1, 2)
    assert g.ap_left("defender", "E1") == Fraction(1, 2)
    g.unplot("defender", "E1")
    g.unplot("defender", "E1")
    g.unplot("defender", "G4")
    g.plot("defender", "G4", "DF", target="A1")
    msg = illegal(g, "Table II", "defender", "E1", "AV")
    assert msg.endswith("G4 has 10 of 10 AP already plotted")
    assert "charged to everyone aboard" in msg


def test_driver_rules_and_exchange_of_places(g):
    g.arrange(turn=2, vehicles={"E1": {"moving": False}}, wounds={"G3": 1})
    illegal(g, "§8 vehicles", "defender", "E1", "AV")  # wounded men cannot drive
    illegal(g, "§8 vehicles", "defender", "G2", "EP")  # G2 is in T, its driver is fit
    g.plot("defender", "G4", "EP")
    g.plot("defender", "E1", "AV")
    # EP is charged to the displaced wounded driver too (5 AP), and both ride
    assert g.ap_left("defender", "G3") == 10 - 5 - 2
    assert g.ap_left("defender", "G4") == 10 - 5 - 2


def test_moving_vehicle_must_be_stopped_or_moved_on_submit(g):
    with pytest.raises(IllegalOrder, match="E1 is moving"):
        g.submit("defender")
    g.plot("defender", "E1", "SV")
    g.plot("defender", "E2", "MV", hexes=2)
    g.submit("defender")
    with pytest.raises(IllegalOrder, match="submitted"):
        g.plot("defender", "G1", "EV")
    with pytest.raises(IllegalOrder, match="submitted"):
        g.submit("defender")


def test_task_order_combat_movement_maintenance(g):
    g.arrange(turn=2, men={"A1": "0808"})
    g.plot("adversary", "A1", "MP", path=["0807"])
    msg = illegal(g, "§4 sequence of play", "adversary", "A1", "DF", target="G1")
    assert "combat -> movement -> maintenance" in msg


def test_rearm_and_weapon_exchange_preconditions(g):
    illegal(g, "§8 re-arm", "adversary", "A1", "RA")
    g.arrange(turn=2)
    t = g.plot("defender", "G2", "WE", target="T", weapon="shotgun")
    assert t["weapon"] == "shotgun"
    illegal(g, "§8 weapon exchange", "defender", "G1", "WE", target="T", weapon="shotgun")
    illegal(g, "§8 weapon exchange", "adversary", "A1", "WE", target="A3")  # A3 is fit


def test_dead_do_nothing(g):
    g.arrange(wounds={"A1": 2})
    with pytest.raises(IllegalOrder, match="Table VII"):
        g.plot("adversary", "A1", "MP", path=["0706"])
    assert "A1" not in g.own_units("adversary")
    assert g.legal_tasks("adversary", "A1") == []


def test_unplot_and_legal_tasks(g):
    assert "DF" in g.legal_tasks("adversary", "A1")
    assert "BW" not in g.legal_tasks("adversary", "A1")
    assert set(g.legal_tasks("defender", "E1")) == {"SV", "MV"}
    g.plot("adversary", "A1", "DF", target="G1")
    g.unplot("adversary", "A1")
    assert g.plotted("adversary", "A1") == [] and g.ap_left("adversary", "A1") == 10
    with pytest.raises(IllegalOrder):
        g.unplot("adversary", "A1")


def test_wrong_side_and_phase(g):
    with pytest.raises(IllegalOrder, match="not a adversary unit"):
        g.plot("adversary", "G1", "EV")
    with pytest.raises(IllegalOrder, match="waiting"):
        g.resolve_turn()
    with pytest.raises(IllegalOrder):
        g.plot("referee", "A1", "BW")


def test_plot_tasks_all_or_none(g):
    shots = [{"code": "DF", "target": "G1"}, {"code": "df", "target": "G2"}]
    # a third shot overspends: none of the batch is kept, the error names the rule
    before = _state(g)
    with pytest.raises(IllegalOrder) as e:
        g.plot_tasks("adversary", "A1", [*shots, {"code": "DF", "target": "G1"}])
    assert e.value.rule == "Table II"
    assert _state(g) == before
    # an unknown key is refused as such, not ignored
    with pytest.raises(IllegalOrder, match="a task is a dict with 'code'"):
        g.plot_tasks("adversary", "A1", [{"code": "DF", "tagret": "G1"}])
    assert _state(g) == before
    done = g.plot_tasks("adversary", "A1", shots)
    assert [(t["code"], t["target"], t["ap"]) for t in done] == [
        ("DF", "G1", "5"),
        ("DF", "G2", "5"),
    ]
    assert g.plotted("adversary", "A1") == done
    # what plotted() returns can be given back (its ``ap`` is worked out again)
    g.unplot("adversary", "A1")
    g.unplot("adversary", "A1")
    assert g.plot_tasks("adversary", "A1", done) == done
    assert g.plot_tasks("adversary", "A2", []) == []


def test_plot_tasks_logged_as_single_plots(g):
    g.plot_tasks("adversary", "A1", [{"code": "DF", "target": "G1"}] * 2)
    g.plot("adversary", "A3", "MP", path=["0609"])
    plots = [c for c in g.commands.to_list() if c["op"] == "plot"]
    assert [(c["args"]["unit_id"], c["args"]["code"]) for c in plots] == [
        ("A1", "DF"),
        ("A1", "DF"),
        ("A3", "MP"),
    ]
    assert g.replay().plots.orders == g.plots.orders


def _fire_checks(g):
    from hexplay.games.skirmish.plotting import check_fire
    from hexplay.games.skirmish.tasks import Task

    out = {}
    for f in g.men.values():
        for t in g.men.values():
            if t.side == f.side:
                continue
            try:
                out[f.id, t.id] = check_fire(g, f.side, f, Task("DF", t.id))
            except IllegalOrder as e:
                out[f.id, t.id] = (e.rule, str(e))
    return out


@pytest.mark.parametrize("turn", [1, 2])
def test_fire_check_through_the_odds_memo_matches_the_full_check(turn):
    g = practice_game()
    g.arrange(turn=turn, wounds={"A2": 1, "G3": 1}, men={"A1": "0808"})
    memo = g.terrain.memo
    saved = dict(memo)
    try:
        memo.clear()
        cold = _fire_checks(g)  # nothing memoized: every check made in full
        shots = [(f, t) for (f, t), r in cold.items() if not isinstance(r, tuple)]
        assert shots and len(shots) < len(cold)  # some accepted, some refused
        for f, t in cold:
            g.odds(f, t, hexes_moved=0)
        assert any(memo.get(g._odds_key(g.men[f], g.men[t], None, 0)) for f, t in shots)
        assert _fire_checks(g) == cold  # the same tasks (weapons) and the same refusals
    finally:
        memo.clear()
        memo.update(saved)
