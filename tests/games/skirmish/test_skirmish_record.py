"""Record (activity chart, dice), JSON save/load, replay and rewind."""

from __future__ import annotations

import json

import pytest

from hexplay.engine import IllegalOrder
from hexplay.games.skirmish import SkirmishGame
from hexplay.games.skirmish.ai.base import play
from hexplay.games.skirmish.ai.players import ScriptedAdversary, ScriptedDefender
from hexplay.games.skirmish.fixtures import practice_game


@pytest.fixture(scope="module")
def finished():
    g = SkirmishGame.new(seed=5)
    play(g, [ScriptedAdversary(5), ScriptedDefender(5)])
    return g


def test_activity_chart_rows(finished):
    g = finished
    rows = g.record()
    assert rows and {
        "turn",
        "unit",
        "start",
        "tasks",
        "codes",
        "ap",
        "condition",
        "location",
        "barrier_points",
    } <= set(rows[0])
    turns = {r["turn"] for r in rows}
    assert turns == set(range(1, g.turn + (1 if g.over else 0)))
    vehicle_rows = [r for r in rows if r["unit"] == "E1"]
    assert vehicle_rows[0]["start"].startswith("T+")
    df = g.record_frame()
    assert len(df) == len(rows) and "tasks" in df.columns
    assert "unit" in df.to_csv()
    dice = g.dice_frame()
    assert len(dice) == len(g.dice.rolls) and set(dice["value"]) <= set(range(1, 7))


def test_json_round_trip_exact(finished):
    d = finished.to_json()
    text = json.dumps(d)
    g2 = SkirmishGame.from_json(json.loads(text))
    assert g2.snapshot() == finished.snapshot()
    assert g2.to_json() == d
    assert g2.record() == finished.record()


def test_json_round_trip_mid_game_then_continue_identically():
    a = SkirmishGame.new(seed=11)
    pa, pd = ScriptedAdversary(1), ScriptedDefender(2)
    play(a, [pa, pd], max_turns=3)
    b = SkirmishGame.from_json(json.loads(json.dumps(a.to_json())))
    play(a, [ScriptedAdversary(9), ScriptedDefender(9)])
    play(b, [ScriptedAdversary(9), ScriptedDefender(9)])
    assert a.to_json() == b.to_json()


def test_replay_identical(finished):
    r = finished.replay()
    assert r.to_json() == finished.to_json()
    assert [x.value for x in r.dice.rolls] == [x.value for x in finished.dice.rolls]


def test_tampered_save_rejected(finished):
    d = finished.to_json()
    d["state"]["barrier_points"] += 1
    with pytest.raises(ValueError, match="does not reproduce"):
        SkirmishGame.from_json(d)


def test_rewind(finished):
    g = SkirmishGame.from_json(finished.to_json())
    g.rewind(2)
    assert g.turn == 2 and g.phase == "planning" and not g.over
    assert all(r["turn"] < 2 for r in g.record())
    with pytest.raises(IllegalOrder):
        g.rewind(99)


def test_arranged_games_replay_too():
    g = practice_game()
    g.arrange(turn=2, men={"A1": "0808"})
    g.plot("adversary", "A1", "BW")
    g2 = SkirmishGame.from_json(json.loads(json.dumps(g.to_json())), referee=True)
    assert g2.snapshot() == g.snapshot() and g2.plotted("adversary", "A1")[0]["code"] == "BW"


def test_arrange_sets_spares_and_entered_board_and_swaps_seats():
    """The sampler's arrangements: spare guns and ``entered_board`` set exactly, men listed
    swapping seats (each leaves his seat before any is seated), bad values refused."""
    g = practice_game()
    v = next(x for x in g.vehicles.values() if len(x.seats) >= 2)
    (s1, m1), (s2, m2) = list(v.seats.items())[:2]
    g.arrange(
        men={m1: [v.id, s2], m2: [v.id, s1]},
        vehicles={v.id: {"spares": {"rifle": 3, "shotgun": 0}, "entered_board": False}},
    )
    assert (v.seats[s1], v.seats[s2]) == (m2, m1) and g.men[m1].seat == s2
    assert v.spares == {"rifle": 3, "shotgun": 0} and v.entered_board is False
    g2 = SkirmishGame.from_json(json.loads(json.dumps(g.to_json())), referee=True)
    assert g2.snapshot() == g.snapshot()
    for bad in ({"spares": {"bazooka": 1}}, {"spares": {"rifle": -1}}, {"entered_board": 1}):
        with pytest.raises(IllegalOrder):
            g.arrange(vehicles={v.id: bad})
