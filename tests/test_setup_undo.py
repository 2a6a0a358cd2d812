"""Undo in the set-up phase, in every game (issue #10's ``undo``): SKIRMISH and AMBUSH take back
a set-up order (``unplace``), AGGRESSOR a placement or removal; the naval game has no set-up."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hexplay
from hexplay.engine import IllegalOrder, Order
from hexplay.games.aggressor.game import AggressorGame
from hexplay.games.ambush.game import AmbushGame, AmbushScenario
from hexplay.games.skirmish.ai.sampler import sample as skirmish_resample
from hexplay.games.skirmish.game import SkirmishGame

ADV, DEF = "adversary", "defender"
HEXES = ("1718", "1820", "2012", "1511", "0907", "2216", "1414", "0512")
"""Hexes of the bundled SKIRMISH map for adversaries on foot."""


def _ambush_placed(seed: int = 1) -> SkirmishGame:
    """A game whose adversary chose Route 4 and the ambush hex 1129 (both logged orders)."""
    g = SkirmishGame.new(seed=seed)
    g.order(ADV, kind="choose_route", name="Route 4")
    g.order(ADV, kind="place_ambush", hex="1129")
    return g


def _same(g, h) -> None:
    """Two games in the same state, with the same views and the same legal set-up orders."""
    assert g.snapshot() == h.snapshot()
    for side in (ADV, DEF, "referee"):
        assert g.view(side) == h.view(side)
    for side in (ADV, DEF):
        assert g.legal_orders(side) == h.legal_orders(side)
    assert g.placed == h.placed


def _round_trip(g) -> None:
    """The save (holding the unplace commands) replays to the same game."""
    h = type(g).from_json(g.to_json())
    assert h.snapshot() == g.snapshot() and h.commands.to_list() == g.commands.to_list()
    _same(g.replay(), g)


def _place_units(g, side: str) -> set[str]:
    return {lo.unit for lo in g.legal_orders(side) if lo.kind == "place"}


# --- SKIRMISH ---------------------------------------------------------------------------------
def test_adversary_placement_taken_back_exactly():
    g = _ambush_placed()
    g.order(ADV, kind="place", unit="A1", where=HEXES[0])
    before = g.copy()
    theirs = g.view(DEF)
    assert "A2" in _place_units(g, ADV)
    g.order(ADV, kind="place", unit="A2", where=HEXES[1])
    assert "A2" not in _place_units(g, ADV)
    got = g.undo(ADV)
    assert got == {
        "side": ADV,
        "kind": "place",
        "unit": "A2",
        "args": {"where": HEXES[1], "seat": None},
    }
    assert g.men["A2"].hex is None and "A2" in _place_units(g, ADV)
    assert g.view(DEF) == theirs  # nothing of it reaches the convoy
    _same(g, before)
    assert g.commands.commands[-1].to_dict()["op"] == "unplace"
    _round_trip(g)


def test_a_units_placement_taken_back_out_of_order():
    g = _ambush_placed()
    only_a2 = g.copy()
    only_a2.order(ADV, kind="place", unit="A2", where=HEXES[1])
    g.order(ADV, kind="place", unit="A1", where=HEXES[0])
    g.order(ADV, kind="place", unit="A2", where=HEXES[1])
    g.undo(ADV, "A1")
    _same(g, only_a2)
    _round_trip(g)


def test_convoy_placements_taken_back_to_the_scenario_defaults():
    g = _ambush_placed()
    start = g.copy()
    adv_view = g.view(ADV)
    seat = next(lo for lo in g.legal_orders(DEF, "G1") if lo.args["where"] == "E1")
    g.order(seat.complete(seat=seat.need("seat").options[0]))
    g.order(DEF, kind="place", unit="E1", where="T+3")
    assert g.vehicles["E1"].pos == g.transporter.pos + 3 and g.men["G1"].vehicle == "E1"
    assert {"G1", "E1"}.isdisjoint(_place_units(g, DEF))
    assert g.undo(DEF)["unit"] == "E1"
    taken = g.undo(DEF)
    assert (taken["unit"], taken["args"]["where"]) == ("G1", "E1")
    assert {"G1", "E1"} <= _place_units(g, DEF)
    assert g.view(ADV) == adv_view
    _same(g, start)
    _round_trip(g)


def test_taking_back_the_ambush_hex_and_route():
    g = SkirmishGame.new(seed=2)
    fresh = g.copy()
    g.order(ADV, kind="choose_route", name="Route 4")
    routed = g.copy()
    g.order(ADV, kind="place_ambush", hex="1129")
    g.order(ADV, kind="place", unit="A1", where=HEXES[0])
    g.order(DEF, kind="place", unit="E1", where="T+3")  # relative to the transporter
    assert g.to_act() == (ADV, DEF)
    assert g.undo(ADV)["unit"] == "A1"
    assert g.undo(ADV)["kind"] == "place_ambush"
    # the convoy's placement went with it (it was relative to the transporter)
    assert g.ambush is None and g.to_act() == (ADV,) and "E1" not in g.placed
    _same(g, routed)
    assert g.undo(ADV)["kind"] == "choose_route" and g.route_name is None
    _same(g, fresh)
    g.order(ADV, kind="choose_route", name="Route 7")
    _round_trip(g)


def test_refusals_name_the_rule_and_change_nothing():
    g = _ambush_placed()
    for side, unit in ((ADV, "A1"), (DEF, None), (DEF, "G1")):
        with pytest.raises(IllegalOrder, match="to take back") as e:
            g.undo(side, unit)
        assert e.value.rule == "§2 set-up"
    with pytest.raises(IllegalOrder, match="unit must be a string"):
        g.undo(ADV, 3)
    with pytest.raises(IllegalOrder, match="side must be"):
        g.undo("referee")
    # a guard's old seat taken by another since: taking the first back is refused
    g.place("G7", "E1", "S", DEF)  # out of T's seat S
    g.order(DEF, kind="place", unit="G6", where="T", seat="S")  # into it
    before, n = g.snapshot(), len(g.commands.commands)
    g2 = g.copy()
    with pytest.raises(IllegalOrder) as e:
        g.undo(DEF, "G7")
    assert e.value.rule == "§2 crews" and "place G7 at E1 seat S" in str(e.value)
    assert "seat S of T is taken by G7" in str(e.value)
    assert g.snapshot() == before and len(g.commands.commands) == n
    _same(g, g2)
    # once the convoy has submitted, the ambush hex stands (to_act shows the submit to all)
    g.auto_setup(DEF)
    g.submit(DEF)
    with pytest.raises(IllegalOrder, match="convoy's set-up is submitted"):
        g.undo(ADV)
    # a side's own submit ends its undo
    g.order(ADV, kind="place", unit="A1", where=HEXES[0])
    g.undo(ADV)
    g.auto_setup(ADV)
    g.submit(ADV)
    assert g.phase == "planning"
    with pytest.raises(IllegalOrder, match="no task to undo"):
        g.undo(ADV)
    _round_trip(g)


def test_scenario_fixed_choices_are_not_orders_to_take_back():
    g = SkirmishGame.new({"route": "Route 4", "ambush": "1129"}, seed=1)
    with pytest.raises(IllegalOrder, match="no set-up order to take back"):
        g.undo(ADV)


@settings(max_examples=20, deadline=None)
@given(
    k=st.integers(0, len(HEXES)),
    j=st.integers(0, len(HEXES)),
    seed=st.integers(0, 50),
)
def test_place_k_undo_j_equals_place_k_minus_j(k, j, seed):
    g = _ambush_placed(seed)
    h = g.copy()
    pairs = list(zip(sorted(_place_units(g, ADV)), HEXES))
    k = min(k, len(pairs))
    j = min(j, k)
    for m, x in pairs[:k]:
        g.order(ADV, kind="place", unit=m, where=x)
    for _ in range(j):
        g.undo(ADV)
    for m, x in pairs[: k - j]:
        h.order(ADV, kind="place", unit=m, where=x)
    _same(g, h)
    _round_trip(g)


def test_sampler_redraws_placements_taken_back():
    """The search's sampler replays the enemy's set-up without its secret placements and
    without its taking back of them (the ambush hex taken back is public: given again)."""
    import numpy as np

    g = SkirmishGame.new(seed=5)
    g.order(ADV, kind="choose_route", name="Route 4")
    g.order(ADV, kind="place_ambush", hex="1129")
    g.undo(ADV)
    g.order(ADV, kind="place_ambush", hex="1130")
    g.order(ADV, kind="place", unit="A1", where=HEXES[0])
    g.order(ADV, kind="place", unit="A2", where=HEXES[1])
    g.undo(ADV, "A1")
    g.order(DEF, kind="place", unit="E1", where="T+3")
    g.undo(DEF)
    for side in (ADV, DEF):
        twin = skirmish_resample(g, side, np.random.default_rng(1))
        assert twin.view(side) == g.view(side)
        assert twin.ambush == "1130"


# --- AMBUSH -----------------------------------------------------------------------------------
def test_ambush_set_up_undo():
    g = AmbushGame.new("sample game", seed=3)
    start = g.copy()
    adv_view, def_view = g.view(ADV), g.view(DEF)
    g.order(ADV, kind="place", unit="A1", where=HEXES[0])
    adv_a1 = g.view(ADV)
    assert adv_a1 != adv_view  # (A1 is on the map now: the view did change)
    esc = next(lo for lo in g.legal_orders(DEF) if lo.unit == "E1")
    g.order(esc.complete(where=esc.need("where").options[0]))
    assert g.undo(DEF)["unit"] == "E1"
    assert g.view(ADV) == adv_a1
    g.undo(ADV, "A1")
    assert g.view(DEF) == def_view and g.view(ADV) == adv_view
    _same(g, start)
    _round_trip(g)
    with pytest.raises(IllegalOrder, match="no set-up order"):
        g.undo(ADV)  # the sample game fixes the route and the ambush hex


def test_ambush_moving_transporter_ambush_hex_taken_back():
    g = AmbushGame.new(AmbushScenario(route="Route 4", moving_transporter=True), seed=2)
    assert g.route_name == "Route 4" and g.ambush is None  # (the scenario fixes the route)
    routed = g.copy()
    g.order(ADV, kind="place_ambush", hex="1129")
    assert g.transporter_start is not None
    g.undo(ADV)
    _same(g, routed)
    assert g.transporter_start is None
    g.order(ADV, kind="place_ambush", hex="1130")
    _round_trip(g)


# --- AGGRESSOR --------------------------------------------------------------------------------
def _hexes(g: AggressorGame, side: str) -> tuple[str, ...]:
    return g.legal_orders(side)[0].need("hex").options


def test_aggressor_set_up_undo_takes_back_place_and_remove():
    g = hexplay.new_game("aggressor", seed=1)
    w = _hexes(g, "west")
    start = g.copy()
    g.order(Order("west", "place", None, {"type": "Armor", "hex": w[0]}))
    one = g.copy()
    east_view = g.view("east")
    g.order(Order("west", "place", None, {"type": "Infantry", "hex": w[1]}))
    assert g.undo("west") == {
        "side": "west",
        "kind": "place",
        "unit": "W02",
        "args": {"type": "Infantry", "hex": w[1]},
    }
    assert g.snapshot() == one.snapshot() and g.view("east") == east_view
    assert g.view("west") == one.view("west")
    g.order(Order("west", "remove", "W01"))
    assert g.undo("west")["kind"] == "remove"  # W01 back, same id and hex
    assert g.snapshot() == one.snapshot()
    g.undo("west", "W01")
    assert g.snapshot() == start.snapshot() and g.legal_orders("west") == start.legal_orders("west")
    h = AggressorGame.from_json(g.to_json())
    assert h.snapshot() == g.snapshot()
    with pytest.raises(IllegalOrder, match="no set-up order") as e:
        g.undo("west")
    assert e.value.rule == "set-up"


def test_aggressor_undo_of_an_earlier_unit_is_the_remove_order():
    g = hexplay.new_game("aggressor", seed=1)
    w = _hexes(g, "west")
    for t, x in (("Armor", w[0]), ("Infantry", w[1])):
        g.order(Order("west", "place", None, {"type": t, "hex": x}))
    g.undo("west", "W01")
    assert sorted(g.units) == ["W02"]
    assert g.commands.commands[-1].args["kind"] == "remove"
    g.undo("west")  # takes the removal back: W01 is there again
    assert sorted(g.units) == ["W01", "W02"]
    with pytest.raises(IllegalOrder, match="west has placed no unit 'E01'"):
        g.undo("west", "E01")
    assert AggressorGame.from_json(g.to_json()).snapshot() == g.snapshot()


def test_aggressor_undo_refused_after_submit_and_in_play():
    g = hexplay.new_game("aggressor", seed=1, army_size=2)
    for side in ("west", "east"):
        for x in _hexes(g, side)[:2]:
            g.order(Order(side, "place", None, {"type": "Armor", "hex": x}))
    g.submit("west")
    with pytest.raises(IllegalOrder, match="set-up is submitted"):
        g.undo("west")
    g.undo("east")  # the other side's set-up is still open
    g.order(Order("east", "place", None, {"type": "Armor", "hex": _hexes(g, "east")[0]}))
    g.submit("east")
    assert g.phase != "setup"
    with pytest.raises(IllegalOrder) as e:
        g.undo(g.current)
    assert e.value.rule == "sequence of play"


# --- the naval game ---------------------------------------------------------------------------
def test_naval_game_has_no_set_up():
    g = hexplay.new_game("naval", seed=1)
    assert g.phase == "plot" and g.turn == 1
    assert {lo.kind for s in g.sides for lo in g.legal_orders(s)}.isdisjoint({"place", "remove"})
    with pytest.raises(IllegalOrder, match="nothing of ijn to undo"):
        g.undo("ijn")
