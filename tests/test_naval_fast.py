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
