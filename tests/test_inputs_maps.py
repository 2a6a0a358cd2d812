"""Hypothesis: malformed maps (text, JSON, the save form) give a MapError naming the line or
the field, never a bare exception (issue 11, "a property test per loader")."""

from __future__ import annotations

import json
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hexplay.maps import (
    Map,
    MapError,
    load_map,
    map_from_dict,
    map_from_json,
    map_to_dict,
    map_to_json,
    read_map_text,
    write_map_text,
)

SETTINGS = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])

SMALL = """\
name: small
size: 4 x 3
labels: ccrr
terrain: . = open, T = trees
grid:
01 ..T.
02 .TT.
03 ....
elevation:
01 0012
02 0 1 2 3
03 0011
hexsides slope:
0101/0102 0201 N
road R:
0101 0102 0103
place p: 0403 0401..0302
roads:
0301/0302
sight:
blocking terrain = trees
blocking hexsides = slope
combine = both
"""

#: Tokens a careless or hostile editor might put anywhere in a line.
TOKENS = st.sampled_from(
    [
        ":", "#", "|", "=", ",", "/", "..", "@", " ", "\t", "\u00a0", "０", "65537",
        "-9223372036854775808", "99999999999999999999", "NaN", "x", "T", ".", "0101", "0909",
        "0000", " 0101 ", "N", "UP", "size:", "grid:", "sight:", "place q:", "road r:",
        "hexsides slope:", "combine = either", "max range = -1", "blocking terrain = lava",
    ]
)  # fmt: skip
EDITS = st.lists(
    st.tuples(
        st.sampled_from(["insert", "replace", "delete", "duplicate", "swap"]),
        st.integers(0, 10_000),
        st.integers(0, 10_000),
        TOKENS | st.text(max_size=3),
    ),
    min_size=1,
    max_size=5,
)

#: A text-format error names its line, or says which required section is missing.
TEXT_ERROR = re.compile(r"(^|: )line \d+: |^missing '")


def mangle(lines: list[str], edits) -> str:
    lines = list(lines)
    for op, i, j, tok in edits:
        if not lines:
            lines = [""]
        i %= len(lines)
        if op == "insert":
            k = j % (len(lines[i]) + 1)
            lines[i] = lines[i][:k] + tok + lines[i][k:]
        elif op == "replace":
            k = j % (len(lines[i]) + 1)
            lines[i] = lines[i][:k] + tok + lines[i][k + len(tok) :]
        elif op == "delete":
            del lines[i]
        elif op == "duplicate":
            lines.insert(i, lines[i])
        else:
            k = j % len(lines)
            lines[i], lines[k] = lines[k], lines[i]
    return "\n".join(lines)


def test_the_fixture_is_valid():
    m = read_map_text(SMALL)
    assert m.sight_model is not None and m.elevation is not None and m.roads


@given(EDITS)
@SETTINGS
def test_mangled_map_text_gives_a_map_or_a_map_error_naming_the_line(edits):
    text = mangle(SMALL.split("\n"), edits)
    try:
        m = read_map_text(text)
    except MapError as e:
        assert TEXT_ERROR.search(str(e)), str(e)
        assert "cannot read map" not in str(e)  # the catch-all for reader bugs never fires
        return
    assert isinstance(m, Map)
    assert read_map_text(write_map_text(m)).equals(m)  # what loads is a whole, valid map


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.sampled_from([65537, -(2**63), 2**64, -1, 0, 1, 2, 1.5, float("nan"), 1e308])
    | st.integers(-3, 40)
    | st.sampled_from(["0101", " 0101", "0909", "0101/0103", "0101 N", "trees", "", "NaN"]),
    lambda c: st.lists(c, max_size=4) | st.dictionaries(st.text(max_size=4), c, max_size=3),
    max_leaves=8,
)


def mutate(data: object, draw) -> object:
    """Replace, delete or add one entry somewhere inside ``data`` (a JSON tree)."""
    node = data
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            return data
        k = draw(st.sampled_from(keys))
        child = node[k]
        if isinstance(child, (dict, list)) and child and draw(st.booleans()):
            node = child
            continue
        op = draw(st.sampled_from(["replace", "delete", "add"]))
        if op == "replace":
            node[k] = draw(JSON_VALUES)
        elif op == "delete":
            del node[k]
        elif isinstance(node, dict):
            node[draw(st.sampled_from(["extra", "sight", "elevation", "cols"]))] = draw(JSON_VALUES)
        else:
            node.append(draw(JSON_VALUES))
        return data


#: A JSON-format error starts with the field path (``terrain[1][2]: ...``, ``(top level): ``).
JSON_FIELD = re.compile(r"^(\(top level\)|[A-Za-z_]+)(\.[A-Za-z_]+|\[(\d+|\"[^\n]*\")\])*: ")


@given(st.data())
@SETTINGS
def test_mangled_map_json_gives_a_map_or_a_map_error_naming_the_field(data):
    d = mutate(map_to_json(read_map_text(SMALL)), data.draw)
    for _ in range(data.draw(st.integers(0, 2))):
        d = mutate(d, data.draw)
    try:
        m = map_from_json(d)
    except MapError as e:
        assert JSON_FIELD.match(str(e)), str(e)
        assert "cannot read map" not in str(e)
        return
    assert map_from_json(map_to_json(m)).equals(m)


@given(st.data())
@SETTINGS
def test_mangled_save_form_gives_a_map_or_a_map_error_naming_the_field(data):
    d = mutate(map_to_dict(read_map_text(SMALL), sight=True), data.draw)
    d = mutate(d, data.draw)
    try:
        m = map_from_dict(d)
    except MapError as e:
        assert str(e).startswith("map"), str(e)
        assert re.match(r"^map[.:]", str(e)), str(e)
        return
    assert map_from_dict(map_to_dict(m, sight=True)).equals(m)


@given(st.binary(max_size=200) | st.text(max_size=200).map(str.encode))
@settings(max_examples=30, deadline=None)
def test_map_files_of_any_bytes_give_a_map_error(tmp_path_factory, content):
    d = tmp_path_factory.mktemp("maps")
    for name in ("m.json", "m.txt"):
        p = d / name
        p.write_bytes(content)
        try:
            load_map(p)
        except MapError as e:
            assert str(e).startswith(str(p)), str(e)


def test_json_map_files_are_read_strictly(tmp_path):
    p = tmp_path / "dup.json"
    text = json.dumps(map_to_json(read_map_text(SMALL)))
    p.write_text(text.replace('"name": "small"', '"name": "small", "name": "other"'))
    try:
        load_map(p)
    except MapError as e:
        assert "duplicate key 'name'" in str(e)
    else:
        raise AssertionError("a duplicate key was accepted")
