"""AGGRESSOR rules, one test per rule with the digest's numbers (forced dice for exact rolls)."""

from __future__ import annotations

import pytest
from aggressor_positions import label, order, position

from hexplay.engine import IllegalOrder, ScenarioError
from hexplay.games.aggressor import (
    KEY_DIRECTIONS,
    UNIT_TYPES,
    AggressorGame,
    board_of,
    hit_value,
    is_hit,
    p_hit,
    step_loss,
)
from hexplay.games.aggressor.features import aa_chance
from hexplay.games.aggressor.movement import allowance
from hexplay.games.aggressor.units import Unit, contact_chance
from hexplay.maps import load_map

B = board_of(load_map("aggressor"))


def i(lab):
    return B.index(lab)


# --- map layout ------------------------------------------------------------------------------
def test_labels_and_size():
    assert (B.map.cols, B.map.rows) == (21, 15)
    assert B.offsets[i("@UO")] == (21, 15)
    assert B.offsets[i("AA")] == (1, 1)
    assert B.labels[i("uo")] == "@UO"
    with pytest.raises(IllegalOrder):
        B.index("@VA")
    with pytest.raises(IllegalOrder):
        B.index("12")


def test_neighbours_even_columns_low():
    # odd column C (higher): its right neighbours are D, rows B (upper) and C (lower)
    assert [B.labels[j] for j in B.neigh[i("@CC")]] == ["@CB", "@DB", "@DC", "@CD", "@BC", "@BB"]
    # even column B (lower): its right neighbours are C, rows B (upper) and C (lower)
    assert [B.labels[j] for j in B.neigh[i("@BB")]] == ["@BA", "@CB", "@CC", "@BC", "@AC", "@AB"]
    assert B.dist[i("@AA")][i("@UO")] == 20 + max(0, 14 - 10)


def test_keys_as_in_the_original():
    # 1 upper left, 2 lower left, 3 up, 4 down, 5 upper right, 6 lower right
    got = {k: B.labels[B.key_neighbour(i("@CC"), k)] for k in KEY_DIRECTIONS}
    assert got == {1: "@BB", 2: "@BC", 3: "@CB", 4: "@CD", 5: "@DB", 6: "@DC"}


def test_territory_and_sectors():
    assert B.territory[i("@JA")] == "west" and B.territory[i("@LA")] == "east"
    assert B.territory[i("@KH")] is None
    assert B.sector[i("@GE")] == 0 and B.sector[i("@HE")] == 1 and B.sector[i("@OF")] == 5
    assert B.sector[i("@UO")] == 8


# --- units, step loss --------------------------------------------------------------------------
def test_unit_table():
    table = {n: (t.range, t.strength) for n, t in UNIT_TYPES.items()}
    assert table == {
        "Airbase": (0, 3),
        "Missile": (1, 1),
        "Artillery": (3, 2),
        "Armor": (3, 3),
        "Infantry": (2, 2),
        "Support": (2, 1),
    }


def test_step_loss_range_first_then_strength():
    u = Unit("W01", "west", "Infantry", 1, 2, 0)
    assert step_loss(u) == "range" and (u.rng, u.str) == (0, 2)
    assert step_loss(u) == "strength" and (u.rng, u.str) == (0, 1)
    assert step_loss(u) == "eliminated" and not u.alive
    v = Unit("W02", "west", "Armor", 3, 3, 0)
    assert step_loss(v, strength_first=True) == "strength" and (v.rng, v.str) == (3, 2)


# --- combat numbers --------------------------------------------------------------------------
def test_hit_values():
    assert hit_value(3, 2) == 6
    assert hit_value(2, 2) == 5
    assert hit_value(3, 2, rough_or_cbr=True) == 5
    assert hit_value(3, 2, True, emplaced=True) == 4
    assert hit_value(3, 2, True, True, unobserved=True) == 3
    assert hit_value(1, 3, True, True, True) == 0
    assert hit_value(3, 1, die_factor=2) == 9
    assert is_hit(1, 0) and is_hit(1, -3)  # a 1 always hits
    assert is_hit(6, 6) and not is_hit(7, 6)
    assert p_hit(0) == 0.1 and p_hit(5) == 0.5 and p_hit(12) == 1.0


def test_ground_attack_hit_and_miss():
    units = [("west", "Armor", "@JJ"), ("east", "Infantry", "@KJ")]
    g = position(units, dice=[6])  # hit value 5 + 1 = 6 in clear: a 6 hits
    ev = order(g, "W01", "attack", target="@KJ")
    assert ev[0]["result"] == "hit: range" and g.units["E01"].rng == 1
    g = position(units, dice=[7])
    assert order(g, "W01", "attack", target="@KJ")[0]["result"] == "miss"
    assert g.units["E01"].rng == 2
    with pytest.raises(IllegalOrder, match="already attacked"):
        order(g, "W01", "attack", target="@KJ")
    with pytest.raises(IllegalOrder, match="activity is over"):
        order(g, "W01", "move", to="@JI")


def test_report_reaches_both_sides_with_dug():
    units = [("west", "Armor", "@JJ"), ("east", "Infantry", "@KJ", {"emplaced": True})]
    g = position(units, dice=[4])  # 6 - 1 emplaced = 5
    order(g, "W01", "attack", target="@KJ")
    g.submit("west")
    for side in ("west", "east"):
        rep = [e for e in g.view(side)["events"] if e["kind"] == "attack"]
        assert rep and rep[-1]["attacker"] == "Armor" and rep[-1]["target"] == "@KJ"
        assert rep[-1]["form"] == "attack" and rep[-1]["dug"] is True
        assert rep[-1]["result"] == "hit: range" and "rolls" not in rep[-1]


def test_assault_takes_strength_half_the_time():
    units = [("west", "Armor", "@HJ"), ("east", "Infantry", "@KJ")]
    g = position(units, dice=[1, 5], aggressor="west")
    order(g, "W01", "move", to="@IJ")
    order(g, "W01", "move", to="@JJ")
    ev = order(g, "W01", "attack", target="@KJ")
    assert ev[0]["form"] == "assault" and ev[0]["result"] == "hit: strength"
    assert (g.units["E01"].rng, g.units["E01"].str) == (2, 1)
    g = position(units, dice=[1, 6], aggressor="west")
    order(g, "W01", "move", to="@IJ")
    order(g, "W01", "move", to="@JJ")
    assert order(g, "W01", "attack", target="@KJ")[0]["result"] == "hit: range"


def test_ambush_rolls_twice():
    units = [("west", "Armor", "@JJ", {"emplaced": True}), ("east", "Infantry", "@KJ")]
    g = position(units, dice=[9, 2])
    ev = order(g, "W01", "attack", target="@KJ")
    assert ev[0]["form"] == "ambush" and ev[0]["result"] == "hit: range"
    assert len(g.dice.rolls) == 2


def test_no_attack_from_cbr_hex():
    g = position([("west", "Armor", "@JJ"), ("east", "Infantry", "@KJ")], cbr=["@JJ"])
    with pytest.raises(IllegalOrder, match="CBR"):
        order(g, "W01", "attack", target="@KJ")


# --- movement ----------------------------------------------------------------------------------
def test_allowance_halved_in_rough():
    rough, clear = next(j for j in range(B.size) if B.rough[j]), i("@JJ")
    for rng, in_clear, in_rough in ((3, 3, 2), (2, 2, 1), (1, 1, 1)):
        u = Unit("W01", "west", "Armor", rng, 3, clear)
        assert allowance(B, u) == in_clear
        u.hex = rough
        assert allowance(B, u) == in_rough
        u.moved = 1
        assert allowance(B, u) == in_rough - 1


def test_allowance_is_read_in_the_hex_the_unit_is_in():
    # clear @JK -> clear @JJ -> rough @JI: there ceil(3/2) - 2 = 0, so an Armor (range 3)
    # stops after 2 hexes; the terrain entered does not matter, the terrain it is in does
    assert not B.rough[i("@JK")] and not B.rough[i("@JJ")] and B.rough[i("@JI")]
    g = position([("west", "Armor", "@JK"), ("east", "Airbase", "@UA")])
    order(g, "W01", "move", to="@JJ")
    order(g, "W01", "move", to="@JI")
    with pytest.raises(IllegalOrder, match="halved in rough"):
        order(g, "W01", "move", to="@JH")
    # from rough into clear: ceil(3/2) = 2 >= 1, then 3 - 1 = 2 and 3 - 2 = 1 in clear
    g = position([("west", "Armor", "@JI"), ("east", "Airbase", "@UA")])
    for to in ("@JJ", "@JK", "@JL"):
        order(g, "W01", "move", to=to)
    with pytest.raises(IllegalOrder, match="movement allowance"):
        order(g, "W01", "move", to="@JM")


def test_cbr_entry_step_loss_roll_through_clear():
    # the seed's example: a range-3 unit rolls through a clear CBR hex (range -> 2) and stops
    # in the next hex; in a rough CBR hex it is halted
    g = position([("west", "Armor", "@IJ"), ("east", "Airbase", "@UA")], cbr=["@JJ"])
    order(g, "W01", "move", to="@JJ")
    assert g.units["W01"].rng == 2
    order(g, "W01", "move", to="@JK")
    with pytest.raises(IllegalOrder, match="movement allowance"):
        order(g, "W01", "move", to="@JL")
    g = position([("west", "Armor", "@JI"), ("east", "Airbase", "@UA")], cbr=["@JH"])
    order(g, "W01", "move", to="@JH")  # rough: ceil(2 / 2) - 1 = 0
    assert g.units["W01"].rng == 2
    with pytest.raises(IllegalOrder, match="movement allowance"):
        order(g, "W01", "move", to="@JG")


def test_cbr_start_of_turn_loss_unless_entered_voluntarily():
    g = position([("west", "Armor", "@IJ"), ("east", "Infantry", "@RJ")], cbr=["@JJ", "@RJ"])
    order(g, "W01", "move", to="@JJ")
    assert g.units["W01"].rng == 2
    g.submit("west")  # east starts its turn in a CBR hex it did not enter: a step
    assert g.units["E01"].rng == 1
    g.submit("east")  # west entered @JJ on its last move: no loss
    assert g.units["W01"].rng == 2
    g.submit("west")
    g.submit("east")  # still there a turn later: a loss
    assert g.units["W01"].rng == 1


def test_range_zero_try():
    units = [("west", "Airbase", "@JJ"), ("east", "Infantry", "@KJ")]
    g = position(units, dice=[5])
    order(g, "W01", "move", to="@JK")
    assert label(g, "W01") == "@JK"
    with pytest.raises(IllegalOrder, match="one-hex try"):
        order(g, "W01", "move", to="@JL")
    g = position(units, dice=[6, 10])
    ev = order(g, "W01", "move", to="@JK")
    assert ev[0]["kind"] == "immobile" and label(g, "W01") == "@JJ"
    with pytest.raises(IllegalOrder, match="Immobile"):
        order(g, "W01", "strike", target="@KA")
    # an adjacent attack is still allowed (a range-0 unit observes nothing: use Obs off)
    g = position(units, dice=[6, 10], obs=False)
    order(g, "W01", "move", to="@JK")
    assert order(g, "W01", "attack", target="@KJ")[0]["result"] == "miss"


def test_zone_of_control():
    # E01 at @KJ: @JJ and @JI are both adjacent to it: shifting around it ends the move
    assert {i("@JJ"), i("@JI")} <= B.adjset[i("@KJ")] and i("@JK") not in B.adjset[i("@KJ")]
    units = [("west", "Armor", "@JJ"), ("east", "Infantry", "@KJ")]
    g = position(units, aggressor="east")
    ev = order(g, "W01", "move", to="@JI")
    assert ev[-1]["kind"] == "stopped" and ev[-1]["why"] == "zone of control"
    with pytest.raises(IllegalOrder, match="zone of control"):
        order(g, "W01", "move", to="@JH")
    # leaving the enemy's zone for a hex not next to it does not stop the unit
    g = position(units, aggressor="east")
    order(g, "W01", "move", to="@JK")
    order(g, "W01", "move", to="@JL")
    # from next to one enemy to next to another one only: free
    g = position(units + [("east", "Infantry", "@KL")], aggressor="east")
    order(g, "W01", "move", to="@JK")
    assert not g.units["W01"].stopped
    # moving away from the enemy (to a hex not adjacent to it) is free
    g = position(units, aggressor="east")
    order(g, "W01", "move", to="@IJ")
    order(g, "W01", "move", to="@HJ")
    assert label(g, "W01") == "@HJ"


def test_zone_of_control_by_a_unit_in_a_cbr_hex():
    units = [("west", "Armor", "@JJ"), ("east", "Infantry", "@KJ")]
    g = position(units, aggressor="east", cbr=["@KJ"])
    assert order(g, "W01", "move", to="@JI")[-1]["why"] == "zone of control"


def test_border_rule_before_an_aggressor():
    units = [("west", "Armor", "@JJ"), ("east", "Airbase", "@UA")]
    g = position(units)
    order(g, "W01", "move", to="@KJ")  # the border column: not enemy territory
    order(g, "W01", "move", to="@LJ")
    assert g.units["W01"].stopped == "border"
    with pytest.raises(IllegalOrder, match="border"):
        order(g, "W01", "move", to="@MJ")
    g.submit("west")
    g.submit("east")
    order(g, "W01", "move", to="@MJ")  # one step a turn while it holds
    with pytest.raises(IllegalOrder, match="border"):
        order(g, "W01", "move", to="@NJ")
    # once an aggressor exists the rule is gone
    g = position(units, aggressor="east")
    for to in ("@KJ", "@LJ", "@MJ"):
        order(g, "W01", "move", to=to)
    assert label(g, "W01") == "@MJ"


def test_no_stacking_and_direction_keys():
    g = position(
        [
            ("west", "Armor", "@JJ"),
            ("west", "Infantry", "@JK"),
            ("east", "Airbase", "@UA"),
            ("east", "Airbase", "@UB"),
        ]
    )
    snap = g.snapshot()
    with pytest.raises(IllegalOrder, match="no stacking|holds a unit"):
        order(g, "W01", "move", to="@JK")
    assert g.snapshot() == snap
    order(g, "W01", "move", direction=3)  # 3 = up
    assert label(g, "W01") == "@JI"
    with pytest.raises(IllegalOrder, match="either"):
        order(g, "W01", "move", direction=3, to="@JH")


def test_no_attack_on_a_unit_found_only_by_the_own_move():
    # a range-1 unit sees only adjacent hexes: moving next to a hidden unit finds it, but that
    # unit may not attack it from there
    units = [("west", "Armor", "@IJ", {"range": 1}), ("east", "Infantry", "@KJ")]
    g = position(units, aggressor="west", dice=[])
    assert "E01" not in g.view("west")["units"]
    order(g, "W01", "move", to="@JJ")  # now adjacent: observed (found by its own move)
    v = g.view("west")["units"]
    assert any(u["side"] == "east" for u in v.values())
    with pytest.raises(IllegalOrder, match="own move"):
        order(g, "W01", "attack", target="@KJ")


def test_bump_into_a_hidden_unit():
    # a range-0 unit observes nothing: its step into a hidden unit's hex bumps
    units = [("west", "Airbase", "@JJ"), ("east", "Infantry", "@KJ")]
    g = position(units, dice=[1], aggressor="west")
    assert not _seen(g)
    ev = order(g, "W01", "move", to="@KJ")
    assert ev[0]["kind"] == "blocked" and label(g, "W01") == "@JJ"
    assert _seen(g)["@KJ"]["display"] == "Unidentified"
    assert g.units["W01"].stopped == "blocked"


def test_emplacement():
    g = position(
        [
            ("west", "Armor", "@JJ"),
            ("west", "Infantry", "@AA"),
            ("east", "Airbase", "@UA"),
            ("east", "Airbase", "@UB"),
        ]
    )
    order(g, "W01", "move", to="@JK")
    order(g, "W01", "move", to="@JJ")  # to and fro: same hex as at the start of its turn
    assert not g.units["W01"].emplaced
    g.submit("west")
    assert g.units["W01"].emplaced and g.units["W02"].emplaced
    g.submit("east")
    order(g, "W01", "move", to="@JK")
    assert not g.units["W01"].emplaced  # lost by moving


# --- observation ---------------------------------------------------------------------------------
def _seen(g, side="west"):
    return {u["hex"]: u for u in g.view(side)["units"].values() if u["side"] != side}


def test_observation_range_and_identification():
    # Armor (range 3) observes to distance 3; ceil(3/2) = 2 identifies anything
    rough3 = next(j for j in B.rings[i("@JJ")][3] if B.rough[j] and B.territory[j] == "east")
    rough2 = next(j for j in B.rings[i("@JJ")][2] if B.rough[j])
    clear3 = next(j for j in B.rings[i("@JJ")][3] if not B.rough[j] and B.territory[j] == "east")
    far = next(j for j in B.rings[i("@JJ")][4] if B.territory[j] == "east")
    units = [
        ("west", "Armor", "@JJ"),
        ("east", "Infantry", B.labels[rough3]),
        ("east", "Infantry", B.labels[rough2]),
        ("east", "Infantry", B.labels[clear3]),
        ("east", "Infantry", B.labels[far]),
    ]
    seen = _seen(position(units))
    assert seen[B.labels[clear3]]["display"] == "Infantry"  # not emplaced, clear
    assert seen[B.labels[rough3]]["display"] == "Unidentified"  # rough, beyond 2
    assert seen[B.labels[rough2]]["display"] == "Infantry"  # within ceil(3/2)
    assert B.labels[far] not in seen  # beyond observation range
    unident = seen[B.labels[rough3]]
    assert "type" not in unident and "strength" not in unident and unident["hex"]
    # an emplaced target in clear is not identified at 3 ... unless the observer is emplaced
    units2 = [("west", "Armor", "@JJ"), ("east", "Infantry", B.labels[clear3], {"emplaced": True})]
    assert _seen(position(units2))[B.labels[clear3]]["display"] == "Unidentified"
    units3 = [
        ("west", "Armor", "@JJ", {"emplaced": True}),
        ("east", "Infantry", B.labels[clear3], {"emplaced": True}),
    ]
    assert _seen(position(units3))[B.labels[clear3]]["display"] == "Infantry"
    # an observer in a CBR hex identifies nothing (it still observes)
    units4 = [("west", "Armor", "@JJ", {"emplaced": True}), ("east", "Infantry", "@KJ")]
    assert _seen(position(units4, cbr=["@JJ"]))["@KJ"]["display"] == "Unidentified"
    # an Airbase (range 0) observes nothing; a unit in a CBR hex shows as Nuked
    assert not _seen(position([("west", "Airbase", "@JJ"), ("east", "Infantry", "@KJ")]))
    nuked = _seen(position([("west", "Armor", "@JJ"), ("east", "Infantry", "@KJ")], cbr=["@KJ"]))
    assert nuked["@KJ"]["display"] == "Nuked" and "type" not in nuked["@KJ"]


def test_observation_off_shows_everything():
    g = position([("west", "Airbase", "@AA"), ("east", "Infantry", "@UO")], obs=False)
    assert _seen(g)["@UO"]["display"] == "Infantry"


def test_identified_units_stay_identified_one_turn():
    # West's armour identifies E01 at distance 2, then falls back out of range
    units = [("west", "Armor", "@JJ"), ("east", "Infantry", "@LJ"), ("east", "Airbase", "@UA")]
    g = position(units, aggressor="east")
    assert _seen(g)["@LJ"]["display"] == "Infantry"
    for to in ("@IJ", "@HJ", "@GJ"):
        order(g, "W01", "move", to=to)
    g.submit("west")
    g.submit("east")
    assert _seen(g)["@LJ"]["display"] == "Infantry"  # carried for this turn
    g.submit("west")
    g.submit("east")
    assert "@LJ" not in _seen(g)  # lost the turn after


def test_unidentified_must_be_reacquired():
    rough3 = next(j for j in B.rings[i("@JJ")][3] if B.rough[j] and B.territory[j] == "east")
    g = position(
        [("west", "Armor", "@JJ"), ("east", "Infantry", B.labels[rough3])], aggressor="east"
    )
    assert _seen(g)[B.labels[rough3]]["display"] == "Unidentified"
    for to in ("@IJ", "@HJ", "@GJ"):
        order(g, "W01", "move", to=to)
    g.submit("west")
    g.submit("east")
    assert B.labels[rough3] not in _seen(g)


def test_other_sides_view_is_its_last_knowledge():
    g = position([("west", "Armor", "@JJ"), ("east", "Armor", "@MJ")], aggressor="east")
    assert "@MJ" in _seen(g, "west")
    g.submit("west")
    order(g, "E01", "move", to="@NJ")
    seen = _seen(g, "west")
    assert "@MJ" in seen and "@NJ" not in seen  # west does not see east's moves


# --- special features ---------------------------------------------------------------------------
def test_indirect_fire_range_and_distance_two():
    units = [
        ("west", "Artillery", "@JJ"),
        ("east", "Infantry", "@KJ"),
        ("east", "Infantry", "@MJ"),
        ("east", "Infantry", "@NJ"),
    ]
    g = position(units, dice=[5], aggressor="east")
    with pytest.raises(IllegalOrder, match="distance"):
        order(g, "W01", "fire", target="@KJ")
    with pytest.raises(IllegalOrder):
        order(g, "W01", "fire", target="@NJ")  # distance 4 > range 3
    ev = order(g, "W01", "fire", target="@MJ")  # 5 + 2 - 2 = 5
    assert ev[0]["form"] == "indirect fire" and ev[0]["result"] == "hit: range"
    with pytest.raises(IllegalOrder, match="special feature"):
        order(g, "W01", "move", to="@IJ")


def test_prospecting_fire_reveals_and_ends_activity():
    # an Airbase observes nothing (range 0): its strike at a hidden unit is prospecting, with
    # the unobserved modifier: 5 + 3 - 2 - 1 = 5; the unit is revealed, unidentified
    units = [("west", "Airbase", "@HJ"), ("east", "Infantry", "@MJ"), ("east", "Infantry", "@MA")]
    g = position(units, dice=[5, 100], aggressor="east")
    assert not _seen(g)
    ev = order(g, "W01", "strike", target="@MJ")
    assert ev[0]["result"] == "hit: range" and g.units["E01"].rng == 1
    seen = _seen(g)
    assert seen["@MJ"]["display"] == "Unidentified" and "type" not in seen["@MJ"]
    assert "defender_type" not in ev[0]  # only the missile readout shows the type
    with pytest.raises(IllegalOrder, match="special feature"):
        order(g, "W01", "strike", target="@MA")
    # a roll of 6 misses at 5; and a prospect into an empty hex is spent all the same
    g = position(units, dice=[6, 100], aggressor="east")
    assert order(g, "W01", "strike", target="@MJ")[0]["result"] == "miss"
    g = position(units, dice=[], aggressor="east")
    assert order(g, "W01", "strike", target="@LA")[0]["result"] == "no target"
    assert g.units["W01"].feature
    # without Observation there is no prospecting: an empty hex is no target
    g = position(units, dice=[], aggressor="east", obs=False)
    with pytest.raises(IllegalOrder):
        order(g, "W01", "strike", target="@LA")


def test_prospecting_a_hidden_unit_with_the_unobserved_modifier():
    # a range-2 Support observes to 2; artillery at range 2 fires at distance 2 only; to get an
    # unobserved target in reach the firer must not observe it: a Missile (range 1) launches at
    # a hidden unit 3 hexes away
    units = [("west", "Missile", "@JJ"), ("east", "Infantry", "@MJ")]
    g = position(units, dice=[6])  # 5 + 4 - 2 - 1 (unobserved) = 6: a 6 hits
    assert not _seen(g)
    ev = order(g, "W01", "launch", target="@MJ")
    assert ev[0]["result"] == "eliminated" and not g.units["E01"].alive
    assert ev[0]["defender_type"] == "Infantry"  # the missile readout shows the type
    assert i("@MJ") in g.cbr and g.units["W01"].launched
    assert g.aggressor == "west"  # a missile into enemy territory
    g = position(units, dice=[7])
    assert order(g, "W01", "launch", target="@MJ")[0]["result"] == "miss"
    assert i("@MJ") in g.cbr and g.units["E01"].alive


def test_missile_reach_two_to_eight_and_once():
    g = position([("west", "Missile", "@BJ"), ("east", "Infantry", "@UO")])
    with pytest.raises(IllegalOrder, match="distance"):
        order(g, "W01", "launch", target="@CJ")
    with pytest.raises(IllegalOrder):
        order(g, "W01", "launch", target="@KJ")  # distance 9
    order(g, "W01", "launch", target="@JJ")  # distance 8, an empty hex: CBR
    assert i("@JJ") in g.cbr and g.aggressor is None
    g.submit("west")
    g.submit("east")
    with pytest.raises(IllegalOrder, match="launched"):
        order(g, "W01", "launch", target="@HJ")
    assert g.view("west")["units"]["W01"]["display"] == "Technical"


def test_decontamination_sixty_percent():
    units = [("west", "Missile", "@JJ", {"launched": True}), ("east", "Infantry", "@UO")]
    g = position(units, dice=[6], cbr=["@JK"])
    order(g, "W01", "decon", target="@JK")
    assert i("@JK") not in g.cbr
    g = position(units, dice=[7], cbr=["@JK"])
    order(g, "W01", "decon", target="@JK")
    assert i("@JK") in g.cbr
    g = position([("west", "Missile", "@JJ"), ("east", "Infantry", "@UO")], cbr=["@JK"])
    with pytest.raises(IllegalOrder, match="Technical"):
        order(g, "W01", "decon", target="@JK")


@pytest.mark.parametrize(
    "where,roll,gains",
    [
        ("@JJ", 6, True),
        ("@JJ", 7, False),  # home territory 60%
        ("@MJ", 4, True),
        ("@MJ", 5, False),  # enemy territory 40%
    ],
)
def test_replacement_chances(where, roll, gains):
    g = position(
        [("west", "Infantry", where, {"range": 1, "strength": 1}), ("east", "Airbase", "@UA")],
        dice=[roll],
        aggressor="east",
    )
    order(g, "W01", "replace")
    assert g.units["W01"].str == (2 if gains else 1) and g.units["W01"].rng == 1


def test_replacement_needs_damage_and_type():
    g = position(
        [
            ("west", "Infantry", "@JJ"),
            ("west", "Armor", "@JA", {"range": 1}),
            ("east", "Airbase", "@UA"),
            ("east", "Airbase", "@UB"),
        ]
    )
    with pytest.raises(IllegalOrder, match="full"):
        order(g, "W01", "replace")
    with pytest.raises(IllegalOrder, match="Infantry and Support"):
        order(g, "W02", "replace")


def test_supply_request():
    units = [
        ("west", "Armor", "@JJ", {"range": 1, "strength": 2}),
        ("west", "Support", "@JK"),
        ("east", "Airbase", "@UA"),
        ("east", "Airbase", "@UB"),
    ]
    g = position(units)
    order(g, "W01", "supply", support="@JK")
    assert (g.units["W01"].rng, g.units["W01"].str) == (1, 3)  # strength first
    assert g.units["W02"].rng == 1  # the Support took a step
    with pytest.raises(IllegalOrder, match="special feature"):
        order(g, "W01", "move", to="@JI")
    assert g.key_order("west", "W01", 4).kind == "supply"  # key 4 (down) into the Support


@pytest.mark.parametrize(
    "t,chance",
    [
        ("Missile", 2),
        ("Airbase", 3),
        ("Artillery", 4),
        ("Armor", 5),
        ("Infantry", 6),
        ("Support", 7),
    ],
)
def test_partisan_contact_chances(t, chance):
    assert contact_chance(t, False) == chance
    for roll, made in ((chance, True), (chance + 1, False)):
        g = position([("west", t, "@MJ"), ("east", "Airbase", "@UA")], dice=[roll])
        ev = order(g, "W01", "contact")
        assert ev[0]["made"] is made and g.partisans["west"] == int(made)


def test_partisan_contact_technical_and_limits():
    assert contact_chance("Missile", True) == 5
    g = position([("west", "Armor", "@JJ"), ("east", "Airbase", "@UA")])
    with pytest.raises(IllegalOrder, match="begin its turn"):
        order(g, "W01", "contact")
    g = position([("west", "Armor", "@MJ"), ("east", "Airbase", "@UA")], aggressor="east")
    with pytest.raises(IllegalOrder, match="aggressor"):
        order(g, "W01", "contact")
    g = position([("west", "Armor", "@MJ"), ("east", "Airbase", "@UA")], partisans=False)
    with pytest.raises(IllegalOrder, match="option"):
        order(g, "W01", "contact")


def test_partisans_freeze_the_victims():
    # east has a partisan group; at east's turn it appears in the row of a random east unit, in
    # a random east column, and freezes east units within 1 hex
    units = [("west", "Armor", "@MJ"), ("east", "Infantry", "@PJ"), ("east", "Infantry", "@PA")]
    g = position(units, dice=[1, 1, 5], aggressor=None)
    g.partisans["west"] = 1
    ev = order(g, "W01", "contact")  # roll 1: contact made (a second group)
    assert ev[0]["made"] and g.partisans["west"] == 2
    g.partisans["west"] = 1
    g.submit("west")  # rolls: row of east unit #1 (@PJ: row J), column 5 of L..U = P
    assert [B.labels[s] for s in g.spots] == ["@PJ"]
    assert g.units["E01"].frozen and not g.units["E02"].frozen
    with pytest.raises(IllegalOrder, match="partisans"):
        order(g, "E01", "move", to="@QJ")
    assert g.view("east")["partisan_spots"] == ["@PJ"]
    assert g.view("west")["partisan_spots"] == []


def test_air_strike_and_anti_aircraft():
    assert aa_chance(10, own_side=False) == 10
    assert aa_chance(10, own_side=True) == 5
    assert aa_chance(11, own_side=True) == 5  # halved, rounded down
    assert aa_chance(10, False, strike_diff=1 - 3) == 8
    # a strike at 10 hexes on an identified unit: strength 3 vs 2 -> hit value 6
    g = position(
        [("west", "Airbase", "@BJ"), ("west", "Armor", "@KI"), ("east", "Infantry", "@LJ")],
        dice=[6, 8],
        aggressor="east",
    )
    ev = order(g, "W01", "strike", target="@LJ")
    assert ev[0]["form"] == "air strike" and ev[0]["result"] == "hit: range"
    # anti-aircraft: distance 10 + (target strength 2 - airbase 3) = 9%: a roll of 8 is a loss
    assert ev[1]["kind"] == "anti-aircraft" and ev[1]["chance"] == 9.0 and ev[1]["loss"]
    assert g.units["W01"].str == 2


def test_air_recon_reveals_and_no_overflight_no_loss():
    units = [("west", "Airbase", "@BJ"), ("east", "Infantry", "@MJ"), ("east", "Armor", "@PJ")]
    g = position(units, dice=[50])
    assert not _seen(g)
    ev = order(g, "W01", "recon", target="@QJ")
    assert ev[0]["revealed"] == 2
    seen = _seen(g)
    assert seen["@MJ"]["display"] == "Unidentified" and seen["@PJ"]["display"] == "Unidentified"
    assert ev[1]["kind"] == "anti-aircraft" and ev[1]["loss"] is None
    g = position(units, dice=[])
    ev = order(g, "W01", "recon", target="@GA")  # nothing overflown: no roll at all
    assert len(ev) == 1 and not g.dice.rolls


def test_no_feature_from_a_cbr_hex():
    g = position(
        [("west", "Artillery", "@JJ"), ("east", "Infantry", "@LJ")], cbr=["@JJ"], aggressor="east"
    )
    with pytest.raises(IllegalOrder, match="CBR"):
        order(g, "W01", "fire", target="@LJ")


# --- aggressor and victory -----------------------------------------------------------------------
def test_first_attack_across_the_border_makes_the_aggressor():
    g = position(
        [("west", "Armor", "@JJ"), ("east", "Armor", "@KJ"), ("east", "Artillery", "@MJ")],
        dice=[10, 10],
    )
    order(g, "W01", "attack", target="@KJ")  # the border column is nobody's side
    assert g.aggressor is None
    g.submit("west")
    order(g, "E01", "attack", target="@JJ")
    assert g.aggressor == "east"


def test_sector_victory_and_the_aggressors_columns():
    # west holds 1, 4, 7 and occupies 2 and 5 uncontested: 5 sectors, wins at its next turn
    units = [("west", "Armor", "@HB"), ("west", "Armor", "@HG"), ("east", "Airbase", "@UO")]
    g = position(units)
    g.submit("west")
    assert g.control[1] == "west" and g.control[4] == "west"
    g.submit("east")
    assert g.over and g.winner == "west" and "5 of the 9" in g.reason
    # as the aggressor it also needs a sector in the east column
    g = position(units, aggressor="west")
    g.submit("west")
    g.submit("east")
    assert not g.over


def test_a_side_with_no_units_loses():
    g = position([("west", "Armor", "@JJ"), ("east", "Support", "@KJ", {"range": 0})], dice=[1])
    order(g, "W01", "attack", target="@KJ")
    assert g.over and g.winner == "west" and "eliminated" in g.reason


def test_turn_limit_draw():
    g = position([("west", "Armor", "@AA"), ("east", "Armor", "@UO")], turn_limit=2)
    for _ in range(4):
        g.submit(g.current)
    assert g.over and g.winner is None and g.outcome()["turns"] == 4


# --- set-up --------------------------------------------------------------------------------------
def test_setup_orders_and_errors():
    g = AggressorGame.new(seed=3, army_size=2)
    assert set(g.to_act()) == {"west", "east"}
    snap = g.snapshot()
    for kw, rule in (
        ({"type": "Armor", "hex": "@LA"}, "territory"),
        ({"type": "Tank", "hex": "@AA"}, "type must be"),
        ({"type": "Armor", "hex": "@ZZ"}, "not on the map"),
    ):
        with pytest.raises(IllegalOrder, match=rule):
            g.order("west", kind="place", **kw)
        assert g.snapshot() == snap
    g.order("west", kind="place", type="Armor", hex="@AA")
    with pytest.raises(IllegalOrder, match="no stacking"):
        g.order("west", kind="place", type="Armor", hex="@AA")
    with pytest.raises(IllegalOrder, match="placed 1 of its 2"):
        g.submit("west")
    g.order("west", kind="place", type="Infantry", hex="@AB")
    assert g.legal_orders("west") == []
    g.order("west", kind="remove", unit="W01")
    g.order("west", kind="place", type="Airbase", hex="@AC")
    g.submit("west")
    assert g.to_act() == ("east",)
    assert not any(u["side"] == "west" for u in g.view("east")["units"].values())
    for h in ("@UA", "@UB"):
        g.order("east", kind="place", type="Armor", hex=h)
    g.submit("east")
    assert g.phase == "play" and g.first in ("west", "east") and g.turn == 1


def test_scenario_errors_name_the_field():
    with pytest.raises(ScenarioError) as e:
        AggressorGame.new(turn_limit=0)
    assert e.value.field == "turn_limit"
    with pytest.raises(ScenarioError) as e:
        AggressorGame.new(colour="red")
    assert e.value.field == "colour"
    with pytest.raises(ScenarioError) as e:
        position([("west", "Armor", "@ZZ"), ("east", "Armor", "@UA")])
    assert e.value.field == "position.0.hex"


# --- what an app shows ---------------------------------------------------------------------
def test_reach_matches_the_moves_the_engine_allows():
    g = position([("west", "Armor", "@JK"), ("east", "Infantry", "@LM")], aggressor="east")
    r = g.reach("west", "W01")
    assert r["@JJ"]["steps"] == 1 and r["@JI"]["steps"] == 2
    assert "@JH" not in r  # rough @JI after 2 hexes: ceil(3/2) - 2 = 0
    # every reachable hex is reached by legal orders along a shortest path
    for lab, info in list(r.items())[:6]:
        h = position([("west", "Armor", "@JK"), ("east", "Infantry", "@LM")], aggressor="east")
        path = _path(h, "@JK", lab, r)
        for step in path:
            order(h, "W01", "move", to=step)
        assert label(h, "W01") == lab and len(path) == info["steps"]


def _engine_reach(g, side, uid):
    """Label -> (fewest steps, {whether the move ended there, on each such path}) of every hex
    ``uid`` reaches by orders the engine accepts (a search over copies of the game)."""
    out: dict[str, tuple[int, set[bool]]] = {}
    frontier, seen, steps = [g], set(), 0
    while frontier:
        steps += 1
        nxt = []
        for h in frontier:
            for j in h.board.adj[h.units[uid].hex]:
                c, lab = h.copy(), h.board.labels[j]
                try:
                    c.order(side, kind="move", unit=uid, to=lab)
                except IllegalOrder:
                    continue
                u = c.units[uid]
                if not u.alive or label(c, uid) != lab:
                    continue
                ended = bool(u.stopped or u.frozen or u.rng == 0)
                if lab not in out:
                    out[lab] = (steps, set())
                if out[lab][0] == steps:
                    out[lab][1].add(ended)
                key = (lab, u.moved, u.rng, u.stopped, u.frozen)
                if key not in seen:
                    seen.add(key)
                    nxt.append(c)
        frontier = nxt
    out.pop(label(g, uid), None)
    return out


def _partisan_spot_at_pj():
    # west contacts partisans (roll 1); at east's turn they appear in the row of E01 (@PJ),
    # column 5 of east's (P): @PJ; E02 at @PM is not frozen, but stops next to the spot
    g = position(
        [("west", "Armor", "@MJ"), ("east", "Infantry", "@PJ"), ("east", "Armor", "@PM")],
        dice=[1, 1, 5],
    )
    order(g, "W01", "contact")
    g.submit("west")
    assert [B.labels[s] for s in g.spots] == ["@PJ"] and not g.units["E02"].frozen
    return g


@pytest.mark.parametrize(
    "make,side,uid,stop",
    [
        # a clear CBR hex costs a range step: @LK (only through @JJ, 3 steps) is out of reach
        (
            lambda: position(
                [("west", "Armor", "@IJ"), ("east", "Airbase", "@UA")],
                cbr=["@JJ"],
                aggressor="east",
            ),
            "west",
            "W01",
            None,
        ),
        # a rough CBR hex halts the unit; the zone of control of a known enemy
        (
            lambda: position(
                [("west", "Armor", "@JI"), ("east", "Infantry", "@LH")],
                cbr=["@JH"],
                aggressor="east",
            ),
            "west",
            "W01",
            None,
        ),
        # the border rule before an aggressor
        (
            lambda: position([("west", "Armor", "@JJ"), ("east", "Airbase", "@UA")]),
            "west",
            "W01",
            "@LJ",
        ),
        # a partisan spot: the move ends next to it (the unit is frozen)
        (_partisan_spot_at_pj, "east", "E02", "@PK"),
    ],
)
def test_reach_equals_the_engines_moves_through_cbr_hexes_and_partisan_spots(make, side, uid, stop):
    g = make()
    r = g.reach(side, uid)
    e = _engine_reach(g, side, uid)
    assert sorted(r) == sorted(e)
    for lab, (steps, ended) in e.items():
        assert r[lab]["steps"] == steps and r[lab]["stops"] in ended, lab
    if stop is not None:
        assert r[stop]["stops"]


def _path(g, start, goal, r):
    b = g.board
    cur, path = i(start), []
    while b.labels[cur] != goal:
        nxt = min(
            (
                j
                for j in b.adj[cur]
                if b.labels[j] in r and not r[b.labels[j]]["stops"] or b.labels[j] == goal
            ),
            key=lambda j: (b.dist[j][i(goal)], r.get(b.labels[j], {"steps": 9})["steps"]),
        )
        path.append(b.labels[nxt])
        cur = nxt
    return path


def test_attack_odds_show_each_modifier():
    g = position([("west", "Armor", "@JJ"), ("east", "Infantry", "@KJ", {"emplaced": True})])
    d = g.attack_odds("west", "W01", "@KJ")
    # the unit's own observation identifies an adjacent unit: 3 - 2, emplaced -1 -> 5
    assert d["hit_value"] == 5 and d["p_hit"] == 0.5 and d["emplaced"] is True
    assert d["form"] == "attack" and d["ambush_possible"] is False
    h = position([("west", "Armor", "@BJ"), ("east", "Infantry", "@MJ")])
    assert h.attack_odds("west", "W01", "@MJ")["hit_value"] is None  # not known


def test_air_line_and_observed_hexes():
    g = position(
        [("west", "Airbase", "@BJ"), ("west", "Armor", "@JJ"), ("east", "Infantry", "@LJ")]
    )
    a = g.air_line("west", "W01", "@LJ")
    assert a["line"][-1] == "@LJ" and a["known_overflown"]
    assert a["aa_chance"] == 10 + (2 - 3)
    o = g.observed_hexes("west")
    assert o["units"]["W01"] == {"observation": 0, "identification": 0}
    assert o["units"]["W02"]["observation"] == 3 and "@LJ" in o["hexes"]


def test_keys_give_move_attack_and_supply_orders_and_key_zero_the_features():
    g = position(
        [
            ("west", "Airbase", "@JJ"),
            ("west", "Support", "@JK"),
            ("west", "Armor", "@IK"),
            ("east", "Infantry", "@KJ"),
        ]
    )
    # key 5 (upper right) from @JJ (even column, low) is @KJ, where the armour sees E01
    assert "E01" in g.known["west"]
    assert g.key_order("west", "W01", 5).to_dict()["kind"] == "attack"
    assert g.key_order("west", "W01", 4).kind == "supply"  # down: the Support at @JK
    assert g.key_order("west", "W03", 6).kind == "supply"  # @IK lower right is @JK too
    assert g.key_order("west", "W03", 2).args == {"to": "@HK"}  # odd column: same row
    assert g.key_order("west", "W01", 3).args == {"to": "@JI"}
    assert sorted(lo.kind for lo in g.feature_orders("west", "W01")) == ["recon", "strike"]
    assert [lo.kind for lo in g.feature_orders("west", "W03")] == []
    with pytest.raises(IllegalOrder):
        g.key_order("west", "W01", 7)
    with pytest.raises(IllegalOrder):
        g.key_order("west", "E01", 1)


# --- options, saves ---------------------------------------------------------------------------
def test_partisans_spent_option():
    units = [("west", "Armor", "@MJ"), ("east", "Infantry", "@PJ"), ("east", "Infantry", "@PA")]
    for spent, left in ((False, 1), (True, 0)):
        g = position(units, dice=[1, 5], partisans_spent=spent)
        g.partisans["west"] = 1
        g.submit("west")
        assert g.units["E01"].frozen and g.partisans["west"] == left


def test_die_factor_weights_the_strength_difference():
    # Armor 3 vs Support 1 in clear: 5 + 2 x 2 = 9 with die_factor 2 (7 with the original's 1)
    units = [("west", "Armor", "@JJ"), ("east", "Support", "@KJ")]
    g = position(units, dice=[9], die_factor=2)
    assert order(g, "W01", "attack", target="@KJ")[0]["result"] == "hit: range"
    g = position(units, dice=[9])
    assert order(g, "W01", "attack", target="@KJ")[0]["result"] == "miss"


def test_first_side_is_rolled_on_the_games_dice():
    firsts = set()
    for seed in range(8):
        g = AggressorGame.new(seed=seed, army_size=1)
        g.order("west", kind="place", type="Armor", hex="@AA")
        g.order("east", kind="place", type="Armor", hex="@UA")
        g.submit("west")
        g.submit("east")
        assert g.dice.rolls[0].purpose == "first side" and g.dice.rolls[0].sides == 2
        assert g.first == ("west" if g.dice.rolls[0].value == 1 else "east") == g.current
        firsts.add(g.first)
    assert firsts == {"west", "east"}


def test_save_load_rewind_and_a_tampered_save():
    from hexplay.engine import SaveError

    units = [("west", "Armor", "@JJ"), ("east", "Infantry", "@KJ")]
    g = position(units, dice=[7, 7, 7, 7], strict=False)
    order(g, "W01", "attack", target="@KJ")
    g.submit("west")
    at2 = g.snapshot()
    order(g, "E01", "attack", target="@JJ")
    g.submit("east")
    s = g.to_json()
    assert AggressorGame.from_json(s).snapshot() == g.snapshot()
    assert g.copy().rewind(2).snapshot() == at2
    bad = dict(s, commands=[dict(c) for c in s["commands"]])
    bad["commands"][0] = dict(
        bad["commands"][0], args={**s["commands"][0]["args"], "kind": "launch"}
    )
    with pytest.raises(SaveError, match=r"commands\[0\]"):
        AggressorGame.from_json(bad)
    with pytest.raises(SaveError, match="format"):
        AggressorGame.from_json(dict(s, format="hexplay.skirmish.game/1"))


# --- the digest's rules not covered above (audit of issue #12) --------------------------------
def test_partisan_contact_up_to_four_groups():
    g = position([("west", "Armor", "@MJ"), ("east", "Airbase", "@UA")], dice=[1])
    g.partisans["west"] = 3
    assert order(g, "W01", "contact")[0]["made"] and g.partisans["west"] == 4
    g = position([("west", "Armor", "@MJ"), ("east", "Airbase", "@UA")], dice=[])
    g.partisans["west"] = 4
    with pytest.raises(IllegalOrder, match="already has 4 partisan groups"):
        order(g, "W01", "contact")
    assert g.partisans["west"] == 4 and not g.dice.rolls


def test_a_unit_moving_next_to_a_partisan_spot_is_frozen_before_it_can_attack():
    # west's group appears at @PJ (row of E01, column P); E02 steps from @PL to @PK, next to the
    # spot: frozen, so it neither moves on nor attacks the west armour at @QK beside it
    g = position(
        [
            ("west", "Armor", "@MJ"),
            ("west", "Armor", "@QK"),
            ("east", "Infantry", "@PJ"),
            ("east", "Armor", "@PL"),
        ],
        dice=[1, 1, 5],
    )
    order(g, "W01", "contact")
    g.submit("west")
    assert [B.labels[s] for s in g.spots] == ["@PJ"] and not g.units["E02"].frozen
    assert "W02" in g.known["east"] and B.dist[i("@PK")][i("@QK")] == 1
    ev = order(g, "E02", "move", to="@PK")
    assert [e["kind"] for e in ev][:2] == ["move", "frozen"] and g.units["E02"].frozen
    with pytest.raises(IllegalOrder, match="frozen by partisans"):
        order(g, "E02", "attack", target="@QK")
    with pytest.raises(IllegalOrder, match="frozen by partisans"):
        order(g, "E02", "move", to="@PL")


def test_no_ambush_after_moving_or_when_observed_in_the_opponents_turn():
    # emplaced, but it moves first: a normal attack (one roll)
    units = [("west", "Armor", "@IJ", {"emplaced": True}), ("east", "Infantry", "@KJ")]
    g = position(units, dice=[9], aggressor="east")
    order(g, "W01", "move", to="@JJ")
    assert order(g, "W01", "attack", target="@KJ")[0]["form"] == "attack"
    assert len(g.dice.rolls) == 1
    # emplaced and still, but east observed it in east's turn: a normal attack
    units = [("west", "Armor", "@JJ", {"emplaced": True}), ("east", "Infantry", "@KJ")]
    g = position(units, dice=[9], first="east")
    g.submit("east")  # east's infantry (range 2) observes the armour next to it
    assert g.units["W01"].emplaced and not g.units["W01"].unseen
    ev = order(g, "W01", "attack", target="@KJ")
    assert ev[0]["form"] == "attack" and len(g.dice.rolls) == 1
    # the same, unobserved (east's unit is an Airbase: range 0 observes nothing): an ambush
    units = [("west", "Armor", "@JJ", {"emplaced": True}), ("east", "Airbase", "@KJ")]
    g = position(units, dice=[9, 9], first="east")
    g.submit("east")
    ev = order(g, "W01", "attack", target="@KJ")
    assert ev[0]["form"] == "ambush" and len(g.dice.rolls) == 2


def test_assault_needs_more_than_one_hex_from_the_start():
    # two steps that end next to the starting hex: a normal attack, no assault roll on a hit
    units = [("west", "Armor", "@JK"), ("east", "Infantry", "@KJ")]
    g = position(units, dice=[1], aggressor="east")
    order(g, "W01", "move", to="@IK")
    order(g, "W01", "move", to="@JJ")
    assert B.dist[i("@JK")][i("@JJ")] == 1
    ev = order(g, "W01", "attack", target="@KJ")
    assert ev[0]["form"] == "attack" and ev[0]["result"] == "hit: range"
    assert [r.purpose for r in g.dice.rolls] == ["attack"]


def test_a_unit_stopped_by_zone_of_control_may_still_attack_or_fire():
    units = [("west", "Armor", "@JJ"), ("east", "Infantry", "@KJ")]
    g = position(units, dice=[6], aggressor="east")
    order(g, "W01", "move", to="@JI")
    assert g.units["W01"].stopped == "zone of control"
    assert order(g, "W01", "attack", target="@KJ")[0]["result"] == "hit: range"
    units = [("west", "Artillery", "@JJ"), ("east", "Infantry", "@KJ"), ("east", "Armor", "@MI")]
    g = position(units, dice=[10], aggressor="east")
    order(g, "W01", "move", to="@JI")
    assert g.units["W01"].stopped == "zone of control"
    assert order(g, "W01", "fire", target="@MI")[0]["form"] == "indirect fire"


def test_indirect_fire_range_is_not_halved_in_rough():
    # artillery in a rough hex (it could move only ceil(3/2) = 2) still fires 3 hexes
    rough = next(j for j in range(B.size) if B.rough[j] and B.territory[j] == "west")
    target = B.rings[rough][3][0]
    g = position(
        [("west", "Artillery", B.labels[rough]), ("east", "Infantry", B.labels[target])],
        dice=[10],
        aggressor="east",
        obs=False,
    )
    assert allowance(B, g.units["W01"]) == 2
    ev = order(g, "W01", "fire", target=B.labels[target])
    assert ev[0]["form"] == "indirect fire" and ev[0]["result"] == "miss"


def test_no_ranged_attack_on_a_unit_found_only_by_the_own_move():
    # artillery (range 3) finds E01 by its own step; it may not fire at it from there, while a
    # unit another observer knows of may be fired at
    units = [("west", "Artillery", "@FJ"), ("east", "Infantry", "@JJ")]
    g = position(units, aggressor="east")
    assert "E01" not in g.known["west"]
    order(g, "W01", "move", to="@GJ")
    assert "E01" in g.known["west"]
    with pytest.raises(IllegalOrder, match="own move"):
        order(g, "W01", "fire", target="@JJ")
    g = position(units + [("west", "Infantry", "@HJ")], dice=[10], aggressor="east")
    order(g, "W01", "move", to="@GJ")
    assert order(g, "W01", "fire", target="@JJ")[0]["result"] == "miss"


def test_prospecting_fire_into_an_empty_enemy_hex_makes_the_aggressor():
    g = position([("west", "Airbase", "@HJ"), ("east", "Infantry", "@UA")], dice=[])
    assert order(g, "W01", "strike", target="@MJ")[0]["result"] == "no target"
    assert g.aggressor == "west"
    g = position([("west", "Airbase", "@HJ"), ("east", "Infantry", "@UA")], dice=[])
    order(g, "W01", "recon", target="@MJ")  # a recon is no attack
    assert g.aggressor is None


def test_supply_gains_range_at_full_strength_needs_damage_and_support_serves_again():
    units = [
        ("west", "Armor", "@JJ", {"range": 1}),
        ("west", "Support", "@JK"),
        ("west", "Infantry", "@IK", {"range": 0, "strength": 1}),
        ("west", "Armor", "@KK"),
        ("east", "Airbase", "@UA"),
    ]
    g = position(units, aggressor="east")
    order(g, "W01", "supply", support="@JK")
    assert (g.units["W01"].rng, g.units["W01"].str) == (2, 3)  # full strength: range
    assert (g.units["W02"].rng, g.units["W02"].str) == (1, 1)
    order(g, "W03", "supply", support="@JK")  # the same Support again, for another unit
    assert (g.units["W03"].rng, g.units["W03"].str) == (0, 2)
    assert (g.units["W02"].rng, g.units["W02"].str) == (0, 1)
    with pytest.raises(IllegalOrder, match="full range and strength"):
        order(g, "W04", "supply", support="@JK")


def test_sector_control_by_the_last_uncontested_occupation():
    # sector 2 (columns H-N, rows A-E) starts with nobody
    units = [("west", "Armor", "@HB"), ("east", "Armor", "@PB")]
    g = position(units, aggressor="west")
    g.submit("west")
    assert g.control[1] == "west"  # occupied by west alone
    order(g, "E01", "move", to="@OB")
    order(g, "E01", "move", to="@NB")
    assert B.sector[i("@NB")] == 1
    g.submit("east")
    assert g.control[1] == "west"  # contested: it stays with west
    order(g, "W01", "move", to="@GB")
    g.submit("west")
    assert g.control[1] == "east"  # east is left alone in it


def test_a_support_unit_is_drawn_on_whatever_it_did_and_keeps_its_own_activity():
    # the seed: the Support "can be accessed before or after moving, attacking or attempting to
    # gain Replacements"; it is "unaffected in action aside from taking a step loss"
    units = [
        ("west", "Armor", "@JJ", {"range": 1}),
        ("west", "Support", "@JK", {"range": 1}),
        ("east", "Airbase", "@UA"),
    ]
    g = position(units, dice=[10], aggressor="east")
    assert order(g, "W02", "replace")[0]["gained"] is None  # its replacement fails (10 > 6)
    order(g, "W01", "supply", support="@JK")  # and it is drawn on all the same
    assert g.units["W01"].rng == 2 and g.units["W02"].rng == 0
    units[1] = ("west", "Support", "@JK")
    g = position(units, aggressor="east")
    order(g, "W01", "supply", support="@JK")
    assert g.units["W02"].rng == 1 and not g.units["W02"].feature
    order(g, "W02", "move", to="@JL")  # after being drawn on it still moves (range 1 left)
    assert label(g, "W02") == "@JL"


def test_units_interleave_and_the_engine_remembers_what_each_may_still_do():
    # W01 moves one hex of its 3, W02 moves and attacks, W01 comes back for its last 2 hexes
    g = position(
        [
            ("west", "Armor", "@GJ"),
            ("west", "Armor", "@IK"),
            ("east", "Infantry", "@KK"),
            ("east", "Airbase", "@UA"),
        ],
        dice=[10, 10],
        aggressor="east",
    )
    order(g, "W01", "move", to="@GI")
    assert g.view("west")["units"]["W01"]["moves_left"] == 2
    order(g, "W02", "move", to="@JK")
    order(g, "W02", "attack", target="@KK")
    assert [lo.kind for lo in g.legal_orders("west", "W02")] == []
    assert "move" in [lo.kind for lo in g.legal_orders("west", "W01")]
    order(g, "W01", "move", to="@HI")
    order(g, "W01", "move", to="@II")
    assert g.view("west")["units"]["W01"]["moves_left"] == 0
    with pytest.raises(IllegalOrder, match="movement allowance"):
        order(g, "W01", "move", to="@JI")
    assert "move" not in [lo.kind for lo in g.legal_orders("west", "W01")]


def test_play_starts_with_each_side_holding_its_outer_sectors_whatever_the_set_up():
    # both sides set up in centre sectors (columns H-J and L-N): still nobody's at the start
    g = AggressorGame.new(seed=1, army_size=2, first="west")
    for side, hexes in (("west", ("@HB", "@JH")), ("east", ("@LB", "@NN"))):
        for h in hexes:
            g.order(side, kind="place", type="Armor", hex=h)
        g.submit(side)
    assert g.phase == "play"
    assert g.control == ["west", None, "east"] * 3
    assert g.view("west")["sectors"] == {"west": [1, 4, 7], "east": [3, 6, 9]}
    g.submit("west")  # the first update: sector 2 is contested, 5 west's, 8 east's
    assert g.control == ["west", None, "east", "west", "west", "east", "west", "east", "east"]
