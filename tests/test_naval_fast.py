"""Naval fast paths against the plain versions they replace."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from hexplay.rules.naval.game import _SCALARS, _flat


def _flat_plain(a) -> bool:
    return all(
        type(v) in _SCALARS or (type(v) in (list, tuple) and all(type(x) is str for x in v))
        for v in a.values()
    )


_values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=False),
    st.text(max_size=3),
    st.lists(st.one_of(st.text(max_size=2), st.integers()), max_size=3),
    st.lists(st.text(max_size=2), max_size=3).map(tuple),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
)


@settings(max_examples=50, deadline=None)
@given(st.dictionaries(st.text(max_size=4), _values, max_size=5))
def test_flat_equals_plain(a):
    assert _flat(a) == _flat_plain(a)


def test_flat_cases():
    assert _flat({"steps": ("A", "L"), "speed": 3, "gunnery": "DD1", "radar": None})
    assert not _flat({"path": [1, 2]})
    assert not _flat({"x": {"a": 1}})


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 12), st.integers(0, 12), st.integers(-3, 15))
def test_speed_legal_equals_options(speed, top, v):
    from hexplay.rules.naval.movement import speed_legal, speed_options

    assert speed_legal(speed, top, v) == (v in speed_options(speed, top))


def test_torp_value2_equals_fraction_form():
    from fractions import Fraction

    from hexplay.ai.naval import _torp_value, _torp_value2

    for half in range(0, 40, 3):
        for speed in (0, 3, 7):
            for defense in (1, 2, 4):
                want = _torp_value(Fraction(half, 2), speed, defense) if half else 0.0
                assert _torp_value2(half, speed, defense) == want
                assert _torp_value2(half, speed, defense) == want  # memo hit
