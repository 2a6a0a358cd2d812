"""Hex geometry: distances, labels, lines, hexsides, pixels (unit and property tests)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from hexplay.hexgrid import (
    DIRECTIONS,
    CCRRLabels,
    Hex,
    LabelError,
    LetterLabels,
    OffsetLayout,
    PixelLayout,
    cube_round,
    distance,
    distances_from,
    hexside_between,
    hexside_of,
    is_ambiguous,
    line,
    lines,
    pairwise_distances,
    reflect_q,
    ring,
    rotate,
    segment,
    sides_crossed,
    sides_of,
    spiral,
    within,
)

SKIRMISH = OffsetLayout(30, 36)
CCRR = CCRRLabels()
coords = st.integers(-40, 40)
hexes = st.builds(Hex, coords, coords)


def h(label: str) -> Hex:
    return SKIRMISH.to_hex(*CCRR.parse(label))


@pytest.mark.parametrize(
    "a,b,d", [("0620", "1324", 7), ("0620", "1219", 6), ("1324", "1327", 3), ("1624", "1327", 4)]
)
def test_skirmish_worked_example_distances(a, b, d):
    assert distance(h(a), h(b)) == d


def test_opposite_shift_would_give_five():
    odd_low = OffsetLayout(30, 36, even_columns_low=False)
    a = odd_low.to_hex(*CCRR.parse("1624"))
    b = odd_low.to_hex(*CCRR.parse("1327"))
    assert distance(a, b) == 5


def test_even_columns_sit_lower():
    px = PixelLayout(flat=True, size=10)
    y1 = px.to_pixel(SKIRMISH.to_hex(1, 1))[1]
    y2 = px.to_pixel(SKIRMISH.to_hex(2, 1))[1]
    y3 = px.to_pixel(SKIRMISH.to_hex(3, 1))[1]
    assert y2 - y1 == pytest.approx(10 * math.sqrt(3) / 2)
    assert y3 == pytest.approx(y1)


def test_neighbours_of_odd_and_even_columns():
    # odd column 13: neighbours in columns 12/14 are rows r-1 and r; even column 14: r and r+1
    n13 = {CCRR.format(*SKIRMISH.to_offset(x)) for x in h("1324").neighbors()}
    assert n13 == {"1323", "1325", "1223", "1224", "1423", "1424"}
    n14 = {CCRR.format(*SKIRMISH.to_offset(x)) for x in h("1424").neighbors()}
    assert n14 == {"1423", "1425", "1324", "1325", "1524", "1525"}


@given(st.integers(1, 30), st.integers(1, 36))
def test_ccrr_label_round_trip(col, row):
    label = CCRR.format(col, row)
    assert len(label) == 4
    assert CCRR.parse(label) == (col, row)
    assert SKIRMISH.to_offset(SKIRMISH.to_hex(col, row)) == (col, row)


def test_letter_labels():
    lab = LetterLabels()
    assert lab.parse("@UO") == (21, 15)
    assert lab.parse("uo") == (21, 15)
    assert lab.format(21, 15) == "@UO"
    assert lab.format(1, 1) == "@AA"
    agg = OffsetLayout(21, 15)
    # AGGRESSOR: even columns (B, D, ...) half a hex lower, like SKIRMISH
    b = agg.to_hex(*lab.parse("@BA"))
    nbrs = {lab.format(*agg.to_offset(x)) for x in b.neighbors() if agg.contains(x)}
    assert nbrs == {"@AA", "@AB", "@BB", "@CA", "@CB"}


@pytest.mark.parametrize("bad", ["062", "06200", "ab12", "", "06 20"])
def test_bad_ccrr_labels(bad):
    with pytest.raises(LabelError):
        CCRR.parse(bad)


@pytest.mark.parametrize("bad", ["@U", "@1O", "UOO"])
def test_bad_letter_labels(bad):
    with pytest.raises(LabelError):
        LetterLabels().parse(bad)


@given(hexes, hexes)
def test_distance_symmetric_and_nonnegative(a, b):
    assert distance(a, b) == distance(b, a) >= 0
    assert (distance(a, b) == 0) == (a == b)


@given(hexes, hexes, hexes)
def test_triangle_inequality(a, b, c):
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(hexes)
def test_neighbours_at_distance_one(a):
    ns = a.neighbors()
    assert len(set(ns)) == 6
    assert all(distance(a, n) == 1 for n in ns)
    assert all(a.direction_to(n) == k for k, n in enumerate(ns))


@given(hexes, hexes)
def test_line_length_and_contiguity(a, b):
    for path in lines(a, b):
        assert len(path) == distance(a, b) + 1
        assert path[0] == a and path[-1] == b
        assert all(distance(x, y) == 1 for x, y in zip(path, path[1:]))


@given(hexes, hexes)
def test_segment_supercover(a, b):
    for sign in (1, -1):
        path = segment(a, b, sign)
        assert path[0] == a and path[-1] == b
        assert len(path) >= distance(a, b) + 1
        assert len(set(path)) == len(path)
        assert all(distance(x, y) == 1 for x, y in zip(path, path[1:]))
        # the same segment walked backwards (both ends get the same nudge)
        assert segment(b, a, sign) == path[::-1]


def test_segment_enters_each_hex_it_lists():
    """Midpoints of the parameter intervals found by fine sampling lie in the listed hexes."""
    for dq, dr in [(-14, 1), (4, 1), (7, -3), (2, -1), (5, 5)]:
        for sign in (1, -1):
            e = (1e-6 * sign, 2e-6 * sign)
            ts = np.linspace(0.0, 1.0, 20_001)
            seen = []
            for t in ts:
                x = cube_round(e[0] + dq * t, e[1] + dr * t)
                if not seen or seen[-1] != x:
                    seen.append(x)
            path = segment((0, 0), (dq, dr), sign)
            assert set(seen) <= set(path)
            assert [x for x in path if x in set(seen)] == seen


def test_lines_along_hexsides_and_through_vertices_have_two_traces():
    a = Hex(0, 0)
    along = Hex(2, -1)  # runs along the side between (1,-1) and (1,0)
    p, m = segment(a, along, 1), segment(a, along, -1)
    assert {p[1], m[1]} == {Hex(1, -1), Hex(1, 0)}
    assert is_ambiguous(a, along)
    vertex = Hex(4, 1)  # passes exactly through a vertex, not along a side
    p, m = segment(a, vertex, 1), segment(a, vertex, -1)
    assert p != m and len(set(p) ^ set(m)) == 2
    assert not is_ambiguous(a, Hex(3, 0))


@given(hexes, st.integers(0, 5))
def test_hexside_canonical(a, d):
    b = a.neighbor(d)
    s = hexside_between(a, b)
    assert s == hexside_between(b, a) == hexside_of(a, d) == hexside_of(b, (d + 3) % 6)
    assert set(s.hexes()) == {a, b}
    assert s.d in (0, 1, 2)


def test_each_hex_has_six_distinct_sides_and_shared_sides_match():
    a = Hex(3, -2)
    sides = sides_of(a)
    assert len(set(sides)) == 6
    for d, n in enumerate(DIRECTIONS):
        assert sides[d] in sides_of(a + n)
    path = line(Hex(0, 0), Hex(3, 0))
    assert sides_crossed(path) == [hexside_between(x, y) for x, y in zip(path, path[1:])]


def test_not_adjacent():
    with pytest.raises(ValueError, match="not adjacent"):
        hexside_between(Hex(0, 0), Hex(2, 0))


@given(hexes, st.integers(0, 6))
def test_ring_and_range(c, radius):
    rg = ring(c, radius)
    assert len(rg) == (1 if radius == 0 else 6 * radius)
    assert all(distance(c, x) == radius for x in rg)
    w = within(c, radius)
    assert len(w) == 1 + 3 * radius * (radius + 1)
    assert set(w) == set(spiral(c, radius))


@given(hexes, st.integers(0, 12))
def test_rotation_and_reflection_preserve_distance(a, k):
    c = Hex(1, 2)
    assert distance(rotate(a, k, c), c) == distance(a, c)
    assert rotate(a, 6, c) == a
    assert rotate(Hex(0, -1), 1) == Hex(1, -1)  # N -> NE, clockwise
    assert reflect_q(reflect_q(a, c), c) == a
    assert distance(reflect_q(a, c), c) == distance(a, c)


@given(hexes, st.booleans(), st.floats(0.2, 0.9), st.floats(0, 2 * math.pi))
def test_pixel_round_trip(a, flat, frac, angle):
    px = PixelLayout(flat=flat, size=12.5, origin=(3.0, -7.0))
    x, y = px.to_pixel(a)
    assert px.to_hex(x, y) == a
    # any point well inside the hex (within the inscribed circle) maps back to it
    inner = 12.5 * math.sqrt(3) / 2 * frac
    assert px.to_hex(x + inner * math.cos(angle), y + inner * math.sin(angle)) == a


def test_corners_are_shared_between_neighbours():
    px = PixelLayout(flat=True, size=10)
    a = Hex(2, 3)
    for d in range(6):
        ca = px.corners(a)
        cb = px.corners(a.neighbor(d))
        side = {(round(x, 6), round(y, 6)) for x, y in (ca[d], ca[(d + 1) % 6])}
        other = {(round(x, 6), round(y, 6)) for x, y in cb}
        assert side <= other


@given(st.lists(hexes, min_size=1, max_size=30), hexes)
def test_batch_distances(hs, o):
    assert distances_from(o, hs).tolist() == [distance(o, x) for x in hs]
    m = pairwise_distances(hs)
    assert m.shape == (len(hs), len(hs))
    assert (m == m.T).all()
    assert m[0].tolist() == [distance(hs[0], x) for x in hs]


# --- labels are exact (issue 11, defect 1) --------------------------------------------------
@pytest.mark.parametrize(
    "bad",
    [" 0617 ", "0617\n", "0617 ", "\t0617", "０６１７", "06１7", "٠٦١٧", "0617\r", "+617", "06_7"],
)
def test_ccrr_labels_are_exact(bad):
    with pytest.raises(LabelError, match="CCRR"):
        CCRR.parse(bad)


@pytest.mark.parametrize("bad", [" @UO", "@UO\n", "UO ", "＠UO", "@ＵＯ", "@ÜO", "@@UO", "@U O"])
def test_letter_labels_are_exact(bad):
    with pytest.raises(LabelError, match="letter"):
        LetterLabels().parse(bad)


@pytest.mark.parametrize("bad", [617, None, b"0617", ["06", "17"], 6.17])
def test_labels_are_strings(bad):
    for style in (CCRR, LetterLabels()):
        with pytest.raises(LabelError):
            style.parse(bad)  # type: ignore[arg-type]
