"""Fast paths behind the boards' overlays equal their plain versions."""

from __future__ import annotations

from fractions import Fraction

import pytest

from hexplay.games.skirmish.terrain import terrain_for
from hexplay.maps import load_map


@pytest.mark.parametrize("start", ["0620", "1520", "1022", "0101"])
@pytest.mark.parametrize("budget", [Fraction(10), Fraction(7, 2), Fraction(1, 6), Fraction(0)])
def test_reach_float_costs_equal_the_fraction_costs(start, budget):
    m = load_map("skirmish")
    if not m.contains(start):
        pytest.skip(f"{start} is not on the map")
    r = terrain_for(m).reachable(start, budget)
    plain = {k: float(v) for k, v in r.costs().items()}
    fast = r.float_costs()
    assert fast == plain and list(fast) == list(plain)
    assert all(type(v) is float for v in fast.values())
    assert len(plain) >= 1  # the start hex at least
