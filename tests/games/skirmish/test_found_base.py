"""A found attack as the search player's base policy (``base=`` of the registry's ``search``
player, :func:`hexplay.ai.search.base_knobs`)."""

from __future__ import annotations

import json

import pytest

import hexplay
from hexplay.ai.player import play
from hexplay.ai.search import SearchPlayer, base_knobs
from hexplay.games.skirmish.ai.search import ADVERSARY_FOUND, SeededSearchPlayer
from hexplay.games.skirmish.ai.tactics import TacticalAdversary, TacticalDefender
from hexplay.games.skirmish.analysis.runner import new_game

FOUND = {  # an attack unlike the default base (ADVERSARY_FOUND) in every turn knob
    "workers": 4,
    "replace_workers": False,
    "station_range": 3,
    "station_cover": "any",
    "worker_start": 3,
    "assault_turn": 5,
    "wait_for_crew": False,
    "fire_priority": "threat",
    "min_hit": 1 / 6,
}


def _found_file(tmp_path):
    path = tmp_path / "found.json"
    rows = [
        {"game": "skirmish", "side": "adversary", "scenario": {"n_guards": 6}, "knobs": FOUND},
        {"game": "skirmish", "side": "adversary", "scenario": {"n_guards": 7}, "knobs": {}},
        {"game": "skirmish", "side": "defender", "scenario": {"n_guards": 6}, "knobs": {}},
    ]
    path.write_text(json.dumps(rows))
    return path


def _commands(adversary, seed: int) -> list:
    g = new_game({"n_guards": 6}, seed)
    play(g, {"adversary": adversary, "defender": TacticalDefender(seed=seed + 1)})
    return g.commands.to_list()


def test_base_knobs_from_a_found_file(tmp_path):
    path = _found_file(tmp_path)
    assert base_knobs(f"found:{path}#n_guards=6", "skirmish", "adversary") == FOUND
    assert base_knobs(f"found:{path}", "skirmish", "adversary") == {}  # the newest
    assert base_knobs({"workers": 3}, "skirmish", "adversary") == {"workers": 3}
    with pytest.raises(ValueError, match="no knob set"):
        base_knobs(f"found:{path}#n_guards=9", "skirmish", "adversary")
    with pytest.raises(ValueError, match="not k=v"):
        base_knobs(f"found:{path}#n_guards", "skirmish", "adversary")
    with pytest.raises(ValueError, match="knob set or"):
        base_knobs("docs/found.json", "skirmish", "adversary")


@pytest.mark.parametrize("budget", [{"iterations": 1}, {"turns": False}])
def test_with_the_least_budget_it_plays_the_found_tactic(tmp_path, budget):
    """No set-up search and one rollout a turn (or none): the seeded search player's game is
    the found tactic player's, command for command, and not the default base's."""
    e = hexplay.game_entry("skirmish")
    base = f"found:{_found_file(tmp_path)}#n_guards=6"
    for seed in (3, 4):
        sp = e.player("search", "adversary", seed=seed, base=base, setup_iterations=0, **budget)
        assert isinstance(sp, SeededSearchPlayer) and sp.base == FOUND
        found = _commands(sp, seed)
        assert found == _commands(TacticalAdversary(seed=seed, **FOUND), seed)
        default = e.player("search", "adversary", seed=seed, setup_iterations=0, **budget)
        assert _commands(default, seed) == _commands(
            TacticalAdversary(seed=seed, **ADVERSARY_FOUND), seed
        )
        assert found != _commands(default, seed)


def test_the_base_is_checked_and_only_where_the_game_can_seed():
    e = hexplay.game_entry("skirmish")
    with pytest.raises(ValueError):
        e.player("search", "adversary", base={"no_such_knob": 1})
    assert type(e.player("search", "adversary")) is SearchPlayer
    with pytest.raises(ValueError, match="no base policy"):
        hexplay.game_entry("ambush").player("search", "defender", base={})


def test_a_sweep_point_takes_a_found_base(tmp_path):
    from hexplay.games.skirmish.ai.matchup import make_players

    base = f"found:{_found_file(tmp_path)}#n_guards=6"
    adv, _ = make_players({"adversary": {"player": "search", "base": base, "iterations": 1}})
    assert adv.base == FOUND
