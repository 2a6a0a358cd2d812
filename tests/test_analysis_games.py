"""Analysis by game name on the toy games: batches, sweeps, summaries, win probability and the
command line take the game from the registry, with its sides, players and outcome columns."""

from __future__ import annotations

import importlib
import io
import json
import pickle

import pandas as pd
import pytest
from toy_games import MinesGame, RaceGame, toys_registered

from hexplay.ai.player import play
from hexplay.ai.random import RandomPlayer
from hexplay.analysis import run_batch, run_sweep, summarize, sweep, win_probability
from hexplay.analysis.games import GameRunner, default_spec, spec_of
from hexplay.analysis.progress import progress_bar
from hexplay.cli import main
from hexplay.games.skirmish.analysis.spec import SPEC as SKIRMISH


@pytest.fixture(autouse=True)
def toys():
    """The toy games are registered for each test of this module only."""
    with toys_registered():
        yield


def test_specs_come_from_the_registry():
    s = spec_of("toy-race")
    assert s == default_spec("toy-race")
    assert s.sides == ("red", "blue") and s.win_side == "red" and s.p_column == "p_red_win"
    assert s.players == {"red": "greedy", "blue": "greedy"}
    assert spec_of("skirmish") is SKIRMISH and SKIRMISH.p_column == "p_adversary_win"
    with pytest.raises(KeyError, match="no game"):
        spec_of("chess")


def test_batch_of_a_game_by_name():
    df = run_batch(30, {"turn_limit": 6}, {"blue": {"player": "random"}}, seed=4, game="toy-race")
    assert df.attrs["game"] == "toy-race" and len(df) == 30
    assert {"winner", "reason", "turns", "red_tokens", "blue_tokens"} <= set(df.columns)
    assert (df["scenario.turn_limit"] == 6).all() and (df["blue.player"] == "random").all()
    assert df["turns"].max() <= 6
    again = run_batch(
        30, {"turn_limit": 6}, {"blue": {"player": "random"}}, seed=4, game="toy-race"
    )
    pd.testing.assert_frame_equal(df, again)
    # the rows are those of the registry's players playing the game by hand
    g = RaceGame.new({"turn_limit": 6}, seed=5)
    runner = GameRunner("toy-race")
    play(g, runner.players({"blue": {"player": "random"}}, 5))
    assert df.iloc[1]["winner"] == g.outcome()["winner"]
    with pytest.raises(ValueError, match="no side"):
        run_batch(2, {}, {"adversary": {}}, game="toy-race")


def test_random_player_knobs_and_records():
    df = run_batch(
        3, {}, {"red": {"player": "random", "p_stop": 0.5}}, game="toy-mines", records=True
    )
    for rec in df["record"]:
        assert MinesGame.from_json(json.loads(rec)).over


def test_sweep_and_summary_of_a_game_by_name():
    spec = {"scenario.turn_limit": [1, 8], "red.player": ["greedy", "random"]}
    summary, games = sweep(spec, 40, game="toy-race", scheduler="sync", progress=False, seed=2)
    assert "p_red_win" in summary.columns and len(summary) == 4
    assert games.attrs["game"] == "toy-race"
    assert set(summary.columns) >= {"games", "wins", "ci_low", "ci_high", "turns"}
    # one turn is too short for anyone to cross the map: nobody wins
    short = summary[summary["scenario.turn_limit"] == 1]
    assert (short["wins"] == 0).all()
    long = summary[summary["scenario.turn_limit"] == 8].set_index("red.player")
    assert long.loc["greedy", "p_red_win"] > long.loc["random", "p_red_win"]
    again = summarize(games, winner="blue")
    assert "p_blue_win" in again.columns
    with pytest.raises(ValueError, match="prefix must be scenario, red or blue"):
        run_sweep([{"adversary.x": 1}], 2, game="toy-race", scheduler="sync", progress=False)


RACE_SCENARIOS = {"short": {"turn_limit": 1}, "narrow": {"cols": 4, "turn_limit": 30}}


def race_scenarios() -> dict[str, dict]:
    """The named scenarios of the toy race as registered for the next test."""
    return {k: dict(v) for k, v in RACE_SCENARIOS.items()}


def test_sweep_scenario_name_is_resolved_through_the_registry():
    """``scenario.name`` picks one of the game's registered scenarios (for a game with no
    scenario maker of its own too), the other ``scenario.*`` parameters over it; an unknown
    name is a clear error, not the default scenario played under another name."""
    import dataclasses

    from hexplay.registry import game_entry, register

    entry = game_entry("toy-race")
    register(dataclasses.replace(entry, scenarios=f"{__name__}:race_scenarios"), replace=True)
    from hexplay.analysis.games import resolve_scenario_name

    assert resolve_scenario_name("toy-race", {"name": "narrow"}) == RACE_SCENARIOS["narrow"]
    made = resolve_scenario_name("toy-race", {"name": "short", "turn_limit": 2})
    assert GameRunner("toy-race").new(made, 1).scenario == {**RaceGame.DEFAULTS, "turn_limit": 2}
    df = run_batch(3, {"name": "short", "turn_limit": 2}, game="toy-race", records=True)
    assert (df["scenario.name"] == "short").all() and df["turns"].max() <= 2
    for rec in df["record"]:
        assert RaceGame.from_json(json.loads(rec)).scenario["turn_limit"] == 2
    spec = {"scenario.name": ["short", "narrow"]}
    summary, games = sweep(spec, 6, game="toy-race", scheduler="sync", progress=False, seed=2)
    by = games.groupby("scenario.name")["turns"].max()
    assert by["short"] == 1 and by["narrow"] > 1
    assert (summary.set_index("scenario.name").loc["short", "wins"]) == 0
    with pytest.raises(ValueError, match="toy-race has no scenario 'long'"):
        run_batch(1, {"name": "long"}, game="toy-race")
    assert main(["simulate", "--game", "toy-race", "-n", "1", "--set", "scenario.name=short"]) == 0
    with pytest.raises(SystemExit, match="no scenario 'long'"):
        main(["simulate", "--game", "toy-race", "-n", "1", "--set", "scenario.name=long"])


def test_game_runner_pickles_for_dask_workers():
    r = GameRunner("toy-race")
    assert pickle.loads(pickle.dumps(r)) == r and "toy-race" in r.key


def test_win_probability_of_a_game_in_progress():
    g = RaceGame.new(seed=3)
    play(g, [RandomPlayer("red", 3), RandomPlayer("blue", 4)], max_turns=1)
    before = g.to_json()
    est = win_probability(g, n=40, seed=1)
    assert g.to_json() == before, "the estimate must leave the game alone"
    assert est == win_probability(g, n=40, seed=1)
    assert est["side"] == "red" and est["n"] == 40 and est["turn"] == g.turn
    assert 0 <= est["ci_low"] <= est["p_red"] <= est["ci_high"] <= 1
    assert est["p_blue"] == pytest.approx(1 - est["p_red"])
    play(g, [RandomPlayer("red", 3), RandomPlayer("blue", 4)])
    done = win_probability(g, n=10)
    assert done["n"] == 0 and done["p_red"] == float(g.outcome()["winner"] == "red")


def test_progress_bar_modes():
    seen = []
    bar = progress_bar(5, lambda d, t: seen.append((d, t)))
    bar.update(2)
    bar.update(3)
    bar.close()
    assert seen == [(2, 5), (5, 5)]
    buf = io.StringIO()
    text = progress_bar(7, "text", file=buf)
    text.update(7)
    text.close()
    assert "7/7" in buf.getvalue() and "games" in buf.getvalue()
    quiet = progress_bar(3, "none")
    quiet.update(3)
    quiet.close()
    with pytest.raises(ValueError, match="progress"):
        progress_bar(3, "fancy")


def test_cli_by_game_name(tmp_path, capsys):
    assert main(["games"]) == 0
    listing = capsys.readouterr().out
    assert "toy-race: Toy race (simultaneous); sides red, blue; players random, greedy" in listing
    out = tmp_path / "g.csv"
    rc = main(
        [
            "simulate",
            "--game",
            "toy-race",
            "-n",
            "6",
            "--set",
            "scenario.turn_limit=3",
            "-o",
            str(out),
        ]
    )
    assert rc == 0 and "p_red_win" in capsys.readouterr().out
    df = pd.read_csv(out)
    assert len(df) == 6 and df["turns"].max() <= 3
    rc = main(
        [
            "sweep",
            "--game",
            "toy-mines",
            "-n",
            "4",
            "--scheduler",
            "sync",
            "--no-progress",
            "--param",
            "scenario.mines=0,2",
            "--summary",
            str(tmp_path / "s.csv"),
        ]
    )
    s = pd.read_csv(tmp_path / "s.csv")
    assert rc == 0 and len(s) == 2 and "p_red_win" in s.columns
    with pytest.raises(SystemExit, match="no game"):
        main(["simulate", "--game", "chess", "-n", "1"])
    with pytest.raises(SystemExit, match="prefix"):
        main(["simulate", "--game", "toy-race", "-n", "1", "--set", "adversary.x=1"])


def test_scenario_name_reaches_a_games_own_fast_runner():
    """SKIRMISH's batches use its own runner: ``scenario.name`` is resolved for it too."""
    import hexplay

    df = run_batch(1, {"name": "open map", "turn_limit": 1}, game="skirmish", records=True)
    want = hexplay.game_entry("skirmish").scenario("open map")
    sc = json.loads(df["record"][0])["scenario"]
    assert sc["name"] == "open map" and sc["open_map"] == want["open_map"] is True
    assert sc["turn_limit"] == 1


def test_skirmish_fast_runner_equals_the_generic_runner():
    """run_game (shared map, SKIRMISH's play loop) gives the rows GameRunner("skirmish") gives
    (the registry's game, the game API's play loop)."""
    from hexplay.games.skirmish.analysis.runner import run_game

    generic = GameRunner("skirmish")
    for seed, params, knobs in [
        (0, {}, {}),
        (1, {"n_guards": 3}, {"defender": {"escort_mode": "hold"}}),
        (2, {"barrier_points_required": 100}, {"adversary": {"workers": 4}}),
    ]:
        assert run_game(params, knobs, seed) == generic(params, knobs, seed)


def test_cli_simulate_skirmish_by_name(tmp_path, capsys):
    out = tmp_path / "s.csv"
    assert main(["simulate", "--game", "skirmish", "-n", "4", "--seed", "2", "-o", str(out)]) == 0
    assert "p_adversary_win" in capsys.readouterr().out
    df = pd.read_csv(out)
    assert len(df) == 4 and {"barrier_points", "route"} <= set(df.columns)


@pytest.mark.parametrize("name", ["skirmish", "ambush", "aggressor", "naval"])
def test_every_shipped_game_registers_its_analysis_and_its_figures_are_averaged(name):
    """Each shipped game's registry entry names its analysis description (not the generic
    default, which averages ``turns`` only), whose averaged columns are numeric columns of the
    game's own ``outcome()``."""
    import hexplay

    entry = hexplay.game_entry(name)
    spec = spec_of(name)
    assert entry.analysis is not None and spec is entry.analysis_spec
    assert spec.game == name and spec.win_side in entry.info.sides
    assert set(spec.means) - {"turns"}, "only the generic figure"
    if name in ("skirmish", "ambush"):
        return  # (their batches and sweeps: tests/test_analysis*.py, test_ambush_scenarios.py)
    df = run_batch(2, game=name, seed=3)
    summary = summarize(df)
    assert set(spec.means) <= set(df.columns)
    assert all(pd.api.types.is_numeric_dtype(df[c]) for c in spec.means)
    assert spec.p_column in summary.columns and set(spec.means) <= set(summary.columns)


def _scenario_file(name: str, tmp_path) -> tuple[str, dict]:
    """A scenario JSON file for game ``name`` (not its default one) and the dict it holds."""
    if name == "ambush":
        from hexplay.games.ambush.game import scenario_file

        d = scenario_file("close_escort").to_dict()
    elif name == "naval":
        from hexplay.games.naval.scenarios import scenarios

        d = scenarios()["horaniu"]
    elif name == "aggressor":
        from hexplay.games.aggressor.scenario import SCENARIOS

        d = {**SCENARIOS["batch"], "turn_limit": 3}
    else:
        from hexplay.games.skirmish.scenario import Scenario

        d = {**Scenario().to_dict(), "turn_limit": 5}
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(d))
    return str(path), d


@pytest.mark.parametrize("name", ["skirmish", "ambush", "aggressor", "naval"])
def test_cli_simulate_and_sweep_take_a_scenario_file_for_every_shipped_game(name, tmp_path):
    """``--scenario FILE`` (the ``scenario.file`` parameter) starts every game from that file:
    the games played are those of the file's scenario, which the game's runner makes."""
    import hexplay

    path, _d = _scenario_file(name, tmp_path)
    spec = spec_of(name)
    made = GameRunner(name).new({"file": path}, seed=3)
    want = hexplay.game_entry(name).new(made.scenario, seed=3)
    assert made.scenario == want.scenario
    if name in ("ambush", "naval"):  # not the game's default scenario
        assert made.scenario != hexplay.game_entry(name).new(None, seed=3).scenario
    out = tmp_path / "g.csv"
    assert main(["simulate", "--game", name, "-n", "2", "--scenario", path, "-o", str(out)]) == 0
    df = pd.read_csv(out)
    assert len(df) == 2 and set(df["scenario.file"]) == {str(tmp_path / f"{name}.json")}
    assert spec.p_column in set(summarize(df, game=name).columns)


def test_scenario_file_parameters_are_checked_at_the_edge(tmp_path):
    from hexplay.engine import ScenarioError
    from hexplay.games.aggressor.scenario import batch_scenario
    from hexplay.games.ambush.game import AmbushScenario, scenario_file, sweep_scenario

    naval = importlib.import_module("hexplay.games.naval.scenarios")  # (the package's
    # ``scenarios`` is a function)

    amb, _ = _scenario_file("ambush", tmp_path)
    assert sweep_scenario({"file": amb}) == AmbushScenario.from_json(amb)
    assert sweep_scenario({"file": amb}) == scenario_file("close_escort")
    assert sweep_scenario({"file": amb, "response_density": "high"}).response_density == "high"
    nav, d = _scenario_file("naval", tmp_path)
    assert naval.sweep_scenario({"file": nav}) == naval.load_scenario(d)
    assert naval.sweep_scenario({}) == naval.load_scenario(naval.scenarios()["kula_gulf"])
    assert naval.sweep_scenario({"base": "horaniu"}) == naval.sweep_scenario({"file": nav})
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2")
    for make, path in ((sweep_scenario, amb), (naval.sweep_scenario, nav)):
        with pytest.raises(ScenarioError, match="not both"):
            make({"file": path, "base": "horaniu"})
    for make in (sweep_scenario, naval.sweep_scenario, batch_scenario):
        with pytest.raises(ScenarioError):
            make({"file": str(bad)})
        with pytest.raises(ScenarioError):
            make({"file": str(tmp_path / "missing.json")})
    with pytest.raises(ScenarioError, match="no naval scenario"):
        naval.sweep_scenario({"base": "jutland"})
    with pytest.raises(ScenarioError):
        naval.sweep_scenario({"no_such_field": 1})
