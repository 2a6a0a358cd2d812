"""Naval fast paths against the plain versions they replace."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from hexplay.games.naval.game import _SCALARS, _flat


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
    from hexplay.games.naval.movement import speed_legal, speed_options

    assert speed_legal(speed, top, v) == (v in speed_options(speed, top))


def test_torp_value2_equals_fraction_form():
    from fractions import Fraction

    from hexplay.games.naval.ai.players import _torp_value, _torp_value2

    for half in range(0, 40, 3):
        for speed in (0, 3, 7):
            for defense in (1, 2, 4):
                want = _torp_value(Fraction(half, 2), speed, defense) if half else 0.0
                assert _torp_value2(half, speed, defense) == want
                assert _torp_value2(half, speed, defense) == want  # memo hit


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 60), st.integers(0, 60))
def test_level_memo_equals_level(ijn, usn):
    from hexplay.games.naval.scenarios import LEVELS_11
    from hexplay.games.naval.victory import level, level_memo

    assert level_memo(ijn, usn, list(LEVELS_11)) == level(ijn, usn, LEVELS_11)


def test_ship_entry_equals_plain():
    """Every counter of every view of a seeded game equals the plain entry, key order too,
    and no two views share a list."""
    from hexplay.games.naval import NavalGame
    from hexplay.games.naval.ai.players import NavalScripted
    from hexplay.games.naval.views import ship_entry, ship_entry_plain

    g = NavalGame.new("kula_gulf", seed=3)
    players = {s: NavalScripted(s, 3) for s in ("ijn", "usn")}
    n = 0
    while not g.over:
        for s in g.ships.values():
            why = g.spotting_status(s.id)
            fast, plain = ship_entry(g, s, why), ship_entry_plain(g, s, why)
            assert fast == plain and list(fast) == list(plain)
            again = ship_entry(g, s, None)
            assert again["gun_range"] is not fast["gun_range"]
            n += 1
        for side in g.to_act():
            players[side].act(g)
        g.advance()
    assert n > 50
