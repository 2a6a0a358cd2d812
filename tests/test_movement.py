"""Movement: costs by terrain and hexside, Dijkstra reachability, path costs."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hexplay.hexgrid import OffsetLayout, distance, hexside_between
from hexplay.maps import Map
from hexplay.movement import Movement, MovementError, UniformCost


class TableLike:
    """A Table-VIII-like model: open 1, trees 2, +1 across a slope; vehicles only on roads."""

    def enter_cost(self, terrain, features, road, mover, road_hex=False):
        if mover == "vehicle":
            return Fraction(1, 6) if road else None
        return {"open": 1, "trees": 2}[terrain] + (1 if "slope" in features else 0)


def small_map():
    layout = OffsetLayout(6, 6)
    t = np.zeros((6, 6), dtype=int)
    t[2, :] = 1  # column 3 is woods
    m0 = Map("m", layout, ("open", "trees"), t)
    slope = frozenset({hexside_between(m0.hex("0101"), m0.hex("0102"))})
    road_path = [m0.hex(f"05{r:02d}") for r in range(1, 7)]
    roads = frozenset(hexside_between(a, b) for a, b in zip(road_path, road_path[1:]))
    return Map("m", layout, ("open", "trees"), t, {"slope": slope}, roads, {"road": road_path})


def test_step_and_path_costs():
    m = small_map()
    mv = Movement(m, TableLike())
    assert mv.step_cost("0101", "0102") == 2  # open across a slope
    assert mv.step_cost("0201", "0301") == 2  # into trees
    assert mv.path_cost(["0201", "0301", "0401"]) == 3
    with pytest.raises(MovementError, match="not adjacent"):
        mv.path_cost(["0101", "0103"])


def test_vehicles_only_on_roads_at_one_sixth():
    m = small_map()
    car = Movement(m, TableLike(), "vehicle")
    assert car.denominator == 6
    assert car.path_cost([f"05{r:02d}" for r in range(1, 7)]) == Fraction(5, 6)
    with pytest.raises(MovementError, match="cannot move"):
        car.path_cost(["0501", "0401"])
    reach = car.reachable("0501", Fraction(1, 2))
    assert set(reach.costs()) == {"0501", "0502", "0503", "0504"}
    assert reach.cost("0504") == Fraction(1, 2)


def test_reachability_budget_and_cheapest_path():
    m = small_map()
    mv = Movement(m, TableLike())
    reach = mv.reachable("0201", 3)
    costs = reach.costs()
    assert costs["0201"] == 0
    assert all(c <= 3 for c in costs.values())
    path = reach.path_to("0401")
    assert mv.path_cost(path) == costs["0401"]
    with pytest.raises(MovementError):
        reach.path_to("0606")
    p, c = mv.cheapest_path("0101", "0606")
    assert p[0] == m.hex("0101") and p[-1] == m.hex("0606") and c == mv.path_cost(p)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 8))
def test_uniform_costs_equal_distance(seed, budget):
    m = Map("u", OffsetLayout(9, 9), ("open",), np.zeros((9, 9)))
    start = m.hexes[seed % m.size]
    reach = Movement(m, UniformCost()).reachable(start, budget)
    for i, h in enumerate(m.hexes):
        d = distance(start, h)
        assert bool(reach.reachable[i]) == (d <= budget)
        if d <= budget:
            assert reach.cost(h) == d
