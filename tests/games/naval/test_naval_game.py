"""NavalGame on the game API: orders, undo, submit, secrecy, views, saves, replay, rewind."""

from __future__ import annotations

import json

import pytest
from naval_cases import game, plot_all, ship

import hexplay
from hexplay.engine import VIEW_KEYS, IllegalOrder, Order, SaveError
from hexplay.games.naval import NavalGame


def duel():
    return game(
        [
            ship("A", "Kagero", "1010", speed=3),
            ship("B", "Fletcher", "1016", speed=3, course="s"),
            ship("C", "Kagero", "0303", speed=2),
        ]
    )


def test_registered_with_scenarios_and_players():
    e = hexplay.game_entry("naval")
    assert e.info == NavalGame.info and e.info.sides == ("ijn", "usn") and e.info.simultaneous
    assert e.scenario_names() == ["kula_gulf", "kula_gulf_30", "horaniu"]
    assert set(e.player_names()) == {"random", "scripted", "search"}
    g = hexplay.new_game("naval", "horaniu", seed=2)
    assert g.scenario.name == "horaniu" and g.phase == "plot" and g.to_act() == ("ijn", "usn")


def test_legal_orders_kinds_and_needs():
    g = duel()
    kinds = {o.kind for o in g.legal_orders("ijn", "A")}
    assert kinds == {"gunnery", "torpedo", "ahead", "turn", "facing", "move", "speed"}
    gun = next(o for o in g.legal_orders("ijn", "A") if o.kind == "gunnery")
    assert gun.needs[0].options == ("B",)  # only the spotted enemy
    # C is not within 8 of B, but B is spotted: every IJN ship may fire at it
    assert any(o.kind == "gunnery" for o in g.legal_orders("ijn", "C"))
    far = game([ship("A", "Kagero", "1005"), ship("B", "Fletcher", "1025")])
    assert not any(o.kind in ("gunnery", "torpedo") for o in far.legal_orders("ijn"))
    mv = next(o for o in g.legal_orders("ijn", "A") if o.kind == "move")
    assert mv.needs[0].kind == "path" and len(mv.needs[0].costs) == len(mv.needs[0].options)
    assert all(c <= 3 for c in mv.needs[0].costs)


def test_every_listed_order_is_accepted():
    g = duel()
    for lo in g.legal_orders("ijn"):
        for o in list(lo.orders())[:3]:
            h = g.copy()
            h.order(o)


def test_strict_orders_refuse_unknown_arguments_and_change_nothing():
    g = duel()
    before = (g.snapshot(), len(g.commands.commands))
    bad = [
        Order("ijn", "ahead", "A", {"path": ["1009"]}),
        Order("ijn", "gunnery", "A", {"target": "B", "weapon": "x"}),
        Order("ijn", "speed", "A", {"speed": 9}),
        Order("ijn", "turn", "A", {"side": "up"}),
        Order("ijn", "gunnery", "B", {"target": "A"}),  # not an IJN ship
        Order("ijn", "teleport", "A", {}),
        Order("ijn", "move", "A", {"path": ["1010", "2020"]}),
        Order("ijn", "plot", "A", {"steps": ["A"] * 9}),
        Order("ijn", "plot", "A", {"steps": ["A"], "gunnery": "Z"}),
    ]
    for o in bad:
        with pytest.raises(IllegalOrder):
            g.order(o)
        assert (g.snapshot(), len(g.commands.commands)) == before


def test_plot_is_all_or_nothing():
    g = duel()
    g.order("ijn", kind="gunnery", unit="A", target="B")
    before = g.snapshot()
    with pytest.raises(IllegalOrder, match="speed"):
        g.order("ijn", kind="plot", unit="A", steps=["A"], speed=9, torpedo="B")
    assert g.snapshot() == before


def test_undo_and_submit():
    g = duel()
    g.order("ijn", kind="ahead", unit="A")
    g.order("ijn", kind="gunnery", unit="A", target="B")
    g.order("ijn", kind="ahead", unit="C")
    assert g.undo("ijn", "A") == "A"
    assert g.plots["ijn"]["A"].gunnery is None and g.plots["ijn"]["A"].steps == ["A"]
    assert g.undo("ijn") == "C" and "C" not in g.plots["ijn"]
    g.submit("ijn")
    with pytest.raises(IllegalOrder, match="10.22"):
        g.order("ijn", kind="ahead", unit="A")
    with pytest.raises(IllegalOrder, match="10.22"):
        g.undo("ijn")
    with pytest.raises(IllegalOrder):
        g.advance()  # USN still plotting
    assert g.to_act() == ("usn",) and g.legal_orders("ijn") == []


def test_plots_secret_until_the_end():
    g = duel()
    g.order("ijn", kind="gunnery", unit="A", target="B")
    v = g.view("usn")
    assert set(VIEW_KEYS) <= set(v)
    assert set(v["plots"]) == {"usn"} and all(set(c["plots"]) == {"usn"} for c in v["chart"])
    assert "C" not in v["units"] and "A" in v["units"]  # C is not spotted
    assert "gunnery" not in json.dumps(v["plots"]) and v["plots"]["usn"] == {}
    g2 = game(
        [ship("A", "Kagero", "1010", speed=0), ship("B", "Brooklyn", "1012", speed=0)],
        dice=[1, 1, 1, 1],
    )
    plot_all(g2, {"B": {"gunnery": "A"}})
    assert set(g2.plot_chart("ijn")[0]["plots"]) == {"ijn"} and g2.view("ijn")["chart"] == []
    plot_all(g2, {"B": {"gunnery": "A"}})
    assert g2.over
    for side in ("ijn", "usn"):
        v = g2.view(side)
        assert set(v["chart"][0]["plots"]) == {"ijn", "usn"}
        assert v["chart"][0]["plots"]["usn"][0]["attacks"] == ["G A"]


def test_unspotted_movement_hidden_in_events():
    g = duel()
    plot_all(g, {})
    seen = g.events_seen("usn", 1)
    assert not any(e["kind"] == "move" and e["ship"] == "C" for e in seen)
    assert any(e["kind"] == "move" and e["ship"] == "C" for e in g.events_seen("ijn", 1))


def test_attack_odds_query_matches_resolution():
    g = game([ship("A", "Kagero", "1010", speed=0), ship("B", "Fletcher", "1014", speed=0)])
    q = g.attack_odds("ijn", "torpedo", ["A"], "B")
    assert q["column"] == "8-1" and q["tev"] == 1 and sum(q["outcome"].values()) == 1
    q = g.attack_odds("usn", "gunnery", ["B"], "A")
    assert q["column"] == "1-1" and q["attackers"][0]["range"] == 4
    with pytest.raises(IllegalOrder):
        g.attack_odds("ijn", "gunnery", ["A"], "A")


def test_save_load_replay_rewind():
    g = hexplay.new_game("naval", "kula_gulf", seed=5)
    snaps = {}
    from hexplay.ai.random import RandomPlayer

    players = {"ijn": RandomPlayer("ijn", 1), "usn": RandomPlayer("usn", 2)}
    while not g.over and g.turn <= 4:
        snaps[g.turn] = g.snapshot()
        for side in g.to_act():
            players[side].act(g)
        g.advance()
    d = json.loads(json.dumps(g.to_json()))
    h = NavalGame.from_json(d)
    assert h.snapshot() == g.snapshot()
    assert g.replay().snapshot() == g.snapshot()
    g.rewind(3)
    assert g.snapshot() == snaps[3]
    d["commands"][0]["args"]["kind"] = "teleport"
    with pytest.raises(SaveError):
        NavalGame.from_json(d)
    with pytest.raises(SaveError):
        NavalGame.from_json({**d, "scenario": {"name": 1}})


def test_plot_chart_rows_as_the_sms_chart_writes_them():
    g = duel()
    g.order("ijn", kind="plot", unit="A", steps=["R", "A", "L"], gunnery="B")
    for side in g.to_act():
        g.submit(side)
    g.advance()
    (row,) = [r for r in g.chart[0]["plots"]["ijn"] if r["unit"] == "A"]
    assert row["attacks"] == ["G B"] and row["steps"] == "RAL"
    assert [b["turns"] for b in row["blocks"]] == [1, 1]  # start hex written: it turned there
    assert [b["hex"] for b in row["blocks"][1:]] == row["hexes"]
    assert row["final"] == "3/n" and row["start"] == "1010"
