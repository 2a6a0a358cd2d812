"""Every game's views are plain JSON (the protocol: what a browser or a table seat receives)."""

from __future__ import annotations

import json

import pytest
from toy_games import shipped_games

import hexplay
from hexplay.ai.player import play


@pytest.mark.parametrize("name", shipped_games())
def test_every_view_of_every_game_is_plain_json(name):
    entry = hexplay.game_entry(name)
    g = hexplay.new_game(name, seed=3)
    players = [entry.player("random", s, seed=i) for i, s in enumerate(g.info.sides)]
    for _ in range(3):
        if g.over:
            break
        play(g, players, max_turns=1)
        for side in (*g.info.sides, "referee"):
            v = g.view(side)
            assert json.loads(json.dumps(v)) == v, (name, side)
