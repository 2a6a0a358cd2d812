"""The saved AGGRESSOR and naval studies (``docs/evidence/aggressor_army.json``,
``naval_leave.json`` and ``naval_head_start.json``, made by ``docs/evidence/make_curves.py``)
load and agree with themselves: every figure is its wins over its games with its Wilson
interval, the answers follow from the rows, the figures played on the same fresh games agree
(the same knobs, the same wins), and the sizes and CPU time the docs state are recorded. No
game is played here but the naval rule's check (a few games): the saved files are the
measurements."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hexplay.analysis.protection import (
    EnoughResult,
    protection_of,
    response_markdown,
    sizes_text,
)
from hexplay.analysis.stats import wilson_interval
from hexplay.analysis.worstcase import estimate

EVIDENCE = Path(__file__).resolve().parents[1] / "docs" / "evidence"


def load(name: str) -> dict:
    return json.loads((EVIDENCE / f"{name}.json").read_text())


def check_figure(r: dict, p: float, wins: int, games: int) -> None:
    assert p == pytest.approx(wins / games)
    assert [r["ci_low"], r["ci_high"]] == pytest.approx(list(wilson_interval(wins, games)))


def test_the_aggressor_army_study_is_consistent():
    d = load("aggressor_army")
    assert d["kind"] == "best_response" and d["side"] == "west" and d["win_side"] == "west"
    assert d["fixed"] == {"player": "army", "army": "all armour"}
    s = d["settings"]
    assert s["candidates"] >= 8 and s["final_games"] >= 100 and s["cpu_s"] > 0
    rows = {r["label"]: r for r in d["rows"]}
    assert {"default", "best found", "computer", "all armour"} <= set(rows)
    for r in d["rows"]:
        check_figure(r, r["p"], r["wins"], r["games"])
        assert r["games"] == s["final_games"]
    best = rows["best found"]
    assert best["knobs"] == d["search"]["best"]["knobs"]
    assert best["wins"] == d["search"]["best"]["wins"]
    # the same fresh games: an army found as it stands scores what its own row does
    same = [r for r in d["rows"] if r["label"] != "best found" and r["knobs"] == best["knobs"]]
    assert all(r["wins"] == best["wins"] for r in same)
    assert rows["default"]["wins"] == d["search"]["default"]["wins"]
    assert d["search"]["games"] <= s["budget"] + 2 * s["final_games"]
    text = response_markdown(d)
    assert text.startswith(sizes_text(s)) and "Sizes:" in text and "CPU minutes" in text


@pytest.mark.parametrize(
    ("name", "parameter", "scenario"),
    [
        ("naval_leave", "leave_loses_before", None),
        ("naval_head_start", "ijn_start_points", {"leave_loses_before": 10}),
    ],
)
def test_the_naval_studies_are_consistent(name, parameter, scenario):
    d = load(name)
    r = EnoughResult.load(EVIDENCE / f"{name}.json")
    assert r.game == "naval" and r.parameter == parameter
    assert r.levels == list(protection_of("naval", parameter).levels)
    assert r.settings.get("scenario") == scenario
    assert (EVIDENCE / f"{name}.svg").exists()
    assert r.answers == d["answers"]  # the answers follow from the rows
    s = r.settings
    assert s["final_games"] >= 100 and s["cpu_s"] > 0 and "Sizes:" in r.markdown()
    for row in r.rows:
        check_figure(row, row["p"], row["wins"], row["games"])
    for row in r.rows:  # the worst curve is never below the default on the same games
        if row["curve"] == "worst":
            default = next(
                x for x in r.rows if x["level"] == row["level"] and x["curve"] == "default"
            )
            assert row["p"] >= default["p"]
    # the USN's wins on the same games: IJN wins, USN wins and draws make every game
    also = {(a["level"], a["curve"]): a for a in d["also"]}
    assert len(also) == len(r.rows)
    for row in r.rows:
        a = also[(row["level"], row["curve"])]
        assert a["games"] == row["games"]
        check_figure(a, a["p"], round(a["p"] * a["games"]), a["games"])
        assert row["wins"] + round(a["p"] * a["games"]) + a["draws"] == row["games"]


def test_the_naval_leave_rule_is_what_the_study_varies():
    """Without the rule the IJN that runs at once wins (its troops land, the USN has no
    point); held until turn 10 the same IJN loses by leaving."""
    run = {"mission": "run", "formation": "loose", "speed": "flank"}
    free = estimate("naval", {"leave_loses_before": None}, {"ijn": run, "usn": {}}, 3, 0,
                    scheduler="sync")  # fmt: skip
    held = estimate("naval", {"leave_loses_before": 10}, {"ijn": run, "usn": {}}, 3, 0,
                    scheduler="sync")  # fmt: skip
    assert free.wins == 3 and held.wins == 0
