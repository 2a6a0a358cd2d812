"""Firing ranges are fixed before movement, as the article fixes them: "Sight Determination
Phase ... firing ranges are determined for gunnery and torpedo combat" (Phase A) and "spotting
and firing range is established for any previously unspotted ship" (Phase B), both before
Phase C (movement). One measure in the engine, the odds and the scripted player."""

from __future__ import annotations

import pytest
from naval_cases import game, plot_all, ship

from hexplay.engine import IllegalOrder
from hexplay.games.naval.ai.players import NavalScripted
from hexplay.games.naval.resolve import gun_strength


def _kagero_and_fletcher():
    # the issue's case: a Kagero (speed 0, guns 5/10) fires at a Fletcher 5 hexes south, which
    # runs south at speed 6: 11 hexes apart after movement
    return game(
        [ship("K", "Kagero", "1010", speed=0), ship("F", "Fletcher", "1015", speed=6, course="s")],
        dice=[1] * 20,
    )


def test_gunnery_is_resolved_at_the_range_before_movement():
    g = _kagero_and_fletcher()
    k = g.ships["K"]
    assert g.attack_odds("ijn", "gunnery", ["K"], "F")["attackers"][0]["range"] == 5
    plot_all(g, {"K": {"gunnery": "F"}})
    assert g.label(g.ships["F"].hex) == "1021"  # it did run 6 hexes south
    gun = [e["referee"] for e in g.history[0]["events"] if e["referee"]["kind"] == "gunnery"]
    assert len(gun) == 1
    shot = gun[0]["attackers"][0]
    assert shot["range"] == 5 and shot["strength"] == gun_strength(k, 5) > 0


def test_the_odds_measure_the_range_now_whatever_the_plot():
    g = game(
        [ship("K", "Kagero", "1010", speed=3, course="s"), ship("F", "Fletcher", "1015")],
        dice=[1] * 20,
    )
    before = g.attack_odds("ijn", "gunnery", ["K"], "F")["attackers"]
    g.order("ijn", kind="plot", unit="K", steps=["A", "A", "A"])
    assert g.plotted("K")["end"] == "1013"  # the plot closes to 2 hexes
    assert g.attack_odds("ijn", "gunnery", ["K"], "F")["attackers"] == before
    assert before[0]["range"] == 5


def test_the_scripted_player_ranges_as_the_rules_do():
    """12 hexes now, 6 after the Fletcher closes: out of the Kagero's gun range (5/10) now, so
    no gunnery plotted (the player used to aim at where the target would end)."""
    g = game(
        [ship("K", "Kagero", "1008", speed=0), ship("F", "Fletcher", "1020", speed=6)],
        spotting_range=16,
    )
    assert "F" in g.gunnery_targets("ijn")
    NavalScripted("ijn", 0).act(g)
    assert g.view("ijn")["plots"]["ijn"]["K"]["gunnery"] is None


def test_the_readings_of_the_article_are_on_the_rules_page():
    from hexplay.games.naval.docs import tables_markdown
    from hexplay.games.naval.spotting import READINGS

    page = tables_markdown()
    assert "## Readings of the article" in page
    assert len(READINGS) == 4 and all(q in page for q, _a, _h in READINGS)


def test_a_torpedo_at_a_follow_on_ship_is_refused_even_with_gunnery_at_it():
    """(c): a ship spotted only by this turn's gunnery is no torpedo target at the plot."""
    g = game(
        [ship("K", "Kagero", "1010", speed=3), ship("F", "Fletcher", "1017", speed=0)],
        dice=[6] * 40,
    )
    # turn 1: F fires at K (7 hexes: spotted under (b)); K runs north, out of spotting range
    plot_all(g, {"F": {"gunnery": "K"}, "K": {"steps": ["A", "A", "A"]}})
    assert g.label(g.ships["K"].hex) == "1007" and g.ships["K"].afloat
    assert "K" in g.gunnery_targets("usn")  # the (c) follow-on candidate
    assert "K" not in g.torpedo_targets("usn")
    before = g.to_json()
    with pytest.raises(IllegalOrder):
        g.order("usn", kind="plot", unit="F", gunnery="K", torpedo="K")
    assert g.to_json() == before


def test_ships_may_end_movement_in_one_hex():
    g = game(
        [
            ship("K1", "Kagero", "1010", speed=1),
            ship("K2", "Kagero", "1009", speed=0),
            ship("F", "Fletcher", "2020", speed=0),
        ]
    )
    plot_all(g, {"K1": {"steps": ["A"]}})
    assert g.ships["K1"].hex == g.ships["K2"].hex and g.ships["K1"].afloat
