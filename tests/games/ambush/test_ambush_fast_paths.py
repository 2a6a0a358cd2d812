"""AMBUSH's fast paths against their plain versions (each a named function whose docstring
says what it equals), on all nine AMBUSH maps where they depend on the map."""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hexplay.games.ambush.game import AmbushGame
from hexplay.games.skirmish import cargo, radio
from hexplay.games.skirmish.terrain import terrain_for
from hexplay.games.skirmish.terrain_effects import DENSITIES
from hexplay.maps import load_map

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


def test_call_cost_is_the_radio_tables_ap_doubled_for_a_wounded_man() -> None:
    g = AmbushGame.new("close_escort", seed=0)
    table = g.ambush_tables.call_ap
    men = [m for m in g.men.values() if m.side == "defender"]
    for m in men[:2]:
        for wounds in (0, 1):
            m.wounds = wounds
            for to in (radio.CENTRE, *g.scenario.escorts):
                plain = Fraction(table[radio.link_of(to)]) * (2 if wounds else 1)
                assert radio.call_cost(g, m.id, to) == plain
                assert type(radio.call_cost(g, m.id, to)) is Fraction


@settings(max_examples=50, deadline=None)
@given(st.sampled_from(AMBUSH_MAPS), st.integers(0, 12), st.integers(1, 3), st.data())
def test_toward_a_near_goal_is_the_plain_version(name: str, budget: int, scale: int, data) -> None:
    """toward = toward_plain (reach's whole table) where ties are many: goals a few hexes
    away, often within reach (the players' usual case: the transporter, a foe)."""
    t = terrain_for(load_map(name))
    labels = sorted(t.hex_of)
    start = data.draw(st.sampled_from(labels))
    near = sorted(lab for lab in labels if t.distance(start, lab) <= 6)
    goal = data.draw(st.sampled_from(near))
    assert t.toward(start, goal, budget, scale) == t.toward_plain(start, goal, budget, scale)
