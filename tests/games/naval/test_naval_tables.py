"""Naval tables: ship ratings (hexplay's), the CRT, the torpedo procedure and hit chart, damage."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from hexplay.games.naval import crt, damage, torpedo
from hexplay.games.naval.classes import CLASSES, CRUISER_SECONDARY_POINTS, GUN_POINTS, speed_points


def test_source_fixed_points_kept():
    assert CLASSES["Kagero"].defense == 2
    assert torpedo.tev(0) == 1 and torpedo.tev(5) == 6


def test_every_class_of_both_scenarios_is_rated():
    for name in ("Fletcher", "Brooklyn", "Kagero", "Shiratsuyu", "Fubuki", "Mutsuki", "Akizuki"):
        k = CLASSES[name]
        assert k.gunnery > 0 and k.defense > 0 and k.top_speed > 0 and k.reason
    assert CLASSES["Brooklyn"].torpedo_attack == 0 and CLASSES["Fletcher"].reloads == 0


def test_brooklyn_rated_about_22_percent_above_cleveland():
    brooklyn = CLASSES["Brooklyn"].gunnery
    cleveland = math.floor(12 * GUN_POINTS["6in/47 Mk16"]) + CRUISER_SECONDARY_POINTS
    assert brooklyn == 17
    assert brooklyn / cleveland == pytest.approx(1.22, abs=0.02)


def test_top_speed_is_trial_knots_over_five():
    assert speed_points(36.5) == 7 and speed_points(32.5) == 6
    assert CLASSES["Fletcher"].top_speed == 7 and CLASSES["Brooklyn"].top_speed == 6


@pytest.mark.parametrize(
    ("attack", "defense", "col"),
    [
        (17, 2, "8-1"),  # 8.5 rounds down
        (Fraction(17, 2), 2, "4-1"),  # extended range halved: 4.25
        (3, 2, "1-1"),
        (5, 6, "1-2"),
        (2, 6, "1-3"),
        (1, 6, None),  # below the lowest column: no effect possible
        (0, 2, None),
        (50, 2, "10-1"),
        (5, 1, "4-1"),  # no 5-1 column: down to 4-1
    ],
)
def test_odds_round_down_to_a_column(attack, defense, col):
    assert crt.column(attack, defense) == col
    assert crt.column_plain(attack, defense) == col


def test_column_memo_equals_plain():
    for a in range(0, 40):
        for d in range(1, 12):
            for x in (Fraction(a), Fraction(a, 2)):
                assert crt.column(x, d) == crt.column_plain(x, d)


def test_single_gunnery_attack_never_sinks():
    for col, row in crt.CRT.items():
        assert len(row) == crt.DIE
        assert max(crt.HITS[r] for r in row) < damage.SINKING_HITS
        assert sum(crt.distribution(col).values()) == 1


def test_crt_hits_grow_with_odds():
    hits = [crt.EXPECTED_HITS[name] for _, name in crt.COLUMNS]
    assert hits == sorted(hits) and hits[0] > 0


@pytest.mark.parametrize("speed,tev", [(0, 1), (1, 2), (5, 6), (7, 8)])
def test_tev_is_speed_plus_one(speed, tev):
    assert torpedo.tev(speed) == tev


def test_torpedo_hits_from_crt():
    assert [torpedo.torpedo_hits(r) for r in ("-", "P", "W", "PW")] == [0, 1, 1, 2]


def test_hit_chart_one_hit_sinks_destroyers_at_the_articles_rate():
    """13 of 15 destroyers hit once sank. The chart's exact rate is 5/6; the sample's binomial
    standard error sqrt(p(1-p)/15) ~ 0.088 is the tolerance: a chart is consistent with the
    data if it lies within one standard error."""
    data = torpedo.ARTICLE_ONE_HIT_DESTROYERS
    p_data = Fraction(data["sunk"], data["hit"])
    for defense in (1, 2):  # every destroyer in both scenarios
        p = torpedo.hit_distribution(1, defense)["S"]
        assert p == Fraction(5, 6)
        se = math.sqrt(float(p_data) * (1 - float(p_data)) / data["hit"])
        assert abs(float(p) - float(p_data)) < se
    # the survivors: the article's one DIW (2P) and one PW; the chart keeps PW
    d = torpedo.hit_distribution(1, 2)
    assert d["PW"] + d["2P"] == 1 - d["S"]


def test_hit_chart_bigger_ships_survive_more():
    s = [torpedo.hit_distribution(1, d)["S"] for d in (2, 4, 8, 15, 36)]
    assert s == sorted(s, reverse=True)
    for d in (2, 4, 8, 15, 36):
        assert torpedo.hit_distribution(2, d)["S"] >= torpedo.hit_distribution(1, d)["S"]


def test_torpedo_attack_distribution_is_exact():
    d = torpedo.attack_distribution(8, 5, 2)  # a Kagero salvo on a destroyer at speed 5
    assert d["tev"] == 6 and d["column"] == "1-1"
    assert d["hits"] == {0: Fraction(1, 2), 1: Fraction(1, 3), 2: Fraction(1, 6)}
    assert d["outcome"]["S"] == Fraction(1, 3) * Fraction(5, 6) + Fraction(1, 6)
    assert sum(d["outcome"].values()) == 1


def test_dead_in_the_water_target_is_easy():
    assert torpedo.attack_distribution(8, 0, 2)["column"] == "8-1"


def test_damage_effects():
    assert damage.top_speed_after(7, 1) == 3 and damage.top_speed_after(7, 2) == 0
    assert damage.top_speed_after(6, 1) == 3 and damage.top_speed_after(6, 2) == 0
    assert damage.gunnery_after(17, 1) == 8 and damage.gunnery_after(17, 2) == 4
    assert damage.result_hits("2P") == (2, 0) and damage.result_hits("PW") == (1, 1)
