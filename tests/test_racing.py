"""Racing with confidence bounds (hexplay.analysis.racing) on a synthetic game: a planted arm
with a higher P at small P is kept, the dropped arms' evidence holds, the same play gives the
same race."""

from __future__ import annotations

import numpy as np
import pytest

from hexplay.analysis.racing import bernoulli_play, discordance_bound, halving, race


def _arms(seed: int, n: int = 32, planted: int = 9, p_best: float = 0.14):
    rng = np.random.default_rng(seed)
    p = rng.uniform(0.0, 0.06, n)  # the regime: P ~ 0.05
    p[planted] = p_best
    return p


@pytest.mark.parametrize("seed", range(6))
def test_the_planted_arm_at_small_p_is_kept(seed):
    p = _arms(seed)
    r = race(len(p), bernoulli_play(p, seed=seed), rungs=(40, 80), budget=8000)
    assert r.winner == 9, r.record(9)
    assert r.games <= 8000
    # the test never excluded the best arm, and every arm it excluded is truly worse
    assert all(p[a.arm] < p[9] for a in r.dropped_by_bound)
    assert all(a.gap_upper < 0 for a in r.dropped_by_bound)


def test_halving_with_the_old_rungs_loses_the_planted_arm_more_often():
    """The reason for the race: 20-game rungs at P ~ 0.05 drop the better arm on noise."""
    wins_race = wins_halving = 0
    for seed in range(20):
        p = _arms(100 + seed, n=16, p_best=0.12)
        play = bernoulli_play(p, seed=seed)
        wins_halving += halving(len(p), play, rungs=(20, 40, 80, 160)).winner == 9
        wins_race += race(len(p), play, rungs=(40, 80), budget=3000).winner == 9
    assert wins_race >= 18 and wins_race > wins_halving, (wins_race, wins_halving)


def test_a_minimizing_race_keeps_the_lowest_arm():
    p = 1 - _arms(3)
    r = race(len(p), bernoulli_play(p, seed=3), rungs=(40, 80), budget=8000, maximize=False)
    assert r.winner == 9


def test_same_play_same_race_and_ties_go_to_the_earlier_arm():
    p = _arms(5)
    a = race(len(p), bernoulli_play(p, seed=1), rungs=(40,), budget=4000)
    b = race(len(p), bernoulli_play(p, seed=1), rungs=(40,), budget=4000)
    assert [(x.fate, x.games, x.wins) for x in a.arms] == [
        (x.fate, x.games, x.wins) for x in b.arms
    ]
    same = race(3, bernoulli_play([0.3, 0.3, 0.3], seed=0, common=1.0), rungs=(50,))
    assert same.winner == 0


def test_the_budget_is_kept_and_its_drops_are_marked():
    p = _arms(7)
    r = race(len(p), bernoulli_play(p, seed=7), rungs=(40,), budget=2000)
    assert r.games <= 2000
    fates = {a.fate for a in r.arms}
    assert "budget" in fates and "winner" in fates
    assert {a.arm for a in r.unresolved} | {a.arm for a in r.dropped_by_bound} | {r.winner} == set(
        range(len(p))
    )


def test_discordance_bound():
    a = np.array([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0])
    b = np.zeros(14)
    q_hi, gap, m = discordance_bound(a, b, 2.0)
    assert m == 12 and q_hi < 0.5 and gap < 0
    q_hi, gap, m = discordance_bound(a, a, 2.0)
    assert (q_hi, gap, m) == (1.0, 0.0, 0)


def test_bad_arguments_are_refused():
    play = bernoulli_play([0.5])
    with pytest.raises(ValueError):
        race(0, play)
    with pytest.raises(ValueError):
        race(1, play, rungs=())
    with pytest.raises(ValueError):
        race(1, play, budget=0)


def test_a_budget_too_small_for_every_arm_keeps_the_first_ones():
    """Before any game the arms are equal: a halving to fit the budget keeps them in order
    (the default and the warm starts come first)."""
    r = race(8, bernoulli_play([0.1] * 8), rungs=(10,), budget=20)
    assert r.rungs[0][1] == [0, 1] and r.games == 20
    assert all(r.record(i).fate == "budget" and r.record(i).rung is None for i in range(2, 8))
