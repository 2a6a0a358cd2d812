"""SKIRMISH tables (digest §5-§9): every cell family, monotonicity, exact odds, worked example."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from hexplay.games import skirmish as sk
from hexplay.games.skirmish import tables as T

# Independent transcription of the digest, so a typo in tables.py fails here.
RIFLE = {0: (35, 18), 1: (30, 15), 2: (24, 12), 3: (22, 11), 4: (22, 11), 5: (20, 10),
         6: (20, 10), 7: (17, 8), 9: (17, 8), 10: (12, 6), 12: (12, 6), 13: (9, 4), 16: (9, 4),
         17: (7, 3), 20: (7, 3), 21: (5, 2), 25: (5, 2), 26: (2, 1), 30: (2, 1), 31: (0, 0),
         100: (0, 0), 10**6: (0, 0)}  # fmt: skip
SHOTGUN = {0: (50, 25), 1: (25, 13), 2: (5, 2), 3: (0, 0), 4: (0, 0), 5: (0, 0), 6: (0, 0),
           7: (0, 0), 9: (0, 0), 10: (0, 0), 12: (0, 0), 13: (0, 0), 16: (0, 0), 17: (0, 0),
           20: (0, 0), 21: (0, 0), 25: (0, 0), 26: (0, 0), 30: (0, 0), 31: (0, 0),
           100: (0, 0), 10**6: (0, 0)}  # fmt: skip
PISTOL = {0: (25, 13), 1: (20, 10), 2: (17, 8), 3: (12, 6), 4: (12, 6), 5: (8, 4), 6: (8, 4),
          7: (4, 2), 9: (4, 2), 10: (2, 1), 12: (2, 1), 13: (0, 0), 16: (0, 0), 17: (0, 0),
          20: (0, 0), 21: (0, 0), 25: (0, 0), 26: (0, 0), 30: (0, 0), 31: (0, 0),
          100: (0, 0), 10**6: (0, 0)}  # fmt: skip
ATTACK_CASES = [
    (weapon, rng, fit, impaired)
    for weapon, table in (("rifle", RIFLE), ("shotgun", SHOTGUN), ("pistol", PISTOL))
    for rng, (fit, impaired) in table.items()
]

DEFENCE = {
    "open": {0: 1, 1: 2, 3: 2, 4: 3, 6: 3, 7: 5, 10: 5},
    "trees": {0: 2, 1: 5, 3: 5, 4: 5, 6: 5, 7: 5, 10: 5},
    "slope": {0: 5, 1: 10, 2: 10, 3: 10, 4: 15, 5: 15, 6: 15, 7: 15, 9: 15, 10: 15},
    "vehicle": {0: 5, 1: 5, 3: 5, 4: 10, 6: 10, 7: 10, 10: 10, 11: 15, 12: 15, 25: 15,
                26: 20, 30: 20, 1000: 20},
}  # fmt: skip
DEFENCE_CASES = [(t, m, d) for t, cells in DEFENCE.items() for m, d in cells.items()]

K, W, M = "K", "W", "-"
TABLE_VI = (
    (W, K, K, K, K, K),
    (M, W, K, K, K, K),
    (M, M, W, W, K, K),
    (M, M, W, W, W, K),
    (M, M, M, W, W, W),
    (M, M, M, M, W, W),
)
# (attack, defence) pairs at every column boundary, with the expected column.
RATIO_CASES = [
    (1, 1, 1), (4, 5, 0), (5, 5, 1), (24, 5, 1), (25, 5, 2), (49, 5, 2), (50, 5, 3),
    (74, 5, 3), (75, 5, 4), (99, 5, 4), (100, 5, 5), (10**6, 5, 5), (1, 20, 0), (19, 20, 0),
    (20, 20, 1), (35, 2, 4), (40, 2, 5), (39, 2, 4), (50, 1, 5), (19, 1, 4), (10, 1, 3),
    (9, 1, 2), (14, 1, 3), (15, 1, 4), (5, 1, 2), (4, 1, 1),
]  # fmt: skip

strength = st.integers(min_value=1, max_value=2000)
weapons = st.sampled_from(T.WEAPONS)
ranges = st.integers(min_value=0, max_value=200)


# --- Table II ------------------------------------------------------------------------------


def test_activities_codes_and_costs():
    expected = {"DF": 5, "EP": 5, "EV": 1, "SV": 2, "TV": 5, "AV": 2, "BW": 10, "RA": 2, "WE": 2}
    assert set(T.ACTIVITIES) == set(expected) | {"MP", "MV"}
    for code, ap in expected.items():
        act = T.ACTIVITIES[code]
        assert act.code == code and act.ap == ap and isinstance(act.ap, Fraction)
        assert not act.per_hex
    assert T.ACTIVITIES["MV"].ap == Fraction(1, 6) and T.ACTIVITIES["MV"].per_hex
    assert T.ACTIVITIES["MP"].ap is None and T.ACTIVITIES["MP"].per_hex
    assert T.AP_PER_TURN == 10


def test_reconstructed_activities_are_marked():
    marked = {c for c, a in T.ACTIVITIES.items() if a.reconstructed}
    assert marked == {"SV", "AV"}
    assert T.ACTIVITIES["SV"].ap == T.SV_AP_RECONSTRUCTED == 2
    assert T.ACTIVITIES["AV"].ap == T.AV_AP_RECONSTRUCTED == 2
    # the rules' example: 4 points to move 12 hexes and come to a stop
    assert 12 * T.ACTIVITIES["MV"].ap + T.ACTIVITIES["SV"].ap == 4


# --- Table III -----------------------------------------------------------------------------


def test_los_table():
    assert T.LOS_BLOCKS == {"open": False, "trees": True, "slope": True, "vehicle": True}


# --- Table IV ------------------------------------------------------------------------------


@pytest.mark.parametrize(("terrain", "moved", "expected"), DEFENCE_CASES)
def test_defence_strength_cells(terrain, moved, expected):
    assert sk.defence_strength(terrain, moved) == expected


def test_defence_strength_default_is_stationary():
    assert [sk.defence_strength(t) for t in T.DEFENCE_TERRAINS] == [1, 2, 5, 5]


@pytest.mark.parametrize("terrain", ["open", "trees", "slope"])
@pytest.mark.parametrize("moved", [11, 25, 26, 100])
def test_defence_not_possible_cells_raise(terrain, moved):
    band = next(i for i, (lo, hi) in enumerate(T.MOVEMENT_BANDS) if hi is None or moved <= hi)
    assert T.DEFENCE_STRENGTH[terrain][band] is T.NOT_POSSIBLE
    with pytest.raises(ValueError, match="not possible"):
        sk.defence_strength(terrain, moved)


def test_defence_strength_errors():
    with pytest.raises(ValueError, match="terrain 'road'"):
        sk.defence_strength("road")
    with pytest.raises(ValueError, match="hexes_moved"):
        sk.defence_strength("open", -1)
    with pytest.raises(TypeError):
        sk.defence_strength("open", 1.5)  # type: ignore[arg-type]


@given(st.sampled_from(T.DEFENCE_TERRAINS), st.integers(0, 10), st.integers(0, 10))
def test_defence_non_decreasing_with_movement(terrain, m1, m2):
    lo, hi = sorted((m1, m2))
    assert sk.defence_strength(terrain, lo) <= sk.defence_strength(terrain, hi)


# --- Table V -------------------------------------------------------------------------------


@pytest.mark.parametrize(("weapon", "rng", "fit", "impaired"), ATTACK_CASES)
def test_attack_strength_cells(weapon, rng, fit, impaired):
    assert sk.attack_strength(weapon, rng) == fit
    assert sk.attack_strength(weapon, rng, wounded_or_in_vehicle=False) == fit
    assert sk.attack_strength(weapon, rng, wounded_or_in_vehicle=True) == impaired


def test_reconstructed_range_1_cells():
    assert T.ATTACK_STRENGTH["shotgun"][1] == T.SHOTGUN_RANGE_1_RECONSTRUCTED == (25, 13)
    assert T.ATTACK_STRENGTH["pistol"][1] == T.PISTOL_RANGE_1_RECONSTRUCTED == (20, 10)


def test_attack_strength_errors():
    with pytest.raises(ValueError, match="unknown weapon 'bazooka'"):
        sk.attack_strength("bazooka", 1)
    with pytest.raises(ValueError, match="range must be >= 0"):
        sk.attack_strength("rifle", -1)
    with pytest.raises(TypeError):
        sk.attack_strength("rifle", 2.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="range must be >= 0"):
        sk.attack_strengths("rifle", [3, -2])


def test_attack_strengths_vectorized_matches_scalar():
    rs = np.array(sorted(RIFLE))
    for weapon in T.WEAPONS:
        for impaired in (False, True):
            got = sk.attack_strengths(weapon, rs, impaired)
            assert got.tolist() == [sk.attack_strength(weapon, int(r), impaired) for r in rs]


@given(weapons, ranges, ranges, st.booleans())
def test_attack_strength_non_increasing_in_range(weapon, r1, r2, impaired):
    near, far = sorted((r1, r2))
    assert sk.attack_strength(weapon, near, impaired) >= sk.attack_strength(weapon, far, impaired)


@given(weapons, ranges)
def test_impaired_never_stronger_than_fit(weapon, rng):
    assert sk.attack_strength(weapon, rng, True) <= sk.attack_strength(weapon, rng, False)


def test_weapon_can_harm_vehicle_occupants_only_with_rifles():
    assert sk.weapon_can_harm("rifle", "vehicle")
    assert not sk.weapon_can_harm("shotgun", "vehicle")
    assert not sk.weapon_can_harm("pistol", "vehicle")
    assert all(sk.weapon_can_harm(w, "open") for w in T.WEAPONS)


# --- Table VI ------------------------------------------------------------------------------


def test_combat_results_table_cells():
    assert T.COMBAT_RESULTS == TABLE_VI
    # lowest and highest (attack, defence) of each column
    columns = [((1, 2), (14, 15)), ((1, 1), (49, 10)), ((5, 1), (99, 10)),
               ((10, 1), (149, 10)), ((15, 1), (199, 10)), ((20, 1), (10**6, 1))]  # fmt: skip
    for col, pairs in enumerate(columns):
        for a, d in pairs:
            assert sk.ratio_column(a, d) == col
            for die in range(1, 7):
                assert sk.combat_result(a, d, die) == TABLE_VI[die - 1][col]


def test_reconstructed_rows_are_named():
    assert T.COMBAT_RESULTS[4] is T.COMBAT_RESULTS_ROW_5_RECONSTRUCTED
    assert T.COMBAT_RESULTS[5] is T.COMBAT_RESULTS_ROW_6_RECONSTRUCTED


@pytest.mark.parametrize(("attack", "defence", "column"), RATIO_CASES)
def test_ratio_column_boundaries(attack, defence, column):
    assert sk.ratio_column(attack, defence) == column
    assert sk.ratio_columns(np.array([attack]), np.array([defence])).tolist() == [column]
    assert sk.odds(attack, defence).column_label == T.RATIO_COLUMN_LABELS[column]


@pytest.mark.parametrize(
    ("attack", "defence", "label"),
    [(17, 15, "1:1"), (22, 5, "4:1"), (20, 2, "10:1"), (11, 15, "<1:1"), (20, 15, "1:1"),
     (14, 15, "<1:1"), (15, 15, "1:1"), (30, 15, "2:1"), (100, 5, "20:1"), (0, 5, "<1:1")],
)  # fmt: skip
def test_ratio_label(attack, defence, label):
    assert sk.ratio_label(attack, defence) == label


@given(strength, strength)
def test_ratio_label_is_floor(attack, defence):
    label = sk.ratio_label(attack, defence)
    if attack < defence:
        assert label == "<1:1"
    else:
        assert label == f"{attack // defence}:1"


def test_columns_get_deadlier_left_to_right():
    kill = [sum(row[c] == K for row in TABLE_VI) for c in range(6)]
    hit = [sum(row[c] != M for row in TABLE_VI) for c in range(6)]
    assert kill == sorted(kill) and hit == sorted(hit)
    # and through the public API, exactly
    reps = [(1, 2), (1, 1), (5, 1), (10, 1), (15, 1), (20, 1)]
    o = [sk.odds(a, d) for a, d in reps]
    assert [x.column for x in o] == list(range(6))
    assert all(o[i].kill <= o[i + 1].kill for i in range(5))
    assert all(o[i].hit <= o[i + 1].hit for i in range(5))


@given(strength, strength, strength)
def test_more_attack_never_less_deadly(a1, a2, defence):
    lo, hi = sorted((a1, a2))
    weak, strong = sk.odds(lo, defence), sk.odds(hi, defence)
    assert weak.kill <= strong.kill
    assert weak.hit <= strong.hit


@given(strength, strength)
def test_combat_odds_exact_and_consistent(attack, defence):
    p = sk.combat_odds(attack, defence)
    assert set(p) == {"K", "W", "miss"}
    assert all(isinstance(v, Fraction) for v in p.values())
    assert p["K"] + p["W"] + p["miss"] == 1
    rolls = [sk.combat_result(attack, defence, die) for die in range(1, 7)]
    assert p["K"] == Fraction(rolls.count("K"), 6)
    assert p["W"] == Fraction(rolls.count("W"), 6)
    assert p["miss"] == Fraction(rolls.count("-"), 6)
    o = sk.odds(attack, defence)
    assert o.as_dict() == p
    assert (o.attack, o.defence) == (attack, defence)
    assert o.ratio == sk.ratio_label(attack, defence)
    assert o.column == sk.ratio_column(attack, defence)


def test_odds_is_frozen():
    o = sk.odds(22, 5)
    assert (o.kill, o.wound, o.miss) == (Fraction(1, 6), Fraction(1, 6), Fraction(2, 3))
    with pytest.raises(AttributeError):
        o.kill = Fraction(1)  # type: ignore[misc]


def test_combat_errors():
    with pytest.raises(ValueError, match="an attack strength of 0 cannot be plotted"):
        sk.combat_odds(0, 5)
    with pytest.raises(ValueError, match="cannot be plotted"):
        sk.odds(0, 5)
    with pytest.raises(ValueError, match="cannot be plotted"):
        sk.combat_result(0, 5, 1)
    with pytest.raises(ValueError, match="defence"):
        sk.combat_odds(5, 0)
    with pytest.raises(ValueError, match="attack"):
        sk.ratio_column(-1, 5)
    for die in (0, 7, -1):
        with pytest.raises(ValueError, match="die must be 1..6"):
            sk.combat_result(10, 5, die)


# --- worked example (digest §9) ------------------------------------------------------------


def test_worked_example_defences():
    got = {
        "A": sk.defence_strength("trees", 0),
        "B": sk.defence_strength("open", 8),
        "C": sk.defence_strength("vehicle", 6),
        "X": sk.defence_strength("slope", 4),
        "Y": sk.defence_strength("slope", 4),
        "Z": sk.defence_strength("slope", 0),
    }
    assert got == {"A": 2, "B": 5, "C": 10, "X": 15, "Y": 15, "Z": 5}


@pytest.mark.parametrize(
    ("name", "rng", "impaired", "target", "attack", "defence", "ratio", "die", "outcome"),
    [
        ("A at X", 7, False, ("slope", 4), 17, 15, "1:1", 3, "-"),
        ("A at Y", 6, False, ("slope", 4), 20, 15, "1:1", 2, "W"),
        ("C at X (range 3)", 3, True, ("slope", 4), 11, 15, "<1:1", 6, "-"),
        ("C at X (range 4)", 4, True, ("slope", 4), 11, 15, "<1:1", 6, "-"),
        ("X at B", 3, False, ("open", 8), 22, 5, "4:1", 4, "-"),
        ("Y at A", 6, False, ("trees", 0), 20, 2, "10:1", 5, "W"),
        ("Z at B", 4, False, ("open", 8), 22, 5, "4:1", 1, "K"),
    ],
)
def test_worked_example_rows(name, rng, impaired, target, attack, defence, ratio, die, outcome):
    a = sk.attack_strength("rifle", rng, wounded_or_in_vehicle=impaired)
    d = sk.defence_strength(*target)
    assert (a, d) == (attack, defence), name
    assert sk.ratio_label(a, d) == ratio
    assert sk.combat_result(a, d, die) == outcome
    assert sk.odds(a, d).ratio == ratio


# --- numpy grids ---------------------------------------------------------------------------


def test_kill_probability_grid_matches_scalar_odds():
    postures = [
        sk.Posture("open", 0),
        sk.Posture("trees", 2, True),
        ("slope", 5),
        ("vehicle", 12, False),
    ]
    rs = [0, 1, 2, 3, 5, 7, 10, 13, 17, 21, 26, 31, 50]
    for weapon in T.WEAPONS:
        grid = sk.kill_probability_grid(weapon, postures, rs)
        hit = sk.probability_grid(weapon, postures, np.array(rs), outcome="KW")
        assert grid.shape == (len(postures), len(rs)) and grid.dtype == np.float64
        for i, p in enumerate(postures):
            p = sk.Posture(*p)
            d = sk.defence_strength(p.terrain, p.hexes_moved)
            for j, r in enumerate(rs):
                a = sk.attack_strength(weapon, r, p.firer_wounded_or_in_vehicle)
                if a == 0 or not sk.weapon_can_harm(weapon, p.terrain):
                    assert grid[i, j] == 0.0 and hit[i, j] == 0.0
                else:
                    o = sk.odds(a, d)
                    assert grid[i, j] == pytest.approx(float(o.kill))
                    assert hit[i, j] == pytest.approx(float(o.hit))


def test_probability_grid_not_possible_rows_are_nan():
    grid = sk.kill_probability_grid("rifle", [("open", 11), ("open", 10)], [0, 5])
    assert np.isnan(grid[0]).all() and not np.isnan(grid[1]).any()


def test_probability_grid_errors():
    with pytest.raises(ValueError, match="outcome"):
        sk.probability_grid("rifle", [("open", 0)], [1], outcome="X")
    with pytest.raises(ValueError, match="unknown weapon"):
        sk.kill_probability_grid("sling", [("open", 0)], [1])
    with pytest.raises(ValueError, match="terrain"):
        sk.kill_probability_grid("rifle", [("swamp", 0)], [1])


# --- Table VIII ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("terrain", "slope", "mover", "cost"),
    [
        ("open", False, "person", Fraction(1)),
        ("trees", False, "person", Fraction(2)),
        ("open", True, "person", Fraction(2)),
        ("trees", True, "person", Fraction(3)),
        ("road", False, "person", Fraction(1)),
        ("road", True, "person", Fraction(2)),  # project decision: slope rate for open
        ("road", False, "vehicle", Fraction(1, 6)),
        ("road", True, "vehicle", Fraction(1, 6)),  # project decision: roads are graded
        ("open", False, "vehicle", None),
        ("trees", False, "vehicle", None),
        ("open", True, "vehicle", None),
        ("trees", True, "vehicle", None),
    ],
)
def test_movement_cost(terrain, slope, mover, cost):
    got = sk.movement_cost(terrain, slope, mover)
    assert got == cost
    if cost is not None:
        assert isinstance(got, Fraction)


def test_movement_table_data():
    assert T.MOVEMENT_COSTS == {
        ("regular", "open"): 1,
        ("regular", "trees"): 2,
        ("slope", "open"): 2,
        ("slope", "trees"): 3,
    }
    road = T.ROAD_MOVEMENT_COSTS
    assert road == {"person": 1, "vehicle": Fraction(1, 6)}
    # six road hexes per AP
    assert 6 * sk.movement_cost("road", False, "vehicle") == 1


def test_movement_cost_errors():
    with pytest.raises(ValueError, match="mover 'horse'"):
        sk.movement_cost("open", False, "horse")
    with pytest.raises(ValueError, match="terrain 'swamp'"):
        sk.movement_cost("swamp", False, "person")


# --- Table IX and fear roll ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("workers", "points"),
    [(0, 0), (1, 10), (2, 25), (3, 35), (4, 40), (5, 45), (6, 50), (7, 50), (12, 50)],
)
def test_barrier_points(workers, points):
    assert sk.barrier_points(workers) == points


def test_barrier_points_errors_and_constants():
    with pytest.raises(ValueError, match="workers"):
        sk.barrier_points(-1)
    assert T.BARRIER_POINTS_ABOVE_TABLE == 50
    assert T.VAULT_BARRIER_POINTS == 200


@given(st.integers(0, 50), st.integers(0, 50))
def test_barrier_points_non_decreasing(n1, n2):
    lo, hi = sorted((n1, n2))
    assert sk.barrier_points(lo) <= sk.barrier_points(hi)


def test_fear_roll():
    assert [sk.fear_roll_works(d) for d in range(1, 7)] == [True] * 3 + [False] * 3
    for die in (0, 7):
        with pytest.raises(ValueError, match="die"):
            sk.fear_roll_works(die)
