"""The strict JSON reader (hexplay.engine.jsonio): unit tests and hypothesis properties."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hexplay.maps.jsonio import (
    MAX_DEPTH,
    JSONInputError,
    load_path,
    loads,
    nesting_depth,
    read,
)

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda c: st.lists(c, max_size=4) | st.dictionaries(st.text(max_size=5), c, max_size=4),
    max_leaves=12,
)


@given(JSON)
@settings(max_examples=100, deadline=None)
def test_valid_json_reads_as_json_loads_does(value):
    text = json.dumps(value)
    assert loads(text) == json.loads(text)
    assert read(f"[{text}]") == [json.loads(text)]


JSONISH = st.text(alphabet='{}[]",:0123456789.eE+-tfnrulNaIy \n\\', max_size=40) | st.text(
    max_size=40
)


@given(JSONISH)
@settings(max_examples=300, deadline=None)
def test_any_text_parses_or_gives_a_json_input_error(text):
    try:
        value = loads(text)
    except JSONInputError as e:
        assert str(e)
        return
    assert json.loads(text) == value  # accepted text is valid JSON, read the same way


@given(JSONISH)
@settings(max_examples=150, deadline=None)
def test_read_never_raises_os_errors(text):
    try:
        read(text)
    except JSONInputError as e:
        assert str(e)  # OSError ("File name too long"), RecursionError... never escape


@given(st.integers(0, 300), st.sampled_from("[{"), st.text(alphabet='"[]{}\\a', max_size=8))
@settings(max_examples=60, deadline=None)
def test_nesting_depth_matches_a_plain_count(depth, opener, noise):
    closer = {"[": "]", "{": "}"}[opener]
    inner = json.dumps(noise)  # a string full of brackets does not count
    text = "".join(("[" if opener == "[" else '{"k":') for _ in range(depth)) + inner
    text += closer * depth
    assert nesting_depth(text) == depth
    if depth > MAX_DEPTH:
        with pytest.raises(JSONInputError, match="nested"):
            loads(text)
    else:
        assert loads(text) == json.loads(text)


def test_nesting_far_beyond_the_recursion_limit_is_a_clear_error():
    with pytest.raises(JSONInputError, match=r"nested 200000 deep \(at most 64\)"):
        loads("[" * 200_000 + "]" * 200_000)


@given(st.text(min_size=1, max_size=5), JSON, JSON)
@settings(max_examples=50, deadline=None)
def test_duplicate_keys_are_refused(key, a, b):
    text = "{" + f"{json.dumps(key)}: {json.dumps(a)}, {json.dumps(key)}: {json.dumps(b)}" + "}"
    with pytest.raises(JSONInputError, match="duplicate key"):
        loads(text)
    with pytest.raises(JSONInputError, match="duplicate key"):
        loads("[1, {" + f'"x": {{{json.dumps(key)}: 1, {json.dumps(key)}: 2}}' + "}]")


@pytest.mark.parametrize("text", ["NaN", "[Infinity]", '{"a": -Infinity}'])
def test_nan_and_infinity_are_not_json(text):
    with pytest.raises(JSONInputError, match="not JSON"):
        loads(text)


def test_nan_can_be_allowed_explicitly():
    assert math.isnan(loads("NaN", allow_nan=True))


def test_size_limit_and_bytes():
    with pytest.raises(JSONInputError, match="at most 10"):
        loads("[" + "1," * 20 + "1]", max_chars=10)
    assert loads(b'{"a": 1}') == {"a": 1}
    with pytest.raises(JSONInputError, match="not UTF-8"):
        loads(b'{"a": "\xff"}')
    with pytest.raises(JSONInputError, match="expected JSON text"):
        loads(5)  # type: ignore[arg-type]


def test_path_or_text(tmp_path):
    p = tmp_path / "x.json"
    p.write_text('{"a": [1, 2]}')
    assert read(p) == read(str(p)) == load_path(p) == {"a": [1, 2]}
    assert read("  \n" * 200 + '{"long": true}') == {"long": True}  # > 255 chars of text
    with pytest.raises(JSONInputError, match="invalid JSON"):
        read("x" * 5000 + "}")  # too long to be a file name: read as text
    with pytest.raises(JSONInputError, match="file does not exist"):
        read(str(tmp_path / "nope.json"))
    with pytest.raises(JSONInputError, match="file does not exist"):
        read(tmp_path / "nope")
    with pytest.raises(JSONInputError, match="is not a file"):
        read(tmp_path)
    with pytest.raises(JSONInputError, match="invalid JSON"):
        read("a" * 1000)  # not "File name too long"
    with pytest.raises(JSONInputError, match="no file named 'scenario' exists"):
        read("scenario")
    bad = tmp_path / "bad.json"
    bad.write_text('{"a": 1,\n "a": 2}')
    with pytest.raises(JSONInputError, match=r"bad\.json: duplicate key 'a'"):
        read(bad)
