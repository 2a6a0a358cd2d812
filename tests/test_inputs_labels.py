"""Hypothesis: any value given as a hex is a hex of the map or the project's own error."""

from __future__ import annotations

import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hexplay.hexgrid import CCRRLabels, LabelError, LetterLabels
from hexplay.maps import MapError, load_map

#: Characters near the real ones: digits of other scripts, full-width forms, whitespace.
NEAR = "0123456789@ABCOUZaouz \t\n\r\x0b\x0c\u00a0\u2007０１２６９＠ＡＵ٠١٢۰۱߀०१"
LABEL_TEXT = st.text(alphabet=NEAR, max_size=6) | st.text(max_size=6)


@pytest.fixture(scope="module")
def maps():
    return load_map("skirmish"), load_map("aggressor")


@given(LABEL_TEXT)
@settings(max_examples=200, deadline=None)
def test_ccrr_parse_is_exact(text):
    try:
        col, row = CCRRLabels().parse(text)
    except LabelError as e:
        assert "CCRR" in str(e)
        return
    assert CCRRLabels().format(col, row) == text  # accepted = written back identically
    assert all(c in string.digits for c in text)


@given(LABEL_TEXT)
@settings(max_examples=200, deadline=None)
def test_letter_parse_is_exact(text):
    try:
        col, row = LetterLabels().parse(text)
    except LabelError as e:
        assert "letter" in str(e)
        return
    assert LetterLabels().format(col, row) == "@" + text.removeprefix("@").upper()
    assert text.isascii() and " " not in text


HEX_VALUES = (
    LABEL_TEXT
    | st.tuples(st.integers(-60, 60), st.integers(-60, 60))
    | st.lists(st.integers(-3, 40), max_size=3)
    | st.tuples(st.floats(allow_nan=True), st.integers())
    | st.none()
    | st.integers()
    | st.booleans()
    | st.dictionaries(st.text(max_size=2), st.integers(), max_size=2)
)


@given(HEX_VALUES)
@settings(max_examples=200, deadline=None)
def test_parse_hex_gives_a_map_hex_or_a_named_error(maps, value):
    for m in maps:
        try:
            h = m.parse_hex(value, "unit hex")
        except (LabelError, MapError) as e:
            assert str(e).startswith("unit hex: ")
            assert not m.contains(value)
            continue
        assert m.contains(value) and m.contains(h.label) and m.contains(h.hex)
        assert m.hex_labels[h.index] == h.label and m.hexes[h.index] == h.hex
        assert m.parse_hex(h.label) == h == m.parse_hex(h.hex)
