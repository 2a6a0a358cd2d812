"""Analysis on the real SKIRMISH engine: tactic players, runner, batches, sweeps, win
probability, statistical sanity checks that can fail."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from hexplay.analysis import expand_grid, run_batch, run_sweep, summarize, win_probability
from hexplay.cli import main
from hexplay.games.skirmish.ai.base import play
from hexplay.games.skirmish.ai.tactics import (
    ADVERSARY_KNOBS,
    DEFENDER_KNOBS,
    TacticalAdversary,
    TacticalDefender,
    check_knobs,
    make_players,
)
from hexplay.games.skirmish.analysis.runner import (
    OUTCOME_FIELDS,
    make_scenario,
    new_game,
    outcome,
    run_game,
)
from hexplay.games.skirmish.game import SkirmishGame


# --- scenario parameters ----------------------------------------------------------------------
def test_make_scenario_knobs():
    s = make_scenario(
        {"n_guards": 5, "guard_weapon": "rifle", "escort_distance": 15, "n_adversaries": 4}
    )
    assert s.guard_weapons == ["rifle"] * 5 and len(s.adversary_weapons) == 4
    assert s.escort_offsets == {"E1": 15, "E2": -15}
    s = make_scenario({"n_escorts": 1, "n_guards": 3, "barrier_points_required": 120})
    assert s.escorts == ["E1"] and s.barrier_points_required == 120
    assert make_scenario({}) is not make_scenario({})  # fresh objects: games may mutate them
    with pytest.raises(ValueError, match="bogus"):
        make_scenario({"bogus": 1})
    with pytest.raises(ValueError):
        make_scenario({"guard_weapon": "bazooka"})


# --- tactic players ---------------------------------------------------------------------------
def test_knobs_validated():
    assert check_knobs("adversary", {}) == ADVERSARY_KNOBS
    assert check_knobs("defender", {"escort_mode": "hold"})["escort_mode"] == "hold"
    with pytest.raises(ValueError, match="unknown adversary"):
        TacticalAdversary(wrokers=3)
    with pytest.raises(ValueError, match="escort_mode"):
        TacticalDefender(escort_mode="flee")
    with pytest.raises(ValueError):
        make_players({"referee": {}})
    assert set(DEFENDER_KNOBS) >= {"dismount_distance", "escort_mode", "fire_priority"}


def test_players_use_only_their_own_view(monkeypatch):
    """While a player acts, the only view it asks the game for is its own side's."""
    asked: list[tuple[str, str]] = []
    current: list[str] = []
    real_view = SkirmishGame.view

    def spy(self, side, *args, **kwargs):
        if current:
            asked.append((current[-1], side))
        return real_view(self, side, *args, **kwargs)

    monkeypatch.setattr(SkirmishGame, "view", spy)
    adv, dfd = make_players({}, seed=4)
    for p in (adv, dfd):
        real_act = p.act

        def act(game, _p=p, _act=real_act):
            current.append(_p.side)
            try:
                _act(game)
            finally:
                current.pop()

        p.act = act
    play(new_game({}, 4), [adv, dfd])
    assert asked and all(a == b for a, b in asked)


def test_adversary_roles_follow_knobs():
    g = new_game({}, 1)
    adv, dfd = make_players({"adversary": {"workers": 2, "shooters": 3}}, 1)
    while g.phase == "setup":
        adv.act(g)
        dfd.act(g)
    assert len(adv.workers) == 2 and len(adv.shooters) == 3
    th = g.ambush
    for uid in adv.workers:
        assert g.map.distance(g.men[uid].hex, th) <= 3


# --- runner and batches -----------------------------------------------------------------------
def test_run_game_row_and_record_replays():
    row = run_game({"n_guards": 4}, {}, 11, record=True)
    assert set(OUTCOME_FIELDS) <= set(row)
    assert row["winner"] in ("adversary", "defender")
    assert 1 <= row["turns"] <= 20
    g = SkirmishGame.from_json(json.loads(json.dumps(row["record"])))
    assert g.over and outcome(g) == {k: row[k] for k in OUTCOME_FIELDS}
    again = run_game({"n_guards": 4}, {}, 11)
    assert again == {k: row[k] for k in OUTCOME_FIELDS}


def test_batch_reproducible():
    a = run_batch(
        6, {"n_guards": 4}, {"defender": {"escort_mode": "hold"}}, seed=20, game="skirmish"
    )
    b = run_batch(
        6, {"n_guards": 4}, {"defender": {"escort_mode": "hold"}}, seed=20, game="skirmish"
    )
    pd.testing.assert_frame_equal(a, b)
    assert a["seed"].tolist() == list(range(20, 26))
    assert (a["defender.escort_mode"] == "hold").all()
    assert (a["scenario.n_guards"] == 4).all()


# --- statistical sanity (these can fail) ------------------------------------------------------
def test_more_barrier_points_never_helps_the_adversary():
    """Common random numbers: the players ignore the requirement, so a game is identical until
    the lower requirement is met; a win at a higher requirement must also be a win at every
    lower one (path by path), and the rates must be ordered."""
    pts = expand_grid({"scenario.n_guards": [4], "scenario.barrier_points_required": [100, 200]})
    df = run_sweep(pts, 16, scheduler="sync", progress=False, seed=100, game="skirmish")
    wins = df.pivot(index="seed", columns="point", values="winner") == "adversary"
    assert not (wins[1] & ~wins[0]).any()
    s = summarize(df, game="skirmish")
    assert s["p_adversary_win"].iloc[0] >= s["p_adversary_win"].iloc[1]


def test_defender_who_never_fires_loses():
    df = run_batch(12, {}, {"defender": {"fire": False}}, seed=0, game="skirmish")
    s = summarize(df, game="skirmish")
    assert s["ci_low"].iloc[0] > 0.75
    assert (df.loc[df["winner"] == "adversary", "barrier_points"] >= 200).all()


def test_more_guards_lower_adversary_win_rate():
    pts = expand_grid({"scenario.n_guards": [3, 7]})
    s = summarize(run_sweep(pts, 20, scheduler="sync", progress=False, seed=0, game="skirmish"))
    few, many = s.iloc[0], s.iloc[1]
    assert few["ci_low"] > many["ci_high"], s


# --- Dask -------------------------------------------------------------------------------------
def test_real_sweep_on_local_dask_cluster_matches_sync():
    pytest.importorskip("distributed")
    pts = expand_grid({"scenario.n_guards": [4, 6], "adversary.workers": [3]})
    sync = run_sweep(pts, 4, scheduler="sync", progress=False, seed=5, game="skirmish")
    dask = run_sweep(pts, 4, n_workers=2, progress=False, seed=5, chunk_size=2, game="skirmish")
    pd.testing.assert_frame_equal(sync, dask, check_dtype=False)


# --- win probability --------------------------------------------------------------------------
def _started(params: dict, seed: int, tactics: dict | None = None):
    g = new_game(params, seed)
    players = make_players(tactics, seed)
    while g.phase == "setup":
        for p in players:
            p.act(g)
    return g, players


def test_win_probability_deterministic_and_leaves_game_alone():
    g, players = _started({"n_guards": 4}, 2)
    before = json.dumps(g.to_json(), sort_keys=True)
    a = win_probability(g, n=8, seed=3)
    b = win_probability(g, n=8, seed=3)
    assert a == b
    assert json.dumps(g.to_json(), sort_keys=True) == before
    assert a["ci_low"] <= a["p_adversary"] <= a["ci_high"] and a["n"] == 8
    assert a["turn"] == 1 and not a["over"]
    play(g, players)
    done = win_probability(g, n=8)
    assert done["over"] and done["p_adversary"] == (1.0 if g.winner == "adversary" else 0.0)


def test_win_probability_sees_an_unarmed_defence():
    g, _ = _started({}, 1)
    est = win_probability(g, n=8, seed=0, tactics={"defender": {"fire": False}})
    assert est["p_adversary"] == 1.0


def test_gauge_widget_updates():
    from hexplay.games.skirmish.ui.winprob import WinProbabilityGauge

    g, players = _started({"n_guards": 4}, 2)
    gauge = WinProbabilityGauge(n=4, seed=0)
    e1 = gauge.update(g)
    play(g, players, max_turns=1)
    gauge.update(g)
    assert len(gauge.estimates) == 2 and gauge.bar.value == gauge.estimates[-1]["p_adversary"]
    assert list(gauge.line.x) == [1.0, 2.0]
    assert np.allclose(gauge.band.y[0], [e["ci_low"] for e in gauge.estimates])
    assert "turn 2" in gauge.label.value and e1["turn"] == 1


# --- command line -----------------------------------------------------------------------------
def test_cli_simulate_real_games(tmp_path):
    out = tmp_path / "games.parquet"
    rc = main(
        [
            "simulate",
            "-n",
            "3",
            "--seed",
            "7",
            "--set",
            "scenario.n_guards=4",
            "--set",
            "defender.escort_mode=hold",
            "-o",
            str(out),
        ]
    )
    assert rc == 0
    df = pd.read_parquet(out)
    ref = run_batch(
        3, {"n_guards": 4}, {"defender": {"escort_mode": "hold"}}, seed=7, game="skirmish"
    )
    assert df["winner"].tolist() == ref["winner"].tolist()
    assert df["turns"].tolist() == ref["turns"].tolist()
