"""Resolution: combat (simultaneous, spent fire), movement (driver hit, wounds), maintenance."""

from __future__ import annotations

from skirmish_turns import play_turn as _go

from hexplay.engine import ForcedDice
from hexplay.games.skirmish.fixtures import practice_game


def test_simultaneous_fire_killed_man_still_fires_and_redundant_fire_spent():
    # A1 kills G2 (on foot, open); G2 still fires back; A3's later shot at G2 is spent.
    g = practice_game(dice=ForcedDice([1, 4, 1]))
    g.arrange(turn=2, men={"G2": "0609", "A1": "0608", "A3": "0610"})
    ev = _go(
        g,
        adversary=[(("A1", "DF"), {"target": "G2"}), (("A3", "DF"), {"target": "G2"})],
        defender=[(("G2", "DF"), {"target": "A1"})],
    )
    fires = [e for e in ev if e["kind"] == "fire"]
    assert [(e["firer"], e["result"]) for e in fires] == [("A1", "K"), ("A3", "spent"), ("G2", "K")]
    assert fires[1]["die"] is None
    assert g.men["G2"].condition == "K" and g.men["A1"].condition == "K"
    assert len(g.dice.rolls) == 2


def test_kill_then_spent():
    g = practice_game(dice=ForcedDice([1]))
    g.arrange(turn=2, men={"G2": "1601", "A1": "1605", "A3": "1606"})
    # both shots kill (die 1); the second is resolved as plotted and is spent
    _go(g, adversary=[(("A1", "DF"), {"target": "G2"}), (("A3", "DF"), {"target": "G2"})])
    assert g.men["G2"].condition == "K"


def test_wound_then_wound_is_kill():
    g = practice_game(dice=ForcedDice([2, 2]))
    g.arrange(turn=2, men={"G2": "1601", "A1": "1605", "A3": "1606"})
    path = ["1502", "1503", "1504", "1505", "1506", "1507", "1508"]
    g.plot("defender", "G2", "MP", path=path)  # moves 7: open defence 5
    _go(g, adversary=[(("A1", "DF"), {"target": "G2"}), (("A3", "DF"), {"target": "G2"})])
    fires = [e for e in g.log.for_side("referee") if e["kind"] == "fire"]
    assert [e["result"] for e in fires] == ["W", "W"]
    assert [e["defence"] for e in fires] == [5, 5]
    assert g.men["G2"].condition == "K"
    assert g.men["G2"].hex == "1601"  # dead men do not move


def test_wounded_in_combat_moves_as_far_as_ap_allow():
    g = practice_game(dice=ForcedDice([3]))  # 22 vs 3 (open, moving 6): 7:1, die 3 = W
    g.arrange(turn=2, men={"G2": "1601", "A1": "1604"})
    g.plot("defender", "G2", "MP", path=["1502", "1503", "1504", "1505", "1506", "1507"])
    _go(g, adversary=[(("A1", "DF"), {"target": "G2"})])
    assert g.men["G2"].condition == "W"
    assert g.men["G2"].hex == "1506"  # 10 AP at double cost: 5 of the 6 hexes


def test_driver_hit_while_moving_rolls_two_hexes_and_stops():
    g = practice_game(dice=ForcedDice([1]))
    g.arrange(turn=2, men={"A1": "0710"}, vehicles={"E2": {"moving": False}})
    # E1 moving at 0812, heading +1 (south): its driver G3 is killed in combat
    ev = _go(
        g,
        adversary=[(("A1", "DF"), {"target": "G3"})],
        defender=[(("E1", "MV"), {"hexes": 1})],
    )
    assert g.men["G3"].condition == "K"
    assert g.vehicle_hex("E1") == "0814" and not g.vehicles["E1"].moving
    assert any(e["kind"] == "driver hit" for e in ev)


def test_moving_vehicle_personnel_cannot_fire_but_can_be_hit_by_rifles_only():
    g = practice_game()
    g.arrange(turn=2, men={"A1": "0712"})
    o = g.odds("A2", "G3")
    assert not o["possible"] and "inside a vehicle" in o["reason"]
    o = g.odds("G3", "A1")
    assert not o["possible"] and "moving vehicle" in o["reason"]


def test_barrier_work_fear_roll_and_table_ix():
    # A1, A3, A5 work; A3 is fired upon (missed) and rolls 5: too afraid. 2 workers: 25.
    g = practice_game(dice=ForcedDice([6, 5]))
    g.arrange(turn=2, men={"A1": "0808", "A3": "0808", "A5": "0808"})
    ev = _go(
        g,
        adversary=[(("A1", "BW"), {}), (("A3", "BW"), {}), (("A5", "BW"), {})],
        defender=[(("G2", "DF"), {"target": "A3", "weapon": "pistol"})],
    )
    fear = [e for e in ev if e["kind"] == "fear roll"]
    assert [(e["man"], e["die"], e["works"]) for e in fear] == [("A3", 5, False)]
    assert g.barrier == 25
    assert not g.men["A1"].armed and g.men["A1"].laid_at == "0808"
    assert g.men["A3"].armed
    # a worker who laid his rifle down may fire his pistol, or re-arm (RA) to use it again
    assert g.odds("A1", "G1")["weapon"] == "pistol"


def test_hit_worker_does_not_work_and_worker_is_in_the_open():
    g = practice_game(dice=ForcedDice([4]))
    g.arrange(turn=2, men={"A1": "0808"})
    ev = _go(
        g,
        adversary=[(("A1", "BW"), {})],
        defender=[(("G2", "DF"), {"target": "A1", "weapon": "pistol"})],
    )
    fire = next(e for e in ev if e["kind"] == "fire")
    assert fire["terrain"] == "open" and fire["defence"] == 1 and fire["attack"] == 13
    assert fire["result"] == "W"  # 13:1, die 4
    assert g.barrier == 0


def test_victory_barrier_points():
    g = practice_game(dice=ForcedDice([]))
    g.arrange(turn=2, men={"A1": "0808"}, barrier=195)
    _go(g, adversary=[(("A1", "BW"), {})])
    assert g.over and g.winner == "adversary" and g.barrier == 205


def test_victory_all_adversaries_out_variants():
    g = practice_game(dice=ForcedDice([]))
    g.arrange(turn=2, wounds={a: 1 for a in ("A1", "A2", "A3", "A4", "A5", "A6")})
    _go(g)
    assert g.over and g.winner == "defender" and "wounded" in g.win_reason
    g2 = practice_game(dice=ForcedDice([]), victory="killed")
    g2.arrange(turn=2, wounds={a: 1 for a in ("A1", "A2", "A3", "A4", "A5", "A6")})
    _go(g2)
    assert not g2.over


def test_turn_limit_ends_game_defender_wins():
    g = practice_game(dice=ForcedDice([]), turn_limit=3)
    while not g.over:
        _go(g)
    assert g.turn == 3 and g.winner == "defender" and len(g.record()) == 3 * 16


def test_rearm_and_exchange_execute():
    g = practice_game(dice=ForcedDice([]))
    g.arrange(turn=2, men={"A1": "0808"})
    _go(g, adversary=[(("A1", "BW"), {})])
    assert not g.men["A1"].armed
    _go(g, adversary=[(("A1", "RA"), {})], defender=[(("G2", "WE"), {"target": "T"})])
    assert g.men["A1"].armed and g.men["G2"].long_gun == "shotgun"
    assert g.vehicles["T"].spares == {"rifle": 2, "shotgun": 0}
