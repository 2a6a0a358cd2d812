"""The example game from outside (examples/hexplay-duel, package hexplay_duel): found by its
entry point with nothing imported by hand, played by its scripted player, on the board by
clicks, in the PettingZoo env, and in a Dask sweep whose workers find it by the entry point.
(``check_game("duel")`` runs in tests/test_conformance.py.)"""

from __future__ import annotations

import numpy as np
import pytest

import hexplay
from hexplay import registry
from hexplay.ai.player import play

pytestmark = pytest.mark.skipif(
    "duel" not in hexplay.games(), reason="never: scripts/test.sh installs examples/hexplay-duel"
)


def test_installed_game_is_found_by_its_entry_point():
    assert "duel" in hexplay.games()
    entry = hexplay.game_entry("duel")
    assert entry.game == "hexplay_duel.game:DuelGame"
    assert registry._ORIGIN.get("duel", "entry point").startswith("entry point")
    assert entry.player_names() == ["random", "closer"]
    assert entry.scenario_names() == ["standard", "skirmish line"]
    g = hexplay.new_game("duel", "skirmish line", seed=2)
    assert len(g.view("red")["units"]) == 5  # its own squads: the enemy is out of sight
    with pytest.raises(KeyError, match="no scenario 'x'; it has"):
        hexplay.new_game("duel", "x")


def test_the_scripted_player_beats_the_random_one():
    entry = hexplay.game_entry("duel")
    wins = 0
    for seed in range(12):
        g = hexplay.new_game("duel", seed=seed)
        play(g, [entry.player("closer", "red", seed), entry.player("random", "blue", seed)])
        wins += g.winner == "red"
    assert wins >= 8, wins


def test_the_board_by_clicks_on_a_game():
    """Select, move, attack and end the turn by clicks on GameApp(game) (GameApp("duel")
    itself: tests/test_conformance.py's app check)."""
    from hexplay.testing import Kit
    from hexplay.testing.app import _open, attack_by_clicks, move_by_clicks

    kit = Kit("duel")
    app = _open(kit, kit.new())
    move_by_clicks(kit, app)
    app.end_plot()  # the computer plays blue: red is at the screen again, in turn 2
    assert app.game.turn == 2 and app.plotting_side == "red"
    attack_by_clicks(kit)  # GameApp(game) on a position of random play where red can fire


def test_the_env_plays_masked_random_games_to_the_end():
    pytest.importorskip("pettingzoo")
    from hexplay.env import env

    e = env("duel")  # alternating turns: an AEC environment
    rng = np.random.default_rng(0)
    e.reset(seed=3)
    steps = 0
    for _agent in e.agent_iter(max_iter=5000):
        obs, _reward, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(rng.choice(legal)))
        steps += 1
    assert steps > 10 and not e.agents


def test_a_dask_sweep_runs_on_workers_that_find_the_game_by_its_entry_point():
    pytest.importorskip("distributed")
    from hexplay.analysis import run_sweep

    points = [{"scenario.squads": 2}, {"scenario.squads": 4}]
    sync = run_sweep(points, 4, game="duel", scheduler="sync", progress=False, seed=5)
    dask = run_sweep(points, 4, game="duel", n_workers=2, progress=False, seed=5)
    assert len(dask) == 8 and dask.attrs["workers"] == 2
    assert sorted(dask["scenario.squads"].unique()) == [2, 4]
    cols = ["point", "seed", "winner", "turns", "red_squads", "blue_squads"]
    a = sync[cols].sort_values(["point", "seed"]).reset_index(drop=True)
    b = dask[cols].sort_values(["point", "seed"]).reset_index(drop=True)
    assert a.equals(b)


def test_the_command_line_lists_it(capsys):
    from hexplay.cli import main

    assert main(["games"]) == 0
    assert "duel: Duel (alternating); sides red, blue; players random, closer" in (
        capsys.readouterr().out
    )
