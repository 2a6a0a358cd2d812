"""Starting a game checks its inputs at the edge, in every game alike: a seed is an integer
0..2**63-1 (not a string, a float, a bool or None read as one), a scenario is an object (or a
name, or None), and anything else is a ScenarioError naming the field, never a bare
TypeError/ValueError/AttributeError."""

from __future__ import annotations

import contextlib

import numpy as np
import pytest
from toy_games import shipped_games

import hexplay
from hexplay.engine import ScenarioError
from hexplay.engine.dice import MAX_SEED, Dice

GAMES = shipped_games()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", ["x", None, float("nan"), [1], "3", 1.5, True, -1, MAX_SEED + 1])
def test_a_bad_seed_is_refused(game, seed):
    with pytest.raises(ScenarioError, match="seed"):
        hexplay.new_game(game, seed=seed)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("scenario", [[1, 2], 5, True, 2.5])
def test_a_scenario_that_is_not_an_object_is_refused(game, scenario):
    with pytest.raises(ScenarioError, match="scenario"):
        hexplay.new_game(game, scenario=scenario)


def test_integer_seeds_of_any_integer_type_give_the_same_dice():
    a, b = Dice(MAX_SEED), Dice(np.int64(MAX_SEED))
    assert a.seed == b.seed == MAX_SEED
    assert [a.roll("t") for _ in range(5)] == [b.roll("t") for _ in range(5)]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("side", ["junk", None, [1], 5])
def test_a_view_of_no_side_is_an_illegal_order(game, side):
    from hexplay.engine import IllegalOrder

    g = hexplay.new_game(game, seed=1)
    with pytest.raises(IllegalOrder):
        g.view(side)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("unit", [["W01"], 5, {"id": 1}])
def test_legal_orders_of_a_junk_unit_is_an_illegal_order_or_nothing(game, unit):
    from hexplay.engine import IllegalOrder

    g = hexplay.new_game(game, seed=1)
    side = g.to_act()[0]
    with contextlib.suppress(IllegalOrder):
        assert g.legal_orders(side, unit) == []
