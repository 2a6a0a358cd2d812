"""AMBUSH's fast paths against their plain versions (each a named function whose docstring
says what it equals), on all nine AMBUSH maps where they depend on the map."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hexplay.maps import load_map
from hexplay.rules.skirmish import cargo
from hexplay.rules.skirmish.terrain import terrain_for
from hexplay.rules.skirmish.terrain_effects import DENSITIES

KINDS = ("farmland", "hills", "mountains")
AMBUSH_MAPS = [f"ambush_{k}_{d}" for k in KINDS for d in DENSITIES]


def _on(name: str) -> SimpleNamespace:
    """What the cargo rules read of a game on map ``name``: its map and terrain tables."""
    m = load_map(name)
    return SimpleNamespace(map=m, terrain=terrain_for(m))


@pytest.mark.parametrize("name", AMBUSH_MAPS)
def test_edge_hexes_are_the_hexes_with_fewer_than_six_map_neighbours(name: str) -> None:
    g = _on(name)
    plain = {lab for lab in g.map.hex_labels if len(g.map.neighbors(lab)) < 6}
    assert cargo.edge_hexes(g) == plain and plain


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(AMBUSH_MAPS), st.data())
def test_nearest_edge_is_the_plain_version(name: str, data) -> None:
    g = _on(name)
    here = data.draw(st.sampled_from(sorted(g.terrain.hex_of)))
    got = cargo.nearest_edge(g, here)
    assert got == cargo.nearest_edge_plain(g, here)
    assert cargo.nearest_edge(g, here) == got  # the memo's answer, asked again
    assert got in cargo.edge_hexes(g)
