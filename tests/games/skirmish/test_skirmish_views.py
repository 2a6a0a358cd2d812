"""Fog of war: each side's view holds only what that side may know."""

from __future__ import annotations

import json

from hexplay.engine import ForcedDice
from hexplay.games.skirmish.fixtures import practice_game


def _hidden_game(**kw):
    g = practice_game(dice=ForcedDice([]), **kw)
    # A6 hides behind the wood (0403-0406) from everyone on Route 4
    g.arrange(turn=2, men={"A6": "0304", "A1": "0808"})
    return g


def test_unseen_enemy_absent_from_view():
    g = _hidden_game()
    assert "A6" not in g.seen["defender"]
    v = g.view("defender")
    assert "A6" not in v["units"] and "0304" not in json.dumps(v)
    assert v["last_known"]["A6"] == {
        "id": "A6",
        "kind": "man",
        "side": "adversary",
        "hex": "0611",
        "vehicle": None,
        "condition": "fit",
        "turn": 1,
    }
    assert "A1" in v["units"] and v["units"]["A1"]["hex"] == "0808"
    assert "long_gun" not in v["units"]["A1"]  # enemy weapons are not shown
    assert set(g.view("referee")["units"]) >= {"A6", "G1", "E1"}


def test_open_map_shows_everything():
    g = _hidden_game(open_map=True)
    assert "A6" in g.view("defender")["units"]


def test_plots_secret_until_both_submitted():
    g = _hidden_game()
    g.plot("adversary", "A1", "BW")
    g.plot("defender", "E1", "SV")
    g.plot("defender", "E2", "SV")
    assert "adversary" not in g.view("defender")["plots"]
    assert g.view("adversary")["plots"]["adversary"]["A1"][0]["code"] == "BW"
    g.submit("adversary")
    assert "adversary" not in g.view("defender")["plots"]
    assert "BW" not in json.dumps(g.view("defender"))
    g.submit("defender")
    # under fog of war the enemy's plot would reveal where unseen men go: never shown
    assert set(g.view("defender")["plots"]) == {"defender"}
    assert set(g.view("referee")["plots"]) == {"adversary", "defender"}


def test_open_map_reveals_plots_once_both_submitted():
    g = _hidden_game(open_map=True)
    g.plot("adversary", "A1", "BW")
    g.submit("adversary")
    assert "adversary" not in g.view("defender")["plots"]
    g.plot("defender", "E1", "SV")
    g.plot("defender", "E2", "SV")
    g.submit("defender")
    assert set(g.view("defender")["plots"]) == {"adversary", "defender"}


def test_last_known_position_kept_after_losing_sight():
    g = practice_game(dice=ForcedDice([]))
    g.arrange(turn=2, men={"A6": "0507"})
    assert "A6" in g.seen["defender"]
    path = g.terrain.movement.reachable("0507", 10).path_to("0304")[1:]
    g.plot("adversary", "A6", "MP", path=path)  # behind the wood: hidden from Route 4
    for v in ("E1", "E2"):
        g.plot("defender", v, "SV")
    g.submit("adversary")
    g.submit("defender")
    g.resolve_turn()
    v = g.view("defender")
    assert "A6" not in v["units"]
    assert v["last_known"]["A6"]["hex"] == "0507" and v["last_known"]["A6"]["turn"] == 2
    # and the defender never learns where A6 went: no movement events of the enemy
    assert "0304" not in json.dumps(v)


def test_target_side_sees_fire_events_but_not_enemy_movement():
    # LOS is symmetric, so a man fired upon always sees his firer (at the start of the turn)
    g = practice_game(dice=ForcedDice([6]))
    g.arrange(turn=2, men={"A6": "0304", "G2": "0305"})
    g.plot("adversary", "A6", "DF", target="G2")
    g.plot("adversary", "A6", "MP", path=["0303"])
    for v in ("E1", "E2"):
        g.plot("defender", v, "SV")
    g.submit("adversary")
    g.submit("defender")
    g.resolve_turn()
    ev = g.view("defender")["events"]
    fire = [e for e in ev if e["kind"] == "fire"]
    assert fire and fire[0]["target"] == "G2" and fire[0]["firer"] == "A6"
    assert not [e for e in ev if e["kind"] == "move" and e["man"] == "A6"]


def test_views_are_plain_json():
    g = _hidden_game()
    for side in ("adversary", "defender", "referee"):
        v = g.view(side)
        assert json.loads(json.dumps(v)) == v
