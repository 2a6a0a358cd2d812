"""AMBUSH getaway (option ``getaway``): the cargo leaves the map in the adversary's own vehicle
(skirmish/cargo.py: a held vehicle at an end of the route)."""

from __future__ import annotations

import pytest

from hexplay.engine import ScenarioError
from hexplay.games.ambush.ai.players import getaway, scripted
from hexplay.games.ambush.game import AmbushScenario
from hexplay.games.skirmish import cargo
from tests.games.ambush.test_ambush_rules import _game

GETAWAY = dict(cargo_removal=True, getaway=True, escorts_moving=False)


def _held_e1(g, pos: int) -> None:
    """E1's crew killed, A1 at its wheel carrying the cargo, E1 at route index ``pos``."""
    crew = list(g.vehicles["E1"].seats.values())
    g.arrange(
        men={**{m: g.route[pos] for m in crew}, "A1": ["E1", "D"]},  # the dead on the road
        vehicles={"E1": {"pos": pos, "heading": -1}},
        wounds={m: 2 for m in crew},
    )
    g.cargo.update(state="carried", holder="A1", hex=None)


def test_getaway_needs_the_cargo_option() -> None:
    with pytest.raises(ScenarioError) as e:
        AmbushScenario(getaway=True).validate()
    assert e.value.field == "getaway"
    assert AmbushScenario(cargo_removal=True, getaway=True).validate().getaway


def test_a_held_vehicle_at_the_roads_end_gets_the_cargo_away() -> None:
    g = _game(**GETAWAY)
    _held_e1(g, 0)
    assert cargo.held(g, "E1") and not cargo.held(g, "T")
    cargo.after_movement(g)
    assert g.cargo["state"] == "away" and g.cargo["hex"] == g.route[0]
    (e,) = [e for e in g.log.since(0) if e.kind == "cargo away"]
    assert e.data == {"man": "A1", "hex": g.route[0], "vehicle": "E1"}
    assert set(e.visible_to) == {"adversary", "defender"}
    g._check_victory()
    assert g.winner == "adversary" and "cargo" in g.win_reason


def test_no_getaway_before_the_roads_end_without_the_option_or_with_a_guard_aboard() -> None:
    g = _game(**GETAWAY)
    _held_e1(g, 5)  # on the road, not at its end
    cargo.after_movement(g)
    assert g.cargo["state"] == "carried" and g.cargo["hex"] == g.route[5]
    g = _game(cargo_removal=True, escorts_moving=False)  # option off: on foot only
    _held_e1(g, 0)
    cargo.after_movement(g)
    assert g.cargo["state"] == "carried" and g.cargo["hex"] is None
    g = _game(**GETAWAY)
    _held_e1(g, 0)
    g.arrange(men={"G1": ["E1", "C"]}, wounds={"G1": 0})  # a living guard aboard
    assert not cargo.held(g, "E1")
    cargo.after_movement(g)
    assert g.cargo["state"] == "carried"


def test_the_held_vehicle_drives_off_by_plotted_mv() -> None:
    g = _game(**GETAWAY)
    _held_e1(g, 6)
    g.plot("adversary", "E1", "AV")
    g.plot("adversary", "E1", "MV", hexes=6)
    for s in ("adversary", "defender"):
        g.complete_plot(s)
        g.submit(s)
    g.resolve_turn()
    assert g.vehicles["E1"].pos == 0
    assert g.cargo["state"] == "away" and g.winner == "adversary"


def test_the_computer_carrier_drives_the_held_vehicle_to_the_nearer_road_end() -> None:
    g = _game(**GETAWAY)
    _held_e1(g, 6)
    g.vehicles["E1"].heading = 1  # facing away from the nearer end (index 0): turn round
    p = scripted("adversary", 0)
    assert getaway(p, g, g.view("adversary"), "A1")
    assert [t["code"] for t in g.plotted("adversary", "E1")] == ["TV", "AV", "MV"]
    for s in ("adversary", "defender"):
        g.complete_plot(s)
        g.submit(s)
    g.resolve_turn()
    assert g.vehicles["E1"].heading == -1 and g.vehicles["E1"].pos < 6


def test_the_computer_carrier_gets_in_at_the_wheel_of_an_empty_stopped_vehicle() -> None:
    g = _game(**GETAWAY)
    crew = list(g.vehicles["E1"].seats.values())
    here = g.route[10]
    g.arrange(
        men={**{m: here for m in crew}, "A1": here},
        vehicles={"E1": {"pos": 10}},
        wounds={m: 2 for m in crew},
    )
    g.cargo.update(state="carried", holder="A1", hex=here)
    p = scripted("adversary", 0)
    assert getaway(p, g, g.view("adversary"), "A1")
    assert g.plotted("adversary", "A1")[0] == {"code": "EV", "target": "E1", "seat": "D", "ap": "1"}
