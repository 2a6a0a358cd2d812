"""The platform's random player finishes games of every registered game.

After a refused submit it gives orders to the units the refusal names first (a SKIRMISH escort
that must still plot SV or MV): seed 46 was stuck before that.
"""

from __future__ import annotations

import pytest
from toy_games import shipped_games

import hexplay
from hexplay.ai.player import play
from hexplay.ai.random import RandomPlayer


@pytest.mark.parametrize("seed", [46, 3])
def test_random_players_finish_skirmish_after_a_refused_submit(seed):
    g = hexplay.new_game("skirmish", seed=seed)
    play(g, [RandomPlayer("adversary", seed=seed), RandomPlayer("defender", seed=seed + 100)])
    assert g.over and g.outcome()["winner"] in g.info.sides


@pytest.mark.parametrize("name", shipped_games())
def test_random_players_give_only_legal_orders_in_every_game(name):
    g = hexplay.new_game(name, seed=5)
    players = [RandomPlayer(side, seed=i) for i, side in enumerate(g.info.sides)]
    play(g, players, max_turns=3)
    assert g.turn >= 1
    replayed = g.replay()
    assert replayed.snapshot() == g.snapshot()
