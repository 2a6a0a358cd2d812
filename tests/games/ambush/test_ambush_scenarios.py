"""AMBUSH's bundled scenarios: each loads, plays to the end unattended (computer players on
both sides) and keeps the SKIRMISH property tests' invariants every turn: nobody overspends
AP, the dead stay put and plot nothing, barrier points never fall, the cargo's state only moves
forward, the save round-trips through JSON, and the finished game replays exactly."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hexplay
from hexplay.games.ambush.ai.players import scripted, tactic
from hexplay.games.ambush.game import STANDARD_SCENARIOS, AmbushGame, scenario_file
from hexplay.games.skirmish.ai.base import play as play_skirmish
from hexplay.games.skirmish.ai.players import RandomPlayer
from hexplay.games.skirmish.tables import AP_PER_TURN

SIDES = ("adversary", "defender")
JSON_EVERY = 6
"""Turns between JSON round trips in a checked game (each replays the game so far)."""
CARGO_ORDER = {"vault": 0, "carried": 1, "dropped": 1, "away": 2, "recovered": 2}


def _check_turn(g: AmbushGame, check_json: bool) -> None:
    plans = {s: g.side_plan(s) for s in SIDES}
    for s in SIDES:
        for mid, p in plans[s].men.items():
            assert p.ap + plans[s].charges.get(mid, 0) <= AP_PER_TURN, mid
    dead = {m.id: (m.hex, m.vehicle) for m in g.men.values() if not m.alive}
    for s in SIDES:
        assert not set(plans[s].men) & set(dead)
    barrier, cargo = g.barrier, CARGO_ORDER[g.cargo["state"]]
    if check_json and g.turn % JSON_EVERY == 1:
        g2 = AmbushGame.from_json(json.loads(json.dumps(g.to_json())))
        assert g2.snapshot() == g.snapshot()
    g.resolve_turn()
    assert g.barrier >= barrier
    assert CARGO_ORDER[g.cargo["state"]] >= cargo
    for mid, where in dead.items():
        m = g.men[mid]
        assert (m.hex, m.vehicle) == where or m.vehicle is not None


def _play_checked(g: AmbushGame, players, check_json: bool = True) -> AmbushGame:
    while not g.over:
        for p in players:
            if g.phase == "setup":
                p.act(g)
        if g.phase != "planning":
            continue
        for p in players:
            p.plan(g, g.view(p.side, events=False))
            g.submit(p.side)
        _check_turn(g, check_json)
        assert g.turn <= g.scenario.turn_limit
    return g


@pytest.mark.parametrize("name", STANDARD_SCENARIOS)
def test_scenario_loads_says_what_it_emphasises_and_plays_to_the_end(name: str) -> None:
    s = scenario_file(name)
    assert len(s.emphasis) > 20 and s.name in hexplay.game_entry("ambush").scenario_names()
    g = _play_checked(
        AmbushGame.new(s, seed=3), [scripted("adversary", 3), scripted("defender", 3)]
    )
    assert g.over and g.winner in SIDES and g.win_reason
    if s.cargo_removal:
        assert g.outcome()["cargo_away"] == (g.winner == "adversary")
    d = json.loads(json.dumps(g.to_json()))
    g2 = AmbushGame.from_json(d)
    assert g2.to_json() == d and g2.outcome() == g.outcome()
    assert g.replay().to_json() == d


@pytest.mark.parametrize("name", ["roadblock", "running_fight", "sample_game"])
def test_tactic_players_finish_the_scenario(name: str) -> None:
    g = AmbushGame.new(name, seed=5)
    play_skirmish(g, [tactic("adversary", 5), tactic("defender", 5)])
    assert g.over and g.winner in SIDES


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), name=st.sampled_from(STANDARD_SCENARIOS))
def test_random_legal_plots_keep_invariants(seed: int, name: str) -> None:
    g = AmbushGame.new({**scenario_file(name).to_dict(), "turn_limit": 6}, seed=seed)
    players = [RandomPlayer("adversary", seed), RandomPlayer("defender", seed + 1)]
    _play_checked(g, players, check_json=seed % 3 == 0)


def test_the_cargo_gets_away_in_some_games_and_not_in_others() -> None:
    """The sweep's question has both answers in the sample game (seeds fixed)."""
    outs = set()
    for seed in range(6):
        g = AmbushGame.new("sample_game", seed=seed)
        play_skirmish(g, [scripted("adversary", seed), scripted("defender", seed)])
        outs.add(g.outcome()["cargo_away"])
    assert outs == {True, False}


def test_registry_entry() -> None:
    e = hexplay.game_entry("ambush")
    assert {"skirmish", "roadblock", "sample game"} <= set(e.scenario_names())
    assert {"random", "scripted", "tactic"} <= set(e.player_names())
    g = hexplay.new_game("ambush", "sample game", seed=2)
    assert g.info.name == "ambush" and g.scenario.convoy == "sample_game"
    assert hexplay.new_game("ambush", seed=2).scenario.name == "sample game"  # the default
    from hexplay.analysis.games import spec_of

    assert spec_of("ambush").title == "P(adversary gets the cargo away)"
