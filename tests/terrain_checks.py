"""Checks of the SKIRMISH terrain's fast paths shared by the SKIRMISH and AMBUSH map tests
(a plain module, not a test module: importing it while a hypothesis test runs defines no
``@given`` test, which hypothesis refuses as nesting)."""

from __future__ import annotations

import gc

from hypothesis import strategies as st

from hexplay.games.skirmish.terrain import terrain_for
from hexplay.maps import load_map


def check_settle(name: str, lim: int, scale: int, data) -> None:
    """_settle from a start drawn on map ``name`` = _settle_plain (uncached)."""
    t = terrain_for(load_map(name))
    start = data.draw(st.sampled_from(sorted(t.hex_of)))
    t._settled.clear()
    order, cost, prev = t._settle(start, lim, scale)
    p_order, p_cost, p_prev = t._settle_plain(start, lim, scale)
    assert list(order) == p_order and list(cost) == p_cost
    assert [prev[k] for k in order] == [p_prev[k] for k in p_order]
    # what is kept holds ints only, so the collector stops tracking it (a long-lived table
    # server's full collections do not walk the cache; tuples go in one pass, dicts in the next)
    gc.collect()
    gc.collect()
    assert not any(gc.is_tracked(x) for x in t._settled[(start, lim, scale)])
