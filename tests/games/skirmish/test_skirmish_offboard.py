"""Men on foot off the map (digest §8): out of a stopped off-map escort, route steps to the board.

Practice map: Route 4 is 0801..0816 (route index 0..15), the transporter on 0808 (index 7).
E1 starts at T-10 (index -3, 3 route steps before 0801), E2 at T+11 (index 18, 3 steps past
0816); both stopped, at turn 2.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from skirmish_turns import assert_no_ap_overspent, plot_or_unchanged

from hexplay.engine import IllegalOrder
from hexplay.games.skirmish import SkirmishGame
from hexplay.games.skirmish.fixtures import practice_game
from hexplay.games.skirmish.tables import AP_PER_TURN
from hexplay.games.skirmish.units import Man

SIDES = ("adversary", "defender")


def _game(**vehicles) -> SkirmishGame:
    g = practice_game(escort_offsets={"E1": -10, "E2": 11})
    spec = {"E1": {"moving": False}, "E2": {"moving": False}}
    spec.update(vehicles)
    g.arrange(vehicles=spec, turn=2)
    assert g.vehicles["E1"].pos == -3 and g.vehicles["E2"].pos == 18
    return g


def _resolve(g: SkirmishGame) -> None:
    for s in SIDES:
        g.submit(s)
    g.resolve_turn()


def _out(g: SkirmishGame, *men: str) -> SkirmishGame:
    """Plot EV (exit) for ``men`` and resolve the turn."""
    for m in men:
        g.plot("defender", m, "EV")
    _resolve(g)
    return g


def _illegal(g, rule, *args, **kw):
    before = (g.snapshot(), json.dumps(g.view("referee")["plots"]))
    with pytest.raises(IllegalOrder) as e:
        g.plot(*args, **kw)
    assert e.value.rule == rule, str(e.value)
    assert (g.snapshot(), json.dumps(g.view("referee")["plots"])) == before


def test_exit_from_stopped_off_map_escort():
    g = _game()
    assert g.plot("defender", "G4", "EV")["ap"] == "1"
    g.plot("defender", "G6", "EV")
    _resolve(g)
    g4, g6 = g.men["G4"], g.men["G6"]
    assert (g4.hex, g4.vehicle, g4.seat, g4.route_pos) == (None, None, None, -3)
    assert (g6.hex, g6.vehicle, g6.route_pos) == (None, None, 18)
    assert "C" not in g.vehicles["E1"].seats
    assert g.man_hex(g4) is None
    rows = {r["unit"]: r for r in g.record()}
    assert rows["G4"]["start"] == "E1/C"
    assert rows["G4"]["location"] == "T-10 (off map)"
    assert rows["G6"]["location"] == "T+11 (off map)"
    assert rows["E1"]["location"] == "T-10 (off map)"  # same label as his escort
    exit_ev = [e for e in g.log.for_side("defender") if e["kind"] == "exit"]
    assert {e["position"] for e in exit_ev} == {"T-10", "T+11"}
    assert g.view("defender")["units"]["G4"]["position"] == "T-10"


def test_exit_from_moving_off_map_escort_still_illegal():
    g = _game(E1={"moving": True})
    _illegal(g, "§8 vehicles", "defender", "G4", "EV")


def test_route_steps_reach_first_map_hex():
    g = _out(_game(), "G4", "G6")
    t = g.plot("defender", "G4", "MP", hexes=3)
    assert t == {"code": "MP", "path": ["0801"], "hexes": 3, "ap": "3"}
    t = g.plot("defender", "G6", "MP", hexes=3)  # from past the far end, toward the board
    assert t["path"] == ["0816"] and t["ap"] == "3"
    assert g.ap_left("defender", "G4") == AP_PER_TURN - 3
    _resolve(g)
    assert (g.men["G4"].hex, g.men["G4"].route_pos) == ("0801", None)
    assert (g.men["G6"].hex, g.men["G6"].route_pos) == ("0816", None)
    row = next(r for r in g.record() if r["unit"] == "G4" and r["turn"] == 3)
    assert row["tasks"] == "MP 3 along route: 0801" and row["location"] == "0801"
    assert row["start"] == "T-10 (off map)"


def test_mixed_path_and_exit_in_the_same_turn():
    g = _game()
    g.plot("defender", "G4", "EV")
    t = g.plot("defender", "G4", "MP", hexes=3, path=["0801", "0802"])
    assert t["path"] == ["0801", "0802"] and t["ap"] == "4"  # 3 route steps + road 0802
    # the entry hex may be left out of path: the same task
    g.unplot("defender", "G4")
    assert g.plot("defender", "G4", "MP", hexes=3, path=["0802"]) == t
    _resolve(g)
    assert (g.men["G4"].hex, g.men["G4"].route_pos) == ("0802", None)


def test_wounded_pays_double():
    g = _out(_game(), "G4")
    g.arrange(wounds={"G4": 1})
    assert g.plot("defender", "G4", "MP", hexes=3)["ap"] == "6"
    _illegal(g, "Table VII", "defender", "G4", "MP", path=["0802", "0803", "0804"])  # 6 + 6
    g.unplot("defender", "G4")
    assert g.plot("defender", "G4", "MP", hexes=2)["ap"] == "4"
    _resolve(g)
    assert (g.men["G4"].hex, g.men["G4"].route_pos) == (None, -1)
    assert next(r for r in g.record() if r["unit"] == "G4" and r["turn"] == 3)["location"] == (
        "T-8 (off map)"
    )


def test_partial_steps_and_limits():
    g = _out(_game(), "G4", "G6")
    _illegal(g, "§8 off-board", "defender", "G4", "MP", hexes=4)  # past the entry hex
    _illegal(g, "§8 off-board", "defender", "G6", "MP", hexes=4)  # other end: same rule
    _illegal(g, "§8 off-board", "defender", "G4", "MP", hexes=-1)  # away from the board
    _illegal(g, "§8 off-board", "defender", "G4", "MP", hexes=0, path=["0801"])  # path only
    _illegal(g, "§8 off-board", "defender", "G4", "MP", hexes=2, path=["0801"])  # still off
    assert "path" not in g.plot("defender", "G4", "MP", hexes=1)  # still off the map
    assert g.plot("defender", "G4", "MP", hexes=2)["path"] == ["0801"]  # a second MP goes on
    g.plot("defender", "G4", "MP", path=["0802"])  # now on the map: a normal MP
    _illegal(g, "§8 off-board", "defender", "G4", "MP", hexes=1)  # on the map: no route steps
    _resolve(g)
    assert g.men["G4"].hex == "0802"
    # once on the board he can never leave it
    _illegal(g, "§8 off-board", "defender", "G4", "MP", path=["0800"])
    _illegal(g, "§8 off-board", "defender", "G4", "MP", hexes=1)


def test_re_enter_off_map_escort():
    g = _out(_game(), "G4", "G6")
    _illegal(g, "§8 off-board", "defender", "G4", "EV", target="E2")  # E2 is at T+11
    assert g.plot("defender", "G4", "EV", target="E1")["seat"] == "C"
    _illegal(g, "§8 vehicles", "defender", "G4", "MP", hexes=1)  # entering ends his movement
    g.plot("defender", "G6", "MP", hexes=1)
    _illegal(g, "§8 off-board", "defender", "G6", "EV", target="E2")  # no longer at E2
    _resolve(g)
    assert (g.men["G4"].vehicle, g.men["G4"].route_pos, g.men["G4"].hex) == ("E1", None, None)
    assert g.vehicles["E1"].seats["C"] == "G4"
    assert g.men["G6"].route_pos == 17


def test_no_fire_no_barrier_work_no_maintenance_off_map():
    g = _game()
    # an adversary in E2 (its guards placed on the map) gets out off the map
    g.arrange(men={"G5": "1010", "G6": "1011", "A1": ["E2", "D"]})
    g.plot("adversary", "A1", "EV")
    _resolve(g)
    assert g.men["A1"].route_pos == 18
    _illegal(g, "§8 off-board", "adversary", "A1", "BW")
    _illegal(g, "§8 off-board", "adversary", "A1", "DF", target="G1")
    _illegal(g, "§8 weapon exchange", "adversary", "A1", "WE", target="E2")
    assert "BW" not in g.legal_tasks("adversary", "A1")
    assert set(g.legal_tasks("adversary", "A1")) == {"MP", "EV"}
    # nobody can fire at him, and the defenders never see him
    assert not g.odds("G5", "A1")["possible"]
    assert "off-board" in g.odds("G5", "A1")["reason"]
    v = g.view("defender")
    assert "A1" not in v["units"] and "A1" not in v["seen"]
    _illegal(g, "Table III", "defender", "G5", "DF", target="A1")
    assert g.view("adversary")["units"]["A1"]["position"] == "T+11"


def test_off_board_defender_cannot_fire():
    g = _out(_game(), "G4")
    g.arrange(men={"A1": "0802"})  # near the map's end where G4 stands off it
    _illegal(g, "§8 off-board", "defender", "G4", "DF", target="A1")
    assert "G4" not in g.view("adversary")["units"]
    assert "G4" not in g.seen["adversary"]


def test_json_round_trip_and_replay():
    g = _out(_game(), "G4", "G6")
    g.plot("defender", "G4", "MP", hexes=2)
    _resolve(g)
    snap = g.snapshot()
    assert snap["men"]["G4"]["route_pos"] == -1 and snap["men"]["G6"]["route_pos"] == 18
    assert "route_pos" not in snap["men"]["G1"]  # on-map men keep the old form
    d = json.loads(json.dumps(g.to_json()))
    g2 = SkirmishGame.from_json(d, referee=True)  # an arranged lesson game
    assert g2.snapshot() == snap and g2.to_json() == g.to_json()
    assert g2.record() == g.record()
    r = g.replay()
    assert r.snapshot() == snap and r.record() == g.record()
    # Man round trip
    for m in g.men.values():
        assert Man.from_dict(json.loads(json.dumps(m.to_dict()))) == m
    # and the game goes on from the reloaded state
    g2.plot("defender", "G4", "MP", hexes=1, path=["0802"])
    _resolve(g2)
    assert g2.men["G4"].hex == "0802"
    assert g2.rewind(3).men["G4"].route_pos == -3


UNITS = ["G3", "G4", "G5", "G6", "E1", "E2", "A1"]
CODES = ["MP", "MP", "MP", "EV", "EV", "DF", "BW", "WE", "RA", "EP", "AV", "MV", "SV"]
HEXES = ["0801", "0802", "0816", "0815", "0800", "0707"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    out=st.sets(st.sampled_from(["G3", "G4", "G5", "G6"]), min_size=1),
    wounded=st.booleans(),
    orders=st.lists(
        st.tuples(
            st.sampled_from(SIDES),
            st.sampled_from(UNITS),
            st.sampled_from(CODES),
            st.one_of(st.none(), st.sampled_from(UNITS)),
            st.one_of(st.just([]), st.lists(st.sampled_from(HEXES), max_size=2)),
            st.integers(-1, 4),
        ),
        min_size=1,
        max_size=12,
    ),
)
def test_random_orders_with_off_board_men(out, wounded, orders):
    g = _game()
    g.arrange(men={"A1": "0802", "A2": "0815"})
    _out(g, *sorted(out))  # drivers too: the escorts stay stopped where they are
    assert all(g.men[m].route_pos in (-3, 18) for m in out)
    if wounded:
        g.arrange(wounds={"G4": 1})
    for side, unit, code, target, path, hexes in orders:
        plot_or_unchanged(g, side, unit, code, target=target, path=path, hexes=hexes)
    assert_no_ap_overspent(g, SIDES)
    try:
        _resolve(g)
    except IllegalOrder:
        return  # a moving vehicle left unplotted: submit refuses, nothing to check
    n = len(g.route)
    for m in g.men.values():
        where = [m.hex is not None, m.vehicle is not None, m.route_pos is not None]
        assert sum(where) == 1, m
        if m.route_pos is not None:
            assert not 0 <= m.route_pos < n
            assert m.id not in g.seen["adversary"]
    g2 = SkirmishGame.from_json(json.loads(json.dumps(g.to_json())), referee=True)  # arranged
    assert g2.snapshot() == g.snapshot()
