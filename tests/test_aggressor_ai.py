"""AGGRESSOR computer players: registered by name, legal at set-up, and the scripted player beats
the random one (measured 100 of 100 over seeds 0-99 with the batch scenario's 40-round limit;
this test plays 24 games and fails below 21 wins, i.e. clearly below 90%)."""

from __future__ import annotations

import numpy as np

import hexplay
from hexplay.ai.aggressor import ScriptedPlayer
from hexplay.ai.player import play
from hexplay.ai.random import RandomPlayer
from hexplay.maps import load_map
from hexplay.rules.aggressor import AggressorGame, board_of, computer_setup

ENTRY = hexplay.game_entry("aggressor")


def test_registry_entry():
    assert "aggressor" in hexplay.games()
    assert set(ENTRY.player_names()) >= {"random", "scripted"}
    assert isinstance(ENTRY.player("scripted", "west", seed=1), ScriptedPlayer)
    assert isinstance(ENTRY.player("random", "east", seed=1), RandomPlayer)
    g = hexplay.new_game("aggressor", "batch", seed=2)
    assert isinstance(g, AggressorGame) and g.scenario.turn_limit == 40
    assert "standard" in ENTRY.scenario_names()


def test_computer_setup_places_a_legal_army_at_home():
    for side in ("west", "east"):
        g = AggressorGame.new(seed=1)
        placements = computer_setup(g.view(side), g.map, np.random.default_rng(3))
        assert len(placements) == 18
        assert len({h for _, h in placements}) == 18
        b = board_of(load_map("aggressor"))
        assert all(b.territory[b.index(h)] == side for _, h in placements)
        for t, h in placements:
            g.order(side, kind="place", type=t, hex=h)
        g.submit(side)


def test_scripted_beats_random():
    wins = 0
    for seed in range(24):
        ws = "west" if seed % 2 == 0 else "east"
        rs = "east" if ws == "west" else "west"
        g = hexplay.new_game("aggressor", "batch", seed=1000 + seed)
        play(g, {ws: ENTRY.player("scripted", ws, seed), rs: ENTRY.player("random", rs, seed)})
        wins += g.winner == ws
    assert wins >= 21, wins


def test_scripted_vs_scripted_finishes():
    g = hexplay.new_game("aggressor", "batch", seed=3)
    play(g, {s: ENTRY.player("scripted", s, 3) for s in ("west", "east")})
    assert g.over and g.outcome()["turns"] <= 80
