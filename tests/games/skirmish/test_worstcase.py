"""Worst case (hexplay.games.skirmish.analysis.worstcase): the adversary's best response to a
defence, by
successive halving with common random numbers, re-estimated on fresh seeds."""

from __future__ import annotations

import pytest

from hexplay.cli import main
from hexplay.games.skirmish.ai.tactics import check_knobs
from hexplay.games.skirmish.analysis.worstcase import (
    ADVERSARY_SPACE,
    DEFENDER_SPACE,
    best_defence,
    sample_attacks,
    worst_case,
)


def test_attacks_are_valid_tactics_and_start_with_the_default():
    attacks = sample_attacks(12, seed=3)
    assert attacks[0] == {} and len(attacks) == 12
    assert len({repr(a) for a in attacks}) == 12
    for a in attacks:
        check_knobs("adversary", a)  # raises on an unknown knob or value
    assert sample_attacks(12, seed=3) == attacks


def test_the_space_names_only_adversary_knobs():
    from hexplay.games.skirmish.ai.tactics import ADVERSARY_KNOBS

    assert set(ADVERSARY_SPACE) <= set(ADVERSARY_KNOBS)


def test_best_response_is_not_worse_than_the_default_beyond_its_interval():
    r = worst_case(
        {"n_guards": 4},
        candidates=4,
        games=(6, 12),
        final_games=60,
        seed=1,
        method="halving",
        scheduler="sync",
    )
    assert (r.side, r.scenario, r.fixed) == ("adversary", {"n_guards": 4}, {})
    assert [len(x) for x in r.rungs] == [4, 2]
    assert all(e.games == 6 for e in r.rungs[0])
    assert all(e.games == 18 for e in r.rungs[1])  # cumulative: 6 + 12
    assert r.best.games == r.default.games == 60
    lo, hi = r.default.ci
    assert r.best.p >= lo, (r.best.p, r.default.ci)
    t = r.table()
    assert list(t["attack"]) == ["default", "best response"]
    assert (t["ci_low"] <= t["p_adversary_win"]).all() and (
        t["p_adversary_win"] <= t["ci_high"]
    ).all()


def test_defences_are_valid_tactics_and_the_space_names_only_defender_knobs():
    from hexplay.games.skirmish.ai.tactics import DEFENDER_KNOBS

    assert set(DEFENDER_SPACE) <= set(DEFENDER_KNOBS)
    for d in sample_attacks(12, seed=4, space=DEFENDER_SPACE):
        check_knobs("defender", d)


def test_best_defence_is_not_worse_than_the_default_beyond_its_interval():
    """The mirror of the best response: the lowest P(adversary win) found, re-estimated on
    fresh games, is not above the default defence's interval."""
    r = best_defence(
        {"n_guards": 4},
        candidates=4,
        games=(6, 12),
        final_games=60,
        seed=2,
        method="halving",
        scheduler="sync",
    )
    assert (r.side, r.fixed, r.label) == ("defender", {}, "best defence")
    assert [len(x) for x in r.rungs] == [4, 2]
    assert r.rungs[0][0].knobs == {}  # the default defence competes too
    # the rung kept the lower half: every survivor's figure is at most every dropped one's
    kept = {repr(e.knobs) for e in r.rungs[1]}
    first = r.rungs[0]
    assert max(e.p for e in first if repr(e.knobs) in kept) <= min(
        e.p for e in first if repr(e.knobs) not in kept
    )
    assert r.best.games == r.default.games == 60
    assert r.best.p <= r.default.ci[1], (r.best.p, r.default.ci)
    assert list(r.table()["attack"]) == ["default", "best defence"]


def test_bad_sizes_are_refused():
    with pytest.raises(ValueError):
        worst_case(candidates=0)
    with pytest.raises(ValueError):
        worst_case(games=())


def test_cli_worst_case(capsys, tmp_path):
    out = tmp_path / "wc.csv"
    rc = main(
        [
            "worst-case",
            "--set",
            "scenario.n_guards=4",
            "--candidates",
            "2",
            "--rung-games",
            "3",
            "--final-games",
            "8",
            "--scheduler",
            "sync",
            "-o",
            str(out),
        ]
    )
    assert rc == 0
    text = out.read_text()
    assert "best response" in text and "default" in text
    assert "best response:" in capsys.readouterr().out


def test_cli_worst_case_refuses_adversary_knobs_and_other_games():
    with pytest.raises(SystemExit, match="defender"):
        main(["worst-case", "--set", "adversary.workers=2", "--scheduler", "sync"])
    with pytest.raises(SystemExit, match="skirmish"):  # a game with no search space
        main(["worst-case", "--game", "duel", "--scheduler", "sync"])


def test_cli_worst_case_side_defender_searches_the_defence(capsys, tmp_path):
    out = tmp_path / "bd.csv"
    argv = ["worst-case", "--side", "defender", "--set", "scenario.n_guards=4"]
    argv += ["--set", "adversary.workers=2", "--candidates", "2", "--rung-games", "3"]
    rc = main(argv + ["--final-games", "8", "--scheduler", "sync", "-o", str(out)])
    assert rc == 0
    assert "best defence" in out.read_text()
    assert "best defence:" in capsys.readouterr().out
    with pytest.raises(SystemExit, match="adversary"):
        main(["worst-case", "--side", "defender", "--set", "defender.escort_mode=hold"])
