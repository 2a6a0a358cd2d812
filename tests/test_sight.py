"""Line of sight: blocking models, nudged traces, symmetry, vectorized visibility."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hexplay.hexgrid import Hex, OffsetLayout, hexside_between, hexside_of
from hexplay.maps import Map, MapError
from hexplay.sight import OPEN_SIGHT, BlockingModel

TREES = BlockingModel(frozenset({"trees"}), frozenset({"slope"}))
STRICT = BlockingModel(frozenset({"trees"}), frozenset({"slope"}), combine="either")


def make_map(cols=8, rows=8, trees=(), slopes=(), name="t") -> Map:
    layout = OffsetLayout(cols, rows)
    t = np.zeros((cols, rows), dtype=int)
    m0 = Map(name, layout, ("open", "trees"), t)
    for lab in trees:
        c, r = layout.to_offset(m0.hex(lab))
        t[c - 1, r - 1] = 1
    sides = frozenset(hexside_between(m0.hex(a), m0.hex(b)) for a, b in slopes)
    return Map(name, layout, ("open", "trees"), t, {"slope": sides})


def test_open_map_everything_visible():
    m = make_map()
    assert m.los("0101", "0808", OPEN_SIGHT).clear
    assert m.visibility_matrix(OPEN_SIGHT).all()


def test_los_without_any_sight_model_is_refused_not_silently_clear():
    m = make_map(trees=["0302"])
    for call in (
        lambda: m.los("0102", "0502"),
        lambda: m.visible_from("0102"),
        lambda: m.visibility_matrix(),
    ):
        with pytest.raises(MapError, match="no sight model"):
            call()


def test_a_map_carrying_its_sight_model_uses_it_by_default():
    m0 = make_map(trees=["0302"])
    m = Map(m0.name, m0.layout, m0.terrain_names, m0.terrain, sight_model=TREES)
    assert not m.los("0102", "0502").clear
    assert m.los("0102", "0502", OPEN_SIGHT).clear  # an explicit model still wins
    assert (m.visibility_matrix() == m0.visibility_matrix(TREES)).all()


def test_bundled_skirmish_map_knows_skirmish_sight():
    from hexplay.games.skirmish.sight import SKIRMISH_SIGHT
    from hexplay.maps import load_map

    m = load_map("skirmish")
    assert m.sight_model == SKIRMISH_SIGHT
    tr = m.los("0620", "1624")  # issue 10: said clear with no model given
    assert not tr.clear
    assert str(tr.blocked_by[0]) == "slope hexside at 1423/1524"
    assert tr.clear == m.los("0620", "1624", SKIRMISH_SIGHT).clear
    assert load_map("aggressor").sight_model is None  # AGGRESSOR has no line-of-sight rules


def test_a_sight_model_naming_unknown_terrain_is_refused():
    m0 = make_map()
    typo = BlockingModel(frozenset({"tree"}))
    with pytest.raises(MapError, match="sight: blocking terrain"):
        Map(m0.name, m0.layout, m0.terrain_names, m0.terrain, sight_model=typo)


@pytest.mark.parametrize(
    "kw",
    [
        {"combine": "neither"},
        {"max_range": -1},
        {"max_range": 2.5},
        {"exempt_end_hexes": "no"},
        {"blocking_terrain": "trees"},
        {"blocking_hexsides": [1]},
    ],
)
def test_blocking_model_fields_are_checked(kw):
    with pytest.raises(ValueError):
        BlockingModel(**kw)


def test_trees_block_past_but_not_into():
    m = make_map(trees=["0302"])
    tr = m.los("0102", "0502", TREES)
    assert not tr.clear
    assert tr.blocked_by[0].where == "0302" and tr.blocked_by[0].what == "trees"
    assert m.los("0102", "0302", TREES).clear  # can see into the woods
    assert m.los("0302", "0102", TREES).clear  # and out of them
    assert tr.hexes[0] == "0102" and tr.hexes[-1] == "0502"


def test_slope_hexside_blocks_unless_it_is_a_side_of_an_end_hex():
    m = make_map(slopes=[("0302", "0402")])
    assert m.los("0302", "0502", TREES).clear  # observer's own side
    assert m.los("0102", "0402", TREES).clear  # target's own side: entered across the slope
    assert m.los("0102", "0402", TREES).hexsides[-1] == m.hexside("0302", "0402")
    blocked = m.los("0202", "0502", TREES)
    assert not blocked.clear
    assert blocked.blocked_by[0].kind == "hexside"
    strict_ends = BlockingModel(frozenset(), frozenset({"slope"}), exempt_end_hexsides=False)
    assert not m.los("0302", "0402", strict_ends).clear
    assert m.los("0302", "0402", TREES).clear


def test_units_block_as_dynamic_blockers():
    m = make_map()
    assert m.los("0102", "0502", OPEN_SIGHT).clear
    tr = m.los("0102", "0502", TREES, blockers=["0302"])
    assert not tr.clear and tr.blocked_by[0].kind == "unit"
    assert m.los("0102", "0302", TREES, blockers=["0302"]).clear  # see into a vehicle's hex
    vm = m.visibility_matrix(TREES, blockers=["0302"])
    assert not vm[m.index("0102"), m.index("0502")]


def along_side_map(first_blocked: bool, second_blocked: bool) -> tuple[Map, Hex, Hex]:
    """A line along a hexside: from a to a + (2, -1) between the hexes a+(1,-1) and a+(1,0)."""
    layout = OffsetLayout(8, 8)
    a = layout.to_hex(2, 4)
    b = Hex(a.q + 2, a.r - 1)
    trees = []
    if first_blocked:
        trees.append(Hex(a.q + 1, a.r - 1))
    if second_blocked:
        trees.append(Hex(a.q + 1, a.r))
    m0 = make_map()
    return make_map(trees=[m0.label(x) for x in trees]), a, b


@pytest.mark.parametrize(
    "first,second,both_rule,either_rule",
    [(False, False, True, True), (True, False, True, False), (True, True, False, False)],
)
def test_line_along_hexside(first, second, both_rule, either_rule):
    m, a, b = along_side_map(first, second)
    tr = m.los(a, b, TREES)
    assert tr.ambiguous
    assert tr.clear is both_rule
    assert m.los(b, a, TREES).clear is both_rule
    assert m.los(a, b, STRICT).clear is either_rule
    assert m.los(b, a, STRICT).clear is either_rule


def test_line_along_a_slope_hexside():
    # the line from a to a+(2,-1) runs along the side between a+(1,-1) and a+(1,0): it
    # touches that side's ends but never crosses it, so the side itself cannot block
    layout = OffsetLayout(8, 8)
    a = layout.to_hex(2, 4)
    side = hexside_between(Hex(a.q + 1, a.r - 1), Hex(a.q + 1, a.r))
    m = Map("t", layout, ("open",), np.zeros((8, 8)), {"slope": frozenset({side})})
    assert m.los(a, Hex(a.q + 2, a.r - 1), TREES).clear


def test_line_through_a_vertex():
    layout = OffsetLayout(10, 10)
    a = layout.to_hex(2, 5)
    b = Hex(a.q + 4, a.r + 1)
    m0 = make_map(10, 10)
    p, q = m0.los(a, b, TREES).traces
    only_p = [x for x in p.hexes if x not in q.hexes]
    only_q = [x for x in q.hexes if x not in p.hexes]
    assert len(only_p) == len(only_q) == 1
    m1 = make_map(10, 10, trees=[m0.label(only_p[0])])
    assert m1.los(a, b, TREES).clear and m1.los(b, a, TREES).clear
    assert not m1.los(a, b, STRICT).clear and not m1.los(b, a, STRICT).clear
    m2 = make_map(10, 10, trees=[m0.label(only_p[0]), m0.label(only_q[0])])
    assert not m2.los(a, b, TREES).clear and not m2.los(b, a, TREES).clear


def test_max_range_and_off_map_errors():
    m = make_map()
    short = BlockingModel(max_range=3)
    assert m.los("0101", "0104", short).clear
    assert not m.los("0101", "0105", short).clear
    assert m.los("0101", "0105", short).out_of_range
    with pytest.raises(MapError):
        m.los("0101", "0909")


def test_trace_to_dict_is_plain_json():
    import json

    m = make_map(trees=["0302"])
    d = m.los("0102", "0502", TREES).to_dict()
    assert json.loads(json.dumps(d)) == d
    assert d["blocked_by"][0] == {"kind": "hex", "where": "0302", "what": "trees"}


@st.composite
def random_maps(draw):
    cols = draw(st.integers(2, 9))
    rows = draw(st.integers(2, 9))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    layout = OffsetLayout(cols, rows)
    t = (rng.random((cols, rows)) < draw(st.floats(0, 0.5))).astype(int)
    p = draw(st.floats(0, 0.3))
    sides = {hexside_of(h, d) for h in layout.hexes() for d in range(6) if rng.random() < p / 2}
    return Map("r", layout, ("open", "trees"), t, {"slope": frozenset(sides)})


@settings(max_examples=40, deadline=None)
@given(random_maps(), st.sampled_from([TREES, STRICT]), st.integers(0, 10**6))
def test_symmetry_and_matrix_equals_single_traces(m, model, k):
    n = m.size
    blockers = [m.hexes[k % n]] if k % 3 == 0 else []
    vm = m.visibility_matrix(model, blockers=blockers)
    assert (vm == vm.T).all()
    assert vm.diagonal().all()
    for i in range(n):
        for j in range(n):
            tr = m.los(m.hexes[i], m.hexes[j], model, blockers)
            assert tr.clear == vm[i, j], (m.hex_labels[i], m.hex_labels[j])
    i = k % n
    assert (m.sight(model).visible_from(m.hexes[i], blockers=blockers) == vm[i]).all()


@settings(max_examples=20, deadline=None)
@given(random_maps(), st.integers(0, 10**6), st.integers(0, 6))
def test_visible_from_with_range(m, k, rng_):
    a = m.hexes[k % m.size]
    labels = set(m.visible_from(a, TREES, max_range=rng_))
    for lab in m.hex_labels:
        expect = m.distance(a, lab) <= rng_ and m.los(a, lab, TREES).clear
        assert (lab in labels) == expect


@pytest.mark.parametrize("bad", ["0909", " 0302", (40, 40), None])
def test_blockers_off_the_map_or_malformed_are_a_map_error(bad):
    m = make_map()
    with pytest.raises(MapError, match="^blocker: "):
        m.los("0102", "0502", TREES, blockers=[bad])
    with pytest.raises(MapError, match="^blocker: "):
        m.visibility_matrix(TREES, blockers=[bad])
