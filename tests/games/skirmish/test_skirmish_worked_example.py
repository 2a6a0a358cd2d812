"""Digest §9: the worked example on the bundled map, strengths, ratios, dice and outcomes."""

from __future__ import annotations

import pytest

from hexplay.engine import ForcedDice
from hexplay.games.skirmish.fixtures import worked_example

# resolution order: adversaries' firers by id, then defenders'
#   X->B 4, Y->A 5, Z->B 1, A->X 3, A->Y 2, C->X 6
DICE = [4, 5, 1, 3, 2, 6]
EXPECTED = {
    ("G1", "A1"): (17, 15, "1:1", 3, "miss"),  # A fires at X (Table VI "-")
    ("G1", "A2"): (20, 15, "1:1", 2, "W"),  # A fires at Y
    ("G3", "A1"): (11, 15, "<1:1", 6, "miss"),  # C fires at X
    ("A1", "G2"): (22, 5, "4:1", 4, "miss"),  # X fires at B
    ("A2", "G1"): (20, 2, "10:1", 5, "W"),  # Y fires at A
    ("A3", "G2"): (22, 5, "4:1", 1, "K"),  # Z fires at B
}


def _plot(g):
    b_path = g.terrain.movement.reachable("1327", 10).path_to("2128")[1:]
    assert len(b_path) == 8
    g.plot("defender", "G1", "DF", target="A1")
    g.plot("defender", "G1", "DF", target="A2")
    g.plot("defender", "G2", "MP", path=b_path)
    g.plot("defender", "G3", "DF", target="A1")
    g.plot("defender", "E1", "AV")
    g.plot("defender", "E1", "MV", hexes=6)
    g.plot("adversary", "A1", "DF", target="G2")
    g.plot("adversary", "A1", "MP", path=["1325", "1326", "1327", "1328"])
    g.plot("adversary", "A2", "DF", target="G1")
    y_path = g.terrain.movement.reachable("1219", 5).path_to("1316")[1:]
    assert len(y_path) == 4
    g.plot("adversary", "A2", "MP", path=y_path)
    g.plot("adversary", "A3", "DF", target="G2")


def test_worked_example_positions_and_terrain():
    g = worked_example()
    t = g.terrain
    assert t.terrain("0620") == "trees" and t.terrain("1327") == "open"
    assert {g.man_hex(x) for x in ("A1", "A2", "A3")} == {"1324", "1219", "1624"}
    blk = g.blockers()
    assert t.sees("0620", "1324", blk) and t.sees("0620", "1219", blk)
    assert not t.sees("0620", "1624", blk)
    assert t.sees("1327", "1324", blk) and t.sees("1327", "1624", blk)
    assert not t.sees("1327", "1219", blk)


def test_worked_example_resolution():
    g = worked_example(ForcedDice(DICE))
    _plot(g)
    g.submit("adversary")
    g.submit("defender")
    events = g.resolve_turn()
    fires = {(e["firer"], e["target"]): e for e in events if e["kind"] == "fire"}
    assert set(fires) == set(EXPECTED)
    for key, (att, dfn, ratio, die, res) in EXPECTED.items():
        e = fires[key]
        assert (e["attack"], e["defence"], e["ratio"], e["die"], e["result"]) == (
            att,
            dfn,
            ratio,
            die,
            res,
        ), key
    # defence column by start terrain and plotted movement (C 10: vehicle moving 6)
    assert g.odds("A1", "G3", hexes_moved=6)["defence"] == 10
    assert g.men["G2"].condition == "K"
    assert g.men["G1"].condition == "W" and g.men["A2"].condition == "W"
    assert g.men["A1"].condition == "fit" and g.men["A3"].condition == "fit"
    # B was killed in combat: he does not move; X moved 4; wounded Y pays double (2 hexes)
    assert g.men["G2"].hex == "1327"
    assert g.men["A1"].hex == "1328"
    assert g.terrain.distance(g.men["A2"].hex, "1219") == 2
    assert g.vehicle_hex("E1") == g.route[g.route.index("1023") + 6]
    assert [r.value for r in g.dice.rolls] == DICE


@pytest.mark.parametrize("key", list(EXPECTED))
def test_worked_example_odds_panel_agrees(key):
    g = worked_example()
    _plot(g)
    g.submit("adversary")
    g.submit("defender")
    att, dfn, ratio, _die, _res = EXPECTED[key]
    o = g.odds(*key)
    assert (o["attack"], o["defence"], o["ratio"]) == (att, dfn, ratio)
    assert o["K"] + o["W"] + o["miss"] == 1


def test_plotted_odds_use_target_plot_once_known():
    g = worked_example()
    _plot(g)
    before = g.plotted_odds("adversary", "A1")[0]
    assert before["defence"] == 1  # B's plot is still secret: assumed stationary
    g.submit("adversary")
    g.submit("defender")
    after = g.plotted_odds("adversary", "A1")[0]
    assert (after["defence"], after["ratio"]) == (5, "4:1")
