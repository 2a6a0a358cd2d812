"""The race on the real game, warm starts, "how much protection is enough" and the robust
defence (hexplay.analysis.worstcase / protection) on SKIRMISH, small."""

from __future__ import annotations

import pytest

from hexplay.analysis.protection import EnoughResult, enough_protection, robust_defence
from hexplay.analysis.worstcase import best_response, load_found, save_found
from hexplay.cli import main
from hexplay.games.skirmish.ai.search import ADVERSARY_FOUND

SMALL = dict(candidates=6, games=(16,), budget=160, final_games=24, scheduler="sync")


def test_a_known_stronger_attack_is_kept_on_the_real_game():
    """At 4 guards the found attack scores ~0.62 against the default's ~0.40: the race keeps
    it (or one the test cannot tell from it) among random candidates."""
    r = best_response(
        "skirmish", "adversary", {"n_guards": 4}, warm=[ADVERSARY_FOUND], seed=11,
        candidates=6, games=(30,), budget=400, final_games=40, scheduler="sync",
    )  # fmt: skip
    planted = r.candidates.index(ADVERSARY_FOUND)
    assert r.race.record(planted).fate in ("winner", "alive", "budget")
    assert r.race.record(planted).fate != "bound"
    assert all(rec.gap_upper < 0 for rec in r.race.dropped_by_bound)
    ev = r.evidence()
    assert len(ev) == len(r.candidates) and set(ev["fate"]) <= {
        "winner",
        "alive",
        "bound",
        "budget",
    }
    assert r.games == r.race.games + 80


def test_warm_starts_reproduce(tmp_path):
    a = best_response("skirmish", "adversary", {"n_guards": 6}, seed=3, **SMALL)
    path = tmp_path / "found.json"
    save_found(path, a, note="test")
    warm = load_found(path, "skirmish", "adversary")
    assert warm == [a.best.knobs]
    b1 = best_response("skirmish", "adversary", {"n_guards": 7}, seed=4, warm=warm, **SMALL)
    b2 = best_response("skirmish", "adversary", {"n_guards": 7}, seed=4, warm=warm, **SMALL)
    assert b1.candidates[1] == a.best.knobs or a.best.knobs == {}
    assert b1.summary()["best"] == b2.summary()["best"]
    assert b1.evidence().drop(columns="gap_upper").equals(b2.evidence().drop(columns="gap_upper"))


def test_enough_protection_small(tmp_path):
    r = enough_protection(
        "skirmish", "n_guards", 0.5, levels=[3, 5], candidates=3, games=(6,), budget=30,
        final_games=12, scheduler="sync", search={"iterations": 2, "setup_iterations": 0,
        "turns": False}, search_games=2,
    )  # fmt: skip
    t = r.table()
    assert list(t["level"]) == [3, 3, 3, 5, 5, 5]
    assert list(t["curve"]) == ["default", "worst", "search"] * 2
    assert (t["ci_low"] <= t["p"]).all() and (t["p"] <= t["ci_high"]).all()
    assert set(r.answers) == {"default", "worst", "search"}
    for c, level in r.answers.items():
        assert level in (None, 3, 5)
        if level is not None:
            assert all(r.meets(x) for x in r.rows if x["curve"] == c and x["level"] >= level)
    # the worst curve is never below the default one (it is the stronger of the two)
    d = t[t["curve"] == "default"]["p"].to_numpy()
    w = t[t["curve"] == "worst"]["p"].to_numpy()
    assert (w >= d).all()
    path = tmp_path / "enough.json"
    r.save(path)
    back = EnoughResult.load(path)
    assert back.answers == r.answers and back.rows == r.rows
    assert r.svg().startswith("<svg") and "worst found" in r.svg()


def test_enough_protection_refuses_what_the_game_does_not_declare():
    with pytest.raises(ValueError, match="n_guards"):
        enough_protection("skirmish", "max_rifles", 0.1, scheduler="sync")
    with pytest.raises(ValueError, match="bound"):
        enough_protection("skirmish", "n_guards", 0.1, bound="mean", scheduler="sync")


def test_robust_defence_small():
    r = robust_defence(
        "skirmish", {"n_guards": 5}, rounds=2, candidates=3, games=(6,), budget=30,
        final_games=12, seed=1, scheduler="sync",
    )  # fmt: skip
    assert 1 <= len(r.rounds) <= 2
    row = r.row()
    assert row["scenario.n_guards"] == 5 and 0 <= row["robust_p"] <= 1
    assert r.value.games == 12


def test_cli_enough(tmp_path, capsys):
    out = tmp_path / "e.json"
    rc = main(
        ["enough", "--param", "n_guards", "--levels", "3,5", "--threshold", "0.5",
         "--candidates", "2", "--rung-games", "4", "--budget", "16", "--final-games", "6",
         "--scheduler", "sync", "-o", str(out)]
    )  # fmt: skip
    assert rc == 0
    text = capsys.readouterr().out
    assert "enough" in text and "worst" in text
    assert EnoughResult.load(out).levels == [3, 5]


def test_robust_levels_and_their_table():
    from hexplay.analysis.protection import robust_levels, robust_markdown

    rows = robust_levels(
        "skirmish", "n_guards", [4], rounds=1, candidates=2, games=(4,), budget=8,
        final_games=6, scheduler="sync",
    )  # fmt: skip
    assert [r["level"] for r in rows] == [4] and rows[0]["rounds"] == 1
    text = robust_markdown(rows)
    assert text.count("\n") == 3 and "| 4 |" in text
