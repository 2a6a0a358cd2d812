"""The SKIRMISH terrain layer's shot memo keys: vehicles that cannot matter are left out."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from hexplay.games.skirmish.terrain import terrain_for
from hexplay.maps import load_map

TERRAIN = terrain_for(load_map("skirmish"))
LABELS = TERRAIN.labels


@st.composite
def shots(draw):
    """A firer's and a target's hexes within rifle range, and vehicle hexes: some on the
    hexes that can block this fire, some anywhere."""
    a = draw(st.sampled_from(LABELS))
    near = [b for b in LABELS if TERRAIN.distance(a, b) <= 12]
    b = draw(st.sampled_from(near))
    between = sorted(TERRAIN._fire_hexes_of(a, b))
    on = draw(st.lists(st.sampled_from(between), max_size=3)) if between else []
    anywhere = draw(st.lists(st.integers(0, len(LABELS) - 1), max_size=3))
    return a, b, frozenset(on + anywhere)


@settings(max_examples=300, deadline=None)
@given(shots())
def test_fire_blockers_keep_every_answer_that_depends_on_vehicles(shot):
    a, b, blockers = shot
    kept = TERRAIN.fire_blockers(a, b, blockers)
    assert kept <= blockers
    assert TERRAIN.sees(a, b, kept) == TERRAIN.sees(a, b, blockers)
    assert TERRAIN.fire_crosses_slope(a, b, kept) == TERRAIN.fire_crosses_slope(a, b, blockers)
    # what is left out can block nothing: any of those hexes alone changes neither answer
    for h in blockers - kept:
        alone = frozenset([h])
        assert TERRAIN.sees(a, b, alone) == TERRAIN.sees(a, b, frozenset())
        assert TERRAIN.fire_crosses_slope(a, b, alone) == TERRAIN.fire_crosses_slope(
            a, b, frozenset()
        )


def test_a_vehicle_on_the_line_is_kept_one_off_it_is_not():
    # worked-example hexes: A at 0620 fires at X in 1324; a vehicle in 1022 would block it
    on, off = TERRAIN.index["1022"], TERRAIN.index["2928"]
    assert TERRAIN.sees("0620", "1324", frozenset())
    assert not TERRAIN.sees("0620", "1324", frozenset([on]))
    assert TERRAIN.fire_blockers("0620", "1324", frozenset([on, off])) == frozenset([on])
    assert TERRAIN.fire_blockers("0620", "1324", frozenset([off])) == frozenset()
