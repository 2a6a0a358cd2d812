"""The generic player interface for every registered game: every named player of a game's
registry entry plays legal games to the end under play(), deterministically for a seed."""

from __future__ import annotations

import numpy as np
import pytest
from toy_games import RaceGame, all_games, toys_registered

import hexplay
from hexplay.ai.player import GamePlayer, play
from hexplay.ai.random import RandomPlayer, random_completion
from hexplay.engine import LegalOrder, Need


@pytest.fixture(autouse=True)
def toys():
    """The toy games are registered for each test of this module only."""
    with toys_registered():
        yield


with toys_registered():
    PAIRS = [(g, p) for g in all_games() for p in hexplay.game_entry(g).player_names()]


TOYS = ("toy-race", "toy-mines")
"""Games cheap enough for several full games per player (the others: one)."""


def match(name: str, player: str, seed: int, max_turns: int | None = None):
    e = hexplay.game_entry(name)
    g = e.new(seed=seed)
    sides = e.info.sides
    return play(g, [e.player(player, s, seed=seed + i) for i, s in enumerate(sides)], max_turns)


@pytest.mark.parametrize(("name", "player"), PAIRS)
def test_named_players_play_to_the_end_and_replay(name, player):
    for seed in range(3 if name in TOYS else 1):
        g = match(name, player, seed)
        assert g.over and g.to_act() == ()
        assert g.outcome()["winner"] in (None, *g.sides)
        again = type(g).from_json(g.to_json())  # every order they gave passes the rules again
        assert again.snapshot() == g.snapshot()


@pytest.mark.parametrize(("name", "player"), PAIRS)
def test_players_are_deterministic_for_a_seed(name, player):
    a = match(name, player, 5, max_turns=3)
    b = match(name, player, 5, max_turns=3)
    assert a.commands.to_list() == b.commands.to_list()


@pytest.mark.parametrize("name", all_games())
def test_random_player_works_for_every_game(name):
    e = hexplay.game_entry(name)
    players = [RandomPlayer(s, seed=1) for s in e.info.sides]
    assert all(isinstance(p, GamePlayer) for p in players)
    g = play(e.new(seed=1), players)
    assert g.over


def test_play_stops_after_max_turns():
    g = RaceGame.new({"turn_limit": 30}, seed=0)
    play(g, [RandomPlayer("red", 0, p_stop=1.0), RandomPlayer("blue", 0, p_stop=1.0)], 2)
    assert g.turn == 3 and not g.over  # two turns resolved; the third's plots are open


def test_random_completion_fills_required_needs_only():
    choice = LegalOrder(
        "red",
        "fire",
        "R1",
        needs=(Need("target", "unit", ("B1", "B2")), Need("aim", "choice", ("a",), optional=True)),
    )
    rng = np.random.default_rng(0)
    seen = {random_completion(choice, rng).args["target"] for _ in range(30)}
    assert seen == {"B1", "B2"}
    assert "aim" not in random_completion(choice, rng).args
    empty = LegalOrder("red", "move", "R1", needs=(Need("hex", "hex", ()),))
    assert random_completion(empty, rng) is None


def test_unknown_player_name_is_refused():
    with pytest.raises(KeyError, match="no player"):
        hexplay.game_entry("toy-race").player("grandmaster", "red")
