"""The SKIRMISH map's one bounded memo (``Terrain.memo``, written through ``Terrain.remember``)
holds the slope traces of fire, the routes and the adversary's set-up candidates: its bound
holds with them, and each value equals its plain computation."""

from __future__ import annotations

import inspect
from types import SimpleNamespace

import pytest

from hexplay.games.skirmish.setup import (
    _route_hexes,
    adversary_candidates,
    adversary_candidates_plain,
    route_hexes,
)
from hexplay.games.skirmish.terrain import Terrain, terrain_for
from hexplay.maps import load_map

LIMIT = inspect.signature(Terrain.remember).parameters["limit"].default


@pytest.fixture
def g():
    """A fresh map and its terrain (no other test's memo is touched)."""
    m = load_map("skirmish")
    return SimpleNamespace(map=m, terrain=terrain_for(m))


def _fill(memo: dict) -> None:
    """The memo filled to one past its bound, as a long batch leaves it."""
    memo.clear()
    memo.update({("filler", i): i for i in range(LIMIT + 1)})


def _slope_pairs(t: Terrain) -> list[tuple[str, str]]:
    """Pairs whose fire enters the target's hex across a slope hexside on a clear trace."""
    out = []
    for b in sorted(t._slope_hexes)[:12]:
        for a in t.labels:
            if 2 <= t.distance(a, b) <= 8 and t._slope_traces(a, b):
                out.append((a, b))
                break
    return out


def test_slope_traces_are_kept_in_the_bounded_memo(g):
    t = g.terrain
    pairs = _slope_pairs(t)
    assert len(pairs) >= 5  # the map's slopes give real traces to check
    for a, b in pairs:
        _fill(t.memo)
        got = t._slope_info(a, b)
        assert len(t.memo) <= LIMIT + 1 and ("filler", 0) not in t.memo  # emptied, then kept
        assert got == t._slope_traces(a, b) and got
        assert t.memo[("slope_traces", a, b)] is got
        assert t._slope_info(a, b) is got  # the second ask is the memo's answer
    assert not hasattr(t, "_slope_cache")  # no cache of its own beside the memo


def test_routes_are_kept_in_the_bounded_memo(g):
    t = g.terrain
    names = [n for n in sorted(g.map.places) if n.startswith("Route")]
    assert names
    for name in names:
        _fill(t.memo)
        got = route_hexes(g, name)
        assert len(t.memo) == 1  # emptied at the bound, then holds the route
        assert got == _route_hexes(g, name) and len(got) > 1
        assert route_hexes(g, name) is got


def test_adversary_candidates_are_kept_in_the_bounded_memo(g):
    t = g.terrain
    route = route_hexes(g, "Route 4")
    blk_cases = [frozenset(), frozenset({t.index[route[3]], t.index[route[6]]})]
    for amb in route[2:12:3]:
        for blk in blk_cases:
            _fill(t.memo)
            got = adversary_candidates(g, amb, blk)
            assert len(t.memo) == 1
            assert got == adversary_candidates_plain(g, amb, blk) and got
            assert adversary_candidates(g, amb, blk) is got


def test_the_bound_holds_while_the_memo_grows_past_it(g):
    t = g.terrain
    pairs = _slope_pairs(t)
    t.memo.clear()
    t.memo.update({("filler", i): i for i in range(LIMIT - 2)})
    for a, b in pairs:  # crosses the bound part of the way through
        t._slope_info(a, b)
        assert len(t.memo) <= LIMIT + 1
    assert ("filler", 0) not in t.memo and len(t.memo) < len(pairs)
