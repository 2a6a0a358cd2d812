"""AGGRESSOR in batches: the original has no turn limit, so a batch or sweep of the game by
name (``hexplay simulate/sweep --game aggressor``, :func:`hexplay.analysis.run_batch`) plays
the ``batch`` scenario's limit (a draw after it) by default, while a game in play
(``new_game("aggressor")``, the app) has none."""

from __future__ import annotations

import json

import pandas as pd
import pytest

import hexplay
from hexplay.analysis import run_batch, sweep
from hexplay.analysis.games import GameRunner, spec_of
from hexplay.cli import main
from hexplay.engine import ScenarioError
from hexplay.games.aggressor import SCENARIOS

LIMIT = SCENARIOS["batch"]["turn_limit"]
RANDOM = {"west": {"player": "random"}, "east": {"player": "random"}}


def _limits(df: pd.DataFrame) -> set:
    return {json.loads(r)["scenario"]["turn_limit"] for r in df["record"]}


def test_play_has_no_turn_limit_by_default():
    assert hexplay.new_game("aggressor", seed=1).scenario.turn_limit is None
    assert hexplay.game_entry("aggressor").new(None, seed=1).scenario.turn_limit is None
    from hexplay.games.aggressor.app import AggressorApp

    assert AggressorApp(seed=1).game.scenario.turn_limit is None


def test_a_batch_by_name_plays_with_the_batch_turn_limit():
    assert isinstance(LIMIT, int) and LIMIT >= 1
    runner = GameRunner("aggressor")
    assert runner.new({}, 0).scenario.turn_limit == LIMIT
    assert runner.new(None, 0).scenario.name == "batch"
    # every other parameter is a scenario field over it; None restores the original's no limit
    assert runner.new({"turn_limit": None}, 0).scenario.turn_limit is None
    g = runner.new({"turn_limit": 7, "obs": False}, 0)
    assert (g.scenario.turn_limit, g.scenario.obs) == (7, False)
    assert runner.new({"base": "no observation"}, 0).scenario.turn_limit is None
    with pytest.raises(ScenarioError, match="turns"):
        runner.new({"turns": 3}, 0)
    with pytest.raises(ScenarioError, match="base"):
        runner.new({"base": "nonsense"}, 0)

    df = run_batch(3, {}, seed=0, game="aggressor", records=True)  # the scripted players
    assert _limits(df) == {LIMIT} and (df["reason"] != "unfinished").all()
    assert (df["rounds"] <= LIMIT).all()
    # the random players do not always win within the limit: that game ends, a draw
    df = run_batch(4, {}, RANDOM, seed=0, game="aggressor")
    assert (df["rounds"] <= LIMIT).all() and (df["reason"] != "unfinished").all()
    drawn = df[df["reason"] == f"turn limit: {LIMIT} rounds"]
    assert len(drawn) >= 1 and drawn["winner"].isna().all()
    assert (drawn["turns"] == 2 * LIMIT).all()
    short = run_batch(2, {"turn_limit": 2}, RANDOM, seed=0, game="aggressor")
    assert (short["rounds"] <= 2).all() and (short["reason"] != "unfinished").all()


def test_a_scenario_file_goes_over_the_batch_scenario(tmp_path):
    """``hexplay simulate --scenario FILE`` (``scenario.file``): the file's fields over the
    batch scenario (a file without a limit keeps the batch's), then the other parameters."""
    f = tmp_path / "s.json"
    f.write_text(json.dumps({"obs": False}))
    g = GameRunner("aggressor").new({"file": str(f)}, 0)
    assert (g.scenario.obs, g.scenario.turn_limit) == (False, LIMIT)
    g = GameRunner("aggressor").new({"file": str(f), "turn_limit": 5}, 0)
    assert g.scenario.turn_limit == 5
    f.write_text("[1]")
    with pytest.raises(ScenarioError, match="file"):
        GameRunner("aggressor").new({"file": str(f)}, 0)


def test_cli_simulate_and_sweep_of_aggressor_play_with_the_turn_limit(tmp_path, capsys):
    out = tmp_path / "a.csv"
    rc = main(["simulate", "--game", "aggressor", "-n", "2", "--records", "-o", str(out)])
    assert rc == 0 and "p_west_win" in capsys.readouterr().out
    df = pd.read_csv(out)
    assert len(df) == 2 and _limits(df) == {LIMIT} and (df["rounds"] <= LIMIT).all()
    summary, games = sweep(
        {"scenario.turn_limit": [1, 3], "west.player": ["random"], "east.player": ["random"]},
        2,
        game="aggressor",
        scheduler="sync",
        progress=False,
    )
    assert len(summary) == 2 and (games["reason"] != "unfinished").all()
    assert (games["rounds"] <= games["scenario.turn_limit"]).all()
    summary, games = sweep(
        {"east.player": ["random"]},
        2,
        game="aggressor",
        scheduler="sync",
        progress=False,
        records=True,
    )
    assert _limits(games) == {LIMIT}
    assert spec_of("aggressor").win_side == "west"
    # the command line says so (hexplay games), with the scenario's figure
    capsys.readouterr()
    assert main(["games"]) == 0
    assert f"a draw after {LIMIT} rounds" in " ".join(capsys.readouterr().out.split())
