"""AMBUSH's calls for help: plotted tasks of the convoy's men (RC, skirmish/radio.py)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from hexplay.engine import ForcedDice, IllegalOrder, Order
from hexplay.games.ambush import tables as T
from hexplay.games.ambush.ai.players import ambush_seen, call_for_help, scripted
from hexplay.games.ambush.game import AmbushGame
from hexplay.games.skirmish import radio
from tests.games.ambush.test_ambush_rules import _game

CALLS = dict(radio=True, escorts_notified=False, response_density="high", centre_km=30)


def _rc(g, side: str = "defender") -> dict[str, tuple]:
    return {lo.unit: lo.needs[0].options for lo in g.legal_orders(side) if lo.kind == "RC"}


def test_call_costs_are_data_with_a_reason() -> None:
    t = T.tables()
    assert dict(t.call_ap) == {"CB": 2, "long range": 4}
    assert all(len(r["why"]) > 10 for r in t.raw["radio"]["call"])


def test_no_radio_option_no_call_and_the_rule_is_named() -> None:
    for fields in ({}, {"radio": True, "radio_calls": "automatic"}):
        g = _game(**fields)
        before = g.snapshot()
        with pytest.raises(IllegalOrder) as e:
            g.plot("defender", "G2", "RC", target="centre")
        assert e.value.rule == "AMBUSH radio" and g.snapshot() == before
        assert not _rc(g) and g.radio_calls == {}


def test_legal_orders_offer_calls_to_men_in_warned_vehicles_only() -> None:
    g = _game(**CALLS)
    offered = _rc(g)
    in_t = set(g.vehicles["T"].seats.values())
    assert set(offered) == in_t  # the unwarned escorts' crews may not act (CB not heard yet)
    assert all(opts == ("centre", "E1", "E2") for opts in offered.values())
    assert not _rc(g, "adversary")
    with pytest.raises(IllegalOrder, match="only the convoy"):
        g.radio_call("adversary", "A1", "centre")
    crew = next(iter(g.vehicles["E1"].seats.values()))
    with pytest.raises(IllegalOrder, match="not warned"):
        g.radio_call("defender", crew, "centre")
    for bad in ("E9", None, 3, "T"):
        with pytest.raises(IllegalOrder) as e:
            g.radio_call("defender", "G2", bad)
        assert e.value.rule == "AMBUSH radio"


def test_a_call_costs_ap_and_is_one_a_man_and_a_target() -> None:
    g = _game(**CALLS)
    g.order(Order("defender", "RC", "G2", {"target": "centre"}))
    assert g.ap_left("defender", "G2") == 10 - 4
    assert _rc(g)["G7"] == ("E1", "E2")  # the centre is called already this turn
    with pytest.raises(IllegalOrder, match="one a turn"):
        g.radio_call("defender", "G2", "E1")
    with pytest.raises(IllegalOrder, match="takes target"):
        g.order(Order("defender", "RC", "G7", {"target": "E1", "hexes": 3}))
    # the call's AP stand: a wounded man pays double (8 of his 10 AP for the centre), so his
    # WE (2 AP, 4 for him) is refused naming Table II, and is not offered
    w = _game(**CALLS)
    w.men["G2"].wounds = 1
    w.radio_call("defender", "G2", "centre")
    assert w.ap_left("defender", "G2") == 2
    before = w.snapshot()
    with pytest.raises(IllegalOrder) as e:
        w.plot("defender", "G2", "WE", target="T", weapon="shotgun")
    assert e.value.rule == "Table II" and w.snapshot() == before
    assert all(lo.kind != "WE" for lo in w.legal_orders("defender", "G2"))
    w.plot("defender", "G7", "WE", target="T", weapon="shotgun")  # another man's AP are his
    w.undo("defender", "G2")
    w.plot("defender", "G2", "WE", target="T", weapon="shotgun")  # legal without the call
    assert radio.call_cost(g, "G7", "E1") == Fraction(2)
    g.men["G7"].wounds = 1
    assert radio.call_cost(g, "G7", "E1") == Fraction(4)  # doubled for a wounded man


def test_undo_takes_back_the_call_first_when_it_was_the_last() -> None:
    g = _game(**CALLS)
    g.plot("defender", "G7", "EV")
    g.radio_call("defender", "G2", "E1")
    assert g.undo("defender") == {"code": "RC", "target": "E1"}
    assert g.radio_calls == {} and g.plotted("defender", "G7")
    g.radio_call("defender", "G2", "E1")
    g.undo("defender", "G7")  # a unit's own last task
    assert g.radio_calls == {"G2": "E1"} and not g.plotted("defender", "G7")


def _resolve(g) -> list[dict]:
    for s in ("adversary", "defender"):
        g.complete_plot(s)
        g.submit(s)
    return g.resolve_turn()


def test_plotted_calls_are_tried_in_combat_by_range() -> None:
    g = _game(**CALLS)
    g.radio_call("defender", "G2", "E1")
    g.radio_call("defender", "G7", "centre")
    g.dice = ForcedDice([6, 3, 1])  # CB E1, long range, the response force's arrival
    ev = [e for e in _resolve(g) if e["kind"] == "radio"]
    assert [(e["link"], e["through"]) for e in ev] == [
        ("CB", True),  # E1 at 10 hexes: CB always gets through (die 6 <= 6)
        ("long range", True),  # 30 km: 3 <= 3
    ]
    assert ev[0]["from"] == "G2" and ev[0]["range"] == 10 and ev[1]["km"] == 30
    assert g.radio["warned"] == ["E1"] and g.radio["through"] == 1
    assert g.response["arrival"] == 1 + T.tables().arrival_faces("high")[0]
    assert g.radio_calls == {}  # a call is one turn's task


def test_no_call_no_roll_and_a_dead_callers_call_is_lost() -> None:
    g = _game(**CALLS)
    n = len(g.dice.rolls)
    radio.after_combat(g)
    assert len(g.dice.rolls) == n and g.radio == {"warned": [], "through": None}
    g.radio_call("defender", "G2", "centre")
    g.men["G2"].wounds = 2  # killed in the combat phase before the call
    radio.after_combat(g)
    assert len(g.dice.rolls) == n and g.radio["through"] is None
    (e,) = [e for e in g.log.since(0) if e.kind == "radio"]
    assert e.data["lost"] == "caller killed" and e.visible_to == ("defender",)


def test_calls_are_secret_and_replay_from_the_save() -> None:
    g = _game(**CALLS)
    g.radio_call("defender", "G2", "centre")
    assert g.plotted_calls("adversary") == {} and g.plotted_calls("defender") == {"G2": "centre"}
    assert "G2" not in json.dumps(g.view("adversary")["ambush_rules"])
    assert g.view("defender")["ambush_rules"]["radio"]["calls"] == {"G2": "centre"}
    d = json.loads(json.dumps(g.to_json()))
    g2 = AmbushGame.from_json(d)
    assert g2.radio_calls == {"G2": "centre"} and g2.to_json() == d


def test_the_computer_convoy_calls_once_it_has_seen_the_ambush() -> None:
    g = _game(**CALLS)
    p = scripted("defender", 0)
    view = g.view("defender")
    quiet = {**view, "units": {k: u for k, u in view["units"].items() if u["side"] == "defender"}}
    assert not ambush_seen(p, quiet)
    call_for_help(p, g, quiet, drivers=True)
    assert g.radio_calls == {}
    assert ambush_seen(p, view)  # adversaries in its view
    call_for_help(p, g, view, drivers=False)  # the men not driving: the centre first
    assert g.radio_calls == {"G2": "centre", "G7": "E1"}
    call_for_help(p, g, view, drivers=True)  # then the driver, with the AP he has left
    assert g.radio_calls == {"G2": "centre", "G7": "E1", "G1": "E2"}


def _calls_by_legal_orders(g, side: str, drivers: bool) -> None:
    """The plain version of call_for_help's plotting: walk legal_orders' RC options, make the
    first call accepted, list again (the options change), until none is left."""
    units = g.view(side)["units"]
    for lo in g.legal_orders(side):
        if lo.kind != "RC" or (not drivers and units[lo.unit].get("seat") == "D"):
            continue
        for to in lo.needs[0].options:
            try:
                g.radio_call(side, lo.unit, to)
                return _calls_by_legal_orders(g, side, drivers)
            except IllegalOrder:
                continue


@pytest.mark.parametrize("seed", range(4))
def test_call_for_help_makes_the_calls_legal_orders_offer(seed: int) -> None:
    """Through real games of ``close_escort`` with unwarned escorts: at each defender turn
    call_for_help (from the view) plots what the plain walk over legal_orders plots."""
    from hexplay.games.ambush.game import scenario_file

    sc = {**scenario_file("close_escort").to_dict(), "escorts_notified": False}
    g = AmbushGame.new(sc, seed=seed)
    players = {s: scripted(s, seed + k) for k, s in enumerate(("adversary", "defender"))}
    checked = 0
    while not g.over and g.turn <= 12:
        if g.phase == "planning" and "defender" in g.to_act():
            p = players["defender"]
            for drivers in (False, True):
                a, b = g.copy(), g.copy()
                view = a.view("defender")
                if not ambush_seen(p, view):
                    continue
                call_for_help(p, a, view, drivers)
                _calls_by_legal_orders(b, "defender", drivers)
                assert a.radio_calls == b.radio_calls
                checked += bool(a.radio_calls)
        if not g.to_act():
            g.advance()
            continue
        players[g.to_act()[0]].act(g)
    assert checked
