"""hexgrid.lines' supercover walk: the fast path (``_segment``, behind ``segment_offsets``)
against the plain geometric walk (``_segment_plain``) on every offset within 40 hexes."""

from __future__ import annotations

from hexplay.hexgrid import distance
from hexplay.hexgrid.lines import _segment, _segment_plain, segment_offsets

R = 40


def test_the_fast_walk_equals_the_plain_walk_on_every_offset() -> None:
    for dq in range(-R, R + 1):
        for dr in range(-R, R + 1):
            for sign in (1, -1):
                assert _segment(dq, dr, sign) == _segment_plain(dq, dr, sign), (dq, dr, sign)


def test_the_walk_is_a_contiguous_path_from_the_start_to_the_end() -> None:
    for dq, dr in ((0, 0), (1, 0), (5, -3), (-12, 30), (35, -20), (0, -40)):
        path = segment_offsets(dq, dr, 1)
        assert path[0] == (0, 0) and path[-1] == (dq, dr)
        assert all(distance(a, b) == 1 for a, b in zip(path, path[1:]))
        assert len(path) >= distance((0, 0), (dq, dr)) + 1
