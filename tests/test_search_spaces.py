"""Every shipped game declares its search spaces (and protection parameters where it has a
question to ask) in its own package, and a small search runs on each
(hexplay.analysis.worstcase)."""

from __future__ import annotations

import pytest

from hexplay.analysis.games import spec_of
from hexplay.analysis.protection import Protection, enough_protection
from hexplay.analysis.worstcase import best_response, sample_knobs
from hexplay.cli import main

CASES = [
    ("skirmish", "adversary", {"n_guards": 6}, {}),
    ("skirmish", "defender", {"n_guards": 6}, {}),
    ("ambush", "adversary", {"response_density": "low"}, {}),
    ("aggressor", "west", {}, {"player": "army", "army": "all armour"}),
    ("aggressor", "east", {}, {}),
    ("naval", "ijn", {}, {}),
    ("naval", "usn", {}, {}),
]


@pytest.mark.parametrize("game", ["skirmish", "ambush", "aggressor", "naval"])
def test_each_game_declares_its_spaces_in_its_package(game):
    spec = spec_of(game)
    assert spec.spaces and set(spec.spaces) <= set(spec.sides)
    for space in spec.spaces.values():
        assert sample_knobs(5, 0, space)[0] == {} and len(sample_knobs(5, 0, space)) == 5
    for name, prot in spec.protection.items():
        assert isinstance(prot, Protection) and prot.name == name and len(prot.levels) >= 2


@pytest.mark.parametrize(("game", "side", "scenario", "fixed"), CASES)
def test_a_small_search_runs_on_each_game(game, side, scenario, fixed):
    r = best_response(
        game, side, scenario, fixed, candidates=3, games=(1,), budget=3, final_games=1,
        scheduler="sync",
    )  # fmt: skip
    assert r.best.games == 1 and len(r.candidates) == 3
    assert r.race.games <= 3


def test_enough_on_the_naval_game_small():
    r = enough_protection(
        "naval", "ijn_start_points", 0.5, levels=[6, 0], candidates=2, games=(1,), budget=2,
        final_games=2, scheduler="sync",
    )  # fmt: skip
    assert [x["level"] for x in r.rows] == [6, 6, 0, 0]


def test_unknown_spaces_and_sides_are_refused():
    with pytest.raises(ValueError, match="no search space"):
        best_response("duel", spec_of("duel").sides[0], scheduler="sync")
    with pytest.raises(ValueError, match="no side"):
        best_response("skirmish", "ijn", scheduler="sync")
    with pytest.raises(SystemExit, match="protection"):
        main(["enough", "--game", "naval", "--param", "n_guards", "--threshold", "0.1"])
